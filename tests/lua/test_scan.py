"""`ygo lua scan DIR`: every script of a folder registered or not (and why),
each registered card played in a smoke duel, every failure reported, and the
command always exits 0 with its report.

The real folder's scripts of three simple cards play; a folder made here (the
real folder's constant.lua, utility.lua and procedure.lua beside card scripts
written for these tests) has scripts that fail in every way the scan tells
apart: a syntax error, an API function the bridge lacks, a Lua error, a loop
that never ends (an error: the interpreter's instruction budget), a string
search that never ends inside one Lua instruction (in ``initial_effect`` and in
an operation: timeouts, the worker replaced), a worker that dies."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ygo.cards.pool import embedded_pool
from ygo.cli.main import cli
from ygo.lua import scan as scan_mod
from ygo.lua.scan import (
    CRASH,
    ERROR,
    NO_DATA,
    NO_SCRIPT,
    PASSED,
    REGISTERED,
    TIMEOUT,
    UNSUPPORTED,
    Names,
    Scanner,
    classify,
    failure,
    render,
    scan,
    script_failure,
    summarize,
)

POT, HOLE, REBORN = 55144522, 53129443, 83764718


def _scan(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(cli, ["lua", "scan", *args, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def _cards(data: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {c["code"]: c for c in data["cards"]}


# -- the real scripts ----------------------------------------------------------------


def test_three_real_scripts_register_and_play(lua_folder: Path) -> None:
    data = _scan(str(lua_folder), "--cards", f"{POT},{HOLE},{REBORN}")
    cards = _cards(data)
    assert set(cards) == {POT, HOLE, REBORN}
    for c in cards.values():
        assert c["status"] == REGISTERED and c["effects"] == 1, c
        assert c["smoke"] == PASSED, c
        # Each is offered from the hand and Set, and both were tried.
        assert c["offered"] == 2 and c["tried"] == 2, c
        assert 0 < c["decisions"] <= 300
    assert data["scripts"]["total"] == 3
    assert data["scripts"][REGISTERED] == 3
    assert data["scripts"]["smoke"][PASSED] == 3


def test_the_text_report_and_a_limit(lua_folder: Path) -> None:
    result = CliRunner().invoke(cli, ["lua", "scan", str(lua_folder), "--limit", "5"])
    assert result.exit_code == 0, result.output
    assert "Scanned 5 scripts of" in result.output
    assert "1. initial_effect ran to its end:" in result.output
    assert "2. translated:" in result.output
    assert "Card database:" in result.output


def test_the_smoke_duel_tries_the_cards_own_activation(lua_folder: Path) -> None:
    pool = embedded_pool()
    s = scan_mod.smoke(Scanner(lua_folder, pool).lua, pool.get(POT), pool)
    assert s.result == PASSED
    assert {k[2] for k in s.tried} == {2, 8}  # from the hand, and Set in a Spell & Trap Zone


# -- a folder of broken scripts ---------------------------------------------------------

_ACTIVATE = """
function c{code}.initial_effect(c)
	local e1=Effect.CreateEffect(c)
	e1:SetType(EFFECT_TYPE_ACTIVATE)
	e1:SetCode(EVENT_FREE_CHAIN)
	e1:SetOperation(c{code}.activate)
	c:RegisterEffect(e1)
end
function c{code}.activate(e,tp,eg,ep,ev,re,r,rp)
	{body}
end
"""

BROKEN = {
    # initial_effect's stage
    900000001: "function c900000001.initial_effect(c) this is not Lua end",
    900000002: "function c900000002.initial_effect(c) c:EnableSomethingNew() end",
    900000003: "function c900000003.initial_effect(c) local t = nil; t.x = 1 end",
    900000004: "function c900000004.initial_effect(c) while true do end end",
    # (one instruction that never ends: no instruction budget sees it)
    900000008: "function c900000008.initial_effect(c) string.rep('a', 200):find(@HANG@) end",
    900000005: "-- no initial_effect here",
    900000006: _ACTIVATE.format(code=900000006, body="Duel.Draw(tp,1,REASON_EFFECT)"),
    # three things missing (the last an effect code no engine has): the
    # registration names the first, the analysis all
    900000007: """
function c900000007.initial_effect(c)
	c:EnableSomethingNew()
	Duel.AlsoMissing(c)
	local e1=Effect.CreateEffect(c)
	e1:SetType(EFFECT_TYPE_FIELD)
	e1:SetCode(999)
	c:RegisterEffect(e1)
end""",
    # smoke duels (passcodes of pool cards: the database knows them as Normal Spells)
    POT: _ACTIVATE.format(code=POT, body="Duel.NoSuchFunction(tp)"),
    HOLE: _ACTIVATE.format(code=HOLE, body='error("boom")'),
    REBORN: _ACTIVATE.format(code=REBORN, body="string.rep('a', 200):find(@HANG@)"),
}
HANG = '".-.-.-.-.-b"'
"""A pattern whose search backtracks for hours (in one call of string.find)."""
BROKEN = {code: text.replace("@HANG@", HANG) for code, text in BROKEN.items()}


@pytest.fixture()
def broken(lua_folder: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "script"
    folder.mkdir()
    for name in ("constant.lua", "utility.lua", "procedure.lua"):
        shutil.copy(lua_folder / name, folder / name)  # (the user's own files, read at test time)
    for code, text in BROKEN.items():
        (folder / f"c{code}.lua").write_text(text, encoding="utf-8")
    return folder


def test_every_broken_script_is_classified_and_the_scan_exits_0(broken: Path) -> None:
    data = _scan(str(broken), "--timeout", "3")
    cards = _cards(data)
    assert set(cards) == set(BROKEN)

    def is_(
        code: int, status: str, detail: str = "", smoke: str = "", smoke_detail: str = ""
    ) -> None:
        c = cards[code]
        assert (c["status"], c["smoke"]) == (status, smoke), c
        assert detail in c["detail"] and smoke_detail in c["smoke_detail"], c

    is_(900000001, ERROR, "c900000001.lua")  # the syntax error, with its file
    is_(900000002, UNSUPPORTED, "API Card.EnableSomethingNew")
    is_(900000003, ERROR, "attempt to index a nil value")
    is_(900000004, ERROR, "Lua instructions in one run")
    is_(900000008, TIMEOUT, "longer than 3 s")
    is_(900000005, ERROR, "no initial_effect")
    is_(900000006, REGISTERED, smoke=NO_DATA)  # registered, but no card to play
    is_(900000007, UNSUPPORTED, "API Card.EnableSomethingNew")
    needs = cards[900000007]["needs"]
    assert needs[:2] == ["API Card.EnableSomethingNew", "API Duel.AlsoMissing"]
    assert len(needs) == 3 and "999" in needs[2]
    assert cards[900000003]["needs"] == ["error: attempt to index a nil value (local 't')"]
    is_(POT, REGISTERED, smoke=UNSUPPORTED, smoke_detail="Duel.NoSuchFunction")
    is_(HOLE, REGISTERED, smoke=ERROR, smoke_detail="boom")
    is_(REBORN, REGISTERED, smoke=TIMEOUT, smoke_detail="longer than 3 s")

    s = data["scripts"]
    assert (s["total"], s[REGISTERED], s[UNSUPPORTED], s[ERROR], s[TIMEOUT]) == (11, 4, 2, 4, 1)
    assert s["smoke"][UNSUPPORTED] == s["smoke"][ERROR] == s["smoke"][TIMEOUT] == 1
    assert {"what": "API Card.EnableSomethingNew", "cards": 2} in data["missing"]
    assert {"what": "API Duel.AlsoMissing", "cards": 1, "only": 0} in data["needs"]
    assert {"what": "API Card.EnableSomethingNew", "cards": 2, "only": 1} in data["needs"]
    assert {"what": "API Duel.NoSuchFunction", "cards": 1} in data["missing_in_play"]
    assert any("boom" in row["what"] for row in data["errors_in_play"])


def test_the_text_report_of_broken_scripts(broken: Path) -> None:
    args = ["lua", "scan", str(broken), "--cards", f"900000002,900000003,{POT},1"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Scanned 3 scripts" in out and "1 passcode without one" in out
    assert "API Card.EnableSomethingNew" in out and "API Duel.NoSuchFunction" in out
    assert "What unregistered cards lack, all of it" in out


def test_a_worker_that_dies_is_a_crash_and_the_scan_goes_on(
    broken: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if "fork" not in __import__("multiprocessing").get_all_start_methods():
        pytest.skip("needs fork: the worker inherits the patched scanner")
    real = Scanner.card

    def dying(self: Scanner, code: int, *args: Any) -> Any:
        if code == 900000003:
            os._exit(7)
        return real(self, code, *args)

    monkeypatch.setattr(Scanner, "card", dying)
    reports = scan(broken, embedded_pool(), [900000002, 900000003, HOLE], timeout=10)
    assert [r.status for r in reports] == [UNSUPPORTED, CRASH, REGISTERED]
    assert "exit code 7" in reports[1].detail
    assert reports[2].smoke == ERROR  # (a new worker took over)


def test_in_process_and_a_code_without_a_script(broken: Path) -> None:
    reports = scan(broken, embedded_pool(), [POT, 1], jobs=0)
    assert reports[0].smoke == UNSUPPORTED and reports[1].status == NO_SCRIPT
    summary = summarize(reports, broken, embedded_pool())
    assert summary["scripts"][NO_SCRIPT] == 1
    assert render(summary)[0].startswith("Scanned 1 script of")


def test_not_a_script_folder_is_one_line_and_exit_1(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["lua", "scan", str(tmp_path)])
    assert result.exit_code == 1
    assert "not a YGOPro script folder" in result.output or "lupa" in result.output


# -- the pieces --------------------------------------------------------------------------


def test_classify() -> None:
    assert classify("unsupported: count limits") == (UNSUPPORTED, "count limits")
    assert classify('initial_effect: [string "x"]:3: unsupported API function Card.Foo') == (
        UNSUPPORTED,
        "API Card.Foo",
    )
    assert classify("c1.lua: unexpected symbol near 'is'") == (
        ERROR,
        "c1.lua: unexpected symbol near 'is'",
    )


def test_failures_in_a_duel() -> None:
    from ygo.lua.call import ScriptError

    assert failure(ScriptError("X (1): operation: unsupported API function Duel.Foo")) == (
        UNSUPPORTED,
        "API Duel.Foo",
    )
    assert script_failure("X (1): operation: unsupported: an effect created now (code 5)") == (
        UNSUPPORTED,
        "an effect created now (code 5)",
    )
    assert failure(ScriptError("X (1): operation: boom\nstack traceback")) == (
        ERROR,
        "X (1): operation: boom",
    )
    try:
        {}[5]  # (an engine bug, as a test sees one)
    except KeyError as exc:
        kind, detail = failure(exc)
    assert kind == CRASH and detail.startswith("KeyError: 5 (") and "test_scan.py" in detail


def test_names_read_from_constant_lua(lua_folder: Path) -> None:
    names = Names(lua_folder)
    assert names.describe("effect type 0x81 (code 1100)") == (
        "effect SINGLE+TRIGGER_O EVENT_SUMMON_SUCCESS"
    )
    assert names.describe("an activation at event 1027") == "an activation at EVENT_CHAINING"
    assert names.describe("a Quick effect activated from location 0x30") == (
        "a Quick effect activated from location GRAVE+REMOVED"
    )
    assert names.describe("an effect created now (code 100)") == (
        "an effect created now (EFFECT_UPDATE_ATTACK)"
    )
    assert names.describe("effect type 0x82 (code 4608)") == (
        "effect FIELD+TRIGGER_O EVENT_PHASE+PHASE_END"
    )
    assert names.describe("count limits") == "count limits"
    # (EFFECT_FLAG_INITIAL is 0x1 too: a flag, not the effect code 1)
    assert names.describe("continuous effect code 1") == "continuous effect EFFECT_IMMUNE_EFFECT"


def test_workers_are_replaced_every_so_many_cards(
    broken: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(scan_mod, "RECYCLE", 1)
    reports = scan(broken, embedded_pool(), [900000002, 900000003, HOLE, 900000005], jobs=2)
    assert [r.status for r in reports] == [UNSUPPORTED, ERROR, REGISTERED, ERROR]
