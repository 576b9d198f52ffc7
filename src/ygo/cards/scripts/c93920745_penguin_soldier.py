"""Penguin Soldier (Flip Effect monster): when it is flipped face-up, its
controller may target one or two monsters on the field (itself included) and
return them to their owners' hands."""

from ygo.effects import MZONE, Category, TargetSpec, monster, optional_flip, return_targets_to_hand

CODE = 93920745
EFFECTS = (
    optional_flip(
        return_targets_to_hand(),
        text="return up to 2 monsters to the hand",
        target=TargetSpec(ok=monster, count=2, locations=MZONE, up_to=True),
        category=Category.TO_HAND,
    ),
)
