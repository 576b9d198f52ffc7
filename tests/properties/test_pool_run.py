"""Helper D (pool): the whole-pool runner ``tools/pool_run.py`` and its cheap checks;
the whole-pool property run (issue 22's proof: 20,000 duels under ``slow``)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from tests.tool_loader import load_tool
from ygo.core.state import State
from ygo.defaults import Duel
from ygo.engine import ops
from ygo.engine.result import Result, WinReason
from ygo.invariants import check_cheap, scripted_decks
from ygo.rules import Ruleset


def _tool() -> ModuleType:
    return load_tool("pool_run")


def test_pool_run_plays_checked_duels() -> None:
    rep = _tool().run(duels=3, jobs=1, seed=5)
    assert rep["duels"] == 3
    assert rep["crashes"] == [] and rep["invariant_failures"] == []
    assert rep["avg_decisions"] > 0


def test_pool_run_reports_a_crash_with_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    tool = _tool()

    class Broken:
        needs_view = False

        def __init__(self, seed: int) -> None:
            pass

        def choose(self, view: Any, decision: Any) -> Any:
            raise RuntimeError("boom")

    monkeypatch.setattr(tool, "RandomAgent", Broken)
    rep = tool.run(duels=2, jobs=1, seed=7)
    assert [c["seed"] for c in rep["crashes"]] == [7, 8]
    assert "RuntimeError: boom" in rep["crashes"][0]["error"]
    assert "Traceback" in rep["crashes"][0]["traceback"]


def test_check_cheap_finds_a_card_in_two_places() -> None:
    duel = Duel(scripted_decks(1), Ruleset.mr3(), 1)
    check_cheap(duel, duel.event_count, [set(duel.extra(0)), set(duel.extra(1))])
    st = duel._st
    st.hand[0].append(st.deck[0][0])
    with pytest.raises(AssertionError, match="two places"):
        check_cheap(duel, duel.event_count, [set(duel.extra(0)), set(duel.extra(1))])


def test_check_cheap_finds_a_token_off_the_field() -> None:
    duel = Duel(scripted_decks(2), Ruleset.mr3(), 2)
    st = duel._st
    from ygo.core.enums import CardType

    uid = st.deck[0][0]
    ops.set_ctype(st, uid, st.ctype[uid] | CardType.TOKEN)
    with pytest.raises(AssertionError, match="Token"):
        check_cheap(duel, duel.event_count, [set(duel.extra(0)), set(duel.extra(1))])


def _first_failure(tool: ModuleType, seeds: range, **checks: Any) -> dict[str, Any]:
    for seed in seeds:
        rep: dict[str, Any] = tool.play(seed, mix="mix", **checks)
        if "kind" in rep:
            return rep
    raise AssertionError(f"no duel of seeds {seeds.start}..{seeds.stop - 1} failed")


def test_the_run_finds_an_attack_that_names_a_monster_gone_from_the_field(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Issue 22, item 1, undone: a monster that leaves stays the attacker / target.
    # The run's cheap per-decision check (and the views) find it in a few duels.
    tool = _tool()
    monkeypatch.setattr(ops, "_leave_battle", lambda st, uid: None)
    rep = _first_failure(tool, range(60), views_every=16, nforks=0, replay=False)
    assert "which is not in a Monster Zone" in rep["error"] or "check_views" in rep["error"]


def test_the_run_finds_a_finished_duel_that_does_not_load_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Issue 22, item 2, undone: the duel ends with the winning rule effect's link
    # left in the resolving slot. The round trip of every finished duel finds it.
    tool = _tool()

    def end_duel(st: State, winner: int | None, why: WinReason) -> None:
        st.result = Result(winner, why)
        st.pending = None
        st.stack.clear()  # (and not st.solving)

    monkeypatch.setattr(ops, "end_duel", end_duel)
    rep = _first_failure(tool, range(150), views_every=10**9, nforks=0, replay=False)
    assert "check_round_trip" in rep["error"] or "SaveError" in rep["error"]


def _proof_chunk(tool: ModuleType, seeds: range) -> list[str]:
    failed = []
    for seed in seeds:
        rep = tool.play(seed, mix="mix", **tool.proof_checks(seed))
        if "kind" in rep:
            failed.append(f"seed {seed} ({rep['kind']}): {rep['error']}\n{rep['tb']}")
    return failed


def test_the_proof_checks_cover_every_part() -> None:
    # What the slow run gives each duel: the views at every decision and a fork in
    # every duel; an effect fork in about 1 in 4, a verified replay in 1 in 8.
    tool = _tool()
    draws = [tool.proof_checks(seed) for seed in range(PROOF_SEED, PROOF_SEED + 800)]
    assert all(d["views_every"] == 1 and d["full_every"] == 16 for d in draws)
    assert all(d["nforks"] == 1 for d in draws)
    effect = sum(d["effect_fork"] for d in draws)
    replays = sum(d["replay"] for d in draws)
    assert 150 <= effect <= 250 and 60 <= replays <= 140, (effect, replays)
    assert tool.play(PROOF_SEED, mix="mix", **draws[0]).get("kind") is None


#: The proof run's seeds: 20,000 duels from here (other seeds than the other runs').
PROOF_SEED = 1_000_000
PROOF_DUELS = 20_000
PROOF_CHUNKS = 100


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(PROOF_CHUNKS))
def test_whole_pool_property_run_20k(chunk: int) -> None:
    # Issue 22's proof: 20,000 duels of random legal decks from the whole scripted
    # pool, both rulesets, random / greedy / rule agents (pool_run.AGENT_MIX), with
    # the checks of pool_run.proof_checks: in every duel the cheap checks and the
    # three views at every decision, the full invariants every 16th, a clone and a
    # save/load fork continued to the end, a save/load round trip of the finished
    # duel; an effect fork in 1 in 4 and a verified replay in 1 in 8.
    # In 100 chunks so that pytest-xdist spreads them over the cores.
    tool = _tool()
    per = PROOF_DUELS // PROOF_CHUNKS
    seeds = range(PROOF_SEED + chunk * per, PROOF_SEED + (chunk + 1) * per)
    failed = _proof_chunk(tool, seeds)
    assert not failed, f"{len(failed)} of {per} duels failed:\n" + "\n".join(failed[:3])
