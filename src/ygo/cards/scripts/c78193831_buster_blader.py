"""Buster Blader (Effect monster): it gains 500 ATK for each Dragon monster its
controller's opponent has face-up on the field or in the GY."""

from ygo.core.enums import Race
from ygo.effects import NONE, Category, Ctx, Mod, face_up, modifier, monster

CODE = 78193831


def _dragon(ctx: Ctx, uid: int) -> bool:
    return monster(ctx, uid) and bool(ctx.st.data[uid].race & Race.DRAGON)


def _dragons(ctx: Ctx, uid: int) -> int:
    st = ctx.st
    opp = 1 - st.ctrl[ctx.uid]
    field = [u for u in st.mzone[opp] if u != NONE and face_up(ctx, u) and _dragon(ctx, u)]
    grave = [u for u in st.grave[opp] if _dragon(ctx, u)]
    return 500 * (len(field) + len(grave))


EFFECTS = (modifier(Mod.ATK_ADD, lambda ctx, uid: uid == ctx.uid, _dragons, category=Category.ATK),)
