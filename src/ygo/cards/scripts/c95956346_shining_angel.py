"""Shining Angel (Effect monster): when it is destroyed by battle and sent to the
GY, its controller may Special Summon a LIGHT monster with 1500 or less ATK from
their Deck in face-up Attack Position ("when ... you can": it can miss its timing)."""

from ygo.core.enums import Attribute
from ygo.effects import battle_recruiter

CODE = 95956346
EFFECTS = (battle_recruiter(Attribute.LIGHT, 1500),)
