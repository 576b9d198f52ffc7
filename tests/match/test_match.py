"""Matches: best of three (R-MATCH-1), who goes first (R-MATCH-2), side decking
(R-DECK-3), and the Duel-shaped API (decision/apply/view/clone/save/load)."""

from __future__ import annotations

import pytest

from ygo.agents import RandomAgent, make_agent
from ygo.core.deck import Deck
from ygo.engine.actions import ActionKind, DecisionKind
from ygo.engine.result import Result, WinReason
from ygo.errors import IllegalActionError, SaveError
from ygo.match import (
    Match,
    MatchScore,
    NoSide,
    StrongerSide,
    is_side_of,
    play_match,
    side_swap,
    tally,
)

F = 91152256  # Celtic Guardian 1400/1200
DM = 46986414  # Dark Magician 2500/2100
SKULL = 70781052  # Summoned Skull 2500/1200
KURIBOH = 40640057  # Kuriboh 300/200
BSKULL = 11901678  # B. Skull Dragon (Fusion: Extra Deck)
BEUD = 23995346  # Blue-Eyes Ultimate Dragon (Fusion)

W0, W1, D = Result(0, WinReason.LP), Result(1, WinReason.LP), Result(None, WinReason.LP)


# -- R-MATCH-1: the tally ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("results", "expected"),
    [
        ([W0, W0], MatchScore(0, (2, 0), 0)),
        ([W1, W0, W1], MatchScore(1, (1, 2), 0)),
        ([W0, D, W0], MatchScore(0, (2, 0), 1)),
        ([W0, D, D], MatchScore(0, (1, 0), 2)),  # one win and two draws: that player
        ([D, W1, D], MatchScore(1, (0, 1), 2)),
        ([W0, W1, D], MatchScore(None, (1, 1), 1)),  # one win, one loss, one draw
        ([D, D, D], MatchScore(None, (0, 0), 3)),  # three draws
    ],
)
def test_match_outcomes_after_each_duel(results: list[Result], expected: MatchScore) -> None:
    # R-MATCH-1 (as revised): two wins take it; after three duels 1W2D wins, else a draw.
    assert tally(results) == expected
    assert tally(results[:-1]) is None  # undecided one duel earlier


@pytest.mark.parametrize("results", [[W0], [W0, W1], [D, D], [W0, D], [D]])
def test_undecided_after_fewer_than_three_duels(results: list[Result]) -> None:
    assert tally(results) is None  # R-MATCH-1


def test_no_duel_after_a_decided_match_and_no_fourth_duel() -> None:
    # R-MATCH-1: a match already decided is over; there is no fourth duel.
    with pytest.raises(ValueError, match="follows a decided match"):
        tally([W0, W0, W1])
    with pytest.raises(ValueError, match="at most three"):
        tally([W0, W1, D, W0])


# -- matches played by the engine -----------------------------------------------------


def _choose(m: Match, kind: ActionKind) -> None:
    d = m.decision
    assert d is not None and d.kind == DecisionKind.TURN_ORDER
    m.apply(next(a for a in d.options if a.kind == kind))


def _pass_until_between(m: Match) -> None:
    """Play the current duel with a fixed policy (go first, end the turn) to its end."""
    while not m.is_over and not m.between_duels:
        d = m.decision
        assert d is not None
        texts = [str(o) for o in d.options]
        pick = next((i for i, t in enumerate(texts) if t in ("end-turn", "go-first")), -1)
        m.apply(pick if pick >= 0 else len(texts) - 1)


def test_a_player_who_loses_twice_loses_the_match_after_two_duels() -> None:
    # R-MATCH-1: 3 cards cannot be drawn as a 5-card hand: player 0 loses each duel.
    m = Match((Deck((F,) * 3), Deck((F,) * 40)), seed=1)
    _pass_until_between(m)
    assert m.results == [Result(1, WinReason.DECK_OUT)] and m.score == "0-1"
    # R-MATCH-2: the loser (player 0) decides who goes first.
    assert m.decision is not None and m.decision.player == 0
    _choose(m, ActionKind.GO_SECOND)
    assert m.duel.first_player == 1
    _pass_until_between(m)
    assert m.result == MatchScore(1, (0, 2), 0)
    assert m.decision is None and len(m.duels) == 2
    with pytest.raises(IllegalActionError, match="match is over"):
        m.apply(0)


def test_three_drawn_duels_are_a_drawn_match_and_the_same_player_chooses() -> None:
    # R-MATCH-1: three draws, a drawn match, no fourth duel. R-MATCH-2: after a
    # drawn duel the player who chose for it chooses again.
    m = Match((Deck((F,) * 3), Deck((F,) * 3)), seed=4)
    _pass_until_between(m)
    assert m.results == [Result(None, WinReason.DECK_OUT)]
    chooser = m.choosers[0]
    for _ in range(2):
        d = m.decision
        assert d is not None and d.player == chooser
        _choose(m, ActionKind.GO_FIRST)
        _pass_until_between(m)
    assert m.result == MatchScore(None, (0, 0), 3) and len(m.duels) == 3
    assert m.choosers == [chooser] * 3


def test_a_coin_toss_after_a_draw_is_a_match_option() -> None:
    # R-MATCH-2 [option: coin toss again]: the chooser comes from the seed.
    choosers = set()
    for seed in range(12):
        m = Match((Deck((F,) * 3), Deck((F,) * 3)), seed=seed, toss_after_draw=True)
        _pass_until_between(m)
        assert m.decision is not None
        choosers.add(m.decision.player)
    assert choosers == {0, 1}


def test_the_loser_chooses_and_a_third_duel_decides() -> None:
    # With 5-card decks the player going second cannot draw on turn 2 and loses.
    # R-MATCH-2: each loser chooses to go first and wins: 1-1, then a third duel.
    m = Match((Deck((F,) * 5), Deck((F,) * 5)), seed=2)
    _pass_until_between(m)
    first_winner = m.results[0].winner
    assert first_winner is not None
    loser = 1 - first_winner
    assert m.decision is not None and m.decision.player == loser
    _choose(m, ActionKind.GO_FIRST)
    _pass_until_between(m)
    assert m.results[1].winner == loser and m.score == "1-1"
    assert m.decision is not None and m.decision.player == first_winner
    _choose(m, ActionKind.GO_FIRST)
    _pass_until_between(m)
    assert m.result == MatchScore(first_winner, (1, 2) if first_winner else (2, 1), 0)
    assert m.choosers[1:] == [loser, first_winner]


def test_agents_choose_the_turn_order_too() -> None:
    m = Match((Deck((F,) * 3), Deck((F,) * 40)), seed=3)
    result = play_match(m, (RandomAgent(1), RandomAgent(2)))
    assert result.winner == 1
    assert m.choosers[1] == 0  # the random agent answered the loser's decision


# -- R-DECK-3: side decking ------------------------------------------------------------

SIDED = Deck(main=(F,) * 38 + (KURIBOH, KURIBOH), extra=(BSKULL,), side=(DM, SKULL, BEUD))


def test_one_for_one_swap_keeps_every_size() -> None:
    # R-DECK-3: cards swap one for one; Main, Extra and Side keep their sizes.
    from ygo.cards.pool import embedded_pool

    db = embedded_pool()
    new = side_swap(SIDED, [KURIBOH, BSKULL], [DM, BEUD], db)
    assert (len(new.main), len(new.extra), len(new.side)) == (40, 1, 3)
    assert new.main.count(DM) == 1 and new.extra == (BEUD,)
    assert sorted(new.side) == sorted((KURIBOH, BSKULL, SKULL))
    assert is_side_of(new, SIDED, db)


@pytest.mark.parametrize(
    ("out", "into", "message"),
    [
        ([KURIBOH, KURIBOH], [DM], "uneven side-deck swap: 2 card"),
        ([KURIBOH], [BEUD], "out of the Extra Deck, 1 in"),  # Main out, Extra in
        ([BSKULL], [DM], "1 card\\(s\\) out of the Extra Deck, 0 in"),
        ([DM], [SKULL], "cannot side out 1 x Dark Magician"),
        ([KURIBOH], [F], "cannot side in 1 x Celtic Guardian"),
    ],
)
def test_an_uneven_or_impossible_swap_is_refused_and_changes_nothing(
    out: list[int], into: list[int], message: str
) -> None:
    # R-DECK-3: a swap that is not one for one within a section is refused.
    m = Match((SIDED, Deck((F,) * 3)), seed=1)  # player 1 loses duel 1 at once
    _pass_until_between(m)
    before = m.save()
    with pytest.raises(IllegalActionError, match=message):
        m.side(0, out, into)
    assert m.decks[0] == SIDED and m.save() == before


def test_side_decking_only_between_duels_and_the_next_duel_uses_the_deck() -> None:
    m = Match((SIDED, Deck((F,) * 3)), seed=1)
    assert m.decision is not None  # duel 1 under way (the coin toss)
    with pytest.raises(IllegalActionError, match="only allowed between the duels"):
        m.side(0, [KURIBOH], [DM])
    _pass_until_between(m)
    m.side(0, [KURIBOH], [DM])
    m.side(0, [F], [SKULL])
    _choose(m, ActionKind.GO_FIRST)
    deck = m.duel.decks[0]
    assert deck.main.count(DM) == 1 and deck.main.count(SKULL) == 1 and len(deck.main) == 40
    assert m.registered[0] == SIDED  # the registration does not change


def test_the_stronger_policy_sides_in_stronger_monsters_after_a_loss() -> None:
    from ygo.cards.pool import embedded_pool

    db = embedded_pool()
    out, into = StrongerSide().swaps(SIDED, False, db)
    assert into == [DM, SKULL] and out == [KURIBOH, KURIBOH]  # BEUD is Extra: not here
    assert StrongerSide().swaps(SIDED, True, db) == ([], [])
    assert StrongerSide().swaps(SIDED, None, db) == ([], [])
    assert NoSide().swaps(SIDED, False, db) == ([], [])


def test_agents_side_deck_with_their_policy_between_duels() -> None:
    m = Match((SIDED, Deck((F,) * 40)), seed=0)
    play_match(m, (make_agent("greedy", 1), make_agent("greedy", 2)), (StrongerSide(), NoSide()))
    if m.results[0].winner == 1:  # player 0 lost duel 1: it sided in its Side monsters
        assert m.duels[1].decks[0].main.count(DM) == 1
    for duel in m.duels:
        assert (len(duel.decks[0].main), len(duel.decks[0].extra)) == (40, 1)


# -- the Duel shape: clone, save, load -------------------------------------------------


def test_clone_save_and_load_continue_the_same_match() -> None:
    m = Match((SIDED, Deck((F,) * 40)), seed=5)
    agents = (make_agent("random", 1), make_agent("random", 2))
    for _ in range(150):
        d = m.decision
        assert d is not None
        m.apply(agents[d.player].choose(None, d))
    twin, loaded = m.clone(), Match.load(m.save())
    assert loaded.save() == m.save()
    for other in (twin, loaded):
        assert other.duel.digest() == m.duel.digest()
    rng_a, rng_b, rng_c = RandomAgent(9), RandomAgent(9), RandomAgent(9)
    for mm, r in ((m, rng_a), (twin, rng_b), (loaded, rng_c)):
        while not mm.is_over:
            d = mm.decision
            assert d is not None
            mm.apply(r.choose(None, d))
    assert m.result == twin.result == loaded.result
    assert [d.digest() for d in m.duels] == [d.digest() for d in loaded.duels]


@pytest.mark.parametrize(
    "data",
    [b"", b"[]", b'{"format": "ygo-match", "version": 9}', b'{"format": "other"}'],
)
def test_a_bad_save_is_refused(data: bytes) -> None:
    with pytest.raises(SaveError):
        Match.load(data)


def test_a_tampered_side_swap_in_a_save_is_refused() -> None:
    m = Match((SIDED, Deck((F,) * 3)), seed=1)
    _pass_until_between(m)
    m.side(0, [KURIBOH], [DM])
    bad = m.save().replace(b"[-1,0,40640057,46986414]", b"[-1,0,40640057,40640057]")
    assert bad != m.save()
    with pytest.raises(SaveError, match="cannot side in"):
        Match.load(bad)
