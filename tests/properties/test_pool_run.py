"""Helper D (pool): the whole-pool runner ``tools/pool_run.py`` and its cheap checks."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from ygo.defaults import Duel
from ygo.engine import ops
from ygo.invariants import check_cheap, scripted_decks
from ygo.rules import Ruleset


def _tool() -> ModuleType:
    path = Path(__file__).parents[2] / "tools" / "pool_run.py"
    spec = importlib.util.spec_from_file_location("pool_run", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["pool_run"] = mod
    spec.loader.exec_module(mod)
    return mod


def test_pool_run_plays_checked_duels() -> None:
    rep = _tool().run(duels=3, jobs=1, seed=5)
    assert rep["duels"] == 3
    assert rep["crashes"] == [] and rep["invariant_failures"] == []
    assert rep["avg_decisions"] > 0


def test_pool_run_reports_a_crash_with_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    tool = _tool()

    class Broken:
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
