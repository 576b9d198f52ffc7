"""Hane-Hane (Flip Effect monster): when it is flipped face-up, its controller
must target one monster on the field (itself included) and return it to its
owner's hand."""

from ygo.effects import Category, flip, return_targets_to_hand, targets

CODE = 7089711
EFFECTS = (
    flip(
        return_targets_to_hand(),
        text="return a monster to the hand",
        target=targets(),
        category=Category.TO_HAND,
    ),
)
