"""A script folder of a test's own: the YGOPro base files (constant.lua,
utility.lua, procedure.lua) copied from the user's folder, and our own small
scripts written under real passcodes."""

from __future__ import annotations

import shutil
from pathlib import Path

from ygo.lua.runtime import BASE_FILES


def own_scripts(lua_folder: Path, tmp_path: Path, scripts: dict[int, str]) -> Path:
    for name in BASE_FILES:
        shutil.copy(lua_folder / name, tmp_path / name)
    for code, text in scripts.items():
        (tmp_path / f"c{code}.lua").write_text(text, encoding="utf-8")
    return tmp_path
