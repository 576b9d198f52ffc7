"""The Forceful Sentry (Normal Spell): look at your opponent's hand, choose one
of its cards and shuffle it into their Deck."""

from ygo.effects import (
    DECK,
    Category,
    Ctx,
    Reason,
    activate,
    look_at_opponent_hand,
    move_card,
    shuffle_deck,
)

CODE = 42829885


def _to_deck(ctx: Ctx, uid: int) -> None:
    move_card(ctx, uid, DECK, Reason.EFFECT | Reason.RETURN)
    shuffle_deck(ctx, ctx.owner(uid))


EFFECTS = (
    activate(
        *look_at_opponent_hand(_to_deck, "Choose a card to shuffle into their Deck"),
        text="look at your opponent's hand; shuffle a card of it into their Deck",
        category=Category.HANDES,
    ),
)
