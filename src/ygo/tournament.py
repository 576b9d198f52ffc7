"""Deck-matrix tournaments: every deck against every deck, both seats, N games each.

A tournament is a list of :class:`Task` values (a matchup's chunk of games),
each played by :func:`play_task`, a pure function of the task: the games'
seeds come from the tournament seed and the two decks' contents
(:func:`game_seed`), never from where or when a task runs. The same tasks go
to the local process pool (:func:`local_map`, the default) or to Ray
(:func:`ray_map`, ``--ray``): one code path, the same results.

Matchups. Deck ``r`` (the row, played by agent A) meets deck ``c`` (the column,
played by agent B) in ``games`` duels; in game ``g`` the row deck sits in seat
``g % 2``, so both decks play both seats (who goes first is the seeded coin
toss's). With one agent for both sides a matchup is played once for each pair
``r <= c`` and its cell ``(c, r)`` is the mirror of ``(r, c)``; with two agents
every ordered pair is played.

Resuming. Each finished task is appended as one JSON line to
``OUT/results.jsonl``; a new run with the same ``--out`` keeps every line whose
task key still belongs to the tournament (same decks, agents, ruleset, seed,
games, chunk) and plays only the rest. Adding a deck reuses every matchup
already played.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import multiprocessing
import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ygo.core.deck import Deck
from ygo.playable import NATIVE_ONLY, ScriptChoice
from ygo.stats import wilson

MASK64 = (1 << 64) - 1


def deck_key(deck: Deck) -> str:
    """A short hash of a deck's contents (Main, Extra, Side as written)."""
    text = "|".join(",".join(map(str, part)) for part in (deck.main, deck.extra, deck.side))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def game_seed(seed: int, row_key: str, col_key: str, game: int) -> int:
    """The seed of game ``game`` of a matchup (64 bits, from its identity alone)."""
    h = hashlib.sha256(f"{seed}:{row_key}:{col_key}:{game}".encode()).digest()
    return int.from_bytes(h[:8], "little")


@dataclass(frozen=True)
class Task:
    """A chunk of one matchup's games."""

    row: int
    col: int
    row_deck: Deck
    col_deck: Deck
    agents: tuple[str, str]
    """The row deck's agent, the column deck's agent."""
    ruleset: str
    seed: int
    games: int
    """The matchup's games (all chunks)."""
    start: int
    stop: int
    scripts: ScriptChoice = NATIVE_ONLY
    """The card scripts (plain data: a worker builds the source itself)."""

    @property
    def key(self) -> str:
        rk, ck = deck_key(self.row_deck), deck_key(self.col_deck)
        key = (
            f"{rk}:{ck}:{self.agents[0]}:{self.agents[1]}:{self.ruleset}:{self.seed}:"
            f"{self.games}:{self.start}-{self.stop}"
        )
        tag = self.scripts.tag  # games with Lua scripts are other games (same seeds)
        return f"{key}:{tag}" if tag else key


@dataclass(frozen=True)
class Game:
    """One game's outcome, from the row deck's side."""

    game: int
    seed: int
    row_seat: int
    winner: str
    """``row``, ``col`` or ``draw``."""
    first: str
    """Who took the first turn: ``row`` or ``col``."""
    turns: int
    reason: str


def play_task(task: Task) -> dict[str, Any]:
    """Play a task's games; a JSON-able record (the line kept in results.jsonl)."""
    from ygo.agents.base import play
    from ygo.agents.registry import make_agent
    from ygo.defaults import Duel
    from ygo.rules import Ruleset

    cpu0 = time.process_time()
    ruleset = Ruleset.by_name(task.ruleset)
    scripts = task.scripts.source()
    rk, ck = deck_key(task.row_deck), deck_key(task.col_deck)
    games = []
    for g in range(task.start, task.stop):
        s = game_seed(task.seed, rk, ck, g)
        row_seat = g % 2
        decks = (task.row_deck, task.col_deck) if row_seat == 0 else (task.col_deck, task.row_deck)
        names = (
            (task.agents[0], task.agents[1]) if row_seat == 0 else (task.agents[1], task.agents[0])
        )
        duel = Duel(decks, ruleset, s, scripts=scripts)
        agents = (make_agent(names[0], (s + 1) & MASK64), make_agent(names[1], (s + 2) & MASK64))
        result = play(duel, agents)
        assert result is not None

        sides = ("row", "col") if row_seat == 0 else ("col", "row")
        winner = "draw" if result.winner is None else sides[result.winner]
        games.append(
            asdict(
                Game(
                    g, s, row_seat, winner, sides[duel.first_player], duel.turn, result.reason.name
                )
            )
        )
    cpu = round(time.process_time() - cpu0, 4)  # the only field that is not reproducible
    return {"key": task.key, "row": task.row, "col": task.col, "games": games, "cpu_s": cpu}


# -- where tasks run -----------------------------------------------------------------

Mapper = Callable[[Sequence[Task]], Iterator[dict[str, Any]]]


def local_map(jobs: int | None = None) -> Mapper:
    """Tasks on a local process pool of ``jobs`` workers (default: every core;
    1: in this process), results as they finish."""
    n = jobs or os.cpu_count() or 1

    def run(tasks: Sequence[Task]) -> Iterator[dict[str, Any]]:
        if n <= 1 or len(tasks) <= 1:
            yield from map(play_task, tasks)
            return
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        with ctx.Pool(min(n, len(tasks))) as pool:
            yield from pool.imap_unordered(play_task, tasks)

    return run


def ray_map(address: str | None = None, jobs: int | None = None) -> Mapper:
    """Tasks on Ray: the cluster at ``address``, or (None or "") a local Ray
    instance that Ray starts (``jobs`` CPUs, default all). The workers need
    ``ygo`` importable (installed on every node)."""

    def run(tasks: Sequence[Task]) -> Iterator[dict[str, Any]]:
        import ray

        started = False
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,
                "configure_logging": False,
            }
            if address:
                kwargs["address"] = address
            elif jobs:
                kwargs["num_cpus"] = jobs
            ray.init(**kwargs)
            started = True
        try:
            remote = ray.remote(num_cpus=1)(play_task)
            pending = [remote.remote(t) for t in tasks]
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    yield ray.get(ref)
        finally:
            if started:
                ray.shutdown()

    return run


# -- the tournament ------------------------------------------------------------------


@dataclass
class Cell:
    """One ordered matchup's tally, from the row deck's side."""

    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    went_first: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


@dataclass
class Tournament:
    """Decks, agents and the rest of a tournament's identity."""

    decks: list[Deck]
    names: list[str]
    games: int
    agents: tuple[str, str] = ("random", "random")
    ruleset: str = "mr3"
    seed: int = 0
    chunk: int = 10
    scripts: ScriptChoice = NATIVE_ONLY
    """The card scripts every game plays with."""
    cells: dict[tuple[int, int], Cell] = field(default_factory=dict)
    records: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Finished tasks by key."""

    @property
    def mirrored(self) -> bool:
        return self.agents[0] == self.agents[1]

    def matchups(self) -> list[tuple[int, int]]:
        """The (row, column) pairs played. With one agent each pair of decks is
        played once, the deck with the smaller :func:`deck_key` as the row, so that
        the games do not depend on the order the decks were given in."""
        n = len(self.decks)
        if not self.mirrored:
            return [(r, c) for r in range(n) for c in range(n)]
        keys = [deck_key(d) for d in self.decks]
        pairs = [(r, c) for r in range(n) for c in range(r, n)]
        return [(r, c) if keys[r] <= keys[c] else (c, r) for r, c in pairs]

    def tasks(self) -> list[Task]:
        out = []
        for r, c in self.matchups():
            for start in range(0, self.games, self.chunk):
                out.append(
                    Task(
                        r,
                        c,
                        self.decks[r],
                        self.decks[c],
                        self.agents,
                        self.ruleset,
                        self.seed,
                        self.games,
                        start,
                        min(start + self.chunk, self.games),
                        self.scripts,
                    )
                )
        return out

    def run(
        self,
        mapper: Mapper,
        out: Path | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> Tournament:
        """Play every task not already in ``out/results.jsonl``; append each as it ends."""
        tasks = self.tasks()
        by_key = {t.key: t for t in tasks}
        log = None
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
            for rec in read_results(out / "results.jsonl"):
                t = by_key.get(rec["key"])
                if t is not None:  # renumber: the deck order may have changed
                    self.records[t.key] = {**rec, "row": t.row, "col": t.col}
            path = out / "results.jsonl"
            torn = (
                path.exists() and path.stat().st_size > 0 and not path.read_bytes().endswith(b"\n")
            )
            log = path.open("a", encoding="utf-8")
            if torn:  # an interrupted write: end its line so the next record stands alone
                log.write("\n")
        todo = [t for t in tasks if t.key not in self.records]
        if progress is not None:
            progress(len(tasks) - len(todo), len(tasks))
        try:
            for rec in mapper(todo):
                self.records[rec["key"]] = rec
                if log is not None:
                    log.write(json.dumps(rec, sort_keys=True) + "\n")
                    log.flush()
                if progress is not None:
                    progress(1, len(tasks))
        finally:
            if log is not None:
                log.close()
        self.tally()
        return self

    def tally(self) -> None:
        n = len(self.decks)
        self.cells = {(r, c): Cell() for r in range(n) for c in range(n)}
        for rec in self.records.values():
            r, c = rec["row"], rec["col"]
            for g in rec["games"]:
                self._count(self.cells[(r, c)], g["winner"], g["first"] == "row")
                if self.mirrored and r != c:  # the same games from the column's side
                    other = {"row": "col", "col": "row", "draw": "draw"}[g["winner"]]
                    self._count(self.cells[(c, r)], other, g["first"] == "col")

    @staticmethod
    def _count(cell: Cell, winner: str, first: bool) -> None:
        cell.games += 1
        cell.went_first += int(first)
        if winner == "row":
            cell.wins += 1
        elif winner == "col":
            cell.losses += 1
        else:
            cell.draws += 1

    def games_played(self) -> list[dict[str, Any]]:
        """Every game, sorted, with its matchup (what two runs compare)."""
        out = []
        for rec in self.records.values():
            for g in rec["games"]:
                out.append({"row": self.names[rec["row"]], "col": self.names[rec["col"]], **g})
        return sorted(out, key=lambda g: (g["row"], g["col"], g["game"]))

    def deck_totals(self) -> list[Cell]:
        """Each deck's games against every deck (its row), summed."""
        totals = []
        for r in range(len(self.decks)):
            t = Cell()
            for c in range(len(self.decks)):
                cell = self.cells[(r, c)]
                t.games += cell.games
                t.wins += cell.wins
                t.losses += cell.losses
                t.draws += cell.draws
                t.went_first += cell.went_first
            totals.append(t)
        return totals

    def to_dict(self) -> dict[str, Any]:
        def cell(c: Cell) -> dict[str, Any]:
            lo, hi = c.interval
            return {
                "games": c.games,
                "wins": c.wins,
                "losses": c.losses,
                "draws": c.draws,
                "win_rate": round(c.win_rate, 4),
                "ci95": [round(lo, 4), round(hi, 4)],
            }

        return {
            "decks": self.names,
            "deck_keys": [deck_key(d) for d in self.decks],
            "games_per_matchup": self.games,
            "agents": list(self.agents),
            "ruleset": self.ruleset,
            "seed": self.seed,
            "scripts": {"lua": self.scripts.folder, "prefer": self.scripts.prefer},
            "matrix": [
                [cell(self.cells[(r, c)]) for c in range(len(self.decks))]
                for r in range(len(self.decks))
            ],
            "totals": [cell(t) for t in self.deck_totals()],
        }

    def write(self, out: Path) -> list[Path]:
        """matrix.json, matrix.csv and heatmap.png (when matplotlib is installed)."""
        out.mkdir(parents=True, exist_ok=True)
        paths = [out / "matrix.json", out / "matrix.csv"]
        paths[0].write_text(json.dumps(self.to_dict(), indent=2) + "\n", encoding="utf-8")
        lines = ["row,col,games,wins,losses,draws,win_rate,ci95_low,ci95_high"]
        for (r, c), cell in sorted(self.cells.items()):
            lo, hi = cell.interval
            lines.append(
                f"{_csv(self.names[r])},{_csv(self.names[c])},{cell.games},{cell.wins},"
                f"{cell.losses},{cell.draws},{cell.win_rate:.4f},{lo:.4f},{hi:.4f}"
            )
        paths[1].write_text("\n".join(lines) + "\n", encoding="utf-8")
        with contextlib.suppress(ImportError):  # matplotlib is the research extra's
            paths.append(self.heatmap(out / "heatmap.png"))
        return paths

    def heatmap(self, path: Path) -> Path:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        n = len(self.decks)
        rates = [[self.cells[(r, c)].win_rate for c in range(n)] for r in range(n)]
        fig, ax = plt.subplots(figsize=(2.0 + 1.1 * n, 1.5 + 0.9 * n))
        im = ax.imshow(rates, cmap="RdYlGn", vmin=0.0, vmax=1.0)
        ax.set_xticks(range(n), self.names, rotation=45, ha="right")
        ax.set_yticks(range(n), self.names)
        ax.set_xlabel(f"opponent ({self.agents[1]})")
        ax.set_ylabel(f"deck ({self.agents[0]})")
        for r in range(n):
            for c in range(n):
                cell = self.cells[(r, c)]
                lo, hi = cell.interval
                ax.text(
                    c,
                    r,
                    f"{100 * cell.win_rate:.0f}%\n[{100 * lo:.0f}-{100 * hi:.0f}]",
                    ha="center",
                    va="center",
                    fontsize=8,
                )
        fig.colorbar(im, ax=ax, label="win rate (row deck)")
        ax.set_title(f"{self.games} games per matchup, 95% Wilson intervals")
        fig.tight_layout()
        fig.savefig(path, dpi=100)
        plt.close(fig)
        return path


def _csv(text: str) -> str:
    return '"' + text.replace('"', '""') + '"' if any(ch in text for ch in ',"\n') else text


def read_results(path: Path) -> Iterable[dict[str, Any]]:
    """The finished tasks of an earlier run (a torn last line is skipped)."""
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(rec, dict) and "key" in rec and "games" in rec:
            out.append(rec)
    return out


def unique_names(names: Sequence[str]) -> list[str]:
    """Display names made distinct (``deck``, ``deck#2`` ...)."""
    out: list[str] = []
    for name in names:
        base, k, cand = name, 1, name
        while cand in out:
            k += 1
            cand = f"{base}#{k}"
        out.append(cand)
    return out
