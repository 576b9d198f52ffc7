"""Backup Soldier (Normal Trap): activated only while you have 5 or more monsters in
your GY. Target 1 to 3 monsters without effects (Normal Monsters) with 1500 or less
ATK in your GY; add them to your hand."""

from ygo.core.enums import CardType
from ygo.effects import (
    GRAVE,
    Category,
    Ctx,
    TargetSpec,
    activate,
    all_of,
    atk_at_most,
    cards,
    monster,
    return_targets_to_hand,
)

CODE = 36280194


def _no_effect(ctx: Ctx, uid: int) -> bool:
    return not ctx.types(uid) & (CardType.EFFECT | CardType.TOKEN)


def _five_monsters(ctx: Ctx) -> bool:
    return sum(1 for u in cards(ctx, ctx.player, GRAVE) if ctx.types(u) & CardType.MONSTER) >= 5


EFFECTS = (
    activate(
        return_targets_to_hand(),
        text="add up to 3 Normal Monsters with 1500 or less ATK from your GY to your hand",
        target=TargetSpec(
            all_of(monster, _no_effect, atk_at_most(1500)), 3, GRAVE, theirs=False, up_to=True
        ),
        condition=_five_monsters,
        category=Category.TO_HAND,
    ),
)
