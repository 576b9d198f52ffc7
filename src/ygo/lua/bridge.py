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

from ygo.core.enums import CardType
from ygo.core.state import State
from ygo.engine import ops, rng
from ygo.engine.effect import Mod, Question
from ygo.engine.events import EventKind
from ygo.lua import delayed
from ygo.lua.api_card import CardAPI
from ygo.lua.api_duel import DuelAPI
from ygo.lua.api_fusion import FusionAPI, summon_kind
from ygo.lua.api_init import InitAPI
from ygo.lua.api_more import MoreAPI
from ygo.lua.api_range import RangeAPI
from ygo.lua.api_status import StatusAPI
from ygo.lua.api_summon import SummonAPI
from ygo.lua.call import Call, ScriptError
from ygo.lua.places import (
    BANISHED,
    DECK,
    DONE,
    EXTRA,
    FACEDOWN,
    FACEUP,
    FZONE,
    GRAVE,
    HAND,
    MONSTER,
    MZONE,
    SZONE,
    order,
    where,
)  # fmt: skip
from ygo.lua.runtime import Runtime


class Bridge(SummonAPI, StatusAPI, CardAPI, DuelAPI, FusionAPI, RangeAPI, InitAPI, MoreAPI):
    """The API functions of one :class:`Runtime`, and the Lua calls being run."""

    def __init__(self, folder: Path) -> None:
        self.calls: list[Call] = []
        self.failures: dict[tuple[int, str], str] = {}
        """The failures seen, by (passcode, function): the first message of each."""
        self.failure_counts: dict[tuple[int, str], int] = {}
        """How many times each (passcode, function) failed."""
        self.probing: set[tuple[int, int, int, int]] = set()
        api: dict[str, Callable[..., Any]] = {
            name[3:]: getattr(self, name) for name in dir(self) if name.startswith("py_")
        }
        self.rt = Runtime(folder, api)
        self.setup_summon()
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
        from ygo.engine import query
        from ygo.lua.translate import MODS

        self.translator_mods = {c(name): mod for name, mod in MODS.items()}
        self.T_SINGLE = c("EFFECT_TYPE_SINGLE")
        self.RESET_PHASE = c("RESET_PHASE")
        self.PHASE_END = c("PHASE_END")
        self.player_flags = {
            c("EFFECT_AVOID_BATTLE_DAMAGE"): query.FLAG_NO_BATTLE_DAMAGE,
            c("EFFECT_INDESTRUCTABLE_BATTLE"): query.FLAG_BATTLE_SAFE,
            c("EFFECT_REVERSE_UPDATE"): query.FLAG_REVERSE_CHANGES,
        }
        self._cards: dict[tuple[int, int], Any] = {}
        self._instances: dict[tuple[int, int, int], Any] = {}
        self.activity_counters = {}
        self.global_flags = 0
        for name in dir(self):
            if name.startswith("card_"):
                self.rt.bind_card(name[5:], getattr(self, name))
            elif name.startswith("duel_"):
                self.rt.bind_duel(name[5:], getattr(self, name))

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

    def _keep(self, key: str, vals: tuple[int, ...]) -> None:
        """Keep a label in the duel's state (a probe keeps it to itself)."""
        call = self.cur
        if call.probe:
            if call.labels is None:
                call.labels = {}
            call.labels[key] = vals
            return
        call.touch()
        call.st.script_vals[key] = vals

    def py_set_label(self, uid: int, index: int, *values: Any) -> None:
        key = self._label_key(uid, index)
        self._keep(key, tuple(int(v) for v in values if v is not None))

    def py_get_label(self, uid: int, index: int) -> Any:
        call = self.cur
        key = self._label_key(uid, index)
        if call.labels is not None and key in call.labels:
            vals = call.labels[key]
        elif key in call.st.script_vals:
            vals = call.st.script_vals[key]
        else:
            return None  # never set in this duel: the label initial_effect gave, if any
        return vals if len(vals) > 1 else (vals[0] if vals else 0)

    def py_set_label_object(self, uid: int, index: int, t: Any, group: bool) -> None:
        key = "O" + self._label_key(uid, index)[1:]
        self._keep(key, (1 if group else 0, *self.uid_list(t)))

    def py_get_label_object(self, uid: int, index: int) -> Any:
        call = self.cur
        key = "O" + self._label_key(uid, index)[1:]
        vals = (call.labels or {}).get(key) or call.st.script_vals.get(key)
        if not vals:
            return None
        return self.cards(list(vals[1:])), bool(vals[0])

    def py_field(self, p: int, s: int, o: int) -> Any:
        st = self.cur.st
        uids = (order(st, p, s) if s else []) + (order(st, 1 - p, o) if o else [])
        return self.cards(uids)

    def py_field_count(self, p: int, s: int, o: int) -> int:
        st = self.cur.st
        return (len(order(st, p, s)) if s else 0) + (len(order(st, 1 - p, o)) if o else 0)

    def py_select(self, sp: int, t: Any, lo: int, hi: int, cancel: bool) -> Any:
        call = self.cur
        pool = self.uid_list(t)
        # As the reference: with fewer cards than asked, the minimum is what there
        # is; with none, nothing is asked and the selection is empty.
        hi = min(int(hi), len(pool))
        lo = min(int(lo), hi)
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
                shown = all(u in call.shown for u in left)
                call.ask(Question(int(sp), f"Choose a card for {name}", tuple(left),
                                  can_stop=stop, shown=shown))  # fmt: skip
                raise AssertionError("unreachable")
            if a == DONE:
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
            hidden = bool(st.pos[u] & FACEDOWN) and loc in (MZONE, SZONE, FZONE)
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
            return where(st.loc[link.uid]), 0
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
        if int(dest or 0) & BANISHED:  # "destroy and banish" (Nobleman of Crossout)
            return self._move(t, lambda s, u, rr: ops.banish(s, u, rr | 0x1, rp, rc), r, BANISHED)
        return self._move(t, lambda s, u, rr: ops.destroy(s, u, rr | 0x1, rp, rc), r,
                          GRAVE | BANISHED | HAND | DECK | EXTRA)  # fmt: skip

    def py_to_grave(self, t: Any, r: int) -> int:
        call = self.cur
        rp, rc = call.ctx.player, call.ctx.uid
        return self._move(t, lambda s, u, rr: ops.send_to_grave(s, u, rr, rp, rc), r,
                          GRAVE | BANISHED | EXTRA | DECK)  # fmt: skip

    def py_to_hand(self, t: Any, p: Any, r: int) -> int:
        call = self.cur
        rp, rc = call.ctx.player, call.ctx.uid
        if p is None:  # (to each card's owner's hand)
            return self._move(t, lambda s, u, rr: ops.to_hand(s, u, rr, rp, rc), r, HAND | EXTRA)

        def go(s: State, uids: list[int], rr: int) -> None:
            for u in ops.by_turn_player_first(s, uids):
                ops.move(s, u, HAND, rr, player=int(p), rp=rp, rc=rc)

        return self._move(t, go, r, HAND | EXTRA)

    def py_remove(self, t: Any, pos: int, r: int) -> int:
        call = self.cur
        rp, rc = call.ctx.player, call.ctx.uid
        down = bool(int(pos or 0) & FACEDOWN)
        return self._move(t, lambda s, u, rr: ops.banish(s, u, rr, rp, rc, face_down=down), r,
                          BANISHED)  # fmt: skip

    def py_to_deck(self, t: Any, p: Any, seq: int, r: int) -> int:
        call = self.cur
        rp, rc = call.ctx.player, call.ctx.uid

        def go(s: State, uids: list[int], rr: int) -> None:
            for u in ops.by_turn_player_first(s, uids):
                dest = EXTRA if s.ctype[u] & int(CardType.EXTRA) and s.ctype[u] & MONSTER else DECK
                ops.move(s, u, dest, rr, rp=rp, rc=rc)
            if int(seq) == 2:
                for q in (0, 1):
                    ops.shuffle_deck(s, q)

        return self._move(t, go, r, DECK | EXTRA)

    def py_special_summon(self, t: Any, sumtype: int, sp: int, tp: int, nocheck: bool,
                          nolimit: bool, pos: int) -> int:  # fmt: skip
        call = self.cur
        st = call.st
        uids = self.uid_list(t)
        if not uids:
            call.operated = []
            return 0
        done = []
        pos = int(pos) & 0xF
        kind = summon_kind(self.rt.constant, sumtype)
        for u in uids:
            if self.summon_forbidden(u, int(sp), int(sumtype)):  # (api_more)
                continue
            position = self._position(int(tp), u, pos)
            call.touch()
            if ops.special_summon(st, u, int(tp), position, rp=int(sp), rc=call.ctx.uid,
                                  kind=kind):  # fmt: skip
                done.append(u)
        call.operated = done
        return len(done)

    def _position(self, p: int, uid: int, pos: int) -> int:
        """The battle position a card takes: ``pos`` if it is one, else the
        player's choice among its face-up (then face-down) positions."""
        choices = [x for x in (1, 4, 2, 8) if pos & x]
        if len(choices) <= 1:
            return choices[0] if choices else 1
        call = self.cur
        a = call.answer()
        if a is None:
            names = {1: "face-up Attack", 4: "face-up Defense", 2: "face-down Attack",
                     8: "face-down Defense"}  # fmt: skip
            call.ask(Question(p, f"Choose a battle position for {call.st.data[uid].name}",
                              tuple(choices), False, tuple(names[x] for x in choices)))  # fmt: skip
        if a not in choices:
            raise ScriptError(f"answer {a} is not a battle position offered")
        return int(a)

    def py_confirm(self, p: int, t: Any) -> None:
        call = self.cur
        st = call.st
        uids = self.uid_list(t)
        if not uids:
            return
        call.touch()
        call.shown.update(uids)
        for u in uids:
            secret = st.loc[u] == HAND and st.ctrl[u] != int(p)
            ops.raise_event(st, EventKind.REVEAL, int(p), u, 0, st.loc[u], secret=secret,
                            rp=call.ctx.player, rc=call.ctx.uid)  # fmt: skip

    # -- effects created while a duel runs -----------------------------------------

    def py_cost_checked(self) -> bool:
        return self.cur.cost_checked

    def py_register_card(self, u: Any, e: Any) -> int:
        """``Card.RegisterEffect`` during a duel: an effect on one card for a time,
        kept in ``State.granted`` when ygo has it as a modifier with a plain value."""
        from ygo.engine.chain import RESET_END_TURN

        call = self.cur
        st = call.st
        uid = self.uid(int(u))
        if delayed.keep(self, e, call.ctx.player, uid) or self.needless(e):  # (api_more)
            return 1  # (a rule effect for a later phase; an equip limit)
        code, t, value = int(e.code or 0), int(e.type or 0), e.value
        reset = int(e.reset or 0)
        mod = self.translator_mods.get(code)
        if mod is None or not t & self.T_SINGLE:
            raise ScriptError(f"unsupported: an effect created during the duel (code {code})")
        if value is None:
            value = 1
        if not isinstance(value, int):
            raise ScriptError(f"unsupported: a function value in an effect created now ({code})")
        value = self.granted_value(int(mod), int(value), code)  # (api_more)
        if st.loc[uid] != MZONE or not st.pos[uid] & FACEUP:
            return 0
        call.touch()
        ends = RESET_END_TURN if reset & self.RESET_PHASE else 0
        st.granted.append((int(mod), uid, st.fid[uid], int(value), call.ctx.uid, ends, st.turn))
        if mod in (Mod.ATK_ADD, Mod.DEF_ADD):
            ops.raise_event(st, EventKind.ATK_CHANGE, st.ctrl[uid], uid, int(value),
                            dst=int(mod == Mod.DEF_ADD), rp=call.ctx.player,
                            rc=call.ctx.uid)  # fmt: skip
        return 1

    def py_register_player(self, e: Any, p: int) -> int:
        """``Duel.RegisterEffect``: a player's effect for the rest of the turn,
        kept as one of the engine's turn flags when ygo has it."""
        from ygo.engine import query

        call = self.cur
        if delayed.keep(self, e, int(p), -1):
            return 1  # (a rule effect for a later phase)
        code, reset = int(e.code or 0), int(e.reset or 0)
        flag = self.player_flags.get(code)
        if flag is None or not reset & self.RESET_PHASE or reset & 0x3FF != self.PHASE_END:
            raise ScriptError(
                f"unsupported: a player's effect created during the duel (code {code})"
            )
        if e.target is not None:
            raise ScriptError(
                f"unsupported: a player's effect with a target function (code {code})"
            )
        s, o = int(e.s_range or 0), int(e.o_range or 0)
        call.touch()
        for who, bits in ((int(p), s), (1 - int(p), o)):
            if bits:
                query.set_flag(call.st, flag, who)
        return 1
