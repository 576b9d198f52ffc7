"""Summoning procedures and summoning conditions written in Lua, as ygo effects.

- ``EFFECT_SPSUMMON_PROC`` (a monster's own Special Summon: from the hand, the
  GY, banished, the Deck or the Extra Deck; Synchro and Xyz Summons through
  ``aux.AddSynchroProcedure``, ``aux.AddXyzProcedure``, contact fusions): the
  engine's summoning procedure (a summoning condition with steps, R-SUM-8)
  that names where it is used from (``extra["from"]``). Its Lua condition
  takes ``(e, c)``; its one step runs the target (``chk == 1``, which chooses
  the materials) then the operation; a target that says no calls the summon
  off. The engine then summons the monster (a Special Summon that starts no
  chain, with a "being summoned" moment, R-SUM-10), which makes it properly
  summoned (R-SUM-9); ``Card.GetSummonType`` answers the procedure's value.
  ``EFFECT_FLAG_SPSUM_PARAM``: the positions and whose field; a count limit is
  checked by the condition and spent when the procedure is used.
- ``EFFECT_SPSUMMON_CONDITION`` (``value(e, se, sp, st)``: which Special
  Summons are allowed at all) and ``Card.EnableUnsummonable`` ("cannot be
  Normal Summoned/Set"): the engine's summoning conditions (``special_ok``,
  ``special_only``), so an illegal summon is never offered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ygo.core.ints import POS_FACEUP
from ygo.core.state import NONE, State
from ygo.engine import chain, ops
from ygo.engine.actions import ActionKind
from ygo.engine.effect import Ctx, Effect, EffectKind, Question, Step
from ygo.engine.events import Event, EventKind
from ygo.lua.api_summon import aborted_key
from ygo.lua.base import SELF
from ygo.lua.call import Call
from ygo.lua.places import BANISHED, DECK, EXTRA, GRAVE, HAND

if TYPE_CHECKING:
    from ygo.lua.translate import Translator

_PLACES = HAND | GRAVE | BANISHED | EXTRA | DECK


class Procedures:
    """The procedure and summoning condition part of a :class:`Translator`."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr
        self.bridge = tr.bridge
        c = tr.c
        self.SPSUM_PARAM = c("EFFECT_FLAG_SPSUM_PARAM")
        self.SPECIAL = c("SUMMON_TYPE_SPECIAL")
        self.SYNCHRO = c("SUMMON_TYPE_SYNCHRO")
        self.XYZ = c("SUMMON_TYPE_XYZ")
        self.LINK = c("SUMMON_TYPE_LINK")
        self.NOT_MATERIAL = {
            c(f"EFFECT_CANNOT_BE_{k}_MATERIAL") for k in ("SYNCHRO", "XYZ", "LINK")
        }
        self.REASON_SYNCHRO = c("REASON_SYNCHRO")
        self.REASON_XYZ = c("REASON_XYZ")
        # EVENT_BE_MATERIAL: a card went as material of a summon (to the GY, under an
        # Xyz...); the script sees ``r`` as the summon's material reason alone
        # (REASON_SYNCHRO...), as ygopro-core raises it.
        kinds = sum(c(f"REASON_{n}") for n in ("FUSION", "RITUAL", "SYNCHRO", "XYZ", "LINK"))
        material = c("REASON_MATERIAL")

        def be_material(ev: Event) -> bool:
            return bool(ev.reason & material) and bool(ev.reason & kinds)

        def as_material(ev: Event) -> Event:
            return ev._replace(reason=ev.reason & kinds)

        code = c("EVENT_BE_MATERIAL")
        tr.events[code] = (EventKind.MOVE, be_material, "card")
        self.views: dict[int, Callable[[Event], Event]] = {code: as_material}
        """Lua event code -> what a trigger's script sees of each event."""

    @staticmethod
    def viewed(
        source: Callable[[Ctx], list[Event]], view: Callable[[Event], Event]
    ) -> Callable[[Ctx], list[Event]]:
        return lambda ctx: [view(x) for x in source(ctx)]

    def procedure(self, e: Any, rng: int, common: dict[str, Any]) -> Effect:
        """A monster's own Special Summon procedure (``EFFECT_SPSUMMON_PROC``)."""
        from ygo.lua.translate import Unsupported

        rng = rng or HAND
        if rng & ~_PLACES:
            raise Unsupported(f"a summoning procedure from location {rng:#x}")
        value = e.value
        if value is None:
            v = 0
        elif isinstance(value, (int, bool)):
            v = int(value)
        else:
            raise Unsupported("a summoning procedure whose summon type is a function")
        if v & 0xFF000000 == self.LINK:
            raise Unsupported("a Link Summon (Master Rule 4 zones)")
        extra: dict[str, Any] = dict(common["extra"])
        extra["from"] = rng
        extra["summon_info"] = (v & 0x0F00FFFF) | self.SPECIAL
        bridge = self.bridge
        cond = e.condition
        if v == self.SYNCHRO:
            extra["reason"], extra["action"] = self.REASON_SYNCHRO, ActionKind.SYNCHRO_SUMMON
            extra["synchro"] = True  # (for the explanations, ygo.engine.explain)
        elif v == self.XYZ:
            extra["reason"], extra["action"] = self.REASON_XYZ, ActionKind.XYZ_SUMMON
            count = bridge.summon_helpers.xyz_count(cond) if cond is not None else None
            if count is not None:
                extra["xyz"] = int(count)
        to_opponent = False
        if int(e.property or 0) & self.SPSUM_PARAM:
            extra["positions"] = int(e.s_range or 0) or POS_FACEUP
            to_opponent = bool(int(e.o_range or 0))
            extra["to_opponent"] = to_opponent
        extra["go_on"] = _go_on
        n = int(common.pop("limit", 0) or 0)
        common.pop("limit_code", None)
        code = int(e.count_code or 0)
        run = bridge.summon_helpers.procedure(e.target, e.operation)

        def condition(ctx: Ctx) -> bool:
            st = ctx.st
            if not st.loc[ctx.uid] & EXTRA:  # (a Synchro's or Xyz's materials free zones)
                to = 1 - ctx.player if to_opponent else ctx.player
                if st.mzone[to].count(NONE) == 0:
                    return False
            if n and _used(st, ctx, code) >= n:
                return False
            if _once_blocked(st, ctx.uid, ctx.player):
                return False
            if cond is None:
                return True
            # As ygopro-core: the effect's own condition first, with no card (a
            # procedure that needs a card on the field says so when ``c`` is nil),
            # then for the monster.
            if not bridge.probe_card(cond, ctx, NONE, "condition"):
                return False
            return bool(bridge.probe_card(cond, ctx, ctx.uid, "condition"))

        def do(ctx: Ctx) -> Question | None:
            _, q = bridge.run(((run, (SELF,)),), ctx, False, "procedure")
            if q is None and n and _go_on(ctx.st, ctx.uid):
                _spend(ctx.st, ctx, code)
            return q

        common["extra"] = extra
        return Effect(EffectKind.CONDITION, condition=condition, operation=(Step(do=do),),
                      **common)  # fmt: skip

    def condition(self, e: Any, t: int, common: dict[str, Any]) -> Effect:
        """``EFFECT_SPSUMMON_CONDITION`` on the monster itself: its value says
        which Special Summons are allowed (R-SUM-8), checked every time."""
        from ygo.lua.translate import Unsupported

        if not t & self.tr.T["SINGLE"]:
            raise Unsupported("a summoning condition on other cards (EFFECT_SPSUMMON_CONDITION)")
        value = e.value
        bridge = self.bridge
        holder: list[Effect] = []

        def ok(st: State, uid: int, kind: int, rc: int) -> bool:
            if kind & ops.SUMTYPE_PROC:
                # The monster's own procedure (EFFECT_SPSUMMON_PROC): ygopro-core
                # never applies the summoning condition to it (R-SUM-8).
                return True
            if value is None or isinstance(value, (int, bool)):
                return bool(value)
            eff = holder[0]
            index = next((i for i, x in enumerate(st.fx[uid]) if x is eff), -1)
            if index < 0:
                return True
            ctx = Ctx(st, uid, index, st.ctrl[uid])
            outer = bridge.calls[-1].ctx if bridge.calls else None
            call = Call(ctx, True)
            bridge.calls.append(call)
            try:
                # The effect summoning it: the Lua function asking, else rc's link.
                if outer is not None and outer.st is st:
                    se = bridge.instance(outer.uid, outer.index)
                else:
                    se = bridge._reason_effect(st, rc) if rc != NONE else None
                sp = st.ctrl[rc] if rc != NONE else st.ctrl[uid]
                out = value(bridge.instance(uid, index), se, sp, bridge.lua_sumtype(kind))
                return bool(out[0] if isinstance(out, tuple) else out)
            except Exception as exc:
                bridge.failed(ctx, "summoning condition", exc)
                return False
            finally:
                bridge.calls.pop()

        eff = Effect(
            EffectKind.CONDITION,
            text="its summoning condition",
            extra={**common["extra"], "special_ok": ok, "revive_limit": False},
        )
        holder.append(eff)
        return eff

    def not_material(self, e: Any, t: int, ev: int, common: dict[str, Any]) -> Effect:
        """``EFFECT_CANNOT_BE_SYNCHRO_MATERIAL`` (``_XYZ_``, ``_LINK_``) on the card
        itself: its value (1, or ``value(e, c)`` of the monster to be summoned)
        and condition are read by ``Card.IsCanBeSynchroMaterial`` and the
        material checks (:class:`ygo.lua.api_summon.SummonAPI`)."""
        from ygo.lua.translate import Unsupported

        if not t & self.tr.T["SINGLE"]:
            raise Unsupported(f"a material restriction on other cards (code {ev})")
        return Effect(
            EffectKind.CONDITION,
            text="it cannot be used as such a material",
            extra={**common["extra"], "not_material": ev, "revive_limit": False},
        )

    @staticmethod
    def once(code: int) -> Effect:
        """``Card.SetSPSummonOnce(code)``: a player may Special Summon a monster
        with this passcode once per turn (by its procedure or by an effect)."""

        def ok(st: State, uid: int, kind: int, rc: int) -> bool:
            p = st.ctrl[rc] if rc != NONE else st.ctrl[uid]
            return not special_summoned(st, code, p)

        return Effect(
            EffectKind.CONDITION,
            text="it can be Special Summoned once per turn",
            extra={"special_ok": ok, "spsummon_once": code, "revive_limit": False},
        )

    @staticmethod
    def unsummonable() -> Effect:
        """``Card.EnableUnsummonable``: it cannot be Normal Summoned or Set."""
        return Effect(
            EffectKind.CONDITION,
            text="it cannot be Normal Summoned or Set",
            extra={"special_only": True, "revive_limit": False},
        )


def special_summoned(st: State, code: int, player: int) -> bool:
    """Whether ``player`` Special Summoned a monster with passcode ``code`` this turn."""
    events = st.events
    for i in range(len(events) - 1, -1, -1):
        ev = events[i]
        if ev.kind == EventKind.TURN:
            break
        if ev.kind == EventKind.SPECIAL_SUMMON and ev.rp == player and ev.card >= 0:
            d = st.data[ev.card]
            if code in (d.code, d.alias):
                return True
    return False


def _once_blocked(st: State, uid: int, player: int) -> bool:
    for x in st.fx[uid]:
        code = x.extra.get("spsummon_once") if x.kind == EffectKind.CONDITION else None
        if code is not None and special_summoned(st, int(code), player):
            return True
    return False


def _go_on(st: State, uid: int) -> bool:
    kept = st.script_vals.get(aborted_key(uid))
    return not kept or kept[0] != st.fid[uid]


def _used(st: State, ctx: Ctx, code: int) -> int:
    eff = st.fx[ctx.uid][ctx.index]
    if code:
        return chain.limit_used(st, code, ctx.player)
    return chain.limit_count(st, ctx.uid, eff, ctx.index, ctx.player)


def _spend(st: State, ctx: Ctx, code: int) -> None:
    eff = st.fx[ctx.uid][ctx.index]
    if code:
        chain.use_limit(st, code, ctx.player)
    else:
        chain.spend_limit(st, ctx.uid, eff, ctx.index, ctx.player)
