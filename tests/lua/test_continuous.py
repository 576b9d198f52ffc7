"""Continuous effects and battle events of YGOPro's scripts played through the
bridge: indestructibility by battle and by effects, piercing damage, extra
attacks, attack-target limits, Level changes; triggers at the start of the
Damage Step, after damage calculation and when a monster destroys another by
battle; activity counts. Real cards, every choice scripted."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cards.scripts.support import act, main, options
from tests.lua.folders import own_scripts
from tests.scenario import Scenario, texts
from ygo.cards.db import CardDB
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine import query
from ygo.scripting import Combined, script_source

GRAVE, MZONE = Location.GRAVE, Location.MZONE
REESE = 30276969  # Reese the Ice Mistress: not destroyed by battle with a Level 4 or higher
BLADEDGE = 59793705  # Elemental HERO Bladedge: piercing battle damage
HAYABUSA = 21015833  # Hayabusa Knight: two attacks each Battle Phase
HIERACOSPHINX = 82260502  # the opponent cannot target face-down Defense monsters for attacks
DIRGE = 81489939  # Stygian Dirge: the opponent's monsters lose 1 Level
WARG = 80555062  # Bujingi Warg: in Defense, the other "Bujin" cannot be destroyed by effects
TURTLE = 5818294  # Bujingi Turtle, a "Bujin" monster
SPIDER = 45688586  # Karakuri Spider: attacking a DARK monster, destroys it after the battle
ZUBABA = 97896503  # Zubaba Knight: attacking a face-up Defense monster, destroys it
CHOPPER = 87350908  # Masked Chopper: destroys a monster by battle, 2000 damage
STATUE = 84478195  # Barrier Statue of the Abyss: neither player Special Summons but DARK
SPIDERFANG = 25654671  # Naturia Spiderfang: attacks only once the opponent activated
GYROID = 18325492  # Gyroid: once per turn, not destroyed by battle
MONK = 3810071  # Monk Fighter: its controller takes no battle damage from its battles
TRANSPORTER = 36261276  # Interdimensional Matter Transporter: banished until the End Phase
NYAN = 70797118  # Thunder Nyan Nyan: destroyed while you control a non-LIGHT monster
POT = 55144522  # Pot of Greed, for our own script below

# Our own test script under Pot of Greed's passcode: draw 1, only while you have
# not Normal Summoned or Set this turn.
NOT_SUMMONED_YET = """
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_ACTIVATE)
    e1:SetCode(EVENT_FREE_CHAIN)
    e1:SetCondition(function(e, tp)
        return Duel.GetActivityCount(tp, ACTIVITY_NORMALSUMMON) == 0
    end)
    e1:SetOperation(function(e, tp) Duel.Draw(tp, 1, REASON_EFFECT) end)
    c:RegisterEffect(e1)
end
"""


@pytest.fixture(scope="module")
def lua(lua_folder: Path) -> Combined:
    return script_source(lua_folder, prefer="lua")


def battle(lua: Combined) -> Scenario:
    return Scenario(scripts=lua).at(turn=3, player=0, phase=Phase.BATTLE_STEP)


def test_reese_is_not_destroyed_by_battle_with_a_level_4_or_higher(
    lua: Combined, en_db: CardDB
) -> None:
    # R-BAT-3: a monster with more ATK destroys it, unless its effect says no; the
    # battle damage is still dealt.
    s = battle(lua)
    magician = s.monster(0, "Dark Magician")  # Level 7, 2500 ATK
    reese = s.monster(1, en_db.get(REESE))  # 800 ATK
    s.choose(0, "attack-with Dark Magician")
    duel = s.run()
    assert duel.location(reese) == MZONE
    assert duel.lp(1) == 8000 - (2500 - 800)
    assert duel.location(magician) == MZONE


def test_reese_falls_to_a_low_level_attacker(lua: Combined, en_db: CardDB) -> None:
    s = battle(lua)
    s.monster(0, "Ryu-Kishin")  # Level 3, 1000 ATK
    reese = s.monster(1, en_db.get(REESE))
    s.choose(0, "attack-with Ryu-Kishin")
    duel = s.run()
    assert duel.location(reese) == GRAVE
    assert duel.lp(1) == 8000 - 200


def test_bladedge_inflicts_piercing_damage(lua: Combined, en_db: CardDB) -> None:
    s = battle(lua)
    s.monster(0, en_db.get(BLADEDGE))  # 2600 ATK
    guardian = s.monster(1, "Celtic Guardian", Position.FACEUP_DEFENSE)  # 1200 DEF
    s.choose(0, "attack-with Elemental HERO Bladedge")
    duel = s.run()
    assert duel.location(guardian) == GRAVE
    assert duel.lp(1) == 8000 - (2600 - 1200)
    # Without the effect, a Defense Position monster takes the battle alone (R-BAT-4).
    s = battle(lua)
    s.monster(0, "Blue-Eyes White Dragon")
    s.monster(1, "Celtic Guardian", Position.FACEUP_DEFENSE)
    s.choose(0, "attack-with Blue-Eyes White Dragon")
    assert s.run().lp(1) == 8000


def test_hayabusa_knight_attacks_twice(lua: Combined, en_db: CardDB) -> None:
    s = battle(lua)
    knight = s.monster(0, en_db.get(HAYABUSA))  # 1000 ATK
    s.choose(0, "attack-with Hayabusa Knight")
    duel = s.run()
    assert duel.lp(1) == 7000
    assert f"attack-with Hayabusa Knight [{knight}]" in " ".join(texts(duel.decision))
    s.choose(0, "attack-with Hayabusa Knight")
    duel = s.run(duel)
    assert duel.lp(1) == 6000
    assert not any("attack-with" in t for t in texts(duel.decision))  # two, not three


def test_hieracosphinx_keeps_face_down_defense_monsters_from_attacks(
    lua: Combined, en_db: CardDB
) -> None:
    s = battle(lua)
    s.monster(0, "Blue-Eyes White Dragon")
    s.monster(1, en_db.get(HIERACOSPHINX))
    s.monster(1, "Celtic Guardian", Position.FACEDOWN_DEFENSE)
    s.monster(1, "Mystical Elf", Position.FACEUP_DEFENSE)
    s.choose(0, "attack-with Blue-Eyes White Dragon")
    duel = s.run()
    assert texts(duel.decision) == ["target Hieracosphinx (zone 1)", "target Mystical Elf (zone 3)"]
    # Face-up, the same monster may be attacked.
    s = battle(lua)
    s.monster(0, "Blue-Eyes White Dragon")
    s.monster(1, en_db.get(HIERACOSPHINX))
    s.monster(1, "Celtic Guardian", Position.FACEUP_DEFENSE)
    s.monster(1, "Mystical Elf", Position.FACEUP_DEFENSE)
    s.choose(0, "attack-with Blue-Eyes White Dragon")
    assert texts(s.run().decision) == [
        "target Hieracosphinx (zone 1)",
        "target Celtic Guardian (zone 2)",
        "target Mystical Elf (zone 3)",
    ]


def test_stygian_dirge_lowers_the_opponent_s_levels(lua: Combined, en_db: CardDB) -> None:
    s = main(Scenario(scripts=lua))
    s.spell(0, en_db.get(DIRGE), face_down=False)
    mine = s.monster(0, "Dark Magician")
    theirs = s.monster(1, "Dark Magician")
    kuriboh = s.monster(1, "Kuriboh")  # Level 1: a Level never goes below 1
    duel = s.build()
    assert query.level(duel._st, theirs) == 6
    assert query.level(duel._st, mine) == 7
    assert query.level(duel._st, kuriboh) == 1


def test_bujingi_warg_in_defense_keeps_bujin_from_destruction_by_effects(
    lua: Combined, en_db: CardDB
) -> None:
    s = main(Scenario(scripts=lua))
    hole = s.hand(0, "Dark Hole")[0]
    warg = s.monster(0, en_db.get(WARG), Position.FACEUP_DEFENSE)
    turtle = s.monster(0, en_db.get(TURTLE))
    other = s.monster(1, "Celtic Guardian")
    s.choose(0, act("Dark Hole", hole))
    duel = s.run()
    assert duel.location(turtle) == MZONE  # protected
    assert duel.location(warg) == GRAVE and duel.location(other) == GRAVE  # not itself
    # In Attack Position, the effect does not apply.
    s = main(Scenario(scripts=lua))
    hole = s.hand(0, "Dark Hole")[0]
    s.monster(0, en_db.get(WARG))
    turtle = s.monster(0, en_db.get(TURTLE))
    s.choose(0, act("Dark Hole", hole))
    assert s.run().location(turtle) == GRAVE


def test_zubaba_knight_destroys_a_face_up_defense_monster_at_the_start_of_the_damage_step(
    lua: Combined, en_db: CardDB
) -> None:
    s = battle(lua)
    s.monster(0, en_db.get(ZUBABA))  # 1600 ATK
    wall = s.monster(1, "Giant Soldier of Stone", Position.FACEUP_DEFENSE)  # 2000 DEF
    s.choose(0, "attack-with Zubaba Knight")
    duel = s.run()
    assert duel.location(wall) == GRAVE
    assert duel.lp(0) == 8000  # destroyed before damage calculation: no damage


def test_karakuri_spider_destroys_the_dark_monster_it_battled(lua: Combined, en_db: CardDB) -> None:
    s = battle(lua)
    s.monster(0, en_db.get(SPIDER))  # 400 ATK
    magician = s.monster(1, "Dark Magician", Position.FACEUP_DEFENSE)  # DARK, 2100 DEF
    s.choose(0, "attack-with Karakuri Spider")
    duel = s.run()
    assert duel.lp(0) == 8000 - (2100 - 400)  # after damage calculation
    assert duel.location(magician) == GRAVE


def test_masked_chopper_deals_2000_when_it_destroys_a_monster_by_battle(
    lua: Combined, en_db: CardDB
) -> None:
    s = battle(lua)
    chopper = s.monster(0, en_db.get(CHOPPER))  # 100 ATK
    zombie = s.monster(1, "Dragon Zombie", Position.FACEUP_DEFENSE)  # 0 DEF
    s.choose(0, "attack-with Masked Chopper")
    duel = s.run()
    assert duel.location(zombie) == GRAVE
    assert duel.lp(1) == 8000 - 2000
    assert duel.location(chopper) == MZONE


def test_masked_chopper_destroyed_itself_deals_nothing(lua: Combined, en_db: CardDB) -> None:
    # It is the destroyed monster, not the destroyer: no trigger.
    s = battle(lua)
    chopper = s.monster(0, en_db.get(CHOPPER))
    s.monster(1, "Dragon Zombie")  # 1600 ATK
    s.choose(0, "attack-with Masked Chopper")
    duel = s.run()
    assert duel.location(chopper) == GRAVE
    assert duel.lp(1) == 8000 and duel.lp(0) == 8000 - 1500


def test_barrier_statue_of_the_abyss_lets_only_dark_monsters_be_special_summoned(
    lua: Combined, en_db: CardDB
) -> None:
    s = main(Scenario(scripts=lua))
    reborn = s.hand(0, "Monster Reborn")[0]
    s.monster(1, en_db.get(STATUE))
    magician = s.grave(0, "Dark Magician")[0]  # DARK
    s.grave(0, "Celtic Guardian")  # EARTH
    s.choose(0, act("Monster Reborn", reborn), "choose face-up Attack")  # (its only target)
    duel = s.run()
    assert duel.location(magician) == MZONE
    # Without the Statue, both are offered.
    s = main(Scenario(scripts=lua))
    reborn = s.hand(0, "Monster Reborn")[0]
    magician = s.grave(0, "Dark Magician")[0]
    guardian = s.grave(0, "Celtic Guardian")[0]
    s.choose(0, act("Monster Reborn", reborn))
    assert sorted(options(s.run())) == [
        f"select Celtic Guardian [{guardian}] (your GY)",
        f"select Dark Magician [{magician}] (your GY)",
    ]


def test_naturia_spiderfang_attacks_only_after_the_opponent_activated_something(
    lua: Combined, en_db: CardDB
) -> None:
    def spiderfang(respond: bool) -> list[str]:
        s = main(Scenario(scripts=lua))
        s.monster(0, en_db.get(SPIDERFANG))
        s.spell(1, "Mystical Space Typhoon")
        s.spell(0, "Dark Hole")  # (a target for the Typhoon)
        if respond:
            s.choose(0, "battle").choose(1, "activate Mystical Space Typhoon").choose(0, "battle")
        else:
            s.choose(0, "battle").choose(1, "pass", "pass")
        duel = s.run()
        assert duel.phase == Phase.BATTLE_STEP and duel.decision.player == 0
        return options(duel)

    assert not any(t.startswith("attack-with") for t in spiderfang(respond=False))
    assert any(t.startswith("attack-with Naturia Spiderfang") for t in spiderfang(respond=True))


def _own(lua_folder: Path, folder: Path, scripts: dict[int, str]) -> Combined:
    return script_source(own_scripts(lua_folder, folder, scripts), prefer="lua")


@pytest.fixture
def own(lua_folder: Path, tmp_path: Path) -> Combined:
    return _own(lua_folder, tmp_path, {POT: NOT_SUMMONED_YET})


def test_get_activity_count_counts_this_turn_s_normal_summons(own: Combined) -> None:
    s = main(Scenario(scripts=own))
    pot = s.hand(0, "Pot of Greed")[0]
    guardian = s.hand(0, "Celtic Guardian")[0]
    duel = s.build()
    assert act("Pot of Greed", pot) in options(duel)
    s.choose(0, f"summon Celtic Guardian [{guardian}]")
    duel = s.run(duel)
    assert duel.location(guardian) == MZONE
    assert act("Pot of Greed", pot) not in options(duel)


def test_gyroid_survives_its_first_battle_each_turn(lua: Combined, en_db: CardDB) -> None:
    s = battle(lua)
    s.monster(0, "Blue-Eyes White Dragon")
    s.monster(0, "Dark Magician")
    gyroid = s.monster(1, en_db.get(GYROID))  # 1000 ATK
    s.choose(0, "attack-with Blue-Eyes White Dragon")
    duel = s.run()
    assert duel.location(gyroid) == MZONE
    assert duel.lp(1) == 8000 - 2000
    s.choose(0, "attack-with Dark Magician")
    duel = s.run(duel)
    assert duel.location(gyroid) == GRAVE  # its one use this turn is spent
    assert duel.lp(1) == 8000 - 2000 - 1500


def test_monk_fighter_s_controller_takes_no_battle_damage_from_its_battles(
    lua: Combined, en_db: CardDB
) -> None:
    s = battle(lua)
    s.monster(0, "Blue-Eyes White Dragon")
    monk = s.monster(1, en_db.get(MONK))  # 1300 ATK
    s.choose(0, "attack-with Blue-Eyes White Dragon")
    duel = s.run()
    assert duel.location(monk) == GRAVE
    assert duel.lp(1) == 8000


# Our own test scripts: declare 1 or 2 and send that many cards from the top of
# your Deck to the GY (Pot of Greed's passcode); Special Summon every monster in
# your GY one step at a time, then gain 100 LP for each (Dark Hole's).
DECLARE_AND_MILL = """
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_ACTIVATE)
    e1:SetCode(EVENT_FREE_CHAIN)
    e1:SetOperation(function(e, tp)
        local n = Duel.AnnounceNumber(tp, 1, 2)
        Duel.DiscardDeck(tp, n, REASON_EFFECT)
    end)
    c:RegisterEffect(e1)
end
"""
STEP_BY_STEP = """
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_ACTIVATE)
    e1:SetCode(EVENT_FREE_CHAIN)
    e1:SetOperation(function(e, tp)
        local g = Duel.GetMatchingGroup(Card.IsType, tp, LOCATION_GRAVE, 0, nil, TYPE_MONSTER)
        for tc in aux.Next(g) do
            Duel.SpecialSummonStep(tc, 0, tp, tp, false, false, POS_FACEUP_DEFENSE)
        end
        local n = Duel.SpecialSummonComplete()
        Duel.Recover(tp, n * 100, REASON_EFFECT)
    end)
    c:RegisterEffect(e1)
end
"""
HOLE = 53129443


def test_announce_number_then_discard_deck(lua_folder: Path, tmp_path: Path) -> None:
    scripts = _own(lua_folder, tmp_path, {POT: DECLARE_AND_MILL})
    s = main(Scenario(scripts=scripts))
    pot = s.hand(0, "Pot of Greed")[0]
    top = s.filler(0, 5)
    s.choose(0, act("Pot of Greed", pot))
    duel = s.run()
    assert options(duel) == ["choose 1", "choose 2"]
    s.choose(0, "choose 2")
    duel = s.run(duel)
    assert [duel.location(u) for u in top[:3]] == [GRAVE, GRAVE, Location.DECK]


def test_special_summon_step_and_complete(lua_folder: Path, tmp_path: Path) -> None:
    scripts = _own(lua_folder, tmp_path, {HOLE: STEP_BY_STEP})
    s = main(Scenario(scripts=scripts))
    hole = s.hand(0, "Dark Hole")[0]
    monsters = s.grave(0, "Celtic Guardian", "Mystical Elf")
    s.choose(0, act("Dark Hole", hole))
    duel = s.run()
    assert all(duel.location(u) == MZONE for u in monsters)
    assert all(duel.position(u) == Position.FACEUP_DEFENSE for u in monsters)
    assert duel.lp(0) == 8000 + 200


# Our own test script: draw 1 if you can Special Summon a monster (Pot of Greed's).
IF_YOU_CAN_SUMMON = """
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_ACTIVATE)
    e1:SetCode(EVENT_FREE_CHAIN)
    e1:SetCondition(function(e, tp)
        return Duel.IsPlayerCanSpecialSummonMonster(tp, 0, 0, TYPE_TOKEN, 0, 0, 1, RACE_FIEND,
            ATTRIBUTE_DARK)
    end)
    e1:SetOperation(function(e, tp) Duel.Draw(tp, 1, REASON_EFFECT) end)
    c:RegisterEffect(e1)
end
"""


def test_is_player_can_special_summon_monster_asks_the_limits_ygo_knows(
    lua_folder: Path, tmp_path: Path, en_db: CardDB
) -> None:
    statue = (lua_folder / f"c{STATUE}.lua").read_text(encoding="utf-8")
    scripts = _own(lua_folder, tmp_path, {POT: IF_YOU_CAN_SUMMON, STATUE: statue})
    s = main(Scenario(scripts=scripts))
    pot = s.hand(0, "Pot of Greed")[0]
    assert act("Pot of Greed", pot) in options(s.build())
    # With a limit by monster in the duel, ygo cannot say: the check fails (and says why).
    s = main(Scenario(scripts=scripts))
    pot = s.hand(0, "Pot of Greed")[0]
    s.monster(1, en_db.get(STATUE))
    duel = s.build()
    assert act("Pot of Greed", pot) not in options(duel)
    assert any("Special Summon limit" in m for m in scripts.lua.failures.values())


def test_interdimensional_matter_transporter_returns_the_monster_at_the_end_phase(
    lua: Combined, en_db: CardDB
) -> None:
    # Banished until the End Phase: the effect for later is kept as plain data (the
    # duel saves and loads between the two), and the monster comes back face-up.
    s = main(Scenario(scripts=lua))
    transporter = s.spell(0, en_db.get(TRANSPORTER))
    guardian = s.monster(0, "Celtic Guardian")
    s.filler(0, 5)
    s.filler(1, 5)
    s.choose(0, act("Interdimensional Matter Transporter", transporter))
    duel = s.run()
    assert duel.location(guardian) == Location.BANISHED
    twins = [duel, Duel.load(duel.save(), scripts=lua, db=en_db), duel.clone()]
    for d in twins:
        s.choose(0, "end-turn")
        s.run(d)
        assert d.turn == 4
        assert d.location(guardian) == MZONE and d.controller(guardian) == 0
        assert d.position(guardian) == Position.FACEUP_ATTACK
    assert len({d.digest() for d in twins}) == 1


def test_thunder_nyan_nyan_destroys_itself_beside_a_non_light_monster(
    lua: Combined, en_db: CardDB
) -> None:
    s = main(Scenario(scripts=lua))
    nyan = s.monster(0, en_db.get(NYAN))
    s.monster(0, "Mystical Elf")  # LIGHT
    guardian = s.hand(0, "Celtic Guardian")[0]  # EARTH
    duel = s.build()
    assert duel.location(nyan) == MZONE
    s.choose(0, f"summon Celtic Guardian [{guardian}]")
    duel = s.run(duel)
    assert duel.location(guardian) == MZONE
    assert duel.location(nyan) == GRAVE  # by the rules check, no chain


def test_premature_burial_revives_and_equips_with_its_limit(lua: Combined) -> None:
    # The equip limit it creates is the binding ygo keeps already (Duel.Equip).
    s = main(Scenario(scripts=lua))
    burial = s.hand(0, "Premature Burial")[0]
    magician = s.grave(0, "Dark Magician")[0]
    s.choose(0, act("Premature Burial", burial))
    duel = s.run()
    assert duel.lp(0) == 8000 - 800
    assert duel.location(magician) == MZONE
    assert duel.location(burial) == Location.SZONE
    assert duel._st.bound[burial] == magician


def test_thunder_nyan_nyan_summoned_beside_a_non_light_monster_is_destroyed(
    lua: Combined, en_db: CardDB
) -> None:
    s = main(Scenario(scripts=lua))
    nyan = s.hand(0, en_db.get(NYAN))[0]
    s.monster(0, "Celtic Guardian")  # EARTH
    s.choose(0, f"summon Thunder Nyan Nyan [{nyan}]")
    assert s.run().location(nyan) == GRAVE


# Our own test script under Celtic Guardian's passcode: your opponent's monsters
# cannot target any monster for attacks.
NO_TARGETS = """
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_FIELD)
    e1:SetCode(EFFECT_CANNOT_SELECT_BATTLE_TARGET)
    e1:SetRange(LOCATION_MZONE)
    e1:SetTargetRange(0, LOCATION_MZONE)
    e1:SetValue(function(e, c) return true end)
    c:RegisterEffect(e1)
end
"""
GUARDIAN = 91152256


def test_a_monster_with_no_attack_target_is_not_offered_an_attack(
    lua_folder: Path, tmp_path: Path
) -> None:
    scripts = _own(lua_folder, tmp_path, {GUARDIAN: NO_TARGETS})
    s = Scenario(scripts=scripts).at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.monster(0, "Blue-Eyes White Dragon")
    s.monster(1, "Celtic Guardian")
    assert options(s.build()) == ["main2", "end-turn"]
