"""Wall Shadow (Effect monster, Special Summon only): it cannot be Normal Summoned
or Set; it must first be Special Summoned by Magical Labyrinth. Once properly
summoned that way it can be revived (R-SUM-8, R-SUM-9)."""

from ygo.effects import first_by, summon_condition

CODE = 63162310
MAGICAL_LABYRINTH = 64389297
EFFECTS = (summon_condition("first by Magical Labyrinth", first_by(MAGICAL_LABYRINTH)),)
