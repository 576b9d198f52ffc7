"""Union monsters (R-MON-4)."""

from __future__ import annotations

from ygo.core.enums import Race
from ygo.core.ints import POS_FACEUP
from ygo.core.state import NONE
from ygo.effects.constructors import ignition, modifier
from ygo.effects.equips import as_equip, equip_as_card
from ygo.effects.targets import equipped, targets
from ygo.effects.zones import FU_ATK, MZONE, SZONE, free_zones
from ygo.engine import ops, query
from ygo.engine.effect import Category, Ctx, Effect, Mod, Step


def union(code: int, race_ok: Race, atk: int = 0, defense: int = 0) -> tuple[Effect, ...]:
    """A Union monster (R-MON-4) of the period. Once per turn (one count for both)
    its controller may, in their Main Phase, equip it from the Monster Zone to a
    face-up ``race_ok`` monster they control that has no Union yet, or unequip it
    from there and Special Summon it in Attack Position. While equipped, the
    monster gains ``atk``/``defense``, and if that monster would be destroyed by
    battle or by a card effect, this card is destroyed instead
    (``ops.destroy``); ``code`` is its passcode."""

    def target_ok(ctx: Ctx, uid: int) -> bool:
        st = ctx.st
        return (
            uid != ctx.uid
            and st.ctrl[uid] == ctx.player
            and st.pos[uid] & POS_FACEUP != 0
            and bool(st.data[uid].race & race_ok)
            and ops.union_equipped(st, uid) == NONE
        )

    def in_monster_zone(ctx: Ctx) -> bool:
        return ctx.st.loc[ctx.uid] == MZONE

    def equip_do(ctx: Ctx) -> None:
        st = ctx.st
        t = ctx.target()
        link = ctx.link
        if t == NONE or (link is not None and st.fid[ctx.uid] != link.fid):
            return
        if ops.union_equipped(st, t) != NONE:
            return
        if equip_as_card(ctx, ctx.uid, t):
            ops.add_status(st, ctx.uid, ops.STATUS_ENABLED)

    def equipped_now(ctx: Ctx) -> bool:
        st = ctx.st
        return st.loc[ctx.uid] == SZONE and query.equipped_to(st, ctx.uid) != NONE

    def unequip_do(ctx: Ctx) -> None:
        st = ctx.st
        link = ctx.link
        if st.loc[ctx.uid] != SZONE or (link is not None and st.fid[ctx.uid] != link.fid):
            return
        if ops.special_summon(st, ctx.uid, ctx.player, FU_ATK, ctx.player, ctx.uid):
            ops.bind(st, ctx.uid, NONE)

    shared = {"limit": 1, "limit_code": (code << 4) | 15}  # one count for both effects
    return (
        ignition(
            Step(do=equip_do, can=lambda ctx: ops.szone_free(ctx.st, ctx.player)),
            text="equip this card to a monster you control",
            condition=in_monster_zone,
            target=targets(target_ok, MZONE),
            category=Category.EQUIP,
            extra={"union": True},
            **shared,
        ),
        as_equip(
            ignition(
                Step(do=unequip_do, can=lambda ctx: free_zones(ctx, ctx.player) > 0),
                text="unequip this card and Special Summon it",
                condition=equipped_now,
                category=Category.SPECIAL_SUMMON,
                extra={"union": True},
                **shared,
            )
        ),
        as_equip(modifier(Mod.ATK_ADD, equipped, lambda ctx, uid: atk, text=f"+{atk} ATK")),
        as_equip(modifier(Mod.DEF_ADD, equipped, lambda ctx, uid: defense, text=f"+{defense} DEF")),
    )
