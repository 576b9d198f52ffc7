"""Ring of Destruction (Normal Trap, the old wording: any time a Normal Trap can
be activated): target a face-up monster on the field; destroy it, and then both
players take damage equal to its ATK. No damage if it was not destroyed."""

from ygo.effects import (
    MZONE,
    NONE,
    Category,
    Ctx,
    activate,
    destroy_cards,
    face_up,
    inflict_damage,
    monster,
    step,
    target_atk,
    targets,
)

CODE = 83555666


def _destroy_and_burn(ctx: Ctx) -> None:
    t = ctx.target()
    if t == NONE:
        return
    amount = target_atk(ctx)
    destroy_cards(ctx, [t])
    if ctx.location(t) == MZONE:
        return
    # Both at once: both at 0 LP is a draw (R-DUEL-7).
    for p in (ctx.player, 1 - ctx.player):
        inflict_damage(ctx, p, amount)


EFFECTS = (
    activate(
        step(_destroy_and_burn),
        text="destroy a monster; both players take its ATK",
        target=targets(lambda ctx, uid: monster(ctx, uid) and face_up(ctx, uid)),
        category=Category.DESTROY | Category.DAMAGE,
    ),
)
