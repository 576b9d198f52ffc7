"""The package's front door for a duel: :class:`Duel` is the engine's duel
(:class:`ygo.engine.duel.Duel`) with the two things the engine never chooses
for itself filled in when they are left out: the card source (the embedded
pool, :func:`ygo.cards.pool.embedded_pool`) and the card scripts (the
project's own, :func:`ygo.cards.scripts.default_scripts`).

The engine imports nothing above itself, so it has no defaults: a program that
builds a duel from a user's ``cards.cdb`` and other scripts passes both, and
that duel's Tokens come from that card source and its agents read those scripts
(``View.scripts``). Everything above the engine (the command line, the web
table, matches, replays, the environment) builds its duels here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from ygo.cards.pool import embedded_pool
from ygo.cards.scripts import default_scripts
from ygo.core.card import CardSource
from ygo.engine import duel as _engine
from ygo.engine.duel import DeckLike
from ygo.engine.setup import ScriptSource
from ygo.rules import Ruleset

__all__ = ["Duel", "default_scripts", "embedded_pool"]


class Duel(_engine.Duel):
    """A duel (:class:`ygo.engine.duel.Duel`), by default with the embedded pool
    and the project's card scripts."""

    __slots__ = ()

    def __init__(
        self,
        decks: tuple[DeckLike, DeckLike] | Sequence[DeckLike],
        ruleset: Ruleset | None = None,
        seed: int = 0,
        *,
        db: CardSource | None = None,
        first: int | None = None,
        scripts: ScriptSource | None = None,
    ) -> None:
        super().__init__(
            decks,
            ruleset,
            seed,
            db=embedded_pool() if db is None else db,
            first=first,
            scripts=default_scripts() if scripts is None else scripts,
        )

    @classmethod
    def load(
        cls, data: bytes, scripts: ScriptSource | None = None, db: CardSource | None = None
    ) -> Self:
        """:meth:`ygo.engine.duel.Duel.load`, with the project's scripts and the
        embedded pool when they are left out."""
        return super().load(
            data,
            default_scripts() if scripts is None else scripts,
            embedded_pool() if db is None else db,
        )
