"""Where the bridge disagreed with the reference engine on a real card (the
differential run of tests/oracle/), each played with YGOPro's own script and
every choice scripted: a trigger's own card is related to it while its
activation is checked (Sorciere de Fleur); a Pendulum card Special Summons
itself from its Pendulum Zone (Abyss Actor - Extras); an effect's label set by
initial_effect is what it reads in the duel (Skill Successor); a Trap answering
an attack target sees that target (Hate Buster); a continuous effect that works
from the GY does not work from the field (Phantom Beast Cross-Wing), one from
the Pendulum Zone works there only (Performapal Silver Claw); a monster
only the opponent's effects cannot target (Kozmo Dark Destroyer); an attacker
whose attack was negated has its attack cancelled, and an effect keeps every
value of a label set during the duel (our own scripts)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cards.scripts.support import main, options, stats
from tests.lua.folders import own_scripts
from tests.scenario import Scenario
from ygo.cards.db import CardDB
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.scripting import Combined, script_source

GRAVE, MZONE = Location.GRAVE, Location.MZONE
CELTIC = "Celtic Guardian"
SORCIERE = 36405256  # Sorciere de Fleur: when summoned, summons a monster of the opponent's GY

EXTRAS = 88412339  # Abyss Actor - Extras: Special Summons itself from the Pendulum Zone
SUCCESSOR = 73729209  # Skill Successor: +400 ATK when activated, +800 from the GY
HATE_BUSTER = 93895605  # Hate Buster: when your face-up Fiend is targeted for an attack
CROSS_WING = 71181155  # Phantom Beast Cross-Wing: from the GY, "Phantom Beast" monsters +300
KOZMO = 55885348  # Kozmo Dark Destroyer: the opponent's effects cannot target it (aux.tgoval)
RUSH = 70046172  # Rush Recklessly: target 1 face-up monster on the field; +700 ATK
NEGATE_ATTACK = 14315573  # Negate Attack's passcode, with our own test script below
# Our own script: when an opponent's monster declares an attack, gain 500 LP if
# its attack is not cancelled yet, negate the attack, then gain 1000 LP if it is.
CANCELED = """
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_ACTIVATE)
    e1:SetCode(EVENT_ATTACK_ANNOUNCE)
    e1:SetCondition(function(e, tp) return tp ~= Duel.GetTurnPlayer() end)
    e1:SetOperation(function(e, tp)
        local a = Duel.GetAttacker()
        if not a:IsStatus(STATUS_ATTACK_CANCELED) then Duel.Recover(tp, 500, REASON_EFFECT) end
        Duel.NegateAttack()
        if a:IsStatus(STATUS_ATTACK_CANCELED) then Duel.Recover(tp, 1000, REASON_EFFECT) end
    end)
    c:RegisterEffect(e1)
end
"""
POT = 55144522  # Pot of Greed's passcode, with our own test script below
# Our own script: its target part sets a label of two values, its operation
# gains their sum in LP.
TWO_LABELS = """
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_ACTIVATE)
    e1:SetCode(EVENT_FREE_CHAIN)
    e1:SetTarget(function(e, tp, eg, ep, ev, re, r, rp, chk)
        if chk == 0 then return true end
        e:SetLabel(1000, 500)
    end)
    e1:SetOperation(function(e, tp)
        local a, b = e:GetLabel()
        Duel.Recover(tp, a + b, REASON_EFFECT)
    end)
    c:RegisterEffect(e1)
end
"""
SILVER_CLAW = 26270847  # Performapal Silver Claw: Pendulum Effect, "Performapal" monsters +300


@pytest.fixture(scope="module")
def lua(lua_folder: Path) -> Combined:
    return script_source(lua_folder, prefer="lua")


def _pick(duel: Duel, needle: str) -> None:
    hits = [i for i, t in enumerate(options(duel)) if needle in t]
    assert len(hits) == 1, (needle, options(duel))
    duel.apply(hits[0])


def test_sorciere_de_fleur_summons_from_the_opponents_gy(lua: Combined, en_db: CardDB) -> None:
    # R-TURN-7, R-CHAIN-9: its mandatory trigger activates once it is Special
    # Summoned; the check asks whether the card is still related to its effect.
    s = main(Scenario(scripts=lua, db=en_db))
    sorciere = s.grave(0, en_db.get(SORCIERE))[0]
    s.hand(0, "Monster Reborn")
    skull = s.grave(1, "Summoned Skull")[0]
    duel = s.build()
    _pick(duel, "activate Monster Reborn")
    _pick(duel, "select Sorciere de Fleur")
    _pick(duel, "face-up Attack")  # Monster Reborn's summon
    _pick(duel, "face-up Attack")  # the trigger's summon of its only target
    assert duel.location(sorciere) == MZONE
    assert duel.location(skull) == MZONE
    assert duel.controller(skull) == 0


def test_abyss_actor_extras_summons_itself_from_its_pendulum_zone(
    lua: Combined, en_db: CardDB
) -> None:
    # R-PEND-1: a Spell Card in the Pendulum Zone, yet a monster card that its own
    # Pendulum Effect may Special Summon (while the opponent controls a monster).
    s = main(Scenario(scripts=lua, db=en_db))
    extras = s.pendulum(0, en_db.get(EXTRAS))
    s.monster(1, "Summoned Skull")
    duel = s.build()
    _pick(duel, "activate Abyss Actor - Extras")
    _pick(duel, "face-up Defense")
    assert duel.location(extras) == MZONE
    assert duel.position(extras) == Position.FACEUP_DEFENSE


def test_skill_successor_gives_the_atk_its_labels_say(lua: Combined, en_db: CardDB) -> None:
    # Each effect's amount is the label its initial_effect set (400 for the
    # Trap's activation, 800 for its effect from the GY, banishing it as the cost).
    s = main(Scenario(scripts=lua, db=en_db))
    magician = s.monster(0, "Dark Magician")
    successor = s.spell(0, en_db.get(SUCCESSOR))
    duel = s.build()
    _pick(duel, "activate Skill Successor")  # its only target: Dark Magician
    assert stats(duel, magician) == (2500 + 400, 2100)
    assert duel.location(successor) == GRAVE
    s = main(Scenario(scripts=lua, db=en_db))
    magician = s.monster(0, "Dark Magician")
    successor = s.grave(0, en_db.get(SUCCESSOR))[0]
    duel = s.build()
    _pick(duel, "activate Skill Successor")
    assert stats(duel, magician) == (2500 + 800, 2100)
    assert duel.location(successor) == Location.BANISHED


@pytest.mark.parametrize(("target", "offered"), [("Summoned Skull", True), (CELTIC, False)])
def test_hate_buster_is_offered_when_a_fiend_is_the_attack_target(
    lua: Combined, en_db: CardDB, target: str, offered: bool
) -> None:
    # R-TRAP-1: a Trap activated at the attack declaration; its condition reads
    # the monster targeted for the attack (a Fiend, Summoned Skull; Celtic Guardian
    # is a Warrior).
    s = Scenario(scripts=lua, db=en_db).at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    magician = s.monster(0, "Dark Magician")
    defender = s.monster(1, target)
    buster = s.spell(1, en_db.get(HATE_BUSTER))
    s.choose(0, "attack-with Dark Magician")
    duel = s.run()
    if offered:
        assert duel.decision is not None and duel.decision.player == 1
        assert f"activate Hate Buster [{buster}]" in options(duel)
        s.choose(1, "pass")
        duel = s.run(duel)
    assert duel.decision is not None and duel.decision.player == 0
    assert "main2" in options(duel)  # the battle is over: 2500 against the defender
    assert duel.location(buster) == Location.SZONE
    assert duel.location(magician) == (GRAVE if offered else MZONE)
    assert duel.location(defender) == GRAVE


def test_phantom_beast_cross_wing_gives_no_atk_from_the_field(lua: Combined, en_db: CardDB) -> None:
    # R-MON-2: a continuous effect applies only from where its card says (here
    # the GY, SetRange(LOCATION_GRAVE)): face-up on the field, neither copy
    # raises the other (both are "Phantom Beast" monsters) nor itself.
    s = main(Scenario(scripts=lua, db=en_db))
    wings = [s.monster(0, en_db.get(CROSS_WING)) for _ in range(2)]
    duel = s.build()
    assert [stats(duel, u) for u in wings] == [(1300, 1300), (1300, 1300)]


def test_kozmo_dark_destroyer_is_a_target_for_its_controller_only(
    lua: Combined, en_db: CardDB
) -> None:
    # R-CHAIN-10: targets are chosen at activation, among the cards effects may target.
    s = main(Scenario(scripts=lua, db=en_db), player=0)
    kozmo = s.monster(0, en_db.get(KOZMO))  # 3000/1800
    guardian = s.monster(1, CELTIC)  # 1400/1200
    s.hand(0, en_db.get(RUSH))
    s.choose(0, "activate Rush Recklessly", f"select Kozmo Dark Destroyer [{kozmo}]")
    duel = s.run()
    assert stats(duel, kozmo) == (3700, 1800)
    assert stats(duel, guardian) == (1400, 1200)
    # The opponent's Rush Recklessly has only its own monster to target.
    s = main(Scenario(scripts=lua, db=en_db), player=1)
    kozmo = s.monster(0, en_db.get(KOZMO))
    guardian = s.monster(1, CELTIC)
    s.hand(1, en_db.get(RUSH))
    s.choose(1, "activate Rush Recklessly")
    duel = s.run()
    assert stats(duel, kozmo) == (3000, 1800)
    assert stats(duel, guardian) == (2100, 1200)


def test_a_negated_attack_is_cancelled(lua_folder: Path, tmp_path: Path, en_db: CardDB) -> None:
    # R-BAT-2: the attack is stopped; the attacker deals no damage.
    folder = own_scripts(lua_folder, tmp_path, {NEGATE_ATTACK: CANCELED})
    own = script_source(folder, prefer="lua")
    s = Scenario(scripts=own, db=en_db).at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    magician = s.monster(0, "Dark Magician")
    trap = s.spell(1, en_db.get(NEGATE_ATTACK))
    s.choose(0, "attack-with Dark Magician")
    s.choose(1, f"activate Negate Attack [{trap}]")
    duel = s.run()
    assert duel.lp(1) == 8000 + 500 + 1000
    assert duel.location(magician) == MZONE
    assert duel.decision is not None and "main2" in options(duel)


def test_a_label_of_two_values_gives_both(lua_folder: Path, tmp_path: Path) -> None:
    own = script_source(own_scripts(lua_folder, tmp_path, {POT: TWO_LABELS}), prefer="lua")
    s = main(Scenario(scripts=own))
    s.hand(0, "Pot of Greed")
    s.choose(0, "activate Pot of Greed")
    duel = s.run()
    assert duel.lp(0) == 8000 + 1000 + 500


@pytest.mark.parametrize("scale", [False, True])
def test_performapal_silver_claw_raises_atk_from_its_pendulum_zone_only(
    lua: Combined, en_db: CardDB, scale: bool
) -> None:
    # R-PEND-1: its Pendulum Effect applies while it is in the Pendulum Zone; the
    # copy in the Monster Zone (1800 ATK) does not raise itself.
    s = main(Scenario(scripts=lua, db=en_db))
    if scale:
        s.pendulum(0, en_db.get(SILVER_CLAW))
    claw = s.monster(0, en_db.get(SILVER_CLAW))
    duel = s.build()
    assert stats(duel, claw) == (2100 if scale else 1800, 700)
