"""Ryu Senshi (Fusion Effect monster: Warrior Dai Grepher + Spirit Ryu, only
those: no fusion substitute). Quick effect, while face-up on the field: when a
Normal Trap Card is activated, pay 1000 LP to negate its effect (nothing happens
if Ryu Senshi has left the field by then). A Spell Card's effect that targets
this card is negated when it resolves, and that Spell is destroyed."""

from ygo.core.enums import CardType
from ygo.effects import (
    Category,
    Ctx,
    fusion_materials,
    negate_previous_effect,
    negate_spells_targeting_self,
    pay_lp,
    previous_link_is,
    quick,
    step,
)

CODE = 49868263
WARRIOR_DAI_GREPHER, SPIRIT_RYU = 75953262, 67957315
_NEGATE = negate_previous_effect()


def _normal_trap(ctx: Ctx, uid: int, card: bool) -> bool:
    t = ctx.types(uid)
    normal = not t & (CardType.CONTINUOUS | CardType.COUNTER)
    return card and bool(t & CardType.TRAP) and normal


def _negate_if_still_here(ctx: Ctx) -> None:
    if ctx.on_field:
        _NEGATE.do(ctx)


EFFECTS = (
    fusion_materials(WARRIOR_DAI_GREPHER, SPIRIT_RYU, exact=True),
    quick(
        step(_negate_if_still_here),
        text="pay 1000 LP: negate a Normal Trap's effect",
        cost=(pay_lp(1000),),
        condition=previous_link_is(_normal_trap),
        damage_step=2,
        category=Category.NEGATE,
    ),
    negate_spells_targeting_self(),
)
