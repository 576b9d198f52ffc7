"""``ygo tournament``: a deck matrix, locally or on Ray (``ygo.tournament``)."""

from __future__ import annotations

import os
from pathlib import Path

import click
from rich.table import Table

from ygo.agents.registry import AGENTS
from ygo.cli.common import app_state, console, handle_errors
from ygo.cli.scripts import choose, script_options, tell
from ygo.errors import YgoError
from ygo.rules import PRESETS
from ygo.textsafe import markup, plain

RULESET_CHOICE = click.Choice(sorted(PRESETS), case_sensitive=False)


def _agents(ctx: click.Context, param: click.Parameter, value: str) -> tuple[str, str]:
    parts = [p.strip().lower() for p in value.split(",")]
    if len(parts) == 1:
        parts = parts * 2
    if len(parts) != 2 or not all(parts):
        raise click.BadParameter(f"{value!r}: give one agent or two separated by a comma")
    for p in parts:
        if p not in AGENTS:
            raise click.BadParameter(f"unknown agent {p!r} (known: {', '.join(sorted(AGENTS))})")
    return parts[0], parts[1]


@click.command("tournament")
@click.argument("decks", nargs=-1, required=True, metavar="DECKS...")
@click.option("--games", type=click.IntRange(1), required=True, help="Games per matchup.")
@click.option(
    "--agents",
    "agents",
    default="random",
    show_default=True,
    callback=_agents,
    help="The row decks' agent and the column decks' agent, A,B (one name: both).",
)
@click.option(
    "--jobs",
    type=click.IntRange(1),
    default=None,
    help="Local worker processes (default: every core); with --ray, the CPUs of "
    "the local Ray instance.",
)
@click.option(
    "--ray",
    "ray_address",
    is_flag=False,
    flag_value="",
    default=None,
    metavar="[ADDRESS]",
    help="Run on Ray: the cluster at ADDRESS, or a local instance Ray starts "
    "(write --ray=ADDRESS, or put --ray after the decks).",
)
@click.option(
    "--out",
    "out_dir",
    default="tournament",
    show_default=True,
    help="Output folder: results.jsonl (kept to resume), matrix.json, matrix.csv, heatmap.png.",
)
@click.option("--seed", type=click.IntRange(0), default=0, show_default=True)
@click.option("--ruleset", type=RULESET_CHOICE, default="mr3", show_default=True)
@click.option(
    "--chunk", type=click.IntRange(1), default=10, show_default=True, help="Games per task."
)
@script_options
@handle_errors
def tournament_cmd(
    decks: tuple[str, ...],
    games: int,
    agents: tuple[str, str],
    jobs: int | None,
    ray_address: str | None,
    out_dir: str,
    seed: int,
    ruleset: str,
    chunk: int,
    scripts_dir: str | None = None,
    prefer: str = "native",
    list_missing: bool = False,
) -> None:
    """Every deck against every deck, both seats, GAMES games per matchup.

    DECKS are .ydk files, ydke:// URLs or starter:NAME. Prints the matrix of
    win rates (row deck against column deck) with 95% Wilson intervals and
    writes it as JSON, CSV and a heatmap. A second run with the same --out
    keeps every finished matchup and plays the rest (games played with other
    --scripts or --prefer are not reused). Every game's seed comes from --seed
    and the two decks, so local and Ray runs give the same games. A deck with
    cards that have an effect and no behaviour (neither native nor Lua) gets one
    line on stderr; --list-missing lists them. With --ray, the --scripts folder
    must be at the same path on every node.
    """
    from ygo.formats.decks import load_deck
    from ygo.playable import deck_report
    from ygo.tournament import Tournament, deck_key, local_map, ray_map, unique_names

    choice = choose(scripts_dir, prefer)
    db = app_state().db()
    loaded = [load_deck(src, db) for src in decks]
    from ygo.cards.pool import embedded_pool

    pool = embedded_pool()  # what the workers play with
    for deck, src in zip(loaded, decks, strict=True):
        missing = sorted({c for c in deck.main + deck.extra if c not in pool})
        if missing:
            raise YgoError(
                f"{src}: {len(missing)} card(s) outside the embedded pool, which a tournament "
                f"cannot play (first: {missing[0]})"
            )
    keys = [deck_key(d) for d in loaded]
    if len(set(keys)) != len(keys):
        raise YgoError("the same deck is given twice")
    names = unique_names(
        [plain(d.name or Path(src).stem or src) for d, src in zip(loaded, decks, strict=True)]
    )
    scripts = choice.source()
    tell(
        (deck_report(d, pool, scripts, name) for d, name in zip(loaded, names, strict=True)),
        list_missing,
    )
    t = Tournament(loaded, names, games, agents, ruleset.lower(), seed, chunk, choice)
    if ray_address is not None:
        try:
            import ray  # noqa: F401
        except ImportError:
            raise YgoError("--ray needs Ray: pip install 'ygo[ray]'") from None
        mapper = ray_map(ray_address or None, jobs)
        where = f"Ray ({ray_address or 'local'})"
    else:
        mapper = local_map(jobs)
        where = f"{jobs or os.cpu_count() or 1} local workers"
    out = Path(out_dir)
    done = [0]

    def progress(n: int, total: int) -> None:
        done[0] += n
        click.echo(f"\r{done[0]}/{total} tasks", nl=False, err=True)

    click.echo(f"{len(t.tasks())} tasks of up to {chunk} games on {where}", err=True)
    t.run(mapper, out, progress)
    click.echo("", err=True)
    paths = t.write(out)
    _print(t)
    click.echo("wrote " + ", ".join(str(p) for p in paths))


def _print(t: object) -> None:
    from ygo.tournament import Tournament

    assert isinstance(t, Tournament)
    table = Table(
        title=markup(
            f"win rate of the row deck ({t.agents[0]}) against the column deck "
            f"({t.agents[1]}), {t.games} games, 95% interval"
        )
    )
    table.add_column("deck")
    for name in t.names:
        table.add_column(markup(name), justify="center")
    table.add_column("overall", justify="center")
    n = len(t.decks)
    totals = t.deck_totals()
    for r in range(n):
        row = [markup(t.names[r])]
        for c in [*range(n), -1]:
            cell = totals[r] if c < 0 else t.cells[(r, c)]
            lo, hi = cell.interval
            row.append(f"{100 * cell.win_rate:.0f}% [{100 * lo:.0f}-{100 * hi:.0f}]")
        table.add_row(*row)
    console().print(table)
