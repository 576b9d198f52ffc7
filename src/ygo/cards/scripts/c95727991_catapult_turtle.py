"""Catapult Turtle (Effect monster): Ignition effect, once per turn: Tribute 1
monster you control to inflict damage to your opponent equal to half that
monster's ATK as it was on the field."""

from ygo.effects import Category, damage, ignition, noted_atk_half, tribute_cost_noting_atk

CODE = 95727991
EFFECTS = (
    ignition(
        damage(noted_atk_half),
        text="Tribute a monster: damage equal to half its ATK",
        cost=(tribute_cost_noting_atk(),),
        limit=1,
        category=Category.DAMAGE,
    ),
)
