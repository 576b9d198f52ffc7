"""Holactie the Creator of Light (Effect monster, Level 12, DIVINE; Special Summon
only): it comes out of its controller's hand only by Tributing three monsters
whose original names are Obelisk the Tormentor, Slifer the Sky Dragon and The
Winged Dragon of Ra, never any other way (so it is never revived). That Special
Summon cannot be negated, and the player who made it wins the duel (R-DUEL-6)."""

from ygo.effects import (
    only_by,
    procedure,
    summon_cannot_be_negated,
    summon_condition,
    summoned_by_own_procedure,
    tribute_named,
    win_condition,
)

CODE = 10000040
OBELISK, RA, SLIFER = 10000000, 10000010, 10000020
EFFECTS = (
    procedure(
        tribute_named(OBELISK, SLIFER, RA),
        text="Tribute Obelisk the Tormentor, Slifer the Sky Dragon and The Winged Dragon of Ra",
        zone=False,
    ),
    summon_condition("only by its own procedure", special_ok=only_by()),
    summon_cannot_be_negated(normal=False, special=True),
    win_condition(summoned_by_own_procedure, text="its Special Summon wins the duel"),
)
