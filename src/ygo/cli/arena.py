"""``ygo arena``: agents against each other on a set of decks (:mod:`ygo.arena`)."""

from __future__ import annotations

from pathlib import Path

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from ygo.cli.common import console, handle_errors
from ygo.cli.scripts import choose, script_options, tell


def _split(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


def _think(value: str | None) -> float | None:
    if value is None:
        return None
    v = value.strip().lower()
    try:
        if v.endswith("ms"):
            return float(v[:-2]) / 1000
        return float(v[:-1]) if v.endswith("s") else float(v)
    except ValueError:
        raise click.BadParameter(f"{value!r} is not a time (1s, 250ms, 0.5)") from None


@click.command("arena")
@click.option(
    "--agents",
    default="rule,greedy,random",
    show_default=True,
    help="Comma-separated agents (search, rule, greedy, random).",
)
@click.option(
    "--decks",
    default="yugi,kaiba",
    show_default=True,
    help="Comma-separated decks: yugi, kaiba, S, V, synchro, pendulum, "
    "guide-beat, guide-control, starter:NAME or .ydk paths.",
)
@click.option(
    "--games",
    default=10,
    show_default=True,
    type=click.IntRange(1),
    help="Games per pair of agents and per (ordered) pair of decks, seats alternating.",
)
@click.option("--think", default=None, help="The search agent's time per decision (1s, 250ms).")
@click.option(
    "--iterations",
    default=None,
    type=click.IntRange(1),
    help="The search agent's iterations per decision (instead of --think).",
)
@click.option(
    "--jobs", default=1, show_default=True, type=click.IntRange(1), help="Games played in parallel."
)
@click.option(
    "--out",
    "out_dir",
    default="arena-out",
    show_default=True,
    help="Directory for games.jsonl, summary.json/.csv and chart.png (an existing one resumes).",
)
@click.option("--seed", default=0, show_default=True, type=int)
@click.option(
    "--max-decisions",
    default=20000,
    show_default=True,
    type=click.IntRange(1),
    help="A duel still running after this many decisions counts as stuck (a draw).",
)
@script_options
@handle_errors
def arena_cmd(agents: str, decks: str, games: int, think: str | None, iterations: int | None,
              jobs: int, out_dir: str, seed: int, max_decisions: int,
              scripts_dir: str | None = None, prefer: str = "native",
              list_missing: bool = False) -> None:  # fmt: skip
    """Every pair of agents, both seats, every deck pairing: win rates (Wilson 95%),
    Elo, decision times, a chart. Resumable (games played with other --scripts or
    --prefer are not reused). A deck with cards that have an effect and no
    behaviour (neither native nor Lua) gets one line on stderr; --list-missing
    lists them."""
    from ygo.arena import resolve_deck, run
    from ygo.cards.pool import embedded_pool
    from ygo.playable import deck_report

    choice = choose(scripts_dir, prefer)
    scripts = choice.source()
    names = list(dict.fromkeys(_split(decks)))
    tell(
        (deck_report(resolve_deck(n), embedded_pool(), scripts, n) for n in names),
        list_missing,
    )
    out = console()
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=out,
        transient=False,
    ) as bar:
        task = bar.add_task("arena", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        summary = run(
            _split(agents),
            _split(decks),
            games,
            Path(out_dir),
            think=_think(think),
            iterations=iterations,
            jobs=jobs,
            max_decisions=max_decisions,
            seed=seed,
            progress=progress,
            scripts=choice,
        )
    table = Table(title=f"arena: {summary['games']} games")
    for col in ("pair", "games", "W-L-D", "win rate", "95% CI"):
        table.add_column(col)
    for s in summary["pairs"].values():
        table.add_row(
            f"{s['a']} vs {s['b']}",
            str(s["games"]),
            f"{s['wins']}-{s['losses']}-{s['draws']}",
            f"{s['win_rate']:.1%}",
            f"{s['ci95'][0]:.1%} .. {s['ci95'][1]:.1%}",
        )
    out.print(table)
    elo = Table(title="Elo")
    elo.add_column("agent")
    elo.add_column("Elo")
    elo.add_column("ms/decision")
    elo.add_column("longest ms")
    longest = summary.get("decision_max_ms", {})
    for name, r in sorted(summary["elo"].items(), key=lambda x: -x[1]):
        elo.add_row(
            name,
            f"{r:.0f}",
            f"{summary['decision_ms'].get(name, 0):.2f}",
            f"{longest.get(name, 0):.1f}",
        )
    out.print(elo)
    out.print(
        f"illegal actions: {summary['illegal_actions']}, stuck duels: {summary['stuck_duels']}; "
        f"results in {out_dir}/"
    )
