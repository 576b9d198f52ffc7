"""Flame Swordsman (Fusion monster): Flame Manipulator and Masaki the Legendary
Swordsman fused together; no effect of its own."""

from ygo.effects import fusion_materials

CODE = 45231177
EFFECTS = (fusion_materials(34460851, 44287299),)
