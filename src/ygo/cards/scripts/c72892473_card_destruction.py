"""Card Destruction (Normal Spell): every player with cards in hand discards their
whole hand; after that, each of them draws as many cards as they discarded. You need
cards in your Deck for your own draw; your opponent may be made to draw past theirs."""

from ygo.effects import Category, Ctx, activate, discard_cards, draw_cards, step

CODE = 72892473


def _discards(ctx: Ctx) -> tuple[int, int]:
    """Cards each player would discard: (you, your opponent), not this card."""
    mine = sum(1 for u in ctx.hand(ctx.player) if u != ctx.uid)
    return mine, len(ctx.hand(ctx.opponent))


def _can(ctx: Ctx) -> bool:
    mine, theirs = _discards(ctx)
    return mine + theirs > 0 and ctx.deck_size(ctx.player) >= mine


def _discard_all(ctx: Ctx) -> None:
    both = ctx.hand(ctx.player) + ctx.hand(ctx.opponent)
    ctx.vars["n0"] = len(ctx.hand(0))
    ctx.vars["n1"] = len(ctx.hand(1))
    discard_cards(ctx, both)


def _draw_back(ctx: Ctx) -> None:
    tp = ctx.turn_player
    for p in (tp, 1 - tp):  # R-TERM-3: the turn player first; one action for both
        n = ctx.vars.get(f"n{p}", 0)
        if n:
            draw_cards(ctx, p, n)


EFFECTS = (
    activate(
        step(_discard_all, can=_can),
        step(_draw_back),
        text="both players discard their hands, then draw as many",
        category=Category.HANDES | Category.DRAW,
    ),
)
