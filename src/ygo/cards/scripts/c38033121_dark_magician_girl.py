"""Dark Magician Girl (Effect monster): 300 more ATK for each Dark Magician and
Magician of Black Chaos in the two GYs together (a continuous effect)."""

from ygo.effects import Category, Ctx, Mod, count_in_graves, modifier, named

CODE = 38033121
DARK_MAGICIAN = 46986414
MAGICIAN_OF_BLACK_CHAOS = 30208479
_COUNT = count_in_graves(named(DARK_MAGICIAN, MAGICIAN_OF_BLACK_CHAOS))


def _value(ctx: Ctx, uid: int) -> int:
    return 300 * _COUNT(ctx)


EFFECTS = (modifier(Mod.ATK_ADD, lambda ctx, uid: uid == ctx.uid, _value, category=Category.ATK),)
