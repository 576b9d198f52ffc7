"""Mystic Tomato (Effect monster): when it is destroyed by battle and sent to the GY,
its controller may Special Summon a DARK monster with 1500 or less ATK from their
Deck in face-up Attack Position ("when ... you can": it can miss its timing)."""

from ygo.core.enums import Attribute
from ygo.effects import battle_recruiter

CODE = 83011277
EFFECTS = (battle_recruiter(Attribute.DARK, 1500),)
