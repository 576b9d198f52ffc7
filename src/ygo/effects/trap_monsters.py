"""Trap monsters (R-MON-4): Traps that Special Summon themselves."""

from __future__ import annotations

from ygo.effects.zones import FU_DEF, SZONE, free_zones
from ygo.engine import ops
from ygo.engine.effect import Ctx, Step


def summon_self_as_monster(position: int = FU_DEF) -> Step:
    """A Trap that Special Summons itself as an Effect Monster (R-MON-4, a trap
    monster): from its Spell & Trap Zone to a free Monster Zone; its Level, ATK,
    DEF, Type and Attribute are in its card data. It is still a Trap Card too,
    and keeps one of its controller's Spell & Trap Zones taken while there."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        if st.loc[ctx.uid] != SZONE or free_zones(ctx, ctx.player) == 0:
            return
        ops.become_monster(st, ctx.uid)
        if not ops.special_summon(
            st, ctx.uid, ctx.player, position, ctx.player, ctx.uid, kind=ops.SUMTYPE_PROC
        ):
            ops.set_ctype(st, ctx.uid, int(st.data[ctx.uid].type))

    return Step(do=do, can=lambda ctx: free_zones(ctx, ctx.player) > 0)
