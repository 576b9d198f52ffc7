"""Magic Cylinder (Normal Trap): when an opponent's monster declares an attack,
target it; negate the attack, and your opponent takes damage equal to that
monster's ATK."""

from ygo.effects import (
    MZONE,
    Category,
    Window,
    activate,
    damage,
    negate_attack,
    opponent_attacks,
    target_atk,
    targets,
    the_attacker,
)

CODE = 62279055
EFFECTS = (
    activate(
        negate_attack(),
        damage(target_atk),
        text="negate the attack and burn its controller",
        target=targets(the_attacker, where=MZONE, mine=False),
        condition=opponent_attacks,
        windows=1 << Window.ATTACK_DECLARED,
        category=Category.NEGATE | Category.DAMAGE,
    ),
)
