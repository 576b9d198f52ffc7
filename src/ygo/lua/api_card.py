"""``Card.*``: what the scripts ask of a card (its first argument is the card's
uid; ``-1`` is the template card of ``initial_effect``, read as the handler of
the effect being run)."""

from __future__ import annotations

from typing import Any

from ygo.core.enums import CardType
from ygo.core.ints import TYPE_MONSTER, TYPE_TRAP, TYPE_TRAP_MONSTER
from ygo.core.state import NONE
from ygo.engine import ops, query
from ygo.engine.effect import EffectKind
from ygo.engine.events import EventKind
from ygo.lua.base import BridgeBase
from ygo.lua.places import (
    ATTACK,
    BANISHED,
    DECK,
    DEFENSE,
    FACEDOWN,
    FACEUP,
    FZONE,
    GRAVE,
    HAND,
    MONSTER,
    MZONE,
    ONFIELD,
    PZONE,
    SZONE,
    matches,
    where,
)  # fmt: skip


class CardAPI(BridgeBase):
    """The ``Card`` functions (``card_<Name>``, bound as ``Card.<Name>``)."""

    # -- Card.* (first argument: the card's uid) -----------------------------------

    def card_GetCode(self, u: int) -> int:
        st = self.cur.st
        d = st.data[self.uid(u)]
        return d.alias or d.code

    def card_GetOriginalCode(self, u: int) -> int:
        d = self.cur.st.data[self.uid(u)]
        return d.alias or d.code

    def card_IsCode(self, u: int, *codes: int) -> bool:
        return self.card_GetCode(u) in codes

    def card_IsOriginalCodeRule(self, u: int, *codes: int) -> bool:
        return self.card_GetCode(u) in codes

    def card_GetType(self, u: int) -> int:
        return self.cur.st.ctype[self.uid(u)]

    card_GetOriginalType = card_GetType

    def card_IsType(self, u: int, t: int) -> bool:
        return bool(self.cur.st.ctype[self.uid(u)] & int(t))

    def card_GetLevel(self, u: int) -> int:
        uid = self.uid(u)
        st = self.cur.st
        return query.level(st, uid) if st.ctype[uid] & MONSTER else 0

    def card_GetAttack(self, u: int) -> int:
        return query.atk(self.cur.st, self.uid(u))

    def card_GetDefense(self, u: int) -> int:
        return query.defense(self.cur.st, self.uid(u))

    def card_GetBaseAttack(self, u: int) -> int:
        return query.base_atk(self.cur.st, self.uid(u))

    def card_GetAttribute(self, u: int) -> int:
        return int(self.cur.st.data[self.uid(u)].attribute)

    def card_IsAttribute(self, u: int, a: int) -> bool:
        return bool(self.card_GetAttribute(u) & int(a))

    def card_GetRace(self, u: int) -> int:
        return int(self.cur.st.data[self.uid(u)].race)

    def card_IsRace(self, u: int, r: int) -> bool:
        return bool(self.card_GetRace(u) & int(r))

    def card_IsSetCard(self, u: int, *setcodes: int | None) -> bool:
        """Whether the card belongs to one of the archetypes ``setcodes`` (a
        sub-archetype code matches its own cards only)."""
        mine = self.cur.st.data[self.uid(u)].setcodes
        for want in setcodes:
            if want is None:
                continue
            want = int(want)
            base, sub = want & 0xFFF, want & 0xF000
            for s in mine:
                if s & 0xFFF == base and (s & 0xF000) & sub == sub:
                    return True
        return False

    def card_GetLocation(self, u: int) -> int:
        return where(self.cur.st.loc[self.uid(u)])

    def card_IsLocation(self, u: int, loc: int) -> bool:
        uid = self.uid(u)
        st = self.cur.st
        return matches(st.loc[uid], st.seq[uid], int(loc))

    def card_IsOnField(self, u: int) -> bool:
        return bool(self.cur.st.loc[self.uid(u)] & ONFIELD)

    def card_GetControler(self, u: int) -> int:
        return self.cur.st.ctrl[self.uid(u)]

    def card_IsControler(self, u: int, p: int) -> bool:
        return self.cur.st.ctrl[self.uid(u)] == int(p)

    def card_GetOwner(self, u: int) -> int:
        return self.cur.st.owner[self.uid(u)]

    def card_GetSequence(self, u: int) -> int:
        st = self.cur.st
        uid = self.uid(u)
        loc = st.loc[uid]
        if loc == FZONE:
            return 5
        if loc == PZONE:
            return 6 + st.pzone[st.ctrl[uid]].index(uid) if uid in st.pzone[st.ctrl[uid]] else 6
        return max(st.seq[uid], 0)

    def card_GetPosition(self, u: int) -> int:
        return self.cur.st.pos[self.uid(u)]

    def card_IsPosition(self, u: int, pos: int) -> bool:
        return bool(self.cur.st.pos[self.uid(u)] & int(pos))

    def card_IsFaceup(self, u: int) -> bool:
        return bool(self.cur.st.pos[self.uid(u)] & FACEUP)

    def card_IsFacedown(self, u: int) -> bool:
        return bool(self.cur.st.pos[self.uid(u)] & FACEDOWN)

    def card_IsAttackPos(self, u: int) -> bool:
        return bool(self.cur.st.pos[self.uid(u)] & ATTACK)

    def card_IsDefensePos(self, u: int) -> bool:
        return bool(self.cur.st.pos[self.uid(u)] & DEFENSE)

    def card_GetFieldID(self, u: int) -> int:
        return self.cur.st.fid[self.uid(u)]

    def card_IsRelateToEffect(self, u: int, e: Any = None) -> bool:
        call = self.cur
        uid = self.uid(u)
        link = call.ctx.link
        st = call.st
        if link is None:
            # A trigger's activation check runs before its chain link exists; the
            # reference relates the trigger's own card to it before the check.
            return uid == call.ctx.uid and call.ctx.eff.kind == EffectKind.TRIGGER
        if uid == link.uid:
            return st.fid[uid] == link.fid
        return any(t == uid and st.fid[t] == f for t, f in link.target_pairs())

    card_IsRelateToChain = card_IsRelateToEffect

    def card_IsCanBeEffectTarget(self, u: int, e: Any = None) -> bool:
        st = self.cur.st
        uid = self.uid(u)
        if not query.can_be_targeted(st, uid, self.cur.ctx.player):
            return False
        # A face-down card is a target only on the field.
        return not (st.pos[uid] & FACEDOWN and not st.loc[uid] & ONFIELD and st.loc[uid] != HAND)

    def card_IsDestructable(self, u: int, e: Any = None) -> bool:
        return True

    def card_IsAbleToHand(self, u: int, *a: Any) -> bool:
        st = self.cur.st
        uid = self.uid(u)
        return not st.ctype[uid] & int(CardType.TOKEN) and st.loc[uid] != HAND

    def card_IsAbleToGrave(self, u: int, *a: Any) -> bool:
        st = self.cur.st
        uid = self.uid(u)
        return not st.ctype[uid] & int(CardType.TOKEN) and st.loc[uid] != GRAVE

    def card_IsAbleToRemove(self, u: int, *a: Any) -> bool:
        st = self.cur.st
        uid = self.uid(u)
        return not st.ctype[uid] & int(CardType.TOKEN) and st.loc[uid] != BANISHED

    def card_IsAbleToDeck(self, u: int, *a: Any) -> bool:
        st = self.cur.st
        uid = self.uid(u)
        return not st.ctype[uid] & int(CardType.TOKEN) and st.loc[uid] != DECK

    card_IsAbleToExtra = card_IsAbleToDeck
    card_IsAbleToRemoveAsCost = card_IsAbleToRemove
    card_IsAbleToGraveAsCost = card_IsAbleToGrave
    card_IsAbleToHandAsCost = card_IsAbleToHand
    card_IsAbleToDeckAsCost = card_IsAbleToDeck

    def card_IsDiscardable(self, u: int, *a: Any) -> bool:
        return self.cur.st.loc[self.uid(u)] == HAND

    def card_IsHasEffect(self, u: int, code: int, *a: Any) -> Any:
        return None

    def card_IsDisabled(self, u: int) -> bool:
        return query.is_disabled(self.cur.st, self.uid(u))

    def card_GetReason(self, u: int) -> int:
        return self.cur.st.reason[self.uid(u)]

    def card_IsReason(self, u: int, r: int) -> bool:
        return bool(self.cur.st.reason[self.uid(u)] & int(r))

    # -- comparisons the scripts use as filters ------------------------------------

    def card_IsLevel(self, u: int, *levels: int) -> bool:
        return self.card_GetLevel(u) in levels

    def card_IsLevelBelow(self, u: int, v: int) -> bool:
        lv = self.card_GetLevel(u)
        return 0 < lv <= int(v)

    def card_IsLevelAbove(self, u: int, v: int) -> bool:
        return self.card_GetLevel(u) >= int(v)

    def card_IsAttack(self, u: int, *values: int) -> bool:
        return self._is_monster_face_up_or_off(u) and self.card_GetAttack(u) in values

    def card_IsAttackBelow(self, u: int, v: int) -> bool:
        return self._is_monster_face_up_or_off(u) and self.card_GetAttack(u) <= int(v)

    def card_IsAttackAbove(self, u: int, v: int) -> bool:
        return self._is_monster_face_up_or_off(u) and self.card_GetAttack(u) >= int(v)

    def card_IsDefense(self, u: int, *values: int) -> bool:
        return self._is_monster_face_up_or_off(u) and self.card_GetDefense(u) in values

    def card_IsDefenseBelow(self, u: int, v: int) -> bool:
        return self._is_monster_face_up_or_off(u) and self.card_GetDefense(u) <= int(v)

    def card_IsDefenseAbove(self, u: int, v: int) -> bool:
        return self._is_monster_face_up_or_off(u) and self.card_GetDefense(u) >= int(v)

    def _is_monster_face_up_or_off(self, u: int) -> bool:
        # ygopro-core: a face-down monster on the field has no ATK/DEF to compare.
        st = self.cur.st
        uid = self.uid(u)
        if not st.ctype[uid] & MONSTER:
            return False
        return not (st.loc[uid] == MZONE and st.pos[uid] & FACEDOWN)

    def card_GetOriginalLevel(self, u: int) -> int:
        return self.cur.st.data[self.uid(u)].level

    def card_GetTextAttack(self, u: int) -> int:
        return self.cur.st.data[self.uid(u)].atk or 0

    def card_GetTextDefense(self, u: int) -> int:
        return self.cur.st.data[self.uid(u)].defense or 0

    card_GetBaseDefense = card_GetTextDefense

    def card_GetOriginalAttribute(self, u: int) -> int:
        return int(self.cur.st.data[self.uid(u)].attribute)

    def card_GetOriginalRace(self, u: int) -> int:
        return int(self.cur.st.data[self.uid(u)].race)

    def card_IsNonAttribute(self, u: int, a: int) -> bool:
        return not self.card_IsAttribute(u, a)

    def card_IsAllTypes(self, u: int, t: int) -> bool:
        return self.cur.st.ctype[self.uid(u)] & int(t) == int(t)

    # -- what can be done with a card -----------------------------------------------

    def card_IsCanTurnSet(self, u: int) -> bool:
        st = self.cur.st
        uid = self.uid(u)
        return (
            st.loc[uid] == MZONE
            and bool(st.pos[uid] & FACEUP)
            and not st.ctype[uid] & int(CardType.TOKEN)
            and not st.ctype[uid] & int(CardType.LINK)
        )

    def card_IsReleasable(self, u: int, *a: Any) -> bool:
        st = self.cur.st
        uid = self.uid(u)
        return st.loc[uid] == MZONE or (st.loc[uid] == HAND and bool(st.ctype[uid] & MONSTER))

    card_IsReleasableByEffect = card_IsReleasable

    def card_IsControlerCanBeChanged(self, u: int, *a: Any) -> bool:
        st = self.cur.st
        uid = self.uid(u)
        return st.loc[uid] == MZONE and NONE in st.mzone[1 - st.ctrl[uid]]

    def card_IsAttackable(self, u: int) -> bool:
        """ygopro-core's ``card::is_capable_attack``: in a position to attack and
        no effect forbids it (R-POS-2); the attacks it already declared do not
        count (the monster attacking now is attackable)."""
        st = self.cur.st
        uid = self.uid(u)
        return (
            st.loc[uid] == MZONE
            and query.attack_position_ok(st, uid)
            and not query.attack_forbidden(st, uid)
        )

    def card_IsImmuneToEffect(self, u: int, e: Any = None) -> bool:
        return False

    def card_IsSSetable(self, u: int, *a: Any) -> bool:
        st = self.cur.st
        uid = self.uid(u)
        return (
            st.loc[uid] == HAND and not st.ctype[uid] & MONSTER and ops.szone_free(st, st.ctrl[uid])
        )

    def card_IsMSetable(self, u: int, *a: Any) -> bool:
        return False

    def card_AddMonsterAttribute(self, u: int, kind: int, *stats: Any) -> None:
        """A Trap about to be Special Summoned as a monster by its own effect
        (R-MON-4): while in the Monster Zone its type is ``kind`` and a monster,
        with the Level, ATK, DEF, Type and Attribute its data gives; with
        TYPE_TRAP in ``kind`` it keeps its printed kind (a Trap Card too), as
        ygopro-core's EFFECT_PRE_MONSTER does at the summon. Leaving the Monster
        Zone gives it back its printed kind (``ops.move``)."""
        from ygo.lua.call import ScriptError

        if any(int(x or 0) for x in stats):
            raise ScriptError("unsupported: Card.AddMonsterAttribute with stats of its own")
        st = self.cur.st
        uid = self.uid(u)
        bits = int(kind) | TYPE_MONSTER
        if bits & TYPE_TRAP:
            bits |= TYPE_TRAP_MONSTER | int(st.data[uid].type)
        ops.set_ctype(st, uid, bits)

    def card_IsSummonable(self, u: int, ignore_count: Any = False, e: Any = None,
                          minc: Any = 0, *a: Any) -> bool:  # fmt: skip
        """ygopro-core's ``card::is_can_be_summoned`` for the player of the
        effect asking: a monster of their hand they could Normal Summon now,
        zones and Tributes allowing (the engine's check for "Normal Summon a
        monster" effects), or their Gemini monster on the field not yet Gemini
        Summoned; the turn's Normal Summon unused unless ``ignore_count`` (R-SUM-1)."""
        from ygo.effects.summoning import summonable_from_hand
        from ygo.engine.effect import Ctx
        from ygo.lua.call import ScriptError

        if int(minc or 0):
            raise ScriptError("unsupported: Card.IsSummonable with a minimum of Tributes")
        call = self.cur
        st = call.st
        uid = self.uid(u)
        p = call.ctx.player
        if st.ctrl[uid] != p or query.cannot_summon(st, p):
            return False
        if not ignore_count and st.ns_count >= st.ns_limit:
            return False
        if st.loc[uid] == HAND:
            return uid in summonable_from_hand(Ctx(st, call.ctx.uid, call.ctx.index, p))
        return (
            st.loc[uid] == MZONE
            and bool(st.ctype[uid] & CardType.GEMINI)
            and bool(st.pos[uid] & FACEUP)
            and not st.status[uid] & ops.STATUS_GEMINI
        )

    def card_IsNotTuner(self, u: int, *a: Any) -> bool:
        return not query.is_tuner(self.cur.st, self.uid(u))

    def card_IsTuner(self, u: int, *a: Any) -> bool:
        return query.is_tuner(self.cur.st, self.uid(u))

    def card_GetRank(self, u: int) -> int:
        st = self.cur.st
        uid = self.uid(u)
        return query.rank(st, uid) if st.ctype[uid] & int(CardType.XYZ) else 0

    def card_GetOverlayCount(self, u: int) -> int:
        return len(query.materials(self.cur.st, self.uid(u)))

    def card_GetOverlayGroup(self, u: int) -> Any:
        return self.rt.wrap(self.cards(query.materials(self.cur.st, self.uid(u))))

    def card_GetEquipTarget(self, u: int) -> Any:
        st = self.cur.st
        uid = self.uid(u)
        t = st.bound[uid]
        if t == NONE or st.fid[t] != st.bound_fid[uid] or st.loc[uid] != SZONE:
            return None
        return self.card(t)

    def card_GetEquipGroup(self, u: int) -> Any:
        st = self.cur.st
        uid = self.uid(u)
        out = [
            x
            for p in (0, 1)
            for x in st.szone[p]
            if x != NONE and st.bound[x] == uid and st.bound_fid[x] == st.fid[uid]
        ]
        return self.rt.wrap(self.cards(out))

    def card_GetEquipCount(self, u: int) -> int:
        return len(self.card_GetEquipGroup(u))

    def card_GetCounter(self, u: int, kind: int = 0) -> int:
        return self.cur.st.counters[self.uid(u)]

    def card_GetBattleTarget(self, u: int) -> Any:
        from ygo.lua.api_more import battlers

        uid = self.uid(u)
        a, t = battlers(self.cur.st)  # (one that left in the Damage Step still counts)
        if a == uid and t != NONE:
            return self.card(t)
        if t == uid and a != NONE:
            return self.card(a)
        return None

    def card_GetReasonCard(self, u: int) -> Any:
        ev = self._last_move(self.uid(u))
        return None if ev is None or ev.rc < 0 else self.card(ev.rc)

    def card_GetReasonPlayer(self, u: int) -> int:
        ev = self._last_move(self.uid(u))
        return 0 if ev is None or ev.rp < 0 else ev.rp

    def card_GetPreviousLocation(self, u: int) -> int:
        ev = self._last_move(self.uid(u))
        return 0 if ev is None else where(ev.src)

    def card_IsPreviousLocation(self, u: int, loc: int) -> bool:
        ev = self._last_move(self.uid(u))
        return ev is not None and matches(ev.src, 0, int(loc))

    def card_GetPreviousPosition(self, u: int) -> int:
        ev = self._last_move(self.uid(u))
        return 0 if ev is None else ev.prev_pos

    def card_IsPreviousPosition(self, u: int, pos: int) -> bool:
        return bool(self.card_GetPreviousPosition(u) & int(pos))

    def card_GetPreviousControler(self, u: int) -> int:
        ev = self._last_move(self.uid(u))
        st = self.cur.st
        uid = self.uid(u)
        if ev is None or ev.prev_ctrl < 0:
            return st.ctrl[uid]
        return int(ev.prev_ctrl)

    def card_IsPreviousControler(self, u: int, p: int) -> bool:
        return self.card_GetPreviousControler(u) == int(p)

    def _last_move(self, uid: int) -> Any:
        """The event of ``uid``'s last move: a MOVE or Special Summon, or a
        Normal/Tribute Summon or Set from the hand (logged only as SUMMON or SET;
        a Gemini monster's summon where it is moves nothing)."""
        events = self.cur.st.events
        for i in range(len(events) - 1, max(-1, len(events) - 400), -1):
            ev = events[i]
            if ev.card != uid:
                continue
            if ev.kind in (EventKind.MOVE, EventKind.SPECIAL_SUMMON):
                return ev
            if ev.kind in (EventKind.SUMMON, EventKind.SET) and ev.src != MZONE:
                return ev
        return None

    def card_IsFaceupEx(self, u: int) -> bool:
        st = self.cur.st
        uid = self.uid(u)
        return not st.loc[uid] & ONFIELD or bool(st.pos[uid] & FACEUP)

    def card_IsAbleToChangeControler(self, u: int) -> bool:
        return self.card_IsControlerCanBeChanged(u)

    def card_IsCanChangePosition(self, u: int) -> bool:
        st = self.cur.st
        uid = self.uid(u)
        return st.loc[uid] == MZONE and query.can_change_position(st, uid)

    def card_IsCanAddCounter(self, u: int, *a: Any) -> bool:
        return False

    # -- flag effects: markers a script puts on a card (kept in the duel's state) ---

    def card_RegisterFlagEffect(self, u: int, code: int, reset: int, prop: int, count: int,
                                label: int = 0, *a: Any) -> Any:  # fmt: skip
        uid = self.uid(u)
        self.register_flag(f"F{uid}.{int(code)}", uid, int(reset or 0), int(label or 0))
        return None

    def card_GetFlagEffect(self, u: int, code: int) -> int:
        uid = self.uid(u)
        return self.flag_count(f"F{uid}.{int(code)}", uid)

    def card_ResetFlagEffect(self, u: int, code: int) -> None:
        uid = self.uid(u)
        self.reset_flag(f"F{uid}.{int(code)}")

    def card_GetFlagEffectLabel(self, u: int, code: int) -> Any:
        uid = self.uid(u)
        return self.flag_label(f"F{uid}.{int(code)}", uid)
