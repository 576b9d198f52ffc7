"""Match replays (every duel, verified like a duel replay), the ``ygo match`` and
``ygo sim --match`` commands, and property tests over many seeded random matches."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ygo.agents import RandomAgent
from ygo.cli.main import cli
from ygo.core.deck import Deck
from ygo.errors import ReplayError
from ygo.formats.match_replay import MatchReplay, verify_match
from ygo.match import MAX_DUELS, Match, StrongerSide, play_match

F = 91152256  # Celtic Guardian
DM = 46986414  # Dark Magician
KURIBOH = 40640057
BSKULL = 11901678  # Fusion
BEUD = 23995346  # Fusion
SIDED = Deck(main=(F,) * 30 + (KURIBOH,) * 3, extra=(BSKULL,), side=(DM, DM, BEUD))
SHORT = Deck(main=(F,) * 33)


def _played(seed: int, decks: tuple[Deck, Deck] = (SIDED, SHORT)) -> Match:
    m = Match(decks, seed=seed, record=True, players=("random", "random"))
    play_match(m, (RandomAgent(seed), RandomAgent(seed + 1)), (StrongerSide(), StrongerSide()))
    return m


@pytest.mark.parametrize("seed", range(24))
def test_random_matches_end_keep_sizes_and_their_replay_reproduces_them(seed: int) -> None:
    # Properties over seeded random matches: a match always ends (R-MATCH-1: at
    # most three duels), side decking keeps every size (R-DECK-3), and the replay
    # (and a save) reproduces it.
    m = _played(seed)
    assert m.is_over and 2 <= len(m.duels) <= MAX_DUELS
    for duel in m.duels:
        for p, deck in enumerate(duel.decks):
            reg = m.registered[p]
            assert (len(deck.main), len(deck.extra), len(deck.side)) == (
                len(reg.main),
                len(reg.extra),
                len(reg.side),
            )
            assert sorted(deck.all_cards()) == sorted(reg.all_cards())
    replay = MatchReplay.loads(MatchReplay.of(m).dumps())
    results = verify_match(replay)
    assert results == m.results
    assert Match.load(m.save()).result == m.result


def test_a_tampered_match_replay_is_refused() -> None:
    m = _played(3)
    good = MatchReplay.of(m).to_dict()
    # A duel deck that is not a one-for-one side of the registered deck.
    bad = json.loads(json.dumps(good))
    bad["duels"][0]["decks"][0]["main"][0] = DM
    with pytest.raises(ReplayError, match="R-DECK-3"):
        verify_match(MatchReplay.from_dict(bad))
    # A claimed result the duels do not give.
    bad = json.loads(json.dumps(good))
    bad["result"]["winner"] = 1 - (m.result.winner or 0) if m.result else 0
    bad["result"]["wins"] = [3, 3]
    with pytest.raises(ReplayError, match="the duels give"):
        verify_match(MatchReplay.from_dict(bad))
    # A duel after the match was decided (R-MATCH-1).
    bad = json.loads(json.dumps(good))
    if len(bad["duels"]) == 2:
        bad["duels"].append(bad["duels"][1])
        with pytest.raises(ReplayError, match="follows a decided match"):
            verify_match(MatchReplay.from_dict(bad))
    # A changed choice: the duel's own verification fails.
    bad = json.loads(json.dumps(good))
    bad["duels"][-1]["choices"][-1] = "no such option"
    with pytest.raises(ReplayError, match=f"duel {len(bad['duels'])}"):
        verify_match(MatchReplay.from_dict(bad))


def test_match_command_writes_a_replay_that_replay_verifies(tmp_path: Path) -> None:
    out = tmp_path / "m.json"
    runner = CliRunner()
    r = runner.invoke(
        cli,
        ["match", "--p0", "greedy", "--seed", "4", "--side0", "stronger", "--replay-out", str(out)],
    )
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0].startswith("Duel 1: ")
    assert r.output.splitlines()[-1].startswith("Match: ")
    v = runner.invoke(cli, ["replay", "--verify", str(out)])
    assert v.exit_code == 0 and v.output.startswith("ok: "), v.output
    data = json.loads(out.read_text())
    data["duels"][0]["final_digest"] = "0" * 16
    out.write_text(json.dumps(data))
    v = runner.invoke(cli, ["replay", "--verify", str(out)])
    assert v.exit_code == 1 and "duel 1: final digest mismatch" in v.output


def test_sim_match_counts_matches() -> None:
    r = CliRunner().invoke(cli, ["sim", "--match", "--games", "3", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["matches"] == 3 and sum(data["wins"]) + data["draws"] == 3
    assert 6 <= data["duels"] <= 9


def test_match_command_refuses_an_unknown_policy() -> None:
    r = CliRunner().invoke(cli, ["match", "--side0", "clever"])
    assert r.exit_code == 2  # a click usage error


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not a match replay"),
        ('{"format": "ygo-replay"}', "not a match replay"),
        ('{"format": "ygo-match-replay", "version": 2}', "unsupported match replay version"),
        ('{"format": "ygo-match-replay", "version": 1, "duels": []}', "one to three duel"),
    ],
)
def test_a_malformed_match_replay_is_one_clear_error(text: str, message: str) -> None:
    with pytest.raises(ReplayError, match=message):
        MatchReplay.loads(text)


def test_a_bad_match_result_shape_is_refused() -> None:
    data = MatchReplay.of(_played(1)).to_dict()
    data["result"] = {"winner": 5}
    with pytest.raises(ReplayError, match="'result' must be null or"):
        MatchReplay.from_dict(data)


def test_replay_command_on_a_bad_match_replay_exits_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "ygo-match-replay", "version": 1, "duels": 5}')
    r = CliRunner().invoke(cli, ["replay", "--verify", str(bad)])
    assert r.exit_code == 1 and r.output.startswith("error: ") and len(r.output.splitlines()) == 1
