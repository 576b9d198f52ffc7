"""Polymerization (Normal Spell): Fusion Summon one Fusion monster from your Extra
Deck, sending the materials it names from your hand and/or field to the GY. The
monster and its materials are chosen when the card resolves (R-SUM-6)."""

from ygo.effects import Category, activate, fusion_summon

CODE = 24094653
EFFECTS = (activate(fusion_summon(), text="Fusion Summon", category=Category.SPECIAL_SUMMON),)
