"""Meteor B. Dragon (Fusion monster): Red-Eyes B. Dragon and Meteor Dragon fused
together; no effect of its own."""

from ygo.effects import fusion_materials

CODE = 90660762
EFFECTS = (fusion_materials(74677422, 64271667),)
