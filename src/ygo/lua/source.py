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
from ygo.engine.effect import Ctx
from ygo.lua.bridge import Bridge
from ygo.lua.call import Call
from ygo.lua.errors import LuaError
from ygo.lua.template import CardDataLookup, TemplateState, embedded_lookup
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
        self.card_data: CardDataLookup = embedded_lookup
        """The printed data of a passcode, which ``initial_effect`` may read of
        its card (the embedded pool by default; the scan gives its database)."""
        self.template_code = 0
        """The passcode whose ``initial_effect`` runs next (:meth:`_init`)."""
        self._init_lua = rt.lua.eval(
            "function(cls, card, collect, mark) "
            "  local saved, dsaved = Card.RegisterEffect, Duel.RegisterEffect "
            "  local marks = {} "
            "  Card.RegisterEffect = function(c, e, forced) collect(e) return 1 end "
            "  Duel.RegisterEffect = function(e, p) end "  # (global bookkeeping of aux)
            "  for _, name in ipairs(mark) do "
            "    marks[name] = rawget(Card, name) "
            "    Card[name] = function(c, a) "
            "      if name == 'SetSPSummonOnce' and a ~= nil then collect(name .. ':' .. a) "
            "      else collect(name) end "
            "    end "
            "  end "
            "  local ok, err = pcall(cls.initial_effect, card) "
            "  Card.RegisterEffect, Duel.RegisterEffect = saved, dsaved "
            "  for _, name in ipairs(mark) do Card[name] = marks[name] end "
            "  if not ok then error(err, 0) end "
            "end"
        )

    def _init(self, cls: Any, card: Any, collect: Any, marks: Any = None) -> None:
        """Run ``cls.initial_effect`` on the template ``card`` (passcode
        :attr:`template_code`), inside a check call that reads its card data."""
        code = self.template_code
        data = self.card_data(code) if code else None
        if data is None:
            self._init_lua(cls, card, collect, marks if marks is not None else self._marks)
            return
        bridge = self.bridge
        st: Any = TemplateState(data)
        call = Call(Ctx(st, 0, 0, 0), True)
        bridge.calls.append(call)
        try:
            self._init_lua(cls, card, collect, marks if marks is not None else self._marks)
        finally:
            bridge.calls.pop()

    @property
    def failures(self) -> dict[tuple[int, str], str]:
        """The failures seen while duels ran, by (passcode, function): one
        message each, naming the card and the function."""
        return self.bridge.failures

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
            self.template_code = code
            try:
                self._init(cls, template, collected.append, self._marks)
                effects = self.translator.card(code, collected)
            except Unsupported as exc:
                self._errors[code] = f"unsupported: {exc}"
            except Exception as exc:
                self._errors[code] = f"initial_effect: {str(exc).splitlines()[0][:300]}"
        self._effects[code] = effects
        return effects
