"""Cannon Soldier (Effect monster): Ignition effect, as often as you like: Tribute
1 monster you control to inflict 500 damage to your opponent."""

from ygo.effects import Category, damage, ignition, tribute_cost

CODE = 11384280
EFFECTS = (
    ignition(
        damage(500),
        text="Tribute a monster: 500 damage",
        cost=(tribute_cost(1),),
        category=Category.DAMAGE,
    ),
)
