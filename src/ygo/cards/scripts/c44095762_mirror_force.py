"""Mirror Force (Normal Trap): when an opponent's monster declares an attack,
destroy every Attack Position monster your opponent controls."""

from ygo.effects import (
    MZONE,
    Category,
    Window,
    activate,
    attack_position,
    destroy_all,
    opponent_attacks,
)

CODE = 44095762
EFFECTS = (
    activate(
        destroy_all(MZONE, attack_position, mine=False),
        text="destroy your opponent's Attack Position monsters",
        condition=opponent_attacks,
        windows=1 << Window.ATTACK_DECLARED,
        category=Category.DESTROY,
    ),
)
