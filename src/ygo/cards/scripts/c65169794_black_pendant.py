"""Black Pendant (Equip Spell): the equipped monster gains 500 ATK. When this card
goes from the field to the GY, its owner's opponent takes 500 damage (mandatory)."""

from ygo.effects import (
    Category,
    EventKind,
    Mod,
    damage,
    equip_modifier,
    equip_spell,
    sent_to_grave_from_field,
    trigger,
)

CODE = 65169794
EFFECTS = (
    equip_spell(text="equip: +500 ATK"),
    equip_modifier(Mod.ATK_ADD, 500),
    trigger(
        EventKind.MOVE,
        sent_to_grave_from_field,
        damage(500),
        text="500 damage",
        mandatory=True,
        category=Category.DAMAGE,
    ),
)
