"""Seven Tools of the Bandit (Counter Trap): when a Trap Card is activated, pay
1000 LP to negate the activation and destroy it."""

from ygo.effects import Category, activate, negate_previous, pay_lp, previous_link_is, trap

CODE = 3819470
EFFECTS = (
    activate(
        negate_previous(destroy=True),
        text="negate a Trap Card's activation",
        cost=(pay_lp(1000),),
        condition=previous_link_is(lambda ctx, uid, card: card and trap(ctx, uid)),
        damage_step=2,
        category=Category.NEGATE,
    ),
)
