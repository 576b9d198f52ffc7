"""Card Destruction (Normal Spell): every player with cards in hand discards their
whole hand; after that, each of them draws as many cards as they discarded. You need
cards in your Deck for your own draw; your opponent may be made to draw past theirs."""

from ygo.effects import Category, Ctx, Reason, activate, step
from ygo.engine import ops

CODE = 72892473


def _discards(ctx: Ctx) -> tuple[int, int]:
    """Cards each player would discard: (you, your opponent), not this card."""
    st = ctx.st
    mine = sum(1 for u in st.hand[ctx.player] if u != ctx.uid)
    return mine, len(st.hand[ctx.opponent])


def _can(ctx: Ctx) -> bool:
    mine, theirs = _discards(ctx)
    return mine + theirs > 0 and len(ctx.st.deck[ctx.player]) >= mine


def _discard_all(ctx: Ctx) -> None:
    st = ctx.st
    cards = list(st.hand[ctx.player]) + list(st.hand[ctx.opponent])
    ctx.vars["n0"] = len(st.hand[0])
    ctx.vars["n1"] = len(st.hand[1])
    if cards:
        ops.send_to_grave(st, cards, Reason.EFFECT | Reason.DISCARD, ctx.player, ctx.uid)


def _draw_back(ctx: Ctx) -> None:
    st = ctx.st
    for p in (st.tp, 1 - st.tp):  # R-TERM-3: the turn player first; one action for both
        n = ctx.vars.get(f"n{p}", 0)
        if n:
            ops.draw(st, p, n, Reason.EFFECT | Reason.DRAW, ctx.player, ctx.uid)


EFFECTS = (
    activate(
        step(_discard_all, can=_can),
        step(_draw_back),
        text="both players discard their hands, then draw as many",
        category=Category.HANDES | Category.DRAW,
    ),
)
