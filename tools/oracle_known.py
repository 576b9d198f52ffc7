"""Rewrite ``tests/oracle/known_generated.py`` from a fresh run of every card ygo
plays through Lua (the per-card differential run of tests/oracle/).

Usage (from the repository root)::

    .venv/bin/python tools/oracle_known.py [--jobs 2] [--check]

The hand-classified entries of ``tests/oracle/known.py`` stay as they are (a
card listed there and now agreeing or differing otherwise is reported, for a
person to fix), and so do the generated entries of the hand-written scenarios
and those whose differences are unchanged (their reasons may have been written
by hand). Every other disagreement becomes a generated entry whose reason is
the first Lua failure ygo logged for that card ("bridge gap: ..."), or
"unclassified" when none was logged. ``--check`` writes nothing and exits 1 if
the file would change.
"""

from __future__ import annotations

import argparse
import re
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "src"))

from tests.oracle.session import Session, open_session  # noqa: E402

TARGET = ROOT / "tests" / "oracle" / "known_generated.py"
_WHERE = re.compile(r'\[string "[^"]*"\]:\d+: ')
UNCLASSIFIED = "unclassified: a disagreement with no Lua failure logged (to investigate)"

HEADER = '''"""Disagreements found since the bridge grew past the cards classified by hand in
``known.py``: generated (``tools/oracle_known.py``: the first Lua failure the run
logged for the card), then classified by hand where no failure was logged. A
reason "bridge gap: ..." names what the bridge lacks or got wrong for that card;
"harness: ..." a fault of the generated scenario or of the comparison;
"difference: ..." a legitimate difference between the engines (a die roll or a
shuffle drawn from each engine's own generator); "unclassified" means the cause
is still to be found. A bridge gap or harness entry is a known, open defect, not
an accepted difference: fixing it removes the entry (the test then says so)."""

# ruff: noqa: E501
from __future__ import annotations

from tests.oracle.known import Known

# fmt: off
GENERATED: dict[tuple[str, int | str], Known] = {
'''

_SESSION: Session | None = None


def _session() -> Session:
    global _SESSION
    if _SESSION is None:
        got = open_session("lua")
        if isinstance(got, str):
            raise SystemExit(got)
        _SESSION = got
    return _SESSION


def _failure(session: Session, code: int) -> str:
    lua = session.source.lua
    if lua is None:
        return ""
    for (c, _fn), message in lua.failures.items():
        if c == code:
            first = message.split(": ", 1)[1] if ": " in message else message
            return _WHERE.sub("", first)
    return ""


def _run(codes: list[int]) -> list[tuple[int, str, tuple[str, ...], str]]:
    session = _session()
    out = []
    for code in codes:
        try:
            res = session.card(code)
        except Exception as exc:  # a harness error: reported, the run goes on
            out.append((code, "error", (), f"{type(exc).__name__}: {exc}"))
            continue
        out.append((code, res.status, tuple(res.diffs), _failure(session, code)))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 on a change")
    ns = ap.parse_args(argv)
    from tests.oracle.known import KNOWN
    from tests.oracle.known_generated import GENERATED

    hand = {k: v for k, v in KNOWN.items() if k not in GENERATED or KNOWN[k] is not GENERATED[k]}
    codes = _session().codes()
    chunks = [codes[i :: ns.jobs * 4] for i in range(ns.jobs * 4)]
    results: list[tuple[int, str, tuple[str, ...], str]] = []
    if ns.jobs <= 1:
        results = _run(codes)
    else:
        with ProcessPoolExecutor(ns.jobs) as pool:
            for part in pool.map(_run, chunks):
                results.extend(part)
    entries: dict[int, tuple[str, tuple[str, ...]]] = {}
    problems = []
    for code, status, diffs, failure in sorted(results):
        known = hand.get(("lua", code))
        if known is not None:
            if status != "disagree" or diffs != known.diffs:
                problems.append(f"{code}: hand entry in known.py no longer holds ({status})")
            continue
        if status == "error":
            problems.append(f"{code}: harness error {failure}")
        elif status == "disagree":
            before = GENERATED.get(("lua", code))
            if before is not None and before.diffs == diffs:
                entries[code] = (before.reason, diffs)  # (as classified before)
            else:
                entries[code] = (f"bridge gap: {failure}" if failure else UNCLASSIFIED, diffs)
    kept = {k: v for k, v in GENERATED.items() if not isinstance(k[1], int)}  # scenarios
    text = HEADER + "".join(
        f"    {key!r}: Known({v.reason!r}, {v.diffs!r}),\n" for key, v in kept.items()
    )
    text += "".join(
        f"    ('lua', {code}): Known({reason!r}, {diffs!r}),\n"
        for code, (reason, diffs) in entries.items()
    )
    text += "}\n# fmt: on\n"
    for p in problems:
        print(p)
    old = TARGET.read_text(encoding="utf-8")
    gap = sum(1 for r, _ in entries.values() if r != UNCLASSIFIED)
    print(
        f"{len(results)} cards: {len(entries)} generated disagreements "
        f"({gap} bridge gaps, {len(entries) - gap} unclassified); {len(problems)} problems"
    )
    if ns.check:
        return 1 if text != old or problems else 0
    TARGET.write_text(text, encoding="utf-8")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
