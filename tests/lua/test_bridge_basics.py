"""The Lua bridge plays YGOPro's own scripts of simple cards in ygo duels:
draws, mass destruction, a target chosen inside a Lua function (the duel stays
plain data at that question: clone, save and load give the same duel)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cards.scripts.support import act, main, options
from tests.scenario import Scenario, texts
from ygo.cards.db import CardDB
from ygo.core.enums import Location, Position
from ygo.defaults import Duel
from ygo.scripting import Behaviour, Combined, script_source

GRAVE, HAND, MZONE = Location.GRAVE, Location.HAND, Location.MZONE


@pytest.fixture(scope="module")
def lua(lua_folder: Path) -> Combined:
    return script_source(lua_folder, prefer="lua")


def _pick(duel: Duel, needle: str) -> None:
    hits = [i for i, t in enumerate(texts(duel.decision)) if needle in t]
    assert len(hits) == 1, (needle, texts(duel.decision))
    duel.apply(hits[0])


def test_the_lua_script_plays_where_asked(lua: Combined) -> None:
    assert lua.kind(55144522) == Behaviour.LUA  # Pot of Greed: native too, Lua preferred
    native_first = Combined(lua.native, lua.lua, "native")
    assert native_first.kind(55144522) == Behaviour.NATIVE
    assert lua.kind(1) == Behaviour.NONE


def test_pot_of_greed_through_lua_draws_two(lua: Combined) -> None:
    s = main(Scenario(scripts=lua))
    pot = s.hand(0, "Pot of Greed")[0]
    top = s.filler(0, 5)
    s.choose(0, act("Pot of Greed", pot))
    duel = s.run()
    assert duel.location(pot) == GRAVE
    assert duel.location(top[0]) == HAND and duel.location(top[1]) == HAND
    assert duel.location(top[2]) != HAND


def test_dark_hole_through_lua_destroys_every_monster(lua: Combined) -> None:
    s = main(Scenario(scripts=lua))
    hole = s.hand(0, "Dark Hole")[0]
    mine = s.monster(0, "Celtic Guardian")
    theirs = s.monster(1, "Dark Magician")
    s.choose(0, act("Dark Hole", hole))
    duel = s.run()
    assert duel.location(mine) == GRAVE and duel.location(theirs) == GRAVE


def test_monster_reborn_through_lua_asks_its_target_and_stays_plain_data(lua: Combined) -> None:
    s = main(Scenario(scripts=lua))
    reborn = s.hand(0, "Monster Reborn")[0]
    magician = s.grave(1, "Dark Magician")[0]
    s.grave(0, "Celtic Guardian")
    duel = s.build()
    _pick(duel, act("Monster Reborn", reborn))
    # The target question comes from inside the Lua target function.
    assert duel.decision is not None and duel.decision.player == 0
    assert sorted(options(duel)) == [
        "select Celtic Guardian [2] (your GY)",
        "select Dark Magician [1] (opponent's GY)",
    ]
    # Nothing was done before the question: clone, save and load all continue alike.
    twins = [duel.clone(), Duel.load(duel.save(), scripts=lua)]
    for d in [duel, *twins]:
        _pick(d, "Dark Magician")
        # Its battle position is asked from inside the Lua operation (POS_FACEUP).
        assert options(d) == ["choose face-up Attack", "choose face-up Defense"]
        _pick(d, "face-up Defense")
    assert {d.digest() for d in [duel, *twins]} == {duel.digest()}
    assert duel.position(magician) == Position.FACEUP_DEFENSE
    assert duel.location(magician) == MZONE and duel.controller(magician) == 0
    assert duel.location(reborn) == GRAVE


def test_cyber_dragon_s_own_procedure_through_lua(lua: Combined, en_db: CardDB) -> None:
    # Cyber Dragon (70095154): Special Summoned from the hand when only the
    # opponent controls a monster; still a monster that can be Normal Summoned.
    assert lua.kind(70095154) == Behaviour.LUA
    s = main(Scenario(scripts=lua))
    dragon = s.hand(0, en_db.get(70095154))[0]
    s.monster(1, "Dark Magician")
    duel = s.build()
    assert f"special-summon Cyber Dragon [{dragon}]" in options(duel)
    _pick(duel, f"special-summon Cyber Dragon [{dragon}]")
    _pick(duel, "face-up Attack")
    assert duel.location(dragon) == MZONE
    # With a monster of your own, the procedure is not offered.
    s = main(Scenario(scripts=lua))
    dragon = s.hand(0, en_db.get(70095154))[0]
    s.monster(0, "Celtic Guardian")
    s.monster(1, "Dark Magician")
    assert f"special-summon Cyber Dragon [{dragon}]" not in options(s.build())
