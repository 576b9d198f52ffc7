"""Dragong: Normal Pendulum Monster (Machine, Level 4, 500/2100) with Pendulum Scale 7 and
no Pendulum Effect: a vanilla wall, or a Spell in a Pendulum Zone giving Scale 7.
Activated from the hand into an empty Pendulum Zone (mr3 only, R-PEND-1); sent from the
field to the GY it goes face-up to the Extra Deck instead (R-PEND-4)."""

from ygo.effects import pendulum_card

CODE = 83980492
EFFECTS = (pendulum_card(),)
