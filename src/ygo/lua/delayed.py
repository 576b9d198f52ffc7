"""Rule effects a script creates during a duel for a later phase ("at the End
Phase of this turn, return it to the hand"): ``EFFECT_TYPE_CONTINUOUS`` at
``EVENT_PHASE+PHASE_*``, registered with ``Duel.RegisterEffect`` or
``Card.RegisterEffect``.

The duel keeps plain data only, so such an effect is kept in
``State.script_vals`` as numbers: the phase, its condition and operation as the
indexes of the functions in the card script's own table (sorted by name: a
function the script names, ``s.retop``; an anonymous closure is unsupported),
the player, the turn, the reset and count limit, its label and label object.
Each Lua card whose script mentions ``EVENT_PHASE`` carries one more rule
effect, hidden (:func:`carrier`), that wakes at every phase and plays the kept
effects of its card whose phase it is; the Lua functions then see an effect
whose label and label object are the kept ones.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ygo.core.state import State
from ygo.engine.effect import Ctx, Effect, EffectKind, Question, Step
from ygo.engine.events import Event, EventKind

if TYPE_CHECKING:
    from ygo.lua.bridge import Bridge
    from ygo.lua.translate import Translator

_INDEX = """
function(cls, f)
  local keys = {}
  for k, v in pairs(cls) do
    if type(k) == "string" and type(v) == "function" then keys[#keys + 1] = k end
  end
  table.sort(keys)
  if f == nil then return keys end
  for i, k in ipairs(keys) do if cls[k] == f then return i end end
  return 0
end
"""


def _key(uid: int) -> str:
    return f"D{uid}"


def carrier(tr: Translator, code: int) -> list[Effect]:
    """The hidden rule effect of a card whose script may create phase effects
    (its text names ``EVENT_PHASE``), or none."""
    path = tr.bridge.rt.folder / f"c{code}.lua"
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    if "EVENT_PHASE" not in text:
        return []
    bridge = tr.bridge
    c = tr.c
    proto = bridge.rt.table_of({"type": c("EFFECT_TYPE_FIELD") | c("EFFECT_TYPE_CONTINUOUS"),
                                "code": c("EVENT_PHASE"), "property": 0, "category": 0,
                                "range": 0, "s_range": 0, "o_range": 0, "label": 0,
                                "reset": 0})  # fmt: skip

    def trigger_on(ctx: Ctx, ev: Event) -> bool:
        return bool(due(bridge, ctx.st, ctx.uid, ev.value))

    def do(ctx: Ctx) -> Question | None:
        return play(bridge, ctx)

    return [
        Effect(
            EffectKind.RULE,
            text="its effect for a later phase",
            event=EventKind.PHASE,
            trigger_on=trigger_on,
            live=0,
            operation=(Step(do=do),),
            extra={"lua": proto, "delayed": True},
        )
    ]


# -- kept effects --------------------------------------------------------------------
# script_vals["D<uid>"] = (the number of effects kept so far,); each effect k:
# script_vals["D<uid>.<k>"] = (phase, condition, operation, player, turn, reset,
#   reset count, field ID or -1, uses left or -1, n labels, *labels, label object
#   kind: -1 none / 0 a card / 1 a group, *its cards)


def keep(bridge: Bridge, e: Any, player: int, on: int) -> bool:
    """Keep effect ``e`` created now (registered by ``player``; on card ``on``, or
    -1 for a player's effect) if it is a rule effect for a later phase that ygo
    can keep; False if not (the caller says it is unsupported)."""
    c = bridge.rt.constant
    code, t = int(e.code or 0), int(e.type or 0)
    phase_event = c("EVENT_PHASE")
    if not t & c("EFFECT_TYPE_CONTINUOUS") or code & ~0xFFF != phase_event or code == phase_event:
        return False
    owner = e._owner
    if owner is None:
        return False
    call = bridge.cur
    st = call.st
    uid = bridge.uid(owner) if on < 0 else on
    if not any(x.extra.get("delayed") for x in st.fx[uid]):
        return False
    cls = bridge.rt.card_class(st.data[uid].code)
    if cls is None:
        return False
    index: Callable[[Any, Any], int] = bridge.rt.lua.eval(_INDEX)
    cond = index(cls, e.condition) if e.condition is not None else -1
    op = index(cls, e.operation) if e.operation is not None else -1
    if cond == 0 or op <= 0:
        return False  # (a closure: ygo cannot keep it)
    labels = [int(e.label or 0)] if not isinstance(e.label, tuple) else [int(x) for x in e.label]
    obj = e.label_object
    if obj is None:
        tail: tuple[int, ...] = (-1,)
    elif obj._n is not None:  # a group
        tail = (1, *bridge.uid_list(bridge.rt.g.Group._uids(obj)))
    else:
        tail = (0, bridge.uid(obj))
    reset = int(e.reset or 0)
    fid = st.fid[on] if on >= 0 and reset & c("RESET_EVENT") else -1
    n = int(e.count or 0)
    call.touch()
    count = st.script_vals.get(_key(uid), (0,))[0]
    entry = (code & 0xFFF, cond, op, int(player), st.turn, reset, int(e.reset_count or 1), fid,
             n if n else -1, len(labels), *labels, *tail)  # fmt: skip
    st.script_vals[f"{_key(uid)}.{count}"] = entry
    st.script_vals[_key(uid)] = (count + 1,)
    return True


def _alive(bridge: Bridge, st: State, uid: int, v: tuple[int, ...]) -> bool:
    c = bridge.rt.constant
    turn, reset, n, fid = v[4], v[5], v[6], v[7]
    if fid >= 0 and st.fid[uid] != fid:
        return False
    if not reset & c("RESET_PHASE"):
        return True
    player = v[3]
    passed = 0  # the turns whose end has reset it, since it was created
    for t in range(turn, st.turn):
        tp = st.tp if (st.turn - t) % 2 == 0 else 1 - st.tp
        if reset & c("RESET_SELF_TURN") and tp != player:
            continue
        if reset & c("RESET_OPPO_TURN") and tp == player:
            continue
        passed += 1
    return passed < n


def due(bridge: Bridge, st: State, uid: int, phase: int) -> list[int]:
    """The kept effects of ``uid`` to play at ``phase`` now (their numbers)."""
    head = st.script_vals.get(_key(uid))
    if not head:
        return []
    out = []
    for k in range(head[0]):
        v = st.script_vals.get(f"{_key(uid)}.{k}")
        if v is not None and v[0] == phase and _alive(bridge, st, uid, v):
            out.append(k)
    return out


def play(bridge: Bridge, ctx: Ctx) -> Question | None:
    """Play the kept effects of ``ctx.uid`` due now: each one's condition, then
    its operation, with its label and label object as the effect's."""
    st = ctx.st
    uid = ctx.uid
    phase = st.phase
    cls = bridge.rt.card_class(st.data[uid].code)
    if cls is None:
        return None
    keys = bridge.rt.lua.eval(_INDEX)(cls, None)
    for k in due(bridge, st, uid, int(phase)):
        name = f"{_key(uid)}.{k}"
        v = st.script_vals[name]
        cond_i, op_i, player = v[1], v[2], v[3]
        nl = v[9]
        labels, tail = v[10 : 10 + nl], v[10 + nl :]
        fid = st.fid[uid]
        st.script_vals[f"L{uid}.{ctx.index}.{fid}"] = tuple(labels)
        obj = f"O{uid}.{ctx.index}.{fid}"
        if tail[0] >= 0:
            st.script_vals[obj] = (tail[0], *tail[1:])
        else:
            st.script_vals.pop(obj, None)
        run = Ctx(st, uid, ctx.index, player, ctx.link)
        if cond_i > 0:
            ok, _ = bridge.run(((cls[keys[cond_i]], ()),), run, True, "condition")
            if not ok:
                continue
        _, q = bridge.run(((cls[keys[op_i]], ()),), run, False, "operation")
        if q is not None:
            return q
        left = v[8]
        if left == 1:
            del st.script_vals[name]
        elif left > 1:
            st.script_vals[name] = (*v[:8], left - 1, *v[9:])
    return None
