"""The Lua bridge's errors (a module of its own: everything in ``ygo.lua`` raises them)."""

from __future__ import annotations

from ygo.errors import YgoError


class LuaError(YgoError):
    """The Lua scripts cannot be used: no ``lupa``, not a script folder, a file
    that does not load. One line, naming the file or the problem."""
