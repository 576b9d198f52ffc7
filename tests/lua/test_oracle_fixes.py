"""Bridge answers the differential run against ygopro-core found wrong, each
checked with our own small scripts written under real passcodes: the summon
type of a Tribute Summon, ..."""

from __future__ import annotations

from pathlib import Path

from tests.cards.scripts.support import atk, defense, main, options
from tests.lua.folders import own_scripts
from tests.scenario import Scenario, card
from ygo.cards.db import CardDB
from ygo.core.enums import CardType, Location, Position
from ygo.defaults import Duel
from ygo.scripting import Combined, script_source

SKULL = card("Summoned Skull").code  # Level 6: 1 Tribute
FANG = card("Silver Fang").code  # Level 3: no Tribute
CELTIC = "Celtic Guardian"


def _source(lua_folder: Path, tmp_path: Path, scripts: dict[int, str]) -> Combined:
    return script_source(own_scripts(lua_folder, tmp_path, scripts), prefer="lua")


def _pick(duel: Duel, needle: str) -> None:
    hits = [i for i, t in enumerate(options(duel)) if needle in t]
    assert len(hits) == 1, (needle, options(duel))
    duel.apply(hits[0])


def _gain_500_when_summoned(condition: str) -> str:
    """Our own script: gain 500 LP when this card is Normal Summoned and
    ``condition`` (a Lua expression about the card ``c``) holds."""
    return f"""
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_SINGLE + EFFECT_TYPE_TRIGGER_F)
    e1:SetCode(EVENT_SUMMON_SUCCESS)
    e1:SetCondition(function(e) local c = e:GetHandler() return {condition} end)
    e1:SetOperation(function(e, tp) Duel.Recover(tp, 500, REASON_EFFECT) end)
    c:RegisterEffect(e1)
end
"""


# Gain 500 LP when this card is Tribute Summoned.
WHEN_TRIBUTE_SUMMONED = _gain_500_when_summoned("c:IsSummonType(SUMMON_TYPE_ADVANCE)")


def test_a_tribute_summon_is_summon_type_advance(lua_folder: Path, tmp_path: Path) -> None:
    # R-SUM-2: a Level 5-6 monster Normal Summoned with 1 Tribute is a Tribute
    # Summon (ygopro-core's SUMMON_TYPE_ADVANCE); one summoned without is not.
    lua = _source(lua_folder, tmp_path, {SKULL: WHEN_TRIBUTE_SUMMONED, FANG: WHEN_TRIBUTE_SUMMONED})
    s = main(Scenario(scripts=lua))
    skull = s.hand(0, "Summoned Skull")[0]
    tribute = s.monster(0, CELTIC)
    duel = s.build()
    _pick(duel, f"summon Summoned Skull [{skull}]")
    assert duel.location(tribute) == Location.GRAVE
    assert duel.location(skull) == Location.MZONE
    assert duel.lp(0) == 8500
    s = main(Scenario(scripts=lua))
    fang = s.hand(0, "Silver Fang")[0]
    duel = s.build()
    _pick(duel, f"summon Silver Fang [{fang}]")
    assert duel.location(fang) == Location.MZONE
    assert duel.lp(0) == 8000


# Our own script: "If your opponent controls no monster, destroy this card."
ALONE_DESTROYED = """
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_SINGLE)
    e1:SetProperty(EFFECT_FLAG_SINGLE_RANGE)
    e1:SetRange(LOCATION_MZONE)
    e1:SetCode(EFFECT_SELF_DESTROY)
    e1:SetCondition(function(e)
        return Duel.GetFieldGroupCount(e:GetHandlerPlayer(), 0, LOCATION_MZONE) == 0
    end)
    c:RegisterEffect(e1)
end
"""


def test_the_scenario_starts_after_the_rules_check(lua_folder: Path, tmp_path: Path) -> None:
    # The harness (tests/scenario.py), as ygopro-core's setup: a placed card whose
    # "destroy this card" condition already holds is destroyed before the first
    # decision, and that destruction is no event of the scenario.
    lua = _source(lua_folder, tmp_path, {FANG: ALONE_DESTROYED})
    s = main(Scenario(scripts=lua))
    fang = s.monster(0, "Silver Fang")
    duel = s.build()
    assert duel.location(fang) == Location.GRAVE
    assert not list(duel.events())
    # With a monster on the other side it stays, until that monster is gone.
    s = main(Scenario(scripts=lua))
    fang = s.monster(0, "Silver Fang")
    s.monster(1, CELTIC)
    s.hand(0, "Raigeki")
    duel = s.build()
    assert duel.location(fang) == Location.MZONE
    _pick(duel, "activate Raigeki")
    assert duel.location(fang) == Location.GRAVE


# Our own script: "Cannot be Special Summoned, except by its own procedure: Special
# Summon it from your hand while you control no monster." The control is asked
# with no card (``c == nil``), as The Sanctuary in the Sky's is.
OWN_PROCEDURE_ONLY = """
local s, id = GetID()
function s.initial_effect(c)
    c:EnableReviveLimit()
    local e0 = Effect.CreateEffect(c)
    e0:SetType(EFFECT_TYPE_SINGLE)
    e0:SetProperty(EFFECT_FLAG_CANNOT_DISABLE + EFFECT_FLAG_UNCOPYABLE)
    e0:SetCode(EFFECT_SPSUMMON_CONDITION)
    e0:SetValue(aux.FALSE)
    c:RegisterEffect(e0)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_FIELD)
    e1:SetProperty(EFFECT_FLAG_UNCOPYABLE)
    e1:SetCode(EFFECT_SPSUMMON_PROC)
    e1:SetRange(LOCATION_HAND)
    e1:SetCondition(s.spcon)
    c:RegisterEffect(e1)
end
function s.spcon(e, c)
    if c == nil then
        return Duel.GetFieldGroupCount(e:GetHandlerPlayer(), LOCATION_MZONE, 0) == 0
    end
    return Duel.GetLocationCount(c:GetControler(), LOCATION_MZONE) > 0
end
"""


def test_a_summoning_condition_allows_the_monsters_own_procedure(
    lua_folder: Path, tmp_path: Path
) -> None:
    # R-SUM-8: "cannot be Special Summoned except by its own procedure": the
    # procedure is offered and summons it, while its condition holds.
    lua = _source(lua_folder, tmp_path, {SKULL: OWN_PROCEDURE_ONLY})
    s = main(Scenario(scripts=lua))
    skull = s.hand(0, "Summoned Skull")[0]
    duel = s.build()
    _pick(duel, f"special-summon Summoned Skull [{skull}]")
    _pick(duel, "face-up Defense")
    assert duel.location(skull) == Location.MZONE
    assert duel.position(skull) == Position.FACEUP_DEFENSE
    # The condition asked with no card: not while you control a monster.
    s = main(Scenario(scripts=lua))
    skull = s.hand(0, "Summoned Skull")[0]
    s.monster(0, CELTIC)
    assert not [t for t in options(s.build()) if t.startswith("special-summon")]


POT = card("Pot of Greed").code
# Our own script: a Spell with no cost function whose target asks
# Effect.IsCostChecked, as the Trap Monsters' activations do; gain 500 LP.
COST_CHECKED = """
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_ACTIVATE)
    e1:SetCode(EVENT_FREE_CHAIN)
    e1:SetTarget(function(e, tp, eg, ep, ev, re, r, rp, chk)
        if chk == 0 then return e:IsCostChecked() end
    end)
    e1:SetOperation(function(e, tp) Duel.Recover(tp, 500, REASON_EFFECT) end)
    c:RegisterEffect(e1)
end
"""


def test_an_activation_with_no_cost_is_cost_checked(lua_folder: Path, tmp_path: Path) -> None:
    # ygopro-core's activation check has Effect.IsCostChecked true whenever the
    # cost is not neglected, with a cost function or without: it is offered.
    lua = _source(lua_folder, tmp_path, {POT: COST_CHECKED})
    s = main(Scenario(scripts=lua))
    pot = s.hand(0, "Pot of Greed")[0]
    duel = s.build()
    _pick(duel, f"activate Pot of Greed [{pot}]")
    assert duel.lp(0) == 8500
    assert duel.location(pot) == Location.GRAVE


STUNGRAY = 97232518  # Abyss Stungray: a Trap that Special Summons itself as a monster


def test_a_trap_monster_is_special_summoned_as_a_monster(lua_folder: Path, en_db: CardDB) -> None:
    # R-MON-4: Abyss Stungray's activation (no cost: IsCostChecked) Special
    # Summons it (Card.AddMonsterAttribute) as an Effect Monster with its data's
    # ATK and DEF, still a Trap Card; it takes up a Spell & Trap Zone too.
    lua = script_source(lua_folder, prefer="lua", cards=en_db)
    s = main(Scenario(scripts=lua, db=en_db))
    ray = s.spell(0, en_db.get(STUNGRAY))
    duel = s.build()
    _pick(duel, f"activate Abyss Stungray [{ray}]")
    while options(duel)[0].startswith("choose face-up"):
        _pick(duel, "face-up Attack")
    assert duel.location(ray) == Location.MZONE
    assert duel.position(ray) == Position.FACEUP_ATTACK
    assert (atk(duel, ray), defense(duel, ray)) == (1900, 0)
    st = duel._st
    assert st.ctype[ray] & CardType.MONSTER and st.ctype[ray] & CardType.TRAP


# Our own scripts: a Spell that equips Silver Fang from your hand to your face-up
# monster, and a Silver Fang that gives its monster 500 ATK as an Equip Card and
# has an effect to gain 500 LP there.
EQUIP_FROM_HAND = """
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_ACTIVATE)
    e1:SetCode(EVENT_FREE_CHAIN)
    e1:SetOperation(function(e, tp)
        local tc = Duel.GetFirstMatchingCard(Card.IsFaceup, tp, LOCATION_MZONE, 0, nil)
        local ec = Duel.GetFirstMatchingCard(Card.IsCode, tp, LOCATION_HAND, 0, nil, %d)
        if tc and ec then Duel.Equip(tp, ec, tc) end
    end)
    c:RegisterEffect(e1)
end
"""
AS_EQUIP = """
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_EQUIP)
    e1:SetCode(EFFECT_UPDATE_ATTACK)
    e1:SetValue(500)
    c:RegisterEffect(e1)
    local e2 = Effect.CreateEffect(c)
    e2:SetType(EFFECT_TYPE_IGNITION)
    e2:SetRange(LOCATION_SZONE)
    e2:SetCountLimit(1)
    e2:SetOperation(function(e, tp) Duel.Recover(tp, 500, REASON_EFFECT) end)
    c:RegisterEffect(e2)
end
"""


def test_a_monster_equipped_by_an_effect_works_as_an_equip_card(
    lua_folder: Path, tmp_path: Path
) -> None:
    # R-SPELL-2: a monster turned Equip Card by Duel.Equip: its equip effect
    # applies to the equipped monster and its effect is activated from the zone.
    lua = _source(lua_folder, tmp_path, {POT: EQUIP_FROM_HAND % FANG, FANG: AS_EQUIP})
    s = main(Scenario(scripts=lua))
    pot = s.hand(0, "Pot of Greed")[0]
    fang = s.hand(0, "Silver Fang")[0]
    celtic = s.monster(0, CELTIC)
    duel = s.build()
    _pick(duel, f"activate Pot of Greed [{pot}]")
    assert duel.location(fang) == Location.SZONE
    assert atk(duel, celtic) == 1400 + 500
    _pick(duel, f"activate Silver Fang [{fang}]")
    assert duel.lp(0) == 8500


TRAP_HOLE = card("Trap Hole").code
# Our own script: a Trap activated when a monster declares an attack: gain 500
# LP if the attacker is still able to attack (Card.IsAttackable).
IF_ATTACKABLE = """
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_ACTIVATE)
    e1:SetCode(EVENT_ATTACK_ANNOUNCE)
    e1:SetOperation(function(e, tp)
        if Duel.GetAttacker():IsAttackable() then Duel.Recover(tp, 500, REASON_EFFECT) end
    end)
    c:RegisterEffect(e1)
end
"""


def test_the_attacking_monster_is_attackable(lua_folder: Path, tmp_path: Path) -> None:
    # R-BAT-2: the monster that has just declared its attack is still one able
    # to attack (ygopro-core's is_capable_attack: position and effects only).
    lua = _source(lua_folder, tmp_path, {TRAP_HOLE: IF_ATTACKABLE})
    s = main(Scenario(scripts=lua))
    celtic = s.monster(0, CELTIC)
    hole = s.spell(1, "Trap Hole")
    duel = s.build()
    _pick(duel, "battle")
    _pick(duel, f"attack-with Celtic Guardian [{celtic}]")
    _pick(duel, f"activate Trap Hole [{hole}]")
    while duel.decision is not None and options(duel) == ["pass"]:
        _pick(duel, "pass")
    assert duel.lp(1) == 8000 + 500 - 1400  # the Trap's 500, then the direct attack


# Gain 500 LP when this card is Normal Summoned from the hand.
FROM_THE_HAND = _gain_500_when_summoned("c:IsPreviousLocation(LOCATION_HAND)")


def test_a_normal_summoned_monster_was_in_the_hand(lua_folder: Path, tmp_path: Path) -> None:
    # R-SUM-1: a Normal Summon takes the monster from the hand: that is its
    # previous location (Card.IsPreviousLocation).
    lua = _source(lua_folder, tmp_path, {FANG: FROM_THE_HAND})
    s = main(Scenario(scripts=lua))
    fang = s.hand(0, "Silver Fang")[0]
    duel = s.build()
    _pick(duel, f"summon Silver Fang [{fang}]")
    assert duel.location(fang) == Location.MZONE
    assert duel.lp(0) == 8500


# Our own script: a Spell activated only while a monster of your hand may be
# Normal Summoned now (Card.IsSummonable, the turn's Normal Summon counted):
# gain 500 LP.
IF_SUMMONABLE = """
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_ACTIVATE)
    e1:SetCode(EVENT_FREE_CHAIN)
    e1:SetTarget(function(e, tp, eg, ep, ev, re, r, rp, chk)
        if chk == 0 then
            return Duel.IsExistingMatchingCard(Card.IsSummonable, tp, LOCATION_HAND, 0, 1, nil,
                false, nil)
        end
    end)
    e1:SetOperation(function(e, tp) Duel.Recover(tp, 500, REASON_EFFECT) end)
    c:RegisterEffect(e1)
end
"""


def test_a_monster_that_may_be_normal_summoned_is_summonable(
    lua_folder: Path, tmp_path: Path
) -> None:
    # R-SUM-1, R-SUM-2: Silver Fang (no Tribute) may be Normal Summoned; Summoned
    # Skull only with a monster to Tribute; neither once the Normal Summon is used.
    lua = _source(lua_folder, tmp_path, {POT: IF_SUMMONABLE})
    s = main(Scenario(scripts=lua))
    pot = s.hand(0, "Pot of Greed", "Silver Fang")[0]
    duel = s.build()
    _pick(duel, f"activate Pot of Greed [{pot}]")
    assert duel.lp(0) == 8500
    for hand, used in (
        (("Pot of Greed", "Summoned Skull"), False),
        (("Pot of Greed", "Silver Fang"), True),
    ):
        s = main(Scenario(scripts=lua))
        pot = s.hand(0, *hand)[0]
        if used:
            s.normal_summon_used()
        assert f"activate Pot of Greed [{pot}]" not in options(s.build())


# Our own script: destroy every card your opponent controls.
DESTROY_THEIR_FIELD = """
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_ACTIVATE)
    e1:SetCode(EVENT_FREE_CHAIN)
    e1:SetOperation(function(e, tp)
        Duel.Destroy(Duel.GetFieldGroup(tp, 0, LOCATION_ONFIELD), REASON_EFFECT)
    end)
    c:RegisterEffect(e1)
end
"""


def test_cards_destroyed_together_reach_the_gy_monsters_first(
    lua_folder: Path, tmp_path: Path
) -> None:
    # R-TERM-3: the cards of one player destroyed together go to the GY in one
    # order, as ygopro-core's: the Monster Zone's before the Spell & Trap Zone's
    # (a Set card in the first zone no longer lands before a monster in the second).
    lua = _source(lua_folder, tmp_path, {POT: DESTROY_THEIR_FIELD})
    s = main(Scenario(scripts=lua))
    pot = s.hand(0, "Pot of Greed")[0]
    monster = s.monster(1, CELTIC, zone=1)
    trap = s.spell(1, "Trap Hole", zone=0)
    duel = s.build()
    _pick(duel, f"activate Pot of Greed [{pot}]")
    assert list(duel._st.grave[1]) == [monster, trap]


# Our own script: "When another monster is Normal Summoned: you may gain 500 LP"
# (its target checks the summoned cards, ``eg``).
ANOTHER_SUMMONED = """
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_FIELD + EFFECT_TYPE_TRIGGER_O)
    e1:SetCode(EVENT_SUMMON_SUCCESS)
    e1:SetRange(LOCATION_MZONE)
    e1:SetProperty(EFFECT_FLAG_DELAY)
    e1:SetTarget(function(e, tp, eg, ep, ev, re, r, rp, chk)
        if chk == 0 then return not eg:IsContains(e:GetHandler()) end
    end)
    e1:SetOperation(function(e, tp) Duel.Recover(tp, 500, REASON_EFFECT) end)
    c:RegisterEffect(e1)
end
"""


def test_a_trigger_checks_the_event_that_triggered_it(lua_folder: Path, tmp_path: Path) -> None:
    # R-CHAIN-6: whether a trigger may be activated is checked against its own
    # triggering event: the copy just summoned is one of the summoned cards (its
    # target says no), the copy already on the field is not.
    lua = _source(lua_folder, tmp_path, {FANG: ANOTHER_SUMMONED})
    s = main(Scenario(scripts=lua))
    old = s.monster(0, "Silver Fang")
    new = s.hand(0, "Silver Fang")[0]
    duel = s.build()
    _pick(duel, f"summon Silver Fang [{new}]")
    assert [t for t in options(duel) if t.startswith("activate")] == [
        f"activate Silver Fang [{old}]"
    ]
    _pick(duel, f"activate Silver Fang [{old}]")
    while duel.decision is not None and options(duel) == ["pass"]:
        _pick(duel, "pass")
    assert duel.lp(0) == 8500


INSECT_BARRIER = card("Insect Barrier").code  # a Continuous Spell
# Our own script: a Continuous Spell, "If you control no monster, destroy this card."
CONTINUOUS_ALONE = """
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_ACTIVATE)
    e1:SetCode(EVENT_FREE_CHAIN)
    c:RegisterEffect(e1)
    local e2 = Effect.CreateEffect(c)
    e2:SetType(EFFECT_TYPE_SINGLE)
    e2:SetProperty(EFFECT_FLAG_SINGLE_RANGE)
    e2:SetRange(LOCATION_SZONE)
    e2:SetCode(EFFECT_SELF_DESTROY)
    e2:SetCondition(function(e)
        return Duel.GetFieldGroupCount(e:GetHandlerPlayer(), LOCATION_MZONE, 0) == 0
    end)
    c:RegisterEffect(e2)
end
"""


def test_a_continuous_spell_is_destroyed_once_its_effects_apply(
    lua_folder: Path, tmp_path: Path
) -> None:
    # R-SPELL-4: a Continuous Spell's effects apply once its activation has
    # resolved; "if you control no monster, destroy this card" then destroys it
    # at once (before any other decision).
    lua = _source(lua_folder, tmp_path, {INSECT_BARRIER: CONTINUOUS_ALONE})
    s = main(Scenario(scripts=lua))
    barrier = s.hand(0, "Insect Barrier")[0]
    duel = s.build()
    _pick(duel, f"activate Insect Barrier [{barrier}]")
    assert duel.location(barrier) == Location.GRAVE
