"""Painful Choice (Normal Spell): choose 5 cards of your Deck and show them to
your opponent; your opponent picks 1 of them for your hand, and the other 4 go
to your GY. Then the Deck is shuffled."""

from ygo.effects import (
    DECK,
    NONE,
    Category,
    Ctx,
    activate,
    add_to_hand,
    cards,
    choose,
    chosen,
    opponent,
    send_to_grave,
    show_to,
    shuffle_deck,
    step,
    you,
)

CODE = 74191942
N = 5


def _deck(ctx: Ctx) -> list[int]:
    return cards(ctx, ctx.player, DECK)


def _show(ctx: Ctx) -> None:
    for i, u in enumerate(chosen(ctx)):
        ctx.vars[f"c{i}"] = u
        show_to(ctx, ctx.player, [u])


def _shown(ctx: Ctx) -> list[int]:
    found = [ctx.vars.get(f"c{i}", NONE) for i in range(N)]
    return [u for u in found if u != NONE and ctx.location(u) == DECK]


def _split(ctx: Ctx) -> None:
    shown = _shown(ctx)
    picked = chosen(ctx)
    add_to_hand(ctx, picked)
    send_to_grave(ctx, [u for u in shown if u not in picked])
    shuffle_deck(ctx, ctx.player)


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
