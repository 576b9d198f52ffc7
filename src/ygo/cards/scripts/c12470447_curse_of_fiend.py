"""Curse of Fiend (Normal Spell): activated only in your own Standby Phase (so
only once Set: a speed-1 card at a timing of its own). Every Attack Position
monster on the field goes to Defense Position and every Defense Position monster
to Attack Position (a face-down Defense one is turned face-up Attack); for the
rest of the turn their positions cannot be changed except by card effects."""

from ygo.core.enums import Position
from ygo.effects import (
    MZONE,
    SZONE,
    Category,
    Ctx,
    Mod,
    Window,
    activate,
    cards,
    grant_one,
    monster,
    set_position,
    step,
)

CODE = 12470447
_SWAP = {
    int(Position.FACEUP_ATTACK): int(Position.FACEUP_DEFENSE),
    int(Position.FACEDOWN_ATTACK): int(Position.FACEDOWN_DEFENSE),
    int(Position.FACEUP_DEFENSE): int(Position.FACEUP_ATTACK),
    int(Position.FACEDOWN_DEFENSE): int(Position.FACEUP_ATTACK),
}


def _monsters(ctx: Ctx) -> list[int]:
    tp = ctx.turn_player
    return [u for p in (tp, 1 - tp) for u in cards(ctx, p, MZONE) if monster(ctx, u)]


def _swap(ctx: Ctx) -> None:
    changed = _monsters(ctx)
    for u in changed:
        set_position(ctx, u, _SWAP[ctx.position(u)])
    for u in changed:
        grant_one(ctx, u, Mod.CANNOT_CHANGE_POS, 1)


EFFECTS = (
    activate(
        step(_swap, can=lambda ctx: bool(_monsters(ctx))),
        text="swap the battle positions of every monster",
        windows=Window.STANDBY.bit,
        condition=lambda ctx: ctx.location(ctx.uid) == SZONE,  # the guides: only once Set
        category=Category.POSITION,
    ),
)
