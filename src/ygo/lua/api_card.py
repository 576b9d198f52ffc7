"""``Card.*``: what the scripts ask of a card (its first argument is the card's
uid; ``-1`` is the template card of ``initial_effect``, read as the handler of
the effect being run)."""

from __future__ import annotations

from typing import Any

from ygo.core.enums import CardType
from ygo.engine import query
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
    ONFIELD,
    PZONE,
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

    def card_IsSetCard(self, u: int, setcode: int) -> bool:
        want = int(setcode)
        base, sub = want & 0xFFF, want & 0xF000
        for s in self.cur.st.data[self.uid(u)].setcodes:
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
            return False
        if uid == link.uid:
            return st.fid[uid] == link.fid
        return any(t == uid and st.fid[t] == f for t, f in link.target_pairs())

    card_IsRelateToChain = card_IsRelateToEffect

    def card_IsCanBeEffectTarget(self, u: int, e: Any = None) -> bool:
        st = self.cur.st
        uid = self.uid(u)
        if not query.can_be_targeted(st, uid):
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

    def card_IsCanBeSpecialSummoned(self, u: int, e: Any = None, sumtype: int = 0, sp: int = 0,
                                    nocheck: bool = False, nolimit: bool = False,
                                    *a: Any) -> bool:  # fmt: skip
        from ygo.engine.specials import special_blocker

        st = self.cur.st
        uid = self.uid(u)
        if not st.ctype[uid] & MONSTER:
            return False
        if nocheck:
            return True
        return special_blocker(st, uid, 0, self.cur.ctx.uid) == ""

    def card_IsHasEffect(self, u: int, code: int, *a: Any) -> Any:
        return None

    def card_IsDisabled(self, u: int) -> bool:
        return query.is_disabled(self.cur.st, self.uid(u))

    def card_IsStatus(self, u: int, status: int) -> bool:
        return False

    def card_IsSummonType(self, u: int, t: int) -> bool:
        return False

    def card_GetReason(self, u: int) -> int:
        return self.cur.st.reason[self.uid(u)]

    def card_IsReason(self, u: int, r: int) -> bool:
        return bool(self.cur.st.reason[self.uid(u)] & int(r))

    def card_IsPreviousLocation(self, u: int, loc: int) -> bool:
        return False

    def card_GetPreviousControler(self, u: int) -> int:
        return self.cur.st.ctrl[self.uid(u)]
