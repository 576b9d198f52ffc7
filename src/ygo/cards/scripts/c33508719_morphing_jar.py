"""Morphing Jar (Flip Effect monster): when it is flipped face-up, both players
discard their whole hands (at once), then each player draws 5 cards (at once,
the turn player's first; one who cannot draw 5 loses, R-DUEL-5)."""

from ygo.effects import Category, Ctx, discard_cards, draw_cards, flip, step


def _discard_hands(ctx: Ctx) -> None:
    discard_cards(ctx, ctx.hand(0) + ctx.hand(1))


def _both_draw(ctx: Ctx) -> None:
    tp = ctx.turn_player
    for p in (tp, 1 - tp):
        draw_cards(ctx, p, 5)


CODE = 33508719
EFFECTS = (
    flip(
        step(_discard_hands),
        step(_both_draw),
        text="both players discard their hands and draw 5",
        category=Category.HANDES | Category.DRAW,
    ),
)
