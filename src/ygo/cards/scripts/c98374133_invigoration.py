"""Invigoration (Equip Spell): only an EARTH monster can be equipped with it; it gains
400 ATK and loses 200 DEF."""

from ygo.core.enums import Attribute
from ygo.effects import Category, attribute, equip_spell, equip_stats

CODE = 98374133
EFFECTS = (
    equip_spell(
        text="equip an EARTH monster: +400 ATK, -200 DEF",
        ok=attribute(Attribute.EARTH),
        category=Category.EQUIP | Category.ATK,
    ),
    *equip_stats(400, -200),
)
