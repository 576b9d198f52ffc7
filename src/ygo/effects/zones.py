"""Where cards are: the Location and Position bits scripts name, and the
cards in a player's locations (zones in order; the Deck by card ID, never in
Deck order)."""

from __future__ import annotations

from ygo.core.enums import CardType, Location, Position
from ygo.core.state import NONE
from ygo.engine.effect import Ctx

MZONE = int(Location.MZONE)


SZONE = int(Location.SZONE)


FZONE = int(Location.FZONE)


GRAVE = int(Location.GRAVE)


HAND = int(Location.HAND)


DECK = int(Location.DECK)


BANISHED = int(Location.BANISHED)


EXTRA = int(Location.EXTRA)


PZONE = int(Location.PZONE)


ONFIELD = MZONE | SZONE | FZONE | PZONE


FU_ATK = int(Position.FACEUP_ATTACK)


FU_DEF = int(Position.FACEUP_DEFENSE)


FD_DEF = int(Position.FACEDOWN_DEFENSE)


_MONSTER = int(CardType.MONSTER)


_SPELL = int(CardType.SPELL)


_TRAP = int(CardType.TRAP)


_TOKEN = int(CardType.TOKEN)


_FACEUP = int(Position.FACEUP)


_FACEDOWN = int(Position.FACEDOWN)


_ATTACK = int(Position.ATTACK)


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
