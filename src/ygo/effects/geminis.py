"""Gemini monsters (R-MON-4)."""

from __future__ import annotations

from ygo.effects.constructors import modifier
from ygo.engine import ops, query
from ygo.engine.effect import Category, Ctx, Effect, Mod


def gemini_active(ctx: Ctx) -> bool:
    """A Gemini monster (R-MON-4) has its effects only once Normal Summoned a
    second time while face-up on the field (``ops.STATUS_GEMINI``); until then it
    is a Normal Monster on the field and in the GY."""
    return bool(ctx.st.status[ctx.uid] & ops.STATUS_GEMINI) and query.face_up_on_field(
        ctx.st, ctx.uid
    )


def gemini_original_atk(value: int) -> Effect:
    """A Gemini's effect: its original ATK becomes ``value`` (set before changes)."""
    return modifier(
        Mod.ATK_SET,
        lambda ctx, uid: uid == ctx.uid and gemini_active(ctx),
        lambda ctx, uid: value,
        text=f"original ATK becomes {value} (once Gemini Summoned)",
        category=Category.ATK,
    )
