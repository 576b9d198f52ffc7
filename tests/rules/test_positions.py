"""Battle positions (RULES.md, POS)."""

from __future__ import annotations

from tests.scenario import Scenario, texts
from ygo.core.enums import Phase, Position
from ygo.engine.actions import ActionKind


def test_the_three_positions() -> None:
    # R-POS-1: face-up Attack, face-up Defense, face-down Defense.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    up = s.monster(0, "Celtic Guardian")
    s.hand(0, "Battle Ox")
    s.choose(0, "to-defense Celtic Guardian", "set Battle Ox")
    duel = s.run()
    assert duel.position(up) == Position.FACEUP_DEFENSE
    ox = next(c for c in duel.monsters(0) if c is not None and duel.name(c) == "Battle Ox")
    assert duel.position(ox) == Position.FACEDOWN_DEFENSE


def test_no_action_makes_a_face_down_attack_monster() -> None:
    # R-POS-1: face-down Attack exists only through a card effect: no Main Phase
    # action (summon, set, change to Attack or Defense, flip) leads to it.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, "Celtic Guardian", Position.FACEUP_ATTACK)
    s.monster(0, "Mystical Elf", Position.FACEUP_DEFENSE)
    s.monster(0, "Feral Imp", Position.FACEDOWN_DEFENSE)
    s.hand(0, "Battle Ox")
    duel = s.build()
    assert duel.decision is not None
    kinds = {o.kind for o in duel.decision.options}
    assert {
        ActionKind.SUMMON,
        ActionKind.SET_MONSTER,
        ActionKind.TO_ATTACK,
        ActionKind.TO_DEFENSE,
        ActionKind.FLIP_SUMMON,
    } <= kinds
    allowed = {Position.FACEUP_ATTACK, Position.FACEUP_DEFENSE, Position.FACEDOWN_DEFENSE}
    for i, option in enumerate(duel.decision.options):
        after = duel.clone()
        after.apply(i)
        positions = {after.position(c) for c in after.monsters(0) if c is not None}
        assert positions <= allowed, (str(option), positions)


def test_only_face_up_attack_monsters_attack() -> None:
    # R-POS-2: only face-up Attack Position monsters can attack.
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.monster(0, "Celtic Guardian", Position.FACEUP_ATTACK)
    defender = s.monster(0, "Mystical Elf", Position.FACEUP_DEFENSE)
    hidden = s.monster(0, "Feral Imp", Position.FACEDOWN_DEFENSE)
    duel = s.build()
    options = texts(duel.decision)
    assert "attack-with Celtic Guardian [0]" in options
    assert not [t for t in options if "Mystical Elf" in t or "Feral Imp" in t]
    assert duel.explain(defender, 0).reasons[-1] == (
        "attack: only face-up Attack Position monsters can attack"
    )
    assert (
        "attack: only face-up Attack Position monsters can attack"
        in duel.explain(hidden, 0).reasons
    )


def test_position_changes_once_per_turn() -> None:
    # R-POS-4: once per turn, in the owner's Main Phase.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    elf = s.monster(0, "Mystical Elf")
    s.choose(0, "to-defense Mystical Elf")
    duel = s.run()
    assert duel.position(elf) == Position.FACEUP_DEFENSE
    assert not [t for t in texts(duel.decision) if "Mystical Elf" in t]
    assert "once per turn" in duel.explain(elf, 0).reasons[0]
    # Next own turn it may change again (scripted through the opponent's turn).
    s.choose(0, "end-turn")
    s.choose(1, "end-turn")
    duel = s.run(duel)
    assert duel.turn == 5
    assert "to-attack Mystical Elf [0]" in texts(duel.decision)


def test_no_position_change_the_turn_it_was_summoned() -> None:
    # R-POS-4: not on the turn it was summoned or set.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    guardian = s.hand(0, "Celtic Guardian")[0]
    s.choose(0, "summon Celtic Guardian")
    duel = s.run()
    assert not [t for t in texts(duel.decision) if "Celtic Guardian" in t]
    assert duel.explain(guardian, 0).reasons[0] == "position: it came to the field this turn"


def test_no_position_change_after_attacking() -> None:
    # R-POS-4: not after it declared an attack that turn.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    guardian = s.monster(0, "Celtic Guardian")
    s.hand(0, "Dark Hole")  # something to do in Main Phase 2, so it is asked
    s.choose(0, "battle", "attack-with Celtic Guardian", "main2")
    duel = s.run()
    assert duel.phase == Phase.MAIN2
    assert not [t for t in texts(duel.decision) if "Celtic Guardian" in t]
    assert duel.explain(guardian, 0).reasons[0] == "position: it declared an attack this turn"


def test_no_position_change_in_the_opponents_turn() -> None:
    # R-POS-4: only in the owner's own Main Phase.
    s = Scenario().at(turn=3, player=1, phase=Phase.MAIN1)
    elf = s.monster(0, "Mystical Elf")
    duel = s.build()
    assert duel.decision is not None and duel.decision.player == 1
    assert "your opponent's turn" in duel.explain(elf, 0).reasons[0]


def test_flip_summon_turns_face_down_into_face_up_attack() -> None:
    # R-POS-5: Flip Summon: face-down Defense -> face-up Attack; it is the turn's
    # position change for that monster.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    elf = s.monster(0, "Mystical Elf", Position.FACEDOWN_DEFENSE)
    s.choose(0, "flip-summon Mystical Elf")
    duel = s.run()
    assert duel.position(elf) == Position.FACEUP_ATTACK
    assert not [t for t in texts(duel.decision) if "Mystical Elf" in t]


def test_no_flip_summon_the_turn_it_was_set() -> None:
    # R-POS-5: not on the turn the monster was set.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    imp = s.hand(0, "Feral Imp")[0]
    s.choose(0, "set Feral Imp")
    duel = s.run()
    assert not [t for t in texts(duel.decision) if "flip-summon" in t]
    assert duel.explain(imp, 0).reasons[0] == "position: it came to the field this turn"
