"""Toon Mermaid (Toon, Level 4): Special Summoned from the hand, with no
tributes, only while its controller has a face-up Toon World; never Normal
Summoned or Set. It cannot attack the turn it arrives, pays 500 LP for each
attack, attacks directly unless the opponent controls a face-up Toon (then it
must attack a Toon), and is destroyed when Toon World is destroyed."""

from ygo.effects import toon

CODE = 65458948
TOON_WORLD = 15259703
EFFECTS = toon(TOON_WORLD)
