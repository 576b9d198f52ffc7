"""The activation query's and the query layer's cached filter (``State.reach``,
``query.zones``) always equals a fresh computation: every move, draw and control
change resets it. A stale cache would hide a legal activation or a modifier, so
this is checked at every decision of seeded random duels from the whole pool."""

from __future__ import annotations

import pytest

from tests.properties.test_random_duels import scripted_decks
from ygo.core.state import State
from ygo.defaults import Duel
from ygo.engine.query import zones
from ygo.engine.rng import Rng
from ygo.rules import Ruleset


def _fresh(st: State) -> tuple[int, int, int]:
    probe = st.clone()
    probe.reach = None
    return zones(probe)


@pytest.mark.parametrize("seed", range(6))
def test_cached_reach_equals_a_fresh_computation(seed: int) -> None:
    duel = Duel(scripted_decks(seed), Ruleset.mr3(), seed)
    pick = Rng(seed).below
    checked = 0
    while (d := duel.decision) is not None and checked < 3000:
        st = duel._st
        if st.reach is not None:
            assert st.reach == _fresh(st), f"stale cache at decision {checked}"
        duel.apply(pick(len(d.options)))
        checked += 1
    assert checked > 50
