"""The agent interface and a loop that plays a duel with two agents."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Protocol

from ygo.engine.actions import Action, Decision
from ygo.engine.duel import Duel
from ygo.engine.result import Result
from ygo.engine.view import View
from ygo.errors import YgoError


class Agent(Protocol):
    """Chooses one option of a decision."""

    name: ClassVar[str]
    needs_view: ClassVar[bool]
    """False for agents that look only at the options (the driver then skips
    building a view, which is most of the cost of a random duel)."""

    def choose(self, view: View | None, decision: Decision) -> Action:
        """One of ``decision.options``. ``view`` is the deciding player's view
        (None only for agents with ``needs_view = False``)."""
        ...


def play(
    duel: Duel,
    agents: tuple[Agent, Agent],
    max_decisions: int | None = None,
    apply: Callable[[Action], None] | None = None,
) -> Result | None:
    """Let two agents play ``duel`` to its end (or for ``max_decisions``).

    ``apply`` replaces ``duel.apply`` (a replay recorder's, for example).
    """
    take = duel.apply if apply is None else apply
    n = 0
    while not duel.is_over:
        d = duel.decision
        assert d is not None
        agent = agents[d.player]
        view = duel.view(d.player) if agent.needs_view else None
        take(agent.choose(view, d))
        n += 1
        if max_decisions is not None and n >= max_decisions:
            break
    return duel.result


AgentFactory = Callable[[int], Agent]


def _random(seed: int) -> Agent:
    from ygo.agents.random import RandomAgent

    return RandomAgent(seed)


def _greedy(seed: int) -> Agent:
    from ygo.agents.greedy import GreedyAgent

    return GreedyAgent(seed)


def _rule(seed: int) -> Agent:
    from ygo.agents.rule import RuleAgent

    return RuleAgent(seed)


def _search(seed: int) -> Agent:
    from ygo.agents.search import SearchAgent

    return SearchAgent(seed)


#: Agents by name, each built from a seed.
AGENTS: dict[str, AgentFactory] = {
    "random": _random,
    "greedy": _greedy,
    "rule": _rule,
    "search": _search,
}

#: The default opponent of ``ygo play`` and ``ygo match``.
DEFAULT_OPPONENT = "rule"


def make_agent(name: str, seed: int = 0) -> Agent:
    """An agent by name (``random``, ``greedy``, ``rule``, ``search``)."""
    try:
        factory = AGENTS[name.lower()]
    except KeyError:
        raise YgoError(f"unknown agent {name!r} (known: {', '.join(AGENTS)})") from None
    return factory(seed)
