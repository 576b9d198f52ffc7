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

from ygo.cards.pool import embedded_pool
from ygo.cards.scripts import default_scripts
from ygo.core.card import CardSource
from ygo.engine import duel as _engine
from ygo.engine.setup import ScriptSource

__all__ = ["Duel", "default_scripts", "embedded_pool"]


class Duel(_engine.Duel):
    """A duel (:class:`ygo.engine.duel.Duel`), by default with the embedded pool
    and the project's card scripts. Its constructor and ``load`` are the engine's
    (the same arguments, the same checks); only the defaults they ask for are
    this class's."""

    __slots__ = ()

    @classmethod
    def _with_defaults(
        cls, db: CardSource | None, scripts: ScriptSource | None
    ) -> tuple[CardSource, ScriptSource]:
        return (
            embedded_pool() if db is None else db,
            default_scripts() if scripts is None else scripts,
        )
