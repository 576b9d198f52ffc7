"""Delinquent Duo (Normal Spell): pay 1000 LP; your opponent discards 1 card at
random (R-TERM-6) and, if they have another card in hand, 1 more of their
choice. Both go together (one discard, R-TERM-8)."""

from ygo.effects import (
    NONE,
    Category,
    Ctx,
    activate,
    choose,
    discard_cards,
    opponent,
    opponent_has_hand,
    pay_lp,
    random_hand_card,
    step,
)

CODE = 44763025


def _random_pick(ctx: Ctx) -> None:
    ctx.vars["random"] = random_hand_card(ctx, ctx.opponent)


def _others(ctx: Ctx) -> list[int]:
    r = ctx.vars.get("random", NONE)
    return [u for u in ctx.hand(ctx.opponent) if u != r]


def _discard(ctx: Ctx) -> None:
    r = ctx.vars.get("random", NONE)
    picked = [u for u in (r, *(a for a in ctx.answers if a != NONE)) if u != NONE]
    discard_cards(ctx, picked)


EFFECTS = (
    activate(
        step(_random_pick, can=opponent_has_hand),
        step(_discard, ask=choose(opponent, _others, 1, "Choose a card to discard")),
        text="your opponent discards 1 card at random and 1 of their choice",
        cost=(pay_lp(1000),),
        category=Category.HANDES,
    ),
)
