"""Graceful Charity (Normal Spell): draw 3 cards, then discard 2 cards."""

from ygo.effects import Category, Step, activate, discard, draw

CODE = 79571449
_DISCARD = discard(2)
EFFECTS = (
    activate(
        draw(3),
        # The discard needs no cards at activation: the 3 drawn come first.
        Step(do=_DISCARD.do, ask=_DISCARD.ask),
        text="draw 3, then discard 2",
        category=Category.DRAW | Category.HANDES,
    ),
)
