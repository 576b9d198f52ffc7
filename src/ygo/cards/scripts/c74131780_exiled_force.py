"""Exiled Force (Effect monster): Ignition effect: Tribute this card to target 1
other monster on the field and destroy it."""

from ygo.effects import Category, destroy_targets, ignition, not_self, targets, tribute_self

CODE = 74131780
EFFECTS = (
    ignition(
        destroy_targets(),
        text="Tribute it: destroy a monster",
        cost=(tribute_self(),),
        target=targets(not_self),
        category=Category.DESTROY,
    ),
)
