"""Queries: a card's current values in play.

Today these are the printed values ("?" counts as 0, R-MON-3); the effects
layer will apply continuous modifiers here, so every rule that needs a card's
ATK, DEF or Level asks this module rather than reading the card data.
"""

from __future__ import annotations

from ygo.core.enums import CardType
from ygo.core.state import State


def atk(st: State, uid: int) -> int:
    """Current ATK."""
    return st.data[uid].atk_value


def defense(st: State, uid: int) -> int:
    """Current DEF."""
    return st.data[uid].def_value


def tributes_needed(st: State, uid: int) -> int:
    """Tributes a Normal Summon or Set of this monster needs (R-SUM-2):
    Level 4 or lower none, 5 or 6 one, 7 or more two (R-TERM-7: "or lower" and
    "or more" include the number)."""
    lv = st.data[uid].level
    if lv <= 4:
        return 0
    if lv <= 6:
        return 1
    return 2


#: Monsters that cannot be Normal Summoned or Set: Extra Deck monsters, Ritual
#: monsters and monsters that must be Special Summoned (R-MON-1, R-SUM-5/6/8).
NOT_NORMAL_SUMMONABLE = CardType.EXTRA | CardType.RITUAL | CardType.SPECIAL_SUMMON | CardType.TOKEN
