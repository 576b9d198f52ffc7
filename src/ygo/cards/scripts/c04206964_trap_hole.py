"""Trap Hole (Normal Trap): when your opponent Normal or Flip Summons a monster
with 1000 or more ATK, target it; destroy it. A Set is not a Summon (R-SUM-1),
and a Special Summon does not count."""

from ygo.effects import (
    MZONE,
    Category,
    Ctx,
    EventKind,
    Window,
    activate,
    all_of,
    atk_at_least,
    destroy_targets,
    matching,
    summoned_now,
    targets,
    theirs,
)

CODE = 4206964
_OK = all_of(theirs, summoned_now(EventKind.SUMMON, EventKind.FLIP_SUMMON), atk_at_least(1000))


def _summoned(ctx: Ctx) -> bool:
    return bool(matching(ctx, MZONE, _OK, mine=False))


EFFECTS = (
    activate(
        destroy_targets(),
        text="destroy the summoned monster",
        target=targets(_OK, where=MZONE, mine=False),
        condition=_summoned,
        windows=1 << Window.SUMMONED,
        category=Category.DESTROY,
    ),
)
