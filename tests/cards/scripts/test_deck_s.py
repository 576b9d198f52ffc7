"""Card scripts of bench deck S and its neighbours: Raigeki, Heavy Storm, Harpie's
Feather Duster, Monster Reborn, Swords of Revealing Light, Mirror Force,
Sakuretsu Armor, Trap Hole, Magic Cylinder, Ring of Destruction."""

from __future__ import annotations

from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine.events import Event, EventKind, Reason
from ygo.engine.priority import Window

RAIGEKI = "Raigeki"
HEAVY_STORM = "Heavy Storm"
HARPIE = "Harpie's Feather Duster"
REBORN = "Monster Reborn"
SWORDS = "Swords of Revealing Light"
MIRROR = "Mirror Force"
SAKURETSU = "Sakuretsu Armor"
TRAP_HOLE = "Trap Hole"
CYLINDER = "Magic Cylinder"
RING = "Ring of Destruction"
MST = "Mystical Space Typhoon"
ORDER = "Imperial Order"

DM = "Dark Magician"  # 2500 / 2100, Level 7
SKULL = "Summoned Skull"  # 2500 / 1200, Level 6
CELTIC = "Celtic Guardian"  # 1400 / 1200, Level 4
KURIBOH = "Kuriboh"  # 300 / 200, Level 1


def _events(duel: Duel, kind: EventKind) -> list[Event]:
    return [e for e in duel.events() if e.kind == kind]


def _moves(duel: Duel, uid: int) -> list[Event]:
    return [e for e in _events(duel, EventKind.MOVE) if e.card == uid]


def _activated(duel: Duel) -> list[int]:
    return [e.card for e in _events(duel, EventKind.ACTIVATE)]


def _attack(s: Scenario, duel: Duel | None, attacker: str) -> Duel:
    """The turn player (0) goes to battle and declares an attack with ``attacker``."""
    s.choose(0, "battle", f"attack-with {attacker}")
    return s.run(duel)


# -- Raigeki, Heavy Storm, Harpie's Feather Duster -------------------------------------


def test_raigeki_destroys_only_the_opponents_monsters_and_goes_to_the_gy() -> None:
    # R-SPELL-1: a Normal Spell Set this turn can be activated at once; after
    # resolving it goes to the GY. R-TERM-1: its victims are destroyed by an effect.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    raigeki = s.spell(0, RAIGEKI, this_turn=True)
    mine = s.monster(0, DM)
    skull = s.monster(1, SKULL)
    hidden = s.monster(1, CELTIC, Position.FACEDOWN_DEFENSE)
    s.choose(0, f"activate Raigeki [{raigeki}]")
    duel = s.run()
    assert duel.location(mine) == Location.MZONE
    assert duel.location(skull) == Location.GRAVE
    assert duel.location(hidden) == Location.GRAVE
    assert duel.location(raigeki) == Location.GRAVE
    for uid in (skull, hidden):
        (move,) = _moves(duel, uid)
        assert move.reason & Reason.DESTROY and move.reason & Reason.EFFECT
        assert not move.reason & Reason.BATTLE
        assert move.rc == raigeki
    (to_gy,) = _moves(duel, raigeki)
    assert not to_gy.reason & Reason.DESTROY  # sent by rule (R-CHAIN-12), not destroyed
    assert duel.decision is not None and duel.decision.player == 0


def test_a_normal_spell_waits_for_its_own_main_phase() -> None:
    # R-TURN-7: a Normal Spell (speed 1) is not offered in the Battle Phase, nor in
    # the opponent's turn, while a Set Trap (speed 2) is.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hand_raigeki = s.hand(0, RAIGEKI)[0]
    s.spell(0, RAIGEKI)
    s.spell(1, RAIGEKI)
    s.spell(1, RING)
    s.monster(0, DM)
    s.monster(1, SKULL)
    s.stop(0, Window.BATTLE_START)
    duel = s.run()
    main = texts(duel.decision)
    assert f"activate Raigeki [{hand_raigeki}]" in main  # its own open Main Phase: yes
    s.choose(0, "battle")
    duel = s.run(duel)
    # P1 answers the end of P0's Main Phase 1: Ring of Destruction, not Raigeki.
    assert duel.decision is not None and duel.decision.player == 1
    opts = texts(duel.decision)
    assert any(t.startswith("activate Ring of Destruction") for t in opts)
    assert not [t for t in opts if "Raigeki" in t]
    s.choose(1, "pass")
    duel = s.run(duel)
    # P0's own Battle Phase: neither Raigeki (hand or Set) is offered.
    assert duel.decision is not None and duel.decision.player == 0
    assert duel.phase == Phase.BATTLE_START
    assert texts(duel.decision) == ["pass"]


def test_heavy_storm_destroys_every_other_spell_and_trap() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    storm = s.hand(0, HEAVY_STORM)[0]
    my_trap = s.spell(0, MIRROR)
    their_set = s.spell(1, SAKURETSU)
    their_swords = s.spell(1, SWORDS, face_down=False)
    monster = s.monster(1, SKULL)
    s.choose(0, f"activate Heavy Storm [{storm}]")
    duel = s.run()
    for uid in (my_trap, their_set, their_swords):
        assert duel.location(uid) == Location.GRAVE
        (move,) = _moves(duel, uid)
        assert move.reason & Reason.DESTROY and move.rc == storm
    assert duel.location(monster) == Location.MZONE
    (to_gy,) = _moves(duel, storm)
    assert not to_gy.reason & Reason.DESTROY  # itself: sent after resolving, not destroyed


def test_heavy_storm_needs_another_spell_or_trap() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    storm = s.hand(0, HEAVY_STORM)[0]
    s.monster(1, SKULL)
    duel = s.build()
    assert f"activate Heavy Storm [{storm}]" not in texts(duel.decision)


def test_harpies_feather_duster_destroys_only_the_opponents_spells_and_traps() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    duster = s.hand(0, HARPIE)[0]
    mine = s.spell(0, MIRROR)
    theirs = [s.spell(1, SAKURETSU), s.spell(1, SWORDS, face_down=False)]
    s.choose(0, f"activate Harpie's Feather Duster [{duster}]")
    duel = s.run()
    assert duel.location(mine) == Location.SZONE
    assert [duel.location(u) for u in theirs] == [Location.GRAVE, Location.GRAVE]
    assert duel.location(duster) == Location.GRAVE


# -- Monster Reborn --------------------------------------------------------------------


def test_monster_reborn_revives_a_monster_from_the_opponents_gy_under_your_control() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    reborn = s.hand(0, REBORN)[0]
    s.grave(0, CELTIC)
    skull = s.grave(1, SKULL)[0]
    s.choose(0, f"activate Monster Reborn [{reborn}]")
    s.choose(0, f"select Summoned Skull [{skull}]")
    s.choose(0, "choose face-up Defense")
    duel = s.run()
    assert duel.location(skull) == Location.MZONE
    assert duel.controller(skull) == 0
    assert duel.position(skull) == Position.FACEUP_DEFENSE
    assert duel.location(reborn) == Location.GRAVE  # R-SPELL-1
    (ss,) = _events(duel, EventKind.SPECIAL_SUMMON)
    assert ss.card == skull and ss.src == Location.GRAVE and ss.rc == reborn


def test_monster_reborn_needs_a_monster_in_a_gy() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    reborn = s.hand(0, REBORN)[0]
    s.grave(1, MST)  # a Spell is no target
    duel = s.build()
    assert f"activate Monster Reborn [{reborn}]" not in texts(duel.decision)


# -- Swords of Revealing Light ---------------------------------------------------------


def _end_turns(s: Scenario, duel: Duel, *players: int) -> Duel:
    for p in players:
        s.choose(p, "end-turn")
    return s.run(duel)


def test_swords_flips_stops_attacks_and_leaves_after_three_opponent_turns() -> None:
    # R-SPELL-7: a Normal Spell that stays on the field for a stated time, counted
    # on the card (State.cval) by a rule effect at the End Phase.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    swords = s.hand(0, SWORDS)[0]
    hidden = s.monster(1, CELTIC, Position.FACEDOWN_DEFENSE)
    skull = s.monster(1, SKULL)
    mine = s.monster(0, KURIBOH, Position.FACEUP_DEFENSE)
    s.choose(0, f"activate Swords of Revealing Light [{swords}]")
    duel = s.run()
    assert duel.position(hidden) == Position.FACEUP_DEFENSE
    assert duel.location(swords) == Location.SZONE
    assert duel.position(swords) & Position.FACEUP
    # Turn 4, the opponent's 1st turn: they can enter battle but not attack.
    duel = _end_turns(s, duel, 0)
    assert duel.turn == 4 and duel.decision is not None and duel.decision.player == 1
    s.choose(1, "battle")
    duel = s.run(duel)
    assert duel.phase == Phase.BATTLE_STEP
    assert not [t for t in texts(duel.decision) if t.startswith("attack-with")]
    s.choose(1, "end-turn")
    duel = s.run(duel)
    duel = _end_turns(s, duel, 0, 1, 0)  # turns 5, 6 (the 2nd), 7
    assert duel.turn == 8 and duel.decision is not None and duel.decision.player == 1
    assert duel.location(swords) == Location.SZONE  # the 3rd turn's End Phase has not come
    assert duel.location(skull) == Location.MZONE and duel.location(mine) == Location.MZONE
    duel = _end_turns(s, duel, 1)  # the End Phase of turn 8: it is destroyed
    assert duel.turn == 9
    assert duel.location(swords) == Location.GRAVE
    (move,) = _moves(duel, swords)[-1:]
    assert move.reason & Reason.DESTROY
    gone = next(e for e in duel.events() if e.kind == EventKind.MOVE and e.card == swords)
    turn_of = [e.value for e in duel.events()[: duel.events().index(gone)]
               if e.kind == EventKind.TURN]  # fmt: skip
    assert turn_of[-1] == 8


def test_swords_does_not_stop_your_own_attacks() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.spell(0, SWORDS, face_down=False)
    s.monster(0, DM)
    s.choose(0, "battle")
    duel = s.run()
    assert "attack-with Dark Magician [1]" in texts(duel.decision)


# -- Mirror Force, Sakuretsu Armor, Magic Cylinder -------------------------------------


def test_mirror_force_destroys_the_attackers_attack_position_monsters() -> None:
    # R-TURN-7: a Set Trap (speed 2) is activated in the opponent's Battle Phase.
    # R-TRAP-2: a Normal Trap goes to the GY after resolving.
    # R-TERM-1: the monsters are destroyed by an effect, not by battle.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    dm = s.monster(0, DM)
    celtic = s.monster(0, CELTIC)
    kuriboh = s.monster(0, KURIBOH, Position.FACEUP_DEFENSE)
    theirs = s.monster(1, SKULL)
    mirror = s.spell(1, MIRROR)
    duel = _attack(s, None, "Dark Magician")
    assert duel.decision is not None and duel.decision.player == 1
    assert duel.phase == Phase.BATTLE_STEP
    s.choose(1, f"activate Mirror Force [{mirror}]")
    duel = s.run(duel)
    assert duel.location(dm) == Location.GRAVE
    assert duel.location(celtic) == Location.GRAVE
    assert duel.location(kuriboh) == Location.MZONE  # Defense Position
    assert duel.location(theirs) == Location.MZONE
    assert duel.location(mirror) == Location.GRAVE
    for uid in (dm, celtic):
        (move,) = _moves(duel, uid)
        assert move.reason == Reason.DESTROY | Reason.EFFECT
        assert move.rc == mirror
    (to_gy,) = _moves(duel, mirror)
    assert not to_gy.reason & Reason.DESTROY
    # The attack stopped: no replay (the attacker is gone), no battle damage.
    assert [e.card for e in _events(duel, EventKind.ATTACK_STOPPED)] == [dm]
    assert duel.lp(0) == duel.lp(1) == 8000
    assert duel.decision is not None and duel.decision.player == 0
    assert not [t for t in texts(duel.decision) if t.startswith("attack-with")]


def test_battle_destruction_has_the_battle_reason() -> None:
    # R-TERM-1: the other side of the coin: a monster destroyed by battle.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, DM)
    celtic = s.monster(1, CELTIC)
    s.spell(1, MIRROR, this_turn=True)  # set this turn: cannot be activated (R-TRAP-1)
    duel = _attack(s, None, "Dark Magician")
    assert duel.location(celtic) == Location.GRAVE
    (move,) = _moves(duel, celtic)
    assert move.reason & Reason.BATTLE and move.reason & Reason.DESTROY
    assert not move.reason & Reason.EFFECT
    assert duel.lp(1) == 8000 - 1100


def test_mirror_force_only_answers_an_attack() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, DM)
    s.spell(1, MIRROR)
    s.spell(1, SAKURETSU)
    s.spell(1, CYLINDER)
    s.stop(1, Window.MAIN_END, Window.BATTLE_START)
    s.choose(0, "battle")
    duel = s.run()
    assert duel.decision is not None and duel.decision.player == 1
    assert texts(duel.decision) == ["pass"]  # the end of Main Phase 1
    s.choose(1, "pass")
    duel = s.run(duel)
    assert duel.phase == Phase.BATTLE_START
    assert duel.decision is not None and duel.decision.player == 1
    assert texts(duel.decision) == ["pass"]


def test_sakuretsu_armor_destroys_the_attacker() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    dm = s.monster(0, DM)
    celtic = s.monster(0, CELTIC)
    s.monster(1, KURIBOH)
    armor = s.spell(1, SAKURETSU)
    duel = _attack(s, None, "Dark Magician")
    s.choose(1, f"activate Sakuretsu Armor [{armor}]")
    duel = s.run(duel)
    assert duel.location(dm) == Location.GRAVE
    assert duel.location(celtic) == Location.MZONE
    assert duel.location(armor) == Location.GRAVE
    (target,) = _events(duel, EventKind.TARGET)
    assert target.card == dm and target.rc == armor
    assert duel.lp(1) == 8000


def test_sakuretsu_armor_does_nothing_when_its_target_left_first() -> None:
    # R-CHAIN-10: Chain Link 1 Sakuretsu Armor targets the attacker; Chain Link 2
    # Mirror Force destroys it first; Sakuretsu Armor then resolves with no effect.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    dm = s.monster(0, DM)
    s.monster(1, KURIBOH)
    armor = s.spell(1, SAKURETSU)
    mirror = s.spell(1, MIRROR)
    duel = _attack(s, None, "Dark Magician")
    s.choose(1, f"activate Sakuretsu Armor [{armor}]")
    # P0 has nothing to respond with; P1 may add a link (R-CHAIN-3)
    s.choose(1, f"activate Mirror Force [{mirror}]")
    duel = s.run(duel)
    assert [e.value for e in _events(duel, EventKind.CHAIN_SOLVING)] == [2, 1]
    assert duel.location(dm) == Location.GRAVE
    assert [e.rc for e in _moves(duel, dm)] == [mirror]  # destroyed once, by Mirror Force
    assert not [e for e in _events(duel, EventKind.MOVE) if e.rc == armor]
    assert {duel.location(armor), duel.location(mirror)} == {Location.GRAVE}


def test_magic_cylinder_negates_the_attack_and_burns_the_attacker() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    dm = s.monster(0, DM)
    kuriboh = s.monster(1, KURIBOH)
    cylinder = s.spell(1, CYLINDER)
    duel = _attack(s, None, "Dark Magician")
    s.choose(1, f"activate Magic Cylinder [{cylinder}]")
    duel = s.run(duel)
    assert duel.lp(0) == 8000 - 2500
    assert duel.lp(1) == 8000
    assert duel.location(dm) == Location.MZONE
    assert duel.location(kuriboh) == Location.MZONE  # no battle happened
    assert duel.location(cylinder) == Location.GRAVE
    assert [e.card for e in _events(duel, EventKind.ATTACK_STOPPED)] == [dm]
    (dmg,) = _events(duel, EventKind.DAMAGE)
    assert dmg.reason == Reason.EFFECT and dmg.rc == cylinder
    # It has attacked this turn (R-BAT-2): no second attack.
    assert not [t for t in texts(duel.decision) if t.startswith("attack-with")]


# -- Trap Hole -------------------------------------------------------------------------


def test_trap_hole_destroys_a_normal_summoned_monster() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    celtic = s.hand(0, CELTIC)[0]
    hole = s.spell(1, TRAP_HOLE)
    s.choose(0, f"summon Celtic Guardian [{celtic}]")
    duel = s.run()
    assert duel.decision is not None and duel.decision.player == 1
    s.choose(1, f"activate Trap Hole [{hole}]")
    duel = s.run(duel)
    assert duel.location(celtic) == Location.GRAVE
    assert duel.location(hole) == Location.GRAVE
    (move,) = _moves(duel, celtic)[-1:]
    assert move.reason & Reason.DESTROY and move.rc == hole


def test_trap_hole_answers_a_flip_summon() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    celtic = s.monster(0, CELTIC, Position.FACEDOWN_DEFENSE)
    hole = s.spell(1, TRAP_HOLE)
    s.choose(0, f"flip-summon Celtic Guardian [{celtic}]")
    s.choose(1, f"activate Trap Hole [{hole}]")
    duel = s.run()
    assert duel.location(celtic) == Location.GRAVE


def test_trap_hole_ignores_a_weak_monster_and_a_set() -> None:
    # R-SUM-1: a Set is not a Summon, so Trap Hole cannot answer it; nor a
    # monster with less than 1000 ATK. P1 is asked at every window where it could.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    celtic, kuriboh = s.hand(0, CELTIC, KURIBOH)
    s.spell(1, TRAP_HOLE)
    s.stop(1, Window.SUMMONED)
    s.choose(0, f"summon Kuriboh [{kuriboh}]")
    duel = s.run()
    assert duel.decision is not None and duel.decision.player == 1
    assert texts(duel.decision) == ["pass"]  # a summon, but only 300 ATK
    s.choose(1, "pass")
    duel = s.run(duel)
    s2 = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    celtic = s2.hand(0, CELTIC)[0]
    s2.spell(1, TRAP_HOLE)
    s2.stop(1, Window.SUMMONED, Window.MAIN_END)
    s2.choose(0, f"set Celtic Guardian [{celtic}]")
    s2.choose(0, "end-turn")
    duel = s2.run()
    assert duel.location(celtic) == Location.MZONE
    # The first time P1 is asked is when P0 leaves the Main Phase, and not for Trap Hole.
    assert duel.decision is not None and duel.decision.player == 1
    assert duel.phase == Phase.MAIN1
    assert texts(duel.decision) == ["pass"]


# -- Ring of Destruction ---------------------------------------------------------------


def test_ring_of_destruction_destroys_and_both_players_take_its_atk() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    skull = s.monster(0, SKULL)
    ring = s.spell(1, RING)
    s.stop(1, Window.MAIN_END)
    s.choose(0, "end-turn")
    s.choose(1, f"activate Ring of Destruction [{ring}]")  # in the opponent's turn
    s.choose(1, "pass")  # its own stop asks again once P0 passed
    duel = s.run()
    assert duel.location(skull) == Location.GRAVE
    assert duel.lp(0) == duel.lp(1) == 8000 - 2500
    assert duel.location(ring) == Location.GRAVE


def test_ring_of_destruction_at_low_life_points_is_a_draw() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1).lp(0, 2000).lp(1, 1000)
    s.monster(0, SKULL)
    ring = s.spell(0, RING)
    s.choose(0, f"activate Ring of Destruction [{ring}]")
    duel = s.run()
    assert duel.is_over and duel.result is not None and duel.result.winner is None


def test_ring_of_destruction_does_nothing_if_its_target_is_gone() -> None:
    # R-CHAIN-10: no destruction and no damage once the target left the field.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    dm = s.monster(0, DM)
    s.monster(1, KURIBOH)
    ring = s.spell(1, RING)
    mirror = s.spell(1, MIRROR)
    s.choose(0, "battle")
    s.choose(1, "pass")  # Ring of Destruction could answer the end of Main Phase 1
    s.choose(1, "pass")  # ... and the Battle Start Step
    s.choose(0, "attack-with Dark Magician")
    s.choose(1, f"activate Ring of Destruction [{ring}]")
    s.choose(1, f"select Dark Magician [{dm}]")
    s.choose(1, f"activate Mirror Force [{mirror}]")
    duel = s.run()
    assert duel.location(dm) == Location.GRAVE
    assert [e.rc for e in _moves(duel, dm)] == [mirror]
    assert duel.lp(0) == duel.lp(1) == 8000
    assert not _events(duel, EventKind.DAMAGE)


def test_removing_the_attack_target_gives_a_replay() -> None:
    # R-BAT-8: the attacker's own Ring of Destruction removes the attack target in
    # the attack declaration window; the attacker may pick a new target or attack
    # directly (here: directly).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    dm = s.monster(0, DM)
    celtic = s.monster(1, CELTIC)
    ring = s.spell(0, RING)
    s.choose(0, "battle", "pass", "attack-with Dark Magician")
    duel = s.run()
    assert duel.decision is not None and duel.decision.player == 0  # priority first
    s.choose(0, f"activate Ring of Destruction [{ring}]")
    s.choose(0, f"select Celtic Guardian [{celtic}]")
    duel = s.run(duel)
    assert duel.location(celtic) == Location.GRAVE
    assert duel.lp(0) == duel.lp(1) == 8000 - 1400
    assert duel.decision is not None and duel.decision.player == 0
    opts = texts(duel.decision)
    assert "cancel" in opts and any(t.startswith("direct") for t in opts)
    s.choose(0, "direct")
    duel = s.run(duel)
    assert duel.lp(1) == 8000 - 1400 - 2500
    assert duel.location(dm) == Location.MZONE
