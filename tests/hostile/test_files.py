"""Files that used to hang or crash a command (issue 7, "Trust boundary").

Every test asserts a one-line error naming the problem, exit code 1, and a
bounded run: commands that could block or blow up run in a subprocess with a
timeout and a 1 GiB address-space limit (``run_bounded``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.hostile.conftest import (
    HOSTILE,
    bounded_error,
    cli_error,
    hostile_cdb,
    run,
    run_bounded,
)
from ygo.data import starter_deck
from ygo.errors import DeckFormatError, YgoError
from ygo.formats.files import check_writable, read_capped, small_number
from ygo.formats.ydk import read_ydk

HUGE = "1" * 5000  # more digits than Python's int() accepts (4,300)
ESC = "\x1b"


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    path = tmp_path / "pipe"
    os.mkfifo(path)
    yield path


# -- 1. read with a cap, and refuse what is not a regular file -----------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["deck", "check", "{f}"],
        ["deck", "show", "{f}"],
        ["duel", "--deck0", "{f}"],
        ["banlist", "list", "{f}"],
        ["banlist", "show", "X", "--file", "{f}"],
        ["replay", "{f}"],
        ["replay", "--verify", "{f}"],
        ["--cards", "{f}", "cards", "search", "x"],
    ],
    ids=lambda a: " ".join(a),
)
def test_a_fifo_is_refused_without_blocking(fifo: Path, args: list[str]) -> None:
    r = run_bounded(*(a.format(f=fifo) for a in args))
    bounded_error(r, str(fifo), "FIFO", "only regular files are read")
    assert r.seconds < 15


@pytest.mark.parametrize(
    "args",
    [
        ["replay", "/dev/zero"],
        ["replay", "--verify", "/dev/zero"],
        ["deck", "check", "/dev/zero"],
        ["banlist", "list", "/dev/zero"],
        ["--cards", "/dev/zero", "cards", "search", "x"],
    ],
    ids=lambda a: " ".join(a),
)
def test_a_device_is_refused_at_once(args: list[str]) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    r = run_bounded(*args)
    bounded_error(r, "/dev/zero", "is a device")
    assert r.seconds < 15  # it used to read /dev/zero for 22 s, until killed


def test_read_capped_reads_up_to_the_limit_and_no_further(tmp_path: Path) -> None:
    path = tmp_path / "f.ydk"
    path.write_bytes(b"x" * 100)
    assert read_capped(path, 100, "deck file") == b"x" * 100
    with pytest.raises(YgoError, match=r"f\.ydk: too large for a deck file \(over 99 bytes\)"):
        read_capped(path, 99, "deck file")


def test_a_huge_sparse_file_is_refused_without_reading_it(tmp_path: Path) -> None:
    path = tmp_path / "huge.ydk"
    with path.open("wb") as f:
        f.truncate(1 << 40)  # 1 TiB, sparse: costs nothing on disk
    start = time.monotonic()
    with pytest.raises(DeckFormatError, match="too large for a deck file"):
        read_ydk(path)
    assert time.monotonic() - start < 2


def test_read_capped_names_each_problem(tmp_path: Path) -> None:
    with pytest.raises(YgoError, match=r"^empty path: no deck file given$"):
        read_capped("", 10, "deck file")
    with pytest.raises(YgoError, match="no such deck file"):
        read_capped(tmp_path / "missing", 10, "deck file")
    with pytest.raises(YgoError, match="is a directory, not a deck file"):
        read_capped(tmp_path, 10, "deck file")
    with pytest.raises(DeckFormatError):  # the caller's error class
        read_capped(tmp_path, 10, "deck file", error=DeckFormatError)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads anything")
def test_an_unreadable_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "locked.ydk"
    path.write_text("#main\n46986414\n")
    path.chmod(0)
    with pytest.raises(YgoError, match=r"locked\.ydk: cannot read: Permission denied"):
        read_capped(path, 100, "deck file")


# -- 2. numbers of more than 4,300 digits ----------------------------------------------------


def test_a_huge_passcode_in_a_deck_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "huge.ydk"
    path.write_text(f"#main\n{HUGE}\n")
    line = cli_error(run("deck", "check", str(path)), "line 2", "out of range")
    assert len(line) < 200  # the number is shown shortened
    # Leading zeros do not count: this is Dark Magician.
    path.write_text(f"#main\n{'0' * 5000}46986414\n")
    assert read_ydk(path).main == (46986414,)


@pytest.mark.parametrize(
    "entry",
    [f"{HUGE} 1", f"12 {HUGE}", f"{'0' * 5000}12 1"],
    ids=["passcode", "count", "leading zeros"],
)
def test_huge_numbers_in_a_banlist_are_clear_errors(tmp_path: Path, entry: str) -> None:
    path = tmp_path / "huge.conf"
    path.write_text(f"!L\n{entry}\n")
    result = run("banlist", "list", str(path))
    if entry.startswith("0"):  # 12 with leading zeros is a fine passcode
        assert result.exit_code == 0, result.output
        return
    cli_error(result, "line 2")


def test_a_huge_number_at_the_play_prompt_is_just_out_of_range() -> None:
    result = run("play", "--seed", "1", stdin=f"{HUGE}\nlog {HUGE}\nlog 2\nquit\n")
    assert result.exit_code == 0, result.output
    assert result.exception is None
    assert "choose 1 to" in result.stdout
    assert "You left the duel." in result.stdout


def test_small_number() -> None:
    assert small_number("0007") == 7
    assert small_number(HUGE) is None
    assert small_number("\u0663") is None  # an Arabic-Indic digit
    assert small_number("12a") is None


# -- 3. names are data --------------------------------------------------------------------


@pytest.fixture
def cdb(tmp_path: Path) -> Path:
    return hostile_cdb(tmp_path / "hostile.cdb")


def _safe(text: str) -> None:
    assert ESC not in text
    assert "\x9b" not in text


def test_play_prints_hostile_names_verbatim(cdb: Path) -> None:
    result = run(
        "--cards", str(cdb), "play", "--seed", "1", stdin="1\n1\ngy\nlog 5\n[/dim]\ni [/x]\nquit\n"
    )
    assert result.exception is None, result.exception  # [/dim] used to crash it
    assert result.exit_code == 0
    _safe(result.stdout)
    assert "[/dim]\ufffd[31m[bold]" in result.stdout  # printed as itself, ESC replaced


def test_play_inspects_a_hostile_card_verbatim(cdb: Path) -> None:
    result = run("--cards", str(cdb), "play", "--seed", "1", stdin="i h1\nwhy\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    _safe(result.stdout)
    assert result.stdout.count("[/dim]") > 3


def test_duel_log_escapes_names(cdb: Path) -> None:
    result = run("--cards", str(cdb), "duel", "--log")
    assert result.exit_code == 0, result.output
    _safe(result.stdout)
    assert "[/dim]\ufffd[31m[bold]" in result.stdout


def test_deck_convert_names_writes_no_escape_codes(cdb: Path, tmp_path: Path) -> None:
    result = run("--cards", str(cdb), "deck", "convert", "starter:yugi", "--to", "ydk", "--names")
    assert result.exit_code == 0, result.output
    _safe(result.stdout)
    assert "# [/dim]\ufffd[31m[bold]Dark Magician" in result.stdout
    # The file still reads back to the same deck.
    out = tmp_path / "named.ydk"
    out.write_text(result.stdout)
    assert read_ydk(out).main == starter_deck("yugi").main


@pytest.mark.parametrize(
    "args",
    [
        ["deck", "show", "starter:yugi"],
        ["deck", "show", "starter:yugi", "--json"],
        ["deck", "check", "starter:yugi", "--ruleset", "classic"],
        ["banlist", "show", "DM5"],
    ],
    ids=lambda a: " ".join(a),
)
def test_tables_and_json_escape_names(cdb: Path, args: list[str]) -> None:
    result = run("--cards", str(cdb), *args)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    _safe(result.stdout)


def test_replay_show_escapes_names(cdb: Path, tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    assert run("--cards", str(cdb), "duel", "--replay-out", str(path)).exit_code == 0
    result = run("--cards", str(cdb), "replay", str(path))
    assert result.exit_code == 0, result.output
    _safe(result.stdout)
    assert HOSTILE.replace(ESC, "\ufffd") in result.stdout


def test_an_error_quoting_outside_text_stays_one_line(tmp_path: Path) -> None:
    path = tmp_path / "evil.ydk"
    path.write_bytes(b"#main\n46986414\n!evil\x1b[2J\n")
    line = cli_error(run("deck", "check", str(path)), "unknown section marker")
    _safe(line)


# -- 4. output paths are checked before the duel -------------------------------------------


@pytest.mark.parametrize("command", ["play", "duel"])
@pytest.mark.parametrize("where", ["missing dir", "directory", "empty"])
def test_replay_out_is_checked_before_the_duel(tmp_path: Path, command: str, where: str) -> None:
    target = {
        "missing dir": str(tmp_path / "nonexistent" / "dir" / "r.json"),
        "directory": str(tmp_path),
        "empty": "",
    }[where]
    r = run_bounded(command, "--seed", "1", "--replay-out", target, stdin="1\n" * 2000)
    line = bounded_error(r, "replay")
    assert {"missing dir": "no such directory", "directory": "is a directory",
            "empty": "empty path"}[where] in line  # fmt: skip
    # Nothing was played: no seed banner, no board, no result line.
    assert r.stdout == ""


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes anywhere")
def test_replay_out_in_a_read_only_directory(tmp_path: Path) -> None:
    locked = tmp_path / "ro"
    locked.mkdir()
    locked.chmod(0o500)
    cli_error(run("duel", "--replay-out", str(locked / "r.json")), "not writable")


def test_check_writable_creates_nothing(tmp_path: Path) -> None:
    target = tmp_path / "r.json"
    check_writable(target, "replay")
    assert not target.exists()
    with pytest.raises(YgoError, match="is a directory"):
        check_writable(tmp_path, "replay")


def test_deck_convert_to_a_directory_exits_1(tmp_path: Path) -> None:
    cli_error(run("deck", "convert", "starter:yugi", "--to", "ydk", "-o", str(tmp_path)),
              "is a directory")  # fmt: skip


# -- 5. every bad file exits 1 with a clear message ------------------------------------------


def test_an_unreadable_cdb_exits_1(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "locked.cdb"
    path.write_bytes(b"SQLite format 3\0")
    # click's Path(readable=True) used to turn this into a usage error (exit 2).
    monkeypatch.setattr(os, "access", lambda *a, **k: False)
    cli_error(run("--cards", str(path), "cards", "search", "x"), "locked.cdb", "cannot read")


def test_a_directory_as_a_replay_exits_1(tmp_path: Path) -> None:
    cli_error(run("replay", str(tmp_path)), "is a directory, not a replay file")


@pytest.mark.parametrize(
    "args",
    [
        ["deck", "check", ""],
        ["deck", "show", ""],
        ["duel", "--deck0", ""],
        ["banlist", "list", ""],
        ["replay", ""],
        ["--cards", "", "cards", "search", "x"],
        ["deck", "convert", "starter:yugi", "--to", "ydk", "-o", ""],
    ],
    ids=lambda a: " ".join(a),
)
def test_an_empty_path_says_so(args: list[str]) -> None:
    line = cli_error(run(*args), "empty path")
    assert "'.'" not in line and ".:" not in line


def _gbk_deck() -> bytes:
    return "#created by 游戏王\n#main\n46986414 # 黑魔导\n89631139 # 青眼白龙\n".encode("gbk")


def test_a_gbk_deck_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "中文.ydk"
    data = _gbk_deck()
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    path.write_bytes(data)
    assert read_ydk(path).main == (46986414, 89631139)
    result = run("deck", "show", str(path))
    assert result.exit_code == 0, result.output
    assert "Dark Magician" in result.stdout


def test_utf8_with_a_bom_is_still_read(tmp_path: Path) -> None:
    path = tmp_path / "bom.ydk"
    path.write_bytes(b"\xef\xbb\xbf#main\n46986414\n")
    assert read_ydk(path).main == (46986414,)


def test_a_binary_file_is_still_refused_as_a_deck(tmp_path: Path) -> None:
    path = tmp_path / "image.ydk"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    cli_error(run("deck", "check", str(path)), "not UTF-8 or GB18030 text")
