"""Kaiser Sea Horse (Effect monster): when it is Tributed for the Tribute Summon
of a LIGHT monster it may count as two tributes on its own. A rule of the card
(R-MON-2), not a summoning condition: it can be revived freely."""

from ygo.core.enums import Attribute
from ygo.effects import attribute, tribute_worth

CODE = 17444133
EFFECTS = (tribute_worth(2, attribute(Attribute.LIGHT)),)
