"""Morphing Jar (Flip Effect monster): when it is flipped face-up, both players
discard their whole hands (at once), then each player draws 5 cards (at once,
the turn player's first; one who cannot draw 5 loses, R-DUEL-5)."""

from ygo.effects import Category, Ctx, Reason, flip, step
from ygo.engine import ops


def _discard_hands(ctx: Ctx) -> None:
    st = ctx.st
    both = list(st.hand[0]) + list(st.hand[1])
    if both:
        ops.send_to_grave(st, both, Reason.EFFECT | Reason.DISCARD, ctx.player, ctx.uid)


def _both_draw(ctx: Ctx) -> None:
    st = ctx.st
    for p in (st.tp, 1 - st.tp):
        ops.draw(st, p, 5, Reason.EFFECT | Reason.DRAW, ctx.player, ctx.uid)


CODE = 33508719
EFFECTS = (
    flip(
        step(_discard_hands),
        step(_both_draw),
        text="both players discard their hands and draw 5",
        category=Category.HANDES | Category.DRAW,
    ),
)
