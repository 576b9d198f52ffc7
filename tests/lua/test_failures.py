"""A Lua card script that fails during a duel: one message naming the card and
the function, the duel goes on (that part of the effect does nothing), and the
duel still clones, saves and loads (issue 24, item 6)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from tests.cards.scripts.support import act, main, options
from tests.lua.folders import own_scripts
from tests.scenario import Scenario
from ygo.core.enums import Location
from ygo.defaults import Duel
from ygo.engine.events import EventKind
from ygo.lua import LuaScripts
from ygo.scripting import Combined, script_source

POT = 55144522  # Pot of Greed
HOLE = 53129443  # Dark Hole

# Our own test scripts under the real passcodes: an operation that raises, and a
# condition that calls a function no engine has.
BROKEN_OPERATION = """
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_ACTIVATE)
    e1:SetCode(EVENT_FREE_CHAIN)
    e1:SetOperation(s.activate)
    c:RegisterEffect(e1)
end
function s.activate(e, tp)
    Duel.Draw(tp, 1, REASON_EFFECT)
    error("the card's own bug")
end
"""
BROKEN_CONDITION = """
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_ACTIVATE)
    e1:SetCode(EVENT_FREE_CHAIN)
    e1:SetCondition(function(e, tp) return Duel.NoSuchFunction(tp) end)
    c:RegisterEffect(e1)
end
"""


@pytest.fixture
def broken(lua_folder: Path, tmp_path: Path) -> Combined:
    scripts = {POT: BROKEN_OPERATION, HOLE: BROKEN_CONDITION}
    return script_source(own_scripts(lua_folder, tmp_path, scripts), prefer="lua")


def test_a_failing_operation_does_nothing_and_the_duel_goes_on(
    broken: Combined, caplog: pytest.LogCaptureFixture
) -> None:
    s = main(Scenario(scripts=broken))
    pot = s.hand(0, "Pot of Greed")[0]
    top = s.filler(0, 3)
    s.choose(0, act("Pot of Greed", pot))
    with caplog.at_level(logging.WARNING, logger="ygo.lua"):
        duel = s.run()
    # The draw made before the error is undone with the rest of the operation.
    assert duel.location(top[0]) == Location.DECK
    assert duel.location(pot) == Location.GRAVE
    errors = [e for e in duel.events() if e.kind == EventKind.SCRIPT_ERROR]
    assert [e.card for e in errors] == [pot]
    assert "Pot of Greed (55144522): operation: " in caplog.text
    assert "the card's own bug" in caplog.text
    lua = broken.lua
    assert isinstance(lua, LuaScripts)
    assert any("the card's own bug" in m for m in lua.failures.values())
    # Still a duel: it goes on, and saves and loads as the same duel.
    assert duel.decision is not None and "end-turn" in options(duel)
    again = Duel.load(duel.save(), scripts=broken)
    assert again.digest() == duel.digest()


def test_a_failing_condition_means_the_card_cannot_be_activated(broken: Combined) -> None:
    s = main(Scenario(scripts=broken))
    hole = s.hand(0, "Dark Hole")[0]
    duel = s.build()
    assert act("Dark Hole", hole) not in options(duel)
    lua = broken.lua
    assert isinstance(lua, LuaScripts)
    assert any("unsupported API function Duel.NoSuchFunction" in m for m in lua.failures.values())


# An ignition effect whose cost calls a function no engine has: the cost fails, so
# nothing is paid and the effect could be activated again and again (a WindBot
# duel stalled at 20,000 decisions on such a card).
BROKEN_COST = """
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_IGNITION)
    e1:SetRange(LOCATION_MZONE)
    e1:SetCost(function(e, tp, eg, ep, ev, re, r, rp, chk)
        if chk == 0 then return true end
        Duel.NoSuchFunction(tp)
    end)
    e1:SetOperation(function(e, tp) Duel.Draw(tp, 1, REASON_EFFECT) end)
    c:RegisterEffect(e1)
end
"""
ELF = 15025844  # Mystical Elf (our own script under its passcode)


def test_an_effect_whose_script_failed_is_not_offered_again(
    lua_folder: Path, tmp_path: Path
) -> None:
    scripts = script_source(own_scripts(lua_folder, tmp_path, {ELF: BROKEN_COST}), prefer="lua")
    s = main(Scenario(scripts=scripts))
    elf = s.monster(0, "Mystical Elf")
    s.filler(0, 3)
    s.choose(0, act("Mystical Elf", elf))
    duel = s.run()
    errors = [e for e in duel.events() if e.kind == EventKind.SCRIPT_ERROR]
    assert [e.card for e in errors] == [elf]
    # The cost paid nothing, the operation drew; the effect is now off for the
    # rest of the duel: not offered again, also after a save and load.
    assert duel.location(elf) == Location.MZONE
    assert act("Mystical Elf", elf) not in options(duel)
    again = Duel.load(duel.save(), scripts=scripts)
    assert act("Mystical Elf", elf) not in options(again)
    assert "end-turn" in options(again)
