"""Ring of Destruction (Normal Trap, the old wording: any time a Normal Trap can
be activated): target a face-up monster on the field; destroy it, and then both
players take damage equal to its ATK. No damage if it was not destroyed."""

from ygo.core.enums import Location
from ygo.effects import (
    NONE,
    Category,
    Ctx,
    Reason,
    activate,
    face_up,
    monster,
    step,
    target_atk,
    targets,
)
from ygo.engine import ops

CODE = 83555666


def _destroy_and_burn(ctx: Ctx) -> None:
    st = ctx.st
    t = ctx.target()
    if t == NONE:
        return
    amount = target_atk(ctx)
    ops.destroy(st, [t], Reason.EFFECT, ctx.player, ctx.uid)
    if st.loc[t] == Location.MZONE:
        return
    # Both at once: both at 0 LP is a draw (R-DUEL-7).
    for p in (ctx.player, 1 - ctx.player):
        ops.damage(st, p, amount, Reason.EFFECT, ctx.player, ctx.uid)


EFFECTS = (
    activate(
        step(_destroy_and_burn),
        text="destroy a monster; both players take its ATK",
        target=targets(lambda ctx, uid: monster(ctx, uid) and face_up(ctx, uid)),
        category=Category.DESTROY | Category.DAMAGE,
    ),
)
