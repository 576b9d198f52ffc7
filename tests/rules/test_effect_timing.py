"""Spell and Trap timing, and priority after a summon (R-SPELL-6, R-TRAP-3,
R-TURN-6, R-SUM-4)."""

from __future__ import annotations

from tests.scenario import Scenario, match
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine.actions import ActionKind, DecisionKind
from ygo.engine.priority import Window
from ygo.rules import Ruleset

MST = "Mystical Space Typhoon"


def _activations(duel: Duel) -> list[str]:
    d = duel.decision
    assert d is not None
    return [str(o) for o in d.options if o.kind == ActionKind.ACTIVATE]


def test_a_quick_play_spell_from_the_hand_only_in_your_own_turn() -> None:
    # R-SPELL-6: from the hand in any phase of your own turn (here the Battle
    # Step's response window), never in the opponent's turn.
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    mine = s.hand(0, MST)[0]
    theirs = s.hand(1, MST)[0]
    s.spell(1, "Dark Hole", face_down=True)  # something to target
    s.spell(0, "Pot of Greed", face_down=True)
    s.monster(0, "Celtic Guardian")
    s.stop(0, Window.ATTACK_DECLARED)
    s.stop(1, Window.ATTACK_DECLARED)
    s.choose(0, "attack-with Celtic Guardian")
    duel = s.run()
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.PRIORITY and d.player == 0
    assert any(f"[{mine}]" in t for t in _activations(duel))  # own turn: yes
    duel.apply("pass")
    d = duel.decision
    assert d is not None and d.player == 1
    assert not any(f"[{theirs}]" in t for t in _activations(duel))  # opponent's turn: no
    why = duel.explain(theirs, 1)
    assert any("only in your own turn" in r for r in why.reasons), why


def test_a_set_quick_play_spell_waits_a_turn_then_works_in_either_turn() -> None:
    # R-SPELL-6
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    fresh = s.spell(0, MST, this_turn=True)
    old = s.spell(1, MST)  # Set on an earlier turn: usable in the opponent's turn
    target = s.spell(0, "Dark Hole")
    s.choose(0, "end-turn")
    s.stop(1, Window.END_PHASE)
    duel = s.run()
    d = duel.decision
    assert d is not None and d.player == 1 and duel.turn_player == 0
    assert any(f"[{old}]" in t for t in _activations(duel))
    why = duel.explain(fresh, 0)
    assert any("the turn it was Set" in r for r in why.reasons), why
    duel.apply(f"activate Mystical Space Typhoon [{old}]")
    duel.apply(match(duel.decision, "select face-down card (opponent's Spell & Trap Zone 2)"))
    assert duel.location(target) == Location.GRAVE


def test_a_continuous_trap_stays_and_its_effect_ends_when_it_leaves() -> None:
    # R-TRAP-3: Imperial Order stays face-up after resolving and negates Spells
    # (even the MST aimed at it); once it has left the field, Spells work again.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    order = s.spell(1, "Imperial Order")
    pot = s.hand(0, "Pot of Greed")[0]
    mst = s.hand(0, MST)[0]
    s.choose(0, f"activate Pot of Greed [{pot}]")
    s.choose(1, f"activate Imperial Order [{order}]")
    s.choose(0, "pass")  # no response to Imperial Order: the chain resolves
    duel = s.run()
    assert duel.location(order) == Location.SZONE and duel.position(order) & Position.FACEUP
    assert duel.hand(0) == [mst]  # Pot of Greed's effect was negated: nothing drawn
    assert duel.location(pot) == Location.GRAVE
    duel.apply(f"activate Mystical Space Typhoon [{mst}]")  # its only target: not asked
    assert duel.location(order) == Location.SZONE  # MST is a Spell: negated too
    # Its controller cannot pay 700 LP in their Standby Phase: it is destroyed, and
    # their Pot of Greed works.
    s = Scenario().at(turn=4, player=1, phase=Phase.DRAW).lp(1, 500)
    order = s.spell(1, "Imperial Order", face_down=False)
    pot = s.hand(1, "Pot of Greed")[0]
    s.choose(1, f"activate Pot of Greed [{pot}]")
    duel = s.run()
    assert duel.location(order) == Location.GRAVE
    assert len(duel.hand(1)) == 3  # the Draw Phase card and two from Pot of Greed


def _after_summon(ruleset: Ruleset) -> Duel:
    s = Scenario(ruleset).at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, "Celtic Guardian", "Pot of Greed")
    s.spell(0, MST)
    s.spell(1, "Dark Hole", face_down=True)
    s.stop(0, Window.SUMMONED)
    s.choose(0, "summon Celtic Guardian")
    return s.run()


def test_after_a_summon_the_turn_player_has_priority_first_by_ruleset() -> None:
    # R-TURN-6: right after their own summon the turn player gets priority first;
    # classic lets them activate speed 1 there (Pot of Greed), mr3 only speed 2+.
    classic = _after_summon(Ruleset.classic())
    mr3 = _after_summon(Ruleset.mr3())
    for duel in (classic, mr3):
        d = duel.decision
        assert d is not None and d.kind == DecisionKind.PRIORITY and d.player == 0
        assert any(t.startswith("activate Mystical Space Typhoon") for t in _activations(duel))
    assert any(t.startswith("activate Pot of Greed") for t in _activations(classic))
    assert not any(t.startswith("activate Pot of Greed") for t in _activations(mr3))


def test_a_special_summon_is_face_up_in_the_position_chosen() -> None:
    # R-SUM-4: Monster Reborn asks Attack or Defense; the monster is face-up.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    reborn = s.hand(0, "Monster Reborn")[0]
    dead = s.grave(1, "Summoned Skull")[0]
    s.choose(0, f"activate Monster Reborn [{reborn}]")
    duel = s.run()
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.EFFECT
    labels = [o.label for o in d.options]
    assert labels == ["face-up Attack", "face-up Defense"]
    duel.apply(1)
    assert duel.location(dead) == Location.MZONE and duel.controller(dead) == 0
    assert duel.position(dead) == Position.FACEUP_DEFENSE
