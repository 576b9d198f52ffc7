"""Knight's Title (Normal Spell): Tribute a face-up Dark Magician you control to
Special Summon Dark Magician Knight from your hand, Deck or GY. This is the one
card that may summon the Knight (from the GY only if it was properly summoned
before, R-SUM-8/9)."""

from ygo.effects import (
    DECK,
    GRAVE,
    HAND,
    SUMTYPE_PROC,
    Category,
    Ctx,
    activate,
    all_of,
    can_special_summon,
    exists,
    face_up,
    special_summon_from,
    tribute_cost,
)

CODE = 87210505
DARK_MAGICIAN = 46986414
DARK_MAGICIAN_KNIGHT = 50725996


def _magician(ctx: Ctx, uid: int) -> bool:
    return ctx.base_code(uid) == DARK_MAGICIAN and face_up(ctx, uid)


def _knight(ctx: Ctx, uid: int) -> bool:
    return ctx.base_code(uid) == DARK_MAGICIAN_KNIGHT


EFFECTS = (
    activate(
        special_summon_from(HAND | DECK | GRAVE, _knight, kind=SUMTYPE_PROC),
        text="Special Summon Dark Magician Knight",
        cost=(tribute_cost(1, _magician),),
        condition=exists(HAND | DECK | GRAVE, all_of(_knight, can_special_summon)),
        category=Category.SPECIAL_SUMMON,
    ),
)
