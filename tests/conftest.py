"""Fixtures shared by every test package.

``lua_folder``: the YGOPro Lua card scripts the Lua bridge's tests run against,
``../shared/ygopro-scripts`` beside the repository (``YGO_TEST_LUA_SCRIPTS``
names another folder; ``YGO_TEST_SHARED`` another ``shared`` folder, e.g. from a
git worktree). Without them, or without the ``lupa`` extra, a test that asks
for it is skipped with the reason.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

SHARED = Path(os.environ.get("YGO_TEST_SHARED", Path(__file__).resolve().parents[2] / "shared"))
LUA_FOLDER = Path(os.environ.get("YGO_TEST_LUA_SCRIPTS", SHARED / "ygopro-scripts"))


@pytest.fixture(scope="session")
def lua_folder() -> Path:
    from ygo.lua import available

    if not available():
        pytest.skip("the lupa extra is not installed")
    if not (LUA_FOLDER / "constant.lua").is_file():
        pytest.skip(f"no YGOPro script folder at {LUA_FOLDER}")
    return LUA_FOLDER
