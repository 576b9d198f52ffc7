"""Magic Jammer (Counter Trap): when a Spell Card is activated, discard 1 card to
negate the activation and destroy it."""

from ygo.effects import Category, activate, discard_cost, negate_previous, previous_link_is, spell

CODE = 77414722
EFFECTS = (
    activate(
        negate_previous(destroy=True),
        text="negate a Spell Card's activation",
        cost=(discard_cost(1),),
        condition=previous_link_is(lambda ctx, uid, card: card and spell(ctx, uid)),
        damage_step=2,
        category=Category.NEGATE,
    ),
)
