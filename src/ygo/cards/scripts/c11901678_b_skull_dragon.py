"""B. Skull Dragon (Fusion monster): Summoned Skull and Red-Eyes B. Dragon fused
together; no effect of its own."""

from ygo.effects import fusion_materials

CODE = 11901678
EFFECTS = (fusion_materials(70781052, 74677422),)
