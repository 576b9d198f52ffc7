"""Dian Keto the Cure Master (Normal Spell): you gain 1000 LP."""

from ygo.effects import Category, activate, gain_lp

CODE = 84257639
EFFECTS = (activate(gain_lp(1000), text="gain 1000 LP", category=Category.RECOVER),)
