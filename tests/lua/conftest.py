"""The Lua bridge's tests run against the YGOPro scripts in ``../shared``
(``YGO_TEST_LUA_SCRIPTS`` names another folder); without them, or without the
``lupa`` extra, they are skipped with the reason. The ``lua_folder`` fixture
is in ``tests/conftest.py`` (the command-line tests use it too)."""

from __future__ import annotations

import pytest

from ygo.cards.cdb import read_cdb
from ygo.cards.db import CardDB


@pytest.fixture(scope="session")
def en_db() -> CardDB:
    """The full English card database (cards beyond the embedded pool)."""
    from tests.cards.conftest import EN_CDB, need

    return read_cdb(need(EN_CDB))
