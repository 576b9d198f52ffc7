"""`ygo lua` commands: a user's YGOPro Lua card scripts (``ygo.lua``)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from ygo.cli.common import app_state, handle_errors, print_json
from ygo.core.deck import Deck
from ygo.textsafe import plain


@click.group(name="lua")
def group() -> None:
    """YGOPro Lua card scripts: measure how many of a folder's scripts ygo runs."""


def _codes(text: str) -> list[int]:
    out = []
    for part in text.replace(",", " ").split():
        if not part.isdigit() or len(part) > 19:
            raise click.BadParameter(f"{part!r} is not a passcode", param_hint="--cards")
        out.append(int(part))
    return out


def _decks(paths: tuple[str, ...]) -> list[tuple[str, Deck]]:
    from ygo.formats.decks import load_deck

    files: list[Path] = []
    for p in map(Path, paths):
        files += sorted(p.glob("*.ydk")) if p.is_dir() else [p]
    out = []
    for f in files:
        out.append((f.name, load_deck(str(f))))  # (as written: every copy counts)
    return out


@group.command(name="scan")
@click.argument("folder", metavar="DIR", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--cards", "cards", metavar="CODES", help="Scan only these passcodes (comma-separated)."
)
@click.option(
    "--limit", type=click.IntRange(min=0), help="Scan only the first N scripts (by passcode)."
)
@click.option(
    "--decks",
    "decks",
    multiple=True,
    metavar="PATH",
    help="Count the card copies of these decks too: a .ydk file or a folder of them (repeatable).",
)
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes.")  # fmt: skip
@click.option(
    "--decisions",
    type=click.IntRange(min=1),
    default=300,
    show_default=True,
    help="Decisions a card's smoke duel takes at most.",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0.1),
    default=60.0,
    show_default=True,
    help="Seconds a card may take (both stages); a card over it is a timeout.",
)
@click.option("--seed", type=click.IntRange(min=0, max=2**32), default=0, show_default=True,
              help="Seed of the smoke duels (each card adds its passcode).")  # fmt: skip
@click.option("--top", type=click.IntRange(min=1), default=30, show_default=True,
              help="Rows of each top list.")  # fmt: skip
@click.option("--json", "as_json", is_flag=True,
              help="Print JSON: the counts, the top lists and every card's report.")  # fmt: skip
@click.option("--progress/--no-progress", default=None,
              help="Progress lines on stderr (default: when stderr is a terminal).")  # fmt: skip
@handle_errors
def scan_cmd(
    folder: Path,
    cards: str | None,
    limit: int | None,
    decks: tuple[str, ...],
    jobs: int,
    decisions: int,
    timeout: float,
    seed: int,
    top: int,
    as_json: bool,
    progress: bool | None,
) -> None:
    """Run every card script of DIR (a YGOPro script/ folder) and report.

    Each script's initial_effect runs (registered, unsupported: what, or error);
    each registered card the card database knows plays a smoke duel: its copies
    in their natural places, every activation it offers tried, a random
    opponent, at most --decisions decisions (passed, unsupported API function,
    error, or engine crash). The card database is the embedded pool with each
    global --cards FILE.cdb over it: `ygo --cards cards.cdb lua scan DIR`.
    The scan never stops at a card: a script that loops forever is a timeout.
    """
    from ygo.lua.scan import progress_printer, render, scan, script_codes, summarize

    db = app_state().db()
    if not folder.is_dir():
        raise click.BadParameter(f"{folder} is not a folder", param_hint="DIR")
    codes = script_codes(folder)
    if cards is not None:
        codes = _codes(cards)
    if limit is not None:
        codes = codes[:limit]
    deck_list = _decks(decks) if decks else []
    if progress is None:
        progress = sys.stderr.isatty()
    t0 = time.perf_counter()
    reports = scan(folder, db, codes, jobs=jobs, decisions=decisions, timeout=timeout, seed=seed,
                   progress=progress_printer() if progress else None)  # fmt: skip
    seconds = time.perf_counter() - t0
    summary = summarize(reports, folder, db, deck_list, top)
    summary.update(seconds=round(seconds, 1), jobs=jobs, decisions=decisions)
    if len(db) < 1000 and not as_json:
        click.echo(
            f"note: the card database has {len(db)} cards: a script of a card it does not know "
            "plays no smoke duel (give one: ygo --cards cards.cdb lua scan DIR)",
            err=True,
        )
    if as_json:
        from dataclasses import asdict

        summary["cards"] = [asdict(r) for r in reports]
        print_json(summary)
        return
    for line in render(summary):
        click.echo(plain(line))
