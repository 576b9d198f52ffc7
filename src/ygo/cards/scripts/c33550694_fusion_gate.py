"""Fusion Gate (Field Spell): while it is face-up, its controller may, in their
Main Phase, Fusion Summon a Fusion monster from their Extra Deck without
Polymerization, banishing the named materials from their hand or field instead of
sending them to the GY. That is a Fusion Summon: the monster is properly summoned
(R-SUM-9)."""

from ygo.effects import BANISHED, Category, activate, fusion_summon, ignition

CODE = 33550694
EFFECTS = (
    activate(text="Fusion Gate"),
    ignition(
        fusion_summon(to=BANISHED),
        text="Fusion Summon, banishing the materials",
        category=Category.SPECIAL_SUMMON | Category.BANISH,
    ),
)
