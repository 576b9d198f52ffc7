"""Perfectly Ultimate Great Moth (Effect monster): it cannot be Normal Summoned or
Set (the card data lacks the "Special Summon only" bit; its summoning condition
says it); it comes out of the hand only by Tributing a Petit Moth that has had
Cocoon of Evolution equipped for 6 or more of its controller's turns. Once
properly summoned that way it can be revived (R-SUM-8, R-SUM-9)."""

from ygo.effects import first_by, procedure, tribute_cocooned

CODE = 48579379
PETIT_MOTH, COCOON = 58192742, 40240595
TEXT = "first by Tributing a Petit Moth in its Cocoon for 6 of your turns"
EFFECTS = (
    procedure(
        tribute_cocooned(PETIT_MOTH, COCOON, 6), text=TEXT, zone=False, special_ok=first_by()
    ),
)
