"""Toon Summoned Skull (Toon, Level 6): Special Summoned from the hand by
Tributing one monster (as a Level 6 Tribute Summon would), only while its
controller has Toon World face-up; never Normal Summoned or Set. It cannot
attack the turn it arrives, pays 500 LP for each attack, attacks directly
unless the opponent controls a face-up Toon (then it must attack a Toon), and
is destroyed when Toon World is destroyed."""

from ygo.effects import toon

CODE = 91842653
TOON_WORLD = 15259703
EFFECTS = toon(TOON_WORLD)
