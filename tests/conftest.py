"""The switch that runs the project's own card and rule tests with YGOPro's Lua
card scripts in place of the native ones (issue 24, item 3):

    pytest tests/cards tests/rules --card-scripts lua [--card-scripts-report FILE]

Every card with both a native script and a Lua script that registers plays its
Lua script (the duel's default script source prefers Lua), except the cards of
``tests/lua/known.py``'s table, which keep their native script for the reason
given there. The run records which Lua cards each test played and reports,
card by card, the tests it passed and failed and the Lua failures the bridge
logged for it (``--card-scripts-report``).

Also the fixture ``lua_folder`` (the folder of :data:`LUA_FOLDER`).
"""

from __future__ import annotations

import json
import os
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

SHARED = Path(os.environ.get("YGO_TEST_SHARED", Path(__file__).resolve().parents[2] / "shared"))
LUA_FOLDER = Path(os.environ.get("YGO_TEST_LUA_SCRIPTS", SHARED / "ygopro-scripts"))
"""The YGOPro Lua card scripts the Lua tests run against: ``../shared/ygopro-scripts``
beside the repository (``YGO_TEST_LUA_SCRIPTS`` names another folder;
``YGO_TEST_SHARED`` another ``shared`` folder, e.g. from a git worktree)."""

_STATE: dict[str, Any] = {}


@pytest.fixture(scope="session")
def lua_folder() -> Path:
    """:data:`LUA_FOLDER`; a test that asks for it is skipped with the reason when
    the folder or the ``lupa`` extra is missing."""
    from ygo.lua import available

    if not available():
        pytest.skip("the lupa extra is not installed")
    if not (LUA_FOLDER / "constant.lua").is_file():
        pytest.skip(f"no YGOPro script folder at {LUA_FOLDER}")
    return LUA_FOLDER


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("ygo")
    group.addoption(
        "--card-scripts",
        choices=("native", "lua"),
        default="native",
        help="which card scripts the duels of the tests play (default native)",
    )
    group.addoption(
        "--card-scripts-only",
        default="",
        help="with --card-scripts lua: only these passcodes (comma-separated) play Lua",
    )
    group.addoption(
        "--card-scripts-report",
        default=None,
        help="with --card-scripts lua: write the card-by-card report (JSON) here",
    )


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--card-scripts") != "lua":
        return
    from tests.lua.known import NATIVE_ONLY
    from ygo.cards import scripts as native_module
    from ygo.lua import LuaScripts, available
    from ygo.scripting import Behaviour, Combined

    if not available() or not (LUA_FOLDER / "constant.lua").is_file():
        raise pytest.UsageError(f"--card-scripts lua needs lupa and YGOPro scripts at {LUA_FOLDER}")
    original = native_module.default_scripts
    native = original()
    lua = LuaScripts(LUA_FOLDER)
    used: set[int] = set()
    only = {int(x) for x in config.getoption("--card-scripts-only").split(",") if x.strip()}

    class Recording(Combined):
        def kind(self, code: int) -> Behaviour:
            if code in NATIVE_ONLY or (only and code not in only):
                return Behaviour.NATIVE if self.native.has(code) else Behaviour.NONE
            return super().kind(code)

        def effects(self, code: int) -> Any:
            if self.kind(code) == Behaviour.LUA:
                used.add(code)
            return super().effects(code)

        def codes(self) -> list[int]:
            return native.codes()

        def __len__(self) -> int:
            return len(native)

    source = Recording(native, lua, "lua")

    def default_scripts() -> Any:
        return source

    for mod in list(sys.modules.values()):
        if getattr(mod, "default_scripts", None) is original and mod.__name__ != "ygo.scripting":
            mod.default_scripts = default_scripts  # type: ignore[attr-defined]
    _STATE.update(used=used, source=source, lua=lua, per_card=defaultdict(lambda: [[], []]))
    config.addinivalue_line("markers", "native_only: a test of the native scripts themselves")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Any:
    outcome = yield
    if not _STATE or call.when != "call":
        return
    rep = outcome.get_result()
    used: set[int] = _STATE["used"]
    for code in sorted(used):
        _STATE["per_card"][code][0 if rep.passed else 1].append(item.nodeid)
    used.clear()


def pytest_runtest_setup(item: pytest.Item) -> None:
    if _STATE:
        _STATE["used"].clear()


def pytest_sessionfinish(session: pytest.Session) -> None:
    if not _STATE:
        return
    path = session.config.getoption("--card-scripts-report")
    per_card = _STATE["per_card"]
    failures: dict[int, list[str]] = defaultdict(list)
    for (code, _fn), message in _STATE["lua"].failures.items():
        failures[code].append(message)
    report = {
        str(code): {"passed": len(p), "failed": f, "lua_failures": failures.get(code, [])}
        for code, (p, f) in sorted(per_card.items())
    }
    if path:
        # (with xdist, each worker writes its own part: FILE.<worker>)
        worker = getattr(session.config, "workerinput", {}).get("workerid")
        out = Path(path if worker is None else f"{path}.{worker}")
        out.write_text(json.dumps(report, indent=1), encoding="utf-8")
