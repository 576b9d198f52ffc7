"""What a card's ``initial_effect`` may read of its own card: its printed data.

YGOPro's ``initial_effect`` runs on the card itself, and procedures read it
there (``aux.AddSynchroProcedure`` takes the monster's Level for its largest
number of materials). ygo runs it once per passcode on a *template card*, in a
check call over a :class:`TemplateState`: the card's printed data and nothing
of a duel (a read of anything else fails, naming it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ygo.core.card import CardData
from ygo.core.state import NONE
from ygo.lua.call import ScriptError

CardDataLookup = Callable[[int], "CardData | None"]


class TemplateState:
    """A duel of one card, the template (uid 0), outside every zone."""

    def __init__(self, data: CardData) -> None:
        self.data = [data]
        self.ctype = [int(data.type)]
        self.loc = [0]
        self.seq = [0]
        self.pos = [0]
        self.ctrl = [0]
        self.owner = [0]
        self.fid = [0]
        self.reason = [0]
        self.sumtype = [0]
        self.status = [0]
        self.bound = [NONE]
        self.bound_fid = [0]
        self.counters = [0]
        self.overlay: list[list[int]] = [[], []]
        self.modders: list[Any] = []
        self.granted: list[Any] = []
        self.script_vals: dict[str, tuple[int, ...]] = {}
        self.fx: list[tuple[Any, ...]] = [(None,)]

    def __getattr__(self, name: str) -> Any:
        raise ScriptError(f"initial_effect read the duel ({name}), which it has not yet")

    def clone(self) -> TemplateState:
        raise ScriptError("initial_effect changed the duel")


_LOOKUPS: list[CardDataLookup] = []


def register_cards(lookup: CardDataLookup) -> None:
    """Let ``initial_effect`` read the cards ``lookup`` knows (the program's card
    database, with the user's ``--cards`` over the embedded pool)."""
    if lookup not in _LOOKUPS:
        _LOOKUPS.insert(0, lookup)


def embedded_lookup(code: int) -> CardData | None:
    """The card data of ``code``: from the databases registered
    (:func:`register_cards`), else the embedded pool; None if none knows it."""
    from ygo.cards.pool import embedded_pool

    for lookup in _LOOKUPS:
        data = lookup(code)
        if data is not None:
            return data
    return embedded_pool().maybe(code)
