"""The spectator's view and events (R-DUEL-8): both hands hidden, nothing face-down named."""

from __future__ import annotations

import random

from tests.engine.helpers import STARTERS
from ygo.core.enums import Location
from ygo.defaults import Duel
from ygo.engine.events import EventKind
from ygo.engine.view import SPECTATOR, CardView, View


def _cards(view: View) -> list[CardView]:
    out: list[CardView] = []
    for side in view.players:
        out += [*side.hand, *side.extra, *side.grave, *side.banished]
        out += [c for c in (*side.monsters, *side.spells, side.field, *side.pendulum) if c]
    return out


def test_a_spectator_sees_what_both_opponents_see() -> None:
    # R-DUEL-8: a spectator knows a card only when both players' opponents know it.
    duel = Duel(STARTERS, seed=5, first=0)
    rng = random.Random(5)
    facedown_seen = 0
    for _ in range(300):
        if duel.is_over:
            break
        spec = duel.spectator_view()
        assert spec.viewer == SPECTATOR and spec.decision is None
        assert all(c.code is None for side in spec.players for c in side.hand)
        known = {c.uid for c in _cards(spec) if c.uid is not None}
        for p in (0, 1):
            theirs = {c.uid for c in _cards(duel.view(1 - p)) if c.uid is not None}
            mine = {u for u in known if duel.controller(u) == p}
            assert mine <= theirs  # never more than the card's controller's opponent
        facedown_seen += sum(
            1 for side in spec.players for c in side.monsters if c is not None and not c.known
        )
        d = duel.decision
        assert d is not None
        duel.apply(rng.randrange(len(d.options)))
    assert facedown_seen > 0  # the walk met face-down monsters


def test_spectator_events_blank_draws_and_sets() -> None:
    duel = Duel(STARTERS, seed=2, first=0)
    rng = random.Random(2)
    for _ in range(120):
        if duel.is_over:
            break
        d = duel.decision
        assert d is not None
        duel.apply(rng.randrange(len(d.options)))
    evs = duel.spectator_events()
    draws = [e for e in evs if e.kind == EventKind.DRAW]
    sets = [e for e in evs if e.kind == EventKind.SET]
    assert draws and all(e.card == -1 and e.code == 0 for e in draws)
    assert all(e.card == -1 for e in sets)
    # an event about a card that is face-up now still names it
    assert any(e.card >= 0 and e.kind == EventKind.SUMMON for e in evs)


def test_spectator_view_has_both_sides_from_player_0() -> None:
    duel = Duel(STARTERS, seed=1, first=0)
    spec = duel.spectator_view()
    assert spec.me.player == 0 and spec.opponent.player == 1
    assert spec.players[0].hand and all(c.location == Location.HAND for c in spec.players[0].hand)
