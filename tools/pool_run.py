"""Play many duels with random legal decks from the whole scripted pool and check
them (issue 8 point 4: the 20,000-duel run; issue 22: views and round trips).

Usage (from the repository root)::

    .venv/bin/python tools/pool_run.py --duels 2000 --jobs 1 --seed 0
    .venv/bin/python tools/pool_run.py --duels 20000 --jobs 2 --json
    .venv/bin/python tools/pool_run.py --duels 20000 --jobs 2 --proof

``--proof`` draws the expensive checks per duel as the slow whole-pool test does
(``proof_checks``); without it every duel gets the checks the flags say.

Duel ``i`` uses seed ``seed + i``: its two decks (``ygo.invariants.scripted_decks``:
20 scripted Main Deck cards, 20 Normal monsters, 0-8 scripted Extra Deck monsters
each), its ruleset (mr3, every fourth duel classic), the duel and its agents:
with ``--agents random`` (the default) one random agent plays both seats; with
``--agents mix`` the seats of each block of four seeds take random vs random,
greedy vs random, random vs rule, rule vs greedy in turn (``AGENT_MIX``, so that
both rulesets meet every pair).

Checked, with the checks of ``ygo.invariants`` (the property tests use the same):

- after every decision: no card in two places or nowhere, Tokens only on the
  field, the Extra Deck shrinks only by announced summons/moves and grows only by
  announced returns, no chain open at a menu and none longer than ``MAX_CHAIN``
  (``check_cheap``);
- every ``--full-every``-th decision (default 16): the full invariants
  (``check_invariants``: zones agree with the per-card arrays, LP only through
  their events, options distinct, explain() agrees with the Main Phase menu, count
  limits);
- every ``--views-every``-th decision (default 1: every one): both players' views
  and the spectator's are built and checked against the duel (``check_views``);
  the agents that read a view get their player's;
- every duel ends within ``MAX_DECISIONS`` decisions;
- at ``--forks`` sampled decisions (default 2, drawn below ``FORK_BEFORE``) and at
  the first decision inside an effect's resolution: a clone and a save/load
  continue with the rest of the duel's choices to the same final digest;
- every finished duel saves and loads as the same duel (``check_round_trip``:
  digest, result, views, events); its recorded replay verifies
  (``replay_duel(verify=True)``: checkpoints, final digest, result) and meets
  the same digests at the forks.

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

from ygo.agents.base import Agent
from ygo.agents.greedy import GreedyAgent
from ygo.agents.random import RandomAgent
from ygo.agents.rule import RuleAgent
from ygo.cards.pool import embedded_pool
from ygo.defaults import Duel
from ygo.engine.actions import DecisionKind
from ygo.engine.rng import Rng
from ygo.errors import ReplayError
from ygo.formats.replay import Recorder, replay_duel
from ygo.invariants import (
    check_cheap,
    check_invariants,
    check_round_trip,
    check_views,
    scripted_decks,
)
from ygo.rules import Ruleset

MAX_DECISIONS = 5000

#: Forks are made at decisions drawn below this (most duels last longer).
FORK_BEFORE = 100

#: The seats' agents by ``(seed // 4) % len(AGENT_MIX)`` under ``--agents mix``.
AGENT_MIX = (("random", "random"), ("greedy", "random"), ("random", "rule"), ("rule", "greedy"))

_MR3 = Ruleset.mr3()
_CLASSIC = Ruleset.classic()


class InvariantFailure(Exception):
    """A check failed (as opposed to the engine crashing)."""


def _check(fn: Callable[..., None], *args: Any) -> None:
    try:
        fn(*args)
    except AssertionError as exc:
        raise InvariantFailure(f"{fn.__name__}: {exc}") from exc


def agents_for(seed: int, mix: str = "mix") -> tuple[str, str]:
    """The two seats' agent names for duel ``seed``."""
    if mix == "random":
        return ("random", "random")
    return AGENT_MIX[(seed // 4) % len(AGENT_MIX)]


def proof_checks(seed: int) -> dict[str, Any]:
    """The checks of duel ``seed`` in the proof run (``--proof``, the slow
    whole-pool test), as issue 22 asks for every duel: ``check_cheap`` (the attack
    naming only monsters in a Monster Zone among it) and the three views at every
    decision, the full invariants at every 16th, a clone and a save/load fork at a
    random decision continued to the end, and a save/load round trip of the
    finished duel (``check_round_trip``). Drawn per duel, independently of its
    ruleset and agents: 1 duel in 4 also forks at its first decision inside an
    effect's resolution, and 1 in 8 records its replay and verifies it."""
    rng = Rng(seed ^ 0xC4EC)
    return {
        "full_every": 16,
        "views_every": 1,
        "nforks": 1,
        "effect_fork": rng.below(4) == 0,
        "replay": rng.below(8) == 0,
    }


def _agent(name: str, seed: int) -> Agent:
    # (RandomAgent by its module-level name: a test replaces it with a broken one.)
    kinds: dict[str, type[Any]] = {
        "random": RandomAgent,
        "greedy": GreedyAgent,
        "rule": RuleAgent,
    }
    agent: Agent = kinds[name](seed)
    return agent


def play(
    seed: int,
    full_every: int = 16,
    nforks: int = 2,
    views_every: int = 1,
    mix: str = "random",
    effect_fork: bool = True,
    replay: bool = True,
) -> dict[str, Any]:
    """One checked duel; a dict of figures and, if it went wrong, what.

    The views are checked at decision ``n`` when ``(n + seed) % views_every == 0``
    (so that over many duels every decision number has its turn); the forks are
    made at ``nforks`` decisions drawn below ``FORK_BEFORE`` and, with
    ``effect_fork``, at the first decision inside an effect's resolution
    (``DecisionKind.EFFECT``) if any. With ``replay`` the duel is recorded and
    its replay verified at the end."""
    out: dict[str, Any] = {"seed": seed, "decisions": 0, "links": 0, "turns": 0}
    n = 0
    try:
        db = embedded_pool()
        decks = scripted_decks(seed)
        ruleset = _CLASSIC if seed % 4 == 3 else _MR3
        duel = Duel(decks, ruleset, seed, db=db)
        names = agents_for(seed, mix)
        out["agents"] = names
        if names == ("random", "random"):  # one agent for both seats (as before issue 22)
            agents = (_agent("random", seed * 2 + 1),) * 2
        else:
            agents = (_agent(names[0], seed * 2 + 1), _agent(names[1], seed * 2 + 2))
        recorder = Recorder(duel) if replay else None
        take = duel.apply if recorder is None else recorder.apply
        rng = Rng(seed ^ 0x5EED)
        fork_at = {rng.below(FORK_BEFORE) for _ in range(nforks)}
        inside_seen = not effect_fork
        # (clone, loaded, index in duel.choices, index in the replay's choices, digest)
        forks: list[tuple[Duel, Duel, int, int, str]] = []
        _check(check_invariants, duel, [ruleset.start_lp] * 2, 0)
        while not duel.is_over:
            if n >= MAX_DECISIONS:
                raise InvariantFailure(f"the duel does not end ({MAX_DECISIONS} decisions)")
            d = duel.decision
            assert d is not None, "no decision and no result"
            agent = agents[d.player]
            views = None
            if (n + seed) % views_every == 0:
                views = _check_views(duel)
            inside = not inside_seen and d.kind == DecisionKind.EFFECT
            if n in fork_at or inside:
                inside_seen = inside_seen or inside
                loaded = Duel.load(duel.save())
                at, at_text = len(duel.choices), n
                forks.append((duel.clone(), loaded, at, at_text, duel.digest()))
            lp_before = [duel.lp(0), duel.lp(1)]
            events_before = duel.event_count
            extra_before = [set(duel.extra(0)), set(duel.extra(1))]
            view = None
            if agent.needs_view:
                view = views[d.player] if views is not None else duel.view(d.player)
            take(agent.choose(view, d))
            n += 1
            if n % full_every == 0:
                _check(check_invariants, duel, lp_before, events_before, extra_before)
            else:
                _check(check_cheap, duel, events_before, extra_before)
        _check(check_invariants, duel, [duel.lp(0), duel.lp(1)], duel.event_count)
        _check_views(duel)
        final = duel.digest()
        # The finished duel saves and loads as the same duel.
        _check(check_round_trip, duel)
        # Its replay verifies (checkpoints, final digest, result), meeting the
        # same digests at the forks.
        at_fork = {at_text: digest for _, _, _, at_text, digest in forks}
        met = [0]

        def meet(again: Duel, text: str) -> None:
            i = met[0]
            met[0] += 1
            if i in at_fork and again.digest() != at_fork[i]:
                raise InvariantFailure(f"the replay differs at choice {i}")

        if recorder is not None:
            try:
                again = replay_duel(recorder.replay, db, verify=True, on_choice=meet)
            except ReplayError as exc:
                raise InvariantFailure(f"replay_duel: {exc}") from exc
            if again.digest() != final:
                raise InvariantFailure("the verified replay ends with another digest")
        choices = duel.choices
        # Clone and save/load continue equal to the duel.
        for clone, loaded, at, _, digest in forks:
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


def _check_views(duel: Duel) -> Any:
    try:
        return check_views(duel)
    except AssertionError as exc:
        raise InvariantFailure(f"check_views: {exc}") from exc


def _play_args(args: tuple[int, dict[str, Any]]) -> dict[str, Any]:
    return play(args[0], **args[1])


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    c = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime + c.ru_utime + c.ru_stime


def run(
    duels: int,
    jobs: int,
    seed: int,
    full_every: int = 16,
    forks: int = 2,
    progress: bool = False,
    views_every: int = 1,
    mix: str = "random",
    proof: bool = False,
) -> dict[str, Any]:
    wall0, cpu0 = time.perf_counter(), _cpu()
    same = {"full_every": full_every, "nforks": forks, "views_every": views_every}
    work = [
        (s, {**(proof_checks(s) if proof else same), "mix": mix}) for s in range(seed, seed + duels)
    ]
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
    ap.add_argument(
        "--views-every", type=int, default=1, help="build and check the 3 views every N decisions"
    )
    ap.add_argument(
        "--agents", choices=("random", "mix"), default="random", help="the seats' agents"
    )
    ap.add_argument(
        "--proof", action="store_true", help="the proof run's checks per duel (proof_checks)"
    )
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--progress", action="store_true")
    a = ap.parse_args(argv)
    rep = run(
        a.duels, a.jobs, a.seed, a.full_every, a.forks, a.progress, a.views_every, a.agents,
        a.proof,
    )  # fmt: skip
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
