"""Inaba White Rabbit (Spirit, R-MON-4): it can never be Special Summoned. In the
End Phase of a turn in which it was Normal Summoned or flipped face-up, it
returns to its owner's hand (mandatory). It may attack the opponent directly
even while they control monsters."""

from ygo.effects import spirit

CODE = 77084837
EFFECTS = spirit(direct=True)
