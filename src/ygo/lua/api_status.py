"""``Card.IsStatus``: the reference engine's card status bits, read from ygo's
state where ygo has the same notion; a status ygo cannot tell yet is an
unsupported call (named), never a silent "no"."""

from __future__ import annotations

from typing import Any

from ygo.core.ints import TYPE_CONTINUOUS, TYPE_EQUIP, TYPE_FIELD
from ygo.engine import ops, query
from ygo.engine.chain import RES_CARD, RES_NEGATED, RES_STAYS
from ygo.lua.base import BridgeBase
from ygo.lua.call import ScriptError
from ygo.lua.places import FACEDOWN, MONSTER, MZONE, ONFIELD, SZONE

_NORMAL_OR_SET = ops.SUMTYPE_NORMAL | ops.SUMTYPE_SET
_STAY_TYPES = TYPE_CONTINUOUS | TYPE_FIELD | TYPE_EQUIP

_STATUSES = (
    "EFFECT_ENABLED", "BATTLE_DESTROYED", "CHAINING", "DISABLED", "SUMMON_TURN",
    "SPSUMMON_TURN", "SET_TURN", "OPPO_BATTLE", "DESTROY_CONFIRMED", "LEAVE_CONFIRMED",
    "SUMMONING", "SPSUMMON_STEP", "COPYING_EFFECT", "ATTACK_CANCELED",
)  # fmt: skip


class StatusAPI(BridgeBase):
    """``Card.IsStatus`` (a mixin of :class:`ygo.lua.bridge.Bridge`)."""

    _status_bits: dict[int, str] | None = None

    def _statuses(self) -> dict[int, str]:
        if self._status_bits is None:
            c = self.rt.constant
            self._status_bits = {c(f"STATUS_{name}"): name for name in _STATUSES}
        return self._status_bits

    def card_IsStatus(self, u: int, status: int) -> bool:
        status = int(status)
        known = self._statuses()
        names = [name for bit, name in known.items() if status & bit]
        covered = sum(bit for bit in known if status & bit)
        if status & ~covered:
            raise ScriptError(f"unsupported: Card.IsStatus({status:#x})")
        if not self.calls:  # initial_effect's template card: no status yet
            return False
        uid = self.uid(u)
        return any(self._status(uid, name) for name in names)

    def _status(self, uid: int, name: str) -> bool:
        st = self.cur.st
        loc = st.loc[uid]
        here = st.placed[uid] == st.turn
        if name == "EFFECT_ENABLED":
            # Its effects apply: not being summoned or activated (a Spell or Trap
            # on the field counts once its activation resolved).
            if not loc & ONFIELD:
                return True
            if uid == st.summoning or st.status[uid] & ops.STATUS_SUMMONING:
                return False
            if loc & SZONE and not st.pos[uid] & FACEDOWN and not st.ctype[uid] & MONSTER:
                return bool(st.status[uid] & ops.STATUS_ENABLED)
            return True
        if name == "BATTLE_DESTROYED":
            return uid in st.battle_destroyed
        if name == "ATTACK_CANCELED":  # the current attack was negated or has stopped
            return uid == st.attacker and st.attack_negated
        if name == "CHAINING":
            return any(link.uid == uid and link.fid == st.fid[uid] for link in st.chain)
        if name == "DISABLED":
            return query.is_disabled(st, uid)
        if name == "SUMMON_TURN":  # Normal Summoned or Set this turn
            return bool(loc & MZONE and here and st.sumtype[uid] & _NORMAL_OR_SET)
        if name == "SPSUMMON_TURN":
            return bool(loc & MZONE and here and st.sumtype[uid] & ops.SUMTYPE_SPECIAL)
        if name == "SET_TURN":
            return bool(loc & ONFIELD and here and st.pos[uid] & FACEDOWN)
        if name == "OPPO_BATTLE":  # battling an opponent's monster now
            from ygo.lua.api_more import battlers  # (one that left in the Damage Step counts)

            a, t = battlers(st)
            return uid in (a, t) and a >= 0 and t >= 0 and st.ctrl[a] != st.ctrl[t]
        if name in ("SUMMONING", "SPSUMMON_STEP"):
            return uid == st.summoning or bool(st.status[uid] & ops.STATUS_SUMMONING)
        if name == "LEAVE_CONFIRMED":  # a resolved Spell/Trap the chain's end sends away
            return _leaving(st, uid)
        # COPYING_EFFECT: ygo copies no effect through Lua. DESTROY_CONFIRMED:
        # ygo destroys a group at once, so no card is ever waiting to be
        # destroyed when a script looks.
        return False


def _leaving(st: Any, uid: int) -> bool:
    for u, fid, flags in st.resolved:
        if u == uid and fid == st.fid[uid] and flags & RES_CARD:
            if flags & RES_NEGATED:
                return True
            return not (st.ctype[uid] & _STAY_TYPES or flags & RES_STAYS)
    return False
