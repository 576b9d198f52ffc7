"""Hostile lflist files (issue 22, item 5): ``ygo banlist list`` on a 4.5 MB file of
200,000 lists ran past 60 s at 322 MB; 8.3 MB of 1.2 million empty ``!N``
headers made ``deck check --banlist FILE:zz`` take 43 s and 920 MB.

Every accepted file is now read in time and memory linear in its size with
small constants: the largest accepted files are read, listed, shown and applied
in under 1 s of CPU (2 s in the test, for a busy machine) and 100 MB; anything
beyond the caps is one clear line.
"""

from __future__ import annotations

import itertools
import os
import string
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.hostile.conftest import SRC, _limit_memory, bounded_error, run_bounded
from ygo.errors import BanlistFormatError
from ygo.formats.lflist import MAX_BYTES, MAX_ENTRIES, MAX_LINES, MAX_LISTS, parse_lflist


def _names() -> Iterator[str]:
    alpha = string.ascii_lowercase + string.digits
    for k in itertools.count(1):
        for t in itertools.product(alpha, repeat=k):
            yield "".join(t)


def test_the_issues_files_are_refused_at_once(tmp_path: Path) -> None:
    many = tmp_path / "many.conf"  # 4.6 MB: 200,000 lists of one entry
    many.write_text("".join(f"!list{i:06d}\n{10000000 + i} 1\n" for i in range(200_000)))
    r = run_bounded("banlist", "list", str(many))
    bounded_error(r, "many.conf: too large for a banlist file (over 2,097,152 bytes)")
    headers = tmp_path / "headers.conf"  # 8.3 MB: 1.2 million empty lists
    five = ("".join(t) for t in itertools.product(string.ascii_lowercase + string.digits, repeat=5))
    headers.write_text("".join(f"!{n}\n" for n in itertools.islice(five, 1_185_000)))
    assert 8_000_000 < headers.stat().st_size < 8 << 20
    r = run_bounded("deck", "check", "starter:yugi", "--banlist", f"{headers}:zz")
    bounded_error(r, "headers.conf: too large for a banlist file")


def test_within_the_size_cap_too_many_lists_lines_or_entries_is_one_clear_line(
    tmp_path: Path,
) -> None:
    # 99,999 empty lists (accepted before: seconds to offer the closest names to
    # a name it lacks); the file is refused at its 1,001st list.
    headers = tmp_path / "headers.conf"
    headers.write_text("".join(f"!{n}\n" for n in itertools.islice(_names(), MAX_LINES - 1)))
    assert headers.stat().st_size < MAX_BYTES
    r = run_bounded("deck", "check", "starter:yugi", "--banlist", f"{headers}:no-such-list")
    bounded_error(r, "line 1001: too many lists (a banlist file may hold at most 1,000)")
    r = run_bounded("banlist", "list", str(headers))
    bounded_error(r, "headers.conf: line 1001: too many lists")
    with pytest.raises(BanlistFormatError, match=r"too many lines for a banlist file \(100,001;"):
        parse_lflist("!a\n" + "\n" * (MAX_LINES - 1))
    parse_lflist("!a\n" + "\n" * (MAX_LINES - 2))  # 100,000 lines
    entries = "".join(f"{i} 0\n" for i in range(1, MAX_ENTRIES + 2))
    with pytest.raises(
        BanlistFormatError,
        match=r"line 30002: too many entries in list 'a' \(a list may name at most 30,000",
    ):
        parse_lflist("!a\n" + entries)
    assert len(parse_lflist("!a\n" + entries[: entries.index(f"\n{MAX_ENTRIES + 1} ")])["a"]) == (
        MAX_ENTRIES
    )
    assert len(parse_lflist("".join(f"!{i}\n" for i in range(MAX_LISTS)))) == MAX_LISTS


def _largest(tmp_path: Path) -> dict[str, Path]:
    """The largest files of each shape the caps accept."""
    files = {
        # 1,000 lists sharing 100,000 lines
        "lists": "".join(
            f"!L{n}\n" + "".join(f"{10000000 + n * 1000 + k} {k % 4}\n" for k in range(98))
            for n in range(MAX_LISTS)
        ),
        # three lists of 30,000 cards each, with comments
        "entries": "".join(
            f"!L{n}\n"
            + "".join(f"{10000000 + n * 40000 + k} {k % 4} --C{k}\n" for k in range(MAX_ENTRIES))
            for n in range(3)
        ),
        # 100,000 lines naming the same card: the parser's most work per byte
        "same": "!L1\n" + "1 0\n" * (MAX_LINES - 2),
        # 2 MiB of comments
        "comments": "!L1\n"
        + "".join(f"{i} 0 --{'x' * 200}\t{'y' * 50}\n" for i in range(1, (MAX_BYTES - 16) // 270)),
    }
    out = {}
    for name, text in files.items():
        path = tmp_path / f"{name}.conf"
        path.write_text(text)
        assert path.stat().st_size <= MAX_BYTES and text.count("\n") <= MAX_LINES
        out[name] = path
    return out


# Peak RSS is this process's own VmHWM: ru_maxrss would count the parent's size at
# the fork (Linux keeps it across exec), and a pytest worker is over 100 MB.
_MEASURED = """
import resource, sys, time
from ygo.cli.main import cli
start = time.process_time()
try:
    cli.main(sys.argv[1:], prog_name="ygo")
except SystemExit as exc:
    code = exc.code
seconds = time.process_time() - start
try:
    with open("/proc/self/status") as f:
        kb = next(int(x.split()[1]) for x in f if x.startswith("VmHWM:"))
except (OSError, StopIteration):
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(f"{seconds:.3f} {kb}", file=sys.stderr)
"""


def _measured(*args: str) -> tuple[float, float, str]:
    """``ygo ARGS`` in a bounded subprocess: CPU seconds after start-up, peak MB, stderr."""
    proc = subprocess.run(
        [sys.executable, "-c", _MEASURED, *args],
        env={**os.environ, "PYTHONPATH": str(SRC), "COLUMNS": "200"},
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=_limit_memory,
        check=False,
    )
    *said, last = proc.stderr.strip().splitlines()
    seconds, kb = last.split()
    return float(seconds), int(kb) / 1024, "\n".join(said)


def test_the_largest_accepted_files_are_read_in_seconds_and_under_100_MB(tmp_path: Path) -> None:
    # Measured at most 0.8 s of CPU after start-up (with the card database loaded)
    # on a 2-core machine shared with other work; the bound leaves room for a busy
    # machine. Before, 1,000 lists took 1.4 s to tabulate and 200,000 over a minute.
    files = _largest(tmp_path)
    runs = [
        ("banlist", "list", str(files["lists"])),
        ("banlist", "list", str(files["lists"]), "--json"),
        ("deck", "check", "starter:yugi", "--banlist", f"{files['lists']}:zz"),
        ("banlist", "show", "L1", "--file", str(files["entries"])),
        ("banlist", "show", "L1", "--file", str(files["entries"]), "--json"),
        ("deck", "check", "starter:yugi", "--banlist", f"{files['entries']}:L2"),
        ("banlist", "show", "L1", "--file", str(files["same"])),
        ("banlist", "show", "L1", "--file", str(files["comments"])),
    ]
    for args in runs:
        seconds, mb, said = _measured(*args)
        assert "Traceback" not in said, (args, said)
        assert seconds < 2.0 and mb < 100, (args, seconds, mb)
