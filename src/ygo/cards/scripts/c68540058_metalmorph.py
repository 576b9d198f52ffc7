"""Metalmorph (Normal Trap that stays as an Equip Card): target a face-up monster
and equip this card to it; it gains 300 ATK and DEF, and when it attacks it gains
half the attack target's ATK during damage calculation only. Ignition, while
equipped: Tribute the equipped Zoa (or Red-Eyes B. Dragon) and Special Summon
Metalzoa (or Red-Eyes Black Metal Dragon) from your Deck, properly (R-SUM-9)."""

from ygo.core.enums import Phase
from ygo.effects import (
    MZONE,
    NONE,
    Bind,
    Category,
    Ctx,
    Mod,
    activate,
    current_atk,
    equip_modifier,
    equip_stats,
    equip_target,
    equipped_to,
    face_up_monster,
    targets,
    tribute_equipped_to_summon,
)

CODE = 68540058
ZOA, METALZOA = 24311372, 50705071
RED_EYES, RED_EYES_METAL = 74677422, 64335804


def _attacking(ctx: Ctx) -> bool:
    t = equipped_to(ctx, ctx.uid)
    return (
        ctx.phase == Phase.DAMAGE_CALC
        and t != NONE
        and ctx.attacker == t
        and ctx.attack_target != NONE
        and not ctx.attack_negated
    )


def _half_target(ctx: Ctx, uid: int) -> int:
    return current_atk(ctx, ctx.attack_target) // 2


EFFECTS = (
    activate(
        equip_target(),
        text="equip to a face-up monster: +300 ATK/DEF",
        target=targets(face_up_monster, MZONE),
        bind=Bind.EQUIP,
        stays=True,
        category=Category.EQUIP,
    ),
    *equip_stats(300, 300),
    equip_modifier(Mod.ATK_ADD, _half_target, when=_attacking),
    tribute_equipped_to_summon(
        ((ZOA, METALZOA), (RED_EYES, RED_EYES_METAL)),
        text="Tribute the equipped Zoa or Red-Eyes B. Dragon: Special Summon its metal form",
    ),
)
