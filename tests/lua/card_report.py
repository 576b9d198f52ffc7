"""Card by card: does each natively scripted card pass its own tests with its
Lua script in place of the native one? (issue 24, item 3)

    python -m tests.lua.card_report [--jobs N]

1. runs ``tests/cards`` and ``tests/rules`` with every card on Lua
   (``--card-scripts lua``), recording which Lua cards each test played;
2. for every card some test of which failed, runs those tests again with only
   that card on Lua; a card whose tests still fail does not pass, and the first
   failure's message is its reason;
3. writes ``tests/lua/known.py``: the cards that keep their native script under
   ``--card-scripts lua`` (so that ``make test``'s Lua run checks all the others),
   and prints the counts.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KNOWN = ROOT / "tests" / "lua" / "known.py"


def _pytest(args: list[str], report: Path | None = None) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rf",
           "--card-scripts", "lua", *args]  # fmt: skip
    if report is not None:
        cmd += ["--card-scripts-report", str(report)]
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)


def _merge(paths: list[Path]) -> dict[str, dict[str, object]]:
    out: dict[str, dict[str, object]] = {}
    for p in paths:
        for code, v in json.loads(p.read_text()).items():
            r = out.setdefault(code, {"passed": 0, "failed": []})
            r["passed"] = int(r["passed"]) + int(v["passed"])  # type: ignore[call-overload]
            r["failed"] = [*r["failed"], *v["failed"]]  # type: ignore[misc]
    return out


def _reason(output: str) -> str:
    for line in output.splitlines():
        m = re.match(r"^E\s+(.*)", line)
        if m and m.group(1).strip():
            text = re.sub(r"\s+", " ", m.group(1).strip())
            return text[:160]
    for line in output.splitlines():
        if line.startswith("FAILED"):
            return line[:160]
    return "its tests fail"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    KNOWN.write_text(_header() + "NATIVE_ONLY: dict[int, str] = {}\n", encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        _pytest(["-n", str(a.jobs), "tests/cards", "tests/rules"], report)
        per_card = _merge(sorted(Path(tmp).glob("report.json*")))
    suspects = {c: v["failed"] for c, v in per_card.items() if v["failed"]}

    def isolate(item: tuple[str, object]) -> tuple[str, str | None]:
        code, failed = item
        nodes = sorted(set(failed))  # type: ignore[call-overload]
        run = _pytest(["--card-scripts-only", code, *nodes])
        return code, None if run.returncode == 0 else _reason(run.stdout)

    with ThreadPoolExecutor(a.jobs) as pool:
        results = dict(pool.map(isolate, sorted(suspects.items())))
    bad = {int(c): r for c, r in results.items() if r is not None}
    lines = [f"    {code}: {reason!r},\n" for code, reason in sorted(bad.items())]
    KNOWN.write_text(
        _header() + "NATIVE_ONLY: dict[int, str] = {\n" + "".join(lines) + "}\n", encoding="utf-8"
    )
    print(f"Lua cards played by the tests: {len(per_card)}; pass: {len(per_card) - len(bad)}; "
          f"keep native: {len(bad)}")  # fmt: skip


def _header() -> str:
    return (
        '"""Cards whose Lua script does not pass the card\'s own tests yet, by passcode,\n'
        "with the first failure as the reason: under ``--card-scripts lua`` they keep\n"
        "their native script. Written by ``python -m tests.lua.card_report``; cards whose\n"
        'Lua script does not register at all are not listed (they play native anyway)."""\n\n'
        "# ruff: noqa: E501\n"
        "from __future__ import annotations\n\n"
        "# fmt: off\n"
    )


if __name__ == "__main__":
    main()
