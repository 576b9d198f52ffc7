"""Many seeded duels of real decks with the Lua scripts: what goes wrong, and how
much the cards do (issue 24: "1,000 seeded duels of WindBot's decks").

:func:`run` plays ``duels`` duels, duel ``i`` between two decks drawn by seed
``seed + i`` from the list given, agent against agent (the rule agent by
default), with a script source (:class:`~ygo.playable.ScriptChoice`), and
counts:

- *program errors*: any exception out of the engine (the duel ends there; its
  type, first line and where it was raised are kept, with the seed and decks
  to play it again);
- *SCRIPT_ERROR events*, by card: a card function failed inside an effect
  being resolved and the duel went on (``ygo.engine.chain``);
- *script failures* by card and function (``LuaScripts.failure_counts``: the
  SCRIPT_ERROR events' causes and the checks that failed, which say no);
- *stalled* duels: still going after ``max_decisions`` decisions;
- chain links, turns and decisions per duel.

The same decks and seeds with other scripts (native only) or other decks (the
starter decks) give the figures to compare with: ``ygo lua duels``.
"""

from __future__ import annotations

import contextlib
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ygo.core.card import CardSource
from ygo.core.deck import Deck
from ygo.playable import ScriptChoice

MAX_DECISIONS = 20_000
"""A duel still going after this many decisions is counted as stalled."""


@dataclass
class DuelsReport:
    """What :func:`run` counted."""

    label: str
    duels: int = 0
    finished: int = 0
    stalled: int = 0
    turns: int = 0
    decisions: int = 0
    chain_links: int = 0
    seconds: float = 0.0
    errors: list[dict[str, Any]] = field(default_factory=list)
    """One per duel a program error ended: seed, decks, error, where."""
    script_error_events: Counter[int] = field(default_factory=Counter)
    """SCRIPT_ERROR events by passcode."""
    duels_with_script_errors: int = 0
    failures: Counter[tuple[int, str]] = field(default_factory=Counter)
    """Script failures by (passcode, function), checks included."""
    messages: dict[tuple[int, str], str] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)

    @property
    def links_per_duel(self) -> float:
        return self.chain_links / self.duels if self.duels else 0.0

    def add(self, other: DuelsReport) -> None:
        for name in ("duels", "finished", "stalled", "turns", "decisions", "chain_links",
                     "seconds", "duels_with_script_errors"):  # fmt: skip
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.errors += other.errors
        self.script_error_events.update(other.script_error_events)
        self.failures.update(other.failures)
        for k, v in other.messages.items():
            self.messages.setdefault(k, v)
        self.names.update(other.names)

    def to_dict(self, top: int = 30) -> dict[str, Any]:
        n = max(1, self.duels)
        return {
            "label": self.label,
            "duels": self.duels,
            "finished": self.finished,
            "ended_by_error": len(self.errors),
            "stalled": self.stalled,
            "program_errors": self.errors,
            "script_error_events": sum(self.script_error_events.values()),
            "duels_with_script_errors": self.duels_with_script_errors,
            "script_error_events_by_card": [
                {"code": c, "name": self.names.get(c, ""), "events": k}
                for c, k in self.script_error_events.most_common(top)
            ],
            "script_failures": sum(self.failures.values()),
            "script_failures_by_function": [
                {
                    "code": c,
                    "name": self.names.get(c, ""),
                    "function": w,
                    "count": k,
                    "message": self.messages.get((c, w), ""),
                }
                for (c, w), k in self.failures.most_common(top)
            ],
            "chain_links_per_duel": round(self.chain_links / n, 3),
            "turns_per_duel": round(self.turns / n, 3),
            "decisions_per_duel": round(self.decisions / n, 3),
            "seconds": round(self.seconds, 3),
        }


def pairing(seed: int, count: int, fixed: bool = False) -> tuple[int, int]:
    """The two decks (indices among ``count``) of the duel of seed ``seed``: any
    two, or (``fixed``) decks 0 and 1, each in seat 0 half of the time."""
    from ygo.engine.rng import Rng

    pick = Rng(seed ^ 0xDEC5).below
    if fixed:
        return (0, 1) if pick(2) == 0 else (1, 0)
    return pick(count), pick(count)


def run(
    label: str,
    decks: Sequence[tuple[str, Deck]],
    scripts: ScriptChoice,
    duels: int,
    seed: int = 0,
    db: CardSource | None = None,
    agents: tuple[str, str] = ("rule", "rule"),
    start: int = 0,
    max_decisions: int = MAX_DECISIONS,
    progress: Callable[[int], None] | None = None,
    fixed: bool = False,
) -> DuelsReport:
    """Play duels ``start .. duels - 1`` (duel ``i``: seed ``seed + i``; its decks
    by :func:`pairing`) and count."""
    from ygo.agents.base import decide
    from ygo.agents.registry import make_agent
    from ygo.defaults import Duel
    from ygo.engine.events import EventKind

    source = scripts.source()
    lua = source.lua
    before: Counter[tuple[int, str]] = Counter(lua.failure_counts) if lua is not None else Counter()
    report = DuelsReport(label)
    t0 = time.perf_counter()
    for i in range(start, duels):
        s = seed + i
        a, b = pairing(s, len(decks), fixed)
        pair = (decks[a], decks[b])
        report.duels += 1
        duel = None
        try:
            duel = Duel((pair[0][1], pair[1][1]), None, s, db=db, scripts=source)
            players = (make_agent(agents[0], 2 * s + 1), make_agent(agents[1], 2 * s + 2))
            n = 0
            while not duel.is_over and n < max_decisions:
                d = duel.decision
                assert d is not None
                duel.apply(decide(players[d.player], duel))
                n += 1
            if duel.is_over:
                report.finished += 1
            else:
                report.stalled += 1
        except Exception as exc:  # a program error: what this tool is for
            tb = traceback.extract_tb(exc.__traceback__)
            where = (
                f"{tb[-1].filename.rsplit('/', 1)[-1]}:{tb[-1].lineno} {tb[-1].name}" if tb else ""
            )
            text = str(exc).strip().splitlines()
            report.errors.append({
                "duel": i, "seed": s, "decks": [pair[0][0], pair[1][0]],
                "error": f"{type(exc).__name__}: {text[0][:300] if text else ''}",
                "where": where,
            })  # fmt: skip
        if duel is not None:
            report.turns += duel.turn
            report.decisions += duel.decisions_made
            report.chain_links += duel.chain_links
            errs = [e for e in duel.events() if e.kind == EventKind.SCRIPT_ERROR]
            if errs:
                report.duels_with_script_errors += 1
            for e in errs:
                report.script_error_events[e.code] += 1
                report.names.setdefault(e.code, duel.card(e.card).name)
        if progress is not None:
            progress(1)
    report.seconds = time.perf_counter() - t0
    if lua is not None:
        now = Counter(lua.failure_counts)
        now.subtract(before)
        report.failures = +now
        report.messages = {k: lua.failures[k] for k in report.failures}
        for code, _ in report.failures:
            if db is not None and code not in report.names:
                with contextlib.suppress(Exception):  # (a card the database does not know)
                    report.names[code] = db.get(code).name
    return report


def _chunk(args: tuple[Any, ...]) -> DuelsReport:
    label, decks, scripts, start, stop, seed, db, fixed, agents = args
    return run(label, decks, scripts, stop, seed, db, agents, start=start, fixed=fixed)


def run_jobs(
    label: str,
    decks: Sequence[tuple[str, Deck]],
    scripts: ScriptChoice,
    duels: int,
    seed: int = 0,
    db: CardSource | None = None,
    jobs: int = 1,
    fixed: bool = False,
    agents: tuple[str, str] = ("rule", "rule"),
    progress: Callable[[int], None] | None = None,
) -> DuelsReport:
    """:func:`run` on ``jobs`` worker processes (1: in this process), in chunks
    of 25 duels; the same counts whatever ``jobs`` is (the per-duel figures;
    ``seconds`` is the wall time)."""
    if jobs <= 1:
        return run(label, decks, scripts, duels, seed, db, agents, progress=progress, fixed=fixed)
    import multiprocessing

    step = 25
    tasks = [(label, list(decks), scripts, a, min(duels, a + step), seed, db, fixed, agents)
             for a in range(0, duels, step)]  # fmt: skip
    total = DuelsReport(label)
    t0 = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for part in pool.imap(_chunk, tasks):
            seconds = total.seconds
            total.add(part)
            total.seconds = seconds
            if progress is not None:
                progress(part.duels)
    total.seconds = time.perf_counter() - t0
    return total
