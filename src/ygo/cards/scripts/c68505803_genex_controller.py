"""Genex Controller (Normal Tuner monster, Level 3, 1400/1200): no effect; a
Tuner for Synchro Summons (R-SYN-1)."""

CODE = 68505803
EFFECTS = ()
