"""How many options can one decision have? Random duels of the whole scripted pool.

Usage (from the repository root; bounded, one core)::

    nice -n 10 .venv/bin/python tools/option_counts.py --duels 10000 --jobs 1 --json

Duel ``i`` uses seed ``seed + i`` and plays exactly like ``tools/pool_run.py``'s
duel ``i`` (``ygo.invariants.scripted_decks``, every fourth duel classic, the
random agent), without the checks. Reported: the largest option count of any
decision (with its seed, decision kind and index in the duel), a histogram of
option counts, and the share of decisions above the page sizes that ``ygo.env``
might use (docs/research.md: the env's action space).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections import Counter
from typing import Any

from ygo.agents.random import RandomAgent
from ygo.cards.pool import embedded_pool
from ygo.defaults import Duel
from ygo.invariants import scripted_decks
from ygo.rules import Ruleset

MAX_DECISIONS = 5000
_MR3 = Ruleset.mr3()
_CLASSIC = Ruleset.classic()


def play(seed: int) -> dict[str, Any]:
    db = embedded_pool()
    decks = scripted_decks(seed)
    duel = Duel(decks, _CLASSIC if seed % 4 == 3 else _MR3, seed, db=db)
    agent = RandomAgent(seed * 2 + 1)
    hist: Counter[int] = Counter()
    best = (0, "", 0)
    n = 0
    while not duel.is_over and n < MAX_DECISIONS:
        d = duel.decision
        assert d is not None
        k = len(d.options)
        hist[k] += 1
        if k > best[0]:
            best = (k, d.kind.name, n)
        duel.apply(agent.choose(None, d))
        n += 1
    return {"seed": seed, "hist": dict(hist), "max": best}


def run(duels: int, jobs: int, seed: int) -> dict[str, Any]:
    t0 = time.perf_counter()
    seeds = range(seed, seed + duels)
    hist: Counter[int] = Counter()
    top: tuple[int, str, int, int] = (0, "", 0, -1)
    if jobs <= 1:
        it: Any = map(play, seeds)
        pool = None
    else:
        pool = multiprocessing.get_context("fork").Pool(jobs)
        it = pool.imap_unordered(play, seeds, chunksize=8)
    for done, r in enumerate(it, 1):
        hist.update({int(k): v for k, v in r["hist"].items()})
        k, kind, at = r["max"]
        if k > top[0]:
            top = (k, kind, at, r["seed"])
        if done % 500 == 0:
            print(f"  {done}/{duels} max {top[0]}", file=sys.stderr, flush=True)
    if pool is not None:
        pool.close()
        pool.join()
    total = sum(hist.values())
    return {
        "duels": duels,
        "seed": seed,
        "decisions": total,
        "max_options": top[0],
        "max_at": {"seed": top[3], "kind": top[1], "decision": top[2]},
        "histogram": dict(sorted(hist.items())),
        "share_above": {
            str(k): sum(v for n, v in hist.items() if n > k) / max(1, total)
            for k in (8, 16, 24, 32, 64)
        },
        "wall_s": round(time.perf_counter() - t0, 1),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--duels", type=int, default=10000)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    rep = run(a.duels, a.jobs, a.seed)
    if a.json:
        print(json.dumps(rep, indent=2))
    else:
        print(f"duels {rep['duels']}, decisions {rep['decisions']}, wall {rep['wall_s']} s")
        print(f"largest option count: {rep['max_options']} at {rep['max_at']}")
        print("share of decisions above K options:", rep["share_above"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
