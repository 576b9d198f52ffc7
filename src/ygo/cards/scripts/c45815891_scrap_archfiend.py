"""Scrap Archfiend (Synchro monster, Level 7, 2700/1800): no effect. Synchro
Summoned with 1 Tuner and 1 or more non-Tuners (R-SYN-1)."""

from ygo.effects import synchro_materials

CODE = 45815891
EFFECTS = (synchro_materials(),)
