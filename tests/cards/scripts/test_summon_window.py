"""The window after a summon (Window.SUMMONED): who may answer a summon and when, with
Trap Hole, Solemn Judgment and Ultimate Offering."""

from __future__ import annotations

from tests.cards.scripts.support import (
    act,
)
from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase
from ygo.defaults import Duel
from ygo.engine.actions import DecisionKind

OX = "Battle Ox"  # 1700 ATK
CELTIC = "Celtic Guardian"  # 1400 ATK
OFFER = "activate Ultimate Offering"


def main_phase() -> Scenario:
    return Scenario().at(turn=3, player=0, phase=Phase.MAIN1)


def _offering_summons_ox(*others: str) -> tuple[Scenario, Duel, int, int]:
    """P0's face-up Ultimate Offering Normal Summons Battle Ox from the hand; P1 has
    a Set Trap Hole (after ``others``, Set first): the scenario, the duel at the
    first question after the chain, Battle Ox and the Trap Hole."""
    s = main_phase()
    s.spell(0, "Ultimate Offering", face_down=False)
    ox = s.hand(0, OX)[0]
    for name in others:
        s.spell(1, name)
    hole = s.spell(1, "Trap Hole")
    s.choose(0, OFFER, "pass", "choose Summon")
    return s, s.run(), ox, hole


def test_trap_hole_answers_ultimate_offerings_summon() -> None:
    # R-CHAIN-13, R-TURN-6: the Normal Summon was the last thing the chain did.
    s, duel, ox, hole = _offering_summons_ox()
    assert duel.location(ox) == Location.MZONE
    d = duel.decision
    assert d is not None and d.player == 1 and d.kind == DecisionKind.PRIORITY
    assert texts(d) == [f"activate Trap Hole [{hole}]", "pass"]
    s.choose(1, act("Trap Hole", hole))
    duel = s.run(duel)
    assert duel.location(ox) == Location.GRAVE
    assert duel.location(hole) == Location.GRAVE
    assert duel.lp(0) == 7500
    # The chain is over: back to the turn player's Main Phase.
    assert duel.decision is not None and duel.decision.kind == DecisionKind.MAIN


def test_trap_hole_answers_ultimate_offering_in_the_opponents_battle_phase() -> None:
    # The non-turn player summons in the turn player's Battle Phase; the turn
    # player's Trap Hole answers it (R-TURN-6: the turn player gets priority first).
    s = main_phase()
    s.monster(0, CELTIC)
    hole = s.spell(0, "Trap Hole")
    s.spell(1, "Ultimate Offering", face_down=False)
    ox = s.hand(1, OX)[0]
    s.choose(0, "battle")
    s.choose(1, OFFER, "pass", "choose Summon")
    s.choose(0, act("Trap Hole", hole))
    duel = s.run()
    assert duel.location(ox) == Location.GRAVE


def test_a_summon_that_was_not_the_last_link_misses_the_timing() -> None:
    # R-CHAIN-13: Ultimate Offering is Chain Link 2 on Waboku; Waboku resolves after
    # the summon, so the summon is not the last thing: Trap Hole cannot answer it.
    s = main_phase()
    s.spell(0, "Ultimate Offering", face_down=False)
    waboku = s.spell(0, "Waboku")
    ox = s.hand(0, OX)[0]
    s.spell(1, "Trap Hole")
    s.choose(0, act("Waboku", waboku), OFFER, "pass", "choose Summon")
    duel = s.run()
    assert duel.location(ox) == Location.MZONE
    # P1 was never asked: the turn player is back at the Main Phase menu.
    assert duel.decision is not None and duel.decision.player == 0
    assert duel.decision.kind == DecisionKind.MAIN


def test_nobody_is_asked_when_nobody_can_answer_the_summon() -> None:
    # Trap Hole cannot answer a Special Summon: after Monster Reborn the turn
    # player is back at the menu at once (no empty "respond?" prompt).
    s = main_phase()
    reborn = s.hand(0, "Monster Reborn")[0]
    ox = s.grave(0, OX)[0]
    s.spell(1, "Trap Hole")
    s.choose(0, act("Monster Reborn", reborn), "choose face-up Attack")
    duel = s.run()
    assert duel.location(ox) == Location.MZONE
    assert duel.decision is not None and duel.decision.kind == DecisionKind.MAIN


def test_turn_player_answers_first_then_the_opponent() -> None:
    # R-TURN-6: after the chain the turn player gets priority first; when they pass,
    # the opponent may answer the summon.
    s = main_phase()
    reborn = s.hand(0, "Monster Reborn")[0]
    ox = s.grave(0, OX)[0]
    deck_ox, deck_celtic = s.deck(0, OX, CELTIC)
    mine = s.spell(0, "Chain Destruction")
    theirs = s.spell(1, "Chain Destruction")
    s.choose(0, act("Monster Reborn", reborn), "choose face-up Attack")
    duel = s.run()
    d = duel.decision
    assert d is not None and d.player == 0 and d.kind == DecisionKind.PRIORITY
    assert texts(d) == [f"activate Chain Destruction [{mine}]", "pass"]
    s.choose(0, "pass")
    duel = s.run(duel)
    d = duel.decision
    assert d is not None and d.player == 1
    assert texts(d) == [f"activate Chain Destruction [{theirs}]", "pass"]
    s.choose(1, act("Chain Destruction", theirs))
    s.choose(0, "pass")  # P0 could chain its own Chain Destruction
    duel = s.run(duel)
    # The copy of Battle Ox in P0's Deck is destroyed; the revived one stays.
    assert duel.location(ox) == Location.MZONE
    assert duel.location(deck_ox) == Location.GRAVE
    assert duel.location(deck_celtic) == Location.DECK


def test_solemn_judgment_cannot_negate_ultimate_offerings_summon_afterwards() -> None:
    # R-SUM-10: the summon happened inside the chain link; in the window after it,
    # Solemn Judgment has nothing to negate, but Trap Hole may answer the summon.
    s, duel, ox, hole = _offering_summons_ox("Solemn Judgment")
    assert texts(duel.decision) == [f"activate Trap Hole [{hole}]", "pass"]
    s.choose(1, "pass")
    duel = s.run(duel)
    assert duel.location(ox) == Location.MZONE
    assert duel.decision is not None and duel.decision.kind == DecisionKind.MAIN


def test_save_and_load_inside_the_window_after_the_chain() -> None:
    # The window frame waiting under the summon's window (a new step) saves and loads.
    _, duel, ox, hole = _offering_summons_ox()
    loaded = Duel.load(duel.save())
    assert loaded.digest() == duel.digest()
    for d in (duel, loaded):
        d.apply(act("Trap Hole", hole))
        while d.decision is not None and d.decision.kind != DecisionKind.MAIN:
            d.apply("pass")
        assert d.location(ox) == Location.GRAVE
    assert loaded.digest() == duel.digest()


def test_no_answer_to_a_summon_made_in_the_damage_step() -> None:
    # R-BAT-7: Mystic Tomato's Special Summon happens in the Damage Step; the
    # attacker's Chain Destruction cannot answer it there.
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.monster(0, "Dark Magician")
    tomato = s.monster(1, "Mystic Tomato")
    sangan = s.deck(1, "Sangan")[0]
    s.filler(1, 5)
    s.spell(0, "Chain Destruction")
    s.choose(0, "attack-with Dark Magician")
    s.choose(1, act("Mystic Tomato", tomato))
    duel = s.run()
    assert duel.location(sangan) == Location.MZONE
    # Next: P0's Battle Step menu, no Chain Destruction prompt.
    d = duel.decision
    assert d is not None and d.player == 0 and d.kind != DecisionKind.PRIORITY
