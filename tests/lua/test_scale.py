"""Lua at scale: ``ygo bench --scripts DIR`` times deck S through the Lua scripts
beside native deck S in one run; ``ygo lua duels`` plays seeded duels of real
decks and reports program errors, SCRIPT_ERROR events and failures by card and
function, and chain links per duel; the headless API takes a script source
(issue 24)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.lua.folders import own_scripts
from ygo.cli.main import cli
from ygo.formats.ydk import write_ydk
from ygo.lua import runtime as lua_runtime
from ygo.sim import bench_deck

HOLE = 53129443  # Dark Hole

LOOPING_HOLE = """
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_ACTIVATE)
    e1:SetCode(EVENT_FREE_CHAIN)
    e1:SetOperation(s.activate)
    c:RegisterEffect(e1)
end
function s.activate(e, tp) while true do end end
"""


def _json(args: list[str]) -> tuple[int, dict[str, Any]]:
    result = CliRunner().invoke(cli, args)
    data: dict[str, Any] = json.loads(result.output)
    return result.exit_code, data


def test_bench_with_lua_scripts_times_both_in_one_run(lua_folder: Path) -> None:
    code, data = _json(["bench", "--deck", "S", "--duels", "4", "--rounds", "2",
                        "--prefer", "lua", "--scripts", str(lua_folder), "--json"])  # fmt: skip
    assert code == 0
    native, lua = data["native"], data["lua"]
    assert native["duels"] == lua["duels"] == 4 and data["rounds"] == 2
    assert data["prefer"] == "lua" and data["scripts"] == str(lua_folder)
    # (the ratio is of the unrounded rates: within a rounding step of the shown ones)
    assert abs(data["lua_to_native"] - lua["duels_per_s"] / native["duels_per_s"]) < 0.002
    # Deck S's Spells and Traps play (chain links) through Lua as natively.
    assert lua["chain_links_per_duel"] > 0 and native["chain_links_per_duel"] > 0


def _deck_file(tmp_path: Path) -> Path:
    path = tmp_path / "deck S.ydk"
    path.write_text(write_ydk(bench_deck("S")), encoding="utf-8")
    return path


def test_lua_duels_reports_each_run(lua_folder: Path, tmp_path: Path) -> None:
    deck = _deck_file(tmp_path)
    code, data = _json(["lua", "duels", str(deck), "--scripts", str(lua_folder),
                        "--prefer", "lua", "--duels", "3", "--json"])  # fmt: skip
    assert code == 0
    assert data["decks"] == ["deck S"] and data["skipped"] == []
    runs = {r["label"]: r for r in data["runs"]}
    assert list(runs) == ["lua", "native", "starter", "starter-lua"]
    for r in runs.values():
        assert r["duels"] == r["finished"] == 3
        assert r["ended_by_error"] == r["stalled"] == 0 and r["program_errors"] == []
    assert runs["lua"]["chain_links_per_duel"] > 0


def test_lua_duels_names_the_failing_card_and_function(
    lua_folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lua_runtime, "INSTRUCTION_LIMIT", 300_000)  # (a fast test)
    folder = tmp_path / "script"
    folder.mkdir()
    own_scripts(lua_folder, folder, {HOLE: LOOPING_HOLE})
    deck = _deck_file(tmp_path)
    args = ["--duels", "6", "--agent", "random", "--no-baselines", "--json"]
    code, data = _json(["lua", "duels", str(deck), "--scripts", str(folder), "--prefer", "lua",
                        *args])  # fmt: skip
    assert code == 0  # (a failing script is not a program error)
    (run,) = data["runs"]
    assert run["ended_by_error"] == 0 and run["finished"] == 6
    # Dark Hole's operation loops each time it resolves: a SCRIPT_ERROR each.
    by_card = {x["code"]: x for x in run["script_error_events_by_card"]}
    assert by_card[HOLE]["name"] == "Dark Hole" and by_card[HOLE]["events"] >= 1
    (fail,) = [x for x in run["script_failures_by_function"] if x["code"] == HOLE]
    assert fail["function"] == "operation" and fail["count"] == by_card[HOLE]["events"]
    assert "more than 300,000 Lua instructions" in fail["message"]


def test_the_gym_env_takes_a_script_source(lua_folder: Path) -> None:
    import numpy as np

    from ygo.env import YgoGymEnv
    from ygo.scripting import script_source

    scripts = script_source(lua_folder, prefer="lua")
    env = YgoGymEnv(decks=[bench_deck("S"), bench_deck("S")], scripts=scripts)
    obs, _ = env.reset(seed=3)
    assert env.driver.duel is not None and env.driver.duel.scripts is scripts
    rng = np.random.default_rng(0)
    for _ in range(50):
        obs, _, term, trunc, _ = env.step(rng.choice(np.flatnonzero(obs["action_mask"])))
        if term or trunc:
            break
