"""Dragon Master Knight (Fusion monster): Black Luster Soldier and Blue-Eyes
Ultimate Dragon fused together. It can only be Special Summoned by a Fusion
Summon, so it can never be revived by another card (R-SUM-8). It is 500 ATK
stronger for every other Dragon monster its controller has face-up on the field."""

from ygo.core.enums import Race
from ygo.effects import (
    MZONE,
    Ctx,
    Mod,
    face_up,
    fusion_materials,
    matching,
    modifier,
    monster,
    only_fusion_summon,
)

CODE = 62873545
BLUE_EYES_ULTIMATE = 23995346
BLACK_LUSTER_SOLDIER = 5405694


def _other_dragons(ctx: Ctx, uid: int) -> int:
    n = sum(
        1
        for u in matching(ctx, MZONE, monster, mine=True, opp=False)
        if u != ctx.uid and face_up(ctx, u) and ctx.card(u).race & Race.DRAGON
    )
    return 500 * n


EFFECTS = (
    fusion_materials(
        BLUE_EYES_ULTIMATE,
        BLACK_LUSTER_SOLDIER,
        text="must be Fusion Summoned",
        special_ok=only_fusion_summon,
    ),
    modifier(Mod.ATK_ADD, lambda ctx, uid: uid == ctx.uid, _other_dragons),
)
