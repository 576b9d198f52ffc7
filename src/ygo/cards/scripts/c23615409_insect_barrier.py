"""Insect Barrier (Continuous Spell, spell speed 1): while it is face-up on the field,
Insect monsters your opponent controls cannot declare an attack."""

from ygo.core.enums import Race
from ygo.effects import Mod, activate, all_of, modifier, race, theirs

CODE = 23615409
EFFECTS = (
    activate(text="your opponent's Insects cannot attack"),
    modifier(Mod.CANNOT_DECLARE_ATTACK, all_of(theirs, race(Race.INSECT))),
)
