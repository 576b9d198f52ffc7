"""Dark Energy (Equip Spell): only a Fiend can be equipped with it; it gains 300 ATK
and 300 DEF."""

from ygo.core.enums import Race
from ygo.effects import Category, equip_spell, equip_stats, race

CODE = 4614116
EFFECTS = (
    equip_spell(
        text="equip a Fiend: +300 ATK/DEF",
        ok=race(Race.FIEND),
        category=Category.EQUIP | Category.ATK,
    ),
    *equip_stats(300, 300),
)
