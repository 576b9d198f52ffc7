"""Limiter Removal (Quick-Play Spell): the ATK of every face-up Machine you control
now is doubled until the end of the turn (it gains its current ATK); in this turn's
End Phase those Machines are destroyed (still the same cards on the field). An ATK
change: it may be activated in the Damage Step until damage calculation (R-BAT-7)."""

from ygo.core.enums import Phase, Race
from ygo.effects import (
    MZONE,
    RESET_END_TURN,
    Category,
    Ctx,
    EventKind,
    Mod,
    Reason,
    activate,
    all_of,
    face_up,
    mark,
    marks,
    matching,
    phase_of,
    race,
    rule,
    step,
    unmark,
)
from ygo.engine import ops, query

CODE = 23171610
_MACHINE = all_of(face_up, race(Race.MACHINE))


def _double(ctx: Ctx) -> None:
    st = ctx.st
    for u in matching(ctx, MZONE, _MACHINE, opp=False):
        v = query.atk(st, u)
        st.granted.append((int(Mod.ATK_ADD), u, st.fid[u], v, ctx.uid, RESET_END_TURN, st.turn))
        ops.raise_event(st, EventKind.ATK_CHANGE, st.ctrl[u], u, v, rp=ctx.player, rc=ctx.uid)
        mark(st, u, ctx.uid)


def _destroy_them(ctx: Ctx) -> None:
    st = ctx.st
    doomed = []
    for g in marks(ctx):
        unmark(st, g)
        if g[6] == st.turn and st.loc[g[1]] == MZONE:
            doomed.append(g[1])
    if doomed:
        ops.destroy(st, doomed, Reason.EFFECT, ctx.player, ctx.uid)


EFFECTS = (
    activate(
        step(_double),
        text="double the ATK of your Machines; destroy them in the End Phase",
        condition=lambda ctx: bool(matching(ctx, MZONE, _MACHINE, opp=False)),
        damage_step=1,
        category=Category.ATK,
    ),
    rule(
        EventKind.PHASE,
        lambda ctx, ev: phase_of(Phase.END)(ctx, ev) and bool(marks(ctx)),
        step(_destroy_them),
    ),
)
