"""Play many random duels with random legal decks from the whole scripted pool and
check them cheaply (issue 8 point 4: the 20,000-duel run).

Usage (from the repository root)::

    .venv/bin/python tools/pool_run.py --duels 2000 --jobs 1 --seed 0
    .venv/bin/python tools/pool_run.py --duels 20000 --jobs 2 --json

Duel ``i`` uses seed ``seed + i``: its two decks (``ygo.invariants.scripted_decks``:
20 scripted Main Deck cards, 20 Normal monsters, 0-8 scripted Extra Deck monsters
each), its ruleset (mr3, every fourth duel classic), the duel and the random agent.

Checked, with the checks of ``ygo.invariants`` (the property tests use the same):

- after every decision: no card in two places or nowhere, Tokens only on the
  field, the Extra Deck shrinks only by announced summons/moves and grows only by
  announced returns, no chain open at a menu and none longer than ``MAX_CHAIN``
  (``check_cheap``);
- every ``--full-every``-th decision (default 16): the full invariants
  (``check_invariants``: zones agree with the per-card arrays, LP only through
  their events, options distinct, explain() agrees with the Main Phase menu, count
  limits);
- every duel ends within ``MAX_DECISIONS`` decisions;
- at ``--forks`` sampled decisions (default 2): a clone and a save/load continue
  with the rest of the duel's choices to the same final digest; a fresh duel
  replaying the choices reaches the same digests at those decisions and at the end.

Reported: duels, crashes (seed and traceback), invariant failures (seed and
message), average chain links and decisions per duel, wall and CPU time. The exit
code is 1 if anything crashed or failed.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import resource
import sys
import time
import traceback
from collections.abc import Callable
from typing import Any

from ygo.agents.random import RandomAgent
from ygo.cards.pool import embedded_pool
from ygo.defaults import Duel
from ygo.engine.rng import Rng
from ygo.invariants import check_cheap, check_invariants, scripted_decks
from ygo.rules import Ruleset

MAX_DECISIONS = 5000

_MR3 = Ruleset.mr3()
_CLASSIC = Ruleset.classic()


class InvariantFailure(Exception):
    """A check failed (as opposed to the engine crashing)."""


def _check(fn: Callable[..., None], *args: Any) -> None:
    try:
        fn(*args)
    except AssertionError as exc:
        raise InvariantFailure(f"{fn.__name__}: {exc}") from exc


def play(seed: int, full_every: int = 16, nforks: int = 2) -> dict[str, Any]:
    """One checked duel; a dict of figures and, if it went wrong, what."""
    out: dict[str, Any] = {"seed": seed, "decisions": 0, "links": 0, "turns": 0}
    n = 0
    try:
        db = embedded_pool()
        decks = scripted_decks(seed)
        ruleset = _CLASSIC if seed % 4 == 3 else _MR3
        duel = Duel(decks, ruleset, seed, db=db)
        agent = RandomAgent(seed * 2 + 1)
        rng = Rng(seed ^ 0x5EED)
        fork_at = {rng.below(250) for _ in range(nforks)}
        forks: list[tuple[Duel, Duel, int, str]] = []
        _check(check_invariants, duel, [ruleset.start_lp] * 2, 0)
        while not duel.is_over:
            if n >= MAX_DECISIONS:
                raise InvariantFailure(f"the duel does not end ({MAX_DECISIONS} decisions)")
            d = duel.decision
            assert d is not None, "no decision and no result"
            if n in fork_at:
                forks.append(
                    (duel.clone(), Duel.load(duel.save()), len(duel.choices), duel.digest())
                )
            lp_before = [duel.lp(0), duel.lp(1)]
            events_before = duel.event_count
            extra_before = [set(duel.extra(0)), set(duel.extra(1))]
            duel.apply(agent.choose(None, d))
            n += 1
            if n % full_every == 0:
                _check(check_invariants, duel, lp_before, events_before, extra_before)
            else:
                _check(check_cheap, duel, events_before, extra_before)
        _check(check_invariants, duel, [duel.lp(0), duel.lp(1)], duel.event_count)
        final = duel.digest()
        choices = duel.choices
        # A fresh duel replaying the choices meets the same digests.
        at_fork = {at: digest for _, _, at, digest in forks}
        again = Duel(decks, ruleset, seed, db=db)
        for i, index in enumerate(choices):
            if i in at_fork and again.digest() != at_fork[i]:
                raise InvariantFailure(f"replay differs at choice {i}")
            again.apply(index)
        if again.digest() != final:
            raise InvariantFailure("replay ends with another digest")
        # Clone and save/load continue equal to the duel.
        for clone, loaded, at, digest in forks:
            for name, other in (("clone", clone), ("save/load", loaded)):
                if other.digest() != digest:
                    raise InvariantFailure(f"{name} at choice {at} has another digest")
                for index in choices[at:]:
                    other.apply(index)
                if not other.is_over or other.digest() != final:
                    raise InvariantFailure(f"{name} at choice {at} continues differently")
        out.update(decisions=duel.decisions_made, links=duel.chain_links, turns=duel.turn)
    except InvariantFailure as exc:
        out.update(kind="invariant", error=str(exc), decisions=n, tb=traceback.format_exc())
    except Exception as exc:  # the engine crashed
        out.update(kind="crash", error=f"{type(exc).__name__}: {exc}", decisions=n)
        out["tb"] = traceback.format_exc()
    return out


def _play_args(args: tuple[int, int, int]) -> dict[str, Any]:
    return play(*args)


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    c = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime + c.ru_utime + c.ru_stime


def run(
    duels: int, jobs: int, seed: int, full_every: int = 16, forks: int = 2, progress: bool = False
) -> dict[str, Any]:
    wall0, cpu0 = time.perf_counter(), _cpu()
    work = [(seed + i, full_every, forks) for i in range(duels)]
    results: list[dict[str, Any]] = []
    if jobs <= 1:
        it: Any = map(_play_args, work)
        pool = None
    else:
        pool = multiprocessing.get_context("fork").Pool(jobs)
        it = pool.imap_unordered(_play_args, work, chunksize=4)
    for r in it:
        results.append(r)
        if progress and len(results) % 100 == 0:
            print(f"  {len(results)}/{duels}", file=sys.stderr, flush=True)
    if pool is not None:
        pool.close()
        pool.join()
    wall, cpu = time.perf_counter() - wall0, _cpu() - cpu0
    ok = [r for r in results if "kind" not in r]
    crashes = sorted((r for r in results if r.get("kind") == "crash"), key=lambda r: r["seed"])
    failures = sorted((r for r in results if r.get("kind") == "invariant"), key=lambda r: r["seed"])
    n_ok = max(1, len(ok))
    return {
        "duels": len(results),
        "seed": seed,
        "jobs": jobs,
        "crashes": [
            {"seed": r["seed"], "error": r["error"], "traceback": r["tb"]} for r in crashes
        ],
        "invariant_failures": [
            {"seed": r["seed"], "error": r["error"], "traceback": r["tb"]} for r in failures
        ],
        "avg_chain_links": sum(r["links"] for r in ok) / n_ok,
        "avg_decisions": sum(r["decisions"] for r in ok) / n_ok,
        "avg_turns": sum(r["turns"] for r in ok) / n_ok,
        "wall_s": wall,
        "cpu_s": cpu,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--duels", type=int, default=2000)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--full-every", type=int, default=16, help="full invariants every N decisions")
    ap.add_argument("--forks", type=int, default=2, help="clone/save/replay points per duel")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--progress", action="store_true")
    a = ap.parse_args(argv)
    rep = run(a.duels, a.jobs, a.seed, a.full_every, a.forks, a.progress)
    if a.json:
        print(json.dumps(rep, indent=2))
    else:
        print(f"duels: {rep['duels']} (seeds {a.seed}..{a.seed + a.duels - 1}, jobs {a.jobs})")
        print(f"crashes: {len(rep['crashes'])}")
        for c in rep["crashes"]:
            print(f"  seed {c['seed']}: {c['error']}\n{c['traceback']}")
        print(f"invariant failures: {len(rep['invariant_failures'])}")
        for c in rep["invariant_failures"]:
            print(f"  seed {c['seed']}: {c['error']}\n{c['traceback']}")
        print(f"average chain links per duel: {rep['avg_chain_links']:.1f}")
        print(f"average decisions per duel: {rep['avg_decisions']:.1f}")
        print(f"average turns per duel: {rep['avg_turns']:.1f}")
        print(f"wall: {rep['wall_s']:.1f} s, CPU: {rep['cpu_s']:.1f} s")
    return 1 if rep["crashes"] or rep["invariant_failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
