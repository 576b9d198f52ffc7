"""Harpie Lady Sisters (Effect monster, Special Summon only): it cannot be Normal
Summoned or Set, and only Elegant Egotist can Special Summon it; no other card
can, so it can never be revived (R-SUM-8)."""

from ygo.effects.lib import only_by, summon_condition

CODE = 12206212
ELEGANT_EGOTIST = 90219263
EFFECTS = (summon_condition("only by Elegant Egotist", only_by(ELEGANT_EGOTIST)),)
