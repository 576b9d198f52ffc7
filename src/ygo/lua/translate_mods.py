"""More of ygopro-core's continuous effect codes and events, as ygo's modifiers
and event tests (hooked from :class:`~ygo.lua.translate.Translator`).

- Codes with an engine :class:`~ygo.engine.effect.Mod` of their own
  (:data:`MORE_MODS`): battle and effect indestructibility, piercing, Level
  changes, extra attacks. Their value functions get ygopro-core's arguments:
  ``EFFECT_INDESTRUCTABLE_BATTLE``'s ``(e, c)`` the monster the affected one
  battles; ``EFFECT_INDESTRUCTABLE_EFFECT``'s ``(e, re, rp, c)`` the effect that
  destroys (the chain link resolving) and each player in turn, as the bits of
  the players whose effects cannot destroy the card; ``EFFECT_CANNOT_BE_EFFECT_TARGET``'s
  ``(e, re, rp)`` nil and each player in turn, as the bits of the players whose
  effects cannot target it (``aux.tgoval``: the opponent's). Without a value these
  three protect nothing (ygopro-core reads an unset value as 0).
- Attack-target limits that read the attacker (``EFFECT_CANNOT_SELECT_BATTLE_TARGET``:
  the effect is on the attackers, its value names the monsters they cannot
  choose; ``EFFECT_CANNOT_BE_BATTLE_TARGET`` with a value function of the
  attacker): ygo's ``Mod.CANNOT_BE_ATTACKED`` on the targets, asked of the
  attacker being declared (``State.attacker``).
- Events (:func:`events`): a monster destroying another by battle
  (``EVENT_BATTLE_DESTROYING``: the destroyer is the card it is about), the
  start of the Damage Step (``EVENT_BATTLE_START``) and the end of damage
  calculation (``EVENT_BATTLED``, the engine's step into damage calculation,
  whose triggers wait until after it), Tributes, discards, material, the end of
  a chain.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ygo.core.enums import Phase
from ygo.core.ints import (
    REASON_BATTLE,
    REASON_DESTROY,
    REASON_DISCARD,
    REASON_MATERIAL,
    REASON_RELEASE,
)
from ygo.core.state import NONE, State
from ygo.engine.effect import Ctx, Effect, EffectKind, Mod
from ygo.engine.events import Event, EventKind
from ygo.lua.api_more import battlers
from ygo.lua.places import HAND, MZONE

if TYPE_CHECKING:
    from ygo.lua.translate import Translator

MORE_MODS = {
    "EFFECT_INDESTRUCTABLE_BATTLE": Mod.INDESTRUCTIBLE_BATTLE,
    "EFFECT_INDESTRUCTABLE_EFFECT": Mod.INDESTRUCTIBLE_EFFECT,
    "EFFECT_PIERCE": Mod.PIERCE,
    "EFFECT_UPDATE_LEVEL": Mod.LEVEL_ADD,
    "EFFECT_CHANGE_LEVEL": Mod.LEVEL_SET,
    "EFFECT_EXTRA_ATTACK": Mod.EXTRA_ATTACK,
    "EFFECT_INDESTRUCTABLE_COUNT": Mod.INDESTRUCTIBLE_COUNT,
    "EFFECT_SELF_DESTROY": Mod.SELF_DESTROY,
}
"""ygopro-core's EFFECT_* codes -> ygo's modifiers (joined to ``translate.MODS``)."""

BATTLER = "battler"
"""An event's ``about``: a card in the battle (the attacker or its target)."""
DESTROYER = "destroyer"
"""An event's ``about``: the monster that destroyed the event's card by battle."""
NOBODY = "none"
TARGET = "target"
"""An event's ``about``: the attack target of an ATTACK event."""

_BATTLE_DESTROYED = REASON_BATTLE | REASON_DESTROY


def _always(ev: Event) -> bool:
    return True


def events(c: Callable[[str], int]) -> dict[int, tuple[EventKind, Callable[[Event], bool], str]]:
    """More Lua event codes: (ygo event kind, which of those events, what the
    event is about: "card", :data:`BATTLER`, :data:`DESTROYER` or "none")."""
    damage, calc = int(Phase.DAMAGE), int(Phase.DAMAGE_CALC)
    return {
        c("EVENT_BATTLE_DESTROYING"): (
            EventKind.MOVE,
            lambda ev: ev.reason & _BATTLE_DESTROYED == _BATTLE_DESTROYED and ev.src == MZONE,
            DESTROYER,
        ),
        c("EVENT_BATTLE_START"): (EventKind.PHASE, lambda ev: ev.value == damage, BATTLER),
        c("EVENT_BATTLED"): (EventKind.PHASE, lambda ev: ev.value == calc, BATTLER),
        c("EVENT_RELEASE"): (EventKind.MOVE, lambda ev: bool(ev.reason & REASON_RELEASE), "card"),
        c("EVENT_DISCARD"): (
            EventKind.MOVE,
            lambda ev: bool(ev.reason & REASON_DISCARD) and ev.src == HAND,
            "card",
        ),
        c("EVENT_BE_MATERIAL"): (
            EventKind.MOVE,
            lambda ev: bool(ev.reason & REASON_MATERIAL),
            "card",
        ),
        c("EVENT_CHAIN_END"): (EventKind.CHAIN_END, _always, NOBODY),
    }


def _other_battler(st: State, uid: int) -> int:
    a, t = battlers(st)
    if uid == a:
        return t
    if uid == t:
        return a
    return NONE


def seen(st: State, about: str, ev: Event) -> Event | None:
    """Event ``ev`` as the Lua side sees it: about the card the script means
    (the destroyer of a card destroyed by battle); None when there is none."""
    if about == DESTROYER:
        other = _other_battler(st, ev.card)
        return None if other == NONE else ev._replace(card=other)
    if about == TARGET and ev.kind == EventKind.ATTACK and ev.value >= 0:
        # EVENT_BE_BATTLE_TARGET: eg is the attack target, ep its controller's side
        # (the turn player's opponent), ev 0.
        return ev._replace(card=ev.value, player=1 - ev.player, value=0)
    return ev


def subject(st: State, about: str, ev: Event) -> int | tuple[int, ...]:
    """The card (or cards) event ``ev`` is about, for an effect on one card."""
    if about == TARGET:
        return ev.value
    if about == BATTLER:
        return tuple(u for u in battlers(st) if u != NONE)
    if about == DESTROYER:
        return _other_battler(st, ev.card)
    return ev.card


def is_about(st: State, about: str, ev: Event, uid: int) -> bool:
    s = subject(st, about, ev)
    return uid in s if isinstance(s, tuple) else s == uid


# -- modifiers whose value functions take more than the affected card ---------------------


def value(tr: Translator, ev: int, lua_value: Any) -> Callable[[Ctx, int], int] | None:
    """The engine value of a modifier with code ``ev`` whose Lua value is
    ``lua_value``, where it is not the plain one (None: the plain one)."""
    bridge = tr.bridge
    c = tr.c
    if ev == c("EFFECT_INDESTRUCTABLE_BATTLE"):
        if lua_value is None or isinstance(lua_value, (int, bool)):
            v = 1 if lua_value else 0
            return lambda ctx, uid: v
        fn = lua_value

        def battle(ctx: Ctx, uid: int) -> int:
            other = _other_battler(ctx.st, uid)

            def args() -> tuple[Any, ...]:
                return (bridge.card(other) if other != NONE else None,)

            return 1 if bridge.probe_with(fn, ctx, "value", args) else 0

        return battle
    if ev == c("EFFECT_INDESTRUCTABLE_EFFECT"):
        if lua_value is None or isinstance(lua_value, (int, bool)):
            bits = 3 if lua_value else 0
            return lambda ctx, uid: bits
        fn = lua_value

        def by_effect(ctx: Ctx, uid: int) -> int:
            st = ctx.st
            link = st.solving[-1] if st.solving else None
            out = 0
            for p in (0, 1):

                def args(p: int = p) -> tuple[Any, ...]:
                    re = bridge.instance(link.uid, link.eff) if link is not None else None
                    return (re, p, bridge.card(uid))

                if bridge.probe_with(fn, ctx, "value", args):
                    out |= 1 << p
            return out

        return by_effect
    if ev == c("EFFECT_CANNOT_BE_EFFECT_TARGET"):
        if lua_value is None or isinstance(lua_value, (int, bool)):
            anyone = 3 if lua_value else 0
            return lambda ctx, uid: anyone
        fn = lua_value

        def by_player(ctx: Ctx, uid: int) -> int:
            # The targeting effect is not known here: ``(e, nil, rp)`` for each
            # player (aux.tgoval reads rp only); a function that needs the effect
            # fails on nil and stops anyone's, as if it had no value function.
            out = 0
            for p in (0, 1):
                ok, yes = bridge.probe_quiet(fn, ctx, (None, p))
                if not ok:
                    return 3
                if yes:
                    out |= 1 << p
            return out

        return by_player
    if ev == c("EFFECT_INDESTRUCTABLE_COUNT"):
        if lua_value is None or isinstance(lua_value, (int, bool)):
            every = 7 if lua_value else 0
            return lambda ctx, uid: every
        fn = lua_value
        destroy = c("REASON_DESTROY")
        by_battle, by_effects = c("REASON_BATTLE") | destroy, c("REASON_EFFECT") | destroy

        def counted(ctx: Ctx, uid: int) -> int:
            st = ctx.st
            link = st.solving[-1] if st.solving else None
            other = _other_battler(st, uid)
            out = 0
            for way in (0, 1, 2):

                def args(way: int = way) -> tuple[Any, ...]:
                    if way == 0:  # by battle: the player of the monster it battles
                        rp = st.ctrl[other] if other != NONE else 1 - st.ctrl[uid]
                        return (None, by_battle, rp)
                    re = bridge.instance(link.uid, link.eff) if link is not None else None
                    return (re, by_effects, way - 1)

                if bridge.probe_with(fn, ctx, "value", args):
                    out |= 1 << way
            return out

        return counted
    return None


def battle_target_limit(
    tr: Translator, e: Any, t: int, ev: int, common: dict[str, Any]
) -> Effect | None:
    """``EFFECT_CANNOT_SELECT_BATTLE_TARGET`` (on the attackers in its range; its
    value says which monsters they cannot choose) and ``EFFECT_CANNOT_BE_BATTLE_TARGET``
    with a value function of the attacker: ``Mod.CANNOT_BE_ATTACKED`` on the
    possible targets, asked of the attacker being declared. None for other codes."""
    c = tr.c
    select = ev == c("EFFECT_CANNOT_SELECT_BATTLE_TARGET")
    if not select and not (ev == c("EFFECT_CANNOT_BE_BATTLE_TARGET") and callable(e.value)):
        return None
    bridge = tr.bridge
    val = e.value
    in_range, holds = _ranged(tr, e, t)

    def affects(ctx: Ctx, uid: int) -> bool:
        st = ctx.st
        attacker = st.attacker
        if attacker == NONE:
            return False
        if select:  # the effect is on the attacker; the value names the target
            if not in_range(ctx, attacker) or not holds(ctx):
                return False
            if val is None or isinstance(val, (int, bool)):
                return bool(val)
            return bool(bridge.probe_card(val, ctx, uid, "value"))
        if not in_range(ctx, uid) or not holds(ctx):
            return False
        return bool(bridge.probe_card(val, ctx, attacker, "value"))

    return Effect(EffectKind.CONTINUOUS, mod=int(Mod.CANNOT_BE_ATTACKED), affects=affects,
                  **common)  # fmt: skip


def _ranged(
    tr: Translator, e: Any, t: int
) -> tuple[Callable[[Ctx, int], bool], Callable[[Ctx], bool]]:
    """A continuous effect's "is this card in its range" (SINGLE: its own card;
    EQUIP: the equipped monster; FIELD: its target ranges and target function) and
    "does its condition hold"."""
    bridge = tr.bridge
    cond, target = e.condition, e.target
    s_range, o_range = int(e.s_range or 0), int(e.o_range or 0)
    single = bool(t & tr.T["SINGLE"])
    equip = bool(t & tr.T["EQUIP"])

    def holds(ctx: Ctx) -> bool:
        if cond is None:
            return True
        out, _ = bridge.run(((cond, ()),), ctx, True, "condition")
        return bool(out)

    def in_range(ctx: Ctx, uid: int) -> bool:
        st = ctx.st
        if single:
            return uid == ctx.uid
        if equip:
            return st.bound[ctx.uid] == uid and st.bound_fid[ctx.uid] == st.fid[uid]
        mask = s_range if st.ctrl[uid] == ctx.player else o_range
        if not st.loc[uid] & mask:
            return False
        return target is None or bool(bridge.probe_card(target, ctx, uid, "target"))

    return in_range, holds


def battle_shield(tr: Translator, e: Any, t: int, ev: int, common: dict[str, Any]) -> Effect | None:
    """``EFFECT_AVOID_BATTLE_DAMAGE`` on monsters: their controller takes no
    battle damage from their battles while the value (a function of the monster
    they battle) says so: ygo's ``Mod.SHIELDS_CONTROLLER``. On players
    (``EFFECT_FLAG_PLAYER_TARGET``: no battle damage at all) ygo has no modifier."""
    c = tr.c
    if ev != c("EFFECT_AVOID_BATTLE_DAMAGE"):
        return None
    if int(e.property or 0) & c("EFFECT_FLAG_PLAYER_TARGET"):
        from ygo.lua.translate import Unsupported

        raise Unsupported("EFFECT_AVOID_BATTLE_DAMAGE on players")
    bridge = tr.bridge
    val = e.value
    in_range, holds = _ranged(tr, e, t)

    def affects(ctx: Ctx, uid: int) -> bool:
        if not in_range(ctx, uid) or not holds(ctx):
            return False
        if val is None or isinstance(val, (int, bool)):
            return bool(val)
        other = _other_battler(ctx.st, uid)
        if other == NONE:
            return False
        return bool(bridge.probe_card(val, ctx, other, "value"))

    return Effect(EffectKind.CONTINUOUS, mod=int(Mod.SHIELDS_CONTROLLER), affects=affects,
                  **common)  # fmt: skip


_WAYS = ("SUMMON_TYPE_SPECIAL", "SUMMON_TYPE_FUSION", "SUMMON_TYPE_PENDULUM",
         "SUMMON_TYPE_RITUAL", "SUMMON_TYPE_SPECIAL")  # fmt: skip
"""ygopro-core's summon type for each way of ``Mod.NO_SPECIAL_SUMMON`` (0-4)."""


def special_summon_limit(
    tr: Translator, e: Any, t: int, ev: int, common: dict[str, Any]
) -> Effect | None:
    """``EFFECT_CANNOT_SPECIAL_SUMMON``: on players (``EFFECT_FLAG_PLAYER_TARGET``,
    its target range says which: the effect's controller, the opponent), the
    target function ``(e, c, sump, sumtype, sumpos, targetp, se)`` naming the
    monsters they cannot Special Summon (all without one). ygo's
    ``Mod.NO_SPECIAL_SUMMON``, its bits asked of the function for each player and
    way of summoning (the position and the summoning effect are not known there:
    0 and nil)."""
    c = tr.c
    if ev != c("EFFECT_CANNOT_SPECIAL_SUMMON"):
        return None
    bridge = tr.bridge
    cond, target = e.condition, e.target
    if t & tr.T["SINGLE"] or not int(e.property or 0) & c("EFFECT_FLAG_PLAYER_TARGET"):
        from ygo.lua.translate import Unsupported  # (ygo's modifiers apply from the field)

        raise Unsupported("EFFECT_CANNOT_SPECIAL_SUMMON on a card, not on players")
    s_range, o_range = int(e.s_range or 0), int(e.o_range or 0)
    ways = [c(name) for name in _WAYS]

    def holds(ctx: Ctx) -> bool:
        if cond is None:
            return True
        out, _ = bridge.run(((cond, ()),), ctx, True, "condition")
        return bool(out)

    def affects(ctx: Ctx, uid: int) -> bool:
        return holds(ctx)

    def value(ctx: Ctx, uid: int) -> int:
        out = 0
        for p in (0, 1):
            if not (s_range if p == ctx.player else o_range):
                continue
            for way, sumtype in enumerate(ways):
                if target is None:
                    out |= 1 << (5 * p + way)
                    continue

                def args(p: int = p, sumtype: int = sumtype) -> tuple[Any, ...]:
                    return (bridge.card(uid), p, sumtype, 0, p, None)

                if bridge.probe_with(target, ctx, "target", args):
                    out |= 1 << (5 * p + way)
        return out

    return Effect(EffectKind.CONTINUOUS, mod=int(Mod.NO_SPECIAL_SUMMON), affects=affects,
                  value=value, **common)  # fmt: skip
