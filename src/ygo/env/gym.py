"""A Gymnasium single-agent wrapper: one seat against any ``ygo.agents`` opponent.

Observation and action spaces are the AEC env's (:mod:`ygo.env.aec`): a dict of
the flat observation and the action mask, and ``Discrete(page_size)``. The
opponent (an agent name for :func:`~ygo.agents.registry.make_agent`, or an agent)
plays its decisions inside :meth:`YgoGymEnv.step`; the learner sees only its own.
Reward: +1 for a win, -1 for a loss, 0 otherwise, at the end. ``seat`` is the
learner's player number (None: the duel seed's parity picks it, so a run of
seeds plays both seats).
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from ygo.agents.base import Agent
from ygo.agents.registry import make_agent
from ygo.core.deck import Deck
from ygo.engine.duel import SEED_LIMIT
from ygo.engine.setup import ScriptSource
from ygo.env.aec import describe, observation_space
from ygo.env.driver import MAX_DECISIONS, DeckSpec, DuelDriver
from ygo.env.encoding import DEFAULT_PAGE_SIZE, I8
from ygo.rules import Ruleset

Obs = dict[str, Any]


class YgoGymEnv(gymnasium.Env[Obs, np.int64]):
    """One player's side of a duel against a fixed opponent."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium declares it so)

    def __init__(
        self,
        opponent: str | Agent = "random",
        seat: int | None = None,
        decks: DeckSpec | tuple[Deck, Deck] = "pool",
        ruleset: Ruleset | None = None,
        page_size: int = DEFAULT_PAGE_SIZE,
        max_decisions: int = MAX_DECISIONS,
        strict: bool = False,
        render_mode: str | None = None,
        scripts: ScriptSource | None = None,
    ) -> None:
        self.driver = DuelDriver(decks, ruleset, page_size, max_decisions, strict, scripts)
        self.observation_space = observation_space(page_size)
        self.action_space = spaces.Discrete(page_size)
        self.opponent_spec = opponent
        self.opponent: Agent | None = None
        self.fixed_seat = seat
        self.seat = 0
        self.render_mode = render_mode

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        duel_seed = seed % SEED_LIMIT if seed is not None else int(self.np_random.integers(2**63))
        self.driver.start(duel_seed)
        self.seat = self.fixed_seat if self.fixed_seat is not None else duel_seed % 2
        spec = self.opponent_spec
        self.opponent = (
            make_agent(spec, (duel_seed + 1) % SEED_LIMIT) if isinstance(spec, str) else spec
        )
        self._opponent_plays()
        return self._obs(), {"seed": duel_seed, "seat": self.seat}

    def _opponent_plays(self) -> None:
        driver, opp = self.driver, self.opponent
        assert driver.duel is not None and opp is not None
        duel = driver.duel
        other = 1 - self.seat
        while not driver.over and not driver.truncated and driver.to_act == other:
            d = duel.decision
            assert d is not None
            view = duel.view(other) if opp.needs_view else None
            duel.apply(opp.choose(view, d))
            driver.decisions += 1
            driver.steps += 1

    def _obs(self) -> Obs:
        obs, mask = self.driver.observe(self.seat)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: np.int64 | int) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        driver = self.driver
        duel = driver.duel
        if duel is None:
            raise RuntimeError("call reset() first")
        if duel.is_over or driver.truncated:
            raise RuntimeError("the episode has ended: call reset()")
        driver.act(int(action))
        self._opponent_plays()
        reward = 0.0
        info: dict[str, Any] = {}
        result = duel.result
        terminated = result is not None
        if result is not None:
            if result.winner is not None:
                reward = 1.0 if result.winner == self.seat else -1.0
            info["result"] = str(result)
        return self._obs(), reward, terminated, driver.truncated, info

    def render(self) -> str | None:
        return describe(self.driver) if self.render_mode == "ansi" else None

    def action_masks(self) -> I8:
        """The current mask (the name sb3-contrib's MaskablePPO looks for)."""
        return self.driver.observe(self.seat)[1]
