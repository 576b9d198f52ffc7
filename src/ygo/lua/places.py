"""Where cards are, as ygopro-core's scripts name places: its LOCATION_* bits
(the Field Zone and Pendulum Zones are parts of LOCATION_SZONE there, places
of their own in ygo) and its order of the cards in a location."""

from __future__ import annotations

from ygo.core.ints import LOCATION_BANISHED as BANISHED
from ygo.core.ints import LOCATION_DECK as DECK
from ygo.core.ints import LOCATION_EXTRA as EXTRA
from ygo.core.ints import LOCATION_FZONE as FZONE
from ygo.core.ints import LOCATION_GRAVE as GRAVE
from ygo.core.ints import LOCATION_HAND as HAND
from ygo.core.ints import LOCATION_MZONE as MZONE
from ygo.core.ints import LOCATION_ONFIELD as ONFIELD
from ygo.core.ints import LOCATION_PZONE as PZONE
from ygo.core.ints import LOCATION_SZONE as SZONE
from ygo.core.ints import POS_ATTACK as ATTACK
from ygo.core.ints import POS_DEFENSE as DEFENSE
from ygo.core.ints import POS_FACEDOWN as FACEDOWN
from ygo.core.ints import POS_FACEUP as FACEUP
from ygo.core.ints import TYPE_MONSTER as MONSTER
from ygo.core.state import NONE, State

__all__ = [
    "ATTACK", "BANISHED", "DECK", "DEFENSE", "DONE", "EXTRA", "FACEDOWN", "FACEUP", "FZONE",
    "GRAVE", "HAND", "MONSTER", "MZONE", "ONFIELD", "PZONE", "SZONE", "matches", "order", "where",
]  # fmt: skip

DONE = -1

# ygopro-core's location bits as the scripts use them: the Field Zone and the
# Pendulum Zones are parts of LOCATION_SZONE there, places of their own in ygo.
LUA_FZONE = 0x100
LUA_PZONE = 0x200


def where(loc: int) -> int:
    """ygo's location of a card as ygopro-core's ``GetLocation`` reports it."""
    if loc in (FZONE, PZONE):
        return SZONE
    return loc


def matches(loc: int, seq: int, mask: int) -> bool:
    """Whether a card at ygo's ``loc`` is in ygopro-core's location ``mask``."""
    if loc == FZONE:
        return bool(mask & (SZONE | LUA_FZONE))
    if loc == PZONE:
        return bool(mask & (SZONE | LUA_PZONE))
    return bool(mask & loc)


def order(st: State, p: int, mask: int) -> list[int]:
    """``p``'s cards in ygopro-core's location ``mask``, in its order."""
    out: list[int] = []
    if mask & MZONE:
        out += [u for u in st.mzone[p] if u != NONE]
    if mask & SZONE:
        out += [u for u in st.szone[p] if u != NONE]
    if mask & (SZONE | LUA_FZONE) and st.fzone[p] != NONE:
        out.append(st.fzone[p])
    if mask & (SZONE | LUA_PZONE):
        out += [u for u in st.pzone[p] if u != NONE]
    if mask & HAND:
        out += st.hand[p]
    if mask & DECK:
        out += st.deck[p][::-1]  # (the top card first)
    if mask & GRAVE:
        out += st.grave[p][::-1]
    if mask & BANISHED:
        out += st.banished[p][::-1]
    if mask & EXTRA:
        out += st.extra[p][::-1]
    return out
