"""Ceasefire (Normal Trap): activated only while there is a face-down Defense
Position monster or an Effect Monster on the field. Every face-down Defense Position
monster is turned face-up (their Flip effects do not activate); then your opponent
takes 500 damage for each Effect Monster on the field."""

from ygo.core.enums import CardType, Position
from ygo.effects import MZONE, Category, Ctx, EventKind, Reason, activate, damage, matching, step
from ygo.engine import ops

CODE = 36468556
_FD_DEF = int(Position.FACEDOWN_DEFENSE)
_FU_DEF = int(Position.FACEUP_DEFENSE)


def _face_down_def(ctx: Ctx, uid: int) -> bool:
    return ctx.st.pos[uid] == _FD_DEF


def _effect_monster(ctx: Ctx, uid: int) -> bool:
    return bool(ctx.st.ctype[uid] & CardType.EFFECT)


def _can(ctx: Ctx) -> bool:
    return bool(matching(ctx, MZONE, lambda c, u: _face_down_def(c, u) or _effect_monster(c, u)))


def _flip_quietly(ctx: Ctx) -> None:
    st = ctx.st
    for u in matching(ctx, MZONE, _face_down_def):
        st.pos[u] = _FU_DEF
        st.dirty = True
        ops.raise_event(st, EventKind.POSITION, st.ctrl[u], u, _FU_DEF, reason=Reason.EFFECT,
                        rp=ctx.player, rc=ctx.uid, prev_pos=_FD_DEF)  # fmt: skip


def _amount(ctx: Ctx) -> int:
    return 500 * len(matching(ctx, MZONE, _effect_monster))


EFFECTS = (
    activate(
        step(_flip_quietly),
        damage(_amount),
        text="flip face-down monsters; 500 damage per Effect Monster",
        condition=_can,
        category=Category.POSITION | Category.DAMAGE,
    ),
)
