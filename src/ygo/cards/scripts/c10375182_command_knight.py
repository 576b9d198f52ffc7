"""Command Knight (Effect monster): every Warrior its controller has gains 400 ATK
(itself included), and while its controller has another monster, the opponent
cannot choose it as an attack target (continuous effects, no activation)."""

from ygo.core.enums import Race
from ygo.effects import (
    Category,
    Ctx,
    Mod,
    all_of,
    controls_another_monster,
    modifier,
    on_field,
    race,
    yours,
)

CODE = 10375182


def _protected(ctx: Ctx, uid: int) -> bool:
    return uid == ctx.uid and controls_another_monster(ctx)


EFFECTS = (
    modifier(
        Mod.ATK_ADD,
        all_of(on_field, yours, race(Race.WARRIOR)),
        lambda ctx, uid: 400,
        category=Category.ATK,
    ),
    modifier(Mod.CANNOT_BE_ATTACKED, _protected),
)
