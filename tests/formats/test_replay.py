"""Replay files (``ygo.formats.replay``): record, save, load, re-run, verify."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.engine.helpers import STARTERS, new_duel
from ygo.agents import make_agent
from ygo.defaults import Duel
from ygo.errors import IllegalActionError, ReplayError, YgoError
from ygo.formats.replay import FORMAT, VERSION, Checkpoint, Recorder, Replay, replay_duel
from ygo.rules import Ruleset


def record(
    seed: int = 1,
    agents: tuple[str, str] = ("greedy", "random"),
    ruleset: Ruleset | None = None,
    first: int | None = None,
) -> tuple[Duel, Replay]:
    """Play and record a whole duel between two agents."""
    duel = new_duel(seed, ruleset, first, toss=None)
    recorder = Recorder(duel, players=agents)
    pair = (make_agent(agents[0], seed * 2 + 1), make_agent(agents[1], seed * 2 + 2))
    while not duel.is_over:
        d = duel.decision
        assert d is not None
        agent = pair[d.player]
        recorder.apply(agent.choose(duel.view(d.player) if agent.needs_view else None, d))
    return duel, recorder.replay


@pytest.fixture(scope="module")
def recorded() -> tuple[Duel, Replay]:
    return record()


def _tampered(replay: Replay, change: Any) -> Replay:
    data = json.loads(replay.dumps())
    change(data)
    return Replay.from_dict(data)


# -- recording and re-running ------------------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "agents", "ruleset", "first"),
    [
        (1, ("greedy", "random"), None, None),
        (2, ("random", "random"), Ruleset.classic(), None),
        (3, ("random", "greedy"), None, 1),
        (4, ("greedy", "greedy"), Ruleset.mr3().with_(start_lp=4000), 0),
    ],
)
def test_a_saved_replay_reproduces_the_duel(
    tmp_path: Path,
    seed: int,
    agents: tuple[str, str],
    ruleset: Ruleset | None,
    first: int | None,
) -> None:
    duel, replay = record(seed, agents, ruleset, first)
    path = tmp_path / "duel.ygoreplay.json"
    replay.save(path)
    loaded = Replay.load(path)
    assert loaded == replay
    again = replay_duel(loaded, verify=True)
    assert again.is_over and again.result == duel.result
    assert again.digest() == duel.digest() == loaded.final_digest
    assert again.choices == duel.choices
    assert again.events() == duel.events()
    assert (again.ruleset, again.seed, again.first) == (duel.ruleset, duel.seed, duel.first)


def test_the_replay_file_holds_the_tuple_that_determines_the_duel(
    recorded: tuple[Duel, Replay], tmp_path: Path
) -> None:
    duel, replay = recorded
    path = tmp_path / "r.json"
    replay.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT == "ygo-replay" and data["version"] == VERSION == 1
    assert data["ruleset"] == Ruleset.mr3().to_dict()
    assert data["decks"] == [
        {"main": list(d.main), "extra": list(d.extra), "side": list(d.side)} for d in STARTERS
    ]
    assert (data["seed"], data["first"], data["players"]) == (1, None, ["greedy", "random"])
    assert data["final_digest"] == duel.digest()
    assert duel.result is not None
    assert data["result"] == {"winner": duel.result.winner, "reason": duel.result.reason.name}
    # One text per answered decision: the option chosen, in its stable text form.
    assert len(data["choices"]) == duel.decisions_made
    assert all(isinstance(c, str) for c in data["choices"])
    assert "end-turn" in data["choices"]


def test_checkpoints_follow_the_turns(recorded: tuple[Duel, Replay]) -> None:
    duel, replay = recorded
    cps = replay.checkpoints
    assert cps and all(isinstance(c, Checkpoint) for c in cps)
    turns = [c.turn for c in cps]
    # Turn 0 is the opening: the coin toss winner's choice ends it (R-DUEL-2).
    assert turns == sorted(set(turns)) and turns[0] == 0 and turns[-1] < duel.turn
    counts = [c.choice for c in cps]
    assert counts == sorted(counts) and counts[-1] <= len(replay.choices)
    # Each checkpoint is the digest of the duel after that many choices.
    again = new_duel(1, toss=None)
    for i, text in enumerate(replay.choices):
        again.apply(text)
        for c in cps:
            if c.choice == i + 1:
                assert again.digest() == c.digest, f"checkpoint after turn {c.turn}"


def test_replay_reports_choices_and_turns_as_it_runs(recorded: tuple[Duel, Replay]) -> None:
    _, replay = recorded
    seen_choices: list[str] = []
    seen_turns: list[int] = []
    replay_duel(
        replay,
        on_choice=lambda duel, text: seen_choices.append(text),
        on_turn=lambda duel, turn: seen_turns.append(turn),
    )
    assert seen_choices == replay.choices
    assert seen_turns == sorted(seen_turns) and seen_turns


def test_dumps_and_loads_round_trip(recorded: tuple[Duel, Replay]) -> None:
    _, replay = recorded
    assert Replay.loads(replay.dumps()) == replay
    assert Replay.from_dict(replay.to_dict()) == replay


def test_the_recorder_records_nothing_for_an_illegal_choice() -> None:
    duel = new_duel(3, first=0)
    recorder = Recorder(duel)
    with pytest.raises(IllegalActionError):
        recorder.apply("summon Nothing [999]")
    with pytest.raises(IllegalActionError):
        recorder.apply(99)
    assert recorder.replay.choices == []
    recorder.apply("end-turn")
    assert recorder.replay.choices == ["end-turn"]


def test_a_recorder_attached_after_choices_is_refused() -> None:
    # A replay must start from the duel's first choice, or it could never be re-run.
    duel, _ = record(5)
    with pytest.raises(ReplayError, match="before the duel's first choice"):
        Recorder(duel, players=("a", "b"))


# -- replays that do not replay ----------------------------------------------------------


def test_a_tampered_choice_is_named(recorded: tuple[Duel, Replay]) -> None:
    _, replay = recorded
    bad = _tampered(replay, lambda d: d["choices"].__setitem__(3, "summon Nothing [999]"))
    with pytest.raises(ReplayError) as info:
        replay_duel(bad, verify=True)
    message = str(info.value)
    assert "choice 4" in message and "'summon Nothing [999]'" in message
    assert "not legal" in message
    # Without verification too: an illegal choice can never be re-run.
    with pytest.raises(ReplayError, match="choice 4"):
        replay_duel(bad, verify=False)


def test_a_choice_that_belongs_to_another_duel_is_refused(
    recorded: tuple[Duel, Replay],
) -> None:
    # The same choices under another seed go wrong early.
    _, replay = recorded
    bad = _tampered(replay, lambda d: d.__setitem__("seed", 2))
    with pytest.raises(ReplayError, match="digest mismatch after turn 0"):
        replay_duel(bad)  # the opening's checkpoint (after the coin toss) catches it
    with pytest.raises(ReplayError, match=r"choice \d+ .* is not legal at its point"):
        replay_duel(bad, verify=False)


def test_a_tampered_checkpoint_names_the_turn(recorded: tuple[Duel, Replay]) -> None:
    duel, replay = recorded
    k = len(replay.checkpoints) // 2
    turn = replay.checkpoints[k].turn
    bad = _tampered(replay, lambda d: d["checkpoints"][k].__setitem__("digest", "0" * 32))
    with pytest.raises(ReplayError, match=f"digest mismatch after turn {turn}:"):
        replay_duel(bad, verify=True)
    # Not verifying, the choices still re-run the same duel.
    assert replay_duel(bad, verify=False).digest() == duel.digest()


def test_a_checkpoint_that_matches_no_turn_is_refused(recorded: tuple[Duel, Replay]) -> None:
    _, replay = recorded
    k = len(replay.checkpoints) // 2

    def move(data: dict[str, Any]) -> None:
        data["checkpoints"][k]["choice"] += 1
        data["checkpoints"][k]["digest"] = "0" * 32

    with pytest.raises(ReplayError):
        replay_duel(_tampered(replay, move), verify=True)


def test_a_tampered_final_digest_is_refused(recorded: tuple[Duel, Replay]) -> None:
    duel, replay = recorded
    bad = _tampered(replay, lambda d: d.__setitem__("final_digest", "f" * 32))
    with pytest.raises(ReplayError, match=f"final digest mismatch \\(turn {duel.turn}\\)"):
        replay_duel(bad)


def test_a_tampered_result_is_refused(recorded: tuple[Duel, Replay]) -> None:
    duel, replay = recorded
    assert duel.result is not None
    other = "DECK_OUT" if duel.result.reason.name != "DECK_OUT" else "LP"
    bad = _tampered(replay, lambda d: d["result"].__setitem__("reason", other))
    with pytest.raises(ReplayError, match="ended differently"):
        replay_duel(bad)


def test_missing_and_extra_choices(recorded: tuple[Duel, Replay]) -> None:
    _, replay = recorded
    short = _tampered(replay, lambda d: d.__setitem__("choices", d["choices"][:10]))
    with pytest.raises(ReplayError, match="final digest mismatch"):
        replay_duel(short)
    unfinished = replay_duel(short, verify=False)
    assert not unfinished.is_over and unfinished.decisions_made == 10
    long = _tampered(replay, lambda d: d["choices"].append("end-turn"))
    n = len(replay.choices) + 1
    with pytest.raises(
        ReplayError, match=f"choice {n} \\('end-turn'\\): the duel was already over"
    ):
        replay_duel(long)


def test_unknown_cards_in_a_replay_are_a_replay_error(recorded: tuple[Duel, Replay]) -> None:
    _, replay = recorded
    bad = _tampered(replay, lambda d: d["decks"][0].__setitem__("main", [99999999] * 40))
    with pytest.raises(ReplayError, match=r"cannot set up the replay's duel: .*99999999"):
        replay_duel(bad)


# -- files that are not replays ----------------------------------------------------------


def _valid(recorded: tuple[Duel, Replay]) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(recorded[1].dumps())
    return data


def _edit(data: dict[str, Any], key: str, value: Any) -> str:
    out = dict(data)
    if value is _MISSING:
        del out[key]
    else:
        out[key] = value
    return json.dumps(out)


_MISSING = object()

BAD_FIELDS: list[tuple[str, Any, str]] = [
    ("format", "ygopro-replay", "not a replay (format is 'ygopro-replay'"),
    ("format", _MISSING, "not a replay (format is None"),
    ("version", 2, "unsupported replay version 2"),
    ("version", "1", "unsupported replay version '1'"),
    ("version", _MISSING, "unsupported replay version None"),
    ("ruleset", _MISSING, "bad ruleset"),
    ("ruleset", [1, 2], "bad ruleset"),
    ("ruleset", {"name": "mr3", "lp": 8000}, "bad ruleset: unknown ruleset field(s): lp"),
    ("decks", _MISSING, "'decks' must list two decks"),
    ("decks", [{"main": [89631139]}], "'decks' must list two decks"),
    ("decks", "starter:yugi", "'decks' must list two decks"),
    ("decks", [{"main": ["Dark Magician"]}, {}], "deck 0 is malformed"),
    ("decks", [{"main": [46986414]}, {"main": [True]}], "deck 1 is malformed"),
    ("decks", [{"main": [46986414]}, {"main": [-5]}], "deck 1 is malformed"),
    ("decks", [{"main": [2**32]}, {"main": []}], "deck 0 is malformed"),
    ("decks", [[46986414], [46986414]], "deck 0 is malformed"),
    ("decks", [{"main": 46986414}, {}], "deck 0 is malformed"),
    ("seed", _MISSING, "'seed' must be an integer"),
    ("seed", "7", "'seed' must be an integer"),
    ("seed", True, "'seed' must be an integer"),
    ("seed", 1.5, "'seed' must be an integer"),
    ("first", 2, "'first' must be 0, 1 or null"),
    ("first", "0", "'first' must be 0, 1 or null"),
    ("choices", _MISSING, "'choices' must be a list of strings"),
    ("choices", "end-turn", "'choices' must be a list of strings"),
    ("choices", [1, 2], "'choices' must be a list of strings"),
    ("checkpoints", [{"turn": 1}], "malformed checkpoint"),
    ("checkpoints", [{"turn": "one", "choice": 1, "digest": "x"}], "malformed checkpoint"),
]


@pytest.mark.parametrize(("key", "value", "message"), BAD_FIELDS)
def test_a_malformed_replay_is_a_replay_error(
    recorded: tuple[Duel, Replay], tmp_path: Path, key: str, value: Any, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(_edit(_valid(recorded), key, value), encoding="utf-8")
    with pytest.raises(ReplayError) as info:
        Replay.load(path)
    text = str(info.value)
    assert text.startswith(f"{path}: ") and message in text
    assert "\n" not in text


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "not valid JSON"),
        (b"garbage", "not valid JSON"),
        (b'{"format": "ygo-replay", ', "not valid JSON"),
        (b"[1, 2, 3]", "not a replay (expected a JSON object)"),
        (b"null", "not a replay (expected a JSON object)"),
        (b'"ygo-replay"', "not a replay (expected a JSON object)"),
        (b"\xff\xfe\x00garbage\x80", "not a replay (not UTF-8 text)"),
        (b"PK\x03\x04\x14\x00\x00\x00", "not valid JSON"),
    ],
)
def test_a_file_that_is_not_a_replay(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "not-a-replay.json"
    path.write_bytes(content)
    with pytest.raises(ReplayError) as info:
        Replay.load(path)
    assert str(info.value).startswith(f"{path}: ") and message in str(info.value)


def test_a_directory_or_a_missing_file_is_a_replay_error(tmp_path: Path) -> None:
    with pytest.raises(ReplayError, match="is a directory, not a replay file"):
        Replay.load(tmp_path)
    with pytest.raises(ReplayError, match="no such replay file"):
        Replay.load(tmp_path / "nowhere.json")


def test_saving_where_it_cannot_be_written_is_a_replay_error(
    recorded: tuple[Duel, Replay], tmp_path: Path
) -> None:
    with pytest.raises(ReplayError, match="cannot write the replay"):
        recorded[1].save(tmp_path / "no" / "such" / "dir" / "r.json")
    with pytest.raises(ReplayError, match="cannot write the replay"):
        recorded[1].save(tmp_path)


def test_the_replay_error_is_a_ygo_error() -> None:
    with pytest.raises(YgoError):
        Replay.loads("{")


@pytest.mark.parametrize(
    ("key", "value"),
    [
        pytest.param(
            "players",
            5,
        ),
        pytest.param(
            "checkpoints",
            5,
        ),
    ],
)
def test_malformed_optional_fields_are_replay_errors(
    recorded: tuple[Duel, Replay], key: str, value: Any
) -> None:
    with pytest.raises(ReplayError):
        Replay.loads(_edit(_valid(recorded), key, value))


def test_a_ruleset_with_bad_values_is_a_replay_error(recorded: tuple[Duel, Replay]) -> None:
    data = _valid(recorded)
    data["ruleset"] = {**data["ruleset"], "start_lp": "x"}
    with pytest.raises(ReplayError):
        replay_duel(Replay.loads(json.dumps(data)))


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(
            "[" * 100_000,
            id="deeply nested",
        ),
        pytest.param(
            '{"format": "ygo-replay", "version": 1, "seed": ' + "9" * 5000 + "}",
            id="huge integer",
        ),
    ],
)
def test_hostile_json_is_a_replay_error(text: str) -> None:
    with pytest.raises(ReplayError):
        Replay.loads(text)
