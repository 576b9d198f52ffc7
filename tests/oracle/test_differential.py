"""ygo against the reference engine (ygopro-core with YGOPro's Lua scripts):
the same position and the same choices in both, compared decision by decision
and at the end (tests/oracle/harness.py; tests/README.md, "Differential tests").

- every card ygo plays through Lua (``LuaScripts.has``) in its per-card
  scenario (tests/oracle/generate.py), ygo running the card's Lua script;
- every card of the guides' pool with a native script, ygo running its own
  Python script against the Lua script in the reference;
- the hand-written scenarios (tests/oracle/scenarios/*.json), both ways.

A disagreement fails unless tests/oracle/known.py lists it, with its reason and
its exact differences (a listed one that changes, or agrees, fails too). A
scenario that cannot be set up (the card has no activation in its natural
position, the harness cannot answer a prompt) or that ygo's Lua bridge cannot
play (an API function it lacks) is skipped with the reason.

Without ../shared/tools/oracle, a C++ compiler, the lupa extra or the YGOPro
script folder every test here is skipped with the reason. The reference
engine's answers are cached (~/.cache/ygo-oracle/runs), so a second run asks it
nothing.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.oracle.generate import lua_codes
from tests.oracle.harness import Result, Runner
from tests.oracle.known import KNOWN
from tests.oracle.reference import Reference, locate, shared_dir
from tests.oracle.session import SCENARIOS, Session, card_db, load_scenario, open_session
from ygo.effects import Effect
from ygo.engine.setup import ScriptSource
from ygo.scripting import script_source

MIRROR_FORCE = 44095762


def _scripts_folder() -> Path | None:
    env = os.environ.get("YGO_ORACLE_SCRIPTS") or os.environ.get("YGO_TEST_LUA_SCRIPTS")
    if env:
        return Path(env)
    shared = shared_dir()
    return None if shared is None else shared / "ygopro-scripts"


def _collect_lua() -> tuple[list[int], str]:
    """The cards ygo plays through Lua (at collection), or why there are none."""
    from ygo.lua import available

    if not available():
        return [], "the lupa extra is not installed"
    folder = _scripts_folder()
    if folder is None or not (folder / "constant.lua").is_file():
        return [], f"no YGOPro script folder at {folder}"
    return lua_codes(folder), ""


def _collect_native() -> list[int]:
    from ygo.cards.scripts import default_scripts
    from ygo.cli.cards import seed_codes

    native = default_scripts()
    return list(dict.fromkeys(c for c in seed_codes() if native.has(c)))


LUA_CODES, NO_LUA = _collect_lua()
NATIVE_CODES = _collect_native()
SCENARIO_FILES = sorted(SCENARIOS.glob("*.json"))


@pytest.fixture(scope="session")
def reference() -> Iterator[Reference]:
    if NO_LUA:
        pytest.skip(NO_LUA)
    ref = locate()
    if isinstance(ref, str):
        pytest.skip(ref)
    yield ref
    ref.close()


def _session(reference: Reference, mode: str) -> Session:
    got = open_session(mode)
    if isinstance(got, str):
        pytest.skip(got)
    got.ref.close()
    got.ref = reference
    got.runner.ref = reference
    return got


@pytest.fixture(scope="session")
def lua(reference: Reference) -> Session:
    return _session(reference, "lua")


@pytest.fixture(scope="session")
def native(reference: Reference) -> Session:
    return _session(reference, "native")


def check(res: Result, mode: str, key: int | str) -> None:
    """Pass on agreement or on the listed disagreement; skip what could not be
    set up or played; fail on anything else."""
    known = KNOWN.get((mode, key))
    if res.status in ("setup", "gap"):
        assert known is None, f"{res.name} is listed in known.py but now: {res.status}"
        pytest.skip(f"{res.status}: {res.reason}")
    if res.status == "agree":
        assert known is None, f"{res.name} agrees now: remove it from tests/oracle/known.py"
        return
    if known is None:
        pytest.fail(f"{res.text()}\n(not in tests/oracle/known.py)", pytrace=False)
    if tuple(res.diffs) != known.diffs:
        pytest.fail(
            f"{res.text()}\nknown.py expects ({known.reason}):\n"
            + "\n".join(f"  - {d}" for d in known.diffs),
            pytrace=False,
        )


@pytest.mark.skipif(not LUA_CODES, reason=NO_LUA or "no card ygo plays through Lua")
@pytest.mark.parametrize("code", LUA_CODES)
def test_card_through_lua(lua: Session, code: int) -> None:
    check(lua.card(code), "lua", code)


@pytest.mark.parametrize("code", NATIVE_CODES)
def test_native_card(native: Session, code: int) -> None:
    check(native.card(code), "native", code)


@pytest.mark.parametrize("mode", ["lua", "native"])
@pytest.mark.parametrize("path", SCENARIO_FILES, ids=[p.stem for p in SCENARIO_FILES])
def test_scenario(lua: Session, native: Session, path: Path, mode: str) -> None:
    session = lua if mode == "lua" else native
    check(session.scenario(path), mode, load_scenario(path)["name"])


class _Without:
    """A script source without one card's effects (the card plays as a blank)."""

    def __init__(self, base: ScriptSource, code: int) -> None:
        self.base, self.code = base, code

    def effects(self, code: int) -> tuple[Effect, ...]:
        return () if code == self.code else self.base.effects(code)


def test_the_harness_sees_a_card_that_does_nothing(reference: Reference) -> None:
    """The Mirror Force scenario against a ygo whose Mirror Force does nothing:
    the harness reports the chain window ygo does not open and the monsters
    that are not destroyed (a check that can fail, tests/README.md)."""
    broken = _Without(script_source(reference.scripts, prefer="native"), MIRROR_FORCE)
    runner = Runner(reference, broken, card_db(reference.cdb))
    scn = load_scenario(SCENARIOS / "mirror_force_on_an_attack.json")
    res = runner.run(scn)
    assert res.status == "disagree"
    assert res.diffs[0] == (
        "the reference asks P1 SELECT_CHAIN: activate Mirror Force (44095762) (szone); ygo does not"
    )
    assert any(d.startswith("P0 monsters: reference [Giant Soldier of Stone") for d in res.diffs)
    assert any(d.startswith("P0 gy: reference [") for d in res.diffs)
