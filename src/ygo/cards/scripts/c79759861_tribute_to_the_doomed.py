"""Tribute to the Doomed (Normal Spell): discard 1 card as a cost, then target a
monster on the field, face-up or face-down, and destroy it. A face-down Flip
monster destroyed this way never flips: its Flip effect does not happen."""

from ygo.effects import Category, activate, destroy_targets, discard_cost, monster, targets

CODE = 79759861
EFFECTS = (
    activate(
        destroy_targets(),
        text="destroy a monster",
        cost=(discard_cost(1),),
        target=targets(monster),
        category=Category.DESTROY,
    ),
)
