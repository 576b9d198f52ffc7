"""Summoning for the Lua scripts: the kind of summon a monster came by
(``Card.IsSummonType``), Synchro and Xyz materials (``Duel.CheckSynchroMaterial``,
``Duel.SelectXyzMaterial``, ``Duel.Overlay``...), a monster's materials.

Materials follow the engine's own rules (:mod:`ygo.effects.synchro_xyz`,
R-SYN-1, R-XYZ-1): face-up monsters of the summoning player with a Level (an
Xyz monster has none, R-XYZ-2), no Token as Xyz material (R-SUM-11); a Synchro
needs exactly one Tuner and Levels adding up exactly. A choice of materials
is one question naming whole sets, as the engine's own Synchro and Xyz Summons
ask it (only sets that work are offered)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from importlib import resources
from typing import Any

from ygo.core.ints import (
    POS_FACEUP,
    TYPE_EXTRA,
    TYPE_LINK,
    TYPE_MONSTER,
    TYPE_TOKEN,
    TYPE_XYZ,
)
from ygo.core.state import NONE
from ygo.engine import ops, query
from ygo.engine.effect import EffectKind, Question
from ygo.engine.events import EventKind, Reason
from ygo.lua.base import BridgeBase
from ygo.lua.call import ScriptError
from ygo.lua.places import DECK, EXTRA, MZONE, PZONE


def _material_key(uid: int) -> str:
    return f"M{uid}"


def aborted_key(uid: int) -> str:
    """The ``State.script_vals`` key set when a procedure's target said no (the
    player backed out): the summon does not happen (``extra["go_on"]``)."""
    return f"X{uid}"


class SummonAPI(BridgeBase):
    """The summoning functions (``card_*``, ``duel_*``, ``py_*`` as in :class:`Bridge`)."""

    sumtype_hint: int | None = None
    """The Lua summon type being checked (``IsCanBeSpecialSummoned``), for the
    summoning conditions written in Lua (``EFFECT_SPSUMMON_CONDITION``)."""

    def setup_summon(self) -> None:
        c = self.rt.constant
        self.ST = {name: c(f"SUMMON_TYPE_{name}") for name in (
            "NORMAL", "ADVANCE", "FLIP", "SPECIAL", "FUSION", "RITUAL", "SYNCHRO", "XYZ",
            "PENDULUM")}  # fmt: skip
        self.NOT_SYNCHRO = c("EFFECT_CANNOT_BE_SYNCHRO_MATERIAL")
        self.NOT_XYZ = c("EFFECT_CANNOT_BE_XYZ_MATERIAL")
        text = resources.files("ygo.lua").joinpath("api_summon.lua").read_text(encoding="utf-8")
        self.summon_helpers: Any = self.rt.lua.execute(text, self.rt.py)

    # -- the kind of summon ---------------------------------------------------------

    def summon_type(self, uid: int) -> int:
        """ygopro-core's summon type of ``uid`` (``Card.GetSummonType``): a
        procedure's own (kept when the engine summoned it), else from the
        engine's summon kind bits."""
        from ygo.engine.summon import summon_info_key

        st = self.cur.st
        if st.loc[uid] != MZONE:
            return 0
        kind = st.sumtype[uid]
        ST = self.ST
        if kind & ops.SUMTYPE_SPECIAL:
            kept = st.script_vals.get(summon_info_key(uid))
            if kept and kept[0] == st.fid[uid] and kind & ops.SUMTYPE_PROC:
                return int(kept[1])
            if kind & ops.SUMTYPE_RITUAL:
                return ST["RITUAL"]
            if kind & ops.SUMTYPE_FUSION:
                return ST["FUSION"]
            if kind & ops.SUMTYPE_PROC and st.reason[uid] & Reason.SYNCHRO:
                return ST["SYNCHRO"]
            if kind & ops.SUMTYPE_PROC and st.reason[uid] & Reason.XYZ:
                return ST["XYZ"]
            return ST["SPECIAL"]
        if kind & ops.SUMTYPE_FLIP:
            return ST["FLIP"]
        if kind & ops.SUMTYPE_NORMAL:
            return ST["ADVANCE"] if self._tributes_used(uid) else ST["NORMAL"]
        return 0

    def _tributes_used(self, uid: int) -> int:
        """The Tributes of ``uid``'s last Normal Summon (its SUMMON event's value,
        R-SUM-2): above 0 for a Tribute Summon, ygopro-core's SUMMON_TYPE_ADVANCE."""
        events = self.cur.st.events
        for i in range(len(events) - 1, -1, -1):
            ev = events[i]
            if ev.card == uid and ev.kind == EventKind.SUMMON:
                return int(ev.value)
        return 0

    def card_GetSummonType(self, u: int) -> int:
        return self.summon_type(self.uid(u))

    def card_IsSummonType(self, u: int, t: int) -> bool:
        t = int(t)
        return self.summon_type(self.uid(u)) & t == t

    def card_IsSpecialSummonable(self, u: int, *a: Any) -> bool:
        return False

    def duel_IsSummonCancelable(self) -> bool:
        return False  # (ygo's procedures are chosen with their materials in view)

    def py_proc_abort(self) -> None:
        """A procedure's target said no: the summon is called off."""
        call = self.cur
        call.touch()
        uid = call.ctx.uid
        call.st.script_vals[aborted_key(uid)] = (call.st.fid[uid],)

    def py_proc_start(self) -> None:
        call = self.cur
        key = aborted_key(call.ctx.uid)
        if key in call.st.script_vals:
            call.touch()
            del call.st.script_vals[key]

    # -- materials -----------------------------------------------------------------

    # (Card.SetMaterial/GetMaterial/GetMaterialCount: ygo.lua.api_fusion, same key)

    def _face_up_ok(self, uid: int) -> bool:
        st = self.cur.st
        return st.loc[uid] != MZONE or bool(st.pos[uid] & POS_FACEUP)

    def _refuses(self, uid: int, code: int, sc: Any) -> bool:
        """Whether ``uid`` has an ``EFFECT_CANNOT_BE_<X>_MATERIAL`` of ``code``
        that holds now for the monster ``sc`` (a Lua card, or None)."""
        from ygo.engine.effect import Ctx

        st = self.cur.st
        for i, x in enumerate(st.fx[uid]):
            if x.kind != EffectKind.CONDITION or x.extra.get("not_material") != code:
                continue
            lua = x.extra["lua"]
            ctx = Ctx(st, uid, i, st.ctrl[uid])
            if lua.condition is not None and not self.probe_card(lua.condition, ctx, uid,
                                                                  "condition"):  # fmt: skip
                continue
            value = lua.value
            if value is None or isinstance(value, (int, bool)):
                if value is not None and int(value):
                    return True
                continue
            target = self.uid(sc) if sc is not None else uid
            if self.probe_card(value, ctx, target, "value"):
                return True
        return False

    def card_IsCanBeSynchroMaterial(self, u: int, sc: Any = None, *a: Any) -> bool:
        st = self.cur.st
        uid = self.uid(u)
        t = st.ctype[uid]
        if not t & TYPE_MONSTER or t & (TYPE_XYZ | TYPE_LINK):
            return False
        if query.level(st, uid) <= 0:
            return False
        return not (st.fx[uid] and self._refuses(uid, self.NOT_SYNCHRO, sc))

    def card_GetSynchroLevel(self, u: int, *a: Any) -> int:
        st = self.cur.st
        return query.level(st, self.uid(u))

    def card_IsCanBeXyzMaterial(self, u: int, xc: Any = None, *a: Any) -> bool:
        st = self.cur.st
        uid = self.uid(u)
        t = st.ctype[uid]
        if not t & TYPE_MONSTER or t & (TYPE_TOKEN | TYPE_LINK):
            return False
        return not (st.fx[uid] and self._refuses(uid, self.NOT_XYZ, xc))

    def card_GetXyzLevel(self, u: int, *a: Any) -> int:
        return query.level(self.cur.st, self.uid(u))

    def card_IsXyzLevel(self, u: int, xc: Any, lv: int) -> bool:
        level = query.level(self.cur.st, self.uid(u))
        return level > 0 and level == int(lv)

    def card_IsCanOverlay(self, u: int, *a: Any) -> bool:
        """Whether the card may become an Xyz material (a Token never: R-SUM-11)."""
        return not self.cur.st.ctype[self.uid(u)] & TYPE_TOKEN

    def _type_as_material(self, u: int, t: int) -> bool:
        return bool(self.cur.st.ctype[self.uid(u)] & int(t))

    def card_IsSynchroType(self, u: int, t: int) -> bool:
        return self._type_as_material(u, t)

    card_IsXyzType = card_IsSynchroType
    card_IsLinkType = card_IsSynchroType

    def card_IsExtraDeckMonster(self, u: int) -> bool:
        t = self.cur.st.ctype[self.uid(u)]
        return bool(t & TYPE_MONSTER) and bool(t & TYPE_EXTRA)

    def card_IsAbleToDeckOrExtraAsCost(self, u: int, *a: Any) -> bool:
        """Whether the card may be returned to the Deck (an Extra Deck monster: the
        Extra Deck) as a cost (contact fusions' materials)."""
        st = self.cur.st
        uid = self.uid(u)
        return not st.ctype[uid] & TYPE_TOKEN and st.loc[uid] not in (DECK, EXTRA)

    def duel_CheckMustMaterial(self, p: int, *a: Any) -> bool:
        return True  # (no card of ygo's makes a monster a must-use material)

    def card_GetHandSynchro(self, u: int) -> None:
        return None

    def card_GetTunerLimit(self, u: int) -> None:
        return None

    def duel_GetSynchroMaterial(self, p: int) -> Any:
        st = self.cur.st
        return self.rt.wrap(self.cards([u for u in st.mzone[int(p)] if u != NONE]))

    def _pool(self, p: int, mg: Any) -> list[int]:
        st = self.cur.st
        if mg is not None:
            mine = set(self.uid_list(self.rt.g.Group._uids(mg)))
            return [u for u in st.mzone[p] if u in mine] + [
                u for u in sorted(mine) if st.loc[u] != MZONE
            ]
        return [u for u in st.mzone[p] if u != NONE]

    def _test(self, f: Any, *args: Any) -> Callable[[int], bool]:
        if f is None:
            return lambda uid: True
        return lambda uid: bool(f(self.card(uid), *args))

    def synchro_sets(self, sc: int, f1: Any, f2: Any, minc: int, maxc: int, smat: Any,
                     mg: Any, tuner: int = NONE) -> Iterator[tuple[int, ...]]:  # fmt: skip
        """The sets of Synchro Materials for ``sc`` (R-SYN-1): a face-up Tuner
        that passes ``f1`` (or ``tuner``), then ``minc`` to ``maxc`` other
        face-up monsters that pass ``f2(c, sc)``, whose Levels add up to ``sc``'s;
        with ``smat``, it is among them. The Tuner first, the others in zone order."""
        st = self.cur.st
        p = st.ctrl[sc]
        need = st.data[sc].level
        syncard = self.card(sc)
        pool = [u for u in self._pool(p, mg) if self._face_up_ok(u)
                and self.card_IsCanBeSynchroMaterial(u, syncard)]  # fmt: skip
        must = NONE if smat is None else self.uid(smat)
        if tuner != NONE:
            tuners = [tuner] if tuner in pool and query.is_tuner(st, tuner) else []
        else:
            ok1 = self._test(f1)
            tuners = [u for u in pool if query.is_tuner(st, u) and ok1(u)]
        ok2 = self._test(f2, self.card(sc))
        passed: dict[int, bool] = {}
        for t in tuners:
            others = [u for u in pool if u != t and passed.setdefault(u, ok2(u))]
            rest = need - query.level(st, t)
            for k in range(max(int(minc), 1), min(int(maxc), len(others)) + 1):
                for combo in itertools.combinations(others, k):
                    if must != NONE and must != t and must not in combo:
                        continue
                    if sum(query.level(st, u) for u in combo) == rest:
                        yield (t, *combo)

    def xyz_sets(self, xc: int, f: Any, lv: int, minc: int, maxc: int,
                 og: Any) -> Iterator[tuple[int, ...]]:  # fmt: skip
        """The sets of Xyz Materials for ``xc`` (R-XYZ-1): ``minc`` to ``maxc``
        face-up monsters with Level ``lv`` that pass ``f(c, xc)``, no Token (R-SUM-11)."""
        st = self.cur.st
        p = st.ctrl[xc]
        ok = self._test(f, self.card(xc))
        xyzcard = self.card(xc)
        mats = [u for u in self._pool(p, og) if self._face_up_ok(u)
                and self.card_IsCanBeXyzMaterial(u, xyzcard) and query.level(st, u) == int(lv)
                and ok(u)]  # fmt: skip
        for k in range(max(int(minc), 1), min(int(maxc), len(mats)) + 1):
            yield from itertools.combinations(mats, k)

    def _choose_set(self, p: int, sets: list[tuple[int, ...]], prompt: str) -> Any:
        """One question: which whole set of materials (the engine's own form)."""
        call = self.cur
        if not sets:
            return None
        a = call.answer()
        if a is None:
            st = call.st
            labels = tuple(" + ".join(f"{st.data[u].name} [{u}]" for u in s) for s in sets)
            call.ask(Question(int(p), prompt, tuple(range(len(sets))), False, labels,
                              sets=tuple(sets)))  # fmt: skip
        if not isinstance(a, int) or not 0 <= a < len(sets):
            raise ScriptError(f"answer {a} is not one of the sets of materials offered")
        return self.rt.wrap(self.cards(list(sets[a])))

    def duel_CheckSynchroMaterial(self, c: Any, f1: Any, f2: Any, minc: int, maxc: int,
                                  smat: Any = None, mg: Any = None) -> bool:  # fmt: skip
        sc = self.uid(c)
        return next(self.synchro_sets(sc, f1, f2, minc, maxc, smat, mg), None) is not None

    def duel_SelectSynchroMaterial(self, p: int, c: Any, f1: Any, f2: Any, minc: int,
                                   maxc: int, smat: Any = None, mg: Any = None) -> Any:  # fmt: skip
        sets = list(self.synchro_sets(self.uid(c), f1, f2, minc, maxc, smat, mg))
        return self._choose_set(p, sets, "Choose the Synchro Materials")

    def duel_CheckTunerMaterial(self, c: Any, tuner: Any, f1: Any, f2: Any, minc: int,
                                maxc: int, mg: Any = None) -> bool:  # fmt: skip
        sc, t = self.uid(c), self.uid(tuner)
        return next(self.synchro_sets(sc, f1, f2, minc, maxc, None, mg, t), None) is not None

    def duel_SelectTunerMaterial(self, p: int, c: Any, tuner: Any, f1: Any, f2: Any,
                                 minc: int, maxc: int, mg: Any = None) -> Any:  # fmt: skip
        sc, t = self.uid(c), self.uid(tuner)
        sets = list(self.synchro_sets(sc, f1, f2, minc, maxc, None, mg, t))
        return self._choose_set(p, sets, "Choose the Synchro Materials")

    def duel_CheckXyzMaterial(self, c: Any, f: Any, lv: int, minc: int, maxc: int,
                              og: Any = None) -> bool:  # fmt: skip
        return next(self.xyz_sets(self.uid(c), f, lv, minc, maxc, og), None) is not None

    def duel_SelectXyzMaterial(self, p: int, c: Any, f: Any, lv: int, minc: int, maxc: int,
                               og: Any = None) -> Any:  # fmt: skip
        sets = list(self.xyz_sets(self.uid(c), f, lv, minc, maxc, og))
        return self._choose_set(p, sets, "Choose the Xyz Materials")

    # -- Xyz materials (R-XYZ-1, R-XYZ-3) -------------------------------------------

    def duel_Overlay(self, c: Any, x: Any, *a: Any) -> None:
        call = self.cur
        st = call.st
        xyz = self.uid(c)
        uids = [u for u in self.uid_list(self.rt.g.Group._uids(x)) if u != xyz]
        if not uids:
            return
        call.touch()
        for u in uids:  # (a material's own materials go to the GY: R-XYZ-3)
            under = query.materials(st, u)
            if under:
                ops.detach(st, under, int(Reason.RULE), call.ctx.player, call.ctx.uid)
        ops.attach(st, uids, xyz, Reason.XYZ | Reason.MATERIAL, call.ctx.player, call.ctx.uid)

    def _overlays(self, p: int, s: int, o: int) -> list[int]:
        st = self.cur.st
        out: list[int] = []
        for who, on in ((int(p), s), (1 - int(p), o)):
            if on:
                for u in st.mzone[who]:
                    if u != NONE:
                        out += query.materials(st, u)
        return out

    def duel_GetOverlayGroup(self, p: int, s: int, o: int) -> Any:
        return self.rt.wrap(self.cards(self._overlays(p, s, o)))

    def duel_GetOverlayCount(self, p: int, s: int, o: int) -> int:
        return len(self._overlays(p, s, o))

    def card_CheckRemoveOverlayCard(self, u: int, p: int, count: int, r: int = 0) -> bool:
        return len(query.materials(self.cur.st, self.uid(u))) >= int(count)

    def duel_CheckRemoveOverlayCard(self, p: int, s: int, o: int, count: int,
                                    r: int = 0) -> bool:  # fmt: skip
        return len(self._overlays(p, s, o)) >= int(count)

    def py_detach(self, t: Any, r: int) -> int:
        call = self.cur
        uids = self.uid_list(t)
        if not uids:
            call.operated = []
            return 0
        call.touch()
        ops.detach(call.st, uids, int(r), call.ctx.player, call.ctx.uid)
        call.operated = uids
        return len(uids)

    # -- summoning conditions (EFFECT_SPSUMMON_CONDITION) ----------------------------

    def card_IsCanBeSpecialSummoned(self, u: int, e: Any = None, sumtype: int = 0, sp: int = 0,
                                    nocheck: bool = False, nolimit: bool = False,
                                    *a: Any) -> bool:  # fmt: skip
        """Whether the monster may be Special Summoned now by a summon of Lua
        type ``sumtype`` (its summoning conditions see that type)."""
        from ygo.engine.specials import special_blocker

        call = self.cur
        st = call.st
        uid = self.uid(u)
        if st.loc[uid] == MZONE:
            return False
        if nocheck:
            if st.loc[uid] == PZONE:  # R-PEND-1: a monster card in its Pendulum Zone
                return bool(st.data[uid].type & TYPE_MONSTER)
            return bool(st.ctype[uid] & TYPE_MONSTER)
        sumtype = int(sumtype or 0)
        ST = self.ST
        kind = 0
        if sumtype & ST["FUSION"] == ST["FUSION"]:
            kind = ops.SUMTYPE_FUSION
        elif sumtype & ST["RITUAL"] == ST["RITUAL"]:
            kind = ops.SUMTYPE_RITUAL
        saved = self.sumtype_hint
        self.sumtype_hint = sumtype | ST["SPECIAL"]
        try:
            return special_blocker(st, uid, kind, call.ctx.uid) == ""
        finally:
            self.sumtype_hint = saved

    def lua_sumtype(self, kind: int) -> int:
        """The Lua summon type of a summon the engine checks (``ops.SUMTYPE_*``
        kind bits), or the one a Lua check is asking about."""
        if self.sumtype_hint is not None:
            return self.sumtype_hint
        ST = self.ST
        if kind & ops.SUMTYPE_RITUAL:
            return ST["RITUAL"]
        if kind & ops.SUMTYPE_FUSION:
            return ST["FUSION"]
        return ST["SPECIAL"]

    # -- free zones, counting the materials that will leave ----------------------------

    def _free_with(self, p: int, mg: Any) -> int:
        st = self.cur.st
        p = int(p)
        free = st.mzone[p].count(NONE)
        if mg is None:
            return free
        leaving = self.uid_list(self.rt.g.Group._uids(mg))
        return free + sum(1 for u in leaving if st.loc[u] == MZONE and st.ctrl[u] == p)

    def duel_GetLocationCountFromEx(self, p: int, rp: Any = None, mg: Any = None,
                                    *a: Any) -> int:  # fmt: skip
        """Free Monster Zones for a monster from the Extra Deck, the cards of
        ``mg`` (its materials) counted as gone (Master Rule 3: any zone)."""
        return self._free_with(p, mg)

    def duel_GetMZoneCount(self, p: int, mg: Any = None, *a: Any) -> int:
        return self._free_with(p, mg)
