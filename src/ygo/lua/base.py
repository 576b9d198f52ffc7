"""What every part of the bridge shares: the Lua calls being run (the innermost
is the duel the API functions work on) and the Lua objects that stand for a
duel's cards and effects."""

from __future__ import annotations

import logging
from typing import Any

from ygo.engine.effect import Ctx, Question
from ygo.lua.call import Call, NeedAnswer, ScriptError, restore
from ygo.lua.runtime import Runtime

_log = logging.getLogger("ygo.lua")


class BridgeBase:
    """The calls being run and the objects the Lua side sees (see :class:`Bridge`)."""

    calls: list[Call]
    failures: dict[tuple[int, str], str]
    rt: Runtime
    _cards: dict[tuple[int, int], Any]
    _instances: dict[tuple[int, int, int], Any]

    # -- running a Lua function -------------------------------------------------

    @property
    def cur(self) -> Call:
        if not self.calls:
            raise ScriptError("a card API function was called outside a card function")
        return self.calls[-1]

    def run(
        self,
        parts: tuple[tuple[Any, tuple[Any, ...]], ...],
        ctx: Ctx,
        probe: bool,
        what: str,
        all_true: bool = False,
    ) -> tuple[Any, Question | None]:
        """Run Lua functions ``parts`` ((function, extra arguments) each, after
        ygopro-core's ``e, tp, eg, ep, ev, re, r, rp``) one after the other as
        one call of effect ``ctx``. Returns (the last one's first result, None),
        or (None, the question to ask) with the duel as it was before the call.
        With ``all_true`` it stops at the first part whose result is false."""
        call = Call(ctx, probe)
        self.calls.append(call)
        try:
            e = self.instance(ctx.uid, ctx.index)
            out: Any = None
            for fn, extra in parts:
                out = fn(e, ctx.player, None, 0, 0, None, 0, 0, *extra)
                if isinstance(out, tuple):
                    out = out[0] if out else None
                if all_true and not out:
                    return False, None
            return out, None
        except NeedAnswer as need:
            if call.snap is not None:
                restore(ctx.st, call.snap)
            return None, need.question
        except Exception as exc:  # the script failed: the duel goes on without it
            if call.snap is not None:
                restore(ctx.st, call.snap)
            message = self.failed(ctx, what, exc)
            if probe:
                return False, None  # (a check that fails says no)
            raise ScriptError(message) from exc
        finally:
            self.calls.pop()

    def failed(self, ctx: Ctx, what: str, exc: BaseException) -> str:
        """Record a failure of card ``ctx.uid``'s script (once per card and
        function, also to the ``ygo.lua`` logger) and return its one-line message."""
        text = str(exc).strip().splitlines()
        message = f"{self._name(ctx)}: {what}: {text[0][:300] if text else type(exc).__name__}"
        key = (ctx.st.data[ctx.uid].code, what)
        if key not in self.failures:
            self.failures[key] = message
            _log.warning("Lua script failed: %s", message)
        return message

    @staticmethod
    def _name(ctx: Ctx) -> str:
        d = ctx.st.data[ctx.uid]
        return f"{d.name} ({d.code})"

    # -- objects the Lua side sees ----------------------------------------------

    def card(self, uid: int) -> Any:
        st = self.cur.st
        if uid < 0:
            uid = self.cur.ctx.uid
        code = st.data[uid].code
        key = (uid, code)
        t = self._cards.get(key)
        if t is None:
            cls = self.rt.card_class(code)
            if cls is None:
                cls = self.rt.card_class(0)
            t = self.rt.new_card(uid, cls)
            self._cards[key] = t
        return t

    def cards(self, uids: list[int]) -> Any:
        return self.rt.table([self.card(u) for u in uids])

    def instance(self, uid: int, index: int) -> Any:
        st = self.cur.st
        key = (uid, index, st.data[uid].code)
        t = self._instances.get(key)
        if t is None:
            eff = st.fx[uid][index]
            t = self.rt.new_instance(uid, index, eff.extra["lua"])
            self._instances[key] = t
        return t

    def uid(self, x: Any) -> int:
        u = int(x._uid) if not isinstance(x, int) else x
        return self.cur.ctx.uid if u < 0 else u

    @staticmethod
    def uid_list(t: Any) -> list[int]:
        return [int(v) for v in t.values()] if t is not None else []
