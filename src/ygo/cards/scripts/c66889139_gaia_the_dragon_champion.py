"""Gaia the Dragon Champion (Fusion monster): Gaia The Fierce Knight and Curse of
Dragon fused together; no effect of its own."""

from ygo.effects import fusion_materials

CODE = 66889139
EFFECTS = (fusion_materials(6368038, 28279543),)
