"""Red-Eyes Black Metal Dragon (Effect monster, Special Summon only): it cannot be
Normal Summoned or Set; it must first be Special Summoned from the Deck by
Tributing a Red-Eyes B. Dragon equipped with Metalmorph (Metalmorph's effect).
Once properly summoned that way it can be revived (R-SUM-8, R-SUM-9)."""

from ygo.effects import first_by, summon_condition

CODE = 64335804
METALMORPH = 68540058
EFFECTS = (
    summon_condition(
        "first by Tributing a Red-Eyes B. Dragon equipped with Metalmorph", first_by(METALMORPH)
    ),
)
