"""Gaia Knight, the Force of Earth (Synchro monster, Level 6, 2600/800): no
effect. Synchro Summoned with 1 Tuner and 1 or more non-Tuners (R-SYN-1)."""

from ygo.effects import synchro_materials

CODE = 97204936
EFFECTS = (synchro_materials(),)
