"""More of the card script API: activity counts, and probes of Lua value
functions that take more than one card (a mixin of :class:`~ygo.lua.bridge.Bridge`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ygo.core.enums import Phase
from ygo.core.ints import MOD_NO_SPECIAL_SUMMON
from ygo.core.state import NONE
from ygo.engine import ops, query
from ygo.engine.effect import Ctx, Mod, Question
from ygo.engine.events import Event, EventKind
from ygo.engine.ops import (
    SUMTYPE_FUSION,
    SUMTYPE_RITUAL,
    SUMTYPE_SPECIAL,
)
from ygo.lua.base import BridgeBase
from ygo.lua.call import Call, ScriptError
from ygo.lua.places import DECK, FACEUP, GRAVE, HAND, MZONE


def this_turn(st: Any) -> list[Event]:
    """The events of the current turn, oldest first (from its TURN event)."""
    events = st.events
    i = len(events) - 1
    while i >= 0 and events[i].kind != EventKind.TURN:
        i -= 1
    return events[i + 1 :] if i >= 0 else list(events)


_IN_DAMAGE_STEP = (int(Phase.DAMAGE), int(Phase.DAMAGE_CALC))


def battlers(st: Any) -> tuple[int, int]:
    """The attacker and the attack target of the current battle (NONE for none).
    In the Damage Step a monster that left the field stays one of the battle's
    two monsters (ygopro-core keeps each one's battle target until the step
    ends): it is found again in the duel's log (the attack declared, the
    monsters destroyed by battle since)."""
    a, t = st.attacker, st.target
    if st.phase not in _IN_DAMAGE_STEP or (a != NONE and (t != NONE or not st.target_left)):
        return a, t
    destroyed: list[int] = []
    events = st.events
    for i in range(len(events) - 1, -1, -1):
        ev = events[i]
        if ev.kind == EventKind.BATTLE_DESTROYED:
            destroyed.append(ev.card)
        elif ev.kind == EventKind.ATTACK:
            if a == NONE:
                a = ev.card
            if t == NONE and st.target_left:  # (a face-down target: named by its zone only)
                t = ev.value if ev.value >= 0 else next((u for u in destroyed if u != a), NONE)
            break
    return a, t


class MoreAPI(BridgeBase):
    """Activity counts (``Duel.GetActivityCount``) and multi-argument probes."""

    py_special_summon: Callable[..., int]  # (Bridge's)

    def probe_with(self, fn: Any, ctx: Ctx, what: str, args: Callable[[], tuple[Any, ...]]) -> Any:
        """Run ``fn(e, *args())`` as a probe of effect ``ctx`` (the arguments are
        built inside the call, so they may be the duel's cards); None if it fails."""
        call = Call(ctx, True)
        self.calls.append(call)
        try:
            out = fn(self.instance(ctx.uid, ctx.index), *args())
            return out[0] if isinstance(out, tuple) else out
        except Exception as exc:
            self.failed(ctx, what, exc)
            return None
        finally:
            self.calls.pop()

    def probe_quiet(self, fn: Any, ctx: Ctx, args: tuple[Any, ...]) -> tuple[bool, Any]:
        """Run ``fn(e, *args)`` as a probe of effect ``ctx``: (True, its result),
        or (False, None) if it fails, a failure that is not recorded (the caller
        asks a question the function may not be able to answer)."""
        call = Call(ctx, True)
        self.calls.append(call)
        try:
            out = fn(self.instance(ctx.uid, ctx.index), *args)
            return True, (out[0] if isinstance(out, tuple) else out)
        except Exception:
            return False, None
        finally:
            self.calls.pop()

    def needless(self, e: Any) -> bool:
        """An effect created during the duel that ygo has no need to keep: an
        Equip Card's limit (``EFFECT_EQUIP_LIMIT``: the card is bound to its monster
        by ``Duel.Equip``, and ygo moves an Equip Card to another monster only by
        another ``Duel.Equip``, whose script checks its target), as the translator
        leaves it out of ``initial_effect``."""
        return int(e.code or 0) == self.rt.constant("EFFECT_EQUIP_LIMIT")

    def granted_value(self, mod: int, value: int, code: int) -> int:
        """The engine value of an effect created during the duel with a plain Lua
        value (``Card.RegisterEffect``; kept in ``State.granted``)."""
        if mod in (Mod.INDESTRUCTIBLE_EFFECT, Mod.CANNOT_BE_TARGETED):
            return 3 if value else 0  # (anyone's effects)
        if mod == Mod.INDESTRUCTIBLE_COUNT:
            raise ScriptError(f"unsupported: a count-limited effect created now ({code})")
        return value

    # -- a card in battle ---------------------------------------------------------------

    def card_IsRelateToBattle(self, u: int) -> bool:
        """Whether the card is in the current battle and still on the field as the
        card that battled (a monster destroyed by battle still is, until it leaves)."""
        st = self.cur.st
        uid = self.uid(u)
        if uid == NONE or uid not in (st.attacker, st.target) or st.loc[uid] != MZONE:
            return False
        if uid == st.target:
            return not st.target_left
        return st.atk_turn[uid] == st.turn  # (the attacker has not moved since it attacked)

    def summon_forbidden(self, uid: int, player: int, sumtype: int) -> bool:
        """Whether an effect forbids ``player`` to Special Summon ``uid`` by a
        summon of ygopro-core's type ``sumtype`` (``Mod.NO_SPECIAL_SUMMON``)."""
        st = self.cur.st
        if not (st.modders or st.granted):
            return False
        c = self.rt.constant
        kind = 0
        for name, k in (("SUMMON_TYPE_FUSION", SUMTYPE_FUSION), ("SUMMON_TYPE_RITUAL",
                        SUMTYPE_RITUAL), ("SUMMON_TYPE_PENDULUM", SUMTYPE_SPECIAL)):  # fmt: skip
            if sumtype and sumtype & 0xFF000000 == c(name):
                kind = k
        return query.special_summon_forbidden(st, uid, player, kind)

    # -- activities ------------------------------------------------------------------

    def _activities(self, p: int) -> dict[int, int]:
        """ygopro-core's activity counts of player ``p`` this turn (ACTIVITY_* ->
        count), from the duel's events: Normal Summons (Tribute Summons too),
        Normal Summons and Sets, Special Summons (one per monster), Flip Summons,
        attacks declared, Battle Phases entered."""
        c = self.rt.constant
        st = self.cur.st
        n = dict.fromkeys(
            (c("ACTIVITY_SUMMON"), c("ACTIVITY_NORMALSUMMON"), c("ACTIVITY_SPSUMMON"),
             c("ACTIVITY_FLIPSUMMON"), c("ACTIVITY_ATTACK"), c("ACTIVITY_BATTLE_PHASE")), 0
        )  # fmt: skip
        for ev in this_turn(st):
            k = ev.kind
            if k == EventKind.SUMMON and ev.player == p:
                n[c("ACTIVITY_SUMMON")] += 1
                n[c("ACTIVITY_NORMALSUMMON")] += 1
            elif k == EventKind.SET and ev.value == MZONE and ev.player == p:
                n[c("ACTIVITY_NORMALSUMMON")] += 1
            elif k == EventKind.SPECIAL_SUMMON and (ev.rp if ev.rp >= 0 else ev.player) == p:
                n[c("ACTIVITY_SPSUMMON")] += 1
            elif k == EventKind.FLIP_SUMMON and ev.player == p:
                n[c("ACTIVITY_FLIPSUMMON")] += 1
            elif k == EventKind.ATTACK and ev.player == p:
                n[c("ACTIVITY_ATTACK")] += 1
            elif k == EventKind.PHASE and ev.value == Phase.BATTLE_START and ev.player == p:
                n[c("ACTIVITY_BATTLE_PHASE")] += 1
        return n

    def duel_GetActivityCount(self, p: int, *kinds: int) -> Any:
        p = int(p)
        if p not in (0, 1):
            return None
        n = self._activities(p)
        out = tuple(n.get(int(k), 0) for k in kinds)
        return out if len(out) != 1 else out[0]

    # -- custom activity counters ----------------------------------------------------

    def duel_GetCustomActivityCount(self, cid: int, p: int, kind: int) -> int:
        """A custom counter of player ``p`` this turn. As in ygopro-core, a counter
        of summons or attacks stops at the first card its filter says no to (it is
        0 or 1), one of activations (ACTIVITY_CHAIN) counts each. The filter is
        asked now, of each card as it is now (ygopro-core asks it when the
        activity happens: a filter reading where the card is may differ)."""
        # (Duel.AddCustomActivityCounter, at initial_effect: ygo.lua.api_init)
        fn = self.__dict__.get("activity_counters", {}).get((int(cid), int(kind)))
        p, kind = int(p), int(kind)
        if fn is None or p not in (0, 1):
            return 0
        c = self.rt.constant
        st = self.cur.st
        chain = kind == c("ACTIVITY_CHAIN")
        wanted = {
            c("ACTIVITY_SUMMON"): (EventKind.SUMMON,),
            c("ACTIVITY_NORMALSUMMON"): (EventKind.SUMMON, EventKind.SET),
            c("ACTIVITY_SPSUMMON"): (EventKind.SPECIAL_SUMMON,),
            c("ACTIVITY_FLIPSUMMON"): (EventKind.FLIP_SUMMON,),
            c("ACTIVITY_ATTACK"): (EventKind.ATTACK,),
            c("ACTIVITY_CHAIN"): (EventKind.ACTIVATE,),
        }.get(kind, ())
        n = 0
        for ev in this_turn(st):
            if ev.kind not in wanted or ev.card < 0:
                continue
            if ev.kind == EventKind.SET and ev.value != MZONE:
                continue
            who = ev.rp if ev.kind == EventKind.SPECIAL_SUMMON and ev.rp >= 0 else ev.player
            if who != p:
                continue
            if chain:
                ok = fn(self.instance(ev.card, ev.dst), p, ev.value)
            else:
                ok = fn(self.card(ev.card))
            if isinstance(ok, tuple):
                ok = ok[0] if ok else None
            if not ok:
                n += 1
                if not chain:
                    break
        return n

    # -- more Duel and Card functions --------------------------------------------------

    def duel_DiscardDeck(self, p: int, n: int, r: int) -> int:
        """Send the top ``n`` cards of player ``p``'s Deck to the GY."""
        call = self.cur
        st = call.st
        top = st.deck[int(p)][::-1][: int(n)]
        if not top:
            call.operated = []
            return 0
        call.touch()
        before = [st.fid[u] for u in top]
        ops.send_to_grave(st, top, int(r), call.ctx.player, call.ctx.uid)
        done = [u for u, f in zip(top, before, strict=True) if st.fid[u] != f and st.loc[u] != DECK]
        call.operated = done
        return len(done)

    def duel_SpecialSummonStep(self, c: Any, sumtype: int, sp: int, tp: int, nocheck: bool = False,
                               nolimit: bool = False, pos: int = 1, *a: Any) -> bool:  # fmt: skip
        """One monster of a Special Summon done in steps (ygo summons it now; the
        summons of one Lua call count for ``Duel.SpecialSummonComplete``)."""
        uid = self.uid(c)
        n = self.py_special_summon(self.rt.table([uid]), sumtype, sp, tp, nocheck, nolimit, pos)
        call = self.cur
        steps: dict[int, list[int]] = self.__dict__.setdefault("_steps", {})
        done = steps.setdefault(id(call), [])
        if n:
            done.append(uid)
        call.operated = list(done)
        return bool(n)

    def duel_SpecialSummonComplete(self) -> int:
        call = self.cur
        steps: dict[int, list[int]] = self.__dict__.setdefault("_steps", {})
        done = steps.pop(id(call), [])
        call.operated = done
        return len(done)

    def card_IsPublic(self, u: int) -> bool:
        """Whether the card is known to both players: face-up anywhere but in the
        hand or Deck, or in the GY."""
        st = self.cur.st
        uid = self.uid(u)
        loc = st.loc[uid]
        if loc == GRAVE:
            return True
        if loc in (HAND, DECK):
            return False
        return bool(st.pos[uid] & FACEUP)

    def _attacks(self, uid: int) -> int:
        st = self.cur.st
        return st.atk_count[uid] if st.atk_turn[uid] == st.turn else 0

    def card_GetAttackAnnouncedCount(self, u: int) -> int:
        return self._attacks(self.uid(u))

    def duel_AnnounceNumber(self, p: int, *numbers: int) -> Any:
        """Player ``p`` declares one of ``numbers``: (the number, its index)."""
        options = [int(x) for x in numbers if x is not None]
        if not options:
            raise ScriptError("AnnounceNumber with no number")
        call = self.cur
        a = call.answer()
        if a is None:
            call.ask(Question(int(p), "Declare a number", tuple(range(len(options))), False,
                              tuple(str(x) for x in options)))  # fmt: skip
        if a is None or not 0 <= a < len(options):
            raise ScriptError(f"answer {a} is not one of the numbers offered")
        return options[a], a

    # -- what a player may do ------------------------------------------------------------

    def card_IsForbidden(self, u: int) -> bool:
        return False  # (nothing in ygo forbids a card: EFFECT_FORBIDDEN is not translated)

    def duel_IsPlayerCanSummon(self, p: int, *a: Any) -> bool:
        return not query.cannot_summon(self.cur.st, int(p))

    def _limits_in_play(self, what: str) -> None:
        st = self.cur.st
        if MOD_NO_SPECIAL_SUMMON in st.mod_index or any(
            g[0] == MOD_NO_SPECIAL_SUMMON for g in st.granted
        ):
            raise ScriptError(f"unsupported: {what} while a Special Summon limit is in the duel")

    def duel_IsPlayerCanSpecialSummon(self, p: int, sumtype: int = 0, pos: int = 0,
                                      tp: Any = None, c: Any = None) -> bool:  # fmt: skip
        """Whether player ``p`` may Special Summon (monster ``c``, when given)."""
        st = self.cur.st
        if query.cannot_summon(st, int(p)):
            return False
        if c is not None:
            return not self.summon_forbidden(self.uid(c), int(p), int(sumtype or 0))
        self._limits_in_play("Duel.IsPlayerCanSpecialSummon")
        return True

    def duel_IsPlayerCanSpecialSummonMonster(self, p: int, *a: Any) -> bool:
        """Whether player ``p`` may Special Summon a monster of the data given (a
        Token, a Trap Monster): ygo knows only the player's own limits; with a
        limit by monster in the duel this is unsupported (the monster does not
        exist yet to be asked about)."""
        if query.cannot_summon(self.cur.st, int(p)):
            return False
        self._limits_in_play("Duel.IsPlayerCanSpecialSummonMonster")
        return True

    def duel_ReturnToField(self, c: Any, pos: Any = None, *a: Any) -> bool:
        """A monster banished "until" later returns to its controller's Monster
        Zone in the position it left in (or ``pos``); it is not summoned."""
        call = self.cur
        st = call.st
        uid = self.uid(c)
        last = None
        for ev in reversed(st.events):
            if ev.kind == EventKind.MOVE and ev.card == uid:
                last = ev
                break
        if last is None or last.src != MZONE or st.loc[uid] != last.dst:
            raise ScriptError(
                "unsupported: Duel.ReturnToField of a card that did not leave a Monster Zone last"
            )
        c = self.rt.constant
        player = last.prev_ctrl if last.prev_ctrl >= 0 else st.owner[uid]
        zone = ops.free_zone(st, player)
        call.touch()
        if zone == NONE:  # (no zone to return to: to the GY)
            ops.send_to_grave(st, [uid], c("REASON_RULE") | c("REASON_RETURN"), call.ctx.player,
                              call.ctx.uid)  # fmt: skip
            return False
        position = int(pos) if pos else (last.prev_pos or 1)
        ops.move(st, uid, MZONE, c("REASON_RETURN"), player=player, zone=zone, position=position,
                 rp=call.ctx.player, rc=call.ctx.uid)  # fmt: skip
        return True
