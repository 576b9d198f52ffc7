"""Goggle Golem (Gemini, R-MON-4): a Normal Monster on the field and in the GY.
While it is face-up on the field its controller may Normal Summon it again (the
turn's Normal Summon, "gemini-summon"); from then until it leaves the field or
is turned face-down it is an Effect Monster whose original ATK is 2100."""

from ygo.effects import gemini_original_atk

CODE = 21155323
EFFECTS = (gemini_original_atk(2100),)
