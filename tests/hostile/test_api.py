"""Hostile API arguments: each is a specific YgoError with a clear message, never
a raw Python error and never silently accepted (issue 7, "Trust boundary")."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.helpers import STARTERS, new_duel
from ygo.defaults import Duel
from ygo.errors import HiddenCardError, InvalidArgumentError

BAD_PLAYERS: list[Any] = [2, -1, 5, True, False, None, "0", 0.0, 1.5]


@pytest.mark.parametrize("player", BAD_PLAYERS)
@pytest.mark.parametrize(
    "method",
    [
        "view",
        "lp",
        "hand",
        "deck",
        "grave",
        "banished",
        "extra",
        "monsters",
        "spells",
        "field_spell",
        "events",
        "stop_at",
    ],
)
def test_a_bad_player_number_is_a_specific_error(method: str, player: Any) -> None:
    # view(2), view(-1), lp(-1) (once silently player 1), lp(2)...
    if method == "events" and player is None:
        return  # events(None) is the referee's whole log
    duel = new_duel(1, first=0)
    with pytest.raises(InvalidArgumentError, match="must be 0 or 1"):
        getattr(duel, method)(player)


@pytest.mark.parametrize("viewer", BAD_PLAYERS)
def test_explain_needs_a_real_viewer(viewer: Any) -> None:
    duel = new_duel(1, first=0)
    with pytest.raises(InvalidArgumentError, match="viewer must be 0 or 1"):
        duel.explain(duel.hand(0)[0], viewer)


@pytest.mark.parametrize("uid", ["x", None, 1.0, True, [1], -1, 80, 10**30])
def test_explain_of_a_bad_card_id_is_a_specific_error(uid: Any) -> None:
    duel = new_duel(1, first=0)
    with pytest.raises(InvalidArgumentError, match=r"card ID must be an int|no card #"):
        duel.explain(uid, 0)


@pytest.mark.parametrize(
    "accessor", ["card", "name", "location", "position", "controller", "zone_of"]
)
@pytest.mark.parametrize("uid", ["x", None, True, -1, 80])
def test_the_referees_accessors_refuse_bad_card_ids(accessor: str, uid: Any) -> None:
    duel = new_duel(1, first=0)
    with pytest.raises(InvalidArgumentError):
        getattr(duel, accessor)(uid)


@pytest.mark.parametrize("seed", ["abc", None, 1.5, True, False, -1, 2**64, "7"])
def test_a_bad_seed_is_a_specific_error(seed: Any) -> None:
    with pytest.raises(InvalidArgumentError, match="seed must be an int from 0 to 2\\*\\*64 - 1"):
        Duel(STARTERS, seed=seed)


@pytest.mark.parametrize("seed", [0, 1, 2**63, 2**64 - 1])
def test_seeds_cover_the_generators_range(seed: int) -> None:
    assert Duel(STARTERS, seed=seed).decision is not None


@pytest.mark.parametrize("first", [2, -1, True, False, "0", 1.0])
def test_a_bad_first_player_is_a_specific_error(first: Any) -> None:
    with pytest.raises(InvalidArgumentError, match="first must be 0 or 1"):
        Duel(STARTERS, seed=1, first=first)


@pytest.mark.parametrize("decks", [(), (STARTERS[0],), STARTERS * 2, "ab"])
def test_anything_but_two_decks_is_a_specific_error(decks: Any) -> None:
    with pytest.raises(InvalidArgumentError, match="exactly two decks"):
        Duel(decks, seed=1)


@pytest.mark.parametrize("since", [-1, "0", None, 1.5])
def test_a_bad_event_index_is_a_specific_error(since: Any) -> None:
    duel = new_duel(1, first=0)
    with pytest.raises(InvalidArgumentError, match="since"):
        duel.events(0, since)


def test_stop_at_refuses_what_is_not_a_window() -> None:
    duel = new_duel(1, first=0)
    digest = duel.digest()
    with pytest.raises(InvalidArgumentError, match="not a priority window"):
        duel.stop_at(0, 99)  # type: ignore[arg-type]
    assert duel.digest() == digest


def test_the_hidden_card_error_says_the_same_wherever_the_card_is() -> None:
    # R-DUEL-8: the refusal itself must not tell hand, Deck and field apart.
    duel = new_duel(1, first=0)
    hand = duel.hand(1)[0]
    deck = duel.deck(1)[0]
    extra = duel.extra(1)[0] if duel.extra(1) else duel.deck(1)[1]
    messages: list[str] = []
    for uid in (hand, deck, extra):
        with pytest.raises(HiddenCardError) as info:
            duel.explain(uid, 0)
        messages.append(str(info.value).replace(f"#{uid}", "#N"))
    assert messages == ["card #N is not visible to player 0"] * 3
