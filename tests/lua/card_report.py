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
   with the first Lua failure the bridge logged for the card as the reason (else the
   first failed assertion), and the native cards no test plays through Lua with
   why (no script, or what its ``initial_effect`` needs), and prints the counts.
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


_WHERE = re.compile(r'\[string "[^"]*"\]:\d+: ')


def _lua_failure(messages: list[str]) -> str | None:
    """The first failure the bridge logged for the card, without its Lua line."""
    for message in messages:
        return _WHERE.sub("", message)[:200]
    return None


def _not_through_lua(played: set[int]) -> tuple[dict[int, str], list[int]]:
    """The native cards no test plays through Lua, with the reason: no Lua script,
    or its ``initial_effect`` does not register (why); and the registering ones no
    test of tests/cards or tests/rules plays."""
    sys.path.insert(0, str(ROOT / "src"))
    from tests.conftest import LUA_FOLDER
    from ygo.cards.scripts import default_scripts
    from ygo.lua import LuaScripts
    from ygo.lua.scan import Names

    lua = LuaScripts(LUA_FOLDER)
    names = Names(LUA_FOLDER)
    missing: dict[int, str] = {}
    untested: list[int] = []
    for code in sorted(default_scripts().codes()):
        if code in played:
            continue
        error = lua.error(code)
        if error is not None:
            missing[code] = names.describe(error)[:200]
        else:
            untested.append(code)
    return missing, untested


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
        with tempfile.TemporaryDirectory() as tmp:
            report = Path(tmp) / "report.json"
            run = _pytest(["--card-scripts-only", code, *nodes], report)
            if run.returncode == 0:
                return code, None
            logged = _merge([report]).get(code, {}) if report.exists() else {}
        lua = _lua_failure(list(logged.get("lua_failures", [])))  # type: ignore[call-overload]
        return code, f"Lua: {lua}" if lua else f"test: {_reason(run.stdout)}"

    with ThreadPoolExecutor(a.jobs) as pool:
        results = dict(pool.map(isolate, sorted(suspects.items())))
    bad = {int(c): r for c, r in results.items() if r is not None}
    missing, untested = _not_through_lua({int(c) for c in per_card})
    lines = [f"    {code}: {reason!r},\n" for code, reason in sorted(bad.items())]
    text = _header() + "NATIVE_ONLY: dict[int, str] = {\n" + "".join(lines) + "}\n"
    text += (
        "\n# The native cards no test plays through Lua, and why (no script, or its\n"
        "# initial_effect does not register): they always play their native script.\n"
        "NO_LUA: dict[int, str] = {\n"
        + "".join(f"    {code}: {reason!r},\n" for code, reason in sorted(missing.items()))
        + "}\n\n# Native cards whose Lua script registers but that no test of tests/cards or\n"
        "# tests/rules plays.\nUNTESTED: tuple[int, ...] = (\n"
        + "".join(f"    {code},\n" for code in untested)
        + ")\n"
    )
    KNOWN.write_text(text, encoding="utf-8")
    natives = len(per_card) + len(missing) + len(untested)
    print(
        f"native cards: {natives}; played through Lua by the tests: {len(per_card)}; "
        f"pass: {len(per_card) - len(bad)}; keep native: {len(bad)}; "
        f"no Lua behaviour: {len(missing)}; registered but untested: {len(untested)}"
    )


def _header() -> str:
    return (
        '"""Card by card, the natively scripted cards through Lua (issue 24, item 3).\n\n'
        "NATIVE_ONLY: cards whose Lua script does not pass the card's own tests yet, with\n"
        'the reason ("Lua: ..." the first failure the bridge logged, "test: ..." the first\n'
        "failed assertion when it logged none): under ``--card-scripts lua`` they keep\n"
        "their native script. NO_LUA and UNTESTED: the native cards no test plays through\n"
        'Lua. Written by ``python -m tests.lua.card_report``."""\n\n'
        "# ruff: noqa: E501\n"
        "from __future__ import annotations\n\n"
        "# fmt: off\n"
    )


if __name__ == "__main__":
    main()
