"""Beastking of the Swamps (Effect monster): a fusion substitute. It may stand in for any one
material a Fusion monster names; the other materials must be the named cards,
and a Fusion Summon uses at most one substitute (R-SUM-7)."""

from ygo.effects import fusion_substitute

CODE = 99426834
EFFECTS = (fusion_substitute(),)
