"""ygo: a Yu-Gi-Oh! OCG duel engine in Python.

The whole game in a handful of names::

    from ygo import Duel, starter_deck
    duel = Duel((starter_deck("yugi"), starter_deck("kaiba")), seed=7)
    while not duel.is_over:
        decision = duel.decision                  # who decides, what, the options
        duel.apply(decision.options[0])           # an Action, its index, or its text
    print(duel.result)
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from ygo.core.version import VERSION as __version__

# Names are imported on first use (PEP 562), so that importing one layer (the
# engine, say) does not load every other.
_WHERE = {
    "CardDB": "ygo.cards.db",
    "embedded_pool": "ygo.cards.pool",
    "CardData": "ygo.core.card",
    "Deck": "ygo.core.deck",
    "Attribute": "ygo.core.enums",
    "CardType": "ygo.core.enums",
    "Location": "ygo.core.enums",
    "Phase": "ygo.core.enums",
    "Position": "ygo.core.enums",
    "Race": "ygo.core.enums",
    "starter_deck": "ygo.data",
    "Action": "ygo.engine.actions",
    "ActionKind": "ygo.engine.actions",
    "Decision": "ygo.engine.actions",
    "DecisionKind": "ygo.engine.actions",
    "Duel": "ygo.defaults",
    "Event": "ygo.engine.events",
    "EventKind": "ygo.engine.events",
    "Result": "ygo.engine.result",
    "WinReason": "ygo.engine.result",
    "CardView": "ygo.engine.view",
    "PlayerView": "ygo.engine.view",
    "View": "ygo.engine.view",
    "IllegalActionError": "ygo.errors",
    "YgoError": "ygo.errors",
    "Ruleset": "ygo.rules",
}

if TYPE_CHECKING:
    from ygo.cards.db import CardDB
    from ygo.cards.pool import embedded_pool
    from ygo.core.card import CardData
    from ygo.core.deck import Deck
    from ygo.core.enums import Attribute, CardType, Location, Phase, Position, Race
    from ygo.data import starter_deck
    from ygo.defaults import Duel
    from ygo.engine.actions import Action, ActionKind, Decision, DecisionKind
    from ygo.engine.events import Event, EventKind
    from ygo.engine.result import Result, WinReason
    from ygo.engine.view import CardView, PlayerView, View
    from ygo.errors import IllegalActionError, YgoError
    from ygo.rules import Ruleset


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'ygo' has no attribute {name!r}")
    value = getattr(import_module(where), name)
    globals()[name] = value
    return value


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
