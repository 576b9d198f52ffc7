"""A folder of YGOPro Lua card scripts as a ygo script source.

:class:`LuaScripts` gives each card's effects by passcode
(``ygo.engine.setup.ScriptSource``), as the native scripts do: the first time a
passcode is asked for, its ``c<code>.lua`` runs, then its ``initial_effect`` on
a template card, and the effects it registers are translated
(:mod:`ygo.lua.translate`). A card whose script is missing, fails, or uses what
the bridge does not provide yet has no effects, and :meth:`LuaScripts.error`
says why in one line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ygo.effects import Effect
from ygo.lua.bridge import Bridge
from ygo.lua.errors import LuaError
from ygo.lua.runtime import _short
from ygo.lua.translate import Translator, Unsupported

INIT_MARKS = ("EnableReviveLimit", "EnableCounterPermit", "EnableUnsummonable",
              "SetUniqueOnField", "SetSPSummonOnce", "AddMonsterAttribute")  # fmt: skip
"""``Card`` functions ``initial_effect`` calls to mark the card itself (the
template card records them; :meth:`Translator.card` reads them)."""


class LuaScripts:
    """The Lua scripts of ``folder`` (a YGOPro ``script/`` folder)."""

    def __init__(self, folder: str | Path) -> None:
        path = Path(folder)
        if not path.is_dir():
            raise LuaError(f"{path} is not a folder of Lua card scripts")
        self.folder = path
        self.bridge = Bridge(path)
        self.translator = Translator(self.bridge)
        self._effects: dict[int, tuple[Effect, ...]] = {}
        self._errors: dict[int, str] = {}
        rt = self.bridge.rt
        self._marks = rt.table(list(INIT_MARKS))
        self._init = rt.lua.eval(
            "function(cls, card, collect, mark) "
            "  local saved, dsaved = Card.RegisterEffect, Duel.RegisterEffect "
            "  local marks = {} "
            "  Card.RegisterEffect = function(c, e, forced) collect(e) return 1 end "
            "  Duel.RegisterEffect = function(e, p) end "  # (global bookkeeping of aux)
            "  for _, name in ipairs(mark) do "
            "    marks[name] = rawget(Card, name) "
            "    Card[name] = function(c, ...) collect(name) end "
            "  end "
            "  local ok, err = pcall(cls.initial_effect, card) "
            "  Card.RegisterEffect, Duel.RegisterEffect = saved, dsaved "
            "  for _, name in ipairs(mark) do Card[name] = marks[name] end "
            "  if not ok then error(err, 0) end "
            "end"
        )

        # What ``_init`` replaces, put back from here too: a run stopped by the
        # instruction budget stops before ``_init``'s own restoring lines.
        self._saved = rt.lua.eval(
            "function(mark) local t = {Card.RegisterEffect, Duel.RegisterEffect, {}, mark} "
            "  for _, name in ipairs(mark) do t[3][name] = rawget(Card, name) end "
            "  return t end"
        )(self._marks)
        self._restore = rt.lua.eval(
            "function(t) Card.RegisterEffect, Duel.RegisterEffect = t[1], t[2] "
            "  for _, name in ipairs(t[4]) do Card[name] = t[3][name] end end"
        )

    @property
    def failures(self) -> dict[tuple[int, str], str]:
        """The failures seen while duels ran, by (passcode, function): one
        message each, naming the card and the function."""
        return self.bridge.failures

    @property
    def failure_counts(self) -> dict[tuple[int, str], int]:
        """How many times each (passcode, function) of :attr:`failures` failed."""
        return self.bridge.failure_counts

    def has(self, code: int) -> bool:
        """Whether card ``code`` has a Lua script that registered its effects."""
        if not self.bridge.rt.has_script(code):
            return False
        self._load(code)
        return code not in self._errors

    def effects(self, code: int) -> tuple[Effect, ...]:
        if not self.bridge.rt.has_script(code):
            return ()
        return self._load(code)

    def error(self, code: int) -> str | None:
        """Why card ``code`` has no Lua behaviour (None if it has)."""
        if not self.bridge.rt.has_script(code):
            return f"no script c{code}.lua in {self.folder}"
        self._load(code)
        return self._errors.get(code)

    def _load(self, code: int) -> tuple[Effect, ...]:
        done = self._effects.get(code)
        if done is not None:
            return done
        effects: tuple[Effect, ...] = ()
        rt = self.bridge.rt
        cls = rt.card_class(code)
        if cls is None:
            self._errors[code] = rt.errors.get(code, "the script failed to load")
        elif cls.initial_effect is None:
            self._errors[code] = "the script defines no initial_effect"
        else:
            collected: list[Any] = []
            template = rt.new_card(-1, cls)
            try:
                rt.enter()
                try:
                    self._init(cls, template, collected.append, self._marks)
                finally:
                    rt.leave()
                    self._restore(self._saved)
                effects = self.translator.card(code, collected)
            except Unsupported as exc:
                self._errors[code] = f"unsupported: {exc}"
            except Exception as exc:
                self._errors[code] = f"initial_effect: {_short(exc)}"
        self._effects[code] = effects
        return effects
