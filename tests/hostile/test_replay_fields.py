"""A replay verifies only if every field the recorder writes is what re-running it
produces (issue 22, item 5): ``ygo replay --verify`` accepted checkpoint turn
numbers of 10**6 and 2**64 and player names that were not strings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.hostile.conftest import cli_error, run
from tests.hostile.test_replays import data_of, record, write
from ygo.data import starter_deck
from ygo.defaults import Duel
from ygo.errors import ReplayError
from ygo.formats.match_replay import MatchReplay, verify_match
from ygo.formats.replay import MAX_NAME, Recorder, Replay, replay_duel
from ygo.match import Match


@pytest.fixture(scope="module")
def recorded() -> Replay:
    return record(7)


def _verify_fails(tmp_path: Path, data: dict[str, Any], *fragments: str) -> None:
    path = write(tmp_path, data)
    cli_error(run("replay", "--verify", str(path)), *fragments)
    with pytest.raises(ReplayError, match=fragments[0].replace("(", r"\(").replace(")", r"\)")):
        replay_duel(Replay.load(path))


def test_the_untampered_replay_verifies(recorded: Replay, tmp_path: Path) -> None:
    result = run("replay", "--verify", str(write(tmp_path, data_of(recorded))))
    assert result.exit_code == 0 and "not checked" not in result.stdout, result.output


@pytest.mark.parametrize("turn", [10**6, 2**64, -1, "next"])
def test_a_tampered_checkpoint_turn_fails(recorded: Replay, tmp_path: Path, turn: Any) -> None:
    data = data_of(recorded)
    k = len(data["checkpoints"]) // 2
    real = data["checkpoints"][k]
    data["checkpoints"][k]["turn"] = turn
    if type(turn) is not int:
        path = write(tmp_path, data)
        cli_error(run("replay", "--verify", str(path)), "malformed checkpoint")
        return
    _verify_fails(
        tmp_path,
        data,
        f"the checkpoint after choice {real['choice']} says turn {turn} ended",
        f"the re-run ended turn {recorded.checkpoints[k].turn} there",
    )


def test_each_checkpoint_turn_is_checked(recorded: Replay, tmp_path: Path) -> None:
    # Off by one, at the first and the last checkpoint.
    for k in (0, -1):
        data = data_of(recorded)
        data["checkpoints"][k]["turn"] += 1
        _verify_fails(tmp_path, data, "says turn")


def test_a_dropped_checkpoint_fails(recorded: Replay, tmp_path: Path) -> None:
    data = data_of(recorded)
    k = len(data["checkpoints"]) // 2
    gone = data["checkpoints"].pop(k)
    _verify_fails(
        tmp_path,
        data,
        f"no checkpoint after turn {gone['turn']} (choice {gone['choice']})",
        "checkpoints were cut",
    )


def test_reordered_checkpoints_fail(recorded: Replay, tmp_path: Path) -> None:
    data = data_of(recorded)
    data["checkpoints"][0], data["checkpoints"][1] = data["checkpoints"][1], data["checkpoints"][0]
    _verify_fails(tmp_path, data, "not in the order of their choices")


@pytest.mark.parametrize(
    "players",
    [[5, "random"], ["greedy", None], [["x"], "y"], [{"a": 1}, "b"], [True, False], ["x" * 65, ""]],
    ids=["int", "null", "list", "object", "bools", "too-long"],
)
def test_player_names_are_strings_of_bounded_length(
    recorded: Replay, tmp_path: Path, players: list[Any]
) -> None:
    data = data_of(recorded)
    data["players"] = players
    path = write(tmp_path, data)
    for verify in ([], ["--verify"]):
        cli_error(
            run("replay", *verify, str(path)),
            str(path),
            f"'players' must list two names (strings of at most {MAX_NAME} characters)",
        )
    data["players"] = ["x" * MAX_NAME, ""]  # at the cap
    assert run("replay", "--verify", str(write(tmp_path, data))).exit_code == 0


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("engine", 1, "'engine' must be a version string"),
        ("engine", "0" * 65, "'engine' must be a version string"),
        ("final_digest", 12345, "'final_digest' must be a string"),
        ("final_digest", None, "'final_digest' must be a string"),
    ],
)
def test_other_recorded_fields_keep_their_type(
    recorded: Replay, tmp_path: Path, key: str, value: Any, message: str
) -> None:
    data = data_of(recorded)
    data[key] = value
    cli_error(run("replay", "--verify", str(write(tmp_path, data))), message)


def test_the_recorder_refuses_names_a_replay_cannot_hold() -> None:
    duel = Duel((starter_deck("yugi"), starter_deck("kaiba")), seed=1)
    with pytest.raises(ReplayError, match="'players' must list two names"):
        Recorder(duel, players=("x" * (MAX_NAME + 1), "random"))
    Recorder(duel, players=("x" * MAX_NAME, "random"))


def _match_replay() -> dict[str, Any]:
    from ygo.agents import make_agent
    from ygo.match import play_match

    m = Match(
        (starter_deck("yugi"), starter_deck("kaiba")), seed=3, players=("a", "b"), record=True
    )
    play_match(m, (make_agent("random", 1), make_agent("random", 2)))
    out: dict[str, Any] = json.loads(MatchReplay.of(m).dumps())
    return out


def test_a_match_replay_holds_to_the_same_rules(tmp_path: Path) -> None:
    data = _match_replay()
    verify_match(MatchReplay.from_dict(data))
    bad = json.loads(json.dumps(data))
    bad["players"] = [1, 2]
    with pytest.raises(ReplayError, match="'players' must list two names"):
        MatchReplay.from_dict(bad)
    bad = json.loads(json.dumps(data))
    bad["duels"][0]["checkpoints"][1]["turn"] = 2**64
    with pytest.raises(ReplayError, match=r"duel 1: the checkpoint after choice \d+ says turn"):
        verify_match(MatchReplay.from_dict(bad))
    path = tmp_path / "m.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    cli_error(run("replay", "--verify", str(path)), "says turn 18446744073709551616 ended")
