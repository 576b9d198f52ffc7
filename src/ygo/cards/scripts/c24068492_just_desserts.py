"""Just Desserts (Normal Trap): your opponent takes 500 damage for each monster
they control."""

from ygo.effects import MZONE, Category, Ctx, activate, cards, damage

CODE = 24068492


def _amount(ctx: Ctx) -> int:
    return 500 * len(cards(ctx, ctx.opponent, MZONE))


EFFECTS = (
    activate(
        damage(_amount),
        text="500 damage per monster your opponent controls",
        condition=lambda ctx: bool(cards(ctx, ctx.opponent, MZONE)),
        category=Category.DAMAGE,
    ),
)
