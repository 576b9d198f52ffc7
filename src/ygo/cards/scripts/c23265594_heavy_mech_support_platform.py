"""Heavy Mech Support Platform (Union, R-MON-4): once per turn its controller may
either equip it from the Monster Zone to a face-up Machine they control that has
no Union equipped, or unequip it and Special Summon it in Attack Position. The
monster it equips gains 500 ATK and DEF, and if that monster would be destroyed
by battle or by a card effect, this card is destroyed instead."""

from ygo.core.enums import Race
from ygo.effects import union

CODE = 23265594
EFFECTS = union(CODE, Race.MACHINE, atk=500, defense=500)
