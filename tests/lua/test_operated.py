"""``Duel.GetOperatedGroup`` after ``Duel.Draw``: the cards that draw took, as in
the reference (scripts read the drawn card from it, e.g. to reveal and use it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cards.conftest import EN_CDB, need
from tests.cards.scripts.support import main, options
from tests.scenario import Scenario
from ygo.cards.cdb import read_cdb
from ygo.cards.db import CardDB
from ygo.core.enums import Location
from ygo.defaults import Duel
from ygo.engine.events import EventKind
from ygo.scripting import Combined, script_source

TOY_VENDOR = 70245411  # Continuous Spell: discard 1; draw 1 and reveal it; a Fluffal
FLUFFAL_BEAR = 3841833  # monster may be Special Summoned, anything else is discarded
CELTIC = "Celtic Guardian"


@pytest.fixture(scope="module")
def lua(lua_folder: Path) -> Combined:
    return script_source(lua_folder, prefer="lua")


@pytest.fixture(scope="module")
def db() -> CardDB:
    return read_cdb(need(EN_CDB))


def _pick(duel: Duel, needle: str) -> None:
    hits = [i for i, t in enumerate(options(duel)) if needle in t]
    assert len(hits) == 1, (needle, options(duel))
    duel.apply(hits[0])


def _toy_vendor(lua: Combined, db: CardDB, top: int | str) -> tuple[Duel, int, int]:
    s = main(Scenario(scripts=lua, db=db))
    s.spell(0, db.get(TOY_VENDOR), face_down=False)
    discard = s.hand(0, CELTIC)[0]
    drawn = s.deck(0, db.get(top) if isinstance(top, int) else top)[0]
    s.filler(0, 3)
    duel = s.build()
    _pick(duel, "activate Toy Vendor")
    return duel, discard, drawn


def test_the_drawn_fluffal_may_be_special_summoned(lua: Combined, db: CardDB) -> None:
    duel, discard, bear = _toy_vendor(lua, db, FLUFFAL_BEAR)
    # The question comes from inside the operation, after the draw and the
    # reveal; the duel shows the state before the operation began until answered.
    _pick(duel, "choose yes")
    _pick(duel, "face-up Attack")
    assert duel.location(bear) == Location.MZONE
    assert duel.location(discard) == Location.GRAVE  # the cost


def test_a_drawn_card_that_is_no_fluffal_is_discarded(lua: Combined, db: CardDB) -> None:
    duel, discard, other = _toy_vendor(lua, db, CELTIC)
    assert duel.location(discard) == Location.GRAVE
    assert duel.location(other) == Location.GRAVE
    assert not [e for e in duel.events() if e.kind == EventKind.SCRIPT_ERROR]
