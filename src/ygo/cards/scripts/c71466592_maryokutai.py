"""Maryokutai (Effect monster): Quick effect, in the opponent's turn only: when
the opponent activates a Spell Card, Tribute this card to negate that activation
and destroy the Spell."""

from ygo.effects import (
    Category,
    negate_previous,
    opponent_activates_spell_card,
    quick,
    tribute_self,
)

CODE = 71466592
EFFECTS = (
    quick(
        negate_previous(destroy=True),
        text="Tribute it: negate a Spell Card's activation",
        cost=(tribute_self(),),
        condition=opponent_activates_spell_card,
        damage_step=2,
        category=Category.NEGATE | Category.DESTROY,
    ),
)
