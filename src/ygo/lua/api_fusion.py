"""Fusion and Ritual Summons through Lua: the ``Card``/``Duel`` functions the
Fusion and Ritual Spells call, and the check that lets the engine's own Fusion
Summon (``ygo.effects.fusion``) use a Fusion Monster whose materials are
written in Lua (``EFFECT_FUSION_MATERIAL``, registered by procedure.lua's
``aux.AddFusionProc*``).

A Fusion Monster's material effect keeps ygopro-core's protocol: its condition
``(e, g, gc, chkf)`` says whether some materials for it are in ``g`` (with
``gc`` among them); its operation ``(e, tp, eg, ep, ev, re, r, rp, gc, chkf)``
has the player choose them from ``eg`` and hands them over with
``Duel.SetFusionMaterial``. A natively scripted Fusion Monster (its materials
listed by passcode) answers the same functions from its list, with the
engine's rules for fusion substitutes (R-SUM-7)."""

from __future__ import annotations

import itertools
from typing import Any

from ygo.core.enums import CardType
from ygo.core.state import NONE
from ygo.engine import ops, query
from ygo.engine.effect import Ctx, Effect, EffectKind, Question
from ygo.lua.base import BridgeBase
from ygo.lua.call import Call, NeedAnswer, ScriptError, restore
from ygo.lua.places import (
    DONE,
    EXTRA,
    GRAVE,
    MONSTER,
    MZONE,
    order,
)  # fmt: skip

_PLAYER_NONE = 2
"""ygopro-core's PLAYER_NONE: a ``chkf`` that asks for no free zone."""


def summon_kind(constant: Any, sumtype: int) -> int:
    """ygo's ``ops.SUMTYPE_*`` kind of a Lua ``SUMMON_TYPE_*`` value (0 for an
    ordinary Special Summon)."""
    sumtype = int(sumtype or 0)
    if not sumtype:
        return 0
    high = sumtype & 0xFF000000
    if high == constant("SUMMON_TYPE_FUSION"):
        return ops.SUMTYPE_FUSION
    if high == constant("SUMMON_TYPE_RITUAL"):
        return ops.SUMTYPE_RITUAL
    return 0


def lua_summon_type(constant: Any, kind: int) -> int:
    """ygopro-core's SUMMON_TYPE_* of a monster summoned the way ``kind``
    (``State.sumtype``) says; 0 when it was not summoned."""
    if kind & ops.SUMTYPE_FUSION:
        return int(constant("SUMMON_TYPE_FUSION"))
    if kind & ops.SUMTYPE_RITUAL:
        return int(constant("SUMMON_TYPE_RITUAL"))
    if kind & ops.SUMTYPE_SPECIAL:
        return int(constant("SUMMON_TYPE_SPECIAL"))
    if kind & ops.SUMTYPE_FLIP:
        return int(constant("SUMMON_TYPE_FLIP"))
    if kind & (ops.SUMTYPE_NORMAL | ops.SUMTYPE_SET):
        return int(constant("SUMMON_TYPE_NORMAL"))
    return 0


def fusion_effect_index(st: Any, uid: int) -> int:
    """The index of card ``uid``'s Lua material effect (EFFECT_FUSION_MATERIAL), or -1."""
    for i, e in enumerate(st.fx[uid]):
        if e.kind == EffectKind.CONDITION and "lua_fusion" in e.extra:
            return i
    return -1


class FusionAPI(BridgeBase):
    """``Card``/``Duel`` functions of Fusion and Ritual Summons."""

    _fusion_chosen: list[int] | None = None
    """What the material operation being run handed over (``Duel.SetFusionMaterial``)."""

    # -- a Fusion Monster's materials ------------------------------------------------

    def _lua_fusion(self, fc: int) -> tuple[Any, Any] | None:
        """(effect instance, its Lua table) of ``fc``'s Lua material effect."""
        st = self.cur.st
        i = fusion_effect_index(st, fc)
        if i < 0:
            return None
        return self.instance(fc, i), st.fx[fc][i].extra["lua"]

    def _native_sets(self, fc: int, pool: list[int], must: list[int], chkf: int) -> Any:
        """The material sets of native Fusion Monster ``fc`` (its passcode list)
        from ``pool`` that hold every card of ``must`` (a generator)."""
        from ygo.effects.fusion import (
            fusion_assignable,
            fusion_material_codes,
            fusion_substitutes_allowed,
        )

        st = self.cur.st
        slots = fusion_material_codes(st, fc)
        if not slots or len(must) > len(slots):
            return
        subs = fusion_substitutes_allowed(st, fc)
        rest = [u for u in pool if u not in must]
        for combo in itertools.combinations(rest, len(slots) - len(must)):
            picked = [*must, *combo]
            if fusion_assignable(st, slots, picked, subs) and self._room(picked, chkf):
                yield picked

    def _room(self, materials: list[int], chkf: int) -> bool:
        """ygopro-core's field check (``chkf``): a Monster Zone is free once the
        materials leave."""
        p = int(chkf) & 0xFF
        if p not in (0, 1):
            return True
        st = self.cur.st
        if NONE in st.mzone[p]:
            return True
        return any(st.loc[u] == MZONE and st.ctrl[u] == p for u in materials)

    def card_CheckFusionMaterial(self, u: int, g: Any = None, gc: Any = None,
                                 chkf: int = _PLAYER_NONE, *a: Any) -> bool:  # fmt: skip
        fc = self.uid(u)
        lua = self._lua_fusion(fc)
        if lua is not None:
            inst, proto = lua
            if proto.condition is None:
                return False
            out = proto.condition(inst, g, gc, int(chkf or 0))
            return bool(out[0] if isinstance(out, tuple) else out)
        if g is None:
            return False
        pool = self._uids_of_group(g)
        must = [self.uid(gc)] if gc is not None else []
        return self._native_ok(fc, pool, must, chkf)

    def _native_ok(self, fc: int, pool: list[int], must: list[int], chkf: Any) -> bool:
        return next(self._native_sets(fc, pool, must, int(chkf or 0)), None) is not None

    def _uids_of_group(self, g: Any) -> list[int]:
        return self.uid_list(self.rt.g.Group._uids(g))

    def duel_SetFusionMaterial(self, g: Any) -> None:
        self._fusion_chosen = self._uids_of_group(g)

    def py_select_fusion_material(self, p: int, fcu: Any, t: Any, gcu: Any, chkf: int) -> Any:
        """``Duel.SelectFusionMaterial``: the player chooses materials for Fusion
        Monster ``fc`` from ``t`` (``gc`` among them): the Lua material
        operation of ``fc``, or for a native one each material in turn."""
        call = self.cur
        st = call.st
        fc = self.uid(int(fcu))
        gc = self.uid(int(gcu)) if gcu is not None else NONE
        lua = self._lua_fusion(fc)
        if lua is not None:
            inst, proto = lua
            if proto.operation is None:
                return self.cards([])
            saved = self._fusion_chosen
            self._fusion_chosen = []
            try:
                g = self.rt.wrap(self.cards(self.uid_list(t)))
                proto.operation(inst, int(p), g, 0, 0, None, 0, 0,
                                self.card(gc) if gc != NONE else None, int(chkf))  # fmt: skip
                chosen = list(self._fusion_chosen or [])
            finally:
                self._fusion_chosen = saved
            if gc != NONE and gc not in chosen:
                chosen.append(gc)
            return self.cards(chosen)
        pool = self.uid_list(t)
        picked = [gc] if gc != NONE else []
        from ygo.effects.fusion import fusion_material_codes

        total = len(fusion_material_codes(st, fc))
        while True:
            options = [
                u for u in pool if u not in picked and self._native_ok(fc, pool, [*picked, u], chkf)
            ]
            if not options:
                break
            a = call.answer()
            if a is None:
                call.ask(Question(int(p), f"Choose a Fusion Material for {st.data[fc].name} "
                                  f"({len(picked) + 1} of {total})", tuple(options)))  # fmt: skip
            if a not in options:
                raise ScriptError(f"answer {a} is not one of the materials offered")
            picked.append(int(a))
        return self.cards(picked)

    def card_IsCanBeFusionMaterial(self, u: int, fc: Any = None, *a: Any) -> bool:
        return bool(self.cur.st.ctype[self.uid(u)] & MONSTER)

    def card_CheckFusionSubstitute(self, u: int, fc: Any = None) -> bool:
        """Whether the card may stand in for a named material (R-SUM-7): a native
        fusion substitute, or a Lua EFFECT_FUSION_SUBSTITUTE whose condition holds."""
        st = self.cur.st
        uid = self.uid(u)
        for i, e in enumerate(st.fx[uid]):
            if e.kind != EffectKind.CONDITION or not e.extra.get("fusion_substitute"):
                continue
            proto = e.extra.get("lua")
            if proto is None:
                return True
            inst = self.instance(uid, i)
            if proto.condition is not None and not _first(proto.condition(inst)):
                continue
            value = proto.value
            if value is None or isinstance(value, (int, bool)):
                return value is None or bool(value)
            return bool(_first(value(inst, fc)))
        return False

    def card_IsFusionCode(self, u: int, *codes: Any) -> bool:
        d = self.cur.st.data[self.uid(u)]
        mine = {d.code, d.alias} - {0}
        return any(c is not None and int(c) in mine for c in codes)

    def card_GetFusionCode(self, u: int) -> Any:
        d = self.cur.st.data[self.uid(u)]
        return (d.alias, d.code) if d.alias else d.code

    def card_IsFusionType(self, u: int, t: int) -> bool:
        return bool(self.cur.st.ctype[self.uid(u)] & int(t))

    def card_GetFusionType(self, u: int) -> int:
        return self.cur.st.ctype[self.uid(u)]

    def card_IsFusionAttribute(self, u: int, a: int) -> bool:
        return bool(int(self.cur.st.data[self.uid(u)].attribute) & int(a))

    def card_GetFusionAttribute(self, u: int, *a: Any) -> int:
        return int(self.cur.st.data[self.uid(u)].attribute)

    def card_IsFusionSetCard(self, u: int, *setcodes: int | None) -> bool:
        mine = self.cur.st.data[self.uid(u)].setcodes
        for want in setcodes:
            if want is None:
                continue
            base, sub = int(want) & 0xFFF, int(want) & 0xF000
            if any(s & 0xFFF == base and (s & 0xF000) & sub == sub for s in mine):
                return True
        return False

    def py_fusion_material(self, p: int, loc: int) -> Any:
        """``Duel.GetFusionMaterial``: ``p``'s monsters in ``loc`` (the hand and
        the Monster Zone unless named)."""
        st = self.cur.st
        uids = [u for u in order(st, int(p), int(loc)) if st.ctype[u] & MONSTER]
        return self.cards(uids)

    # -- the materials a summoned monster used ------------------------------------------

    def card_SetMaterial(self, u: int, g: Any = None) -> None:
        call = self.cur
        uid = self.uid(u)
        mats = self._uids_of_group(g) if g is not None else []
        call.touch()
        call.st.script_vals[f"M{uid}"] = tuple(mats)

    def card_GetMaterial(self, u: int) -> Any:
        mats = self.cur.st.script_vals.get(f"M{self.uid(u)}", ())
        return self.rt.wrap(self.cards(list(mats)))

    def card_GetMaterialCount(self, u: int) -> int:
        return len(self.cur.st.script_vals.get(f"M{self.uid(u)}", ()))

    def card_CompleteProcedure(self, u: int) -> None:
        """The summon was made the monster's own way: properly summoned (R-SUM-9)."""
        call = self.cur
        st = call.st
        uid = self.uid(u)
        if st.loc[uid] == MZONE and not st.sumtype[uid] & ops.SUMTYPE_PROPER:
            call.touch()
            st.sumtype[uid] |= ops.SUMTYPE_PROPER

    # -- Ritual Summons --------------------------------------------------------------

    def py_ritual_material(self, p: int) -> Any:
        """``Duel.GetRitualMaterial``: ``p``'s monsters on the field with a Level
        and monsters in the hand, which can be Tributed for a Ritual Summon."""
        st = self.cur.st
        p = int(p)
        field = [u for u in st.mzone[p] if u != NONE and query.level(st, u) > 0]
        hand = [u for u in st.hand[p] if st.ctype[u] & MONSTER]
        return self.cards(field + hand)

    def card_IsCanBeRitualMaterial(self, u: int, rc: Any = None) -> bool:
        st = self.cur.st
        uid = self.uid(u)
        return bool(st.ctype[uid] & MONSTER) and st.loc[uid] != GRAVE

    def card_GetRitualLevel(self, u: int, rc: Any = None) -> int:
        """The Level the card counts for in a Ritual Summon of ``rc``: its own
        EFFECT_RITUAL_LEVEL's value (two Levels packed as low + high << 16) when
        it gives one, else its Level (none for an Xyz or Link Monster)."""
        st = self.cur.st
        uid = self.uid(u)
        t = st.ctype[uid]
        if not t & MONSTER or t & (int(CardType.XYZ) | int(CardType.LINK)):
            return 0
        for i, e in enumerate(st.fx[uid]):
            if e.kind != EffectKind.CONDITION or not e.extra.get("ritual_level"):
                continue
            value = e.extra["lua"].value
            if callable(value):
                value = _first(value(self.instance(uid, i), rc))
            if value:
                return int(value)
        return query.level(st, uid)

    def py_release_ritual_material(self, t: Any) -> int:
        """``Duel.ReleaseRitualMaterial``: Tribute the materials from the hand and
        field, banish those in the GY, send those in the Extra Deck to the GY."""
        call = self.cur
        st = call.st
        uids = self.uid_list(t)
        if not uids:
            call.operated = []
            return 0
        c = self.rt.constant
        r = c("REASON_RITUAL") | c("REASON_EFFECT") | c("REASON_MATERIAL")
        rp, rc = call.ctx.player, call.ctx.uid
        call.touch()
        before = [st.fid[u] for u in uids]
        gy = [u for u in uids if st.loc[u] == GRAVE]
        extra = [u for u in uids if st.loc[u] == EXTRA]
        rest = [u for u in uids if u not in gy and u not in extra]
        if extra:
            ops.send_to_grave(st, extra, r, rp, rc)
        if rest:
            ops.send_to_grave(st, rest, r | c("REASON_RELEASE"), rp, rc)
        if gy:
            ops.banish(st, gy, r, rp, rc)
        done = [u for u, f in zip(uids, before, strict=True) if st.fid[u] != f]
        call.operated = done
        return len(done)

    # -- choosing one card more (Group.SelectUnselect) -------------------------------

    def py_select_unselect(self, sp: int, t: Any, finish: bool, cancel: bool) -> Any:
        """One card more for a group being built (``Group.SelectUnselect``): one of
        ``t``, or None when the player stops (allowed when the group is complete,
        ``finish``, or may be abandoned, ``cancel``). ygo does not offer to take
        back a card already chosen."""
        call = self.cur
        pool = self.uid_list(t)
        if not pool:
            return None
        a = call.answer()
        if a is None:
            name = call.st.data[call.ctx.uid].name
            shown = all(u in call.shown for u in pool)
            call.ask(Question(int(sp), f"Choose a card for {name}", tuple(pool),
                              can_stop=bool(finish or cancel), shown=shown))  # fmt: skip
        if a == DONE:
            if not (finish or cancel):
                raise ScriptError("the selection cannot stop here")
            return None
        if a not in pool:
            raise ScriptError(f"answer {a} is not one of the cards offered")
        return self.card(int(a))

    # -- the engine's Fusion Summon with a Lua Fusion Monster --------------------------

    def fusion_check(
        self, ctx: Ctx, monster: int, pool: list[int], picked: list[int], exact: bool
    ) -> bool:
        """``extra["fusion_check"]`` of a Lua Fusion Monster (``ygo.effects.fusion``):
        with ``exact``, whether ``picked`` are materials for ``monster``; else
        whether some materials for it from ``pool`` hold every card of ``picked``.
        Runs its Lua material condition (as a probe of its material effect)."""
        st = ctx.st
        i = fusion_effect_index(st, monster)
        if i < 0:
            return False
        call = Call(Ctx(st, monster, i, ctx.player), True)
        self.calls.append(call)
        try:
            proto = st.fx[monster][i].extra["lua"]
            inst = self.instance(monster, i)
            if proto.condition is None:
                return False
            chkf = ctx.player
            lo, hi = self._material_count(monster, len(pool))

            def holds(uids: list[int]) -> bool:
                g = self.rt.wrap(self.cards(uids))
                return bool(_first(proto.condition(inst, g, None, chkf)))

            def valid(uids: list[int]) -> bool:
                if not lo <= len(uids) <= hi or not holds(uids):
                    return False
                # (a set with a smaller valid part is not itself the materials)
                return len(uids) == lo or not any(holds([x for x in uids if x != y]) for y in uids)

            if exact:
                return valid(picked)
            if not holds(pool):
                return False
            rest = [u for u in pool if u not in picked]
            for size in range(max(lo, len(picked)), hi + 1):
                for combo in itertools.combinations(rest, size - len(picked)):
                    if valid([*picked, *combo]):
                        return True
            return False
        except NeedAnswer:
            return False
        except Exception as exc:
            if call.snap is not None:
                restore(st, call.snap)
            self.failed(call.ctx, "fusion material check", exc)
            return False
        finally:
            self.calls.pop()

    def _material_count(self, monster: int, pool: int) -> tuple[int, int]:
        """The fewest and most materials of a Lua Fusion Monster (the class's
        ``material_count`` that procedure.lua writes), else 1 to ``pool``."""
        cls = self.rt.card_class(self.cur.st.data[monster].code)
        mc = cls.material_count if cls is not None else None
        if mc is None:
            return 1, max(pool, 1)
        lo, hi = int(mc[1] or 1), int(mc[2] or mc[1] or 1)
        return lo, min(hi, max(pool, lo))


def _first(out: Any) -> Any:
    return out[0] if isinstance(out, tuple) else out


def material_effect(bridge: Any, e: Any, code: str, common: dict[str, Any]) -> Effect:
    """The ygo effect of a Lua ``EFFECT_FUSION_MATERIAL`` (a Fusion Monster's
    materials: the engine's Fusion Summon asks its Lua condition through
    ``extra["fusion_check"]``) or ``EFFECT_FUSION_SUBSTITUTE`` (R-SUM-7)."""
    from ygo.lua.translate import Unsupported

    extra = dict(common.get("extra", {}))
    if code == "EFFECT_FUSION_MATERIAL":
        extra.update({"lua_fusion": True, "fusion_check": bridge.fusion_check})
        return Effect(EffectKind.CONDITION, text="Fusion Materials", extra=extra)
    if code == "EFFECT_RITUAL_LEVEL":
        extra["ritual_level"] = True
        return Effect(EffectKind.CONDITION, text="its Level for a Ritual Summon", extra=extra)
    if e.value is not None:
        raise Unsupported("a fusion substitute for some Fusion Monsters only (a value)")
    extra["fusion_substitute"] = True
    return Effect(EffectKind.CONDITION, text="fusion substitute", extra=extra)
