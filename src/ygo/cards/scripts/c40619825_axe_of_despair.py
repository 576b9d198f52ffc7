"""Axe of Despair (Equip Spell): the equipped monster gains 1000 ATK. When this
card goes from the field to the GY, its owner may Tribute 1 monster (a cost) to
put it back on top of their Deck ("when": it can miss its timing, R-CHAIN-13)."""

from ygo.effects import (
    EventKind,
    Mod,
    equip_modifier,
    equip_spell,
    self_to_deck_top,
    sent_to_grave_from_field,
    tribute_cost,
    trigger,
)

CODE = 40619825
EFFECTS = (
    equip_spell(text="equip: +1000 ATK"),
    equip_modifier(Mod.ATK_ADD, 1000),
    trigger(
        EventKind.MOVE,
        sent_to_grave_from_field,
        self_to_deck_top(),
        text="Tribute 1 monster: return to the top of the Deck",
        when=True,
        cost=(tribute_cost(1),),
    ),
)
