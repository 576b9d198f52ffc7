"""Mage Power (Equip Spell): the equipped monster gains 500 ATK and 500 DEF for each
Spell and Trap Card that Mage Power's controller has on the field (face-up or Set,
in the Spell & Trap Zones and the Field Zone, this card included)."""

from ygo.effects import (
    FZONE,
    PZONE,
    SZONE,
    Ctx,
    Mod,
    cards,
    equip_modifier,
    equip_spell,
    spell_or_trap,
)

CODE = 83746708


def _bonus(ctx: Ctx, uid: int) -> int:
    mine = cards(ctx, ctx.player, SZONE | FZONE | PZONE)
    return 500 * sum(1 for u in mine if spell_or_trap(ctx, u))


EFFECTS = (
    equip_spell(),
    equip_modifier(Mod.ATK_ADD, _bonus),
    equip_modifier(Mod.DEF_ADD, _bonus),
)
