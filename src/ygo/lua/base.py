"""What every part of the bridge shares: the Lua calls being run (the innermost
is the duel the API functions work on) and the Lua objects that stand for a
duel's cards and effects."""

from __future__ import annotations

import logging
from typing import Any

from ygo.core.ints import REASON_BATTLE
from ygo.core.state import NONE
from ygo.engine.effect import Ctx, Question
from ygo.engine.events import EventKind
from ygo.lua.call import Call, NeedAnswer, ScriptError, restore
from ygo.lua.runtime import MAX_MEMORY, Runtime

_log = logging.getLogger("ygo.lua")

SELF = object()
"""The last extra argument of a part in ``BridgeBase.run`` that stands for the
effect's own card (a summoning procedure's target and operation take it)."""

CHAINING = object()
"""``BridgeBase.run``'s ``event`` for an effect that answers a chain link
(EVENT_CHAINING): its ``eg, ep, ev, re, r, rp`` describe that link."""


class BridgeBase:
    """The calls being run and the objects the Lua side sees (see :class:`Bridge`)."""

    calls: list[Call]
    failures: dict[tuple[int, str], str]
    failure_counts: dict[tuple[int, str], int]
    probing: set[tuple[int, int, int, int]]
    """The continuous effects' functions being run, by (function, card, effect's
    card, effect's index): :meth:`probe_card` does not re-enter one."""
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
        event: Any = None,
        cost_first: bool = False,
        cost_checked: bool = False,
    ) -> tuple[Any, Question | None]:
        """Run Lua functions ``parts`` ((function, extra arguments) each, after
        ygopro-core's ``e, tp, eg, ep, ev, re, r, rp``) one after the other as
        one call of effect ``ctx``. Returns (the last one's first result, None),
        or (None, the question to ask) with the duel as it was before the call.
        With ``all_true`` it stops at the first part whose result is false.
        ``event``: the events that ``eg, ep, ev, re, r, rp`` describe (a list of
        :class:`~ygo.engine.events.Event`), :data:`CHAINING` (the chain link this
        effect answers) or None. ``cost_first``: the first part is the cost
        (``Effect.IsCostChecked`` in the parts after it). ``cost_checked``: the
        activation check of an effect whose cost is not neglected, where
        ygopro-core's ``effect::is_activateable`` has ``Effect.IsCostChecked``
        true in every part, the effect having a cost function or not."""
        off = f"X{ctx.uid}.{ctx.index}"
        if probe and off in ctx.st.script_vals:
            return False, None  # (its script failed earlier in this duel: it is off)
        call = Call(ctx, probe)
        self.calls.append(call)
        self.rt.enter()
        try:
            e = self.instance(ctx.uid, ctx.index)
            args = self._event_args(ctx, event)
            out: Any = None
            for n, (fn, extra) in enumerate(parts):
                call.cost_checked = cost_checked or (cost_first and n > 0)
                if extra and extra[-1] is SELF:  # (a procedure's functions get the card last)
                    extra = (*extra[:-1], self.card(ctx.uid))
                out = fn(e, ctx.player, *args, *extra)
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
            # An effect whose cost, target or operation failed is off for the rest
            # of the duel: its checks say no, so it is not offered again to fail the
            # same way (an activation that costs nothing when its cost fails could
            # be repeated forever). Kept in the state, so clones and replays agree.
            ctx.st.script_vals[off] = (1,)
            raise ScriptError(message) from exc
        finally:
            self.rt.leave()
            self.calls.pop()

    def probe_card(self, fn: Any, ctx: Ctx, uid: int, what: str) -> Any:
        """Run ``fn(e, card)`` as a probe of effect ``ctx`` (a continuous effect's
        target or value function; ``fn(e)`` for ``uid`` NONE); None if it fails."""
        key = (id(fn), uid, ctx.uid, ctx.index)
        if key in self.probing:
            # Asked again while it is being computed (a value function that reads
            # the value it changes: ``c:GetAttack()`` in an ATK modifier): no
            # answer, as ygopro-core gives the value computed so far.
            return None
        call = Call(ctx, True)
        self.calls.append(call)
        self.probing.add(key)
        self.rt.enter()
        try:
            card = () if uid == NONE else (self.card(uid),)  # (NONE: nil)
            out = fn(self.instance(ctx.uid, ctx.index), *card)
            return out[0] if isinstance(out, tuple) else out
        except Exception as exc:
            self.failed(ctx, what, exc)
            return None
        finally:
            self.rt.leave()
            self.probing.discard(key)
            self.calls.pop()

    def probe_int(self, fn: Any, ctx: Ctx, uid: int, what: str) -> int:
        """:meth:`probe_card` for a number (a continuous effect's value): 0 when
        it fails or gives no number (the failure recorded, naming the card)."""
        out = self.probe_card(fn, ctx, uid, what)
        if out is None or isinstance(out, (int, float)):
            return int(out or 0)
        self.failed(ctx, what, ScriptError(f"returned {type(out).__name__}, not a number"))
        return 0

    def _event_args(self, ctx: Ctx, event: Any) -> tuple[Any, ...]:
        if event is None:
            return (None, 0, 0, None, 0, 0)
        st = ctx.st
        if event is CHAINING:
            link = self._answered_link(ctx)
            if link is None:
                return (None, 0, 0, None, 0, 0)
            n = st.chain.index(link) + 1
            eg = self.rt.wrap(self.cards([link.uid]))
            return (eg, link.player, n, self.instance(link.uid, link.eff), 0, link.player)
        if not event:
            return (self.rt.wrap(self.cards([])), 0, 0, None, 0, 0)
        first = event[0]
        if first.kind == EventKind.ACTIVATE:  # EVENT_CHAINING: the link activated now
            eg = self.rt.wrap(self.cards([first.card]))
            re = self.instance(first.card, first.dst)
            return (eg, first.player, first.value, re, 0, first.player)
        if first.kind == EventKind.DAMAGE and first.reason & REASON_BATTLE and first.rc >= 0:
            # Battle damage: the monster that dealt it, no effect.
            eg = self.rt.wrap(self.cards([first.rc]))
            return (eg, first.player, first.value, None, first.reason, first.rp)
        uids = list(dict.fromkeys(x.card for x in event if x.card >= 0))
        eg = self.rt.wrap(self.cards(uids))
        return (eg, max(first.player, 0), first.value, self._reason_effect(st, first.rc),
                first.reason, first.rp)  # fmt: skip

    @staticmethod
    def _answered_link(ctx: Ctx) -> Any:
        """The chain link an effect activated at EVENT_CHAINING answers: the one
        below its own link, or the last one while it is not on the chain yet."""
        chain = ctx.st.chain
        link = ctx.link
        if link is not None and link in chain:
            i = chain.index(link)
            return chain[i - 1] if i > 0 else None
        return chain[-1] if chain else None

    def _reason_effect(self, st: Any, rc: int) -> Any:
        if rc < 0:
            return None
        for link in (*st.solving, *st.chain):
            if link.uid == rc:
                return self.instance(rc, link.eff)
        return None

    def failed(self, ctx: Ctx, what: str, exc: BaseException) -> str:
        """Record a failure of card ``ctx.uid``'s script (once per card and
        function, also to the ``ygo.lua`` logger) and return its one-line message."""
        text = str(exc).strip().splitlines()
        if isinstance(exc, MemoryError) and not text:
            text = [f"not enough memory (the Lua scripts may hold {MAX_MEMORY:,} bytes)"]
        message = f"{self._name(ctx)}: {what}: {text[0][:300] if text else type(exc).__name__}"
        key = (ctx.st.data[ctx.uid].code, what)
        self.failure_counts[key] = self.failure_counts.get(key, 0) + 1
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
        data = self.cur.st.data
        get = self._cards.get
        out = []
        for u in uids:  # (the cache of :meth:`card` read here: the hottest path)
            t = get((u, data[u].code)) if u >= 0 else None
            out.append(t if t is not None else self.card(u))
        return self.rt.table(out)

    def instance(self, uid: int, index: int) -> Any:
        st = self.cur.st
        key = (uid, index, st.data[uid].code)
        t = self._instances.get(key)
        if t is None:
            eff = st.fx[uid][index]
            proto = eff.extra.get("lua")
            if proto is None:  # a native script's effect, as a Lua script sees it
                proto = self.native_proto(eff)
            t = self.rt.new_instance(uid, index, proto)
            self._instances[key] = t
        return t

    def native_proto(self, eff: Any) -> Any:
        """A Lua effect table describing a native effect (its type bits, its
        category as ygopro-core's), for ``re`` and ``Duel.GetChainInfo``."""
        from ygo.engine.effect import EffectKind

        c = self.rt.constant
        kind = eff.kind
        if kind == EffectKind.ACTIVATE:
            t = c("EFFECT_TYPE_ACTIVATE")
        elif kind == EffectKind.IGNITION:
            t = c("EFFECT_TYPE_IGNITION")
        elif kind == EffectKind.QUICK:
            t = c("EFFECT_TYPE_QUICK_O")
        elif kind == EffectKind.TRIGGER:
            t = c("EFFECT_TYPE_TRIGGER_F") if eff.mandatory else c("EFFECT_TYPE_TRIGGER_O")
        else:
            t = c("EFFECT_TYPE_SINGLE")
        return self.rt.table_of({"type": t, "code": 0, "property": 0, "category": 0,
                                 "range": 0, "s_range": 0, "o_range": 0, "label": 0,
                                 "reset": 0})  # fmt: skip

    def uid(self, x: Any) -> int:
        u = int(x._uid) if not isinstance(x, int) else x
        return self.cur.ctx.uid if u < 0 else u

    @staticmethod
    def uid_list(t: Any) -> list[int]:
        return [int(v) for v in t.values()] if t is not None else []

    # -- flag effects ----------------------------------------------------------------
    # ``State.script_vals[key] = (fid or -1, turn, reset bits, count, label)``: a
    # card's flag lasts while it stays the same card (its field ID) when its reset
    # names a card event (RESET_EVENT), and until the turn ends with RESET_PHASE.

    def register_flag(self, key: str, uid: int, reset: int, label: int) -> None:
        call = self.cur
        st = call.st
        old = self._flag(key, uid)
        count = old[3] + 1 if old is not None else 1
        fid = st.fid[uid] if uid >= 0 and reset & 0x1000 else -1
        call.touch()
        st.script_vals[key] = (fid, st.turn, reset, count, label)

    def _flag(self, key: str, uid: int) -> tuple[int, ...] | None:
        st = self.cur.st
        v = st.script_vals.get(key)
        if v is None:
            return None
        fid, turn, reset = v[0], v[1], v[2]
        if fid >= 0 and uid >= 0 and st.fid[uid] != fid:
            return None
        if reset & 0x40000000 and turn != st.turn:  # RESET_PHASE (of this turn)
            return None
        return v

    def flag_count(self, key: str, uid: int) -> int:
        v = self._flag(key, uid)
        return 0 if v is None else v[3]

    def flag_label(self, key: str, uid: int) -> Any:
        v = self._flag(key, uid)
        return None if v is None else v[4]

    def reset_flag(self, key: str) -> None:
        call = self.cur
        if key in call.st.script_vals:
            call.touch()
            del call.st.script_vals[key]
