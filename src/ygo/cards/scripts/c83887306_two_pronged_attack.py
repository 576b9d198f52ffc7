"""Two-Pronged Attack (Normal Trap): target 2 monsters you control and 1 monster your
opponent controls; destroy them (those still on the field)."""

from ygo.effects import (
    MZONE,
    Category,
    Ctx,
    activate,
    can_be_targeted,
    cards,
    destroy_targets,
    targets,
)

CODE = 83887306


def _ok(ctx: Ctx, uid: int) -> bool:
    if not ctx.activating:  # the activation check, or at resolution
        return True
    taken = ctx.link_targets()
    mine = sum(1 for u in taken if ctx.controller(u) == ctx.player)
    theirs = len(taken) - mine
    return mine < 2 if ctx.controller(uid) == ctx.player else theirs < 1


def _enough(ctx: Ctx) -> bool:
    def count(p: int) -> int:
        return sum(1 for u in cards(ctx, p, MZONE) if can_be_targeted(ctx, u))

    return count(ctx.player) >= 2 and count(ctx.opponent) >= 1


EFFECTS = (
    activate(
        destroy_targets(),
        text="destroy 2 of your monsters and 1 of your opponent's",
        target=targets(_ok, where=MZONE, count=3),
        condition=_enough,
        category=Category.DESTROY,
    ),
)
