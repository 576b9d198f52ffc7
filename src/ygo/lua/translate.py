"""From a Lua script's effects to ygo's :class:`~ygo.engine.effect.Effect` specs.

A card's ``initial_effect`` runs once per passcode, on a template card; the
effects it registers become the card's effects in every duel, as a native
script's do. Their parts call the Lua functions through the bridge:

- activations (``EFFECT_TYPE_ACTIVATE``), Ignition, Quick and Trigger effects
  (``TRIGGER_O/F``, ``FLIP``): ``condition`` is the Lua condition (run as a
  probe, with the event that opened the window or triggered the effect); the
  cost part is one step whose ``can`` runs the Lua cost and target with
  ``chk == 0`` (one probe, so a label the cost writes is seen by the target, as
  in ygopro-core) and whose ``do`` runs the cost and then the target (which
  chooses the targets: ``Duel.SelectTarget``); the operation is one step;
- continuous effects (``SINGLE``, ``FIELD``, ``EQUIP`` with an ``EFFECT_*`` code
  ygo has as a :class:`~ygo.engine.effect.Mod`): a modifier whose ``affects``
  runs the Lua condition and target and whose ``value`` is the Lua value.

What ygo cannot express yet raises :class:`Unsupported`, naming it; the card
then has no Lua behaviour (``LuaScripts.error`` says why).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ygo.core.ints import REASON_BATTLE as _BATTLE
from ygo.core.ints import REASON_DESTROY as _DESTROY
from ygo.effects import pendulum_card, summon_condition
from ygo.engine import ops
from ygo.engine.effect import Category, Ctx, Effect, EffectKind, Mod, Question, Step
from ygo.engine.events import Event, EventKind
from ygo.engine.windows import Window
from ygo.lua import delayed, translate_mods
from ygo.lua.api_fusion import material_effect
from ygo.lua.base import CHAINING
from ygo.lua.bridge import Bridge
from ygo.lua.marks import Mark, OwnRules, spsummon_once
from ygo.lua.places import (
    BANISHED,
    DECK,
    EXTRA,
    FACEUP,
    FZONE,
    GRAVE,
    HAND,
    LUA_FZONE,
    LUA_PZONE,
    MONSTER,
    MZONE,
    ONFIELD,
    PZONE,
    SZONE,
    matches,
)
from ygo.lua.translate_mods import MORE_MODS, TARGET, is_about, seen

_PENDULUM_TEXT = 1160
"""The description aux.EnablePendulumAttribute gives a Pendulum card's activation."""


class Unsupported(Exception):
    """A Lua effect uses something ygo's Lua bridge does not provide yet."""


# ygopro-core's CATEGORY_* names -> ygo's Category (for agents and front ends).
_CATEGORIES = {
    "CATEGORY_DESTROY": Category.DESTROY,
    "CATEGORY_DRAW": Category.DRAW,
    "CATEGORY_DAMAGE": Category.DAMAGE,
    "CATEGORY_RECOVER": Category.RECOVER,
    "CATEGORY_SPECIAL_SUMMON": Category.SPECIAL_SUMMON,
    "CATEGORY_CONTROL": Category.CONTROL,
    "CATEGORY_NEGATE": Category.NEGATE,
    "CATEGORY_DISABLE": Category.NEGATE,
    "CATEGORY_SEARCH": Category.SEARCH,
    "CATEGORY_ATKCHANGE": Category.ATK,
    "CATEGORY_TOHAND": Category.TO_HAND,
    "CATEGORY_REMOVE": Category.BANISH,
    "CATEGORY_HANDES": Category.HANDES,
    "CATEGORY_POSITION": Category.POSITION,
    "CATEGORY_EQUIP": Category.EQUIP,
    "CATEGORY_SUMMON": Category.SUMMON,
}

# ygopro-core's EFFECT_* codes ygo has as a continuous modifier.
MODS = {
    "EFFECT_UPDATE_ATTACK": Mod.ATK_ADD,
    "EFFECT_UPDATE_DEFENSE": Mod.DEF_ADD,
    "EFFECT_SET_ATTACK": Mod.ATK_SET,
    "EFFECT_SET_ATTACK_FINAL": Mod.ATK_SET,
    "EFFECT_SET_DEFENSE": Mod.DEF_SET,
    "EFFECT_SET_DEFENSE_FINAL": Mod.DEF_SET,
    "EFFECT_CANNOT_ATTACK": Mod.CANNOT_ATTACK,
    "EFFECT_CANNOT_ATTACK_ANNOUNCE": Mod.CANNOT_DECLARE_ATTACK,
    "EFFECT_DISABLE": Mod.DISABLE,
    "EFFECT_CANNOT_CHANGE_POSITION": Mod.CANNOT_CHANGE_POS,
    "EFFECT_CANNOT_BE_EFFECT_TARGET": Mod.CANNOT_BE_TARGETED,
    "EFFECT_CANNOT_BE_BATTLE_TARGET": Mod.CANNOT_BE_ATTACKED,
    "EFFECT_DIRECT_ATTACK": Mod.DIRECT_ATTACK,
    "EFFECT_CANNOT_DIRECT_ATTACK": Mod.CANNOT_DIRECT_ATTACK,
}
MODS.update(MORE_MODS)

EventTest = Callable[[Event], bool]


def spell_trap_enabled(st: Any, uid: int) -> bool:
    """Whether a card's field effects can apply: a Spell or Trap on the field only
    face-up and once its activation resolved (the reference's
    STATUS_EFFECT_ENABLED; a card being activated does not see its own activation)."""
    if st.loc[uid] & ONFIELD and not st.ctype[uid] & MONSTER:
        return bool(st.pos[uid] & FACEUP and st.status[uid] & ops.STATUS_ENABLED)
    return True


def _always(ev: Event) -> bool:
    return True


_RANGE = HAND | GRAVE | BANISHED | MZONE | SZONE | LUA_FZONE | LUA_PZONE


def _activation_range(rng: int, what: str) -> dict[str, int]:
    """An Ignition or Quick effect's ``SetRange`` as ygo's ``Effect.activate_from``
    (none: the field, the engine's default). ygopro-core's LOCATION_SZONE holds
    the Field Zone and the Pendulum Zones, places of their own in ygo."""
    other = rng & ~_RANGE
    if other:
        raise Unsupported(f"{what} activated from location {other:#x}")
    if not rng:
        return {}
    return {"activate_from": rng | (FZONE | PZONE if rng & SZONE else 0)}


class Translator:
    """Builds ygo effects from Lua effect tables, for one bridge."""

    def __init__(self, bridge: Bridge) -> None:
        self.bridge = bridge
        c = bridge.rt.constant
        self.c = c
        self.T = {name: c(f"EFFECT_TYPE_{name}") for name in (
            "SINGLE", "FIELD", "EQUIP", "ACTIVATE", "FLIP", "IGNITION", "TRIGGER_O",
            "QUICK_O", "TRIGGER_F", "QUICK_F", "CONTINUOUS")}  # fmt: skip
        self.F_DELAY = c("EFFECT_FLAG_DELAY")
        self.F_CARD_TARGET = c("EFFECT_FLAG_CARD_TARGET")
        self.EVENT_FREE_CHAIN = c("EVENT_FREE_CHAIN")
        self.EVENT_CHAINING = c("EVENT_CHAINING")
        self.EVENT_PHASE = c("EVENT_PHASE")
        self.COUNT_OATH = c("EFFECT_COUNT_CODE_OATH")
        self.COUNT_DUEL = c("EFFECT_COUNT_CODE_DUEL")
        self.COUNT_SINGLE = c("EFFECT_COUNT_CODE_SINGLE")
        self.COUNT_CHAIN = c("EFFECT_COUNT_CODE_CHAIN")
        self.F_NO_TURN_RESET = c("EFFECT_FLAG_NO_TURN_RESET")
        # Lua event code -> (ygo event kind, which of those events, the card the
        # event is about: "card" or "target").
        self.events: dict[int, tuple[EventKind, EventTest, str]] = {
            c("EVENT_SUMMON_SUCCESS"): (EventKind.SUMMON, _always, "card"),
            c("EVENT_FLIP_SUMMON_SUCCESS"): (EventKind.FLIP_SUMMON, _always, "card"),
            c("EVENT_SPSUMMON_SUCCESS"): (EventKind.SPECIAL_SUMMON, _always, "card"),
            c("EVENT_FLIP"): (EventKind.FLIP, _always, "card"),
            c("EVENT_TO_GRAVE"): (EventKind.MOVE, lambda ev: ev.dst == GRAVE, "card"),
            c("EVENT_REMOVE"): (EventKind.MOVE, lambda ev: ev.dst == BANISHED, "card"),
            c("EVENT_TO_HAND"): (EventKind.MOVE, lambda ev: ev.dst == HAND, "card"),
            c("EVENT_TO_DECK"): (EventKind.MOVE, lambda ev: ev.dst in (DECK, EXTRA), "card"),
            c("EVENT_LEAVE_FIELD"): (EventKind.MOVE, lambda ev: bool(ev.src & ONFIELD), "card"),
            c("EVENT_DESTROYED"): (
                EventKind.MOVE,
                lambda ev: bool(ev.reason & _DESTROY) and bool(ev.src & ONFIELD),
                "card",
            ),
            c("EVENT_BATTLE_DESTROYED"): (
                EventKind.MOVE,
                lambda ev: (
                    ev.reason & (_DESTROY | _BATTLE) == _DESTROY | _BATTLE and ev.dst == GRAVE
                ),
                "card",
            ),
            c("EVENT_DRAW"): (EventKind.DRAW, _always, "card"),
            c("EVENT_DAMAGE"): (EventKind.DAMAGE, _always, "card"),
            c("EVENT_BATTLE_DAMAGE"): (
                EventKind.DAMAGE,
                lambda ev: bool(ev.reason & _BATTLE),
                "card",
            ),
            c("EVENT_RECOVER"): (EventKind.LP_GAIN, _always, "card"),
            c("EVENT_ATTACK_ANNOUNCE"): (EventKind.ATTACK, _always, "card"),
            c("EVENT_BE_BATTLE_TARGET"): (EventKind.ATTACK, lambda ev: ev.value >= 0, TARGET),
            c("EVENT_CHAINING"): (EventKind.ACTIVATE, _always, "card"),
            c("EVENT_CHANGE_POS"): (EventKind.POSITION, _always, "card"),
            c("EVENT_CONTROL_CHANGED"): (EventKind.CONTROL, _always, "card"),
            c("EVENT_EQUIP"): (EventKind.EQUIP, _always, "card"),
            c("EVENT_SSET"): (EventKind.SET, lambda ev: ev.value != MZONE, "card"),
            c("EVENT_MSET"): (EventKind.SET, lambda ev: ev.value == MZONE, "card"),
        }
        self.events.update(translate_mods.events(c))
        # Lua event code -> the ygo window where a card reacting to it opens.
        self.windows = {
            self.EVENT_FREE_CHAIN: 0,
            c("EVENT_ATTACK_ANNOUNCE"): 1 << Window.ATTACK_DECLARED,
            c("EVENT_BE_BATTLE_TARGET"): 1 << Window.ATTACK_DECLARED,
            c("EVENT_SUMMON_SUCCESS"): 1 << Window.SUMMONED,
            c("EVENT_FLIP_SUMMON_SUCCESS"): 1 << Window.SUMMONED,
            c("EVENT_SPSUMMON_SUCCESS"): 1 << Window.SUMMONED,
            c("EVENT_PRE_DAMAGE_CALCULATE"): 1 << Window.DAMAGE_BEFORE_CALC,
            c("EVENT_BATTLE_START"): 1 << Window.DAMAGE_START,
        }
        self.mods = {c(name): mod for name, mod in MODS.items()}
        self.SPSUMMON_PROC = c("EFFECT_SPSUMMON_PROC")
        self.materials = {c(n): n for n in ("EFFECT_FUSION_MATERIAL", "EFFECT_FUSION_SUBSTITUTE",
                                            "EFFECT_RITUAL_LEVEL")}  # fmt: skip
        self.SPSUMMON_CONDITION = c("EFFECT_SPSUMMON_CONDITION")
        from ygo.lua.procs import Procedures

        self.procs = Procedures(self)
        # Codes whose effect the engine has its own way to play, so the Lua effect
        # is left out: the Pendulum Summon (engine/pendulum.py); an Equip Spell's
        # target limit (the script's own target check decides at activation).
        self.skipped = {c("EFFECT_SPSUMMON_PROC_G"), c("EFFECT_EQUIP_LIMIT")}
        self.own_rules = OwnRules(bridge.rt)
        actions = ("ACTIVATE", "FLIP", "IGNITION", "TRIGGER_O", "QUICK_O", "TRIGGER_F", "QUICK_F")
        self.ACTIONS = sum(self.T[k] for k in actions)
        self.categories = [(c(name), cat) for name, cat in _CATEGORIES.items()]

    def effects(self, code: int, lua_effects: list[Any]) -> tuple[Effect, ...]:
        out = []
        spirit: list[EventKind] = []
        for e in lua_effects:
            if int(e.code or 0) in self.skipped and not int(e.type or 0) & self.ACTIONS:
                continue
            if self.own_rules.covers(e):
                continue
            kind = self.own_rules.spirit_event(e)
            if kind is not None:
                spirit.append(kind)
                continue
            out.append(self.effect(code, e))
        if spirit:
            out += self.own_rules.spirit(spirit)
        return tuple(out)

    def card(self, code: int, registered: list[Any]) -> tuple[Effect, ...]:
        """A card's effects from what its ``initial_effect`` registered: effect
        tables, and the names of the ``Card`` functions it marked the card with."""
        marks = [x for x in registered if isinstance(x, str)]
        effects = list(self.effects(code, [x for x in registered if not isinstance(x, str)]))
        for name in marks:
            if name == "EnableReviveLimit":
                effects.append(summon_condition("must be properly summoned first"))
            elif name == "EnableUnsummonable":
                effects.append(self.procs.unsummonable())
            elif name == "EnableCounterPermit":
                pass  # (counters: any card may hold them in ygo)
            elif name == "SetSPSummonOnce" and isinstance(name, Mark) and name.args:
                effects.append(spsummon_once(int(name.args[0])))
            else:
                raise Unsupported(f"Card.{name} in initial_effect")
        effects.extend(delayed.carrier(self, code))  # (its effects for a later phase)
        return tuple(effects)

    def category(self, bits: int) -> int:
        out = 0
        for lua_bit, cat in self.categories:
            if bits & lua_bit:
                out |= int(cat)
        return out

    # -- one effect --------------------------------------------------------------

    def effect(self, code: int, e: Any) -> Effect:
        T = self.T
        t = int(e.type or 0)
        ev = int(e.code or 0)
        rng = int(e.range or 0)
        common: dict[str, Any] = {
            "text": "its effect",
            "category": self.category(int(e.category or 0)),
            "extra": {"lua": e},
        }
        common.update(self._limit(e))
        if t & T["ACTIVATE"]:
            if rng == HAND and e.operation is None and int(e.description or 0) == _PENDULUM_TEXT:
                return pendulum_card()  # (aux.EnablePendulumAttribute: the engine's own)
            return self._activated(EffectKind.ACTIVATE, e, ev, common)
        if t & T["IGNITION"]:
            common.update(_activation_range(rng, "an Ignition effect"))
            return self._activated(EffectKind.IGNITION, e, ev, common)
        if t & (T["QUICK_O"] | T["QUICK_F"]):
            common.update(_activation_range(rng, "a Quick effect"))
            return self._activated(EffectKind.QUICK, e, ev, common)
        if t & (T["TRIGGER_O"] | T["TRIGGER_F"] | T["FLIP"]):
            return self._trigger(e, t, ev, rng, common)
        if t & T["CONTINUOUS"]:
            return self._rule(e, t, ev, rng, common)
        if ev == self.SPSUMMON_PROC:
            return self._procedure(e, rng, common)
        if ev in self.materials:  # (ygo.lua.api_fusion)
            return material_effect(self.bridge, e, self.materials[ev], common)
        if ev == self.SPSUMMON_CONDITION:
            return self.procs.condition(e, t, common)
        if ev in self.procs.NOT_MATERIAL:
            return self.procs.not_material(e, t, ev, common)
        if t & (T["SINGLE"] | T["FIELD"] | T["EQUIP"]):
            return self._modifier(e, t, ev, rng, common)
        raise Unsupported(f"effect type {t:#x} (code {ev})")

    def _limit(self, e: Any) -> dict[str, Any]:
        """``e:SetCountLimit(n, code)`` as ygopro-core counts it: without a code,
        the effect's own count (per copy, per turn; never back while the card
        stays the same card with EFFECT_FLAG_NO_TURN_RESET); with one, shared by
        every effect with that exact code, per player: per turn, per Duel
        (EFFECT_COUNT_CODE_DUEL) or per chain (EFFECT_COUNT_CODE_CHAIN), a
        negated activation not counting (EFFECT_COUNT_CODE_OATH);
        EFFECT_COUNT_CODE_SINGLE: shared by this card's effects with it (per
        copy, not per player)."""
        n = int(e.count or 0)
        if not n:
            return {}
        code = int(e.count_code or 0)
        if code == self.COUNT_CHAIN:
            code |= self.COUNT_SINGLE  # (as ygopro-core reads it: this card's, per chain)
        kind, low = code & 0xF0000000, code & 0x0FFFFFFF
        out: dict[str, Any] = {"limit": n}
        if kind & self.COUNT_CHAIN:
            out["limit_chain"] = True
        if kind & self.COUNT_DUEL:
            out["limit_duel"] = True
        if low == self.COUNT_SINGLE:
            out["limit_card"] = True  # (a negated activation counts: OATH is not read here)
        elif code:
            out["limit_code"] = code
            if kind & self.COUNT_OATH:
                out["limit_refund"] = True
        if int(e.property or 0) & self.F_NO_TURN_RESET:
            if code:
                raise Unsupported("a count limit with a code that never resets each turn")
            out["limit_duel"] = True
        return out

    def _activated(self, kind: EffectKind, e: Any, ev: int, common: dict[str, Any]) -> Effect:
        source: Callable[[Ctx], list[Event]] | None
        if ev == 0 and kind != EffectKind.ACTIVATE:
            ev = self.EVENT_FREE_CHAIN  # (an Ignition effect names no event)
        if ev == self.EVENT_CHAINING:
            windows, source = 0, self._chaining
        elif ev in self.windows:
            windows = self.windows[ev]
            source = None if ev == self.EVENT_FREE_CHAIN else self._window_source(ev)
        else:
            raise Unsupported(f"an activation at event {ev}")
        cond = e.condition
        condition: Callable[[Ctx], bool] | None = None
        if ev == self.EVENT_CHAINING:
            condition = self._probe_condition(cond, source, need_event=True)
        elif cond is not None or source is not None:
            condition = self._probe_condition(cond, source, need_event=source is not None)
        cost = self._cost(e, source)
        operation = self._operation(e.operation, source)
        if (kind == EffectKind.ACTIVATE and e.cost is None and cost and operation
                and not int(e.property or 0) & self.F_CARD_TARGET):  # fmt: skip
            # A card activated with no cost and no target: its target function's
            # check says whether it would do anything (explain: "it would have
            # nothing to do", as for a native script); still checked at activation.
            check = cost[0].can
            cost = (Step(do=cost[0].do),)
            operation = (Step(do=operation[0].do, can=check), *operation[1:])
        return Effect(
            kind,
            condition=condition,
            cost=cost,
            operation=operation,
            windows=windows,
            **common,
        )

    def _trigger(self, e: Any, t: int, ev: int, rng: int, common: dict[str, Any]) -> Effect:
        T = self.T
        if t & T["FLIP"]:
            ev = self.c("EVENT_FLIP")
        base = ev & ~0xFFF if ev >= self.EVENT_PHASE else ev
        if base == self.EVENT_PHASE:
            phase = ev & 0xFFF
            kind, test, about = EventKind.PHASE, (lambda x: x.value == phase), "none"
        elif ev in self.events:
            kind, test, about = self.events[ev]
        else:
            raise Unsupported(f"a trigger at event {ev}")
        single = bool(t & T["SINGLE"]) or bool(t & T["FLIP"])
        cond = e.condition
        bridge = self.bridge
        view = self.procs.views.get(ev)  # (what the script sees of the event: procs.py)

        def trigger_on(ctx: Ctx, event: Event) -> bool:
            if not test(event):  # type: ignore[no-untyped-call]
                return False
            if not single and not spell_trap_enabled(ctx.st, ctx.uid):
                return False
            if (
                event.kind == EventKind.ACTIVATE
                and event.card == ctx.uid
                and not single
                and ctx.st.fx[ctx.uid][event.dst].kind == EffectKind.ACTIVATE
            ):
                # A Spell or Trap's field effects are not on while the card itself
                # is being activated: they do not see that activation.
                return False
            if single and not is_about(ctx.st, about, event, ctx.uid):
                return False
            if cond is None:
                return True
            x = (seen(ctx.st, about, event) or event) if about == TARGET else event
            args = [view(x) if view is not None else x]
            out, _ = bridge.run(((cond, ()),), ctx, True, "condition", event=args)
            return bool(out)

        mandatory = bool(t & (T["TRIGGER_F"] | T["FLIP"]))
        delay = bool(int(e.property or 0) & self.F_DELAY)
        source = self._trigger_source(kind, test, about, single, cond)
        if view is not None:
            source = self.procs.viewed(source, view)
        common["extra"]["keeps_event"] = True
        return Effect(
            EffectKind.TRIGGER,
            event=kind,
            trigger_on=trigger_on,
            mandatory=mandatory,
            when=not mandatory and not delay and not single,
            live=0 if single else (rng or ONFIELD),
            cost=self._cost(e, source),
            operation=self._operation(e.operation, source),
            **common,
        )

    def _event(self, ev: int) -> tuple[EventKind, EventTest, str]:
        if ev >= self.EVENT_PHASE and ev & ~0xFFF == self.EVENT_PHASE:
            phase = ev & 0xFFF
            return EventKind.PHASE, (lambda x: x.value == phase), "none"
        if ev in self.events:
            return self.events[ev]
        raise Unsupported(f"event {ev}")

    def _rule(self, e: Any, t: int, ev: int, rng: int, common: dict[str, Any]) -> Effect:
        """A continuous effect that acts at an event without a chain (ygopro-core's
        EFFECT_TYPE_CONTINUOUS): ygo's rule effect."""
        try:
            kind, test, about = self._event(ev)
        except Unsupported:
            raise Unsupported(f"a continuous (rule) effect at event {ev}") from None
        single = bool(t & self.T["SINGLE"])
        cond, op = e.condition, e.operation
        bridge = self.bridge

        def on(ctx: Ctx, event: Event) -> bool:
            if not test(event):
                return False
            if single and not is_about(ctx.st, about, event, ctx.uid):
                return False
            if cond is None:
                return True
            out, _ = bridge.run(((cond, ()),), ctx, True, "condition", event=[event])
            return bool(out)

        source = self._trigger_source(kind, test, about, single, cond)
        common["extra"]["keeps_event"] = True
        return Effect(
            EffectKind.RULE,
            event=kind,
            trigger_on=on,
            live=0 if single else (rng or ONFIELD),
            operation=self._operation(op, source),
            **common,
        )

    def _procedure(self, e: Any, rng: int, common: dict[str, Any]) -> Effect:
        """A monster's own Special Summon procedure (EFFECT_SPSUMMON_PROC): see
        :mod:`ygo.lua.procs`."""
        return self.procs.procedure(e, rng, common)

    def _modifier(self, e: Any, t: int, ev: int, rng: int, common: dict[str, Any]) -> Effect:
        T = self.T
        limit = translate_mods.battle_target_limit(self, e, t, ev, common)
        limit = limit or translate_mods.special_summon_limit(self, e, t, ev, common)
        limit = limit or translate_mods.battle_shield(self, e, t, ev, common)
        if limit is not None:
            return limit
        mod = self.mods.get(ev)
        if mod is None:
            raise Unsupported(f"continuous effect code {ev}")
        bridge = self.bridge
        cond, target, value = e.condition, e.target, e.value
        s_range, o_range = int(e.s_range or 0), int(e.o_range or 0)
        single, equip = bool(t & T["SINGLE"]), bool(t & T["EQUIP"])

        def holds(ctx: Ctx) -> bool:
            if cond is None:
                return True
            out, _ = bridge.run(((cond, ()),), ctx, True, "condition")
            return bool(out)

        def affects(ctx: Ctx, uid: int) -> bool:
            st = ctx.st
            if single:
                if uid != ctx.uid:
                    return False
            elif equip:
                if st.bound[ctx.uid] != uid or st.bound_fid[ctx.uid] != st.fid[uid]:
                    return False
            else:
                # A field effect applies only while its card is in the effect's
                # range (one with LOCATION_GRAVE alone: never from the field).
                if rng and not matches(st.loc[ctx.uid], 0, rng):
                    return False
                mask = s_range if st.ctrl[uid] == ctx.player else o_range
                if not st.loc[uid] & mask:
                    return False
                if target is not None and not bridge.probe_card(target, ctx, uid, "target"):
                    return False
            return holds(ctx)

        val: Callable[[Ctx, int], int] | None
        if value is None:
            val = None
        elif isinstance(value, (int, bool)):
            v = int(value)
            val = lambda ctx, uid: v  # noqa: E731
        else:
            val = lambda ctx, uid: bridge.probe_int(value, ctx, uid, "value")  # noqa: E731
        val = translate_mods.value(self, ev, value) or val
        if rng == LUA_PZONE:  # a Pendulum Effect: from the Pendulum Zone only (R-PEND-1)
            common["pendulum_effect"] = True
        if equip:  # (it applies while its card is an Equip Card, a monster too)
            common["extra"] = {**common["extra"], "as_equip": True}
        return Effect(EffectKind.CONTINUOUS, mod=int(mod), affects=affects, value=val, **common)

    # -- where an effect's event comes from ------------------------------------------

    def _window_source(self, ev: int) -> Callable[[Ctx], list[Event]]:
        """The events of the current window that an activation at Lua event ``ev`` answers."""
        kind, test, about = self.events.get(ev, (None, _always, "card"))

        def source(ctx: Ctx) -> list[Event]:
            out = [x for x in ctx.st.window_events if x.kind == kind and test(x)]
            if about == TARGET:
                return [seen(ctx.st, about, x) or x for x in out]
            return out

        return source

    def _chaining(self, ctx: Ctx) -> list[Event]:
        return []  # (the bridge builds EVENT_CHAINING's arguments from the chain)

    def _trigger_source(
        self, kind: EventKind, test: EventTest, about: str, single: bool, cond: Any
    ) -> Callable[[Ctx], list[Event]]:
        """The events of the batch that triggered the effect (kept by the engine:
        ``chain.trigger_batch_key``), found in the duel's log."""
        from ygo.engine.chain import trigger_batch_key

        def source(ctx: Ctx) -> list[Event]:
            kept = ctx.st.script_vals.get(trigger_batch_key(ctx.uid, ctx.index))
            if not kept:
                return []
            batch = kept[0]
            out: list[Event] = []
            events = ctx.st.events
            for i in range(len(events) - 1, -1, -1):
                x = events[i]
                if x.batch < batch:
                    break
                if x.batch == batch and x.kind == kind and test(x):
                    if single and not is_about(ctx.st, about, x, ctx.uid):
                        continue
                    y = seen(ctx.st, about, x)
                    if y is not None:
                        out.append(y)
            out.reverse()
            return out

        return source

    # -- the parts -------------------------------------------------------------

    def _probe_condition(
        self, fn: Any, source: Callable[[Ctx], list[Event]] | None, need_event: bool
    ) -> Callable[[Ctx], bool]:
        bridge = self.bridge
        chaining = source == self._chaining

        def condition(ctx: Ctx) -> bool:
            event: Any = None
            if chaining:
                if not ctx.st.chain:
                    return False
                event = CHAINING
            elif source is not None:
                event = source(ctx)
                if need_event and not event:
                    return False
            if fn is None:
                return True
            out, _ = bridge.run(((fn, ()),), ctx, True, "condition", event=event)
            return bool(out)

        return condition

    def _args(self, source: Callable[[Ctx], list[Event]] | None) -> Callable[[Ctx], Any]:
        if source is None:
            return lambda ctx: None
        if source == self._chaining:
            return lambda ctx: CHAINING
        return source

    def _cost(self, e: Any, source: Callable[[Ctx], list[Event]] | None) -> tuple[Step, ...]:
        cost, target = e.cost, e.target
        if cost is None and target is None:
            return ()
        bridge = self.bridge
        args = self._args(source)
        check = tuple((f, (0,)) for f in (cost, target) if f is not None)
        work = tuple((f, (1,)) for f in (cost, target) if f is not None)

        def can(ctx: Ctx) -> bool:
            out, _ = bridge.run(check, ctx, True, "cost/target check", all_true=True,
                                event=args(ctx), cost_checked=True)  # fmt: skip
            return bool(out)

        def do(ctx: Ctx) -> Question | None:
            _, q = bridge.run(work, ctx, False, "cost/target", event=args(ctx),
                              cost_first=cost is not None)  # fmt: skip
            return q

        return (Step(do=do, can=can),)

    def _operation(self, fn: Any, source: Callable[[Ctx], list[Event]] | None) -> tuple[Step, ...]:
        if fn is None:
            return ()
        bridge = self.bridge
        args = self._args(source)

        def do(ctx: Ctx) -> Question | None:
            _, q = bridge.run(((fn, ()),), ctx, False, "operation", event=args(ctx))
            return q

        return (Step(do=do),)
