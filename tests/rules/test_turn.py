"""Turn structure (RULES.md, TURN)."""

from __future__ import annotations

from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase
from ygo.data import starter_deck
from ygo.defaults import Duel
from ygo.engine.actions import ActionKind, DecisionKind
from ygo.engine.events import EventKind
from ygo.engine.priority import Window
from ygo.rules import Ruleset

YUGI = starter_deck("yugi")
KAIBA = starter_deck("kaiba")


def phases_of_turn(duel: Duel, turn: int, started_in: int = 0) -> list[Phase]:
    """The phases entered in ``turn`` (``started_in``: the turn a scenario began in)."""
    out: list[Phase] = []
    current = started_in
    for e in duel.events():
        if e.kind == EventKind.TURN:
            current = e.value
        elif e.kind == EventKind.PHASE and current == turn:
            out.append(Phase(e.value))
    return out


def test_phases_run_in_order() -> None:
    # R-TURN-1: Draw, Standby, Main 1, Battle, Main 2, End.
    s = Scenario().at(turn=3, player=0, phase=Phase.DRAW)
    s.monster(0, "Dark Magician")
    s.choose(0, "battle", "main2", "end-turn")
    duel = s.run(until=(4, Phase.MAIN1))
    assert phases_of_turn(duel, 3) == [
        Phase.DRAW,
        Phase.STANDBY,
        Phase.MAIN1,
        Phase.BATTLE_START,
        Phase.BATTLE_STEP,
        Phase.BATTLE_END,
        Phase.MAIN2,
        Phase.END,
    ]


def test_mr3_first_player_skips_first_draw() -> None:
    # R-TURN-2 (mr3): the first player does not draw on turn 1; the second does on turn 2.
    duel = Duel((YUGI, KAIBA), Ruleset.mr3(), seed=1, first=0)
    assert duel.turn == 1 and duel.turn_player == 0
    assert len(duel.hand(0)) == 5
    assert len(duel.deck(0)) == 35
    duel.apply("end-turn")
    assert duel.turn == 2 and duel.turn_player == 1
    assert len(duel.hand(1)) == 6


def test_classic_first_player_draws_on_turn_one() -> None:
    # R-TURN-2 (classic): the first player draws on turn 1 too.
    duel = Duel((YUGI, KAIBA), Ruleset.classic(), seed=1, first=0)
    assert duel.turn == 1
    assert len(duel.hand(0)) == 6
    assert len(duel.deck(0)) == 34


def test_draw_phase_draws_one_each_later_turn() -> None:
    # R-TURN-2: the turn player draws 1 in the Draw Phase.
    s = Scenario().at(turn=5, player=1, phase=Phase.DRAW)
    top = s.deck(1, "Blue-Eyes White Dragon")[0]
    duel = s.run()
    assert duel.location(top) == Location.HAND
    assert duel.hand(1) == [top]


def test_no_battle_phase_on_the_first_turn() -> None:
    # R-TURN-3: the first player cannot conduct a Battle Phase on turn 1.
    duel = Duel((YUGI, KAIBA), seed=3, first=0)
    assert duel.decision is not None
    kinds = {o.kind for o in duel.decision.options}
    assert ActionKind.BATTLE not in kinds
    assert ActionKind.END_TURN in kinds
    # From turn 2 on, the Battle Phase is offered.
    duel.apply("end-turn")
    assert duel.decision is not None
    assert "battle" in texts(duel.decision)


def test_ending_main_one_skips_battle_and_main_two() -> None:
    # R-TURN-4: the Battle Phase is optional; without it there is no Main Phase 2.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, "Dark Magician")
    s.choose(0, "end-turn")
    duel = s.run(until=(4, Phase.MAIN1))
    assert phases_of_turn(duel, 3, started_in=3) == [Phase.END]


def test_main_two_follows_the_battle_phase() -> None:
    # R-TURN-4: Main Phase 2 happens after the Battle Phase; the turn player acts in it.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, "Celtic Guardian")
    s.monster(0, "Dark Magician")
    s.choose(0, "battle", "main2")
    duel = s.run()
    assert duel.phase == Phase.MAIN2
    assert duel.decision is not None
    assert duel.decision.kind == DecisionKind.MAIN
    assert "summon Celtic Guardian" in " ".join(texts(duel.decision))
    assert "battle" not in texts(duel.decision)


def test_end_phase_discards_down_to_six_by_choice() -> None:
    # R-TURN-5: a turn player with more than 6 cards discards down to 6, choosing which.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hand = s.hand(
        0,
        "Celtic Guardian",
        "Dark Hole",
        "Fissure",
        "Trap Hole",
        "Waboku",
        "Reinforcements",
        "Castle Walls",
        "Monster Reborn",
    )
    s.normal_summon_used()
    s.choose(0, "end-turn")
    duel = s.run()
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.DISCARD and d.player == 0
    assert d.count == 2
    assert {o.card for o in d.options} == set(hand)
    s.choose(0, "select Dark Hole", "select Waboku")
    duel = s.run(duel, until=(4, Phase.MAIN1))
    assert len(duel.hand(0)) == 6
    assert [duel.name(c) for c in duel.grave(0)] == ["Dark Hole", "Waboku"]


def test_only_the_turn_player_discards() -> None:
    # R-TURN-5: the hand limit applies to the turn player only; the opponent keeps
    # their 8 cards through the End Phase (and discards at the end of their own turn).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, "Dark Hole", "Fissure", "Trap Hole", "Waboku", "Reinforcements", "Castle Walls")
    s.hand(0, "Monster Reborn")
    theirs = s.hand(
        1,
        "Dark Hole",
        "Fissure",
        "Trap Hole",
        "Waboku",
        "Reinforcements",
        "Castle Walls",
        "Monster Reborn",
        "Kuriboh",
    )
    s.normal_summon_used()
    s.choose(0, "end-turn", "select Monster Reborn")
    duel = s.run(until=(4, Phase.MAIN1))
    assert duel.turn == 4 and duel.turn_player == 1
    assert len(duel.hand(0)) == 6
    assert set(theirs) <= set(duel.hand(1)) and len(duel.hand(1)) == 9  # 8 + the draw
    assert duel.grave(1) == []
    s.choose(1, "end-turn")
    duel = s.run(duel)
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.DISCARD and d.player == 1
    assert d.count == 3


def test_no_discard_at_six_or_fewer() -> None:
    # R-TURN-5, R-TERM-7: "more than 6" - six cards stay.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, "Dark Hole", "Fissure", "Trap Hole", "Waboku", "Reinforcements", "Castle Walls")
    s.choose(0, "end-turn")
    duel = s.run(until=(4, Phase.MAIN1))
    assert len(duel.hand(0)) == 6
    assert duel.grave(0) == []


def test_hand_limit_is_a_ruleset_value() -> None:
    # R-TURN-5: the limit comes from the ruleset.
    s = Scenario(Ruleset.mr3().with_(hand_limit=3)).at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, "Dark Hole", "Fissure", "Trap Hole", "Waboku")
    s.choose(0, "end-turn")
    duel = s.run()
    assert duel.decision is not None and duel.decision.kind == DecisionKind.DISCARD


def test_turn_player_gets_priority_first_then_opponent() -> None:
    # R-TURN-6: in each phase the turn player has priority first; passing gives it to
    # the opponent; the phase ends when both pass in succession.
    s = Scenario().at(turn=3, player=1, phase=Phase.DRAW)
    s.stop(0, Window.STANDBY).stop(1, Window.STANDBY)
    duel = s.run()
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.PRIORITY
    assert duel.phase == Phase.STANDBY
    assert d.player == 1  # the turn player first
    duel.apply("pass")
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.PRIORITY and d.player == 0
    assert duel.phase == Phase.STANDBY  # one pass does not end the phase
    duel.apply("pass")
    assert duel.phase == Phase.MAIN1


def test_opponent_may_respond_when_the_turn_player_moves_on() -> None:
    # R-TURN-6: ending the Main Phase is the turn player passing; the opponent then
    # has priority before the phase ends.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, "Dark Magician")
    s.stop(1, Window.MAIN_END)
    s.choose(0, "battle")
    duel = s.run()
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.PRIORITY and d.player == 1
    assert duel.phase == Phase.MAIN1
    duel.apply("pass")
    assert duel.phase == Phase.BATTLE_STEP


def test_windows_with_nothing_to_do_are_not_asked() -> None:
    # R-TURN-6 with no card effects: nobody can respond, so no priority prompt appears.
    duel = Duel((YUGI, KAIBA), seed=11)
    seen = set()
    for _ in range(200):
        d = duel.decision
        if d is None:
            break
        seen.add(d.kind)
        duel.apply(len(d.options) - 1)
    assert DecisionKind.PRIORITY not in seen
