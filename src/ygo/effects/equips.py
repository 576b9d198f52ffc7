"""Equip Cards and control (R-SPELL-2, R-TERM-2): Equip Spells, monsters
that become Equip Cards, binding a card to its monster, taking control."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ygo.core.enums import Position
from ygo.core.ints import TYPE_MONSTER, TYPE_TOKEN
from ygo.core.state import NONE
from ygo.effects.constructors import activate, ignition, modifier, rule
from ygo.effects.events import window_event
from ygo.effects.filters import Filter, all_of, any_card, face_up_monster, monster
from ygo.effects.marks import mark, marks
from ygo.effects.steps import bind_to, special_summon_from, step
from ygo.effects.targets import equipped, targets
from ygo.effects.zones import DECK, FU_ATK, MZONE, SZONE, cards, free_zones
from ygo.engine import ops, query, specials
from ygo.engine.chain import GRANT_CONTROL, RESET_END_TURN, RESET_SOURCE_LEAVES
from ygo.engine.effect import Category, Ctx, Effect, Mod, Step
from ygo.engine.events import Event, EventKind, Reason


def equip_target() -> Step:
    """Equip this card to the link's target if it is still a face-up monster;
    else the card goes to the GY after the chain (R-SPELL-2, R-CHAIN-12)."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        t = ctx.target()
        if t == NONE or not ctx.on_field or not st.pos[t] & Position.FACEUP:
            return
        bind_to(st, ctx.uid, t)
        ops.raise_event(st, EventKind.EQUIP, ctx.player, ctx.uid, t, rp=ctx.player, rc=ctx.uid)

    return Step(do=do)


def take_control(until_end_of_turn: bool = True) -> Step:
    """Take control of the link's target (R-TERM-2): until the End Phase, or while
    this card is face-up and bound to it (``until_end_of_turn=False``)."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        t = ctx.target()
        if t == NONE:
            return
        if ops.set_control(st, t, ctx.player, ctx.player, ctx.uid):
            reset = RESET_END_TURN if until_end_of_turn else RESET_SOURCE_LEAVES
            st.granted.append((GRANT_CONTROL, t, st.fid[t], ctx.player, ctx.uid, reset, st.turn))

    return Step(do=do, can=lambda ctx: free_zones(ctx, ctx.player) > 0)


def equip_spell(
    *operation: Step,
    text: str = "",
    ok: Filter = any_card,
    mine: bool = True,
    opp: bool = True,
    **kw: Any,
) -> Effect:
    """An Equip Spell's activation: target a face-up monster that passes ``ok``
    (yours and/or the opponent's) and equip this card to it when it resolves
    (R-SPELL-2). ``operation`` defaults to :func:`equip_target`."""
    return activate(
        *(operation or (equip_target(),)),
        text=text,
        target=targets(all_of(face_up_monster, ok), MZONE, mine=mine, opp=opp),
        category=kw.pop("category", Category.EQUIP),
        **kw,
    )


def equip_modifier(
    mod: Mod, value: int | Callable[[Ctx, int], int], when: Callable[[Ctx], bool] | None = None
) -> Effect:
    """A continuous effect on the monster this card is bound to (an Equip Card's
    monster, Spellbinding Circle's target), while ``when`` holds."""
    val: Callable[[Ctx, int], int] = value if callable(value) else (lambda ctx, uid: value)

    def affects(ctx: Ctx, uid: int) -> bool:
        return equipped(ctx, uid) and (when is None or when(ctx))

    return modifier(mod, affects, val)


def bind_target() -> Step:
    """Bind this card to the link's target monster if both are still there (a
    Continuous Trap that stays with its target: Spellbinding Circle). Unlike an
    Equip Card, the target may be face-down."""

    def do(ctx: Ctx) -> None:
        t = ctx.target()
        if t != NONE and ctx.on_field and ctx.st.loc[t] == MZONE:
            bind_to(ctx.st, ctx.uid, t)

    return Step(do=do)


def equip_and_take_control() -> Step:
    """Equip this card to the link's target (as :func:`equip_target`) and take
    control of it; the card's ``Bind.CONTROL`` gives it back when the card leaves
    or the monster turns face-down (the rules check, ``chain.adjust``)."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        t = ctx.target()
        if t == NONE or not ctx.on_field or not st.pos[t] & Position.FACEUP:
            return
        bind_to(st, ctx.uid, t)
        ops.raise_event(st, EventKind.EQUIP, ctx.player, ctx.uid, t, rp=ctx.player, rc=ctx.uid)
        ops.set_control(st, t, ctx.player, ctx.player, ctx.uid)

    return Step(do=do, can=lambda ctx: free_zones(ctx, ctx.player) > 0)


def special_summon_target_and_equip(position: int = FU_ATK) -> Step:
    """Special Summon the link's target to your field and equip this card to it
    (Premature Burial). Nothing happens without a free Monster Zone; this card
    then goes to the GY after the chain (R-SPELL-2)."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        t = ctx.target()
        if t == NONE or not ctx.on_field or free_zones(ctx, ctx.player) == 0:
            return
        if ops.special_summon(st, t, ctx.player, position, ctx.player, ctx.uid):
            bind_to(st, ctx.uid, t)
            ops.raise_event(st, EventKind.EQUIP, ctx.player, ctx.uid, t,
                            rp=ctx.player, rc=ctx.uid)  # fmt: skip

    return Step(do=do, can=lambda ctx: free_zones(ctx, ctx.player) > 0)


def equip_stats(atk: int = 0, defense: int = 0) -> tuple[Effect, ...]:
    """The modifiers of an Equip Card that changes its monster's ATK and/or DEF by
    fixed amounts (a negative amount lowers it)."""
    out: list[Effect] = []
    if atk:
        out.append(equip_modifier(Mod.ATK_ADD, atk))
    if defense:
        out.append(equip_modifier(Mod.DEF_ADD, defense))
    return tuple(out)


def switch_control_with_target() -> Step:
    """Swap control of this monster and the link's target (the opponent's): each
    takes the Monster Zone the other leaves (R-TERM-2). Nothing happens unless
    both are still face-up/face-down on the field, controlled by different
    players (this card must still be the same card)."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        t = ctx.target()
        me = ctx.uid
        link = ctx.link
        if t == NONE or (link is not None and st.fid[me] != link.fid):
            return
        if st.loc[me] != MZONE or st.loc[t] != MZONE or st.ctrl[me] == st.ctrl[t]:
            return
        a, b = st.ctrl[me], st.ctrl[t]
        za, zb = st.seq[me], st.seq[t]
        st.mzone[a][za], st.mzone[b][zb] = t, me
        st.ctrl[me], st.seq[me] = b, zb
        st.ctrl[t], st.seq[t] = a, za
        st.dirty = True
        st.reach = None
        for u, p, z in ((t, a, za), (me, b, zb)):
            ops.raise_event(st, EventKind.CONTROL, p, u, 0, MZONE, z, Reason.EFFECT,
                            rp=ctx.player, rc=ctx.uid)  # fmt: skip

    return Step(do=do)


def equip_as_card(ctx: Ctx, card: int, target: int) -> bool:
    """Equip the monster ``card`` (from wherever it is) to the face-up monster
    ``target`` as an Equip Card by this effect: it goes face-up to your Spell & Trap Zone
    and is bound to ``target`` (R-SPELL-2: it is destroyed when ``target`` leaves
    or turns face-down). Only the effects of ``card`` marked ``as_equip`` (see
    :func:`as_equip`) apply there. False when there is no free zone or ``target``
    is no longer a face-up monster on the field."""
    st = ctx.st
    player = rp = ctx.player
    rc = ctx.uid
    if st.loc[target] != MZONE or not st.pos[target] & Position.FACEUP or card == target:
        return False
    zone = ops.free_zone(st, player, ops.SZONE)
    if zone == NONE:
        return False
    ops.move(st, card, SZONE, Reason.EFFECT, player=player, zone=zone, position=FU_ATK,
             rp=rp, rc=rc)  # fmt: skip
    bind_to(st, card, target)
    ops.raise_event(st, EventKind.EQUIP, player, card, target, rp=rp, rc=rc)
    return True


def as_equip(eff: Effect) -> Effect:
    """Mark a monster's continuous effect as one that applies while the monster
    is an Equip Card (:func:`equip_as_card`): Archfiend of Gilfer's ATK loss."""
    from dataclasses import replace

    return replace(eff, extra={**eff.extra, "as_equip": True})


def equip_self_to_target() -> Step:
    """Equip this monster (from the GY, its zone...) to the link's target as an
    Equip Card (:func:`equip_as_card`). Nothing happens if this card moved since
    the effect was activated (another incarnation) or the target is gone."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        link = ctx.link
        t = ctx.target()
        if t == NONE or (link is not None and st.fid[ctx.uid] != link.fid):
            return
        equip_as_card(ctx, ctx.uid, t)

    return Step(do=do, can=lambda ctx: NONE in ctx.st.szone[ctx.player])


def _summon_ok_by(ctx: Ctx, uid: int) -> bool:
    """``uid`` may be Special Summoned by this card as the one its text names."""
    st = ctx.st
    if not st.ctype[uid] & TYPE_MONSTER or st.ctype[uid] & TYPE_TOKEN:
        return False
    return not specials.special_blocker(st, uid, ops.SUMTYPE_PROC, ctx.uid)


def tribute_equipped_to_summon(
    pairs: tuple[tuple[int, int], ...], where: int = DECK, text: str = ""
) -> Effect:
    """An Equip Card's Ignition effect: Tribute the monster it is equipped to (a
    cost, R-CHAIN-7) and Special Summon the monster paired with that one's
    passcode from ``where`` (``pairs``: (equipped, summoned)), as the card its
    text names (``SUMTYPE_PROC``: properly summoned, R-SUM-9). Magical
    Labyrinth (Labyrinth Wall -> Wall Shadow), Metalmorph (Zoa -> Metalzoa)."""

    def wanted(ctx: Ctx) -> int:
        st = ctx.st
        t = query.equipped_to(st, ctx.uid)
        if t == NONE or st.ctrl[t] != ctx.player or st.loc[t] != MZONE:
            return 0
        return next((out for worn, out in pairs if st.data[t].base_code == worn), 0)

    def condition(ctx: Ctx) -> bool:
        code = wanted(ctx)
        return bool(code) and any(
            ctx.st.data[u].base_code == code and _summon_ok_by(ctx, u)
            for u in cards(ctx, ctx.player, where)
        )

    def pay(ctx: Ctx) -> None:
        st = ctx.st
        ctx.vars["code"] = wanted(ctx)
        t = query.equipped_to(st, ctx.uid)
        ops.tribute(st, [t], Reason.COST)

    def ok(ctx: Ctx, uid: int) -> bool:
        return ctx.st.data[uid].base_code == ctx.vars.get("code", 0) and _summon_ok_by(ctx, uid)

    return ignition(
        special_summon_from(where, ok, kind=ops.SUMTYPE_PROC),
        text=text,
        cost=(step(pay, can=lambda ctx: bool(wanted(ctx))),),
        condition=condition,
        category=Category.SPECIAL_SUMMON,
    )


# Monsters as Equip Cards that a monster takes from the opponent (Relinquished,
# Thousand-Eyes Restrict): "absorbed" monsters, marked by the absorbing card.


def absorbed(ctx: Ctx) -> int:
    """The monster this card absorbed and still has equipped, or NONE."""
    st = ctx.st
    for g in marks(ctx):
        u = g[1]
        if g[3] == 2 and st.loc[u] == SZONE and query.equipped_to(st, u) == ctx.uid:
            return u
    return NONE


def _absorb(ctx: Ctx) -> None:
    t = ctx.target()
    if t == NONE or not ctx.on_field or absorbed(ctx) != NONE:
        return
    if equip_as_card(ctx, t, ctx.uid):
        mark(ctx, t, count=2)  # absorbed by this card


def absorb_monster() -> tuple[Effect, ...]:
    """Relinquished's and Thousand-Eyes Restrict's effects: once per turn, target
    a monster the opponent controls and equip it to this card as an Equip Card
    (at most one at a time); this card's ATK and DEF become that monster's
    printed ones; if this card would be destroyed by battle, the equipped monster
    is destroyed instead (``Mod.BATTLE_SUBSTITUTE``)."""

    def has_one(ctx: Ctx, uid: int) -> bool:
        return uid == ctx.uid and absorbed(ctx) != NONE

    def atk_of(ctx: Ctx, uid: int) -> int:
        return ctx.st.data[absorbed(ctx)].atk_value

    def def_of(ctx: Ctx, uid: int) -> int:
        return ctx.st.data[absorbed(ctx)].def_value

    def substitute(ctx: Ctx, uid: int) -> int:
        return absorbed(ctx)

    return (
        ignition(
            step(_absorb),
            text="equip an opponent's monster to it; it takes that monster's ATK/DEF",
            limit=1,
            condition=lambda ctx: absorbed(ctx) == NONE and NONE in ctx.st.szone[ctx.player],
            target=targets(
                all_of(monster, lambda c, u: not c.st.ctype[u] & TYPE_TOKEN), MZONE, mine=False
            ),
            category=Category.EQUIP,
        ),
        modifier(Mod.ATK_SET, has_one, atk_of, category=Category.ATK),
        modifier(Mod.DEF_SET, has_one, def_of),
        modifier(Mod.BATTLE_SUBSTITUTE, has_one, substitute),
    )


def reflect_battle_damage_while_absorbed() -> Effect:
    """Relinquished: while it has an absorbed monster, battle damage its
    controller takes from a battle involving it is dealt to the opponent too, as
    effect damage (a rule of the card, no chain)."""

    def on(ctx: Ctx, ev: Event) -> bool:
        st = ctx.st
        return (
            bool(ev.reason & Reason.BATTLE)
            and ev.player == ctx.player
            and ctx.uid in (st.attacker, st.target)
            and query.face_up_on_field(st, ctx.uid)
            and absorbed(ctx) != NONE
        )

    def do(ctx: Ctx) -> None:
        st = ctx.st
        total = sum(ev.value for ev in window_event(ctx, EventKind.DAMAGE) if on(ctx, ev))
        ops.damage(st, 1 - ctx.player, total, Reason.EFFECT, ctx.player, ctx.uid)

    return rule(EventKind.DAMAGE, on, step(do))
