"""``Duel.*``: what the scripts ask of the duel and do to it (functions taking or
giving groups are in api.lua, over the primitives of :mod:`ygo.lua.bridge`)."""

from __future__ import annotations

from typing import Any

from ygo.core.state import NONE, replace_at
from ygo.engine import ops, rng
from ygo.engine.effect import Question
from ygo.lua.base import BridgeBase
from ygo.lua.places import (
    MZONE,
    SZONE,
)  # fmt: skip


class DuelAPI(BridgeBase):
    """The ``Duel`` functions (``duel_<Name>``, bound as ``Duel.<Name>``)."""

    # -- Duel.* -------------------------------------------------------------------

    def duel_GetTurnPlayer(self) -> int:
        return self.cur.st.tp

    def duel_GetTurnCount(self, *a: Any) -> int:
        return self.cur.st.turn

    def duel_GetCurrentPhase(self) -> int:
        return self.cur.st.phase

    def duel_GetLP(self, p: int) -> int:
        return self.cur.st.lp[int(p)]

    def duel_IsPlayerCanDraw(self, p: int, n: int = 0) -> bool:
        return len(self.cur.st.deck[int(p)]) >= int(n or 0)

    def duel_IsPlayerCanDiscardDeck(self, p: int, n: int) -> bool:
        return len(self.cur.st.deck[int(p)]) >= int(n)

    def duel_GetLocationCount(self, p: int, loc: int, *a: Any) -> int:
        st = self.cur.st
        loc = int(loc)
        if loc & MZONE:
            return st.mzone[int(p)].count(NONE)
        if loc & SZONE:
            return st.szone[int(p)].count(NONE)
        return 0

    def duel_Draw(self, p: int, n: int, r: int) -> int:
        call = self.cur
        call.touch()
        return ops.draw(call.st, int(p), int(n), int(r), call.ctx.player, call.ctx.uid)

    def duel_Damage(self, p: int, v: int, r: int, *a: Any) -> int:
        call = self.cur
        v = int(v)
        if v <= 0:
            return 0
        call.touch()
        before = call.st.lp[int(p)]
        ops.damage(call.st, int(p), v, int(r), call.ctx.player, call.ctx.uid)
        return before - call.st.lp[int(p)]

    def duel_Recover(self, p: int, v: int, r: int, *a: Any) -> int:
        call = self.cur
        v = int(v)
        if v <= 0:
            return 0
        call.touch()
        ops.gain_lp(call.st, int(p), v, call.ctx.player, call.ctx.uid)
        return v

    def duel_SetLP(self, p: int, v: int) -> None:
        call = self.cur
        call.touch()
        st = call.st

        st.lp = replace_at(st.lp, int(p), max(0, int(v)))
        st.dirty = True

    def duel_CheckLPCost(self, p: int, v: int) -> bool:
        return self.cur.st.lp[int(p)] >= int(v)

    def duel_PayLPCost(self, p: int, v: int) -> None:
        call = self.cur
        call.touch()
        ops.pay_lp(call.st, int(p), int(v))

    def duel_ShuffleDeck(self, p: int) -> None:
        call = self.cur
        call.touch()
        ops.shuffle_deck(call.st, int(p))

    def duel_ShuffleHand(self, p: int) -> None:
        pass  # (ygo keeps no hand order that a player could track)

    def duel_SetTargetPlayer(self, p: int) -> None:
        self._set_var("tp", int(p))

    def duel_SetTargetParam(self, v: int) -> None:
        self._set_var("tv", int(v))

    def _set_var(self, name: str, v: int) -> None:
        call = self.cur
        link = call.ctx.link
        if link is None or call.probe:
            return
        call.touch()
        link.vars[name] = v

    def duel_BreakEffect(self) -> None:
        call = self.cur
        call.touch()
        ops.new_batch(call.st)

    def duel_GetAttacker(self) -> Any:
        st = self.cur.st
        return None if st.attacker == NONE else self.card(st.attacker)

    def duel_GetAttackTarget(self) -> Any:
        st = self.cur.st
        return None if st.target == NONE else self.card(st.target)

    def duel_GetCurrentChain(self, *a: Any) -> int:
        return len(self.cur.st.chain)

    def duel_SelectYesNo(self, p: int, desc: int) -> bool:
        call = self.cur
        a = call.answer()
        if a is None:
            call.ask(Question(int(p), "Use the effect?", (1, 0), cards=False, labels=("yes", "no")))
        return a == 1

    def duel_SelectOption(self, p: int, *descs: int) -> int:
        call = self.cur
        a = call.answer()
        if a is None:
            n = len(descs)
            call.ask(Question(int(p), "Choose an option", tuple(range(n)), cards=False,
                              labels=tuple(f"option {i + 1}" for i in range(n))))  # fmt: skip
        return int(a or 0)

    def duel_GetRandomNumber(self, lo: int, hi: int) -> int:
        call = self.cur
        call.touch()
        return int(lo) + rng.below(call.st, int(hi) - int(lo) + 1)

    def duel_IsEnvironment(self, *a: Any) -> bool:
        return False

    def duel_GetFlagEffect(self, *a: Any) -> int:
        return 0

    def duel_IsChainNegatable(self, *a: Any) -> bool:
        return True

    def duel_IsChainDisablable(self, *a: Any) -> bool:
        return True

    def duel_GetDuelOptions(self) -> int:
        return 0
