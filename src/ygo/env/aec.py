"""The PettingZoo AEC environment: two agents, ``player_0`` and ``player_1``.

Each agent's observation is a dict ``{"observation": float32[N], "action_mask":
int8[K]}`` built only from that player's :meth:`~ygo.engine.duel.Duel.view`
(:mod:`ygo.env.encoding` documents the layout); the action space is
``Discrete(K)`` (``K = page_size``, default 32). The agent to act is the one
whose decision is open (the coin toss winner first). Rewards: +1 to the winner,
-1 to the loser, 0 to both for a draw, given when the duel ends. A duel that
has not ended after ``max_decisions`` decisions (or four times as many steps,
page turns included) is truncated.

``reset(seed=s)`` plays duel seed ``s`` (its decks too with ``decks="pool"``):
the same seed and the same actions give the same duel.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ygo.core.deck import Deck
from ygo.engine.duel import SEED_LIMIT
from ygo.engine.setup import ScriptSource
from ygo.env.driver import MAX_DECISIONS, DeckSpec, DuelDriver
from ygo.env.encoding import DEFAULT_PAGE_SIZE, observation_high
from ygo.rules import Ruleset

AGENTS = ("player_0", "player_1")


def observation_space(page_size: int) -> spaces.Dict:
    high = observation_high(page_size)
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (page_size,), dtype=np.int8),
        }
    )


class YgoAECEnv(AECEnv[str, dict[str, Any], int | None]):  # type: ignore[misc]
    """A duel as a PettingZoo AEC environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "ygo_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        decks: DeckSpec | tuple[Deck, Deck] = "pool",
        ruleset: Ruleset | None = None,
        page_size: int = DEFAULT_PAGE_SIZE,
        max_decisions: int = MAX_DECISIONS,
        strict: bool = False,
        render_mode: str | None = None,
        scripts: ScriptSource | None = None,
    ) -> None:
        super().__init__()
        self.driver = DuelDriver(decks, ruleset, page_size, max_decisions, strict, scripts)
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        space = observation_space(page_size)
        self.observation_spaces = dict.fromkeys(AGENTS, space)
        self.action_spaces = {a: spaces.Discrete(page_size) for a in AGENTS}
        self.render_mode = render_mode
        self._np_random: np.random.Generator | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- episode -------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._np_random = np.random.default_rng(seed)
            duel_seed = seed % SEED_LIMIT
        else:
            if self._np_random is None:
                self._np_random = np.random.default_rng()
            duel_seed = int(self._np_random.integers(0, 2**63))
        self.driver.start(duel_seed)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self._select()

    def _select(self) -> None:
        p = self.driver.to_act
        if p is not None:
            self.agent_selection = AGENTS[p]

    def observe(self, agent: str) -> dict[str, Any]:
        obs, mask = self.driver.observe(AGENTS.index(agent))
        return {"observation": obs, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError("a live agent must choose an action, not None")
        self._cumulative_rewards[agent] = 0.0
        self.driver.act(int(action))
        driver = self.driver
        if driver.over:
            result = driver.duel.result if driver.duel is not None else None
            assert result is not None
            for i, a in enumerate(AGENTS):
                self.rewards[a] = (
                    0.0 if result.winner is None else (1.0 if result.winner == i else -1.0)
                )
                self.terminations[a] = True
                self.infos[a] = {"result": str(result)}
        elif driver.truncated:
            for a in AGENTS:
                self.truncations[a] = True
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return describe(self.driver)

    def close(self) -> None:
        pass


def describe(driver: DuelDriver) -> str:
    """A few lines on the duel for people (the ``ansi`` render)."""
    duel = driver.duel
    if duel is None:
        return "no duel"
    head = f"turn {duel.turn}, LP {duel.lp(0)}/{duel.lp(1)}"
    if duel.result is not None:
        return f"{head}: {duel.result}"
    d = duel.decision
    assert d is not None
    lines = [f"{head}: player {d.player}: {d.prompt} (page {driver.page})"]
    for slot, index in enumerate(driver.slots()):
        lines.append(f"  {slot}: {'next page' if index < 0 else d.options[index]}")
    return "\n".join(lines)


def env(**kwargs: Any) -> YgoAECEnv:
    """PettingZoo's usual constructor name."""
    return YgoAECEnv(**kwargs)
