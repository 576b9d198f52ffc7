"""The playground game's per-player view (docs/playground.md, Views): what each
player may know, and nothing more (PG-1: the piles; PG-3: a throw is at once)."""

from __future__ import annotations

import pytest

from ygo.cards.pool import embedded_pool
from ygo.core.deck import Deck
from ygo.errors import InvalidArgumentError
from ygo.playground import Playground, PlaygroundView

_POOL = embedded_pool()
STONE = 13039848  # Giant Soldier of Stone 1300/2000
CELTIC = 91152256  # Celtic Guardian 1400/1200
SKULL = 70781052  # Summoned Skull 2500/1200
DECK_A = Deck((STONE, CELTIC, SKULL) * 4)
DECK_B = Deck((CELTIC, SKULL, STONE) * 4)


def test_a_player_sees_the_cards_in_front_and_the_counts() -> None:
    g = Playground((DECK_A, DECK_B), seed=3)
    for p in (0, 1):
        v = g.view(p)
        assert isinstance(v, PlaygroundView) and v.viewer == p
        assert v.piles == (g.pile_size(0), g.pile_size(1)) == (11, 11)
        assert [c and c.code for c in v.revealed] == g.revealed
        assert v.me is v.revealed[p] and v.opponent is v.revealed[1 - p]
        assert v.out == ((), ()) and v.throws == 0 and v.result is None
        assert v.log == tuple(g.log)
    assert g.view(0).decision == g.decision and g.view(1).decision is None


def test_a_throw_is_hidden_from_the_opponent_until_both_threw() -> None:
    # PG-3: player 1 decides without seeing player 0's throw: its view is the same
    # whatever player 0 threw; player 0 sees its own.
    seen = set()
    for t in range(3):
        g = Playground((DECK_A, DECK_B), seed=3)
        g.apply(t)  # rock, paper or scissors
        assert g.view(0).my_throw == t and g.view(0).decision is None
        v1 = g.view(1)
        assert v1.my_throw is None and v1.decision == g.decision
        seen.add(v1)
    assert len(seen) == 1


def test_the_piles_order_is_hidden_from_both() -> None:
    # PG-1: two games whose piles differ only below the top show equal views.
    a = Playground(([STONE, CELTIC, SKULL], [SKULL, SKULL]), shuffle=False)
    b = Playground(([STONE, SKULL, CELTIC], [SKULL, SKULL]), shuffle=False)
    assert a.piles != b.piles
    for p in (0, 1):
        assert a.view(p) == b.view(p)


def test_the_view_follows_the_game_to_its_end() -> None:
    g = Playground((DECK_A, DECK_B), seed=8)
    while not g.is_over:
        d = g.decision
        assert d is not None
        g.apply(g.throws % 3 if d.player == 0 else (g.throws + 1) % 3)
        for p in (0, 1):
            v = g.view(p)
            assert v.throws == g.throws and v.log == tuple(g.log)
            assert [[c.code for c in o] for o in v.out] == g.out
    v = g.view(0)
    assert v.result == g.result and v.decision is None
    assert v.log[-1] == str(g.result)


def test_a_view_needs_a_player() -> None:
    g = Playground((DECK_A, DECK_B))
    for bad in (2, -1, True, "0"):
        with pytest.raises(InvalidArgumentError):
            g.view(bad)  # type: ignore[arg-type]
