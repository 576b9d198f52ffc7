"""Book of Secret Arts (Equip Spell): only a Spellcaster can be equipped with it; it
gains 300 ATK and 300 DEF."""

from ygo.core.enums import Race
from ygo.effects import Category, equip_spell, equip_stats, race

CODE = 91595718
EFFECTS = (
    equip_spell(
        text="equip a Spellcaster: +300 ATK/DEF",
        ok=race(Race.SPELLCASTER),
        category=Category.EQUIP | Category.ATK,
    ),
    *equip_stats(300, 300),
)
