"""The arena: agents against each other, every pair, both seats, every deck pairing.

A run is a list of games, each named by a key
``agent_a|agent_b|deck_a|deck_b|n`` (``agent_a`` plays ``deck_a``; ``n``
even: ``agent_a`` is player 0, odd: player 1, so seats are balanced). Every
unordered pair of agents plays every ordered pair of decks (mirrors and
cross-deck), ``games`` times each. Each finished game is appended to
``games.jsonl`` in the output directory; a second run with the same
directory skips the games already there (resumable).

The summary: per pair of agents, wins, losses and draws of the first with its
win rate and Wilson 95% interval (draws count half); an Elo table fitted to
every game (maximum likelihood, the mean rating 1500); each agent's average
decision time (and its longest); illegal actions (an agent's answer that is not an option: the
game is lost by that agent) and stuck duels (no end within ``max_decisions``:
a draw). Written as ``summary.json``, ``summary.csv`` and ``chart.png`` (with
matplotlib, the optional ``ai`` dependency group).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

from ygo.agents.base import Agent, decide
from ygo.agents.registry import AGENTS
from ygo.core.deck import Deck
from ygo.defaults import Duel
from ygo.errors import YgoError
from ygo.playable import ScriptChoice
from ygo.stats import wilson

#: Decks the arena knows by name (besides .ydk paths and ``starter:NAME``).
DECK_NAMES = ("yugi", "kaiba", "S", "V", "synchro", "pendulum", "guide-beat", "guide-control")


def resolve_deck(name: str) -> Deck:
    """A deck by arena name (``DECK_NAMES``), ``starter:NAME``, or a deck file."""
    from ygo.data import sample_deck, starter_deck, starter_deck_names

    key = name.strip()
    low = key.casefold()
    if low in starter_deck_names():
        return starter_deck(low)
    if low in ("s", "v"):
        from ygo.sim import bench_deck

        return bench_deck(low)
    try:
        return sample_deck(low)
    except YgoError:
        pass
    from ygo.cards.pool import embedded_pool
    from ygo.formats.decks import load_deck

    return load_deck(key, embedded_pool())


def make(name: str, seed: int, think: float | None, iterations: int | None) -> Agent:
    """An agent by name; the search agent gets the think budget."""
    key = name.lower()
    if key == "search":
        from ygo.agents.search import SearchAgent

        if think is None and iterations is None:
            think = 1.0
        return SearchAgent(seed, think=think, iterations=iterations)
    if key not in AGENTS:
        raise YgoError(f"unknown agent {name!r} (known: {', '.join(AGENTS)})")
    return AGENTS[key](seed)


@dataclass(frozen=True, slots=True)
class Game:
    a: str
    b: str
    deck_a: str
    deck_b: str
    n: int

    @property
    def key(self) -> str:
        return f"{self.a}|{self.b}|{self.deck_a}|{self.deck_b}|{self.n}"

    @property
    def seat_a(self) -> int:
        return self.n % 2


@dataclass(frozen=True, slots=True)
class Outcome:
    key: str
    a: str
    b: str
    deck_a: str
    deck_b: str
    n: int
    winner: str | None
    """The winning agent's name (``a`` or ``b`` as given), None for a draw."""
    score_a: float
    """1, 0 or 0.5 for ``a``."""
    reason: str
    turns: int
    decisions: int
    time_a: float
    """Seconds ``a`` spent deciding, over ``decisions_a`` decisions."""
    decisions_a: int
    time_b: float
    decisions_b: int
    illegal: str | None = None
    """The agent that answered with something that is not an option, if any."""
    stuck: bool = False
    max_a: float = 0.0
    """The longest single decision of ``a``, in seconds."""
    max_b: float = 0.0
    scripts: str = ""
    """The card scripts played with (:attr:`ScriptChoice.tag`; "": native only)."""


def schedule(agents: Sequence[str], decks: Sequence[str], games: int) -> list[Game]:
    """Every unordered pair of agents, every ordered pair of decks, ``games`` each."""
    out: list[Game] = []
    for a, b in combinations(agents, 2):
        for da in decks:
            for db in decks:
                out.extend(Game(a, b, da, db, n) for n in range(games))
    return out


def _seed(game: Game, base: int) -> int:
    h = 1469598103934665603
    for ch in f"{base}|{game.key}":
        h = ((h ^ ord(ch)) * 1099511628211) & ((1 << 64) - 1)
    return h


def play_game(
    game: Game,
    think: float | None = None,
    iterations: int | None = None,
    max_decisions: int = 20000,
    base_seed: int = 0,
    scripts: ScriptChoice | None = None,
) -> Outcome:
    """Play one arena game with the card scripts ``scripts`` (default: native)."""
    scripts = scripts or ScriptChoice()
    seed = _seed(game, base_seed)
    seat_a = game.seat_a
    names = [game.b, game.b]
    names[seat_a] = game.a
    decks = [resolve_deck(game.deck_b), resolve_deck(game.deck_b)]
    decks[seat_a] = resolve_deck(game.deck_a)
    agents = [make(names[p], seed + 17 * p + 1, think, iterations) for p in (0, 1)]
    duel = Duel((decks[0], decks[1]), seed=seed, scripts=scripts.source())
    spent = [0.0, 0.0]
    longest = [0.0, 0.0]
    count = [0, 0]
    illegal: int | None = None
    n = 0
    while not duel.is_over and n < max_decisions:
        d = duel.decision
        assert d is not None
        p = d.player
        t0 = time.perf_counter()
        action = decide(agents[p], duel)
        took = time.perf_counter() - t0
        spent[p] += took
        longest[p] = max(longest[p], took)
        count[p] += 1
        if action not in d.options:
            illegal = p
            break
        duel.apply(action)
        n += 1
    r = duel.result
    stuck = r is None and illegal is None
    if illegal is not None:
        winner_seat: int | None = 1 - illegal
        reason = "illegal action"
    elif r is None:
        winner_seat, reason = None, "stuck"
    else:
        winner_seat, reason = r.winner, r.reason.label
    if winner_seat is None:
        winner, score = None, 0.5
    else:
        winner = game.a if winner_seat == seat_a else game.b
        score = 1.0 if winner_seat == seat_a else 0.0
    return Outcome(
        key=game.key,
        a=game.a,
        b=game.b,
        deck_a=game.deck_a,
        deck_b=game.deck_b,
        n=game.n,
        winner=winner,
        score_a=score,
        reason=reason,
        turns=duel.turn,
        decisions=n,
        time_a=spent[seat_a],
        decisions_a=count[seat_a],
        time_b=spent[1 - seat_a],
        decisions_b=count[1 - seat_a],
        illegal=None if illegal is None else names[illegal],
        stuck=stuck,
        max_a=longest[seat_a],
        max_b=longest[1 - seat_a],
        scripts=scripts.tag,
    )


_Args = tuple[Game, float | None, int | None, int, int, ScriptChoice]


def _play_args(args: _Args) -> Outcome:
    return play_game(*args)


def load_done(path: Path, scripts: str = "") -> dict[str, Outcome]:
    """The games already played in a results file with the card scripts
    ``scripts`` (:attr:`ScriptChoice.tag`; a torn last line is ignored)."""
    done: dict[str, Outcome] = {}
    if not path.exists():
        return done
    for line in path.read_text().splitlines():
        try:
            raw = json.loads(line)
            o = Outcome(**raw)
        except (ValueError, TypeError):
            continue
        if o.scripts == scripts:
            done[o.key] = o
    return done


def run(
    agents: Sequence[str],
    decks: Sequence[str],
    games: int,
    out: Path,
    think: float | None = None,
    iterations: int | None = None,
    jobs: int = 1,
    max_decisions: int = 20000,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    scripts: ScriptChoice | None = None,
) -> dict[str, Any]:
    """Play the schedule (skipping games already in ``out/games.jsonl`` played with
    the same ``scripts``, default native) and write the summary; returns it."""
    scripts = scripts or ScriptChoice()
    if len(set(a.lower() for a in agents)) < 2:
        raise YgoError("the arena needs at least two different agents")
    for a in agents:
        if a.lower() not in AGENTS:
            raise YgoError(f"unknown agent {a!r} (known: {', '.join(AGENTS)})")
    for dk in decks:
        resolve_deck(dk)  # fail early on a bad name
    out.mkdir(parents=True, exist_ok=True)
    path = out / "games.jsonl"
    done = load_done(path, scripts.tag)
    todo = [g for g in schedule(agents, decks, games) if g.key not in done]
    total = len(todo) + sum(1 for g in schedule(agents, decks, games) if g.key in done)
    finished = total - len(todo)
    if progress:
        progress(finished, total)
    args: list[_Args] = [(g, think, iterations, max_decisions, seed, scripts) for g in todo]
    with path.open("a") as fh:
        for o in _outcomes(args, jobs):
            fh.write(json.dumps(asdict(o)) + "\n")
            fh.flush()
            done[o.key] = o
            finished += 1
            if progress:
                progress(finished, total)
    keys = {g.key for g in schedule(agents, decks, games)}
    summary = summarize([o for k, o in done.items() if k in keys])
    summary["config"] = {
        "agents": list(agents),
        "decks": list(decks),
        "games": games,
        "think": think,
        "iterations": iterations,
        "jobs": jobs,
        "max_decisions": max_decisions,
        "seed": seed,
        "scripts": {"lua": scripts.folder, "prefer": scripts.prefer},
    }
    write_summary(summary, out)
    return summary


def _outcomes(args: list[_Args], jobs: int) -> Iterator[Outcome]:
    if jobs <= 1:
        for a in args:
            yield _play_args(a)
        return
    from multiprocessing import get_context

    with get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap_unordered(_play_args, args)


def elo(outcomes: Sequence[Outcome], iters: int = 200) -> dict[str, float]:
    """Ratings by maximum likelihood (Bradley-Terry on the Elo scale, a weak
    prior of one draw against a 1500 player each), mean 1500."""
    names = sorted({o.a for o in outcomes} | {o.b for o in outcomes})
    if not names:
        return {}
    strength = dict.fromkeys(names, 1.0)
    wins: dict[str, float] = dict.fromkeys(names, 0.5)  # the prior's half win
    pairs: dict[tuple[str, str], int] = {}
    for o in outcomes:
        wins[o.a] += o.score_a
        wins[o.b] += 1 - o.score_a
        k = (o.a, o.b) if o.a < o.b else (o.b, o.a)
        pairs[k] = pairs.get(k, 0) + 1
    for _ in range(iters):  # the MM algorithm (Hunter 2004)
        new = {}
        for i in names:
            den = 1.0 / (strength[i] + 1.0)  # the prior game against strength 1
            for (x, y), n in pairs.items():
                if i in (x, y):
                    j = y if i == x else x
                    den += n / (strength[i] + strength[j])
            new[i] = wins[i] / den
        strength = new
    rating = {n: 400 * math.log10(max(s, 1e-9)) for n, s in strength.items()}
    shift = 1500 - sum(rating.values()) / len(rating)
    return {n: round(r + shift, 1) for n, r in rating.items()}


def summarize(outcomes: Sequence[Outcome]) -> dict[str, Any]:
    pairs: dict[str, dict[str, Any]] = {}
    time_spent: dict[str, list[float]] = {}
    longest: dict[str, float] = {}
    for o in outcomes:
        k = f"{o.a} vs {o.b}"
        s = pairs.setdefault(k, {"a": o.a, "b": o.b, "games": 0, "wins": 0, "losses": 0,
                                 "draws": 0, "score": 0.0, "by_deck": {}})  # fmt: skip
        s["games"] += 1
        s["score"] += o.score_a
        s["wins" if o.score_a == 1 else "losses" if o.score_a == 0 else "draws"] += 1
        dk = f"{o.deck_a} vs {o.deck_b}"
        bd = s["by_deck"].setdefault(dk, {"games": 0, "score": 0.0})
        bd["games"] += 1
        bd["score"] += o.score_a
        for name, t, n, m in (
            (o.a, o.time_a, o.decisions_a, o.max_a),
            (o.b, o.time_b, o.decisions_b, o.max_b),
        ):
            longest[name] = max(longest.get(name, 0.0), m)
            acc = time_spent.setdefault(name, [0.0, 0])
            acc[0] += t
            acc[1] += n
    for s in pairs.values():
        low, high = wilson(s["score"], s["games"])
        s["win_rate"] = s["score"] / s["games"]
        s["ci95"] = [round(low, 4), round(high, 4)]
        for bd in s["by_deck"].values():
            bd["win_rate"] = bd["score"] / bd["games"]
    return {
        "games": len(outcomes),
        "pairs": pairs,
        "elo": elo(outcomes),
        "decision_ms": {
            n: round(1000 * t / max(1, c), 3) for n, (t, c) in sorted(time_spent.items())
        },
        "decision_max_ms": {n: round(1000 * m, 1) for n, m in sorted(longest.items())},
        "illegal_actions": sum(1 for o in outcomes if o.illegal),
        "stuck_duels": sum(1 for o in outcomes if o.stuck),
        "avg_turns": round(sum(o.turns for o in outcomes) / max(1, len(outcomes)), 2),
    }


def write_summary(summary: dict[str, Any], out: Path) -> None:
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    lines = ["agent_a,agent_b,games,wins,losses,draws,win_rate,ci_low,ci_high"]
    for s in summary["pairs"].values():
        lines.append(
            f"{s['a']},{s['b']},{s['games']},{s['wins']},{s['losses']},{s['draws']},"
            f"{s['win_rate']:.4f},{s['ci95'][0]:.4f},{s['ci95'][1]:.4f}"
        )
    lines.append("")
    lines.append("agent,elo,decision_ms")
    for name, r in summary["elo"].items():
        lines.append(f"{name},{r},{summary['decision_ms'].get(name, 0)}")
    (out / "summary.csv").write_text("\n".join(lines) + "\n")
    chart(summary, out / "chart.png")


def chart(summary: dict[str, Any], path: Path) -> bool:
    """A PNG of the win rates with their intervals and the Elo table (False when
    matplotlib, the ``ai`` dependency group, is missing)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    pairs = list(summary["pairs"].values())
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 0.6 * max(3, len(pairs)) + 1.5))
    labels = [f"{s['a']} vs {s['b']}" for s in pairs]
    rates = [s["win_rate"] for s in pairs]
    errs = [
        [r - s["ci95"][0] for r, s in zip(rates, pairs, strict=True)],
        [s["ci95"][1] - r for r, s in zip(rates, pairs, strict=True)],
    ]
    ax1.barh(labels, rates, xerr=errs, color="#4477aa", capsize=4)
    ax1.axvline(0.5, color="grey", lw=0.8, ls="--")
    ax1.set_xlim(0, 1)
    ax1.set_xlabel("win rate of the first agent (Wilson 95%)")
    names = list(summary["elo"])
    ax2.bar(names, [summary["elo"][n] for n in names], color="#cc6677")
    ax2.set_ylabel("Elo")
    ax2.set_title(f"{summary['games']} games")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return True
