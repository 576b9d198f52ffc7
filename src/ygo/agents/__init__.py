"""Agents: programs that choose actions.

An agent sees only what its player may know (a :class:`~ygo.engine.view.View`)
and the open decision, and returns one of the decision's options.
"""

from ygo.agents.base import Agent, play
from ygo.agents.greedy import GreedyAgent
from ygo.agents.random import RandomAgent
from ygo.agents.registry import AGENTS, make_agent

__all__ = ["AGENTS", "Agent", "GreedyAgent", "RandomAgent", "make_agent", "play"]
