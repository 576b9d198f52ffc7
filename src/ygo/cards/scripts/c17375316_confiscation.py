"""Confiscation (Normal Spell): pay 1000 LP; look at your opponent's hand, choose
one of its cards and discard it."""

from ygo.effects import Category, Ctx, activate, discard_cards, look_at_opponent_hand, pay_lp

CODE = 17375316


def _discard(ctx: Ctx, uid: int) -> None:
    discard_cards(ctx, [uid])


EFFECTS = (
    activate(
        *look_at_opponent_hand(_discard, "Choose a card to discard"),
        text="look at your opponent's hand; discard a card of it",
        cost=(pay_lp(1000),),
        category=Category.HANDES,
    ),
)
