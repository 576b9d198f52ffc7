"""Red-Eyes Black Metal Dragon (Effect monster, Special Summon only): it cannot be
Normal Summoned or Set, and only Metalmorph can Special Summon it; no other card
can, so it can never be revived (R-SUM-8)."""

from ygo.effects.lib import only_by, summon_condition

CODE = 64335804
METALMORPH = 68540058
EFFECTS = (summon_condition("only by Metalmorph", only_by(METALMORPH)),)
