"""Kuriboh (Effect monster): Quick effect from the hand, when an opponent's monster
attacks: in the Damage Step, before damage calculation, discard this card and you
take no battle damage from that battle."""

from ygo.effects import (
    Category,
    Window,
    discard_self,
    in_damage_step_against_you,
    no_battle_damage_this_battle,
    quick,
)

CODE = 40640057
EFFECTS = (
    quick(
        no_battle_damage_this_battle(),
        text="discard it: no battle damage from this battle",
        cost=(discard_self(),),
        condition=in_damage_step_against_you,
        from_hand=True,
        damage_step=2,
        windows=Window.DAMAGE_BEFORE_CALC.bit,
        category=Category.HANDES | Category.PROTECT,
    ),
)
