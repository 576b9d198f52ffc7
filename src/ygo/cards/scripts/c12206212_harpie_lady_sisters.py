"""Harpie Lady Sisters (Effect monster, Special Summon only): it cannot be Normal
Summoned or Set; it must first be Special Summoned by Elegant Egotist. Once
properly summoned that way it can be revived (R-SUM-8, R-SUM-9)."""

from ygo.effects import first_by, summon_condition

CODE = 12206212
ELEGANT_EGOTIST = 90219263
EFFECTS = (summon_condition("first by Elegant Egotist", first_by(ELEGANT_EGOTIST)),)
