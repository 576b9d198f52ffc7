"""Nobleman of Crossout (Normal Spell): target a face-down monster on the field;
destroy it and banish it. If it was a Flip monster, each player shows their Deck,
banishes every card with that name from it, then shuffles."""

from ygo.core.enums import CardType
from ygo.effects import (
    NONE,
    Category,
    Ctx,
    Reason,
    activate,
    banish_cards,
    face_down,
    show_to,
    shuffle_deck,
    step,
    targets,
    top_cards,
)

CODE = 71044499


def _crossout(ctx: Ctx) -> None:
    t = ctx.target()
    if t == NONE:
        return
    code = ctx.code(t)
    was_flip = bool(ctx.types(t) & CardType.FLIP)
    banish_cards(ctx, [t], Reason.EFFECT | Reason.DESTROY)
    if not was_flip:
        return
    tp = ctx.turn_player
    for p in (tp, 1 - tp):
        deck = top_cards(ctx, p, ctx.deck_size(p))[::-1]  # bottom first: shown in Deck order
        copies = [u for u in deck if ctx.code(u) == code]
        show_to(ctx, p, copies)
        banish_cards(ctx, copies)
        shuffle_deck(ctx, p)


EFFECTS = (
    activate(
        step(_crossout),
        text="destroy and banish a face-down monster",
        target=targets(face_down),
        category=Category.DESTROY | Category.BANISH,
    ),
)
