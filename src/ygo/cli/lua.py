"""`ygo lua` commands: a user's YGOPro Lua card scripts (``ygo.lua``)."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

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


@group.command(name="duels")
@click.argument("decks", nargs=-1, required=True, metavar="DECKS...",
                type=click.Path(exists=True, path_type=Path))  # fmt: skip
@click.option("--scripts", "folder", metavar="DIR",
              help="The YGOPro script folder (default: $YGO_SCRIPTS).")  # fmt: skip
@click.option("--prefer", type=click.Choice(["native", "lua"]), default="native",
              show_default=True, help="Which script plays a card that has both.")  # fmt: skip
@click.option("--duels", type=click.IntRange(min=1), default=1000, show_default=True)
@click.option("--seed", type=click.IntRange(min=0, max=2**32), default=0, show_default=True)
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes.")  # fmt: skip
@click.option("--agent", default="rule", show_default=True,
              help="The agent both players use (ygo agents lists them).")  # fmt: skip
@click.option("--baselines/--no-baselines", default=True, show_default=True,
              help="Also play the same duels without Lua and the starter decks.")  # fmt: skip
@click.option("--top", type=click.IntRange(min=1), default=15, show_default=True,
              help="Rows of the tables by card.")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@handle_errors
def duels_cmd(
    decks: tuple[Path, ...],
    folder: str | None,
    prefer: str,
    duels: int,
    seed: int,
    jobs: int,
    agent: str,
    baselines: bool,
    top: int,
    as_json: bool,
) -> None:
    """Seeded duels of DECKS (.ydk files or folders of them), agent against
    agent (the rule agent by default), with the Lua scripts: program errors, SCRIPT_ERROR events by
    card, script failures by card and function, chain links per duel.

    Duel i has seed --seed + i and two decks drawn from that seed. With
    --baselines the same duels play without Lua, and --duels duels of the
    starter decks (Yugi against Kaiba) with and without Lua (--prefer lua), to
    compare. A deck the card database cannot load (unknown passcodes) is left
    out and named. Exits 1 when a program error ended a duel.
    """
    import logging

    from ygo.agents.registry import AGENTS
    from ygo.data import starter_deck
    from ygo.errors import YgoError
    from ygo.formats import read_ydk
    from ygo.lua.duels import run_jobs
    from ygo.playable import NATIVE_ONLY, ScriptChoice

    logging.getLogger("ygo.lua").setLevel(logging.ERROR)  # (counted in the report instead)
    if agent not in AGENTS:
        raise click.BadParameter(f"unknown agent {agent!r}", param_hint="--agent")
    db = app_state().db()
    choice = ScriptChoice.named(folder, prefer)
    if not choice.uses_lua:
        raise click.UsageError("name the Lua scripts: --scripts DIR or $YGO_SCRIPTS")
    files: list[Path] = []
    for p in decks:
        files += sorted(p.glob("*.ydk")) if p.is_dir() else [p]
    loaded: list[tuple[str, Deck]] = []
    skipped: list[str] = []
    for f in files:
        try:
            loaded.append((f.stem, read_ydk(f, db=db)))
        except YgoError as exc:
            why = str(exc).splitlines()[0].split(": ", 1)[-1]
            skipped.append(f"{f.name}: {why.split(':', 1)[0][:80]}")
    if not loaded:
        raise click.BadParameter("no deck could be loaded", param_hint="DECKS")
    runs = [("lua", loaded, choice, False)]
    if baselines:
        starters = [("yugi", starter_deck("yugi")), ("kaiba", starter_deck("kaiba"))]
        runs += [("native", loaded, NATIVE_ONLY, False),
                 ("starter", starters, NATIVE_ONLY, True),
                 ("starter-lua", starters, ScriptChoice(choice.folder, "lua"), True)]  # fmt: skip
    results = []
    for label, ds, sc, fixed in runs:
        if not as_json:
            click.echo(f"{label}: {duels} duels...", err=True)
        report = run_jobs(label, ds, sc, duels, seed, db, jobs, fixed, (agent, agent))
        results.append(report.to_dict(top))
    data = {"decks": [n for n, _ in loaded], "skipped": skipped, "seed": seed,
            "scripts": choice.folder, "prefer": prefer, "agent": agent,
            "runs": results}  # fmt: skip
    if as_json:
        print_json(data)
    else:
        for line in _render_duels(data):
            click.echo(plain(line))
    if any(r["ended_by_error"] for r in results):
        sys.exit(1)


def _render_duels(data: dict[str, Any]) -> list[str]:
    out = [f"{len(data['decks'])} decks loaded, {len(data['skipped'])} left out"]
    out += [f"  left out: {s}" for s in data["skipped"]]
    head = f"{'run':12}{'duels':>7}{'errors':>8}{'stalled':>8}{'SCRIPT_ERROR':>13}"
    head += f"{'in duels':>9}{'failures':>9}{'links':>7}{'turns':>7}{'dec.':>7}{'s':>7}"
    out.append(head)
    for r in data["runs"]:
        out.append(
            f"{r['label']:12}{r['duels']:7}{r['ended_by_error']:8}{r['stalled']:8}"
            f"{r['script_error_events']:13}{r['duels_with_script_errors']:9}"
            f"{r['script_failures']:9}{r['chain_links_per_duel']:7.2f}{r['turns_per_duel']:7.1f}"
            f"{r['decisions_per_duel']:7.0f}{r['seconds']:7.1f}"
        )
    for r in data["runs"]:
        for e in r["program_errors"]:
            out.append(f"{r['label']}: program error in duel {e['duel']} (seed {e['seed']}, "
                       f"{' vs '.join(e['decks'])}): {e['error']} at {e['where']}")  # fmt: skip
        if r["script_error_events_by_card"]:
            out.append(f"{r['label']}: SCRIPT_ERROR events by card")
            out += [f"  {x['events']:6}  {x['name']} ({x['code']})"
                    for x in r["script_error_events_by_card"]]  # fmt: skip
        if r["script_failures_by_function"]:
            out.append(f"{r['label']}: script failures by card and function")
            out += [f"  {x['count']:6}  {x['message']}" for x in r["script_failures_by_function"]]
    return out
