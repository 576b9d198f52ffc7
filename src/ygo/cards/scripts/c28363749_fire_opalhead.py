"""Fire Opalhead: Normal Pendulum Monster (Dinosaur, Level 6, 2500/1000) with Pendulum
Scale 0 and no Pendulum Effect: a vanilla monster, or a Spell in a Pendulum Zone that
sets the low end of a Pendulum Summon's range. Activated from the hand into an empty
Pendulum Zone (mr3 only, R-PEND-1); sent from the field to the GY it goes face-up to the
Extra Deck instead (R-PEND-4)."""

from ygo.effects import pendulum_card

CODE = 28363749
EFFECTS = (pendulum_card(),)
