"""Valkyrion the Magna Warrior (Effect monster, Special Summon only): it cannot
be Normal Summoned or Set; it comes out of the hand only by Tributing Alpha, Beta
and Gamma The Magnet Warrior from its controller's field (then it can be revived,
R-SUM-8). Ignition: Tribute it and target one each of Alpha, Beta and Gamma in
your GY; Special Summon them (all three need a Monster Zone)."""

from ygo.effects import (
    FU_ATK,
    GRAVE,
    MZONE,
    Category,
    Ctx,
    TargetSpec,
    can_special_summon,
    cards,
    free_zones,
    ignition,
    procedure,
    special_summon,
    step,
    tribute_named,
    tribute_self,
)

CODE = 75347539
ALPHA, BETA, GAMMA = 99785935, 39256679, 11549357
WARRIORS = (ALPHA, BETA, GAMMA)


def _warrior(ctx: Ctx, uid: int) -> bool:
    """A Magnet Warrior not already targeted under the same name."""
    code = ctx.base_code(uid)
    if code not in WARRIORS or not can_special_summon(ctx, uid):
        return False
    return all(ctx.base_code(t) != code for t in ctx.link_targets() if t != uid)


def _all_three(ctx: Ctx) -> bool:
    if free_zones(ctx, ctx.player) + (ctx.location(ctx.uid) == MZONE) < len(WARRIORS):
        return False
    grave = cards(ctx, ctx.player, GRAVE)
    return all(
        any(ctx.base_code(u) == c and can_special_summon(ctx, u) for u in grave) for c in WARRIORS
    )


def _summon_them(ctx: Ctx) -> None:
    them = ctx.targets()
    if not them or free_zones(ctx, ctx.player) < len(them):
        return
    for u in them:
        special_summon(ctx, u, FU_ATK)


EFFECTS = (
    procedure(
        tribute_named(*WARRIORS),
        text="Tribute Alpha, Beta and Gamma The Magnet Warrior",
        zone=False,
    ),
    ignition(
        step(_summon_them),
        text="Tribute it: Special Summon the three Magnet Warriors from your GY",
        cost=(tribute_self(),),
        condition=_all_three,
        target=TargetSpec(ok=_warrior, count=3, locations=GRAVE, theirs=False),
        category=Category.SPECIAL_SUMMON,
    ),
)
