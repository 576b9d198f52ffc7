"""Hostile Lua scripts: a script that loops forever, recurses without end,
allocates without bound, returns the wrong type or calls the API with wrong
arguments fails with one message naming the card and the function, within a
bounded number of Lua instructions and bytes, and the duel goes on, saves and
loads (issue 24). The scripts are the test's own, under real passcodes."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from tests.cards.scripts.support import act, main, options
from tests.scenario import Scenario
from ygo.core.enums import Location
from ygo.defaults import Duel
from ygo.engine.events import EventKind
from ygo.lua import LuaScripts
from ygo.lua import runtime as lua_runtime
from ygo.lua.runtime import BASE_FILES
from ygo.scripting import Combined, script_source

POT = 55144522  # Pot of Greed (a Normal Spell)
HOLE = 53129443  # Dark Hole (a Normal Spell)
BARRIER = 23615409  # Insect Barrier (a Continuous Spell)
LIMIT = 300_000
"""The instruction budget the tests give (the default is larger: a test stays fast)."""

ACTIVATE = """
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_ACTIVATE)
    e1:SetCode(EVENT_FREE_CHAIN)
    e1:SetCondition(s.condition)
    e1:SetOperation(s.activate)
    c:RegisterEffect(e1)
end
function s.condition(e, tp) %s end
function s.activate(e, tp) %s end
"""

TOP_LEVEL_LOOP = "local n = 0 while true do n = n + 1 end"
INIT_LOOP = """
local s, id = GetID()
function s.initial_effect(c) while true do end end
"""
PCALL_LOOP = """
local s, id = GetID()
function s.initial_effect(c)
    while true do pcall(function() while true do end end) end
end
"""
COROUTINE_LOOP = """
local s, id = GetID()
function s.initial_effect(c)
    coroutine.wrap(function() while true do end end)()
end
"""
ENDLESS_ATK = """
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_ACTIVATE)
    e1:SetCode(EVENT_FREE_CHAIN)
    c:RegisterEffect(e1)
    local e2 = Effect.CreateEffect(c)
    e2:SetType(EFFECT_TYPE_FIELD)
    e2:SetCode(EFFECT_UPDATE_ATTACK)
    e2:SetRange(LOCATION_SZONE)
    e2:SetTargetRange(LOCATION_MZONE, 0)
    e2:SetValue(s.value)
    c:RegisterEffect(e2)
end
-- Reads the ATK it changes (as Amazoness Fighting Spirit's does): ygopro-core
-- answers the inner read with the value computed so far (without this effect).
function s.value(e, c)
    if c:GetAttack() < 5000 then return %s end
    return 0
end
"""


def folder_with(lua_folder: Path, tmp_path: Path, scripts: dict[int, str]) -> Path:
    """A script folder: the base files and Dark Hole's script (the user's), and
    the test's own ``scripts``."""
    for name in (*BASE_FILES, f"c{HOLE}.lua"):
        shutil.copy(lua_folder / name, tmp_path / name)
    for code, text in scripts.items():
        (tmp_path / f"c{code}.lua").write_text(text, encoding="utf-8")
    return tmp_path


def source(folder: Path, limit: int = LIMIT) -> Combined:
    scripts = script_source(folder, prefer="lua")
    assert isinstance(scripts.lua, LuaScripts)
    scripts.lua.bridge.rt.instruction_limit = limit
    return scripts


def lua(scripts: Combined) -> LuaScripts:
    assert isinstance(scripts.lua, LuaScripts)
    return scripts.lua


def failures(scripts: Combined) -> list[str]:
    return list(lua(scripts).failures.values())


def test_the_default_budget_is_finite_and_a_real_card_is_within_it(lua_folder: Path) -> None:
    scripts = script_source(lua_folder, prefer="lua")
    rt = lua(scripts).bridge.rt
    assert rt.instruction_limit == lua_runtime.INSTRUCTION_LIMIT > 0
    assert lua_runtime.MAX_MEMORY > 0
    assert lua(scripts).error(POT) is None  # Pot of Greed's own script registers


@pytest.mark.parametrize(
    ("text", "where"),
    [
        (TOP_LEVEL_LOOP, f"c{POT}.lua: "),
        (INIT_LOOP, "initial_effect: "),
        (PCALL_LOOP, "initial_effect: "),  # (a pcall does not catch the budget)
        (COROUTINE_LOOP, "initial_effect: "),  # (nor does a coroutine escape it)
    ],
    ids=["top level", "initial_effect", "pcall", "coroutine"],
)
def test_a_script_that_loops_while_it_loads_is_an_error_of_that_card(
    lua_folder: Path, tmp_path: Path, text: str, where: str
) -> None:
    scripts = source(folder_with(lua_folder, tmp_path, {POT: text}))
    rt = lua(scripts).bridge.rt
    register = rt.g.Card.RegisterEffect
    t0 = time.perf_counter()
    reason = lua(scripts).error(POT)
    assert time.perf_counter() - t0 < 30
    assert reason is not None and reason.startswith(where), reason
    assert f"more than {LIMIT:,} Lua instructions" in reason
    # The interpreter is fine afterwards: what registration replaces is put back,
    # and another card loads and plays.
    assert rt.lua.eval("function(f) return Card.RegisterEffect == f end")(register)
    assert lua(scripts).error(HOLE) is None
    s = main(Scenario(scripts=scripts))
    s.hand(0, "Pot of Greed")
    hole = s.hand(0, "Dark Hole")[0]
    s.monster(1, "Mystical Elf")
    duel = s.build()
    assert not lua(scripts).has(POT)  # (its native script plays it)
    assert act("Dark Hole", hole) in options(duel)


def test_a_condition_that_loops_means_the_card_cannot_be_activated(
    lua_folder: Path, tmp_path: Path
) -> None:
    text = ACTIVATE % ("while true do end", "")
    scripts = source(folder_with(lua_folder, tmp_path, {POT: text}))
    s = main(Scenario(scripts=scripts))
    pot = s.hand(0, "Pot of Greed")[0]
    duel = s.build()
    assert act("Pot of Greed", pot) not in options(duel)
    assert any(
        m.startswith(f"Pot of Greed ({POT}): condition: more than {LIMIT:,} Lua instructions")
        for m in failures(scripts)
    ), failures(scripts)
    again = Duel.load(duel.save(), scripts=scripts)
    assert again.digest() == duel.digest()


OPERATIONS = {
    "loop": ("Duel.Draw(tp, 1, REASON_EFFECT) while true do end", "Lua instructions"),
    "tail recursion": (
        "Duel.Draw(tp, 1, REASON_EFFECT) local function f(n) return f(n + 1) end f(0)",
        "Lua instructions",
    ),
    "recursion": (  # (within the default budget, the stack overflows first)
        "Duel.Draw(tp, 1, REASON_EFFECT) local function f(n) return 1 + f(n + 1) end f(0)",
        "stack overflow",
    ),
    "allocation": (
        "Duel.Draw(tp, 1, REASON_EFFECT) local t = {} "
        "for i = 1, 1e9 do t[i] = string.rep('y', 4096) .. i end",
        "not enough memory",
    ),
    "wrong argument type": ("Duel.Draw('two', 1, REASON_EFFECT)", "invalid literal"),
    "missing arguments": ("Duel.Draw(tp, 1, REASON_EFFECT) Duel.Draw()", "argument"),
    "not a function": (
        "Duel.GetMatchingGroup(42, tp, LOCATION_DECK, 0, nil):GetFirst()",
        "attempt to call",
    ),
    "a nil card": ("Card.IsCode(nil, 1)", "attempt to index"),
}


@pytest.mark.parametrize("name", list(OPERATIONS))
def test_an_operation_that_fails_does_nothing_and_the_duel_goes_on(
    lua_folder: Path, tmp_path: Path, name: str
) -> None:
    body, said = OPERATIONS[name]
    text = ACTIVATE % ("return true", body)
    limit = lua_runtime.INSTRUCTION_LIMIT if name == "recursion" else LIMIT
    scripts = source(folder_with(lua_folder, tmp_path, {POT: text}), limit)
    rt = lua(scripts).bridge.rt
    rt.lua.set_max_memory(rt.lua.get_memory_used(total=True) + (48 << 20), total=True)
    s = main(Scenario(scripts=scripts))
    pot = s.hand(0, "Pot of Greed")[0]
    top = s.filler(0, 3)
    s.choose(0, act("Pot of Greed", pot))
    t0 = time.perf_counter()
    duel = s.run()
    assert time.perf_counter() - t0 < 60
    # The operation's work (its draw) is undone; the card resolved and went to the GY.
    assert duel.location(top[0]) == Location.DECK
    assert duel.location(pot) == Location.GRAVE
    errors = [e.card for e in duel.events() if e.kind == EventKind.SCRIPT_ERROR]
    assert errors == [pot]
    messages = [m for m in failures(scripts) if m.startswith(f"Pot of Greed ({POT}): operation: ")]
    assert len(messages) == 1 and said in messages[0], failures(scripts)
    # Still a duel: it goes on, and saves and loads as the same duel.
    assert duel.decision is not None and "end-turn" in options(duel)
    again = Duel.load(duel.save(), scripts=scripts)
    assert again.digest() == duel.digest()


def test_a_value_that_reads_itself_is_not_computed_again(lua_folder: Path, tmp_path: Path) -> None:
    # R-SPELL-4: a Continuous Spell stays on the field; its effect applies while it is there.
    scripts = source(folder_with(lua_folder, tmp_path, {BARRIER: ENDLESS_ATK % "1000"}))
    s = main(Scenario(scripts=scripts))
    s.spell(0, BARRIER, face_down=False)
    elf = s.monster(0, "Mystical Elf")  # 800 ATK
    t0 = time.perf_counter()
    duel = s.build()
    view = duel.card_view(elf)
    assert time.perf_counter() - t0 < 30
    assert view.atk == 800 + 1000
    assert failures(scripts) == []


def test_a_value_of_the_wrong_type_counts_as_nothing(lua_folder: Path, tmp_path: Path) -> None:
    scripts = source(folder_with(lua_folder, tmp_path, {BARRIER: ENDLESS_ATK % "'lots'"}))
    s = main(Scenario(scripts=scripts))
    s.spell(0, BARRIER, face_down=False)
    elf = s.monster(0, "Mystical Elf")
    duel = s.build()
    assert duel.card_view(elf).atk == 800
    assert any(
        m.startswith(f"Insect Barrier ({BARRIER}): value: returned str, not a number")
        for m in failures(scripts)
    ), failures(scripts)
    assert duel.decision is not None
    again = Duel.load(duel.save(), scripts=scripts)
    assert again.digest() == duel.digest()
