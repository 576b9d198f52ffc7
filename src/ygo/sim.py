"""Many duels at once: deck-vs-deck statistics, and the speed benchmark.

:func:`simulate` plays N seeded duels between two agents and counts wins,
draws and turns. :func:`benchmark` plays the benchmark decks of
``shared/bench/anchor-decks.md`` with the random policy and reports the
reference's units (duels/s, turns/duel, decisions with two or more options per
duel, peak RSS) plus decisions/s and the cost of :meth:`Duel.clone`.
"""

from __future__ import annotations

import resource
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from ygo.agents.base import play
from ygo.agents.registry import make_agent
from ygo.core.card import CardSource
from ygo.core.deck import Deck
from ygo.defaults import Duel
from ygo.engine.rng import Rng
from ygo.engine.setup import ScriptSource
from ygo.errors import YgoError
from ygo.rules import Ruleset


@dataclass
class SimStats:
    """The outcome of a batch of duels."""

    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    """Duels won by player 0 and by player 1 (player 0 plays deck0 with agent p0)."""
    draws: int = 0
    turns: int = 0
    decisions: int = 0
    seconds: float = 0.0
    reasons: dict[str, int] = field(default_factory=dict)
    went_first_won: int = 0

    @property
    def avg_turns(self) -> float:
        return self.turns / self.games if self.games else 0.0

    @property
    def duels_per_s(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def add(self, other: SimStats) -> None:
        self.games += other.games
        self.wins[0] += other.wins[0]
        self.wins[1] += other.wins[1]
        self.draws += other.draws
        self.turns += other.turns
        self.decisions += other.decisions
        self.went_first_won += other.went_first_won
        for k, v in other.reasons.items():
            self.reasons[k] = self.reasons.get(k, 0) + v

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["avg_turns"] = round(self.avg_turns, 3)
        d["duels_per_s"] = round(self.duels_per_s, 2)
        d["seconds"] = round(self.seconds, 3)
        return d


def simulate(
    decks: tuple[Deck, Deck],
    agents: tuple[str, str],
    games: int,
    seed: int = 0,
    ruleset: Ruleset | None = None,
    db: CardSource | None = None,
    progress: Callable[[int], None] | None = None,
    scripts: ScriptSource | None = None,
) -> SimStats:
    """Play ``games`` duels: duel ``i`` uses seed ``seed + i`` (agents too), with
    the card scripts ``scripts`` (default: the project's own)."""
    stats = SimStats()
    start = time.perf_counter()
    for i in range(games):
        s = seed + i
        duel = Duel(decks, ruleset, s, db=db, scripts=scripts)
        pair = (make_agent(agents[0], s * 2 + 1), make_agent(agents[1], s * 2 + 2))
        result = play(duel, pair)
        stats.games += 1
        stats.turns += duel.turn
        stats.decisions += duel.decisions_made
        assert result is not None
        if result.winner is None:
            stats.draws += 1
        else:
            stats.wins[result.winner] += 1
            if result.winner == duel.first_player:
                stats.went_first_won += 1
        why = result.reason.name
        stats.reasons[why] = stats.reasons.get(why, 0) + 1
        if progress is not None:
            progress(1)
    stats.seconds = time.perf_counter() - start
    return stats


# -- the benchmark ---------------------------------------------------------------------

DECK_S_SPELLS = {
    "Pot of Greed": 55144522,
    "Dark Hole": 53129443,
    "Raigeki": 12580477,
    "Monster Reborn": 83764718,
    "Mystical Space Typhoon": 5318639,
    "Swords of Revealing Light": 72302403,
    "Mirror Force": 44095762,
    "Sakuretsu Armor": 56120475,
    "Trap Hole": 4206964,
}


def bench_deck(name: str) -> Deck:
    """Benchmark deck V (40 Normal monsters) or S (30 Normals + 10 spells/traps)."""
    from ygo.cards.pool import bench_deck_v_rows

    rows = bench_deck_v_rows()
    key = name.upper()
    if key == "V":
        return Deck(main=tuple(c for c in rows for _ in range(2)), name="bench V")
    if key == "S":
        monsters = [c for c in rows[:13] for _ in range(2)] + list(rows[15:19])
        spells = [
            DECK_S_SPELLS[n]
            for n in (
                "Pot of Greed",
                "Dark Hole",
                "Raigeki",
                "Monster Reborn",
                "Mystical Space Typhoon",
                "Mystical Space Typhoon",
                "Swords of Revealing Light",
                "Mirror Force",
                "Sakuretsu Armor",
                "Trap Hole",
            )
        ]
        return Deck(main=tuple(monsters + spells), name="bench S")
    raise YgoError(f"unknown benchmark deck {name!r} (known: V, S, STARTER, SYNCHRO, PENDULUM)")


def bench_decks(name: str) -> tuple[Deck, Deck]:
    """The two decks of a benchmark: V or S against itself; ``starter``: the Yugi
    starter deck against the Kaiba one; ``synchro`` or ``pendulum``: an mr3 sample
    deck against itself (no reference figures of their own, so their ratio is to
    the reference's deck V)."""
    if name.upper() == "STARTER":
        from ygo.data import starter_deck

        return starter_deck("yugi"), starter_deck("kaiba")
    if name.upper() in ("SYNCHRO", "PENDULUM"):  # the mr3 sample decks, each against itself
        from ygo.data import sample_deck

        sample = sample_deck(name)
        return sample, sample
    deck = bench_deck(name)
    return deck, deck


#: The reference engine's figures (shared/bench/anchor-decks.md).
REFERENCE = {
    "V": {
        "duels_per_s": 148.0,
        "turns_per_duel": 68.5,
        "decisions_per_duel": 349.0,
        "peak_rss_mb": 6.0,
    },
    "S": {
        "duels_per_s": 142.0,
        "turns_per_duel": 66.9,
        "decisions_per_duel": 352.0,
        "peak_rss_mb": 6.0,
    },
}


@dataclass
class BenchResult:
    deck: str
    duels: int
    seconds: float
    duels_per_s: float
    turns_per_duel: float
    decisions_per_duel: float
    decisions_per_s: float
    peak_rss_mb: float
    clone_us: float
    setup_us: float
    deck_out_pct: float
    first_player_win_pct: float
    reference: dict[str, float]
    ratio_to_reference: float
    chain_links_per_duel: float = 0.0
    clone_per_decision: float = 0.0
    """Clone cost as a fraction of the time of one decision."""

    def to_dict(self) -> dict[str, Any]:
        return {k: (round(v, 3) if isinstance(v, float) else v) for k, v in asdict(self).items()}


def _peak_rss_mb() -> float:
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return kb / 1024 if sys.platform != "darwin" else kb / (1024 * 1024)


def benchmark(
    deck_name: str = "V",
    duels: int = 500,
    seed: int = 0,
    clone_samples: int = 200,
    progress: Callable[[int], None] | None = None,
    scripts: ScriptSource | None = None,
) -> BenchResult:
    """Random vs random on a benchmark deck, as the reference engine was timed,
    with the card scripts ``scripts`` (default: the project's own)."""
    run = _BenchRun(deck_name, scripts)
    run.play(seed, duels, progress)
    return run.result(seed, clone_samples)


def benchmark_pair(
    deck_name: str,
    scripts: ScriptSource,
    duels: int = 500,
    seed: int = 0,
    rounds: int = 10,
    clone_samples: int = 200,
    progress: Callable[[int], None] | None = None,
) -> tuple[BenchResult, BenchResult]:
    """The benchmark with the native scripts and with ``scripts`` (a Lua folder,
    ``prefer="lua"``) in the same run: the same seeds, in ``rounds`` interleaved
    rounds (so a change of the machine's load falls on both). Returns (native,
    with ``scripts``); the speed ratio is their ``duels_per_s``'."""
    native, other = _BenchRun(deck_name, None), _BenchRun(deck_name, scripts)
    rounds = max(1, min(rounds, duels))
    done = 0
    for r in range(rounds):
        n = duels * (r + 1) // rounds - done
        for run in (native, other):
            run.play(seed + done, n, progress)
        done += n
    return native.result(seed, clone_samples), other.result(seed, clone_samples)


class _BenchRun:
    """The counts of benchmark duels played so far with one script source."""

    def __init__(self, deck_name: str, scripts: ScriptSource | None) -> None:
        from ygo.cards.pool import embedded_pool

        self.deck_name = deck_name
        self.decks = bench_decks(deck_name)
        self.ruleset = Ruleset.mr3()
        self.db = embedded_pool()
        self.scripts = scripts
        warm = Duel(self.decks, self.ruleset, 0, db=self.db, scripts=scripts)
        pick = Rng(0).below  # warm caches outside the timing (a Lua card's first run too)
        while (d := warm.decision) is not None:
            warm.apply(pick(len(d.options)))
        self.duels = self.turns = self.decisions = self.deck_outs = 0
        self.first_wins = self.links = 0
        self.seconds = 0.0

    def play(self, seed: int, duels: int, progress: Callable[[int], None] | None) -> None:
        decks, ruleset, db, scripts = self.decks, self.ruleset, self.db, self.scripts
        start = time.perf_counter()
        for i in range(duels):
            duel = Duel(decks, ruleset, seed + i, db=db, scripts=scripts)
            pick = Rng(seed + i).below
            while True:
                d = duel.decision
                if d is None:
                    break
                duel.apply(pick(len(d.options)))
            self.turns += duel.turn
            self.decisions += duel.decisions_made
            self.links += duel.chain_links
            result = duel.result
            assert result is not None
            if result.reason.name == "DECK_OUT":
                self.deck_outs += 1
            if result.winner is not None and result.winner == duel.first_player:
                self.first_wins += 1
            if progress is not None:
                progress(1)
        self.seconds += time.perf_counter() - start
        self.duels += duels

    def result(self, seed: int, clone_samples: int) -> BenchResult:
        decks, ruleset, db = self.decks, self.ruleset, self.db
        duels, seconds = self.duels, self.seconds
        # Set-up cost alone.
        t0 = time.perf_counter()
        n_setup = max(20, duels // 10)
        for i in range(n_setup):
            Duel(decks, ruleset, seed + i, db=db, scripts=self.scripts)
        setup_us = (time.perf_counter() - t0) / n_setup * 1e6

        clone_us = _clone_cost(decks, ruleset, seed, clone_samples, self.scripts)
        dps = duels / seconds
        ref = REFERENCE.get(self.deck_name.upper(), REFERENCE["V"])
        return BenchResult(
            deck=self.deck_name.upper(),
            duels=duels,
            seconds=seconds,
            duels_per_s=dps,
            turns_per_duel=self.turns / duels,
            decisions_per_duel=self.decisions / duels,
            decisions_per_s=self.decisions / seconds,
            peak_rss_mb=_peak_rss_mb(),
            clone_us=clone_us,
            setup_us=setup_us,
            deck_out_pct=100.0 * self.deck_outs / duels,
            first_player_win_pct=100.0 * self.first_wins / duels,
            reference=ref,
            ratio_to_reference=dps / ref["duels_per_s"],
            chain_links_per_duel=self.links / duels,
            clone_per_decision=clone_us / (seconds / max(1, self.decisions) * 1e6),
        )


def _clone_cost(
    decks: tuple[Deck, Deck],
    ruleset: Ruleset,
    seed: int,
    samples: int,
    scripts: ScriptSource | None = None,
) -> float:
    """Median microseconds of one clone at random decision points of mid-game duels."""
    times: list[float] = []
    rng = Rng(seed ^ 0x5EED)
    per_duel = 10
    for k in range(max(1, samples // per_duel)):
        duel = Duel(decks, ruleset, seed + 100_000 + k, scripts=scripts)
        pick = Rng(seed + k).below
        stops = sorted(40 + rng.below(200) for _ in range(per_duel))
        n = 0
        for stop in stops:
            while n < stop and not duel.is_over:
                d = duel.decision
                assert d is not None
                duel.apply(pick(len(d.options)))
                n += 1
            if duel.is_over:
                break
            reps = 20
            t0 = time.perf_counter()
            for _ in range(reps):
                duel.clone()
            times.append((time.perf_counter() - t0) / reps * 1e6)
    return statistics.median(times) if times else 0.0
