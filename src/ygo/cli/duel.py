"""Engine commands: ``duel``, ``sim``, ``bench``, ``replay`` (and ``play``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ygo.agents.base import play
from ygo.agents.registry import AGENTS, make_agent
from ygo.cli.common import app_state, console, handle_errors, load_duel_decks, print_json
from ygo.cli.play_command import play_cmd
from ygo.cli.scripts import (
    choice_options,
    choose,
    replay_scripts,
    script_options,
    scripts_option,
)
from ygo.defaults import Duel
from ygo.engine.events import EventKind, describe
from ygo.errors import ReplayError
from ygo.formats.files import check_writable
from ygo.formats.replay import Recorder, Replay, replay_duel, unchecked
from ygo.rules import PRESETS, Ruleset
from ygo.textsafe import markup, plain

if TYPE_CHECKING:
    from ygo.sim import BenchResult

AGENT_CHOICE = click.Choice(sorted(AGENTS), case_sensitive=False)
RULESET_CHOICE = click.Choice(sorted(PRESETS), case_sensitive=False)
DECK_HELP = ".ydk file, ydke:// URL or starter:NAME"


def _progress() -> Progress:
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console_err(),
        transient=True,
    )


def console_err() -> Console:
    return Console(stderr=True)


NAMES_HELP = 'The players\' names in the log, "NAME0,NAME1" (default P0, P1).'


def _names_option(
    ctx: click.Context, param: click.Parameter, value: str | None
) -> tuple[str, str] | None:
    if value is None:
        return None
    if value == "recorded" and param.name == "names" and ctx.command.name == "replay":
        return ("recorded", "")
    parts = [plain(p.strip()) for p in value.split(",")]
    if len(parts) != 2 or not all(parts):
        raise click.BadParameter(f"{value!r}: give two names separated by a comma")
    return parts[0], parts[1]


@click.command("duel")
@click.option(
    "--deck0", default="starter:yugi", show_default=True, help=f"Player 0's deck ({DECK_HELP})."
)
@click.option(
    "--deck1", default="starter:kaiba", show_default=True, help=f"Player 1's deck ({DECK_HELP})."
)
@click.option(
    "--p0",
    "agent0",
    type=AGENT_CHOICE,
    default="random",
    show_default=True,
    help="Player 0's agent.",
)
@click.option(
    "--p1",
    "agent1",
    type=AGENT_CHOICE,
    default="random",
    show_default=True,
    help="Player 1's agent.",
)
@click.option("--seed", type=int, default=0, show_default=True, help="The duel's seed.")
@click.option("--ruleset", type=RULESET_CHOICE, default="mr3", show_default=True)
@click.option("--log", "show_log", is_flag=True, help="Print a readable log of the duel.")
@click.option("--names", callback=_names_option, help=NAMES_HELP)
@click.option("--replay-out", metavar="FILE", help="Write a replay file.")
@script_options
@handle_errors
def duel_cmd(
    deck0: str,
    deck1: str,
    agent0: str,
    agent1: str,
    seed: int,
    ruleset: str,
    show_log: bool,
    names: tuple[str, str] | None,
    replay_out: str | None,
    scripts_dir: str | None = None,
    prefer: str = "native",
    list_missing: bool = False,
) -> None:
    """Play one headless duel between two agents.

    Starter decks by default. The last line of output is always the result.
    A deck with cards that have an effect and no behaviour (neither a native
    nor a Lua script) gets one line on stderr saying how many; --list-missing
    lists them.
    """
    if replay_out is not None:  # before the duel, so that it is not lost at the end
        check_writable(replay_out, "replay", ReplayError)
    scripts = choose(scripts_dir, prefer).source()
    rules = Ruleset.by_name(ruleset)
    decks = load_duel_decks((deck0, deck1), rules, scripts, list_missing=list_missing)
    duel = Duel(decks, rules, seed, db=app_state().db(), scripts=scripts)
    agents = (make_agent(agent0, seed * 2 + 1), make_agent(agent1, seed * 2 + 2))
    recorder = Recorder(duel, players=(agent0, agent1))
    play(duel, agents, apply=recorder.apply)
    if show_log:
        _print_events(duel, names)
    if replay_out is not None:
        recorder.replay.save(Path(replay_out))
    result = duel.result
    assert result is not None
    who = (
        "draw"
        if result.winner is None
        else f"player {result.winner} ({agents[result.winner].name}) wins"
    )
    click.echo(
        f"Result: {who} — {result.reason.label}, turn {duel.turn}, LP {duel.lp(0)}/{duel.lp(1)}"
    )


def _print_events(duel: Duel, names: tuple[str, str] | None = None) -> None:
    for e in duel.events():
        if e.kind != EventKind.SHUFFLE:
            click.echo(plain(describe(e, duel.name, players=names)))


@click.command("sim")
@click.option(
    "--deck0", default="starter:yugi", show_default=True, help=f"Player 0's deck ({DECK_HELP})."
)
@click.option(
    "--deck1", default="starter:kaiba", show_default=True, help=f"Player 1's deck ({DECK_HELP})."
)
@click.option("--p0", "agent0", type=AGENT_CHOICE, default="random", show_default=True)
@click.option("--p1", "agent1", type=AGENT_CHOICE, default="random", show_default=True)
@click.option("--games", type=click.IntRange(1), required=True, help="Number of duels.")
@click.option(
    "--seed", type=int, default=0, show_default=True, help="Seed of the first duel (then +1 each)."
)
@click.option("--ruleset", type=RULESET_CHOICE, default="mr3", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--match", "matches", is_flag=True, help="Play best-of-three matches, not duels.")
@click.option(
    "--variant",
    type=click.Choice(["duel", "playground"], case_sensitive=False),
    default="duel",
    show_default=True,
    help="playground: the guides' children's game (docs/playground.md).",
)
@script_options
@handle_errors
def sim_cmd(
    deck0: str,
    deck1: str,
    agent0: str,
    agent1: str,
    games: int,
    seed: int,
    ruleset: str,
    as_json: bool,
    matches: bool,
    variant: str,
    scripts_dir: str | None = None,
    prefer: str = "native",
    list_missing: bool = False,
) -> None:
    """Play many seeded duels (or matches, or playground games) and report wins,
    draws, turns and speed.

    A deck with cards that have an effect and no behaviour (neither native nor
    Lua) gets one line on stderr; --list-missing lists them.
    """
    from ygo.sim import simulate

    playground = variant.lower() == "playground"
    scripts = choose(scripts_dir, prefer).source()
    decks = load_duel_decks(
        (deck0, deck1),
        Ruleset.by_name(ruleset),
        None if playground else scripts,  # the playground game plays no effects
        list_missing=list_missing,
    )
    if matches or playground:
        from ygo.cli.match import sim_other

        sim_other(
            decks, (agent0, agent1), (deck0, deck1), games, seed, ruleset, matches, variant,
            as_json, scripts=scripts,
        )  # fmt: skip
        return
    with _progress() as bar:
        task = bar.add_task("duels", total=games)
        stats = simulate(
            decks,
            (agent0, agent1),
            games,
            seed,
            Ruleset.by_name(ruleset),
            db=app_state().db(),
            progress=lambda n: bar.advance(task, n),
            scripts=scripts,
        )
    if as_json:
        data = stats.to_dict()
        data["agents"] = [agent0, agent1]
        data["decks"] = [deck0, deck1]
        print_json(data)
        return
    table = Table(title=markup(f"{games} duels: {agent0} ({deck0}) vs {agent1} ({deck1})"))
    table.add_column("")
    table.add_column("player 0", justify="right")
    table.add_column("player 1", justify="right")
    pct = [100.0 * w / stats.games for w in stats.wins]
    table.add_row("wins", f"{stats.wins[0]} ({pct[0]:.1f}%)", f"{stats.wins[1]} ({pct[1]:.1f}%)")
    out = console()
    out.print(table)
    out.print(
        f"draws {stats.draws} · average turns {stats.avg_turns:.1f} · "
        f"{stats.duels_per_s:.1f} duels/s · ends: "
        + ", ".join(f"{k.lower()} {v}" for k, v in sorted(stats.reasons.items()))
    )


@click.command("bench")
@click.option(
    "--deck",
    "deck_name",
    type=click.Choice(["V", "S", "starter", "synchro", "pendulum"], case_sensitive=False),
    default="V",
    show_default=True,
    help="V or S against itself; starter: Yugi's starter deck against Kaiba's; "
    "synchro or pendulum: an mr3 sample deck against itself.",
)
@click.option("--duels", type=click.IntRange(1), default=500, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option(
    "--rounds",
    type=click.IntRange(1),
    default=10,
    show_default=True,
    help="With a Lua folder: the native and Lua duels are played in this many interleaved rounds.",
)
@choice_options
@handle_errors
def bench_cmd(
    deck_name: str,
    duels: int,
    seed: int,
    as_json: bool,
    rounds: int = 10,
    scripts_dir: str | None = None,
    prefer: str = "native",
) -> None:
    """The speed benchmark: random vs random on a benchmark deck.

    Plays deck V (or S) of shared/bench/anchor-decks.md under mr3 and reports
    the reference engine's units and the ratio to it (starter: to its deck V).
    With a Lua folder (--scripts DIR or $YGO_SCRIPTS; --prefer lua to play the
    cards that have a native script from their Lua script) the same duels are
    played with the native scripts and with the Lua folder, in interleaved
    rounds, and both figures are printed with their ratio.
    """
    from ygo.sim import benchmark, benchmark_pair

    choice = choose(scripts_dir, prefer)
    if choice.uses_lua:
        scripts = choice.source()
        with _progress() as bar:
            task = bar.add_task(f"deck {deck_name.upper()}, native and Lua", total=2 * duels)
            native, lua = benchmark_pair(deck_name, scripts, duels, seed, rounds,
                                         progress=lambda n: bar.advance(task, n))  # fmt: skip
        ratio = lua.duels_per_s / native.duels_per_s
        if as_json:
            print_json({"native": native.to_dict(), "lua": lua.to_dict(),
                        "lua_to_native": round(ratio, 3), "scripts": choice.folder,
                        "prefer": choice.prefer, "rounds": rounds})  # fmt: skip
            return
        _bench_table(native, lua)
        console().print(f"Lua / native (duels/s): {ratio:.2f} ({choice.describe()})")
        return
    with _progress() as bar:
        task = bar.add_task(f"deck {deck_name.upper()}", total=duels)
        r = benchmark(deck_name, duels, seed, progress=lambda n: bar.advance(task, n))
    if as_json:
        print_json(r.to_dict())
        return
    _bench_table(r)
    console().print(f"ratio to reference (duels/s): {r.ratio_to_reference:.2f}")


def _bench_table(r: BenchResult, lua: BenchResult | None = None) -> None:
    ref = r.reference
    title = f"Benchmark deck {r.deck}: {r.duels} random duels (mr3)"
    table = Table(title=title + (", native and Lua scripts" if lua else ""))
    table.add_column("measure")
    table.add_column("ygo" if lua is None else "native", justify="right")
    if lua is not None:
        table.add_column("Lua", justify="right")
    table.add_column("reference", justify="right")

    def row(name: str, fmt: Callable[[BenchResult], str], reference: str) -> None:
        table.add_row(name, fmt(r), *([fmt(lua)] if lua is not None else []), reference)

    row("duels/s", lambda x: f"{x.duels_per_s:.1f}", f"{ref['duels_per_s']:.0f}")
    row("turns/duel", lambda x: f"{x.turns_per_duel:.1f}", f"{ref['turns_per_duel']}")
    row("decisions/duel (2+ options)", lambda x: f"{x.decisions_per_duel:.0f}",
        f"{ref['decisions_per_duel']:.0f}")  # fmt: skip
    row("decisions/s", lambda x: f"{x.decisions_per_s:,.0f}", "")
    row("chain links/duel", lambda x: f"{x.chain_links_per_duel:.1f}",
        "14.8" if r.deck == "S" else "")  # fmt: skip
    row("peak RSS (MB)", lambda x: f"{x.peak_rss_mb:.1f}", f"{ref['peak_rss_mb']:.0f}")
    row("clone (median µs)", lambda x: f"{x.clone_us:.1f}", "n/a")
    row("set-up (µs/duel)", lambda x: f"{x.setup_us:.0f}", "")
    row("deck-outs", lambda x: f"{x.deck_out_pct:.0f}%", "79%")
    row("first player wins", lambda x: f"{x.first_player_win_pct:.0f}%", "~90%")
    console().print(table)


@click.command("replay")
@click.argument("file")
@click.option(
    "--verify",
    is_flag=True,
    help="Re-run and check every digest and the result; exit 1 at the first mismatch.",
)
@click.option(
    "--names",
    callback=_names_option,
    help=NAMES_HELP[:-1] + '; "recorded": the names the replay records).',
)
@scripts_option
@handle_errors
def replay_cmd(
    file: str, verify: bool, names: tuple[str, str] | None, scripts_dir: str | None = None
) -> None:
    """Show a replay turn by turn, or verify it (--verify).

    Verifying re-runs the choices and checks each turn's digest, the final
    digest and the recorded result; it says which of them the replay does not
    record (and so could not be checked). A duel played with a user's Lua card
    scripts records so (not their folder): it re-runs with the folder that
    --scripts DIR or $YGO_SCRIPTS names, the scripts first that came first.
    """
    from ygo.formats.match_replay import is_match_replay

    if is_match_replay(file):
        from ygo.cli.match import show_match_replay

        show_match_replay(file, verify, names, scripts_dir)
        return
    replay = Replay.load(file)
    scripts = replay_scripts(replay.scripts, scripts_dir)
    if names == ("recorded", ""):
        names = None if replay.players == ("", "") else replay.players
    db = app_state().db()
    if verify:
        duel = replay_duel(replay, db, verify=True, scripts=scripts)
        checked = []
        if replay.checkpoints:
            n = len(replay.checkpoints)
            checked.append(f"{n} turn digest{'s' if n != 1 else ''}")
        if replay.final_digest:
            checked.append("the final digest")
        if replay.reason:
            checked.append(f"the result ({duel.result})")
        parts = [f"ok: {len(replay.choices)} choices legal"]
        if checked:
            parts.append("matched: " + ", ".join(checked))
        parts.extend(unchecked(replay))
        click.echo(plain("; ".join(parts)))
        return
    duel = replay_duel(replay, db, verify=False, scripts=scripts)
    lp = [duel.ruleset.start_lp, duel.ruleset.start_lp]
    for e in duel.events():
        if e.kind == EventKind.TURN and e.value > 1:
            click.echo(f"    LP {lp[0]} / {lp[1]}")
        if e.kind == EventKind.DAMAGE:
            lp[e.player] = max(0, lp[e.player] - e.value)
        if e.kind != EventKind.SHUFFLE:
            click.echo(plain(describe(e, duel.name, players=names)))
    if replay.players != ("", ""):
        click.echo(plain(f"Players: P0 {replay.players[0]}, P1 {replay.players[1]}"))
    click.echo(f"Result: {duel.result or 'unfinished'}")


COMMANDS: list[click.Command] = [duel_cmd, sim_cmd, bench_cmd, replay_cmd, play_cmd]

__all__ = ["COMMANDS"]
