"""Invader of the Throne (Flip Effect monster): when it is flipped face-up
outside the Battle Phase, its controller targets one monster the opponent
controls and the two monsters switch control (for good). Flipped during the
Battle Phase (attacked face-down), the effect does not activate at all."""

from ygo.effects import Category, flip, not_in_battle_phase, switch_control_with_target, targets

CODE = 3056267
EFFECTS = (
    flip(
        switch_control_with_target(),
        text="switch control with an opponent's monster",
        target=targets(mine=False),
        condition=not_in_battle_phase,
        category=Category.CONTROL,
    ),
)
