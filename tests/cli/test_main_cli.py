"""The global options of the ygo command."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from ygo.cli.main import cli


def test_cards_option_with_a_directory_is_a_one_line_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["--cards", str(tmp_path), "cards", "show", "Dark Magician"])
    assert result.exit_code == 1
    assert "is a directory" in result.output
    assert "Traceback" not in result.output


def test_cards_option_with_garbage_is_a_one_line_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.cdb"
    bad.write_bytes(b"\x00garbage" * 100)
    result = CliRunner().invoke(cli, ["--cards", str(bad), "duel", "--seed", "1"])
    assert result.exit_code == 1
    assert result.output.count("\n") == 1 and str(bad) in result.output


def test_version_and_help() -> None:
    runner = CliRunner()
    assert runner.invoke(cli, ["--version"]).exit_code == 0
    result = runner.invoke(cli, ["--help"])
    assert result.exit_code == 0
    for command in ("cards", "deck", "banlist", "duel", "sim", "bench", "play", "replay"):
        assert command in result.output


def test_an_illegal_deck_is_played_with_a_warning(tmp_path: Path) -> None:
    # R-DECK-1: a 2-card deck breaks the size rule; the duel still runs (it ends at once).
    tiny = tmp_path / "tiny.ydk"
    tiny.write_text("#main\n91152256\n91152256\n")
    result = CliRunner().invoke(cli, ["duel", "--deck0", str(tiny), "--seed", "1"])
    assert result.exit_code == 0
    assert "warning:" in result.stderr and "R-DECK-1" in result.stderr
    assert result.stdout.strip().splitlines()[-1].startswith("Result: player 1")
