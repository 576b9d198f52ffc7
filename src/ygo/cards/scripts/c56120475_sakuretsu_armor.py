"""Sakuretsu Armor (Normal Trap): when an opponent's monster declares an attack,
target that monster; destroy it."""

from ygo.effects import (
    MZONE,
    Category,
    Window,
    activate,
    destroy_targets,
    opponent_attacks,
    targets,
    the_attacker,
)

CODE = 56120475
EFFECTS = (
    activate(
        destroy_targets(),
        text="destroy the attacking monster",
        target=targets(the_attacker, where=MZONE, mine=False),
        condition=opponent_attacks,
        windows=1 << Window.ATTACK_DECLARED,
        category=Category.DESTROY,
    ),
)
