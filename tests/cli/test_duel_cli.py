"""The engine commands: ``ygo duel``, ``ygo replay``, ``ygo sim``, ``ygo bench``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from ygo.agents import make_agent, play
from ygo.cli.main import cli
from ygo.data import starter_deck
from ygo.defaults import Duel

RESULT_LINE = re.compile(
    r"^Result: (draw|player ([01]) \((greedy|random)\) wins) — (.+), turn (\d+), "
    r"LP (\d+)/(\d+)$"
)


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def ok(*args: str) -> Result:
    result = run(*args)
    assert result.exit_code == 0, (result.output, result.exception)
    return result


def one_line_error(result: Result, code: int = 1) -> str:
    """The command failed cleanly: the exit code, one ``error:`` line, no traceback."""
    assert result.exit_code == code, (result.output, result.exception)
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


# -- ygo duel ----------------------------------------------------------------------------


def test_duel_with_the_defaults_prints_one_result_line() -> None:
    result = ok("duel")
    lines = result.stdout.splitlines()
    assert len(lines) == 1
    match = RESULT_LINE.match(lines[0])
    assert match is not None, lines[0]
    assert match.group(3) in (None, "random")
    assert ok("duel").stdout == result.stdout  # seed 0 by default: the same duel


def test_duel_greedy_against_random_matches_the_library() -> None:
    result = ok("duel", "--p0", "greedy", "--p1", "random", "--seed", "5")
    match = RESULT_LINE.match(result.stdout.strip())
    assert match is not None, result.stdout
    duel = Duel((starter_deck("yugi"), starter_deck("kaiba")), seed=5)
    outcome = play(duel, (make_agent("greedy", 11), make_agent("random", 12)))
    assert outcome is not None and outcome.winner == 0
    assert match.group(1) == "player 0 (greedy) wins"
    assert match.group(4) == outcome.reason.label
    assert int(match.group(5)) == duel.turn
    assert (int(match.group(6)), int(match.group(7))) == (duel.lp(0), duel.lp(1))


def test_duel_log_is_readable_and_ends_with_the_result() -> None:
    result = ok("duel", "--p0", "greedy", "--seed", "5", "--log")
    lines = result.stdout.splitlines()
    assert len(lines) > 50
    assert lines[0].startswith("Duel starts; P") and lines[0].endswith("goes first.")
    assert "--- Turn 1 (P" in result.stdout and "--- Turn 2 (P" in result.stdout
    assert "Main Phase 1." in lines
    assert any(re.fullmatch(r"P[01] Normal Summons .+\.", line) for line in lines)
    assert any(re.fullmatch(r"P[01] takes \d+ battle damage\.", line) for line in lines)
    assert not any("shuffle" in line for line in lines)  # shuffles are not worth a line
    assert lines[-2] == "P0 wins (LP reached 0)."
    assert RESULT_LINE.match(lines[-1]) and lines[-1].startswith("Result: player 0 (greedy)")


def test_duel_under_the_classic_ruleset() -> None:
    a = ok("duel", "--ruleset", "classic", "--seed", "3").stdout
    b = ok("duel", "--ruleset", "mr3", "--seed", "3").stdout
    assert RESULT_LINE.match(a.strip()) and a != b


@pytest.mark.parametrize(
    "args",
    [
        ["duel", "--p0", "minimax"],
        ["duel", "--p1", "human"],
        ["duel", "--ruleset", "speed"],
        ["duel", "--seed", "many"],
        ["sim", "--games", "5", "--p0", "minimax"],
        ["sim", "--games", "0"],
        ["sim"],
        ["bench", "--deck", "X"],
        ["bench", "--duels", "0"],
        ["replay"],
    ],
)
def test_usage_errors_exit_2(args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "Usage:" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("command", [["duel"], ["sim", "--games", "2"]])
def test_a_bad_deck_path_exits_1(command: list[str], tmp_path: Path) -> None:
    missing = tmp_path / "missing.ydk"
    line = one_line_error(run(*command, "--deck0", str(missing)))
    assert str(missing) in line and "no such deck file" in line
    garbage = tmp_path / "garbage.ydk"
    garbage.write_text("#main\nnot-a-passcode\n")
    one_line_error(run(*command, "--deck1", str(garbage)))


# -- ygo duel --replay-out / ygo replay --------------------------------------------------


@pytest.fixture
def replay_file(tmp_path: Path) -> Path:
    path = tmp_path / "duel.json"
    ok("duel", "--p0", "greedy", "--p1", "random", "--seed", "5", "--replay-out", str(path))
    return path


def test_replay_shows_the_duel_turn_by_turn(replay_file: Path) -> None:
    result = ok("replay", str(replay_file))
    out = result.stdout
    lines = out.splitlines()
    turns = [int(m) for m in re.findall(r"^--- Turn (\d+) \(P[01]\) ---$", out, re.M)]
    assert turns == list(range(1, turns[-1] + 1)) and turns[-1] > 2
    assert "    LP 8000 / 8000" in lines  # the LP before turn 2
    assert "Players: P0 greedy, P1 random" in lines
    assert lines[-1] == "Result: player 0 wins (LP reached 0)"
    logged = ok("duel", "--p0", "greedy", "--seed", "5", "--log").stdout.splitlines()
    # The replay shows the same story as the live log.
    assert [x for x in lines if x.startswith("---")] == [x for x in logged if x.startswith("---")]


def test_replay_verify_accepts_a_recorded_duel(replay_file: Path) -> None:
    result = ok("replay", str(replay_file), "--verify")
    line = result.stdout.strip()
    assert re.fullmatch(
        r"ok: \d+ choices legal; matched: \d+ turn digests, the final digest, "
        r"the result \(player 0 wins \(LP reached 0\)\)",
        line,
    ), line


def test_replay_verify_names_the_turn_of_a_tampered_checkpoint(replay_file: Path) -> None:
    data = json.loads(replay_file.read_text(encoding="utf-8"))
    checkpoint = data["checkpoints"][2]
    checkpoint["digest"] = "0" * 32
    replay_file.write_text(json.dumps(data), encoding="utf-8")
    line = one_line_error(run("replay", str(replay_file), "--verify"))
    assert f"digest mismatch after turn {checkpoint['turn']}" in line
    # Shown without verification, the choices still play.
    assert ok("replay", str(replay_file)).stdout.splitlines()[-1].startswith("Result:")


def test_replay_of_a_tampered_choice_fails_naming_it(replay_file: Path) -> None:
    data = json.loads(replay_file.read_text(encoding="utf-8"))
    data["choices"][0] = "summon Exodia [0]"
    replay_file.write_text(json.dumps(data), encoding="utf-8")
    for args in (["replay", str(replay_file)], ["replay", str(replay_file), "--verify"]):
        line = one_line_error(run(*args))
        assert "choice 1 ('summon Exodia [0]') is not legal" in line


@pytest.mark.parametrize(
    "content",
    [b"", b"garbage", b"{}", b'{"format": "ygo-replay", "version": 99}', b"\xff\xfe\x00\x80"],
    ids=["empty", "garbage", "empty object", "future version", "not UTF-8"],
)
@pytest.mark.parametrize("verify", [False, True])
def test_replay_of_a_garbage_file_is_a_one_line_error(
    tmp_path: Path, content: bytes, verify: bool
) -> None:
    path = tmp_path / "garbage.json"
    path.write_bytes(content)
    line = one_line_error(run("replay", str(path), *(["--verify"] if verify else [])))
    assert str(path) in line


def test_replay_of_a_missing_file_or_a_directory(tmp_path: Path) -> None:
    line = one_line_error(run("replay", str(tmp_path / "nowhere.json")))
    assert "no such replay file" in line
    line = one_line_error(run("replay", str(tmp_path)))  # exit 1, like every bad file
    assert "is a directory" in line


def test_replay_of_deeply_nested_json_is_a_one_line_error(tmp_path: Path) -> None:
    path = tmp_path / "nested.json"
    path.write_text("[" * 100_000)
    one_line_error(run("replay", str(path)))


def test_replay_out_to_an_impossible_path_exits_1(tmp_path: Path) -> None:
    line = one_line_error(run("duel", "--replay-out", str(tmp_path / "no" / "dir" / "r.json")))
    assert "cannot write the replay" in line


# -- ygo sim -----------------------------------------------------------------------------


SIM_KEYS = {"games", "wins", "draws", "avg_turns", "duels_per_s"}


def _sim(*args: str) -> dict[str, object]:
    data = json.loads(ok("sim", "--games", "20", "--json", *args).stdout)
    assert isinstance(data, dict)
    return data


def test_sim_json_counts_every_game() -> None:
    data = _sim()
    assert set(data) >= SIM_KEYS
    assert data["games"] == 20
    wins = data["wins"]
    assert isinstance(wins, list) and len(wins) == 2
    assert sum(wins) + data["draws"] == 20  # type: ignore[operator]
    assert isinstance(data["avg_turns"], float) and data["avg_turns"] > 1
    assert isinstance(data["duels_per_s"], float) and data["duels_per_s"] > 0
    assert data["agents"] == ["random", "random"]
    assert data["decks"] == ["starter:yugi", "starter:kaiba"]


def test_sim_is_reproducible_by_seed() -> None:
    timing = {"seconds", "duels_per_s"}

    def stable(d: dict[str, object]) -> dict[str, object]:
        return {k: v for k, v in d.items() if k not in timing}

    a, b = _sim("--seed", "7"), _sim("--seed", "7")
    assert stable(a) == stable(b)
    assert stable(_sim("--seed", "8")) != stable(a)


def test_sim_greedy_against_random() -> None:
    data = _sim("--p0", "greedy", "--p1", "random", "--ruleset", "classic")
    assert data["wins"] == [20, 0]
    assert data["agents"] == ["greedy", "random"]


def test_sim_prints_a_table_without_json() -> None:
    out = ok("sim", "--games", "4").stdout
    assert "4 duels: random (starter:yugi)" in out and "vs random (starter:kaiba)" in out
    assert "player 0" in out and "player 1" in out and "wins" in out
    assert re.search(r"draws \d+ · average turns \d+\.\d", out)


# -- ygo bench ---------------------------------------------------------------------------


BENCH_KEYS = {
    "deck",
    "duels",
    "duels_per_s",
    "turns_per_duel",
    "decisions_per_duel",
    "decisions_per_s",
    "peak_rss_mb",
    "clone_us",
}


@pytest.mark.parametrize("deck", ["V", "s", "starter", "synchro", "pendulum"])
def test_bench_json_reports_the_reference_units(deck: str) -> None:
    data = json.loads(ok("bench", "--duels", "20", "--json", "--deck", deck).stdout)
    assert set(data) >= BENCH_KEYS
    assert data["deck"] == deck.upper() and data["duels"] == 20
    for key in BENCH_KEYS - {"deck", "duels"}:
        assert isinstance(data[key], (int, float)) and data[key] > 0, key
    # A duel has more decisions than turns, and at least a dozen turns.
    assert data["decisions_per_duel"] > data["turns_per_duel"] > 10


def test_bench_prints_a_table_without_json() -> None:
    out = ok("bench", "--duels", "5").stdout
    assert "duels/s" in out and "ratio to reference" in out
