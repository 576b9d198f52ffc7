"""Dark Paladin (Fusion monster): Dark Magician and Buster Blader fused together.
It can only be Special Summoned by a Fusion Summon, so it can never be revived
by another card (R-SUM-8). It is 500 ATK stronger for every Dragon monster on the
field and in both GYs. When a Spell Card is activated, its controller may discard
a card to negate that activation and destroy the Spell."""

from ygo.core.enums import Race
from ygo.effects import (
    GRAVE,
    MZONE,
    Category,
    Ctx,
    Mod,
    discard_cost,
    face_up,
    fusion_materials,
    matching,
    modifier,
    monster,
    negate_previous,
    only_fusion_summon,
    previous_link_is,
    quick,
    spell,
)

CODE = 98502113
DARK_MAGICIAN = 46986414
BUSTER_BLADER = 78193831


def _dragons(ctx: Ctx, uid: int) -> int:
    def dragon(c: Ctx, u: int) -> bool:
        return monster(c, u) and bool(c.card(u).race & Race.DRAGON)

    on_field = [u for u in matching(ctx, MZONE, dragon) if face_up(ctx, u)]
    return 500 * (len(on_field) + len(matching(ctx, GRAVE, dragon)))


EFFECTS = (
    fusion_materials(
        DARK_MAGICIAN, BUSTER_BLADER, text="must be Fusion Summoned", special_ok=only_fusion_summon
    ),
    modifier(Mod.ATK_ADD, lambda ctx, uid: uid == ctx.uid, _dragons),
    quick(
        negate_previous(destroy=True),
        text="negate a Spell Card's activation",
        cost=(discard_cost(1),),
        condition=previous_link_is(lambda ctx, uid, card: card and spell(ctx, uid)),
        damage_step=2,
        category=Category.NEGATE,
    ),
)
