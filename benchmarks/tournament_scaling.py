"""``ygo tournament`` scaling: games/s with 1 and 2 workers, locally and on Ray.

    nice -n 10 .venv/bin/python -m benchmarks.tournament_scaling --games 40 --json

Plays the same tournament (random agents; the starter decks and the two mr3
sample decks: 10 matchups) four times: one local worker (in this process), a
local pool of two, a local Ray instance with 1 CPU and with 2 CPUs. Reports
games/s, scaling efficiency (games/s with 2 workers / twice games/s with 1),
whether every run played exactly the same games, the load average when each run
started and the workers' utilisation (CPU seconds spent in tasks / workers x
wall time: the machine may be shared), and Ray's fixed overhead per tournament: the
wall time of a one-game tournament on Ray minus the same tournament run locally
(starting and stopping Ray, shipping the task).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

from ygo.data import sample_deck, starter_deck
from ygo.tournament import Mapper, Tournament, local_map, ray_map


def _tournament(games: int, chunk: int) -> Tournament:
    decks = [starter_deck("yugi"), starter_deck("kaiba"), sample_deck("synchro")]
    decks.append(sample_deck("pendulum"))
    names = ["yugi", "kaiba", "synchro", "pendulum"]
    return Tournament(decks, names, games, seed=1, chunk=chunk)


def _timed(mapper: Mapper, games: int, chunk: int, workers: int) -> dict[str, Any]:
    load = os.getloadavg()[0]
    t = _tournament(games, chunk)
    w0 = time.perf_counter()
    t.run(mapper)
    wall = time.perf_counter() - w0
    played = t.games_played()
    work = sum(r["cpu_s"] for r in t.records.values())
    return {
        "games": len(played),
        "wall_s": round(wall, 2),
        "games_per_s": round(len(played) / wall, 2),
        "load_at_start": round(load, 2),
        "task_cpu_s": round(work, 2),
        # the share of the workers' wall time spent playing: below 1 when other
        # processes take the cores, or for start-up and idle workers
        "utilisation": round(work / (wall * workers), 3),
        "_games": played,
    }


def run(games: int = 40, chunk: int = 5, with_ray: bool = True) -> dict[str, Any]:
    runs: dict[str, dict[str, Any]] = {
        "local_1": _timed(local_map(1), games, chunk, 1),
        "local_2": _timed(local_map(2), games, chunk, 2),
    }
    if with_ray:
        runs["ray_1"] = _timed(ray_map(None, jobs=1), games, chunk, 1)
        runs["ray_2"] = _timed(ray_map(None, jobs=2), games, chunk, 2)
    reference = runs["local_1"]["_games"]
    out: dict[str, Any] = {
        "games_per_matchup": games,
        "matchups": 10,
        "chunk": chunk,
        "cores": os.cpu_count(),
        "identical_games": all(r["_games"] == reference for r in runs.values()),
    }
    for r in runs.values():
        del r["_games"]
    out["runs"] = runs

    def eff(one: str, two: str) -> float:
        return round(runs[two]["games_per_s"] / (2 * runs[one]["games_per_s"]), 3)

    # the same games cost this much more CPU with two workers (1.0: no parallel overhead)
    out["work_ratio_local"] = round(
        runs["local_1"]["task_cpu_s"] / runs["local_2"]["task_cpu_s"], 3
    )

    out["efficiency_local"] = eff("local_1", "local_2")
    if with_ray:
        out["efficiency_ray"] = eff("ray_1", "ray_2")
        tiny_local = _timed(local_map(1), 1, 1, 1)
        tiny_ray = _timed(ray_map(None, jobs=2), 1, 1, 2)
        # 10 one-game matchups; the overhead is what Ray adds to the same work
        out["ray_overhead_s"] = round(tiny_ray["wall_s"] - tiny_local["wall_s"], 2)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.tournament_scaling")
    ap.add_argument("--games", type=int, default=40, help="games per matchup")
    ap.add_argument("--chunk", type=int, default=5, help="games per task")
    ap.add_argument("--no-ray", action="store_true")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    rep = run(a.games, a.chunk, not a.no_ray)
    if a.json:
        print(json.dumps(rep, indent=2))
        return
    for name, r in rep["runs"].items():
        print(
            f"{name:8} {r['games']:5} games {r['wall_s']:8.1f} s {r['games_per_s']:8.1f} games/s"
            f" (load {r['load_at_start']}, utilisation {r['utilisation']})"
        )
    print(f"identical games in every run: {rep['identical_games']}")
    print(f"scaling efficiency, local: {rep['efficiency_local']:.0%}")
    if "efficiency_ray" in rep:
        print(f"scaling efficiency, Ray: {rep['efficiency_ray']:.0%}")
        print(f"Ray's fixed overhead per tournament: {rep['ray_overhead_s']:.1f} s")


if __name__ == "__main__":
    main()
