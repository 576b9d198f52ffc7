"""Man-Eater Bug (Flip Effect monster): when it is flipped face-up, its controller
must target one monster on the field (this card included) and destroy it."""

from ygo.effects import Category, destroy_targets, flip, targets

CODE = 54652250
EFFECTS = (
    flip(
        destroy_targets(),
        text="destroy a monster",
        target=targets(),
        category=Category.DESTROY,
    ),
)
