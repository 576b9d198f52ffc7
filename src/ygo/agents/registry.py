"""Agents by name: the registry that ``ygo play``, ``duel``, ``arena``, the web
table and the environment build their opponents from.

Each agent module is imported only when its agent is first asked for, and no
agent module imports the registry (a search agent builds its rule agent itself).
"""

from __future__ import annotations

from collections.abc import Callable

from ygo.agents.base import Agent
from ygo.errors import YgoError

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


#: The opponents, weakest first, each in a line (an agent not listed here is
#: described by its class's docstring).
OPPONENTS: dict[str, str] = {
    "random": "the weakest: any legal option at random, for learning the controls",
    "greedy": "stronger, a heuristic player: best summon, profitable attacks, weakest tributes",
    "rule": "the default: an ordered list of general rules (removal when behind, traps kept "
    "for your turn, weak monsters Set, negations on what hurts most)",
    "search": "the strongest: searches sampled worlds for --think seconds a move "
    "(--insight shows its thinking)",
}


def opponent_lines() -> list[tuple[str, str]]:
    """Every agent that exists, with its one-line description."""
    known = [n for n in OPPONENTS if n in AGENTS]
    rest = sorted(n for n in AGENTS if n not in OPPONENTS)
    out: list[tuple[str, str]] = []
    for n in known + rest:
        text = OPPONENTS.get(n)
        if text is None:
            doc = (type(make_agent(n, 0)).__doc__ or "").strip().splitlines()
            text = doc[0] if doc else ""
        out.append((n, text))
    return out
