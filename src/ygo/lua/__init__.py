"""Running a user's YGOPro Lua card scripts in ygo duels (the ``ygo[lua]`` extra).

:class:`LuaScripts` is a script source for a folder of scripts
(``Duel(..., scripts=...)``, or :func:`ygo.scripting.script_source` to join
them to the native scripts). The engine imports nothing from here.
"""

from __future__ import annotations

from ygo.lua.errors import LuaError
from ygo.lua.runtime import available
from ygo.lua.source import LuaScripts

__all__ = ["LuaError", "LuaScripts", "available"]
