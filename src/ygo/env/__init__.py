"""Reinforcement-learning environments over the engine (issue 15, ``docs/research.md``).

- :class:`YgoAECEnv` (``ygo.env.aec``): PettingZoo AEC, two agents, action masks.
- :class:`YgoGymEnv` (``ygo.env.gym``): Gymnasium, one seat against a ``ygo.agents`` agent.
- :mod:`ygo.env.encoding`: the fixed-size observation, the option rows and the pages
  that keep every option of every decision reachable.

Needs the ``research`` extra (numpy, gymnasium, pettingzoo).
"""

from __future__ import annotations

from ygo.env.aec import YgoAECEnv, env
from ygo.env.encoding import DEFAULT_PAGE_SIZE, Encoder, observation_size, split
from ygo.env.gym import YgoGymEnv

__all__ = [
    "DEFAULT_PAGE_SIZE",
    "Encoder",
    "YgoAECEnv",
    "YgoGymEnv",
    "env",
    "observation_size",
    "split",
]
