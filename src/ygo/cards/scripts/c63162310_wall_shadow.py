"""Wall Shadow (Effect monster, Special Summon only): it cannot be Normal Summoned
or Set, and only Magical Labyrinth can Special Summon it; no other card can, so it
can never be revived (R-SUM-8)."""

from ygo.effects.lib import only_by, summon_condition

CODE = 63162310
MAGICAL_LABYRINTH = 64389297
EFFECTS = (summon_condition("only by Magical Labyrinth", only_by(MAGICAL_LABYRINTH)),)
