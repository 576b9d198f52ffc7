"""Shared pieces of the command line: the card database, errors, output."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import wraps
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import click
from rich.console import Console

from ygo.cards.db import CardDB
from ygo.core.deck import Deck
from ygo.errors import YgoError
from ygo.rules import Ruleset
from ygo.textsafe import plain

P = ParamSpec("P")
R = TypeVar("R")

#: Exit codes: 0 ok, 1 invalid input, 2 usage error (click's own).
EXIT_INVALID = 1


@dataclass
class AppState:
    """What the global options set up, shared by every subcommand."""

    cdb_files: tuple[str | Path, ...] = ()
    _db: CardDB | None = field(default=None, repr=False)

    def db(self) -> CardDB:
        """The embedded pool with every ``--cards`` database loaded over it."""
        if self._db is None:
            from ygo.cards.pool import embedded_pool

            db = embedded_pool()
            if self.cdb_files:
                from ygo.cards.cdb import read_cdb
                from ygo.errors import CardDatabaseError
                from ygo.formats.files import check_regular

                for path in self.cdb_files:
                    # An empty path, a FIFO or a device is refused before SQLite sees it
                    # (read_cdb names a missing file or a directory itself).
                    if not os.fspath(path).strip() or os.path.exists(path):
                        if not os.path.isdir(path):
                            check_regular(path, "card database", CardDatabaseError)
                        if not os.access(path, os.R_OK):
                            raise CardDatabaseError(f"{path}: cannot read: permission denied")
                    db = db.overlay(read_cdb(path))
                from ygo.lua.template import register_cards

                register_cards(db.maybe)  # (a Lua script's initial_effect reads its card)
            self._db = db
        return self._db


def app_state() -> AppState:
    ctx = click.get_current_context()
    obj = ctx.find_object(AppState)
    if obj is None:  # a subcommand invoked on its own, in tests
        obj = ctx.ensure_object(AppState)
    return obj


def console() -> Console:
    return Console(highlight=False, soft_wrap=False)


def fail(message: str) -> None:
    """Print a one-line error to stderr and exit with the invalid-input code.

    The message may quote outside text (a card name, a file's line): control
    characters are replaced, so it stays one line and cannot drive the terminal.
    """
    click.echo(f"error: {plain(message)}", err=True)
    sys.exit(EXIT_INVALID)


def handle_errors(fn: Callable[P, R]) -> Callable[P, R]:
    """Turn any :class:`YgoError` into a one-line message and exit code 1; so
    too a user's Lua card script that fails during a duel (its message names
    the card and the function), until the duel itself survives one."""

    @wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except YgoError as exc:
            fail(str(exc))
            raise AssertionError("unreachable") from exc
        except Exception as exc:
            if not _lua_script_error(exc):
                raise
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            fail(f"a Lua card script failed, the duel stopped: {first}")
            raise AssertionError("unreachable") from exc

    return wrapper


def _lua_script_error(exc: BaseException) -> bool:
    """Whether ``exc`` is the Lua bridge's error from a card function (looked up
    without importing ``ygo.lua``: only a duel with Lua scripts loads it)."""
    call = sys.modules.get("ygo.lua.call")
    cls = getattr(call, "ScriptError", None)
    return isinstance(cls, type) and isinstance(exc, cls)


def print_json(data: Any) -> None:
    """Print JSON; C1 control characters (which ``json`` leaves raw) are escaped too."""
    text = json.dumps(data, ensure_ascii=False, indent=2)
    click.echo(_C1.sub(lambda m: f"\\u{ord(m.group()):04x}", text))


_C1 = re.compile("[\x7f-\x9f]")


def load_duel_decks(
    sources: tuple[str, str],
    ruleset: Ruleset,
    scripts: Any = None,
    *,
    list_missing: bool = False,
    seats: tuple[str, str] = ("P0", "P1"),
) -> tuple[Deck, Deck]:
    """Load two decks for a duel; warn on stderr about any that breaks the deck
    rules (the duel is still played: tests and experiments use odd decks). With
    the duel's ``scripts``, say in one line per deck how many of its cards have
    no behaviour (``ygo.playable``; ``seats`` name the decks' players), and list
    them with ``list_missing``."""
    from ygo.deckcheck import check_deck
    from ygo.formats.decks import load_deck

    db = app_state().db()
    decks = (load_deck(sources[0], db), load_deck(sources[1], db))
    for source, deck in zip(sources, decks, strict=True):
        problems = check_deck(deck, db, ruleset)
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            click.echo(
                plain(f"warning: {source} breaks the deck rules: {problems[0]}{more}"), err=True
            )
    if scripts is not None:
        from ygo.cli.scripts import tell
        from ygo.playable import deck_label, deck_report

        tell(
            (
                deck_report(deck, db, scripts, f"{seat} {deck_label(deck, source)}")
                for seat, deck, source in zip(seats, decks, sources, strict=True)
            ),
            list_missing,
        )
    return decks
