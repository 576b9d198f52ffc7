"""Monster Reborn (Normal Spell): target a monster in either player's GY and
Special Summon it to your field, in face-up Attack or Defense Position.
A monster under the revival limit must have been properly summoned (R-SUM-8)."""

from ygo.effects import (
    GRAVE,
    Category,
    activate,
    can_special_summon,
    special_summon_target,
    targets,
)

CODE = 83764718
EFFECTS = (
    activate(
        special_summon_target(),
        text="Special Summon a monster from a GY",
        target=targets(can_special_summon, where=GRAVE),
        category=Category.SPECIAL_SUMMON,
    ),
)
