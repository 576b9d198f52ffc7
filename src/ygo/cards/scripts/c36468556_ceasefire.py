"""Ceasefire (Normal Trap): activated only while there is a face-down Defense
Position monster or an Effect Monster on the field. Every face-down Defense Position
monster is turned face-up (their Flip effects do not activate); then your opponent
takes 500 damage for each Effect Monster on the field."""

from ygo.core.enums import CardType
from ygo.effects import (
    FD_DEF,
    MZONE,
    Category,
    Ctx,
    activate,
    damage,
    face_up_quietly,
    matching,
    step,
)

CODE = 36468556


def _face_down_def(ctx: Ctx, uid: int) -> bool:
    return ctx.position(uid) == FD_DEF


def _effect_monster(ctx: Ctx, uid: int) -> bool:
    return bool(ctx.types(uid) & CardType.EFFECT)


def _can(ctx: Ctx) -> bool:
    return bool(matching(ctx, MZONE, lambda c, u: _face_down_def(c, u) or _effect_monster(c, u)))


def _flip_quietly(ctx: Ctx) -> None:
    for u in matching(ctx, MZONE, _face_down_def):
        face_up_quietly(ctx, u)


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
