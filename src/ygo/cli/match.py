"""``ygo match``: a headless best-of-three match between two agents; and the
match counts of ``ygo sim --match``."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from ygo.agents.registry import AGENTS, DEFAULT_OPPONENT, make_agent
from ygo.cli.common import app_state, handle_errors, load_duel_decks, print_json
from ygo.cli.scripts import choose, script_options
from ygo.core.card import CardSource
from ygo.core.deck import Deck
from ygo.engine.setup import ScriptSource
from ygo.errors import ReplayError
from ygo.formats.files import check_writable
from ygo.match import SIDE_POLICIES, Match, make_side_policy, play_match
from ygo.rules import PRESETS, Ruleset
from ygo.textsafe import plain

AGENT_CHOICE = click.Choice(sorted(AGENTS), case_sensitive=False)
SIDE_CHOICE = click.Choice(sorted(SIDE_POLICIES), case_sensitive=False)
DECK_HELP = ".ydk file, ydke:// URL or starter:NAME"


def _who(winner: int | None, names: tuple[str, str]) -> str:
    return "draw" if winner is None else f"player {winner} ({names[winner]}) wins"


@click.command("match")
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
    default=DEFAULT_OPPONENT,
    show_default=True,
    help="Player 1's agent.",
)
@click.option(
    "--side0",
    type=SIDE_CHOICE,
    default="none",
    show_default=True,
    help="Player 0's side-deck policy.",
)
@click.option(
    "--side1",
    type=SIDE_CHOICE,
    default="none",
    show_default=True,
    help="Player 1's side-deck policy.",
)
@click.option("--seed", type=int, default=0, show_default=True, help="The match's seed.")
@click.option(
    "--ruleset",
    type=click.Choice(sorted(PRESETS), case_sensitive=False),
    default="mr3",
    show_default=True,
)
@click.option(
    "--toss-after-draw",
    is_flag=True,
    help="After a drawn duel, a coin toss picks who chooses (R-MATCH-2 option).",
)
@click.option("--replay-out", metavar="FILE", help="Write a match replay (every duel).")
@script_options
@handle_errors
def match_cmd(
    deck0: str,
    deck1: str,
    agent0: str,
    agent1: str,
    side0: str,
    side1: str,
    seed: int,
    ruleset: str,
    toss_after_draw: bool,
    replay_out: str | None,
    scripts_dir: str | None = None,
    prefer: str = "native",
    list_missing: bool = False,
) -> None:  # fmt: skip
    """Play one headless best-of-three match between two agents.

    Up to three duels, first to two wins (R-MATCH-1); the loser of a duel
    chooses who goes first in the next (R-MATCH-2); between duels each agent
    side decks with its policy (R-DECK-3). The last line is the match result.
    A deck with cards that have an effect and no behaviour (neither native nor
    Lua) gets one line on stderr; --list-missing lists them.
    """
    if replay_out is not None:
        check_writable(replay_out, "replay", ReplayError)
    scripts = choose(scripts_dir, prefer).source()
    rules = Ruleset.by_name(ruleset)
    decks = load_duel_decks((deck0, deck1), rules, scripts, list_missing=list_missing)
    names = (agent0, agent1)
    match = Match(
        decks, rules, seed, db=app_state().db(), toss_after_draw=toss_after_draw,
        record=replay_out is not None, players=names, scripts=scripts,
    )  # fmt: skip
    agents = (make_agent(agent0, seed * 2 + 1), make_agent(agent1, seed * 2 + 2))
    policies = (make_side_policy(side0), make_side_policy(side1))
    result = play_match(match, agents, policies)
    for i, duel in enumerate(match.duels):
        r = duel.result
        assert r is not None
        sided = [
            f"P{p} sided {n} card{'s' if n != 1 else ''}"
            for p in (0, 1)
            if (
                n := _swapped(
                    match.duels[i - 1].decks[p] if i else match.registered[p], duel.decks[p]
                )
            )
        ]
        click.echo(
            f"Duel {i + 1}: {_who(r.winner, names)} — {r.reason.label}, turn {duel.turn}; "
            f"P{duel.first_player} went first (P{match.choosers[i]} chose)"
            + (f"; {', '.join(sided)}" if sided else "")
        )
    if replay_out is not None:
        from ygo.formats.match_replay import MatchReplay

        MatchReplay.of(match).save(Path(replay_out))
    if result.winner is None:
        click.echo(f"Match: drawn ({match.score})")
    else:
        how = " by a card effect" if result.by_effect else ""
        click.echo(f"Match: {_who(result.winner, names)}{how} ({match.score})")


def _swapped(before: Deck, after: Deck) -> int:
    """How many cards a side decking put in (Main + Extra)."""
    from collections import Counter

    return sum((Counter(after.main + after.extra) - Counter(before.main + before.extra)).values())


@dataclass
class MatchStats:
    """The outcome of a batch of matches."""

    matches: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    duels: int = 0
    by_effect: int = 0
    three_duels: int = 0
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "matches": self.matches,
            "wins": self.wins,
            "draws": self.draws,
            "duels": self.duels,
            "by_effect": self.by_effect,
            "three_duels": self.three_duels,
            "seconds": round(self.seconds, 3),
        }


def simulate_matches(
    decks: tuple[Deck, Deck],
    agents: tuple[str, str],
    games: int,
    seed: int = 0,
    ruleset: Ruleset | None = None,
    db: CardSource | None = None,
    sides: tuple[str, str] = ("none", "none"),
    progress: Any = None,
    scripts: ScriptSource | None = None,
) -> MatchStats:
    """Play ``games`` matches: match ``i`` uses seed ``seed + i`` (agents too),
    with the card scripts ``scripts`` (default: the project's own)."""
    stats = MatchStats()
    start = time.perf_counter()
    for i in range(games):
        s = seed + i
        m = Match(decks, ruleset, s, db=db, scripts=scripts)
        pair = (make_agent(agents[0], s * 2 + 1), make_agent(agents[1], s * 2 + 2))
        r = play_match(m, pair, (make_side_policy(sides[0]), make_side_policy(sides[1])))
        stats.matches += 1
        stats.duels += len(m.duels)
        stats.three_duels += len(m.duels) == 3
        stats.by_effect += r.by_effect
        if r.winner is None:
            stats.draws += 1
        else:
            stats.wins[r.winner] += 1
        if progress is not None:
            progress(1)
    stats.seconds = time.perf_counter() - start
    return stats


def print_match_stats(
    stats: MatchStats, agents: tuple[str, str], decks: tuple[str, str], as_json: bool
) -> None:
    if as_json:
        data = stats.to_dict()
        data["agents"] = list(agents)
        data["decks"] = list(decks)
        print_json(data)
        return
    n = stats.matches
    click.echo(plain(f"{n} matches: {agents[0]} ({decks[0]}) vs {agents[1]} ({decks[1]})"))
    for p in (0, 1):
        click.echo(f"  player {p} wins {stats.wins[p]} ({100.0 * stats.wins[p] / n:.1f}%)")
    click.echo(
        f"  drawn {stats.draws} · duels {stats.duels} ({stats.duels / n:.2f} a match) · "
        f"went to three duels {stats.three_duels} · won by a card effect {stats.by_effect}"
    )


def sim_other(
    decks: tuple[Deck, Deck],
    agents: tuple[str, str],
    names: tuple[str, str],
    games: int,
    seed: int,
    ruleset: str,
    matches: bool,
    variant: str,
    as_json: bool,
    scripts: ScriptSource | None = None,
) -> None:
    """``ygo sim --match`` and ``ygo sim --variant playground`` (which plays no
    card effects: ``scripts`` are the matches')."""
    db = app_state().db()
    if variant.lower() == "playground":
        if matches:
            from ygo.errors import InvalidArgumentError

            raise InvalidArgumentError("--match and --variant playground cannot be combined")
        from ygo.playground import print_playground_stats, simulate_playground

        stats = simulate_playground(decks, agents, games, seed, db)
        print_playground_stats(stats, agents, names, as_json)
        return
    m = simulate_matches(decks, agents, games, seed, Ruleset.by_name(ruleset), db, scripts=scripts)
    print_match_stats(m, agents, names, as_json)


def show_match_replay(
    file: str,
    verify: bool,
    names: tuple[str, str] | None = None,
    scripts_dir: str | None = None,
) -> None:
    """``ygo replay`` on a match replay: each duel's result, or ``--verify`` (the
    duels re-run with the scripts they recorded, a Lua folder from
    ``scripts_dir`` or ``$YGO_SCRIPTS``). ``names`` (``--names``) replace the
    recorded players' names in what is shown; without it, or with ``recorded``,
    the recorded names are shown."""
    from ygo.cli.scripts import replay_scripts
    from ygo.formats.match_replay import MatchReplay, verify_match

    replay = MatchReplay.load(file)
    recorded = next((d.scripts for d in replay.duels if d.scripts), "")
    scripts = replay_scripts(recorded, scripts_dir) if verify else None
    shown = replay.players if names is None or names == ("recorded", "") else names
    db = app_state().db()
    if verify:
        results = verify_match(replay, db, scripts)
        claimed = f"; matched: the match result ({replay.result})" if replay.result else ""
        click.echo(
            plain(
                f"ok: {len(results)} duel{'s' if len(results) != 1 else ''} re-run, every "
                f"choice legal and every recorded digest and result matched{claimed}"
            )
        )
        return
    for i, d in enumerate(replay.duels):
        why = f"{_who(d.winner, shown)}, {d.reason.lower()}" if d.reason else "unfinished"
        order = "coin toss" if d.first is None else f"P{d.first} first"
        click.echo(plain(f"Duel {i + 1}: {len(d.choices)} choices, {order}: {why}"))
    click.echo(plain(f"Result: {replay.result or 'unfinished'}"))


__all__ = [
    "MatchStats",
    "match_cmd",
    "print_match_stats",
    "show_match_replay",
    "sim_other",
    "simulate_matches",
]
