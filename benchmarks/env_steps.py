"""ygo.env speed: environment steps per second on one core.

A step is one action of the learner (an option taken or a page turned), with
the observation encoded; the opponent's decisions inside the Gymnasium wrapper
are not counted as steps. Masked random actions, seeded episodes:

- ``gym_starter``: :class:`~ygo.env.YgoGymEnv` against ``random``, starter decks;
- ``gym_pool``: the same with random whole-pool decks (``decks="pool"``);
- ``aec_starter``: :class:`~ygo.env.YgoAECEnv`, both players' steps, starter decks.

Run on its own with ``python -m benchmarks.env_steps``.
"""

from __future__ import annotations

import time
from typing import Any


def _gym(decks: str, episodes: int) -> dict[str, float]:
    import numpy as np

    from ygo.env import YgoGymEnv

    env = YgoGymEnv(decks=decks)
    rng = np.random.default_rng(0)
    env.reset(seed=10_000)  # warm caches outside the timing
    steps = 0
    t0 = time.perf_counter()
    for ep in range(episodes):
        obs, _ = env.reset(seed=ep)
        while True:
            obs, _, term, trunc, _ = env.step(rng.choice(np.flatnonzero(obs["action_mask"])))
            steps += 1
            if term or trunc:
                break
    dt = time.perf_counter() - t0
    return {"steps_per_s": steps / dt, "steps_per_episode": steps / episodes}


def _aec(episodes: int) -> dict[str, float]:
    import numpy as np

    from ygo.env import YgoAECEnv

    env = YgoAECEnv(decks="starter")
    rng = np.random.default_rng(0)
    steps = 0
    t0 = time.perf_counter()
    for ep in range(episodes):
        env.reset(seed=ep)
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    dt = time.perf_counter() - t0
    return {"steps_per_s": steps / dt, "steps_per_episode": steps / episodes}


def run(episodes: int = 30) -> dict[str, Any]:
    """Steps per second of each set-up (empty when the research extra is missing)."""
    try:
        import gymnasium  # noqa: F401
        import pettingzoo  # noqa: F401
    except ImportError:
        return {}
    return {
        "gym_starter": _gym("starter", episodes),
        "gym_pool": _gym("pool", episodes),
        "aec_starter": _aec(episodes),
    }


if __name__ == "__main__":
    for name, r in run().items():
        print(
            f"{name:12} {r['steps_per_s']:8.0f} steps/s {r['steps_per_episode']:7.0f} steps/episode"
        )
