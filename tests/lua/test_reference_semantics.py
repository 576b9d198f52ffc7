"""What the API gives back where the reference engine's answer is not obvious:
``Duel.GetOperatedGroup`` after ``Duel.Draw`` (the cards drawn: scripts reveal and
use them), and a selection asked of fewer cards than its minimum (the minimum is
what there is; with none, nothing is asked and the group is empty)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cards.conftest import EN_CDB, need
from tests.cards.scripts.support import main, options
from tests.lua.folders import own_scripts
from tests.scenario import Scenario
from ygo.cards.cdb import read_cdb
from ygo.cards.db import CardDB
from ygo.core.enums import Location
from ygo.defaults import Duel
from ygo.engine.events import EventKind
from ygo.scripting import Combined, script_source

TOY_VENDOR = 70245411  # Continuous Spell: discard 1; draw 1 and reveal it; a Fluffal
FLUFFAL_BEAR = 3841833  # monster may be Special Summoned, anything else is discarded
CELTIC = "Celtic Guardian"


@pytest.fixture(scope="module")
def lua(lua_folder: Path) -> Combined:
    return script_source(lua_folder, prefer="lua")


@pytest.fixture(scope="module")
def db() -> CardDB:
    return read_cdb(need(EN_CDB))


def _pick(duel: Duel, needle: str) -> None:
    hits = [i for i, t in enumerate(options(duel)) if needle in t]
    assert len(hits) == 1, (needle, options(duel))
    duel.apply(hits[0])


def _toy_vendor(lua: Combined, db: CardDB, top: int | str) -> tuple[Duel, int, int]:
    s = main(Scenario(scripts=lua, db=db))
    s.spell(0, db.get(TOY_VENDOR), face_down=False)
    discard = s.hand(0, CELTIC)[0]
    drawn = s.deck(0, db.get(top) if isinstance(top, int) else top)[0]
    s.filler(0, 3)
    duel = s.build()
    _pick(duel, "activate Toy Vendor")
    return duel, discard, drawn


def test_the_drawn_fluffal_may_be_special_summoned(lua: Combined, db: CardDB) -> None:
    duel, discard, bear = _toy_vendor(lua, db, FLUFFAL_BEAR)
    # The question comes from inside the operation, after the draw and the
    # reveal; the duel shows the state before the operation began until answered.
    _pick(duel, "choose yes")
    _pick(duel, "face-up Attack")
    assert duel.location(bear) == Location.MZONE
    assert duel.location(discard) == Location.GRAVE  # the cost


def test_a_drawn_card_that_is_no_fluffal_is_discarded(lua: Combined, db: CardDB) -> None:
    duel, discard, other = _toy_vendor(lua, db, CELTIC)
    assert duel.location(discard) == Location.GRAVE
    assert duel.location(other) == Location.GRAVE
    assert not [e for e in duel.events() if e.kind == EventKind.SCRIPT_ERROR]


POT = 55144522  # Pot of Greed's passcode, with our own test script below
# Our own script: select up to 2 Normal monsters of the GY (at least 2), then gain
# 100 LP for each card the selection gave.
SELECT_SHORT = """
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_ACTIVATE)
    e1:SetCode(EVENT_FREE_CHAIN)
    e1:SetOperation(s.activate)
    c:RegisterEffect(e1)
end
function s.activate(e, tp)
    local g = Duel.SelectMatchingCard(tp, Card.IsType, tp, LOCATION_GRAVE, 0, 2, 2, nil,
        TYPE_NORMAL)
    Duel.Recover(tp, 100 * (g:GetCount() + 1), REASON_EFFECT)
end
"""


@pytest.fixture
def short(lua_folder: Path, tmp_path: Path) -> Combined:
    return script_source(own_scripts(lua_folder, tmp_path, {POT: SELECT_SHORT}), prefer="lua")


@pytest.mark.parametrize("in_grave", [0, 1])
def test_a_selection_of_fewer_cards_than_its_minimum(short: Combined, in_grave: int) -> None:
    s = main(Scenario(scripts=short))
    s.hand(0, "Pot of Greed")
    s.grave(0, *[CELTIC] * in_grave)
    duel = s.build()
    _pick(duel, "activate Pot of Greed")
    # With one card there, it is the selection (a choice of one is not asked).
    assert duel.lp(0) == 8000 + 100 * (in_grave + 1)
    assert not [e for e in duel.events() if e.kind == EventKind.SCRIPT_ERROR]


COFFIN_SELLER = 65830223  # Continuous Trap: 300 damage when an opponent's monster goes to the GY


def test_operation_info_with_a_number_for_its_cards(lua: Combined, db: CardDB) -> None:
    # Coffin Seller's target passes 0 for the cards of its operation info.
    s = main(Scenario(scripts=lua, db=db))
    s.spell(0, db.get(COFFIN_SELLER), face_down=False)
    s.hand(0, "Dark Hole")
    theirs = s.monster(1, CELTIC)
    duel = s.build()
    _pick(duel, "activate Dark Hole")
    assert duel.location(theirs) == Location.GRAVE
    assert duel.lp(1) == 8000 - 300
    assert not [e for e in duel.events() if e.kind == EventKind.SCRIPT_ERROR]


ROBBIN_GOBLIN = 88279736  # Continuous Trap: your monster's battle damage: they discard 1 at random


def test_battle_damage_names_the_monster_that_dealt_it(lua: Combined, db: CardDB) -> None:
    # Robbin' Goblin's condition reads the monster from eg (EVENT_BATTLE_DAMAGE).
    s = main(Scenario(scripts=lua, db=db))
    s.spell(0, db.get(ROBBIN_GOBLIN), face_down=False)
    s.monster(0, CELTIC)
    theirs = s.hand(1, "Dark Hole")[0]
    duel = s.build()
    _pick(duel, "battle")
    _pick(duel, "attack-with Celtic Guardian")  # (a direct attack: nothing to target)
    # The damage, then Robbin' Goblin's forced trigger (a random discard) resolve
    # with no choice to make; the Battle Phase goes on.
    assert options(duel) == ["main2", "end-turn"]
    assert duel.lp(1) == 8000 - 1400
    assert duel.location(theirs) == Location.GRAVE
    assert not [e for e in duel.events() if e.kind == EventKind.SCRIPT_ERROR]


# Our own script under Coffin Seller's passcode (a Continuous Trap): whenever a
# Spell is activated, its controller gains 100 LP per chain link, read from re and
# ev (EVENT_CHAINING: the effect activated and its link number).
ON_CHAINING = """
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_ACTIVATE)
    e1:SetCode(EVENT_FREE_CHAIN)
    c:RegisterEffect(e1)
    local e2 = Effect.CreateEffect(c)
    e2:SetType(EFFECT_TYPE_FIELD + EFFECT_TYPE_TRIGGER_F)
    e2:SetCode(EVENT_CHAINING)
    e2:SetRange(LOCATION_SZONE)
    e2:SetCondition(function(e, tp, eg, ep, ev, re)
        return re:IsActiveType(TYPE_SPELL) and eg:GetFirst() == re:GetHandler()
    end)
    e2:SetOperation(function(e, tp, eg, ep, ev, re)
        Duel.Recover(re:GetHandlerPlayer(), 100 * ev, REASON_EFFECT)
    end)
    c:RegisterEffect(e2)
end
"""


@pytest.fixture
def chaining(lua_folder: Path, tmp_path: Path) -> Combined:
    folder = own_scripts(lua_folder, tmp_path, {COFFIN_SELLER: ON_CHAINING})
    return script_source(folder, prefer="lua")


def test_a_trigger_at_chaining_reads_the_effect_activated(chaining: Combined) -> None:
    s = main(Scenario(scripts=chaining, db=read_cdb(need(EN_CDB))))
    s.spell(0, read_cdb(need(EN_CDB)).get(COFFIN_SELLER), face_down=False)
    s.hand(0, "Pot of Greed")
    s.filler(0, 4)
    duel = s.build()
    _pick(duel, "activate Pot of Greed")
    assert duel.lp(0) == 8000 + 100  # Pot of Greed was chain link 1
    assert not [e for e in duel.events() if e.kind == EventKind.SCRIPT_ERROR]
