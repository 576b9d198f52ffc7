"""Larvae Moth (Effect monster, Special Summon only): it cannot be Normal Summoned
or Set; it comes out of the hand only by Tributing a Petit Moth that has had
Cocoon of Evolution equipped for 2 or more of its controller's turns. Once
properly summoned that way it can be revived (R-SUM-8, R-SUM-9)."""

from ygo.effects import first_by, procedure, tribute_cocooned

CODE = 87756343
PETIT_MOTH, COCOON = 58192742, 40240595
TEXT = "first by Tributing a Petit Moth in its Cocoon for 2 of your turns"
EFFECTS = (
    procedure(
        tribute_cocooned(PETIT_MOTH, COCOON, 2), text=TEXT, zone=False, special_ok=first_by()
    ),
)
