"""Where cards are, as ygopro-core's scripts name places: its LOCATION_* bits
(the Field Zone and Pendulum Zones are parts of LOCATION_SZONE there, places
of their own in ygo) and its order of the cards in a location."""

from __future__ import annotations

from ygo.core.enums import CardType, Location, Position
from ygo.core.state import NONE, State

HAND = int(Location.HAND)
DECK = int(Location.DECK)
MZONE = int(Location.MZONE)
SZONE = int(Location.SZONE)
GRAVE = int(Location.GRAVE)
BANISHED = int(Location.BANISHED)
EXTRA = int(Location.EXTRA)
FZONE = int(Location.FZONE)
PZONE = int(Location.PZONE)
ONFIELD = MZONE | SZONE | FZONE | PZONE
FACEUP = int(Position.FACEUP)
FACEDOWN = int(Position.FACEDOWN)
ATTACK = int(Position.ATTACK)
DEFENSE = int(Position.DEFENSE)
MONSTER = int(CardType.MONSTER)
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
