"""Shining Angel (Effect monster): when it is destroyed by battle and sent to the
GY, its controller may Special Summon a LIGHT monster with 1500 or less ATK from
their Deck in face-up Attack Position ("when ... you can": it can miss its timing)."""

from ygo.core.enums import Attribute
from ygo.effects.lib import (
    DECK,
    FU_ATK,
    Category,
    EventKind,
    all_of,
    atk_at_most,
    attribute,
    can_special_summon,
    destroyed_by_battle,
    exists,
    special_summon_from,
    trigger,
)

CODE = 95956346
_LIGHT_1500 = all_of(can_special_summon, attribute(Attribute.LIGHT), atk_at_most(1500))
EFFECTS = (
    trigger(
        EventKind.MOVE,
        destroyed_by_battle,
        special_summon_from(DECK, _LIGHT_1500, positions=(FU_ATK,)),
        text="Special Summon a LIGHT monster with 1500 or less ATK from the Deck",
        when=True,
        condition=exists(DECK, _LIGHT_1500, zone=True),
        category=Category.SPECIAL_SUMMON,
    ),
)
