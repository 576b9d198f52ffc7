"""Battle (RULES.md, BAT)."""

from __future__ import annotations

from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase, Position
from ygo.core.state import NONE
from ygo.defaults import Duel
from ygo.engine import ops
from ygo.engine.actions import ActionKind, DecisionKind
from ygo.engine.events import EventKind, Reason
from ygo.engine.priority import Window


def battle(
    attacker: tuple[str, Position], defender: tuple[str, Position] | None
) -> tuple[Duel, int, int]:
    """Player 0 attacks with one monster; returns the duel after the attack and the uids."""
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.hand(0, "Dark Hole")  # keeps Main Phase 2 a real decision
    a = s.monster(0, attacker[0], attacker[1])
    d = s.monster(1, defender[0], defender[1]) if defender else NONE
    s.choose(0, f"attack-with {attacker[0]}")
    duel = s.run()
    return duel, a, d


def test_battle_phase_steps_in_order() -> None:
    # R-BAT-1: Start Step -> Battle Step <-> Damage Step -> End Step.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, "Dark Hole")
    s.monster(0, "Dark Magician")
    s.monster(1, "Celtic Guardian")
    s.choose(0, "battle", "attack-with Dark Magician", "main2")
    duel = s.run()
    phases = [Phase(e.value) for e in duel.events() if e.kind == EventKind.PHASE]
    assert phases == [
        Phase.BATTLE_START,
        Phase.BATTLE_STEP,
        Phase.DAMAGE,
        Phase.DAMAGE_CALC,
        Phase.BATTLE_STEP,
        Phase.BATTLE_END,
        Phase.MAIN2,
    ]


def test_each_monster_attacks_once_per_turn() -> None:
    # R-BAT-2: the turn player picks a face-up Attack monster that has not attacked.
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.monster(0, "Dark Magician")
    s.monster(0, "Celtic Guardian")
    s.choose(0, "attack-with Dark Magician")
    duel = s.run()
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.BATTLE
    assert texts(d) == ["attack-with Celtic Guardian [1]", "main2", "end-turn"]
    dm = duel.monsters(0)[0]
    assert dm is not None
    assert "attack: it has already attacked this turn" in duel.explain(dm, 0).reasons


def test_targets_are_the_opponents_monsters() -> None:
    # R-BAT-2: a target among the opponent's monsters; face-down ones are not named.
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.monster(0, "Dark Magician")
    s.monster(1, "Celtic Guardian")
    s.monster(1, "Mystical Elf", Position.FACEDOWN_DEFENSE)
    s.choose(0, "attack-with Dark Magician")
    duel = s.run()
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.ATTACK_TARGET
    assert texts(d) == ["target Celtic Guardian (zone 1)", "target face-down monster (zone 2)"]


def test_direct_attack_when_the_opponent_has_no_monsters() -> None:
    # R-BAT-2, R-BAT-5: no monsters: a direct attack for the attacker's ATK.
    duel, a, _ = battle(("Dark Magician", Position.FACEUP_ATTACK), None)
    assert duel.lp(1) == 8000 - 2500
    attack = [e for e in duel.events() if e.kind == EventKind.ATTACK]
    assert attack[0].card == a and attack[0].value == -1


def test_zero_atk_direct_attack_deals_no_damage() -> None:
    # R-BAT-5: a 0-ATK direct attack is not a successful direct attack.
    duel, _, _ = battle(("Thousand-Eyes Idol", Position.FACEUP_ATTACK), None)
    assert duel.lp(1) == 8000
    assert not [e for e in duel.events() if e.kind == EventKind.DAMAGE]


def _attack(att: str, dfn: str, dpos: Position) -> tuple[Duel, int, int]:
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.hand(0, "Dark Hole")
    a = s.monster(0, att)
    d = s.monster(1, dfn, dpos)
    s.choose(0, f"attack-with {att}")  # a single target is taken without asking
    return s.run(), a, d


def test_attack_vs_attack_higher_wins() -> None:
    # R-BAT-3: higher ATK destroys lower; the difference is damage to the loser's controller.
    duel, a, d = _attack("Dark Magician", "Celtic Guardian", Position.FACEUP_ATTACK)
    assert duel.location(d) == Location.GRAVE
    assert duel.location(a) == Location.MZONE
    assert (duel.lp(0), duel.lp(1)) == (8000, 8000 - 1100)


def test_attack_vs_attack_lower_loses() -> None:
    # R-BAT-3: the attacker with lower ATK is destroyed; its controller takes the difference.
    duel, a, d = _attack("Celtic Guardian", "Dark Magician", Position.FACEUP_ATTACK)
    assert duel.location(a) == Location.GRAVE
    assert duel.location(d) == Location.MZONE
    assert (duel.lp(0), duel.lp(1)) == (8000 - 1100, 8000)


def test_attack_vs_attack_equal_destroys_both() -> None:
    # R-BAT-3: equal ATK: both destroyed, no damage.
    duel, a, d = _attack("Dark Magician", "Dark Magician", Position.FACEUP_ATTACK)
    assert duel.location(a) == Location.GRAVE
    assert duel.location(d) == Location.GRAVE
    assert (duel.lp(0), duel.lp(1)) == (8000, 8000)


def test_zero_vs_zero_destroys_nothing() -> None:
    # R-BAT-3: 0 vs 0: neither destroyed, no damage.
    duel, a, d = _attack("Thousand-Eyes Idol", "Thousand-Eyes Idol", Position.FACEUP_ATTACK)
    assert duel.location(a) == Location.MZONE
    assert duel.location(d) == Location.MZONE
    assert (duel.lp(0), duel.lp(1)) == (8000, 8000)


def test_attack_vs_defense_higher_atk_destroys_without_damage() -> None:
    # R-BAT-4: ATK > DEF destroys the defender, no damage.
    duel, _a, d = _attack("Dark Magician", "Mystical Elf", Position.FACEUP_DEFENSE)
    assert duel.location(d) == Location.GRAVE
    assert (duel.lp(0), duel.lp(1)) == (8000, 8000)


def test_attack_vs_defense_equal_nothing_happens() -> None:
    # R-BAT-4: ATK = DEF: nothing destroyed, no damage.
    duel, a, d = _attack("Curse of Dragon", "Mystical Elf", Position.FACEUP_DEFENSE)
    assert duel.card(a).atk == duel.card(d).defense == 2000
    assert duel.location(a) == Location.MZONE
    assert duel.location(d) == Location.MZONE
    assert (duel.lp(0), duel.lp(1)) == (8000, 8000)


def test_attack_vs_defense_lower_atk_hurts_the_attacker() -> None:
    # R-BAT-4: ATK < DEF: nothing destroyed; the attacker's controller takes DEF - ATK.
    duel, a, d = _attack("Celtic Guardian", "Mystical Elf", Position.FACEUP_DEFENSE)
    assert duel.location(a) == Location.MZONE
    assert duel.location(d) == Location.MZONE
    assert (duel.lp(0), duel.lp(1)) == (8000 - 600, 8000)


def test_attacking_a_face_down_monster_flips_it_first() -> None:
    # R-BAT-6: the face-down monster is flipped face-up at the start of the Damage
    # Step, before damage calculation, and battles in Defense Position.
    duel, _a, d = _attack("Celtic Guardian", "Mystical Elf", Position.FACEDOWN_DEFENSE)
    assert duel.position(d) == Position.FACEUP_DEFENSE
    # R-DUEL-8: the declaration names a face-down target by its zone, not its identity.
    attack = next(e for e in duel.events() if e.kind == EventKind.ATTACK)
    assert attack.value == -2 and attack.dst == duel.zone_of(d)
    kinds = [e.kind for e in duel.events() if e.kind in (EventKind.FLIP, EventKind.DAMAGE)]
    assert kinds == [EventKind.FLIP, EventKind.DAMAGE]
    assert duel.lp(0) == 8000 - 600


def test_battle_destroyed_monsters_go_to_the_gy_after_damage_calculation() -> None:
    # R-BAT-9: destroyed by battle, to the owner's GY after damage calculation.
    duel, _a, d = _attack("Dark Magician", "Celtic Guardian", Position.FACEUP_ATTACK)
    events = duel.events()
    damage = next(i for i, e in enumerate(events) if e.kind == EventKind.DAMAGE)
    move = next(i for i, e in enumerate(events) if e.kind == EventKind.MOVE and e.card == d)
    assert damage < move
    assert events[move].reason & Reason.DESTROY and events[move].reason & Reason.BATTLE
    assert duel.grave(1) == [d]


def test_battle_damage_to_zero_ends_the_duel() -> None:
    # R-DUEL-4 through battle: the loser's LP reaches 0.
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.lp(1, 2000)
    s.monster(0, "Dark Magician")
    s.choose(0, "attack-with Dark Magician")
    duel = s.run()
    assert duel.is_over
    assert duel.result is not None and duel.result.winner == 0
    assert duel.result.reason.name == "LP"
    assert duel.lp(1) == 0


def _replay_setup() -> tuple[Scenario, int, int]:
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.hand(0, "Dark Hole")
    attacker = s.monster(0, "Dark Magician")
    target = s.monster(1, "Celtic Guardian")
    s.stop(1, Window.ATTACK_DECLARED)
    s.choose(0, "attack-with Dark Magician")  # the only target: not asked
    return s, attacker, target


def _summon_for_opponent(duel: Duel, name: str) -> int:
    """What a card effect would do: put a monster on the opponent's field."""
    st = duel._st
    uid = next(c for c in st.deck[1] if st.data[c].name == name)
    ops.move(st, uid, Location.MZONE, Reason.EFFECT, player=1, zone=ops.free_zone(st, 1))
    return uid


def test_replay_when_the_opponents_monsters_change() -> None:
    # R-BAT-8: the number of the opponent's monsters changed after the declaration:
    # the attacker picks a new target or cancels.
    s, _attacker, target = _replay_setup()
    s.deck(1, "Mystical Elf")
    duel = s.run()
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.PRIORITY and d.player == 1
    elf = _summon_for_opponent(duel, "Mystical Elf")
    duel.apply("pass")
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.REPLAY and d.player == 0
    assert texts(d) == [
        "target Celtic Guardian (zone 1)",
        "target Mystical Elf (zone 2)",
        "cancel",
    ]
    duel.apply("target Mystical Elf (zone 2)")
    duel.apply("pass")  # the new declaration opens the window again
    # Mystical Elf (800 ATK, face-up Attack) is destroyed; Celtic Guardian is untouched.
    assert duel.location(elf) == Location.GRAVE
    assert duel.lp(1) == 8000 - (2500 - 800)
    assert duel.location(target) == Location.MZONE


def test_replay_cancel_still_counts_as_an_attack() -> None:
    # R-BAT-8: a cancelled attack still counts: no second attack, no position change.
    s, attacker, _target = _replay_setup()
    s.deck(1, "Mystical Elf")
    duel = s.run()
    _summon_for_opponent(duel, "Mystical Elf")
    duel.apply("pass")
    duel.apply("cancel")
    assert [e.kind for e in duel.events()][-1] == EventKind.ATTACK_STOPPED
    assert duel.lp(1) == 8000
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.BATTLE
    assert not [o for o in d.options if o.kind == ActionKind.ATTACK]
    duel.apply("main2")
    assert "position: it declared an attack this turn" in duel.explain(attacker, 0).reasons


def test_no_replay_when_nothing_changed() -> None:
    # R-BAT-8: only a change in the number of monsters causes a replay.
    s, _attacker, target = _replay_setup()
    duel = s.run()
    duel.apply("pass")
    assert duel.location(target) == Location.GRAVE
    assert duel.lp(1) == 8000 - 1100


# -- a monster that can no longer attack stops its attack (R-BAT-2, R-POS-2) ---------------

DM = "Dark Magician"
CELTIC = "Celtic Guardian"
CIRCLE = "Spellbinding Circle"


def _attack_stopped(duel: Duel, attacker: int, target: int) -> None:
    """The attack ended with no damage calculation: nothing destroyed, no damage, the
    turn player back at the Battle Step menu without that monster (it has declared)."""
    assert [e.card for e in duel.events() if e.kind == EventKind.ATTACK_STOPPED] == [attacker]
    assert not [e for e in duel.events() if e.kind == EventKind.PHASE and e.value == Phase.DAMAGE]
    assert duel.lp(0) == duel.lp(1) == 8000
    assert duel.location(target) == Location.MZONE
    d = duel.decision
    assert d is not None and d.player == 0 and d.kind == DecisionKind.BATTLE
    assert f"attack-with {DM} [{attacker}]" not in texts(d)


def test_an_attacker_bound_at_its_declaration_stops_its_attack() -> None:
    # R-BAT-2 and the card's text: Spellbinding Circle activated on the attacker at the
    # attack declaration ("it cannot attack"): once the chain has resolved the attack
    # ends, with no damage calculation (the reference engine: back to the Battle Step,
    # Celtic Guardian untouched, no damage). It still counts as an attack (R-BAT-8).
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    dm = s.monster(0, DM)
    celtic = s.monster(1, CELTIC)
    circle = s.spell(1, CIRCLE)
    s.choose(0, f"attack-with {DM}")
    s.choose(1, f"activate {CIRCLE} [{circle}]")  # its one target: Dark Magician
    duel = s.run()
    _attack_stopped(duel, dm, celtic)


def test_an_attacker_bound_during_the_chain_stays_stopped() -> None:
    # R-BAT-2: the check is made after each chain link, as the reference engine's rules
    # check: P0 answers the attack's window with Mystical Space Typhoon on the Set
    # Spellbinding Circle, P1 chains the Circle on Dark Magician. The Circle resolves
    # first (Dark Magician cannot attack: its attack is stopped), then MST destroys the
    # Circle; the attack does not come back (the reference engine agrees).
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    dm = s.monster(0, DM)
    mst = s.spell(0, "Mystical Space Typhoon")
    celtic = s.monster(1, CELTIC)
    circle = s.spell(1, CIRCLE)
    s.stop(0, Window.ATTACK_DECLARED)
    s.choose(0, f"attack-with {DM}", f"activate Mystical Space Typhoon [{mst}]")
    s.choose(1, f"activate {CIRCLE} [{circle}]")
    s.choose(0, "pass", "pass")  # (asked by the stop: before the chain resolves, after)
    duel = s.run()
    assert duel.location(circle) == Location.GRAVE
    _attack_stopped(duel, dm, celtic)


def test_thousand_eyes_restrict_revived_at_the_declaration_stops_the_attack() -> None:
    # R-BAT-2: Call of the Haunted revives Thousand-Eyes Restrict in answer to the
    # attack ("other monsters cannot attack"): the attack ends, and there is no replay
    # (R-BAT-8) although the opponent's monsters changed (the reference engine too).
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    dm = s.monster(0, DM)
    celtic = s.monster(1, CELTIC)
    coth = s.spell(1, "Call of the Haunted")
    ter = s.grave(1, "Thousand-Eyes Restrict")[0]
    duel = s.build()
    duel._st.sumtype[ter] |= ops.SUMTYPE_PROPER  # Fusion Summoned before (R-SUM-8)
    s.choose(0, f"attack-with {DM}")
    s.choose(1, f"activate Call of the Haunted [{coth}]")
    duel = s.run(duel)
    assert duel.location(ter) == Location.MZONE
    _attack_stopped(duel, dm, celtic)


def test_an_attacker_changed_to_defense_stops_its_attack() -> None:
    # R-POS-2: Dragon Capture Jar changes the attacking Blue-Eyes to Defense Position at
    # the declaration; only a face-up Attack Position monster attacks, so the attack
    # ends (the reference engine agrees).
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    bewd = s.monster(0, "Blue-Eyes White Dragon")
    celtic = s.monster(1, CELTIC)
    jar = s.spell(1, "Dragon Capture Jar")
    s.choose(0, "attack-with Blue-Eyes White Dragon")
    s.choose(1, f"activate Dragon Capture Jar [{jar}]")
    duel = s.run()
    assert duel.position(bewd) == Position.FACEUP_DEFENSE
    assert [e.card for e in duel.events() if e.kind == EventKind.ATTACK_STOPPED] == [bewd]
    assert duel.lp(1) == 8000 and duel.location(celtic) == Location.MZONE


def test_an_attacker_that_left_the_field_and_came_back_does_not_go_on() -> None:
    # R-BAT-2: Sakuretsu Armor destroys the attacker, its controller revives it with
    # Call of the Haunted in the same window: it is a new card (R-SUM-4), not the one
    # that declared, so the attack ends; the revived monster may declare an attack of
    # its own (the reference engine: the attack ends, Dark Magician may attack again).
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    dm = s.monster(0, DM)
    coth = s.spell(0, "Call of the Haunted")
    celtic = s.monster(1, CELTIC)
    armor = s.spell(1, "Sakuretsu Armor")
    s.choose(0, f"attack-with {DM}")
    s.choose(1, f"activate Sakuretsu Armor [{armor}]")
    s.choose(0, f"activate Call of the Haunted [{coth}]")  # once Dark Magician is in the GY
    duel = s.run()
    assert duel.location(dm) == Location.MZONE
    assert duel.lp(1) == 8000 and duel.location(celtic) == Location.MZONE
    assert [e.card for e in duel.events() if e.kind == EventKind.ATTACK_STOPPED] == [dm]
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.BATTLE
    assert f"attack-with {DM} [{dm}]" in texts(d)


def test_cannot_declare_an_attack_does_not_stop_a_declared_attack() -> None:
    # R-BAT-2 and the cards' texts: Swords of Revealing Light and Insect Barrier say
    # "cannot declare an attack". Imperial Order negates them, so P0 declares; P1 then
    # destroys Imperial Order with Tornado Dragon's Quick effect. The Spells apply
    # again, but the attack was declared already and goes on (the reference engine:
    # the same, with Dust Tornado on Imperial Order: damage calculation follows).
    for spell, attacker, damage in (
        ("Swords of Revealing Light", DM, (8000, 8000 - 1100)),
        ("Insect Barrier", "Man-Eater Bug", (8000 - 950, 8000)),
    ):
        s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
        a = s.monster(0, attacker)
        order = s.spell(0, "Imperial Order", face_down=False)
        s.spell(1, spell, face_down=False)
        s.monster(1, CELTIC)
        tornado = s.monster(1, "Tornado Dragon")
        material = s.grave(1, CELTIC)[0]
        duel = s.build()
        ops.attach(duel._st, [material], tornado, Reason.XYZ | Reason.MATERIAL)
        s.choose(0, f"attack-with {attacker}", f"target {CELTIC}")
        s.choose(1, f"activate Tornado Dragon [{tornado}]", "select Imperial Order")
        duel = s.run(duel)
        assert duel.location(order) == Location.GRAVE
        assert not [e for e in duel.events() if e.kind == EventKind.ATTACK_STOPPED], spell
        assert (duel.lp(0), duel.lp(1)) == damage, spell
        assert duel.location(a) == (Location.GRAVE if attacker != DM else Location.MZONE)
