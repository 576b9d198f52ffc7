"""The search agent: determinized MCTS over clone(), with tiny iteration budgets."""

from __future__ import annotations

import pytest

from tests.scenario import swap_identities
from ygo.agents import AGENTS, make_agent
from ygo.agents.base import Seat, decide
from ygo.agents.rule import RuleAgent
from ygo.agents.search import SearchAgent, evaluate
from ygo.data import starter_deck
from ygo.defaults import Duel
from ygo.engine.rng import Rng

STARTERS = (starter_deck("yugi"), starter_deck("kaiba"))


def _to_choice(seed: int, player: int = 0, min_options: int = 3, steps: int = 400) -> Duel:
    """A duel advanced by rule agents to a decision of ``player`` with several options."""
    duel = Duel(STARTERS, seed=seed)
    agents = (RuleAgent(seed), RuleAgent(seed + 1))
    for _ in range(steps):
        d = duel.decision
        assert d is not None
        if d.player == player and len(d.options) >= min_options and duel.turn >= 3:
            return duel
        duel.apply(agents[d.player].choose(duel.view(d.player), d))
    raise AssertionError("no such decision")


def _signature(agent: SearchAgent, duel: Duel) -> tuple[object, ...]:
    d = duel.decision
    assert d is not None
    ins = agent.analyse(Seat(duel, d.player), d)
    return (
        ins.choice,
        tuple((o.action, o.visits, round(o.value, 9)) for o in ins.options),
        ins.belief,
    )


def test_it_is_an_agent_by_name() -> None:
    assert "search" in AGENTS and "rule" in AGENTS
    agent = make_agent("search", 3)
    assert isinstance(agent, SearchAgent) and agent.name == "search"
    with pytest.raises(ValueError, match="budget"):
        SearchAgent(0, think=None, iterations=None)


def test_choice_and_insight() -> None:
    duel = _to_choice(1)
    agent = SearchAgent(0, think=None, iterations=12, horizon=2)
    action = decide(agent, duel)
    d = duel.decision
    assert d is not None and action in d.options
    ins = agent.insight
    assert ins is not None and ins.choice == action and ins.iterations == 12
    assert sum(o.visits for o in ins.options) == 12
    assert abs(sum(o.share for o in ins.options) - 1) < 1e-9
    assert 0 <= ins.win <= 1
    assert "hand" in ins.belief  # what it believes the opponent holds
    for _, names in ins.belief.items():
        assert all(0 < p <= 1 for _, p in names)
    text = "\n".join(ins.lines())
    assert "win estimate" in text and "hand:" in text


def test_same_seed_same_output() -> None:
    duel = _to_choice(2)
    a = _signature(SearchAgent(7, think=None, iterations=10, horizon=2), duel)
    b = _signature(SearchAgent(7, think=None, iterations=10, horizon=2), duel)
    assert a == b


@pytest.mark.parametrize("seed", [3, 4])
def test_swapping_hidden_cards_does_not_change_its_choices(seed: int) -> None:
    # It never reads hidden information: exchange the true identities of cards it
    # cannot see (the opponent's hand and Deck, its own Deck order) and its
    # choice, its search shares and its beliefs are the same, seed for seed.
    duel = _to_choice(seed)
    other = duel.clone()
    hand, deck = other.hand(1), other.deck(1)
    mine = other.deck(0)
    swaps = [(hand[0], deck[-1]), (mine[0], mine[-1])]
    for a, b in swaps:
        swap_identities(other, a, b)
    assert other.digest() != duel.digest()
    agent = dict(think=None, iterations=8, horizon=2)
    assert _signature(SearchAgent(5, **agent), duel) == _signature(  # type: ignore[arg-type]
        SearchAgent(5, **agent),
        other,  # type: ignore[arg-type]
    )


def test_without_a_seat_it_plays_the_rule_agents_move() -> None:
    duel = _to_choice(1)
    d = duel.decision
    assert d is not None
    agent = SearchAgent(0, think=None, iterations=4)
    assert agent.choose(duel.view(d.player), d) == RuleAgent(0 ^ 0x51).choose(
        duel.view(d.player), d
    )


def test_a_one_iteration_budget_plays_the_prior() -> None:
    duel = _to_choice(1)
    d = duel.decision
    assert d is not None
    hint = RuleAgent(0 ^ 0x51).choose(duel.view(d.player), d)
    agent = SearchAgent(0, think=None, iterations=1)
    assert decide(agent, duel) == hint


def test_evaluate_scores_the_end_and_the_board() -> None:
    duel = Duel(STARTERS, seed=0)
    assert 0 < evaluate(duel, 0) < 1
    rng = Rng(1)
    while not duel.is_over:
        d = duel.decision
        assert d is not None
        duel.apply(rng.below(len(d.options)))
    r = duel.result
    assert r is not None
    if r.winner is not None:
        assert evaluate(duel, r.winner) == 1.0 and evaluate(duel, 1 - r.winner) == 0.0


def test_a_duel_with_a_tiny_budget_ends_legally() -> None:
    duel = Duel(STARTERS, seed=6)
    agents = (SearchAgent(1, think=None, iterations=2, horizon=1), RuleAgent(2))
    n = 0
    while not duel.is_over and n < 3000:
        d = duel.decision
        assert d is not None
        a = decide(agents[d.player], duel)
        assert a in d.options
        duel.apply(a)
        n += 1
    assert duel.is_over


def test_rollouts_pass_without_a_view_only_where_the_rule_agent_passes() -> None:
    # The rollout shortcut (_idle_window) must not change the rollout policy.
    from ygo.agents.search import _idle_window
    from ygo.engine.actions import ActionKind, DecisionKind

    checked = 0
    for seed in range(3):
        duel = Duel(STARTERS, seed=seed)
        agents = (RuleAgent(1), RuleAgent(2))
        while not duel.is_over:
            d = duel.decision
            assert d is not None
            a = agents[d.player].choose(duel.view(d.player), d)
            if d.kind == DecisionKind.PRIORITY and _idle_window(duel, d.player):
                assert a.kind == ActionKind.PASS
                checked += 1
            duel.apply(a)
    assert checked > 20


def test_it_plays_a_match_with_a_seat() -> None:
    from ygo.match import Match, play_match

    m = Match((starter_deck("yugi"), starter_deck("kaiba")), seed=3)
    agent = SearchAgent(1, think=None, iterations=1, horizon=1)
    searched: list[int] = []
    original = agent.analyse

    def counting(seat: Seat, decision: object) -> object:
        searched.append(1)
        return original(seat, decision)  # type: ignore[arg-type]

    agent.analyse = counting  # type: ignore[method-assign,assignment]
    result = play_match(m, (agent, RuleAgent(2)))
    assert result is not None and searched  # it searched (it had a seat)


def test_a_seat_serves_one_decision() -> None:
    duel = _to_choice(1)
    d = duel.decision
    assert d is not None
    agent = SearchAgent(0, think=None, iterations=3)
    agent.sit(duel, d.player)
    decide(agent, duel)
    assert agent.seat is None
    # a stale seat (a duel whose open decision is another) is not searched
    other = _to_choice(2)
    od = other.decision
    assert od is not None
    agent.sit(duel, d.player)
    agent.insight = None
    a = agent.choose(other.view(od.player), od)
    assert a in od.options and agent.insight is None
