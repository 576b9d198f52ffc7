"""Sword of Dark Destruction (Equip Spell): only a DARK monster can be equipped with it;
it gains 400 ATK and loses 200 DEF."""

from ygo.core.enums import Attribute
from ygo.effects import Category, attribute, equip_spell, equip_stats

CODE = 37120512
EFFECTS = (
    equip_spell(
        text="equip a DARK monster: +400 ATK, -200 DEF",
        ok=attribute(Attribute.DARK),
        category=Category.EQUIP | Category.ATK,
    ),
    *equip_stats(400, -200),
)
