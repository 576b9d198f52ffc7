"""The options that choose a duel's card scripts (``--scripts DIR``, ``--prefer``)
and ``--list-missing``, shared by every command that plays, and the one line per
deck they print (:mod:`ygo.playable`)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import click

from ygo.errors import YgoError
from ygo.playable import DeckReport, ScriptChoice
from ygo.scripting import ENV, Combined
from ygo.textsafe import plain

F = TypeVar("F", bound=Callable[..., Any])

SCRIPTS_HELP = (
    "A folder of YGOPro Lua card scripts (a YGOPro installation's script/ folder): "
    f"cards without a native script play from it. Default: ${ENV}, else native scripts only."
)
PREFER_HELP = "Which script plays a card that has both (lua: for testing the Lua scripts)."
MISSING_HELP = (
    "List each deck's cards that have an effect and no behaviour (neither native nor Lua)."
)


def choice_options(fn: F) -> F:
    """Add ``--scripts DIR`` and ``--prefer native|lua`` (parameters
    ``scripts_dir``, ``prefer``)."""
    fn = click.option(
        "--prefer",
        type=click.Choice(["native", "lua"], case_sensitive=False),
        default="native",
        show_default=True,
        help=PREFER_HELP,
    )(fn)
    fn = click.option("--scripts", "scripts_dir", metavar="DIR", default=None, help=SCRIPTS_HELP)(
        fn
    )
    return fn


def script_options(fn: F) -> F:
    """Add ``--scripts DIR``, ``--prefer native|lua`` and ``--list-missing``
    (parameters ``scripts_dir``, ``prefer``, ``list_missing``)."""
    fn = click.option("--list-missing", is_flag=True, help=MISSING_HELP)(fn)
    return choice_options(fn)


def choose(scripts_dir: str | None, prefer: str) -> ScriptChoice:
    """The user's scripts (the Lua scripts read the cards' data from the global
    ``--cards`` databases too); a bad folder is a one-line error (exit 1 under
    ``handle_errors``)."""
    return ScriptChoice.named(scripts_dir, prefer, _cdb_files())


def _cdb_files() -> tuple[str, ...]:
    """The global ``--cards`` files of the command being run (none outside one)."""
    from ygo.cli.common import AppState

    ctx = click.get_current_context(silent=True)
    state = ctx.find_object(AppState) if ctx is not None else None
    return tuple(str(f) for f in state.cdb_files) if state is not None else ()


def tell(reports: Iterable[DeckReport], list_missing: bool, *, err: bool = True) -> None:
    """Print each deck's line (when it has something to say, or ``list_missing``)
    and, with ``list_missing``, its cards without a behaviour. To stderr by
    default: a command's own output stays its own."""
    for r in reports:
        if not (r.shown or list_missing):
            continue
        lines = r.lines(list_missing)
        head = "warning" if r.missing else "note"
        click.echo(plain(f"{head}: {lines[0]}"), err=err)
        for line in lines[1:]:
            click.echo(plain(line), err=err)


def scripts_option(fn: F) -> F:
    """Add ``--scripts DIR`` alone (parameter ``scripts_dir``): for ``ygo replay``,
    whose replay says which scripts come first."""
    return click.option(
        "--scripts",
        "scripts_dir",
        metavar="DIR",
        default=None,
        help="The folder of YGOPro Lua card scripts a replay recorded with Lua scripts "
        f"needs (default ${ENV}); a replay of the native scripts alone ignores it.",
    )(fn)


def replay_scripts(recorded: str, scripts_dir: str | None) -> Combined:
    """The scripts to re-run a replay with: what it ``recorded`` (``Replay.scripts``:
    "" native alone, "lua" or "lua-first"), the Lua folder from ``scripts_dir`` or
    ``$YGO_SCRIPTS``; a replay that needs a folder none names is a one-line error."""
    if not recorded:
        return ScriptChoice().source()
    prefer = "lua" if recorded == "lua-first" else "native"
    if not (scripts_dir or os.environ.get(ENV)):
        first = "Lua first (--prefer lua)" if prefer == "lua" else "native first"
        raise YgoError(
            f"this replay was played with YGOPro Lua card scripts ({first}): name their "
            f"folder with --scripts DIR or ${ENV}"
        )
    return ScriptChoice.named(scripts_dir, prefer, _cdb_files()).source()
