"""``Duel.*``: what the scripts ask of the duel and do to it (functions taking or
giving groups are in api.lua, over the primitives of :mod:`ygo.lua.bridge`)."""

from __future__ import annotations

from typing import Any

from ygo.core.state import NONE, replace_at
from ygo.engine import ops, rng
from ygo.engine.chain import refund_limit
from ygo.engine.effect import Question
from ygo.engine.events import EventKind
from ygo.lua.base import BridgeBase
from ygo.lua.places import (
    DECK,
    FACEUP,
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
        drawn = ops.draw(call.st, int(p), int(n), int(r), call.ctx.player, call.ctx.uid)
        hand = call.st.hand[int(p)]
        call.operated = list(hand[len(hand) - drawn :]) if drawn else []
        return drawn

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

    def duel_CheckLPCost(self, p: int, v: int, *a: Any) -> bool:
        return self.cur.st.lp[int(p)] >= int(v)

    def duel_PayLPCost(self, p: int, v: int, *a: Any) -> None:
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

    def duel_IsChainNegatable(self, *a: Any) -> bool:
        return True

    def duel_IsChainDisablable(self, *a: Any) -> bool:
        return True

    def duel_GetDuelOptions(self) -> int:
        return 0

    def duel_RegisterFlagEffect(self, p: int, code: int, reset: int, prop: int, count: int,
                                label: int = 0) -> Any:  # fmt: skip
        self.register_flag(f"P{int(p)}.{int(code)}", -1, int(reset or 0), int(label or 0))
        return None

    def duel_GetFlagEffect(self, p: int, code: int) -> int:
        return self.flag_count(f"P{int(p)}.{int(code)}", -1)

    def duel_ResetFlagEffect(self, p: int, code: int) -> None:
        self.reset_flag(f"P{int(p)}.{int(code)}")

    def duel_GetFlagEffectLabel(self, p: int, code: int) -> Any:
        return self.flag_label(f"P{int(p)}.{int(code)}", -1)

    def duel_IsAbleToEnterBP(self) -> bool:
        st = self.cur.st
        return st.phase == 0x4 and (st.turn > 1 or not st.ruleset_name.startswith("mr"))

    def duel_NegateAttack(self) -> bool:
        call = self.cur
        st = call.st
        if st.attacker == NONE:
            return False
        call.touch()
        st.attack_negated = True
        return True

    def duel_ChangePosition(self, x: Any, au: int, ad: int = 0, du: int = 0, dd: int = 0,
                            *a: Any) -> int:  # fmt: skip
        call = self.cur
        st = call.st
        uids = self._uids_of(x)
        n = 0
        for uid in uids:
            if st.loc[uid] != MZONE:
                continue
            pos = st.pos[uid]
            new = {1: int(au), 2: int(ad or au), 4: int(du or au), 8: int(dd or au)}.get(pos, pos)
            if new and new != pos:
                call.touch()
                ops.change_position(st, uid, new, manual=False, rp=call.ctx.player,
                                    rc=call.ctx.uid)  # fmt: skip
                n += 1
        return n

    def _uids_of(self, x: Any) -> list[int]:
        if x is None:
            return []
        return self.uid_list(self.rt.g.Group._uids(x))

    def _zones_once_gone(self, p: int, g: Any) -> int:
        """``p``'s free Monster Zones once the cards ``g`` (a card, a group or
        nil: materials, Tributes) have left the field."""
        st = self.cur.st
        gone = [u for u in self._uids_of(g) if st.loc[u] == MZONE and st.ctrl[u] == p]
        return st.mzone[p].count(NONE) + len(gone)

    def duel_GetControl(self, x: Any, p: int, reset_phase: int = 0, reset_count: int = 0,
                        *a: Any) -> int:  # fmt: skip
        from ygo.engine.chain import GRANT_CONTROL, RESET_END_TURN

        call = self.cur
        st = call.st
        n = 0
        for uid in self._uids_of(x):
            call.touch()
            if st.ctrl[uid] != int(p) and ops.set_control(st, uid, int(p), call.ctx.player,
                                                          call.ctx.uid):  # fmt: skip
                n += 1
                if reset_phase:
                    st.granted.append((GRANT_CONTROL, uid, st.fid[uid], int(p), call.ctx.uid,
                                       RESET_END_TURN, st.turn))  # fmt: skip
        return n

    def duel_Equip(self, p: int, c: Any, tc: Any, *a: Any) -> bool:
        from ygo.effects import bind_to

        call = self.cur
        st = call.st
        ec, t = self.uid(c), self.uid(tc)
        if st.loc[t] != MZONE or not st.pos[t] & FACEUP:
            return False
        call.touch()
        if st.loc[ec] != SZONE:
            zone = ops.free_zone(st, int(p), SZONE)
            if zone == NONE:
                return False
            ops.move(st, ec, SZONE, 0x40, player=int(p), zone=zone, position=1,
                     rp=call.ctx.player, rc=call.ctx.uid)  # fmt: skip
        bind_to(st, ec, t)
        # Face-up in the Spell & Trap Zone by an effect: its effects apply and may
        # be activated there (a monster as an Equip Card too, R-SPELL-2).
        ops.add_status(st, ec, ops.STATUS_ENABLED)
        ops.raise_event(st, EventKind.EQUIP, int(p), ec, t, rp=call.ctx.player, rc=call.ctx.uid)
        return True

    def duel_GetBattleDamage(self, p: int) -> int:
        return 0

    def duel_GetDrawCount(self, p: int) -> int:
        return 1

    def duel_SetChainLimit(self, f: Any) -> None:
        pass  # (ygo does not restrict responses by a Lua function yet)

    def duel_SetChainLimitTillChainEnd(self, f: Any) -> None:
        pass

    def duel_IsPlayerAffectedByEffect(self, p: int, code: int) -> Any:
        return None

    def duel_GetFieldCard(self, p: int, loc: int, seq: int) -> Any:
        st = self.cur.st
        loc, seq, p = int(loc), int(seq), int(p)
        uid = NONE
        if loc & MZONE and 0 <= seq < len(st.mzone[p]):
            uid = st.mzone[p][seq]
        elif loc & SZONE:
            if seq == 5:
                uid = st.fzone[p]
            elif 0 <= seq < len(st.szone[p]):
                uid = st.szone[p][seq]
        return None if uid == NONE else self.card(uid)

    def duel_CheckLocation(self, p: int, loc: int, seq: int) -> bool:
        return self.duel_GetFieldCard(p, loc, seq) is None

    def duel_TossCoin(self, p: int, n: int) -> Any:
        call = self.cur
        call.touch()
        out = tuple(rng.below(call.st, 2) for _ in range(int(n)))
        return out if len(out) > 1 else out[0]

    def duel_TossDice(self, p: int, n: int, *a: Any) -> Any:
        call = self.cur
        call.touch()
        out = tuple(1 + rng.below(call.st, 6) for _ in range(int(n)))
        return out if len(out) > 1 else out[0]

    def duel_GetDecktopGroup(self, p: int, n: int) -> Any:
        deck = self.cur.st.deck[int(p)]
        return self.rt.wrap(self.cards(deck[::-1][: int(n)]))

    def duel_DisableShuffleCheck(self, *a: Any) -> None:
        pass

    def duel_ConfirmDecktop(self, p: int, n: int) -> None:
        call = self.cur
        st = call.st
        top = st.deck[int(p)][::-1][: int(n)]
        if top:
            call.touch()
            for u in top:
                ops.raise_event(st, EventKind.REVEAL, int(p), u, 0, DECK, rp=call.ctx.player,
                                rc=call.ctx.uid)  # fmt: skip

    def duel_SelectEffectYesNo(self, p: int, c: Any, desc: int = 0) -> bool:
        return self.duel_SelectYesNo(p, desc)

    def duel_Release(self, x: Any, r: int, *a: Any) -> int:
        call = self.cur
        st = call.st
        uids = self._uids_of(x)
        if not uids:
            return 0
        call.touch()
        before = [st.fid[u] for u in uids]
        ops.send_to_grave(st, uids, int(r) | 0x2, call.ctx.player, call.ctx.uid)
        done = [u for u, f in zip(uids, before, strict=True) if st.fid[u] != f]
        call.operated = done
        return len(done)

    # -- negation (R-CHAIN-15) ---------------------------------------------------------

    def _link_at(self, n: int) -> Any:
        st = self.cur.st
        n = int(n)
        if n <= 0:
            n = len(st.chain) + n
        return (n, st.chain[n - 1]) if 0 < n <= len(st.chain) else (0, None)

    def duel_NegateActivation(self, n: int) -> bool:
        call = self.cur
        st = call.st
        i, other = self._link_at(n)
        if other is None or other.negated:
            return False
        call.touch()
        other.negated = True
        refund_limit(st, other)  # (EFFECT_COUNT_CODE_OATH: a negated activation does not count)
        ops.raise_event(st, EventKind.CHAIN_NEGATED, other.player, other.uid, i,
                        rp=call.ctx.player, rc=call.ctx.uid)  # fmt: skip
        if other.card_activation and st.fid[other.uid] == other.fid:
            ops.add_status(st, other.uid, ops.STATUS_NEGATED)
        return True

    def duel_NegateEffect(self, n: int) -> bool:
        call = self.cur
        st = call.st
        i, other = self._link_at(n)
        if other is None or other.disabled or other.negated:
            return False
        call.touch()
        other.disabled = True
        ops.raise_event(st, EventKind.CHAIN_DISABLED, other.player, other.uid, i,
                        rp=call.ctx.player, rc=call.ctx.uid)  # fmt: skip
        return True
