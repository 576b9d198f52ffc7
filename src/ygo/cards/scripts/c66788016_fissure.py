"""Fissure (Normal Spell): destroy the face-up monster your opponent controls with
the lowest ATK (you choose among those tied). It does not target."""

from ygo.effects import (
    MZONE,
    Category,
    Ctx,
    activate,
    choose,
    chosen,
    current_atk,
    destroy_cards,
    face_up_monster,
    matching,
    step,
    you,
)

CODE = 66788016


def _lowest(ctx: Ctx) -> list[int]:
    found = matching(ctx, MZONE, face_up_monster, mine=False)
    if not found:
        return []
    low = min(current_atk(ctx, u) for u in found)
    return [u for u in found if current_atk(ctx, u) == low]


def _destroy(ctx: Ctx) -> None:
    picked = chosen(ctx)
    destroy_cards(ctx, picked)


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
