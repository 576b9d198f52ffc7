"""Flamvell Guard (Normal Tuner monster, Level 1, 100/2000): no effect; a Tuner
for Synchro Summons (R-SYN-1)."""

CODE = 21615956
EFFECTS = ()
