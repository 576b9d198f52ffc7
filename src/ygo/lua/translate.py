"""From a Lua script's effects to ygo's :class:`~ygo.engine.effect.Effect` specs.

A card's ``initial_effect`` runs once per passcode, on a template card; the
effects it registers become the card's effects in every duel, as a native
script's do. Their parts call the Lua functions through the bridge:

- ``condition`` is the Lua condition, run as a probe;
- the cost part is one step: its ``can`` runs the Lua cost and target with
  ``chk == 0`` (one probe, so a label the cost writes is seen by the target, as
  in ygopro-core), its ``do`` the cost and then the target (which chooses the
  targets: ``Duel.SelectTarget``);
- the operation is one step running the Lua operation.

What ygo cannot express yet raises :class:`Unsupported`, naming it; the card
then has no Lua behaviour (``LuaScripts.error`` says why).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ygo.engine.effect import Category, Ctx, Effect, EffectKind, Question, Step
from ygo.engine.windows import Window
from ygo.lua.bridge import Bridge


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


class Translator:
    """Builds ygo effects from Lua effect tables, for one bridge."""

    def __init__(self, bridge: Bridge) -> None:
        self.bridge = bridge
        c = bridge.rt.constant
        self.T_ACTIVATE = c("EFFECT_TYPE_ACTIVATE")
        self.T_IGNITION = c("EFFECT_TYPE_IGNITION")
        self.EVENT_FREE_CHAIN = c("EVENT_FREE_CHAIN")
        self.windows = {
            self.EVENT_FREE_CHAIN: 0,
            c("EVENT_ATTACK_ANNOUNCE"): 1 << Window.ATTACK_DECLARED,
        }
        self.categories = [(c(name), cat) for name, cat in _CATEGORIES.items()]

    def effects(self, code: int, lua_effects: list[Any]) -> tuple[Effect, ...]:
        return tuple(self.effect(code, e) for e in lua_effects)

    def category(self, bits: int) -> int:
        out = 0
        for lua_bit, cat in self.categories:
            if bits & lua_bit:
                out |= int(cat)
        return out

    def effect(self, code: int, e: Any) -> Effect:
        t = int(e.type or 0)
        ev = int(e.code or 0)
        if t & self.T_ACTIVATE:
            if ev not in self.windows:
                raise Unsupported(f"a card activation at event {ev}")
            kind = EffectKind.ACTIVATE
            windows = self.windows[ev]
        elif t & self.T_IGNITION:
            kind = EffectKind.IGNITION
            windows = 0
        else:
            raise Unsupported(f"effect type {t:#x} (code {ev})")
        if e.count:
            raise Unsupported("count limits")
        cost_fn, target_fn, op_fn, cond_fn = e.cost, e.target, e.operation, e.condition
        cost: tuple[Step, ...] = ()
        if cost_fn is not None or target_fn is not None:
            cost = (
                Step(do=self._activation(cost_fn, target_fn), can=self._check(cost_fn, target_fn)),
            )
        operation: tuple[Step, ...] = ()
        if op_fn is not None:
            operation = (Step(do=self._operation(op_fn)),)
        return Effect(
            kind,
            text="its effect",
            condition=None if cond_fn is None else self._condition(cond_fn),
            cost=cost,
            operation=operation,
            windows=windows,
            category=self.category(int(e.category or 0)),
            extra={"lua": e},
        )

    # -- the parts -------------------------------------------------------------

    def _condition(self, fn: Any) -> Callable[[Ctx], bool]:
        bridge = self.bridge

        def condition(ctx: Ctx) -> bool:
            out, _ = bridge.run(((fn, ()),), ctx, True, "condition")
            return bool(out)

        return condition

    def _check(self, cost: Any, target: Any) -> Callable[[Ctx], bool]:
        bridge = self.bridge
        parts = tuple((f, (0,)) for f in (cost, target) if f is not None)

        def can(ctx: Ctx) -> bool:
            out, _ = bridge.run(parts, ctx, True, "cost/target check", all_true=True)
            return bool(out)

        return can

    def _activation(self, cost: Any, target: Any) -> Callable[[Ctx], Question | None]:
        bridge = self.bridge
        parts = tuple((f, (1,)) for f in (cost, target) if f is not None)

        def do(ctx: Ctx) -> Question | None:
            _, q = bridge.run(parts, ctx, False, "cost/target")
            return q

        return do

    def _operation(self, fn: Any) -> Callable[[Ctx], Question | None]:
        bridge = self.bridge

        def do(ctx: Ctx) -> Question | None:
            _, q = bridge.run(((fn, ()),), ctx, False, "operation")
            return q

        return do
