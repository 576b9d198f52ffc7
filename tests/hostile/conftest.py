"""Shared helpers for the hostile-input tests: the CLI in a bounded subprocess,
one-line error checks, and a card database whose names are hostile."""

from __future__ import annotations

import os
import resource
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner, Result

from ygo.cards.pool import embedded_pool
from ygo.cli.main import cli
from ygo.data import starter_deck

SRC = Path(__file__).resolve().parents[2] / "src"
TIMEOUT = 30.0
"""Seconds a subprocess may take before the test fails (a hang is a failure, not a wait)."""
MEMORY = 1 << 30
"""Address space a subprocess may use (1 GiB): a command that reads a hostile file
whole, or builds a duel from millions of cards, dies instead of finishing."""

HOSTILE = "[/dim]\x1b[31m[bold]"
"""Rich markup that closes a tag never opened (a crash), then an escape code, then
markup that would restyle the rest of the line."""


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str
    seconds: float


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run_bounded(*args: str, stdin: str = "", cwd: Path | None = None) -> Run:
    """``ygo ARGS`` in a subprocess with a time limit and a memory limit."""
    env = {**os.environ, "PYTHONPATH": str(SRC), "COLUMNS": "200"}
    start = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-m", "ygo", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        env=env,
        cwd=cwd,
        preexec_fn=_limit_memory,
        check=False,
    )
    return Run(proc.returncode, proc.stdout, proc.stderr, time.monotonic() - start)


def run(*args: str, stdin: str | None = None) -> Result:
    """``ygo ARGS`` in-process through click's runner."""
    return CliRunner().invoke(cli, list(args), input=stdin)


def one_line_error(code: int, stdout: str, stderr: str, *fragments: str) -> str:
    """Exit 1, one ``error:`` line naming every fragment, no traceback."""
    assert code == 1, (code, stdout, stderr)
    assert "Traceback" not in stdout + stderr, stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), stderr
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
    return lines[0]


def bounded_error(r: Run, *fragments: str) -> str:
    return one_line_error(r.code, r.stdout, r.stderr, *fragments)


def cli_error(result: Result, *fragments: str) -> str:
    assert isinstance(result.exception, SystemExit), result.exception
    return one_line_error(result.exit_code, result.stdout, result.stderr, *fragments)


def hostile_name(name: str) -> str:
    return f"{HOSTILE}{name}"


def hostile_cdb(path: Path) -> Path:
    """A cdb that renames every card of the two starter decks ``[/dim]<ESC>[31m[bold]Name``
    (same stats, so the duels are the same)."""
    pool = embedded_pool()
    codes = sorted(set(starter_deck("yugi").all_cards()) | set(starter_deck("kaiba").all_cards()))
    conn = sqlite3.connect(path)
    conn.execute(
        "CREATE TABLE datas(id integer primary key, ot integer, alias integer, setcode integer,"
        " type integer, atk integer, def integer, level integer, race integer,"
        " attribute integer, category integer)"
    )
    conn.execute("CREATE TABLE texts(id integer primary key, name text, desc text)")
    for code in codes:
        c = pool.get(code)
        level = c.level | (c.lscale << 24) | (c.rscale << 16)
        atk = -2 if c.atk is None else c.atk
        df = -2 if c.defense is None else c.defense
        conn.execute(
            "INSERT INTO datas VALUES (?, 3, ?, 0, ?, ?, ?, ?, ?, ?, 0)",
            (code, c.alias, int(c.type), atk, df, level, int(c.race), int(c.attribute)),
        )
        conn.execute("INSERT INTO texts VALUES (?, ?, '')", (code, hostile_name(c.name)))
    conn.commit()
    conn.close()
    return path
