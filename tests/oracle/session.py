"""What a differential run needs, set up once: the reference oracle, ygo's
card database (the embedded pool with ``cards-en.cdb`` over it, the cards the
reference reads) and ygo's scripts (Lua preferred, or native preferred)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from tests.oracle.generate import lua_codes, native_codes, run_card
from tests.oracle.harness import Result, Runner
from tests.oracle.reference import Reference, locate
from ygo.cards.cdb import read_cdb
from ygo.cards.db import CardDB
from ygo.cards.pool import embedded_pool
from ygo.scripting import Combined, script_source

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
MODES = ("lua", "native")
"""lua: ygo plays YGOPro's Lua script where it has one that its bridge runs;
native: ygo's own Python script where it has one (Lua fills the rest)."""


@cache
def card_db(cdb: Path) -> CardDB:
    return embedded_pool().overlay(read_cdb(cdb))


def load_scenario(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    data.setdefault("name", path.stem)
    return data


@dataclass
class Session:
    ref: Reference
    source: Combined
    runner: Runner
    mode: str

    def codes(self) -> list[int]:
        """The cards of this mode's per-card run."""
        return lua_codes(self.ref.scripts) if self.mode == "lua" else native_codes(self.source)

    def card(self, code: int, on_step: Callable[[str], None] | None = None) -> Result:
        if on_step is None:
            return run_card(self.runner, code)
        card = self.runner.db.get(code)
        from tests.oracle.generate import card_scenario

        scn, policy = card_scenario(card, self.source.effects(code))
        res = self.runner.run(scn, policy, name=f"{card.name} ({code})", on_step=on_step)
        res.did = policy.did
        return res

    def scenario(self, path: Path, on_step: Callable[[str], None] | None = None) -> Result:
        scn = load_scenario(path)
        return self.runner.run(scn, name=f"{scn['name']} [{self.mode}]", on_step=on_step)

    @staticmethod
    def scenario_files() -> list[Path]:
        return sorted(SCENARIOS.glob("*.json"))

    def close(self) -> None:
        self.ref.close()


def open_session(mode: str = "lua") -> Session | str:
    """A session, or why there cannot be one (a reason to skip with)."""
    from ygo.lua import available

    if not available():
        return "the lupa extra is not installed"
    ref = locate()
    if isinstance(ref, str):
        return ref
    db = card_db(ref.cdb)
    source = script_source(ref.scripts, prefer=mode, cards=db)
    runner = Runner(ref, source, db)
    return Session(ref, source, runner, mode)
