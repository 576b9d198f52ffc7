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


def run(games: int = 40, chunk: int = 5, with_ray: bool = True, repeat: int = 1) -> dict[str, Any]:
    setups: dict[str, tuple[Any, int]] = {
        "local_1": (lambda: local_map(1), 1),
        "local_2": (lambda: local_map(2), 2),
    }
    if with_ray:
        setups["ray_1"] = (lambda: ray_map(None, jobs=1), 1)
        setups["ray_2"] = (lambda: ray_map(None, jobs=2), 2)
    # interleaved rounds; each configuration keeps its fastest round (the one the
    # other processes on the machine disturbed least) and lists them all
    rounds: dict[str, list[dict[str, Any]]] = {name: [] for name in setups}
    for _ in range(repeat):
        for name, (make, workers) in setups.items():
            rounds[name].append(_timed(make(), games, chunk, workers))
    reference = rounds["local_1"][0]["_games"]
    identical = all(r["_games"] == reference for rs in rounds.values() for r in rs)
    runs: dict[str, dict[str, Any]] = {}
    for name, rs in rounds.items():
        for r in rs:
            del r["_games"]
        best = max(rs, key=lambda r: r["games_per_s"])
        runs[name] = {**best, "rounds_games_per_s": [r["games_per_s"] for r in rs]}
    out: dict[str, Any] = {
        "games_per_matchup": games,
        "matchups": 10,
        "chunk": chunk,
        "rounds": repeat,
        "cores": os.cpu_count(),
        "identical_games": identical,
        "runs": runs,
    }

    def eff(one: str, two: str) -> float:
        return round(runs[two]["games_per_s"] / (2 * runs[one]["games_per_s"]), 3)

    out["efficiency_local"] = eff("local_1", "local_2")
    # the same games cost this much more CPU with two workers (1.0: no parallel overhead)
    out["work_ratio_local"] = round(
        runs["local_2"]["task_cpu_s"] / runs["local_1"]["task_cpu_s"], 3
    )
    if with_ray:
        out["efficiency_ray"] = eff("ray_1", "ray_2")
        tiny_local = _timed(local_map(1), 1, 1, 1)
        tiny_ray = _timed(ray_map(None, jobs=2), 1, 1, 2)
        # 10 one-game matchups; the overhead is what Ray adds to the same work
        out["ray_overhead_s"] = round(tiny_ray["wall_s"] - tiny_local["wall_s"], 2)
        # Ray's games/s once its fixed overhead is taken out of the wall time
        for name in ("ray_1", "ray_2"):
            r = runs[name]
            r["games_per_s_after_overhead"] = round(
                r["games"] / max(0.01, r["wall_s"] - out["ray_overhead_s"]), 2
            )
        out["efficiency_ray_after_overhead"] = round(
            runs["ray_2"]["games_per_s_after_overhead"]
            / (2 * runs["ray_1"]["games_per_s_after_overhead"]),
            3,
        )
    return out


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.tournament_scaling")
    ap.add_argument("--games", type=int, default=40, help="games per matchup")
    ap.add_argument("--chunk", type=int, default=5, help="games per task")
    ap.add_argument("--no-ray", action="store_true")
    ap.add_argument("--repeat", type=int, default=1, help="interleaved rounds (best kept)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    rep = run(a.games, a.chunk, not a.no_ray, a.repeat)
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
