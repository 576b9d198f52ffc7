"""Blue-Eyes Ultimate Dragon (Fusion monster): three Blue-Eyes White Dragons fused
together; no effect of its own."""

from ygo.effects import fusion_materials

CODE = 23995346
BLUE_EYES = 89631139
EFFECTS = (fusion_materials(BLUE_EYES, BLUE_EYES, BLUE_EYES),)
