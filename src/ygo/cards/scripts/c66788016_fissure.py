"""Fissure (Normal Spell): destroy the face-up monster your opponent controls with
the lowest ATK (you choose among those tied). It does not target."""

from ygo.effects import (
    MZONE,
    Category,
    Ctx,
    Reason,
    activate,
    choose,
    chosen,
    face_up_monster,
    matching,
    step,
    you,
)
from ygo.engine import ops, query

CODE = 66788016


def _lowest(ctx: Ctx) -> list[int]:
    found = matching(ctx, MZONE, face_up_monster, mine=False)
    if not found:
        return []
    low = min(query.atk(ctx.st, u) for u in found)
    return [u for u in found if query.atk(ctx.st, u) == low]


def _destroy(ctx: Ctx) -> None:
    picked = chosen(ctx)
    if picked:
        ops.destroy(ctx.st, picked, Reason.EFFECT, ctx.player, ctx.uid)


EFFECTS = (
    activate(
        step(
            _destroy,
            ask=choose(you, _lowest, 1, "Choose the monster to destroy"),
            can=lambda ctx: bool(_lowest(ctx)),
        ),
        text="destroy your opponent's face-up monster with the lowest ATK",
        category=Category.DESTROY,
    ),
)
