"""Exodia the Forbidden One (Effect monster): a special win (R-DUEL-6). When its
owner holds it together with the four limbs of the Forbidden One (Normal
Monsters) in the hand, its owner wins the duel at once, in either player's turn.
A rule effect: not activated, not chained to, not negated."""

from ygo.effects import in_hand_with, win_condition

CODE = 33396948
RIGHT_ARM = 70903634
LEFT_ARM = 7902349
RIGHT_LEG = 8124921
LEFT_LEG = 44519536

EFFECTS = (
    win_condition(
        in_hand_with(RIGHT_ARM, LEFT_ARM, RIGHT_LEG, LEFT_LEG),
        text="all five pieces of the Forbidden One in the hand",
    ),
)
