"""Replay verification and hostile replay files (issue 7, "Trust boundary").

Verification checks the recorded result and says plainly what the replay does
not record; loading validates the result's shape and caps the file and deck
sizes. Replays are built with the project's own recorder.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from tests.hostile.conftest import bounded_error, cli_error, run, run_bounded
from ygo.agents import make_agent
from ygo.data import starter_deck
from ygo.defaults import Duel
from ygo.errors import ReplayError
from ygo.formats.replay import MAX_BYTES, MAX_DECK_CARDS, Recorder, Replay, replay_duel

DARK_MAGICIAN = 46986414


def record(seed: int = 5) -> Replay:
    """A whole greedy-vs-random duel, recorded."""
    duel = Duel((starter_deck("yugi"), starter_deck("kaiba")), seed=seed)
    recorder = Recorder(duel, players=("greedy", "random"))
    agents = (make_agent("greedy", 1), make_agent("random", 2))
    while not duel.is_over:
        d = duel.decision
        assert d is not None
        agent = agents[d.player]
        recorder.apply(agent.choose(duel.view(d.player) if agent.needs_view else None, d))
    assert recorder.replay.reason
    return recorder.replay


@pytest.fixture(scope="module")
def recorded() -> Replay:
    return record()


def write(tmp_path: Path, data: dict[str, Any], name: str = "r.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def data_of(replay: Replay) -> dict[str, Any]:
    data = json.loads(replay.dumps())
    assert isinstance(data, dict)
    return data


# -- the claimed result is checked -----------------------------------------------------------


def test_a_replay_claiming_the_other_winner_fails_verification(
    recorded: Replay, tmp_path: Path
) -> None:
    data = data_of(recorded)
    winner = data["result"]["winner"]
    data["result"]["winner"] = 1 - winner if winner is not None else 0
    path = write(tmp_path, data)
    line = cli_error(run("replay", "--verify", str(path)), "ended differently")
    assert f"player {data['result']['winner']} wins" in line  # what the replay says
    with pytest.raises(ReplayError, match="the replay says player"):
        replay_duel(Replay.load(path))


def test_a_replay_claiming_a_draw_fails_verification(recorded: Replay, tmp_path: Path) -> None:
    data = data_of(recorded)
    data["result"]["winner"] = None
    cli_error(run("replay", "--verify", str(write(tmp_path, data))), "the replay says draw")


def test_a_result_claimed_for_an_unfinished_duel_fails(recorded: Replay, tmp_path: Path) -> None:
    data = data_of(recorded)
    data["choices"] = data["choices"][:10]
    data["checkpoints"] = [c for c in data["checkpoints"] if c["choice"] <= 10]
    data["final_digest"] = ""
    line = cli_error(run("replay", "--verify", str(write(tmp_path, data))), "ended differently")
    assert "unfinished" in line


@pytest.mark.parametrize(
    ("result", "message"),
    [
        ("garbage", "'result' must be null or an object"),
        ([0, "LP"], "'result' must be null or an object"),
        ({"winner": 2, "reason": "LP"}, "'winner' must be 0, 1 or null"),
        ({"winner": True, "reason": "LP"}, "'winner' must be 0, 1 or null"),
        ({"winner": "0", "reason": "LP"}, "'winner' must be 0, 1 or null"),
        ({"winner": 0, "reason": "garbage"}, "'reason' must be one of LP, DECK_OUT, EFFECT"),
        ({"winner": 0}, "'reason' must be one of"),
        ({"winner": 0, "reason": ""}, "'reason' must be one of"),
    ],
)
def test_a_malformed_result_is_a_replay_error(
    recorded: Replay, tmp_path: Path, result: Any, message: str
) -> None:
    data = data_of(recorded)
    data["result"] = result
    path = write(tmp_path, data)
    for verify in ([], ["--verify"]):
        cli_error(run("replay", *verify, str(path)), str(path), message)


def test_a_verified_replay_names_everything_it_checked(recorded: Replay, tmp_path: Path) -> None:
    path = write(tmp_path, data_of(recorded))
    result = run("replay", "--verify", str(path))
    assert result.exit_code == 0, result.output
    line = result.stdout.strip()
    n = len(recorded.checkpoints)
    assert line.startswith(f"ok: {len(recorded.choices)} choices legal; matched: {n} turn digests")
    assert "the final digest" in line and "the result (player" in line
    assert "not checked" not in line


def test_without_digests_verification_says_what_it_could_not_check(
    recorded: Replay, tmp_path: Path
) -> None:
    data = data_of(recorded)
    del data["checkpoints"]
    data["final_digest"] = ""
    result = run("replay", "--verify", str(write(tmp_path, data)))
    assert result.exit_code == 0, result.output
    line = result.stdout.strip()
    assert "no turn digests recorded (turns not checked)" in line
    assert "no final digest recorded (final state not checked)" in line
    assert "turn digests and the final digest match" not in line  # the old claim
    assert "matched: the result (player" in line


def test_without_anything_recorded_verification_says_so(recorded: Replay, tmp_path: Path) -> None:
    data = data_of(recorded)
    data["checkpoints"] = []
    data["final_digest"] = ""
    data["result"] = None
    result = run("replay", "--verify", str(write(tmp_path, data)))
    assert result.exit_code == 0, result.output
    line = result.stdout.strip()
    assert "matched" not in line
    for what in ("turns", "final state", "result"):
        assert f"{what} not checked" in line


# -- size caps -----------------------------------------------------------------------------


def test_a_deck_over_the_cap_is_refused_on_load(recorded: Replay, tmp_path: Path) -> None:
    data = data_of(recorded)
    data["decks"][1]["side"] = [DARK_MAGICIAN] * (MAX_DECK_CARDS + 1 - 40)
    path = write(tmp_path, data)
    cli_error(run("replay", str(path)), "deck 1 holds", f"at most {MAX_DECK_CARDS}")
    data["decks"][1]["side"] = [DARK_MAGICIAN] * (MAX_DECK_CARDS - 40 - 10)
    Replay.load(write(tmp_path, data))  # at the cap is fine


def test_decks_of_a_million_cards_are_refused_fast(recorded: Replay, tmp_path: Path) -> None:
    # Two 800,000-card decks (a 14 MB file): the duel set-up used to take most of a GB.
    data = data_of(recorded)
    for deck in data["decks"]:
        deck["main"] = [DARK_MAGICIAN] * 800_000
    path = write(tmp_path, data)
    assert path.stat().st_size < MAX_BYTES
    r = run_bounded("replay", "--verify", str(path))
    bounded_error(r, "deck 0 holds 800,000 cards")
    assert r.seconds < 20


def test_a_replay_over_the_size_cap_is_refused_without_reading_it(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    with path.open("wb") as f:
        f.truncate(40 * 1024 * 1024)  # sparse
    start = time.monotonic()
    cli_error(run("replay", str(path)), "too large for a replay file")
    assert time.monotonic() - start < 5


# -- a bad ruleset is one clear line -------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "message"),
    [
        ("mr3", "bad ruleset: not a JSON object"),
        ([["start_lp", 1]], "bad ruleset: not a JSON object"),
        (None, "bad ruleset: missing"),
        ({"start_lp": "x"}, "ruleset start_lp must be an integer"),
        ({"colour": 1}, "unknown ruleset field(s): colour"),
    ],
)
def test_a_bad_ruleset_is_one_clear_line(
    recorded: Replay, tmp_path: Path, ruleset: Any, message: str
) -> None:
    data = data_of(recorded)
    data["ruleset"] = ruleset
    line = cli_error(run("replay", str(write(tmp_path, data))), message)
    assert "dictionary update sequence" not in line and "Error" not in line
