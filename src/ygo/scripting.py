"""Which card scripts a duel plays with: the project's own (native Python
scripts, :mod:`ygo.cards.scripts`), a user's YGOPro Lua scripts (:mod:`ygo.lua`,
read from a folder the user names), or both.

A card's behaviour comes from its native script when it has one and from its
Lua script otherwise (``prefer="lua"`` turns that round, for testing the Lua
scripts against the native ones). The Lua folder is named by ``--scripts DIR``
on the commands that play, or by the ``YGO_SCRIPTS`` environment variable;
without either, duels play with the native scripts only. Nothing here is
imported by the engine: a duel is given the source (``Duel(..., scripts=...)``).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from ygo.cards.scripts import Scripts, default_scripts
from ygo.core.card import CardData, CardSource
from ygo.effects import Effect

if TYPE_CHECKING:
    from ygo.lua.source import LuaScripts

ENV = "YGO_SCRIPTS"
"""The environment variable naming a folder of YGOPro Lua card scripts."""

PREFER = ("native", "lua")


class Behaviour(StrEnum):
    """Where a card's behaviour comes from in a duel."""

    NATIVE = "native"
    """The project's own Python script."""
    LUA = "lua"
    """The user's YGOPro Lua script, run by :mod:`ygo.lua`."""
    NONE = "none"
    """No script: the card plays as its printed stats (or, a Spell/Trap, can
    only be Set)."""


class Combined:
    """A script source (``ygo.engine.setup.ScriptSource``): native scripts and
    Lua scripts, one of them preferred where both exist."""

    def __init__(
        self, native: Scripts, lua: LuaScripts | None = None, prefer: str = "native"
    ) -> None:
        if prefer not in PREFER:
            raise ValueError(f"prefer must be one of {', '.join(PREFER)}, not {prefer!r}")
        self.native = native
        self.lua = lua
        self.prefer = prefer

    def kind(self, code: int) -> Behaviour:
        """Which script plays card ``code`` (its own passcode only; see :meth:`behaviour`)."""
        native = self.native.has(code)
        lua = self.lua is not None and self.lua.has(code)
        if native and lua:
            return Behaviour.LUA if self.prefer == "lua" else Behaviour.NATIVE
        if native:
            return Behaviour.NATIVE
        return Behaviour.LUA if lua else Behaviour.NONE

    def behaviour(self, card: CardData) -> Behaviour:
        """Which script plays ``card``: its own, or that of the card it is an
        alternate artwork of."""
        kind = self.kind(card.code)
        if kind == Behaviour.NONE and card.alias:
            kind = self.kind(card.alias)
        return kind

    def effects(self, code: int) -> tuple[Effect, ...]:
        kind = self.kind(code)
        if kind == Behaviour.NATIVE:
            return self.native.effects(code)
        if kind == Behaviour.LUA:
            assert self.lua is not None
            return self.lua.effects(code)
        return ()

    def has(self, code: int) -> bool:
        return self.kind(code) != Behaviour.NONE


def lua_folder(folder: str | Path | None = None) -> Path | None:
    """The Lua script folder: ``folder``, else ``$YGO_SCRIPTS``, else None."""
    if folder is None or folder == "":
        folder = os.environ.get(ENV) or None
    return None if folder is None else Path(folder)


def script_source(
    folder: str | Path | None = None, prefer: str = "native", cards: CardSource | None = None
) -> Combined:
    """The scripts a duel plays with: the native ones, and the Lua scripts of
    ``folder`` (or ``$YGO_SCRIPTS``) when one is named; ``cards`` gives the
    printed data a Lua card's ``initial_effect`` reads (default: the embedded
    pool). Raises :class:`ygo.lua.LuaError` (a one-line message) when the
    folder is not a YGOPro script folder or the Lua extra is not installed."""
    path = lua_folder(folder)
    lua = None
    if path is not None:
        from ygo.lua.source import LuaScripts

        lua = LuaScripts(path, cards)
    return Combined(default_scripts(), lua, prefer)


def unplayable(source: Combined, cards: Iterable[CardData]) -> list[CardData]:
    """The cards among ``cards`` that have an effect to play and no script for
    it (neither native nor Lua), once each, in order."""
    from ygo.engine.explain import effect_free

    out: list[CardData] = []
    seen: set[int] = set()
    for card in cards:
        if card.code in seen:
            continue
        seen.add(card.code)
        if not effect_free(card) and source.behaviour(card) == Behaviour.NONE:
            out.append(card)
    return out
