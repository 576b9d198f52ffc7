"""Mandragon: Normal Pendulum Monster (Plant, Level 5, 2500/1000) with Pendulum Scale 2 and
no Pendulum Effect: a vanilla monster, or a Spell in a Pendulum Zone giving Scale 2.
Activated from the hand into an empty Pendulum Zone (mr3 only, R-PEND-1); sent from the
field to the GY it goes face-up to the Extra Deck instead (R-PEND-4)."""

from ygo.effects import pendulum_card

CODE = 19474136
EFFECTS = (pendulum_card(),)
