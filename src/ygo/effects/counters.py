"""Counters (R-TERM-5): placing, removing and counting them."""

from __future__ import annotations

from collections.abc import Callable

from ygo.core.state import State
from ygo.effects.filters import Filter, any_card
from ygo.effects.zones import ONFIELD
from ygo.engine import ops, query
from ygo.engine.effect import Ctx, Step
from ygo.engine.events import EventKind


def add_counters(n: int, can_hold: Filter = any_card) -> Step:
    """Put ``n`` counters on the link's targets that can hold them (R-TERM-5)."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        for t in ctx.targets():
            if can_hold(ctx, t) and st.loc[t] & ONFIELD:
                ops.set_counters(st, t, st.counters[t] + n)
                ops.raise_event(st, EventKind.COUNTER, st.ctrl[t], t, st.counters[t],
                                rp=ctx.player, rc=ctx.uid)  # fmt: skip

    return Step(do=do)


# Spell Counters (R-TERM-5). A card can hold counters only if one of its effects
# declares how many (``extra={"counter_max": n}``, 0: no limit is not allowed).


def counter_max(st: State, uid: int) -> int:
    """How many counters this card can hold (0: it cannot hold any)."""
    return max((e.extra.get("counter_max", 0) for e in st.fx[uid]), default=0)


def can_hold_counter(ctx: Ctx, uid: int) -> bool:
    """A filter: a face-up card on the field that can hold one more counter."""
    st = ctx.st
    return query.face_up_on_field(st, uid) and st.counters[uid] < counter_max(st, uid)


def _put_counter(ctx: Ctx, uid: int, n: int) -> None:
    st = ctx.st
    room = counter_max(st, uid) - st.counters[uid]
    if room <= 0 or not query.face_up_on_field(st, uid):
        return
    ops.set_counters(st, uid, st.counters[uid] + min(n, room))
    st.dirty = True
    ops.raise_event(st, EventKind.COUNTER, st.ctrl[uid], uid, st.counters[uid],
                    rp=ctx.player, rc=ctx.uid)  # fmt: skip


def place_counter_on_self(n: int = 1) -> Step:
    """Put ``n`` counters on this card, as many as it can still hold (R-TERM-5)."""
    return Step(do=lambda ctx: _put_counter(ctx, ctx.uid, n))


def remove_counters_cost(n: int) -> Step:
    """A cost: remove ``n`` counters from this card."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        ops.set_counters(st, ctx.uid, st.counters[ctx.uid] - n)
        st.dirty = True
        ops.raise_event(st, EventKind.COUNTER, st.ctrl[ctx.uid], ctx.uid, st.counters[ctx.uid],
                        rp=ctx.player, rc=ctx.uid)  # fmt: skip

    return Step(do=do, can=lambda ctx: ctx.st.counters[ctx.uid] >= n)


def counters_on_self(per: int) -> Callable[[Ctx, int], int]:
    """A modifier value: ``per`` for each counter on this card."""
    return lambda ctx, uid: per * ctx.st.counters[ctx.uid]
