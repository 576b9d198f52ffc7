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

from ygo.core.card import CardSource
from ygo.effects import Effect
from ygo.lua.bridge import Bridge
from ygo.lua.errors import LuaError
from ygo.lua.marks import Mark
from ygo.lua.runtime import _short
from ygo.lua.template import NO_DATA, printed, template_call
from ygo.lua.translate import Translator, Unsupported

INIT_MARKS = ("EnableReviveLimit", "EnableCounterPermit", "EnableUnsummonable",
              "SetUniqueOnField", "SetSPSummonOnce", "AddMonsterAttribute",
              "SetCounterLimit")  # fmt: skip
"""``Card`` functions ``initial_effect`` calls to mark the card itself (the
template card records them, with their arguments, as :class:`Mark`;
:meth:`Translator.card` reads them)."""


class LuaScripts:
    """The Lua scripts of ``folder`` (a YGOPro ``script/`` folder). ``cards``
    gives each card's printed data, which its ``initial_effect`` reads from the
    template card (:mod:`ygo.lua.template`); without it, the embedded pool."""

    def __init__(self, folder: str | Path, cards: CardSource | None = None) -> None:
        path = Path(folder)
        if not path.is_dir():
            raise LuaError(f"{path} is not a folder of Lua card scripts")
        self.folder = path
        if cards is None:
            from ygo.cards.pool import embedded_pool

            cards = embedded_pool()
        self.cards: CardSource = cards
        self.bridge = Bridge(path)
        self.translator = Translator(self.bridge)
        self._effects: dict[int, tuple[Effect, ...]] = {}
        self._errors: dict[int, str] = {}
        self._ran: set[int] = set()
        rt = self.bridge.rt
        self._marks = rt.table(list(INIT_MARKS))
        self._init = rt.lua.eval(
            "function(cls, card, collect, mark, collect_mark) "
            "  local saved, dsaved = Card.RegisterEffect, Duel.RegisterEffect "
            "  local marks = {} "
            "  Card.RegisterEffect = function(c, e, forced) collect(e) return 1 end "
            "  Duel.RegisterEffect = function(e, p) end "  # (global bookkeeping of aux)
            "  for _, name in ipairs(mark) do "
            "    marks[name] = rawget(Card, name) "
            "    Card[name] = function(c, ...) collect_mark(name, table.pack(...)) end "
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

    def ran(self, code: int) -> bool:
        """Whether card ``code``'s ``initial_effect`` ran to its end (every
        function it called exists), whether or not its effects were translated."""
        if not self.bridge.rt.has_script(code):
            return False
        self._load(code)
        return code in self._ran

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
            try:
                self.run_init(code, cls, collected.append)
                self._ran.add(code)
                effects = self.translator.card(code, collected)
            except Unsupported as exc:
                self._errors[code] = f"unsupported: {exc}"
            except Exception as exc:
                self._errors[code] = f"initial_effect: {_short(exc)}"
        self._effects[code] = effects
        return effects

    def run_init(self, code: int, cls: Any, collect: Any) -> None:
        """Run class ``cls``'s ``initial_effect`` on the template card of card
        ``code`` (its printed data from :attr:`cards`); ``collect`` gets each
        effect it registers and each mark (:data:`INIT_MARKS`) it puts on the
        card. Raises what the script raises."""
        rt = self.bridge.rt
        data = printed(self.cards, code)
        calls = self.bridge.calls

        def mark(name: str, args: Any) -> None:
            collect(Mark(name, tuple(args[i] for i in range(1, int(args.n) + 1))))

        if data is not None:
            calls.append(template_call(data))
        rt.enter()  # (metered: a script that loops forever stops here)
        try:
            self._init(cls, rt.new_card(-1, cls), collect, self._marks, mark)
        except Exception as exc:
            if data is None and "outside a card function" in str(exc):
                raise LuaError(NO_DATA) from exc
            raise
        finally:
            rt.leave()
            self._restore(self._saved)  # (Card.RegisterEffect back, even after a stop)
            if data is not None:
                calls.pop()
