"""The Lua bridge's tests run against the YGOPro scripts in ``../shared``
(``YGO_TEST_LUA_SCRIPTS`` names another folder); without them, or without the
``lupa`` extra, they are skipped with the reason."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ygo.cards.cdb import read_cdb
from ygo.cards.db import CardDB

FOLDER = Path(
    os.environ.get(
        "YGO_TEST_LUA_SCRIPTS", Path(__file__).resolve().parents[3] / "shared" / "ygopro-scripts"
    )
)


@pytest.fixture(scope="session")
def lua_folder() -> Path:
    from ygo.lua import available

    if not available():
        pytest.skip("the lupa extra is not installed")
    if not (FOLDER / "constant.lua").is_file():
        pytest.skip(f"no YGOPro script folder at {FOLDER}")
    return FOLDER


@pytest.fixture(scope="session")
def en_db() -> CardDB:
    """The full English card database (cards beyond the embedded pool)."""
    from tests.cards.conftest import EN_CDB, need

    return read_cdb(need(EN_CDB))
