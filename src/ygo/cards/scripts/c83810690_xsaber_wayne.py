"""X-Saber Wayne (Synchro monster, Level 5, 2100/400): 1 Tuner + 1 or more
non-Tuners. When it is Synchro Summoned, its controller may Special Summon one
Level 4 or lower Warrior monster from their hand."""

from ygo.core.enums import Race
from ygo.effects import (
    HAND,
    Category,
    Ctx,
    EventKind,
    all_of,
    current_level,
    monster,
    race,
    special_summon_from,
    synchro_materials,
    synchro_summoned,
    trigger,
)

CODE = 83810690


def _level_4_or_lower(ctx: Ctx, uid: int) -> bool:
    return 0 < current_level(ctx, uid) <= 4


EFFECTS = (
    synchro_materials(),
    trigger(
        EventKind.SPECIAL_SUMMON,
        synchro_summoned,
        special_summon_from(HAND, all_of(monster, race(Race.WARRIOR), _level_4_or_lower)),
        text="Special Summon a Level 4 or lower Warrior from your hand",
        when=True,
        category=Category.SPECIAL_SUMMON,
    ),
)
