"""``ygo play`` in a real terminal (a pseudo-terminal driven with pexpect), at
80x24 and 160x50: the size comes from the terminal, as it does for a person."""

from __future__ import annotations

import os
import re
import sys

import pytest

from tests.cli.test_play_cli import last_option_answers

pexpect = pytest.importorskip("pexpect")

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
PROMPT = r"\n> "


def spawn(*args: str, rows: int, cols: int) -> pexpect.spawn:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    env["TERM"] = "xterm-256color"
    return pexpect.spawn(
        sys.executable,
        ["-m", "ygo", "play", *args],
        dimensions=(rows, cols),
        env=env,
        encoding="utf-8",
        timeout=60,
    )


def screen(text: str) -> str:
    return ANSI.sub("", text).replace("\r", "")


def test_a_whole_duel_at_80x24_ends_on_the_end_screen() -> None:
    answers, expected = last_option_answers(2)
    child = spawn("--seed", "2", "--auto", rows=24, cols=80)
    seen: list[str] = []
    for n in answers:
        child.expect(PROMPT)
        seen.append(child.before)
        child.sendline(str(n))
    child.expect("rematch")
    seen.append(child.before + "rematch")
    child.expect(PROMPT)
    seen.append(child.before)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    text = screen("".join(seen))
    assert "╭" not in text  # the compact board: no panel at 80 columns
    assert re.search(r"^om1 ", text, re.M) and re.search(r"^Hand h\d", text, re.M)
    assert re.search(r"^─+ Turn \d+ · Your turn · Main Phase 1 ─+$", text, re.M)
    assert all(len(line) <= 80 for line in text.splitlines())
    assert expected.result is not None
    verdict = f"You lose ({expected.result.reason.label}) on turn {expected.turn}."
    assert verdict in text
    assert "again   the same duel again" in text


def test_commands_at_160x50_use_the_wide_board() -> None:
    child = spawn("--seed", "3", "--opponent", "greedy", rows=50, cols=160)
    child.expect(PROMPT)
    first = screen(child.before)
    child.sendline("summon h5")  # Beaver Warrior (seed 3: see test_play_tui)
    child.expect(PROMPT)
    after = screen(child.before)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "╭" in first and "Hand: h1 " in first
    assert max(len(line) for line in first.splitlines()) > 150  # the whole width
    # After the summon the hand keeps h1..h4 and h6: no renumbering.
    assert "You Normal Summon Beaver Warrior." in after
    hand = next(line for line in after.splitlines() if "Hand:" in line)
    assert "h6 " in hand and "h5 " not in hand
