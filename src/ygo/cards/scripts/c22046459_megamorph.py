"""Megamorph (Equip Spell): while your LP are lower than your opponent's, the
equipped monster's ATK becomes twice its original ATK; while they are higher, half
its original ATK (rounded up). Equal LP: no change."""

from ygo.effects import Ctx, Mod, equip_modifier, equip_spell, original_atk

CODE = 22046459


def _lp_differ(ctx: Ctx) -> bool:
    return ctx.lp(ctx.player) != ctx.lp(ctx.opponent)


def _value(ctx: Ctx, uid: int) -> int:
    base = original_atk(ctx, uid)
    if ctx.lp(ctx.player) < ctx.lp(ctx.opponent):
        return base * 2
    return (base + 1) // 2


EFFECTS = (
    equip_spell(),
    equip_modifier(Mod.ATK_SET, _value, when=_lp_differ),
)
