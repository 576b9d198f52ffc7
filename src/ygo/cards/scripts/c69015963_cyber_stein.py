"""Cyber-Stein (Effect monster): in its controller's Main Phase, pay 5000 LP to
Special Summon a Fusion monster from the Extra Deck in face-up Attack Position.
That is not a Fusion Summon: the monster is not properly summoned and cannot be
revived later (R-SUM-9), and a monster that must be Fusion Summoned cannot come
out this way (R-SUM-8)."""

from ygo.core.enums import CardType
from ygo.effects import (
    EXTRA,
    FU_ATK,
    Category,
    all_of,
    can_special_summon,
    exists,
    ignition,
    is_type,
    pay_lp,
    special_summon_from,
)

CODE = 69015963
_FUSION = all_of(is_type(CardType.FUSION), can_special_summon)

EFFECTS = (
    ignition(
        special_summon_from(EXTRA, _FUSION, positions=(FU_ATK,)),
        text="pay 5000 LP: Special Summon a Fusion monster",
        cost=(pay_lp(5000),),
        condition=exists(EXTRA, _FUSION, zone=True),
        category=Category.SPECIAL_SUMMON,
    ),
)
