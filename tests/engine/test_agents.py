"""Agents: ``random`` and ``greedy``, ``make_agent`` and the ``play`` loop."""

from __future__ import annotations

import pytest

from tests.engine.helpers import (
    BEAVER_WARRIOR,
    CELTIC_GUARDIAN,
    DARK_MAGICIAN,
    FERAL_IMP,
    MYSTICAL_ELF,
    SUMMONED_SKULL,
    new_duel,
)
from tests.scenario import Scenario
from ygo.agents import AGENTS, Agent, GreedyAgent, RandomAgent, make_agent, play
from ygo.core.enums import Phase, Position
from ygo.defaults import Duel
from ygo.engine.actions import Action, ActionKind, DecisionKind
from ygo.errors import YgoError
from ygo.rules import Ruleset

DOMA = 16972957  # Doma The Angel of Silence: Level 5, 1600/1400


def _play_checked(duel: Duel, agents: tuple[Agent, Agent]) -> list[Action]:
    """Play to the end, checking every choice is one of the offered options."""
    chosen: list[Action] = []
    while not duel.is_over:
        d = duel.decision
        assert d is not None
        agent = agents[d.player]
        view = duel.view(d.player) if agent.needs_view else None
        action = agent.choose(view, d)
        assert action in d.options, f"{agent.name} chose {action}, not offered: {d.options}"
        chosen.append(action)
        duel.apply(action)
    return chosen


# -- make_agent --------------------------------------------------------------------------


def test_make_agent_by_name() -> None:
    assert sorted(AGENTS) == ["greedy", "random", "rule", "search"]
    assert isinstance(make_agent("random"), RandomAgent)
    assert isinstance(make_agent("greedy", seed=3), GreedyAgent)
    assert isinstance(make_agent("Greedy"), GreedyAgent)
    assert make_agent("random").name == "random" and make_agent("greedy").name == "greedy"
    assert make_agent("random").needs_view is False
    assert make_agent("greedy").needs_view is True


@pytest.mark.parametrize("name", ["", "minimax", "randomm", "human"])
def test_make_agent_refuses_an_unknown_name(name: str) -> None:
    with pytest.raises(YgoError, match="unknown agent") as info:
        make_agent(name)
    assert "greedy" in str(info.value) and "random" in str(info.value)


# -- random ------------------------------------------------------------------------------


def test_random_only_chooses_offered_options() -> None:
    for seed in range(6):
        duel = new_duel(seed)
        agents = (make_agent("random", seed), make_agent("random", seed + 100))
        _play_checked(duel, agents)
        assert duel.is_over


def test_random_is_reproducible_by_seed() -> None:
    first = _play_checked(new_duel(4), (RandomAgent(7), RandomAgent(8)))
    again = _play_checked(new_duel(4), (RandomAgent(7), RandomAgent(8)))
    assert first == again
    other = _play_checked(new_duel(4), (RandomAgent(70), RandomAgent(80)))
    assert other != first


def test_random_picks_every_option_sometimes() -> None:
    duel = new_duel(3)
    d = duel.decision
    assert d is not None
    agent = RandomAgent(1)
    picks = {agent.choose(None, d) for _ in range(400)}
    assert picks == set(d.options)


# -- greedy ------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [0, 1])
def test_greedy_only_chooses_offered_options(seat: int) -> None:
    for seed in range(6):
        agents: list[Agent] = [RandomAgent(seed), RandomAgent(seed + 1)]
        agents[seat] = GreedyAgent(seed)
        for ruleset in (Ruleset.mr3(), Ruleset.classic()):
            _play_checked(new_duel(seed, ruleset), (agents[0], agents[1]))


def test_greedy_against_greedy_is_reproducible() -> None:
    a, b = new_duel(5), new_duel(5)
    play(a, (GreedyAgent(1), GreedyAgent(2)))
    play(b, (GreedyAgent(1), GreedyAgent(2)))
    assert a.is_over and a.digest() == b.digest()


def _greedy_score(seeds: range) -> tuple[int, int, list[int]]:
    """Duels greedy won against random, with greedy in each seat per seed."""
    won = played = 0
    per_seat = [0, 0]
    for s in seeds:
        for seat in (0, 1):
            agents: list[Agent] = [make_agent("random", s * 2 + 1), make_agent("random", s * 2 + 2)]
            agents[seat] = make_agent("greedy", s * 2 + 1 + seat)
            duel = new_duel(s)
            result = play(duel, (agents[0], agents[1]))
            assert result is not None
            played += 1
            if result.winner == seat:
                won += 1
                per_seat[seat] += 1
    return won, played, per_seat


def test_greedy_beats_random_on_the_starter_decks() -> None:
    won, played, per_seat = _greedy_score(range(100))
    assert played == 200
    assert won >= 0.9 * played, f"greedy won {won}/{played} ({per_seat} by seat)"
    assert min(per_seat) >= 0.9 * played / 2


@pytest.mark.slow
def test_greedy_beats_random_on_the_starter_decks_1000_duels() -> None:
    won, played, per_seat = _greedy_score(range(1000, 1500))
    print(
        f"greedy beat random in {won}/{played} duels ({100 * won / played:.1f}%), "
        f"as player 0: {per_seat[0]}/{played // 2}, as player 1: {per_seat[1]}/{played // 2}"
    )
    assert played == 1000
    assert won >= 0.9 * played
    assert min(per_seat) >= 0.9 * played / 2


def _greedy_turn(s: Scenario) -> list[str]:
    """What greedy (player 0) does in the scenario's turn, until the turn ends."""
    duel = s.run()
    agent = GreedyAgent(0)
    done: list[str] = []
    while duel.decision is not None and duel.decision.player == 0 and duel.turn == 3:
        action = agent.choose(duel.view(0), duel.decision)
        done.append(str(action))
        duel.apply(action)
    return done


def test_greedy_summons_its_strongest_monster_and_attacks() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    guardian = s.hand(0, BEAVER_WARRIOR, CELTIC_GUARDIAN, FERAL_IMP)[1]
    assert _greedy_turn(s) == [
        f"summon Celtic Guardian [{guardian}]",
        "battle",
        f"attack-with Celtic Guardian [{guardian}]",  # directly: no monster in the way
        "main2",
    ]


def test_greedy_attacks_the_strongest_monster_it_destroys() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    guardian = s.monster(0, CELTIC_GUARDIAN)
    s.monster(1, MYSTICAL_ELF, Position.FACEUP_DEFENSE)  # DEF 2000: Celtic cannot
    s.monster(1, BEAVER_WARRIOR)  # ATK 1200: Celtic destroys it
    s.monster(1, SUMMONED_SKULL)  # ATK 2500: Celtic would lose
    s.monster(1, FERAL_IMP, Position.FACEUP_DEFENSE)  # DEF 1400: a draw, no gain
    assert _greedy_turn(s) == [
        "battle",
        f"attack-with Celtic Guardian [{guardian}]",
        "target Beaver Warrior (zone 2)",
        "main2",
    ]


def test_greedy_prefers_destroying_a_strong_monster_in_defense() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    guardian = s.monster(0, CELTIC_GUARDIAN)
    s.monster(1, BEAVER_WARRIOR)
    s.monster(1, SUMMONED_SKULL, Position.FACEUP_DEFENSE)  # DEF 1200 < 1400 (R-BAT-4)
    assert _greedy_turn(s) == [
        "battle",
        f"attack-with Celtic Guardian [{guardian}]",
        "target Summoned Skull (zone 2)",
        "main2",
    ]


def test_greedy_does_not_attack_into_a_stronger_monster() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, CELTIC_GUARDIAN)
    s.monster(1, SUMMONED_SKULL)
    assert _greedy_turn(s) == ["end-turn"]


def test_greedy_sets_a_monster_that_holds_when_behind() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    elf = s.hand(0, MYSTICAL_ELF)[0]
    s.monster(1, CELTIC_GUARDIAN)  # 1400 ATK beats 800 ATK, not 2000 DEF
    assert _greedy_turn(s) == [f"set Mystical Elf [{elf}]", "end-turn"]


def test_greedy_tributes_its_weakest_monsters() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    guardian = s.monster(0, CELTIC_GUARDIAN)
    beaver = s.monster(0, BEAVER_WARRIOR)
    elf = s.monster(0, MYSTICAL_ELF)
    magician = s.hand(0, DARK_MAGICIAN)[0]
    done = _greedy_turn(s)
    assert done[:3] == [
        f"summon Dark Magician [{magician}]",
        f"select Mystical Elf [{elf}]",
        f"select Beaver Warrior [{beaver}]",
    ]
    assert guardian not in (elf, beaver)


def test_greedy_does_not_tribute_for_a_weaker_monster() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    skull = s.monster(0, SUMMONED_SKULL)  # 2500 ATK
    s.hand(0, DOMA)  # Level 5, 1600 ATK: tributing the Skull for it loses ATK
    assert _greedy_turn(s) == [
        "battle",
        f"attack-with Summoned Skull [{skull}]",
        "main2",
        "end-turn",
    ]


# -- the play loop -----------------------------------------------------------------------


def test_play_runs_a_duel_to_its_end() -> None:
    duel = new_duel(6)
    result = play(duel, (make_agent("greedy", 1), make_agent("random", 2)))
    assert duel.is_over and result == duel.result


def test_play_can_stop_after_some_decisions() -> None:
    duel = new_duel(6, first=0)
    result = play(duel, (RandomAgent(1), RandomAgent(2)), max_decisions=10)
    assert result is None and not duel.is_over
    assert duel.decisions_made == 10
    play(duel, (RandomAgent(1), RandomAgent(2)))
    assert duel.is_over


def test_agents_see_only_their_own_view() -> None:
    # The greedy agent receives the deciding player's view, never the other's.
    seen: list[tuple[int, int]] = []

    class Spy(GreedyAgent):
        def choose(self, view, decision):  # type: ignore[no-untyped-def]
            assert view is not None
            seen.append((view.viewer, decision.player))
            assert view.decision == decision
            return super().choose(view, decision)

    duel = new_duel(2)
    play(duel, (Spy(1), Spy(2)))
    assert seen and all(viewer == player for viewer, player in seen)
    assert {player for _, player in seen} == {0, 1}


# -- the coin toss (R-DUEL-2) ---------------------------------------------------------


def test_greedy_goes_first_when_it_wins_the_coin_toss() -> None:
    # R-DUEL-2: the toss winner chooses; greedy always takes the first turn.
    for seed in range(10):
        duel = new_duel(seed, toss=None)
        d = duel.decision
        assert d is not None and d.kind == DecisionKind.TURN_ORDER
        agent = GreedyAgent(seed)
        action = agent.choose(duel.view(d.player), d)
        assert action.kind == ActionKind.GO_FIRST
        duel.apply(action)
        assert duel.first_player == d.player


def test_random_picks_either_turn_order() -> None:
    # R-DUEL-2: the random agent answers the toss like any decision, uniformly.
    firsts = set()
    for seed in range(20):
        duel = new_duel(seed, toss=None)
        d = duel.decision
        assert d is not None and d.kind == DecisionKind.TURN_ORDER
        action = RandomAgent(seed).choose(None, d)
        firsts.add(action.kind)
        duel.apply(action)
        assert duel.turn == 1
    assert firsts == {ActionKind.GO_FIRST, ActionKind.GO_SECOND}
