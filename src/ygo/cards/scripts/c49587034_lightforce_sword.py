"""Lightforce Sword (Normal Trap): banish a random card from your opponent's hand
face-down (hidden from you, guide 001). In your opponent's 4th Standby Phase after
the activation, that card returns to their hand (if it is still banished)."""

from ygo.core.enums import Phase
from ygo.effects import (
    Category,
    Ctx,
    Event,
    EventKind,
    Reason,
    activate,
    banish_face_down,
    mark,
    marks,
    phase_of,
    rule,
    step,
    unmark,
)
from ygo.engine import ops

CODE = 49587034
TURNS = 4


def _banish(ctx: Ctx) -> None:
    st = ctx.st
    u = ops.random_hand_card(st, ctx.opponent)
    if u != -1:
        banish_face_down(st, [u], Reason.EFFECT, ctx.player, ctx.uid)
        mark(st, u, ctx.uid)


def _standby(ctx: Ctx, ev: Event) -> bool:
    st = ctx.st
    return phase_of(Phase.STANDBY)(ctx, ev) and any(st.owner[g[1]] == st.tp for g in marks(ctx))


def _count(ctx: Ctx) -> None:
    st = ctx.st
    for g in marks(ctx):
        u = g[1]
        if st.owner[u] != st.tp:
            continue
        unmark(st, g)
        if g[3] + 1 >= TURNS:
            ops.to_hand(st, [u], Reason.EFFECT | Reason.RETURN, st.ctrl[ctx.uid], ctx.uid)
        else:
            st.granted.append((*g[:3], g[3] + 1, *g[4:]))


EFFECTS = (
    activate(
        step(_banish),
        text="banish a random card from your opponent's hand face-down",
        condition=lambda ctx: bool(ctx.st.hand[ctx.opponent]),
        category=Category.BANISH | Category.HANDES,
    ),
    rule(EventKind.PHASE, _standby, step(_count)),
)
