"""ygo: a Yu-Gi-Oh! OCG duel engine in Python.

The whole game in a handful of names::

    from ygo import Duel, starter_deck
    duel = Duel((starter_deck("yugi"), starter_deck("kaiba")), seed=7)
    while not duel.is_over:
        decision = duel.decision                  # who decides, what, the options
        duel.apply(decision.options[0])           # an Action, its index, or its text
    print(duel.result)
"""

__version__ = "0.1.0"

from ygo.cards.db import CardDB
from ygo.cards.pool import embedded_pool
from ygo.core.card import CardData
from ygo.core.deck import Deck
from ygo.core.enums import Attribute, CardType, Location, Phase, Position, Race
from ygo.data import starter_deck
from ygo.engine.actions import Action, ActionKind, Decision, DecisionKind
from ygo.engine.duel import Duel
from ygo.engine.events import Event, EventKind
from ygo.engine.result import Result, WinReason
from ygo.engine.view import CardView, PlayerView, View
from ygo.errors import IllegalActionError, YgoError
from ygo.rules import Ruleset

__all__ = [
    "Action",
    "ActionKind",
    "Attribute",
    "CardDB",
    "CardData",
    "CardType",
    "CardView",
    "Decision",
    "DecisionKind",
    "Deck",
    "Duel",
    "Event",
    "EventKind",
    "IllegalActionError",
    "Location",
    "Phase",
    "PlayerView",
    "Position",
    "Race",
    "Result",
    "Ruleset",
    "View",
    "WinReason",
    "YgoError",
    "__version__",
    "embedded_pool",
    "starter_deck",
]
