"""Call of the Haunted (Continuous Trap): target a monster in your GY and Special
Summon it in face-up Attack Position. The two are linked: if this card leaves the
field, that monster is destroyed; if that monster is destroyed, so is this card."""

from ygo.effects import (
    FU_ATK,
    GRAVE,
    Bind,
    Category,
    activate,
    can_special_summon,
    special_summon_target,
    targets,
)

CODE = 97077563
EFFECTS = (
    activate(
        special_summon_target(positions=(FU_ATK,), bind=True),
        text="Special Summon a monster from your GY",
        target=targets(can_special_summon, where=GRAVE, opp=False),
        bind=Bind.DIES_WITH_TARGET | Bind.TARGET_DIES_WITH_IT,
        category=Category.SPECIAL_SUMMON,
    ),
)
