"""The Lua interpreter that runs a user's YGOPro card scripts.

One :class:`Runtime` per script folder and process: it holds code, never a
duel's state (a duel's values live in its :class:`~ygo.core.state.State`;
Lua objects that stand for cards and effects hold only ids). The interpreter is
sandboxed as YGOPro's is: no ``io``, ``os``, ``require``, ``dofile``,
``loadfile``, no access to Python objects' attributes.

The numeric codes (``EFFECT_TYPE_ACTIVATE``, ``REASON_EFFECT``...) are read from
the folder's own ``constant.lua`` when it loads: nothing of it is copied here.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

from ygo.lua.errors import LuaError

try:
    import lupa.lua54 as _lupa
except ImportError:  # pragma: no cover - the extra is not installed
    _lupa = None

BASE_FILES = ("constant.lua", "utility.lua", "procedure.lua")
"""The shared files a YGOPro script folder has, loaded in this order."""

MAX_SCRIPT_BYTES = 1 << 20
"""A card script larger than this is refused (the largest real one is ~40 KB)."""

MAX_MEMORY = 1 << 30
"""The bytes the interpreter may hold (every script loaded, every live value): an
allocation past it is a Lua error ("not enough memory") in the function that
made it."""

INSTRUCTION_LIMIT = 20_000_000
"""The Lua instructions one metered run (a file, ``initial_effect``, one card
function in a duel, nested ones included) may execute: past it, the run fails
with a Lua error (an endless loop). The heaviest real card function runs well
under a million."""

HOOK_EVERY = 100_000
"""The instructions between two looks at the budget (the count hook's period)."""

_METER = """
local sethook, tick, every, cocreate = ...
local hook
hook = function()
    local over = tick()
    if over then
        sethook(hook, "", 1)  -- (every instruction fails until the run is left)
        error(over, 0)
    end
    sethook(hook, "", every)
end
sethook(hook, "", every)
-- A coroutine is a thread of its own: it gets the hook too.
coroutine.create = function(f)
    local co = cocreate(f)
    sethook(co, hook, "", every)
    return co
end
coroutine.wrap = function(f)
    local co = cocreate(f)
    sethook(co, hook, "", every)
    return function(...)
        local out = table.pack(coroutine.resume(co, ...))
        if not out[1] then error(out[2], 0) end
        return table.unpack(out, 2, out.n)
    end
end
"""


def available() -> bool:
    """Whether the Lua extra (``lupa``) is installed."""
    return _lupa is not None


def _deny(obj: Any, name: Any, setting: bool) -> Any:
    raise AttributeError("Lua scripts cannot read Python attributes")


class Runtime:
    """A sandboxed Lua interpreter with ygo's API and a folder's base files."""

    def __init__(self, folder: Path, api: dict[str, Callable[..., Any]]) -> None:
        if _lupa is None:
            raise LuaError(
                "running Lua card scripts needs the Lua extra: pip install 'ygo[lua]' (lupa)"
            )
        self.folder = folder
        missing = [f for f in BASE_FILES if not (folder / f).is_file()]
        if missing:
            raise LuaError(
                f"{folder} is not a YGOPro script folder: it has no {', '.join(missing)}"
            )
        self.lua = _lupa.LuaRuntime(
            unpack_returned_tuples=True,
            register_eval=False,
            register_builtins=False,
            attribute_filter=_deny,
            max_memory=MAX_MEMORY,
        )
        g = self.lua.globals()
        self.instruction_limit = INSTRUCTION_LIMIT
        self.depth = 0
        """How many metered runs are being run (:meth:`enter`, :meth:`leave`)."""
        self.used = 0
        """The instructions the outermost of them has run (counted by the hook)."""
        self.lua.execute(_METER, g.debug.sethook, self._tick, HOOK_EVERY, g.coroutine.create)
        for name in ("io", "os", "require", "package", "dofile", "loadfile", "load",
                     "debug", "collectgarbage", "python"):  # fmt: skip
            g[name] = None
        self.g = g
        self.py = self.lua.table_from(api)
        text = resources.files("ygo.lua").joinpath("api.lua").read_text(encoding="utf-8")
        self.lua.execute(text, self.py)
        self.bind_card: Any = self.lua.eval(
            "function(name, f) Card[name] = function(c, ...) return f(c._uid, ...) end end"
        )
        self.bind_duel: Any = self.lua.eval("function(name, f) Duel[name] = f end")
        self.table: Any = self.lua.table_from
        self.table_of: Any = self.lua.table_from
        self.new_card: Any = g.Card._new
        self.new_instance: Any = g.Effect._instance
        self.wrap: Any = g.Group._wrap
        for name in BASE_FILES:
            self._run_file(folder / name, name)
        self.constants: dict[str, int] = {
            str(k): int(v)
            for k, v in g.items()
            if isinstance(k, str) and k.isupper() and isinstance(v, int) and not isinstance(v, bool)
        }
        self._classes: dict[int, Any] = {}
        self.errors: dict[int, str] = {}
        self._has: dict[int, bool] = {}

    def _tick(self) -> str | None:
        """The count hook: None while the metered run is within its budget."""
        if not self.depth:
            return None
        self.used += HOOK_EVERY
        limit = self.instruction_limit
        if self.used > limit:
            return f"more than {limit:,} Lua instructions in one run (an endless loop?)"
        return None

    def enter(self) -> None:
        """A metered run begins; one inside another shares its budget (the outer
        run's instructions include the inner's)."""
        if not self.depth:
            self.used = 0
        self.depth += 1

    def leave(self) -> None:
        self.depth -= 1

    def _run_file(self, path: Path, label: str, env: tuple[Any, int] | None = None) -> None:
        data = path.read_bytes()
        if len(data) > MAX_SCRIPT_BYTES:
            raise LuaError(f"{path}: larger than {MAX_SCRIPT_BYTES:,} bytes")
        text = data.decode("utf-8", errors="replace")
        if env is not None:
            self.g.self_table, self.g.self_code = env
        self.enter()
        try:
            self.lua.execute(text)
        except Exception as exc:  # a syntax or runtime error in the user's file
            raise LuaError(f"{label}: {_short(exc)}") from exc
        finally:
            self.leave()
            if env is not None:
                self.g.self_table = self.g.self_code = None

    def constant(self, name: str) -> int:
        try:
            return self.constants[name]
        except KeyError:
            raise LuaError(f"constant.lua defines no {name}") from None

    def card_class(self, code: int) -> Any:
        """The class table ``c<code>`` (its script run once), or an empty class
        for a card without a script; None if its script fails (``errors`` says why)."""
        cls = self._classes.get(code)
        if cls is not None or code in self.errors:
            return cls
        name = f"c{code}"
        cls = self.lua.eval("function(name) local t = setmetatable({}, {__index = Card}) "
                            "t.__index = t rawset(_G, name, t) return t end")(name)  # fmt: skip
        path = self.folder / f"{name}.lua"
        if path.is_file():
            try:
                self._run_file(path, path.name, (cls, code))
            except LuaError as exc:
                self.errors[code] = str(exc)
                return None
        self._classes[code] = cls
        return cls

    def has_script(self, code: int) -> bool:
        found = self._has.get(code)
        if found is None:  # (asked for every card of every duel set up: once per passcode)
            found = self._has[code] = (self.folder / f"c{code}.lua").is_file()
        return found


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    if isinstance(exc, MemoryError) and not text:
        return f"not enough memory (the Lua scripts may hold {MAX_MEMORY:,} bytes)"
    return text[0][:300] if text else type(exc).__name__
