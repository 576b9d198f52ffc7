"""Great Moth (Effect monster, Special Summon only): it cannot be Normal Summoned
or Set; it comes out only by its own way (a Petit Moth that wore Cocoon of
Evolution long enough), never by another card's effect, so it can never be revived
(R-SUM-8)."""

from ygo.effects.lib import only_by, summon_condition

CODE = 14141448
EFFECTS = (summon_condition("only by Tributing a Petit Moth in its Cocoon", only_by()),)
