"""Painful Choice (Normal Spell): choose 5 cards of your Deck and show them to
your opponent; your opponent picks 1 of them for your hand, and the other 4 go
to your GY. Then the Deck is shuffled."""

from ygo.core.enums import Location
from ygo.effects import (
    DECK,
    NONE,
    Category,
    Ctx,
    EventKind,
    Reason,
    activate,
    cards,
    choose,
    chosen,
    opponent,
    step,
    you,
)
from ygo.engine import ops

CODE = 74191942
N = 5
_DECK = int(Location.DECK)


def _deck(ctx: Ctx) -> list[int]:
    return cards(ctx.st, ctx.player, DECK)


def _show(ctx: Ctx) -> None:
    st = ctx.st
    for i, u in enumerate(chosen(ctx)):
        ctx.vars[f"c{i}"] = u
        ops.raise_event(st, EventKind.REVEAL, ctx.player, u, rp=ctx.player, rc=ctx.uid)


def _shown(ctx: Ctx) -> list[int]:
    found = [ctx.vars.get(f"c{i}", NONE) for i in range(N)]
    return [u for u in found if u != NONE and ctx.st.loc[u] == _DECK]


def _split(ctx: Ctx) -> None:
    st = ctx.st
    shown = _shown(ctx)
    picked = chosen(ctx)
    if picked:
        ops.to_hand(st, picked, Reason.EFFECT, ctx.player, ctx.uid)
    rest = [u for u in shown if u not in picked]
    if rest:
        ops.send_to_grave(st, rest, Reason.EFFECT, ctx.player, ctx.uid)
    ops.shuffle_deck(st, ctx.player)


EFFECTS = (
    activate(
        step(
            _show,
            ask=choose(you, _deck, N, "Choose a card to show your opponent"),
            can=lambda ctx: len(_deck(ctx)) >= N,
        ),
        step(_split, ask=choose(opponent, _shown, 1, "Choose the card your opponent adds")),
        text="show 5 cards of your Deck; your opponent picks 1 for your hand",
        category=Category.SEARCH | Category.TO_HAND,
    ),
)
