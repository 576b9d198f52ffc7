"""Helper H (hostile9): a hostile review of issues 8 and 9 (every card the guides
name; special summons, tokens, trap monsters, absorbing, face-down banishment).

- Hidden information (R-DUEL-8) in random duels of the whole scripted pool (Extra
  Decks, Tokens, trap monsters, reveals), walked with the guard of
  ``tests/engine/test_hidden_walk.py``; and a face-down banished card added to the
  hand (Different Dimension Capsule), which every player was told about.
- Consistency: clone and save/load continue equal (digest) in those duels; an
  illegal choice leaves the duel exactly as it was.
- Tampered saves: a deck card that claims to be a Token; a card that its deck
  does not list.
"""

from __future__ import annotations

import copy
import json
import zlib
from typing import Any

import pytest

from tests.engine.helpers import new_duel, random_policy
from tests.engine.test_hidden_walk import check_point, remember
from tests.scenario import Scenario
from ygo.core.enums import CardType, Location, Phase
from ygo.defaults import Duel
from ygo.engine import serialize
from ygo.engine.events import EventKind, describe
from ygo.errors import SaveError, YgoError
from ygo.invariants import scripted_decks
from ygo.rules import Ruleset

POOL_SEEDS = (2, 4, 5, 8, 10, 12, 24, 29)
"""Whole-pool duels whose walk once failed (a reveal, a summoning condition quoting
a card, a face-down banished card added to the hand, a Flip Summoned card shuffled
into the Deck at once, a Toon that "needs Toon World")."""


def _pool_duel(seed: int) -> Duel:
    return Duel(scripted_decks(seed), Ruleset.mr3(), seed)


@pytest.mark.parametrize("seed", POOL_SEEDS)
def test_whole_pool_duels_hide_what_they_should(seed: int) -> None:
    # R-DUEL-8
    duel = _pool_duel(seed)
    policy = random_policy(seed + 7)
    seen: dict[int, set[int]] = {0: set(), 1: set()}
    checks = n = 0
    while not duel.is_over and n < 260:
        remember(duel, seen)
        if n % 3 == 0:
            checks += check_point(duel, seen)
        d = duel.decision
        assert d is not None
        duel.apply(policy(duel, d))
        n += 1
    remember(duel, seen)
    checks += check_point(duel, seen)
    assert checks > 1000


def test_a_face_down_banished_card_added_to_the_hand_stays_hidden() -> None:
    # R-DUEL-8: Different Dimension Capsule banishes a card face-down; two Standby
    # Phases later it goes to its owner's hand. The opponent never learns which
    # card it is (found: the move to the hand named it to both players).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    ddc = s.hand(0, "Different Dimension Capsule")[0]
    dm = s.deck(0, "Dark Magician")[0]
    s.filler(0, 6)
    s.filler(1, 6)
    s.choose(0, f"activate Different Dimension Capsule [{ddc}]", f"select Dark Magician [{dm}]")
    duel = s.run()
    for p in (0, 1, 0, 1):
        s.choose(p, "end-turn")
        duel = s.run(duel)
    assert duel.turn == 7 and duel.location(dm) == Location.HAND
    moves = [e for e in duel.events() if e.kind == EventKind.MOVE and e.card == dm]
    assert moves[-1].src == Location.BANISHED and moves[-1].dst == Location.HAND
    assert moves[-1].secret  # known to its owner only
    theirs = [e for e in duel.events(1) if e.kind == EventKind.MOVE and e.player == 0]
    assert all(e.card != dm and e.code != duel.card(dm).code for e in theirs)
    assert any(e.src == Location.BANISHED and e.dst == Location.HAND for e in theirs)
    assert dm in [e.card for e in duel.events(0) if e.kind == EventKind.MOVE]
    # What the opponent's log says: a card went to the hand, not which one.
    log = [describe(e, duel.name, 1) for e in duel.events(1)[-8:]]
    assert not any("Dark Magician" in line for line in log), log


def test_looking_at_the_opponents_hand_is_logged_as_a_look_not_a_reveal() -> None:
    # Confiscation: you look at the opponent's hand. Found: your log said "You reveal
    # Dark Magician" (a card of their hand you never had); now "You look at ...", and
    # their log says you looked at a card, naming none.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    c = s.hand(0, "Confiscation")[0]
    dm = s.hand(1, "Dark Magician", "Celtic Guardian")[0]
    s.filler(0, 6)
    s.filler(1, 6)
    s.choose(0, f"activate Confiscation [{c}]", f"select Dark Magician [{dm}]")
    duel = s.run()
    mine = [describe(e, duel.name, 0) for e in duel.events(0) if e.kind == EventKind.REVEAL]
    assert sorted(mine) == ["You look at Celtic Guardian.", "You look at Dark Magician."]
    theirs = [describe(e, duel.name, 1) for e in duel.events(1) if e.kind == EventKind.REVEAL]
    assert theirs == ["Opponent looks at a card."] * 2


@pytest.mark.parametrize("seed", (3, 6, 9))
def test_clone_and_save_continue_equal_in_whole_pool_duels(seed: int) -> None:
    duel = _pool_duel(seed)
    policy = random_policy(seed + 7)
    n = 0
    while not duel.is_over and n < 200:
        d = duel.decision
        assert d is not None
        choice = policy(duel, d)
        if n % 6 == 0:
            twins = (duel.clone(), Duel.load(duel.save()))
            assert all(t.digest() == duel.digest() for t in twins)
            for t in twins:
                t.apply(choice)
            duel.apply(choice)
            assert all(t.digest() == duel.digest() for t in twins), n
        else:
            duel.apply(choice)
        n += 1


@pytest.mark.parametrize("seed", (1, 11))
def test_a_whole_pool_replay_replays_to_the_same_duel(seed: int) -> None:
    # Every option of every decision has its own text (a replay records the text).
    from ygo.formats.replay import Recorder, replay_duel

    duel = _pool_duel(seed)
    recorder = Recorder(duel)
    policy = random_policy(seed + 7)
    n = 0
    while not duel.is_over and n < 300:
        d = duel.decision
        assert d is not None
        labels = [str(o) for o in d.options]
        assert len(set(labels)) == len(labels), labels
        recorder.apply(policy(duel, d))
        n += 1
    assert replay_duel(recorder.replay).digest() == duel.digest()


@pytest.mark.parametrize("seed", (15, 21))
def test_an_illegal_choice_leaves_a_whole_pool_duel_as_it_was(seed: int) -> None:
    duel = _pool_duel(seed)
    policy = random_policy(seed + 7)
    n = 0
    while not duel.is_over and n < 200:
        d = duel.decision
        assert d is not None
        if n % 4 == 0:
            before, events = duel.digest(), duel.event_count
            for bad in (len(d.options), -1, 10**6, "no-such-option"):
                with pytest.raises(YgoError):
                    duel.apply(bad)
                assert duel.digest() == before and duel.event_count == events
        duel.apply(policy(duel, d))
        n += 1


# -- tampered saves -------------------------------------------------------------------------


def _payload(duel: Duel) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(zlib.decompress(duel.save()[len(serialize.MAGIC) :]))
    return data


def _load(payload: dict[str, Any]) -> Duel:
    return Duel.load(serialize.MAGIC + zlib.compress(json.dumps(payload).encode()))


def test_a_deck_card_that_claims_to_be_a_token_is_refused() -> None:
    # R-SUM-11: a card of a deck is never a Token, and only a Token may be nowhere.
    duel = _pool_duel(4)
    for _ in range(30):
        duel.apply(0)
    payload = _payload(duel)
    assert _load(payload).digest() == duel.digest()
    st = payload["state"]
    uid = st["hand"][0][0] if st["hand"][0] else st["deck"][0][0]
    bad = copy.deepcopy(payload)
    bad["state"]["ctype"][uid] |= CardType.TOKEN
    with pytest.raises(SaveError):
        _load(bad)


@pytest.mark.xfail(
    strict=True,
    reason="Duel.load does not compare the saved card records with the saved decks: "
    "a save may swap a card in hand for Blue-Eyes (scenario saves have empty decks, "
    "so the check needs the scenario builder to record its cards as decks)",
)
def test_a_save_whose_cards_its_decks_do_not_list_is_refused() -> None:
    duel = new_duel(1)
    payload = _payload(duel)
    st = payload["state"]
    uid = st["hand"][0][0]
    blue_eyes = dict(st["cards"][uid])
    blue_eyes.update(code=89631139, name="Blue-Eyes White Dragon", atk=3000, level=8)
    blue_eyes.update({"def": 2500, "alias": 0, "setcodes": [], "type": 17})
    st["cards"][uid] = blue_eyes
    st["ctype"][uid] = 17
    with pytest.raises(SaveError):
        _load(payload)


# -- the CLI --------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", (8, 11))
def test_ygo_play_with_whole_pool_decks_names_no_unseen_extra_deck_card(
    seed: int, tmp_path: Any
) -> None:
    # R-DUEL-8: `ygo play` with ydk files full of the new cards (Extra Decks included)
    # plays on without a traceback, and never names a card of the opponent's Extra
    # Deck unless it was summoned (then it is face-up on the field).
    from tests.hostile.conftest import run
    from tests.scenario import card

    paths = []
    decks = scripted_decks(seed)
    for i, deck in enumerate(decks):
        path = tmp_path / f"d{i}.ydk"
        lines = ["#main", *map(str, deck.main), "#extra", *map(str, deck.extra), "!side"]
        path.write_text("\n".join(lines) + "\n")
        paths.append(str(path))
    args = ["play", "--deck", paths[0], "--opp-deck", paths[1], "--opponent", "random"]
    r = run(*args, "--seed", str(seed), "--auto", stdin="1\n" * 300 + "quit\n")
    assert r.exit_code == 0 and "Traceback" not in r.output, r.output[-2000:]
    elsewhere = {card(c).name for c in (*decks[0].main, *decks[0].extra, *decks[1].main)}
    unseen = {card(c).name for c in decks[1].extra} - elsewhere
    assert unseen
    for name in unseen:
        if name in r.output:
            assert f"Summons {name}" in r.output or f"Summon {name}" in r.output, name
