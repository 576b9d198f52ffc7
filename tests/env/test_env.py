"""ygo.env: the PettingZoo AEC env, the Gymnasium wrapper, the encoding and its pages."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from ygo.core.deck import Deck
from ygo.data import starter_deck
from ygo.engine.actions import ActionKind, DecisionKind
from ygo.env import YgoAECEnv, YgoGymEnv, observation_size, split
from ygo.env.driver import DuelDriver
from ygo.env.encoding import (
    C_CARD_INDEX,
    C_KNOWN,
    C_LOC,
    C_MINE,
    LOCATIONS,
    O_CARD,
    O_KIND,
    O_NEXT,
    page_count,
    page_slots,
)
from ygo.errors import IllegalActionError


def _random_episode(env: YgoAECEnv, seed: int, rng_seed: int) -> list[np.ndarray]:
    """Play one episode with masked random actions; every observation seen."""
    rng = np.random.default_rng(rng_seed)
    env.reset(seed=seed)
    seen = []
    for _agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        seen.append(obs["observation"].copy())
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return seen


def test_pettingzoo_api_test() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(YgoAECEnv(), num_cycles=300)


def test_pettingzoo_api_test_small_pages() -> None:
    """With 3 actions per page most decisions are paged; the API still holds."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(YgoAECEnv(decks="starter", page_size=3), num_cycles=200)


def test_gymnasium_check_env() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(YgoGymEnv())
        check_env(YgoGymEnv(opponent="greedy", decks="starter", seat=1))


def test_seeded_reset_reproduces_the_duel() -> None:
    a = _random_episode(YgoAECEnv(), seed=11, rng_seed=5)
    b = _random_episode(YgoAECEnv(), seed=11, rng_seed=5)
    assert len(a) == len(b) > 10
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    c = _random_episode(YgoAECEnv(), seed=12, rng_seed=5)
    assert len(c) != len(a) or any(not np.array_equal(x, y) for x, y in zip(a, c, strict=True))


def test_gym_seeded_reset_reproduces() -> None:
    def run(seed: int) -> tuple[float, str]:
        env = YgoGymEnv(opponent="random", decks="starter")
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(0)
        total = 0.0
        while True:
            obs, r, term, trunc, _ = env.step(rng.choice(np.flatnonzero(obs["action_mask"])))
            total += float(r)
            if term or trunc:
                assert env.driver.duel is not None
                return total, env.driver.duel.digest()

    assert run(3) == run(3)
    assert run(3)[1] != run(4)[1]


def test_observation_shape_and_split() -> None:
    env = YgoAECEnv(page_size=8)
    env.reset(seed=1)
    obs = env.observe(env.agent_selection)["observation"]
    assert obs.shape == (observation_size(8),)
    parts = split(obs, 8)
    assert parts.options.shape[0] == 8
    assert env.observation_space(env.agent_selection).contains(env.observe(env.agent_selection))


def test_pages_cover_every_option() -> None:
    for n in range(1, 60):
        for k in (2, 3, 8, 32):
            seen: list[int] = []
            for p in range(page_count(n, k)):
                slots = page_slots(n, k, p)
                assert len(slots) <= k
                seen += [i for i in slots if i >= 0]
                if n > k:
                    assert slots[-1] == -1  # every page of a paged decision can turn
            assert seen == list(range(n))


def test_every_option_reachable_through_the_env() -> None:
    """At a decision with more options than a page, turning pages shows each option
    once, then comes back to the first page; taking an option applies that option."""
    driver = DuelDriver("starter", page_size=3, strict=True)
    driver.start(2)
    duel = driver.duel
    assert duel is not None
    while True:
        d = duel.decision
        assert d is not None
        if len(d.options) > 3:
            break
        driver.act(0)
    n = len(d.options)
    shown: list[int] = []
    for _ in range(page_count(n, 3)):
        obs, mask = driver.observe(d.player)
        opts = split(obs, 3).options
        slots = driver.slots()
        assert mask.tolist() == [1] * len(slots) + [0] * (3 - len(slots))
        assert opts[len(slots) - 1, O_NEXT] == 1.0
        for slot, index in enumerate(slots):
            if index >= 0:
                assert opts[slot, O_KIND + int(d.options[index].kind)] == 1.0
                shown.append(index)
        assert driver.act(len(slots) - 1) is False  # next page: the duel did not move
        assert duel.decision is d
    assert shown == list(range(n))
    assert driver.page == 0
    # take the last option: two page turns to the page that holds it
    last = n - 1
    for _ in range(last // 2):
        driver.act(2)
    before = duel.decisions_made
    assert driver.act(driver.slots().index(last)) is True
    assert duel.decisions_made == before + 1
    assert duel.choices[-1] == last


def test_strict_refuses_a_masked_action_and_lenient_wraps() -> None:
    strict = DuelDriver("starter", strict=True)
    strict.start(0)
    d = strict.duel.decision if strict.duel else None
    assert d is not None
    with pytest.raises(IllegalActionError):
        strict.act(len(d.options))
    lenient = DuelDriver("starter")
    lenient.start(0)
    assert lenient.act(len(d.options)) is True  # taken modulo: option 0
    assert lenient.duel is not None and lenient.duel.choices == [0]


def test_option_rows_describe_their_cards() -> None:
    """A Normal Summon option carries the hand card's row: known, mine, in the hand."""
    driver = DuelDriver("starter", page_size=64, strict=True)
    driver.start(5)
    duel = driver.duel
    assert duel is not None
    while True:
        d = duel.decision
        assert d is not None
        summons = [i for i, a in enumerate(d.options) if a.kind == ActionKind.SUMMON]
        if summons:
            break
        driver.act(len(d.options) - 1)
    obs, _ = driver.observe(d.player)
    row = split(obs, 64).options[summons[0]]
    card = row[O_CARD:]
    assert card[C_KNOWN] == 1.0 and card[C_MINE] == 1.0
    assert card[C_LOC + LOCATIONS.index(2)] == 1.0  # Location.HAND
    assert card[C_CARD_INDEX] >= 1.0
    # the opponent's observation at the same moment has no options and no mask
    other, mask = driver.observe(1 - d.player)
    assert mask.sum() == 0
    assert not split(other, 64).options.any()


def test_observation_hides_the_opponents_cards() -> None:
    """R-DUEL-8: two duels that differ only in player 1's Deck look the same to
    player 0 before anything is revealed, and different to player 1."""
    yugi, kaiba = starter_deck("yugi"), starter_deck("kaiba")
    other = Deck(main=tuple(reversed(kaiba.main))[:20] + tuple(yugi.main)[:20])
    a = DuelDriver((yugi, kaiba))
    b = DuelDriver((yugi, other))
    a.start(9)
    b.start(9)
    assert a.duel is not None and a.duel.decision is not None
    assert a.duel.decision.kind == DecisionKind.TURN_ORDER
    a.act(0)  # the coin toss winner goes first: then both hands are dealt
    b.act(0)
    assert np.array_equal(a.observe(0)[0], b.observe(0)[0])
    assert not np.array_equal(a.observe(1)[0], b.observe(1)[0])


def test_gym_against_each_named_agent() -> None:
    for opponent in ("random", "greedy"):
        env = YgoGymEnv(opponent=opponent, decks="starter", seat=0)
        obs, info = env.reset(seed=1)
        assert info["seat"] == 0
        rng = np.random.default_rng(1)
        for _ in range(3000):
            obs, r, term, trunc, info = env.step(rng.choice(np.flatnonzero(obs["action_mask"])))
            if term or trunc:
                break
        assert term
        assert r in (-1.0, 0.0, 1.0)
        assert "result" in info


def test_truncation_counts_decisions_and_page_turns() -> None:
    env = YgoAECEnv(decks="starter", page_size=2, max_decisions=5, strict=True)
    env.reset(seed=4)
    steps = 0
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            assert trunc and not term
            env.step(None)
            continue
        mask = obs["action_mask"]
        # always turn the page when there is one: the duel never moves on
        env.step(int(np.flatnonzero(mask)[-1]))
        steps += 1
        assert agent in env.possible_agents
    assert steps <= 20


def test_rewards_name_the_winner() -> None:
    env = YgoAECEnv(decks="starter")
    env.reset(seed=8)
    rng = np.random.default_rng(8)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            final[agent] = reward
            env.step(None)
            continue
        assert reward == 0.0
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    result = env.driver.duel.result if env.driver.duel else None
    assert result is not None and result.winner is not None
    assert final == {
        f"player_{result.winner}": 1.0,
        f"player_{1 - result.winner}": -1.0,
    }
