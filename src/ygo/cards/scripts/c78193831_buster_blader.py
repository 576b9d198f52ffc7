"""Buster Blader (Effect monster): it gains 500 ATK for each Dragon monster its
controller's opponent has face-up on the field or in the GY."""

from ygo.core.enums import Race
from ygo.effects import GRAVE, MZONE, Category, Ctx, Mod, cards, face_up, modifier, monster

CODE = 78193831


def _dragon(ctx: Ctx, uid: int) -> bool:
    return monster(ctx, uid) and bool(ctx.card(uid).race & Race.DRAGON)


def _dragons(ctx: Ctx, uid: int) -> int:
    opp = 1 - ctx.controller(ctx.uid)
    field = [u for u in cards(ctx, opp, MZONE) if face_up(ctx, u) and _dragon(ctx, u)]
    grave = [u for u in cards(ctx, opp, GRAVE) if _dragon(ctx, u)]
    return 500 * (len(field) + len(grave))


EFFECTS = (modifier(Mod.ATK_ADD, lambda ctx, uid: uid == ctx.uid, _dragons, category=Category.ATK),)
