"""Where cards are: the Location and Position bits scripts name, and the
cards in a player's locations (zones in order; the Deck by card ID, never in
Deck order)."""

from __future__ import annotations

from ygo.core.ints import (
    LOCATION_BANISHED,
    LOCATION_DECK,
    LOCATION_EXTRA,
    LOCATION_FZONE,
    LOCATION_GRAVE,
    LOCATION_HAND,
    LOCATION_MZONE,
    LOCATION_ONFIELD,
    LOCATION_PZONE,
    LOCATION_SZONE,
    POS_FACEDOWN_DEFENSE,
    POS_FACEUP_ATTACK,
    POS_FACEUP_DEFENSE,
)
from ygo.core.state import NONE
from ygo.engine.effect import Ctx

# The scripts' short names for the mirrors of ``ygo.core.ints`` (Location, Position).
MZONE = LOCATION_MZONE
SZONE = LOCATION_SZONE
FZONE = LOCATION_FZONE
GRAVE = LOCATION_GRAVE
HAND = LOCATION_HAND
DECK = LOCATION_DECK
BANISHED = LOCATION_BANISHED
EXTRA = LOCATION_EXTRA
PZONE = LOCATION_PZONE
ONFIELD = LOCATION_ONFIELD
"""A Monster, Spell & Trap, Field or Pendulum Zone."""
FU_ATK = POS_FACEUP_ATTACK
FU_DEF = POS_FACEUP_DEFENSE
FD_DEF = POS_FACEDOWN_DEFENSE


def cards(ctx: Ctx, player: int, where: int) -> list[int]:
    """The cards in ``player``'s locations (Location bits), zones in order."""
    st = ctx.st
    out: list[int] = []
    if where & MZONE:
        out += [u for u in st.mzone[player] if u != NONE]
    if where & SZONE:
        out += [u for u in st.szone[player] if u != NONE]
    if where & FZONE and st.fzone[player] != NONE:
        out.append(st.fzone[player])
    if where & PZONE:
        out += [u for u in st.pzone[player] if u != NONE]
    if where & HAND:
        out += st.hand[player]
    if where & GRAVE:
        out += st.grave[player]
    if where & BANISHED:
        out += st.banished[player]
    if where & DECK:  # by card ID, never in Deck order (R-DUEL-8: the order is hidden)
        out += sorted(st.deck[player])
    if where & EXTRA:
        out += st.extra[player]
    return out


def free_zones(ctx: Ctx, player: int) -> int:
    """How many of ``player``'s Monster Zones are free."""
    return ctx.st.mzone[player].count(NONE)


def top_cards(ctx: Ctx, player: int, n: int) -> list[int]:
    """The top ``n`` cards of a Deck (fewer if it is smaller), the top one first."""
    deck = ctx.st.deck[player]
    return deck[::-1][:n]
