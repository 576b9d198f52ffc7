"""Telling the user what plays each card: the project's own script (native), the
user's YGOPro Lua script, or nothing.

:class:`ScriptChoice` is the user's choice of scripts (``--scripts DIR`` or
``$YGO_SCRIPTS``, ``--prefer native|lua``) as plain data: it crosses to worker
processes (``ygo tournament``, ``ygo arena --jobs``) and builds its script source
(:class:`ygo.scripting.Combined`) there, the Lua folder loaded once per process.

:func:`deck_report` counts the cards of a deck that have an effect and no
behaviour, neither native nor Lua (:func:`ygo.scripting.unplayable`: Normal
monsters and other effect-free cards do not count); :meth:`DeckReport.line` is
the one line every command that plays prints for each deck, and
:meth:`DeckReport.listing` the list ``--list-missing`` asks for.
:func:`behaviour_of` and :func:`behaviour_text` say which behaviour one card has
under any script source (``ygo cards show``, ``i CARD`` in ``ygo play``).
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ygo.core.card import CardData, CardSource
from ygo.core.deck import Deck
from ygo.errors import InvalidArgumentError, YgoError
from ygo.scripting import ENV, PREFER, Behaviour, Combined, unplayable

if TYPE_CHECKING:
    from ygo.lua.source import LuaScripts

__all__ = [
    "NATIVE_ONLY",
    "DeckReport",
    "Missing",
    "ScriptChoice",
    "behaviour_of",
    "behaviour_text",
    "deck_report",
]


@cache
def _lua(folder: str, cards: tuple[str, ...] = ()) -> LuaScripts:
    """The Lua scripts of ``folder``, loaded once per process (they are code, not
    a duel's state); their ``initial_effect`` reads the cards' printed data from
    the embedded pool with the card databases ``cards`` over it."""
    from ygo.lua.source import LuaScripts

    db = None
    if cards:
        from ygo.cards.cdb import read_cdb
        from ygo.cards.pool import embedded_pool

        db = embedded_pool()
        for path in cards:
            db = db.overlay(read_cdb(path))
    return LuaScripts(folder, db)


@dataclass(frozen=True, slots=True)
class ScriptChoice:
    """Which scripts duels play with: the native scripts, and the Lua scripts of
    ``folder`` (an absolute path; None: native only), ``prefer`` winning where a
    card has both."""

    folder: str | None = None
    prefer: str = "native"
    cards: tuple[str, ...] = ()
    """Card database files (the global ``--cards``) whose records a Lua card's
    ``initial_effect`` reads, over the embedded pool."""

    @classmethod
    def named(
        cls, folder: str | Path | None = None, prefer: str = "native", cards: tuple[str, ...] = ()
    ) -> ScriptChoice:
        """The user's choice: ``folder`` (``--scripts``), else ``$YGO_SCRIPTS``, else
        none. The folder is checked here, its scripts loaded once: a folder that
        is missing or not a YGOPro script folder, or a missing ``lupa``, raises a
        :class:`~ygo.errors.YgoError` whose one line says where the folder was
        named."""
        prefer = prefer.lower()
        if prefer not in PREFER:
            raise InvalidArgumentError(f"--prefer must be one of {', '.join(PREFER)}")
        origin = "--scripts"
        if folder is None or str(folder) == "":
            folder = os.environ.get(ENV) or None
            origin = ENV
        if folder is None:
            if prefer == "lua":
                raise InvalidArgumentError(
                    f"--prefer lua needs a folder of Lua card scripts (--scripts DIR or {ENV})"
                )
            return cls(None, prefer)
        path = os.path.abspath(os.path.expanduser(os.fspath(folder)))
        choice = cls(path, prefer, tuple(os.path.abspath(c) for c in cards))
        try:
            choice.source()
        except YgoError as exc:
            raise YgoError(f"{origin}: {exc}") from None
        return choice

    @property
    def uses_lua(self) -> bool:
        return self.folder is not None

    def source(self) -> Combined:
        """The script source (the Lua folder loaded once per process)."""
        from ygo.cards import scripts  # looked up here: tests swap the native scripts

        lua = None if self.folder is None else _lua(self.folder, self.cards)
        return Combined(scripts.default_scripts(), lua, self.prefer)

    @property
    def tag(self) -> str:
        """What results played with these scripts are keyed by ("" for native only)."""
        return "" if self.folder is None else f"lua:{self.prefer}:{self.folder}"

    def describe(self) -> str:
        """One line: which scripts play."""
        if self.folder is None:
            return "card scripts: native only (name YGOPro's scripts with --scripts DIR)"
        if self.prefer == "lua":
            return f"card scripts: Lua from {self.folder} first, then native"
        return f"card scripts: native, then Lua from {self.folder}"


NATIVE_ONLY = ScriptChoice()
"""The native scripts alone (what duels play with when no Lua folder is named)."""


def behaviour_of(scripts: Any, card: CardData) -> Behaviour:
    """Which script plays ``card`` under a duel's script source ``scripts``: a
    :class:`~ygo.scripting.Combined` says; any other source counts as native."""
    if isinstance(scripts, Combined):
        return scripts.behaviour(card)
    has = getattr(scripts, "has", None)
    codes = (card.code, card.alias) if card.alias else (card.code,)
    if has is not None:
        found = any(has(c) for c in codes)
    else:
        found = any(scripts.effects(c) for c in codes)
    return Behaviour.NATIVE if found else Behaviour.NONE


def lua_reason(scripts: Any, card: CardData) -> str | None:
    """Why ``card`` has no Lua behaviour (``LuaScripts.error``), when ``scripts``
    has a Lua folder; None otherwise. A card without a script of its own says
    why its alias's script fails, if it has one."""
    lua = getattr(scripts, "lua", None)
    if lua is None:
        return None
    reason: str | None = lua.error(card.code)
    if card.alias and not (Path(lua.folder) / f"c{card.code}.lua").is_file():
        reason = lua.error(card.alias) or reason
    return reason


def behaviour_text(scripts: Any, card: CardData) -> str:
    """A card's behaviour in words: native, Lua (with its file) or none (with the
    reason a Lua script gave, when it failed)."""
    from ygo.engine.explain import effect_free

    kind = behaviour_of(scripts, card)
    if kind == Behaviour.NATIVE:
        return "native (the project's own script plays its effect)"
    if kind == Behaviour.LUA:
        code = card.code if scripts.lua.has(card.code) else card.alias
        return f"Lua (c{code}.lua plays its effect)"
    if effect_free(card):
        return "none needed (the card has no effect)"
    text = "none: its effect is not implemented yet (it plays as its printed stats)"
    reason = lua_reason(scripts, card)
    if reason:
        text += f"; Lua: {reason}"
    return text


@dataclass(frozen=True, slots=True)
class Missing:
    """A card of a deck with an effect and no behaviour."""

    card: CardData
    copies: int
    reason: str | None
    """Why its Lua script gives it none (None: no Lua folder was named)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.card.code,
            "name": self.card.name,
            "copies": self.copies,
            "reason": self.reason,
        }


@dataclass(frozen=True, slots=True)
class DeckReport:
    """Which cards of one deck (Main, Extra and Side) play native, Lua or not at all."""

    label: str
    effect_cards: int
    """Distinct cards with an effect to play."""
    native: int
    lua: int
    missing: tuple[Missing, ...]
    uses_lua: bool
    """Whether a Lua folder was named."""

    @property
    def copies(self) -> int:
        """Copies of the cards in :attr:`missing`."""
        return sum(m.copies for m in self.missing)

    @property
    def shown(self) -> bool:
        """Whether the commands that play print this report unasked: when some card
        has no behaviour, or when the user named a Lua folder."""
        return bool(self.missing) or self.uses_lua

    def line(self, listed: bool = False) -> str:
        """The one line: how many cards have no behaviour, of how many with an
        effect, and how the rest play. ``listed``: the list follows."""
        plays = f"{self.native} native" + (f", {self.lua} Lua" if self.uses_lua else "")
        if not self.effect_cards:
            return f"{self.label}: no card has an effect to play"
        if not self.missing:
            return f"{self.label}: every card with an effect has a behaviour ({plays})"
        n, copies = len(self.missing), self.copies
        text = (
            f"{self.label}: {n} of {self.effect_cards} cards with an effect have no "
            f"behaviour ({copies} {'copy' if copies == 1 else 'copies'}); {self.native} "
            f"play native, " + (f"{self.lua} Lua" if self.uses_lua else "no Lua folder named")
        )
        if listed:
            return text + ":"
        return text + "; --list-missing lists them"

    def listing(self) -> list[str]:
        """One line per card without a behaviour: passcode, name, copies, and why
        its Lua script gives it none."""
        out = []
        for m in self.missing:
            text = f"  {m.card.code:>9}  {m.card.name} x{m.copies}"
            if m.reason:
                text += f" ({m.reason})"
            out.append(text)
        return out

    def lines(self, listed: bool = False) -> list[str]:
        return [self.line(listed), *(self.listing() if listed and self.missing else [])]

    def to_dict(self) -> dict[str, Any]:
        return {
            "effect_cards": self.effect_cards,
            "native": self.native,
            "lua": self.lua,
            "missing": len(self.missing),
            "missing_copies": self.copies,
            "cards": [m.to_dict() for m in self.missing],
        }


def deck_report(deck: Deck, db: CardSource, scripts: Any, label: str) -> DeckReport:
    """How the cards of ``deck`` (Main, Extra, Side; passcodes ``db`` does not
    know are left out) play under ``scripts``: counts by behaviour and the cards
    with an effect and no behaviour (:func:`ygo.scripting.unplayable`)."""
    from ygo.engine.explain import effect_free

    copies: Counter[int] = Counter(deck.all_cards())
    cards: list[CardData] = []
    for code in copies:
        try:
            cards.append(db.get(code))
        except (KeyError, YgoError):
            continue
    source = scripts if isinstance(scripts, Combined) else None
    effect = [c for c in cards if not effect_free(c)]
    kinds = Counter(behaviour_of(scripts, c) for c in effect)
    if source is not None:
        missing_cards = unplayable(source, cards)
    else:
        missing_cards = [c for c in effect if behaviour_of(scripts, c) == Behaviour.NONE]
    missing = tuple(Missing(c, copies[c.code], lua_reason(scripts, c)) for c in missing_cards)
    return DeckReport(
        label=label,
        effect_cards=len(effect),
        native=kinds[Behaviour.NATIVE],
        lua=kinds[Behaviour.LUA],
        missing=missing,
        uses_lua=getattr(scripts, "lua", None) is not None,
    )


def deck_label(deck: Deck, source: str) -> str:
    """How a report names a deck: its name, else the source it was read from
    (a long ``ydke://`` URL shortened)."""
    if deck.name:
        return deck.name
    return source if len(source) <= 40 else source[:37] + "..."
