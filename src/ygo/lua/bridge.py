"""The Python side of the card script API: what Lua's ``Card``, ``Duel`` and
``Effect`` functions do in a ygo duel, with ygopro-core's semantics (return
values, what an operation returns when it does nothing, REASON codes).

Every function works on the duel of the Lua function being run
(:class:`~ygo.lua.call.Call`, the innermost of ``Bridge.calls``). Cards cross
as uids; a card the Lua side sees is a small table made here (one per card of a
duel and its passcode). Changes go through the engine's operations
(``ygo.engine.ops``), so events, batches and the rules check come for free.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ygo.core.enums import CardType, Location, Position
from ygo.core.state import NONE, State
from ygo.engine import ops, query, rng
from ygo.engine.effect import Ctx, Question
from ygo.engine.events import EventKind
from ygo.lua.call import Call, NeedAnswer, ScriptError, restore
from ygo.lua.runtime import Runtime

_HAND = int(Location.HAND)
_DECK = int(Location.DECK)
_MZONE = int(Location.MZONE)
_SZONE = int(Location.SZONE)
_GRAVE = int(Location.GRAVE)
_BANISHED = int(Location.BANISHED)
_EXTRA = int(Location.EXTRA)
_FZONE = int(Location.FZONE)
_PZONE = int(Location.PZONE)
_ONFIELD = _MZONE | _SZONE | _FZONE | _PZONE
_FACEUP = int(Position.FACEUP)
_FACEDOWN = int(Position.FACEDOWN)
_ATTACK = int(Position.ATTACK)
_DEFENSE = int(Position.DEFENSE)
_MONSTER = int(CardType.MONSTER)
_DONE = -1

# ygopro-core's location bits as the scripts use them: the Field Zone and the
# Pendulum Zones are parts of LOCATION_SZONE there, places of their own in ygo.
_LUA_FZONE = 0x100
_LUA_PZONE = 0x200


def _where(loc: int) -> int:
    """ygo's location of a card as ygopro-core's ``GetLocation`` reports it."""
    if loc in (_FZONE, _PZONE):
        return _SZONE
    return loc


def _matches(loc: int, seq: int, mask: int) -> bool:
    """Whether a card at ygo's ``loc`` is in ygopro-core's location ``mask``."""
    if loc == _FZONE:
        return bool(mask & (_SZONE | _LUA_FZONE))
    if loc == _PZONE:
        return bool(mask & (_SZONE | _LUA_PZONE))
    return bool(mask & loc)


def _order(st: State, p: int, mask: int) -> list[int]:
    """``p``'s cards in ygopro-core's location ``mask``, in its order."""
    out: list[int] = []
    if mask & _MZONE:
        out += [u for u in st.mzone[p] if u != NONE]
    if mask & _SZONE:
        out += [u for u in st.szone[p] if u != NONE]
    if mask & (_SZONE | _LUA_FZONE) and st.fzone[p] != NONE:
        out.append(st.fzone[p])
    if mask & (_SZONE | _LUA_PZONE):
        out += [u for u in st.pzone[p] if u != NONE]
    if mask & _HAND:
        out += st.hand[p]
    if mask & _DECK:
        out += st.deck[p][::-1]  # (the top card first)
    if mask & _GRAVE:
        out += st.grave[p][::-1]
    if mask & _BANISHED:
        out += st.banished[p][::-1]
    if mask & _EXTRA:
        out += st.extra[p][::-1]
    return out


class Bridge:
    """The API functions of one :class:`Runtime`, and the Lua calls being run."""

    def __init__(self, folder: Path) -> None:
        self.calls: list[Call] = []
        api: dict[str, Callable[..., Any]] = {
            name[3:]: getattr(self, name) for name in dir(self) if name.startswith("py_")
        }
        self.rt = Runtime(folder, api)
        c = self.rt.constant
        self.REASON_EFFECT = c("REASON_EFFECT")
        self.CHAININFO = {
            c("CHAININFO_TARGET_PLAYER"): "tp",
            c("CHAININFO_TARGET_PARAM"): "tv",
            c("CHAININFO_TRIGGERING_PLAYER"): "player",
            c("CHAININFO_CHAIN_COUNT"): "count",
            c("CHAININFO_TARGET_CARDS"): "targets",
            c("CHAININFO_TRIGGERING_EFFECT"): "effect",
            c("CHAININFO_TRIGGERING_CONTROLER"): "controller",
            c("CHAININFO_TRIGGERING_LOCATION"): "location",
        }
        self._cards: dict[tuple[int, int], Any] = {}
        self._instances: dict[tuple[int, int, int], Any] = {}
        for name in dir(self):
            if name.startswith("card_"):
                self.rt.bind_card(name[5:], getattr(self, name))
            elif name.startswith("duel_"):
                self.rt.bind_duel(name[5:], getattr(self, name))

    # -- running a Lua function -------------------------------------------------

    @property
    def cur(self) -> Call:
        if not self.calls:
            raise ScriptError("a card API function was called outside a card function")
        return self.calls[-1]

    def run(
        self,
        parts: tuple[tuple[Any, tuple[Any, ...]], ...],
        ctx: Ctx,
        probe: bool,
        what: str,
        all_true: bool = False,
    ) -> tuple[Any, Question | None]:
        """Run Lua functions ``parts`` ((function, extra arguments) each, after
        ygopro-core's ``e, tp, eg, ep, ev, re, r, rp``) one after the other as
        one call of effect ``ctx``. Returns (the last one's first result, None),
        or (None, the question to ask) with the duel as it was before the call.
        With ``all_true`` it stops at the first part whose result is false."""
        call = Call(ctx, probe)
        self.calls.append(call)
        try:
            e = self.instance(ctx.uid, ctx.index)
            out: Any = None
            for fn, extra in parts:
                out = fn(e, ctx.player, None, 0, 0, None, 0, 0, *extra)
                if isinstance(out, tuple):
                    out = out[0] if out else None
                if all_true and not out:
                    return False, None
            return out, None
        except NeedAnswer as need:
            if call.snap is not None:
                restore(ctx.st, call.snap)
            return None, need.question
        except ScriptError as exc:
            raise ScriptError(f"{self._name(ctx)}: {what}: {exc}") from exc
        except Exception as exc:
            raise ScriptError(f"{self._name(ctx)}: {what}: {exc}") from exc
        finally:
            self.calls.pop()

    @staticmethod
    def _name(ctx: Ctx) -> str:
        d = ctx.st.data[ctx.uid]
        return f"{d.name} ({d.code})"

    # -- objects the Lua side sees ----------------------------------------------

    def card(self, uid: int) -> Any:
        st = self.cur.st
        if uid < 0:
            uid = self.cur.ctx.uid
        code = st.data[uid].code
        key = (uid, code)
        t = self._cards.get(key)
        if t is None:
            cls = self.rt.card_class(code)
            if cls is None:
                cls = self.rt.card_class(0)
            t = self.rt.new_card(uid, cls)
            self._cards[key] = t
        return t

    def cards(self, uids: list[int]) -> Any:
        return self.rt.table([self.card(u) for u in uids])

    def instance(self, uid: int, index: int) -> Any:
        st = self.cur.st
        key = (uid, index, st.data[uid].code)
        t = self._instances.get(key)
        if t is None:
            eff = st.fx[uid][index]
            t = self.rt.new_instance(uid, index, eff.extra["lua"])
            self._instances[key] = t
        return t

    def uid(self, x: Any) -> int:
        u = int(x._uid) if not isinstance(x, int) else x
        return self.cur.ctx.uid if u < 0 else u

    @staticmethod
    def uid_list(t: Any) -> list[int]:
        return [int(v) for v in t.values()] if t is not None else []

    # -- py.*: primitives api.lua builds on ---------------------------------------

    def py_card(self, uid: int) -> Any:
        return self.card(uid)

    def py_current_effect(self) -> Any:
        ctx = self.cur.ctx
        return self.instance(ctx.uid, ctx.index)

    def py_controller(self, uid: int) -> int:
        return self.cur.st.ctrl[self.uid(uid)]

    def py_owner_player(self, uid: int) -> int:
        return self.cur.st.owner[self.uid(uid)]

    def py_active_type(self, uid: int) -> int:
        return self.cur.st.ctype[self.uid(uid)]

    def py_effect_field_id(self, uid: int, index: int) -> int:
        return self.cur.st.fid[self.uid(uid)] * 64 + index

    def _label_key(self, uid: int, index: int) -> str:
        st = self.cur.st
        return f"L{uid}.{index}.{st.fid[uid]}"

    def py_set_label(self, uid: int, index: int, *values: Any) -> None:
        call = self.cur
        key = self._label_key(uid, index)
        vals = tuple(int(v) for v in values if v is not None)
        if call.probe:
            if call.labels is None:
                call.labels = {}
            call.labels[key] = vals
            return
        call.touch()
        call.st.script_vals[key] = vals

    def py_get_label(self, uid: int, index: int) -> Any:
        call = self.cur
        key = self._label_key(uid, index)
        if call.labels is not None and key in call.labels:
            vals = call.labels[key]
        else:
            vals = call.st.script_vals.get(key, ())
        return vals if len(vals) > 1 else (vals[0] if vals else 0)

    def py_set_label_object(self, uid: int, index: int, t: Any, group: bool) -> None:
        call = self.cur
        key = "O" + self._label_key(uid, index)[1:]
        vals = (1 if group else 0, *self.uid_list(t))
        if call.probe:
            if call.labels is None:
                call.labels = {}
            call.labels[key] = vals
            return
        call.touch()
        call.st.script_vals[key] = vals

    def py_get_label_object(self, uid: int, index: int) -> Any:
        call = self.cur
        key = "O" + self._label_key(uid, index)[1:]
        vals = (call.labels or {}).get(key) or call.st.script_vals.get(key)
        if not vals:
            return None
        return self.cards(list(vals[1:])), bool(vals[0])

    def py_field(self, p: int, s: int, o: int) -> Any:
        st = self.cur.st
        uids = (_order(st, p, s) if s else []) + (_order(st, 1 - p, o) if o else [])
        return self.cards(uids)

    def py_field_count(self, p: int, s: int, o: int) -> int:
        st = self.cur.st
        return (len(_order(st, p, s)) if s else 0) + (len(_order(st, 1 - p, o)) if o else 0)

    def py_select(self, sp: int, t: Any, lo: int, hi: int, cancel: bool) -> Any:
        call = self.cur
        pool = self.uid_list(t)
        lo, hi = int(lo), int(hi)
        if lo > len(pool):
            raise ScriptError(f"asked to select {lo} of {len(pool)} cards")
        picked: list[int] = []
        st = call.st
        name = st.data[call.ctx.uid].name
        while len(picked) < hi:
            left = [u for u in pool if u not in picked]
            if not left:
                break
            a = call.answer()
            if a is None:
                stop = len(picked) >= lo or (cancel and not picked)
                call.ask(Question(int(sp), f"Choose a card for {name}", tuple(left), can_stop=stop))
                raise AssertionError("unreachable")
            if a == _DONE:
                if not picked and cancel and lo > 0:
                    return None
                break
            if a not in left:
                raise ScriptError(f"answer {a} is not one of the cards offered")
            picked.append(a)
        return self.cards(picked)

    def py_random_select(self, t: Any, count: int) -> Any:
        call = self.cur
        pool = self.uid_list(t)
        call.touch()
        out = []
        for _ in range(min(int(count), len(pool))):
            out.append(pool.pop(rng.below(call.st, len(pool))))
        return self.cards(out)

    def py_add_targets(self, t: Any) -> None:
        call = self.cur
        link = call.ctx.link
        if link is None:
            raise ScriptError("targets chosen outside a chain link")
        st = call.st
        for u in self.uid_list(t):
            if u in link.targets[::2]:
                continue
            call.touch()
            link.targets += [u, st.fid[u]]
            loc = st.loc[u]
            hidden = bool(st.pos[u] & _FACEDOWN) and loc in (_MZONE, _SZONE, _FZONE)
            ops.raise_event(st, EventKind.TARGET, st.ctrl[u], u, len(st.chain), secret=hidden,
                            rp=link.player, rc=call.ctx.uid)  # fmt: skip

    def py_targets(self, valid: bool) -> Any:
        call = self.cur
        link = call.ctx.link
        if link is None:
            return self.cards([])
        st = call.st
        pairs = link.target_pairs()
        if valid:
            return self.cards([u for u, f in pairs if st.fid[u] == f])
        return self.cards([u for u, _ in pairs])

    def py_chain_info(self, n: int, what: int) -> tuple[Any, int]:
        call = self.cur
        st = call.st
        link = call.ctx.link
        if n and 0 < n <= len(st.chain):
            link = st.chain[n - 1]
        name = self.CHAININFO.get(int(what))
        if link is None or name is None:
            return None, 0
        if name == "targets":
            return self.cards([u for u, _ in link.target_pairs()]), 1
        if name == "player":
            return link.player, 0
        if name == "controller":
            return st.ctrl[link.uid], 0
        if name == "location":
            return _where(st.loc[link.uid]), 0
        if name == "count":
            return len(st.chain), 0
        if name == "effect":
            return self.instance(link.uid, link.eff), 0
        return link.vars.get(name, 0), 0

    def py_operated(self) -> Any:
        return self.cards(self.cur.operated)

    def py_operation_info(self, cat: int, t: Any, count: int, p: int, param: int) -> None:
        pass  # (read by ygopro-core's AI hints and a few negation checks)

    # -- moving cards ----------------------------------------------------------

    def _moved(self, uids: list[int], before: list[int], dest: int) -> int:
        st = self.cur.st
        done = [u for u, f in zip(uids, before, strict=True) if st.fid[u] != f and st.loc[u] & dest]
        self.cur.operated = done
        return len(done)

    def _move(self, t: Any, how: Callable[[State, list[int], int], None], r: int, dest: int) -> int:
        call = self.cur
        uids = [u for u in self.uid_list(t)]
        if not uids:
            call.operated = []
            return 0
        call.touch()
        st = call.st
        before = [st.fid[u] for u in uids]
        how(st, uids, int(r))
        return self._moved(uids, before, dest)

    def py_destroy(self, t: Any, r: int, dest: int) -> int:
        call = self.cur
        rp, rc = call.ctx.player, call.ctx.uid
        return self._move(t, lambda s, u, rr: ops.destroy(s, u, rr | 0x1, rp, rc), r,
                          _GRAVE | _BANISHED | _HAND | _DECK | _EXTRA)  # fmt: skip

    def py_to_grave(self, t: Any, r: int) -> int:
        call = self.cur
        rp, rc = call.ctx.player, call.ctx.uid
        return self._move(t, lambda s, u, rr: ops.send_to_grave(s, u, rr, rp, rc), r,
                          _GRAVE | _BANISHED | _EXTRA | _DECK)  # fmt: skip

    def py_to_hand(self, t: Any, p: Any, r: int) -> int:
        call = self.cur
        rp, rc = call.ctx.player, call.ctx.uid
        return self._move(t, lambda s, u, rr: ops.to_hand(s, u, rr, rp, rc), r, _HAND | _EXTRA)

    def py_remove(self, t: Any, pos: int, r: int) -> int:
        call = self.cur
        rp, rc = call.ctx.player, call.ctx.uid
        down = bool(int(pos or 0) & _FACEDOWN)
        return self._move(t, lambda s, u, rr: ops.banish(s, u, rr, rp, rc, face_down=down), r,
                          _BANISHED)  # fmt: skip

    def py_to_deck(self, t: Any, p: Any, seq: int, r: int) -> int:
        call = self.cur
        rp, rc = call.ctx.player, call.ctx.uid

        def go(s: State, uids: list[int], rr: int) -> None:
            for u in ops.by_turn_player_first(s, uids):
                dest = (
                    _EXTRA if s.ctype[u] & int(CardType.EXTRA) and s.ctype[u] & _MONSTER else _DECK
                )
                ops.move(s, u, dest, rr, rp=rp, rc=rc)
            if int(seq) == 2:
                for q in (0, 1):
                    ops.shuffle_deck(s, q)

        return self._move(t, go, r, _DECK | _EXTRA)

    def py_special_summon(self, t: Any, sumtype: int, sp: int, tp: int, nocheck: bool,
                          nolimit: bool, pos: int) -> int:  # fmt: skip
        call = self.cur
        st = call.st
        uids = self.uid_list(t)
        if not uids:
            call.operated = []
            return 0
        call.touch()
        done = []
        pos = int(pos) & 0xF
        position = pos if pos in (1, 2, 4, 8) else (1 if pos & 1 else 4)
        for u in uids:
            if ops.special_summon(st, u, int(tp), position, rp=int(sp), rc=call.ctx.uid):
                done.append(u)
        call.operated = done
        return len(done)

    def py_confirm(self, p: int, t: Any) -> None:
        call = self.cur
        st = call.st
        uids = self.uid_list(t)
        if not uids:
            return
        call.touch()
        for u in uids:
            ops.raise_event(st, EventKind.REVEAL, int(p), u, 0, st.loc[u], rp=call.ctx.player,
                            rc=call.ctx.uid)  # fmt: skip

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
        return query.level(st, uid) if st.ctype[uid] & _MONSTER else 0

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
        return _where(self.cur.st.loc[self.uid(u)])

    def card_IsLocation(self, u: int, loc: int) -> bool:
        uid = self.uid(u)
        st = self.cur.st
        return _matches(st.loc[uid], st.seq[uid], int(loc))

    def card_IsOnField(self, u: int) -> bool:
        return bool(self.cur.st.loc[self.uid(u)] & _ONFIELD)

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
        if loc == _FZONE:
            return 5
        if loc == _PZONE:
            return 6 + st.pzone[st.ctrl[uid]].index(uid) if uid in st.pzone[st.ctrl[uid]] else 6
        return max(st.seq[uid], 0)

    def card_GetPosition(self, u: int) -> int:
        return self.cur.st.pos[self.uid(u)]

    def card_IsPosition(self, u: int, pos: int) -> bool:
        return bool(self.cur.st.pos[self.uid(u)] & int(pos))

    def card_IsFaceup(self, u: int) -> bool:
        return bool(self.cur.st.pos[self.uid(u)] & _FACEUP)

    def card_IsFacedown(self, u: int) -> bool:
        return bool(self.cur.st.pos[self.uid(u)] & _FACEDOWN)

    def card_IsAttackPos(self, u: int) -> bool:
        return bool(self.cur.st.pos[self.uid(u)] & _ATTACK)

    def card_IsDefensePos(self, u: int) -> bool:
        return bool(self.cur.st.pos[self.uid(u)] & _DEFENSE)

    def card_GetFieldID(self, u: int) -> int:
        return self.cur.st.fid[self.uid(u)]

    def card_IsRelateToEffect(self, u: int, e: Any) -> bool:
        call = self.cur
        uid = self.uid(u)
        link = call.ctx.link
        st = call.st
        if link is None:
            return False
        if uid == link.uid and e is not None and int(e._uid) == link.uid:
            return st.fid[uid] == link.fid
        return any(t == uid and st.fid[t] == f for t, f in link.target_pairs())

    card_IsRelateToChain = card_IsRelateToEffect

    def card_IsCanBeEffectTarget(self, u: int, e: Any = None) -> bool:
        st = self.cur.st
        uid = self.uid(u)
        if not query.can_be_targeted(st, uid):
            return False
        # A face-down card is a target only on the field.
        return not (st.pos[uid] & _FACEDOWN and not st.loc[uid] & _ONFIELD and st.loc[uid] != _HAND)

    def card_IsDestructable(self, u: int, e: Any = None) -> bool:
        return True

    def card_IsAbleToHand(self, u: int, *a: Any) -> bool:
        st = self.cur.st
        uid = self.uid(u)
        return not st.ctype[uid] & int(CardType.TOKEN) and st.loc[uid] != _HAND

    def card_IsAbleToGrave(self, u: int, *a: Any) -> bool:
        st = self.cur.st
        uid = self.uid(u)
        return not st.ctype[uid] & int(CardType.TOKEN) and st.loc[uid] != _GRAVE

    def card_IsAbleToRemove(self, u: int, *a: Any) -> bool:
        st = self.cur.st
        uid = self.uid(u)
        return not st.ctype[uid] & int(CardType.TOKEN) and st.loc[uid] != _BANISHED

    def card_IsAbleToDeck(self, u: int, *a: Any) -> bool:
        st = self.cur.st
        uid = self.uid(u)
        return not st.ctype[uid] & int(CardType.TOKEN) and st.loc[uid] != _DECK

    card_IsAbleToExtra = card_IsAbleToDeck
    card_IsAbleToRemoveAsCost = card_IsAbleToRemove
    card_IsAbleToGraveAsCost = card_IsAbleToGrave
    card_IsAbleToHandAsCost = card_IsAbleToHand
    card_IsAbleToDeckAsCost = card_IsAbleToDeck

    def card_IsDiscardable(self, u: int, *a: Any) -> bool:
        return self.cur.st.loc[self.uid(u)] == _HAND

    def card_IsCanBeSpecialSummoned(self, u: int, e: Any, sumtype: int, sp: int,
                                    nocheck: bool, nolimit: bool, *a: Any) -> bool:  # fmt: skip
        from ygo.engine.specials import special_blocker

        st = self.cur.st
        uid = self.uid(u)
        if not st.ctype[uid] & _MONSTER:
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
        if loc & _MZONE:
            return st.mzone[int(p)].count(NONE)
        if loc & _SZONE:
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
        from ygo.core.state import replace_at

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
