"""United We Stand (Equip Spell): the equipped monster gains 800 ATK and 800 DEF for
each face-up monster the equip card's controller has on the field (the equipped
one included, if it is theirs)."""

from ygo.effects import MZONE, Category, Ctx, Mod, cards, equip_modifier, equip_spell, face_up

CODE = 56747793


def _bonus(ctx: Ctx, uid: int) -> int:
    return 800 * sum(1 for u in cards(ctx, ctx.player, MZONE) if face_up(ctx, u))


EFFECTS = (
    equip_spell(
        text="equip: +800 ATK/DEF per face-up monster you control",
        category=Category.EQUIP | Category.ATK,
    ),
    equip_modifier(Mod.ATK_ADD, _bonus),
    equip_modifier(Mod.DEF_ADD, _bonus),
)
