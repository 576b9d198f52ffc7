"""The Battle Phase (R-BAT-1..9).

Frames:

- ``[BATTLE, step]``: Start Step, Battle Step (attack declarations, replays),
  End Step;
- ``[DAMAGE, step]``: the Damage Step of one attack, from its start to its end.

The current attack lives in ``State.attacker`` / ``State.target`` (NONE for a
direct attack) and ``State.target_count`` (R-BAT-8).
"""

from __future__ import annotations

from ygo.core.enums import Location, Phase, Position
from ygo.core.state import NONE, State
from ygo.engine import legal, ops, query
from ygo.engine.actions import ActionKind, DecisionKind
from ygo.engine.events import Event, EventKind, Reason
from ygo.engine.priority import Window, open_window
from ygo.engine.proc import Frame, Proc, ask, handler, pop, push

_START, _STEP, _CHOSEN, _TARGET, _DECLARE, _CHECK, _REPLAY, _AFTER, _END, _DONE = range(10)


@handler(Proc.BATTLE)
def _battle(st: State, f: Frame) -> None:
    step = f[1]
    if step == _START:
        ops.set_phase(st, Phase.BATTLE_START)
        f[1] = _STEP
        open_window(st, Window.BATTLE_START)
    elif step == _STEP:
        ops.set_phase(st, Phase.BATTLE_STEP)
        f[1] = _CHOSEN
        ask(st, st.tp, DecisionKind.BATTLE, legal.battle_options(st))
    elif step == _CHOSEN:
        a = st.answer
        if a.kind == ActionKind.ATTACK:
            st.attacker = a.card
            f[1] = _TARGET
        else:  # MAIN2 or END_TURN: the turn player passes; the opponent may respond
            st.end_requested = a.kind == ActionKind.END_TURN
            f[1] = _END
            open_window(st, Window.BATTLE_STEP_END, first=1 - st.tp, passes=1)
    elif step == _TARGET:
        f[1] = _DECLARE
        ask(st, st.tp, DecisionKind.ATTACK_TARGET, legal.target_options(st))
    elif step == _DECLARE:
        _declare(st, st.answer.kind, st.answer.zone)
        f[1] = _CHECK
        open_window(st, Window.ATTACK_DECLARED)
    elif step == _CHECK:
        _check_attack(st, f)
    elif step == _REPLAY:
        a = st.answer
        if a.kind == ActionKind.CANCEL:
            _stop_attack(st)
            f[1] = _STEP
        else:  # a new target: a new attack declaration (R-BAT-8)
            _declare(st, a.kind, a.zone, replay=True)
            f[1] = _CHECK
            open_window(st, Window.ATTACK_DECLARED)
    elif step == _AFTER:
        st.attacker = NONE
        st.target = NONE
        f[1] = _STEP
    elif step == _END:
        if st.window_acted:  # the opponent did something: back to the Battle Step
            st.end_requested = False
            f[1] = _STEP
            return
        ops.set_phase(st, Phase.BATTLE_END)
        f[1] = _DONE
        open_window(st, Window.BATTLE_END)
    else:
        pop(st)


def _declare(st: State, kind: int, zone: int, replay: bool = False) -> None:
    """Declare (or, at a replay, re-declare) an attack on a target."""
    opp = 1 - st.tp
    attacker = st.attacker
    st.target = st.mzone[opp][zone] if kind == ActionKind.TARGET else NONE
    st.target_count = ops.count_monsters(st, opp)
    if not replay:  # R-BAT-2: each monster attacks at most once per turn
        turn = st.turn
        st.atk_count[attacker] = st.atk_count[attacker] + 1 if st.atk_turn[attacker] == turn else 1
        st.atk_turn[attacker] = turn
    # A face-down target is named by its zone only (R-DUEL-8): value -2.
    target = st.target
    shown = target if target == NONE or st.pos[target] & Position.FACEUP else -2
    st.events.append(
        Event(EventKind.ATTACK, st.tp, attacker, st.data[attacker].code, value=shown, dst=zone)
    )


def _stop_attack(st: State) -> None:
    uid = st.attacker
    st.events.append(Event(EventKind.ATTACK_STOPPED, st.tp, uid, st.data[uid].code))
    st.attacker = NONE
    st.target = NONE


def _attacker_ok(st: State) -> bool:
    uid = st.attacker
    return (
        st.loc[uid] == Location.MZONE
        and st.ctrl[uid] == st.tp
        and st.pos[uid] == Position.FACEUP_ATTACK
    )


def _check_attack(st: State, f: Frame) -> None:
    """After the attack declaration window: stop, replay, or go to damage."""
    if not _attacker_ok(st):
        _stop_attack(st)
        f[1] = _STEP
        return
    opp = 1 - st.tp
    target = st.target
    target_gone = target != NONE and (st.loc[target] != Location.MZONE or st.ctrl[target] != opp)
    if target_gone or ops.count_monsters(st, opp) != st.target_count:
        # R-BAT-8: the attacker may choose a new target or cancel the attack.
        f[1] = _REPLAY
        options = [*legal.target_options(st), legal.CANCEL]
        ask(st, st.tp, DecisionKind.REPLAY, options)
        return
    f[1] = _AFTER
    push(st, Proc.DAMAGE, 0)


@handler(Proc.DAMAGE)
def _damage(st: State, f: Frame) -> None:
    step = f[1]
    if step == 0:  # start of the Damage Step: a face-down target is flipped (R-BAT-6)
        ops.set_phase(st, Phase.DAMAGE)
        if st.target != NONE:
            ops.flip_face_up(st, st.target)
        f[1] = 1
        open_window(st, Window.DAMAGE_START)
    elif step == 1:
        f[1] = 2
        open_window(st, Window.DAMAGE_BEFORE_CALC)
    elif step == 2:
        f[1] = 3
        if _battle_still_on(st):
            ops.set_phase(st, Phase.DAMAGE_CALC)
            _calculate(st)
            if ops.check_win(st):
                return
    elif step == 3:  # after damage calculation: battle-destroyed monsters go to the GY
        st.phase = Phase.DAMAGE  # back from the calculation, still the same step
        destroyed = [c for c in st.battle_destroyed if st.loc[c] == Location.MZONE]
        st.battle_destroyed.clear()
        if destroyed:
            ops.destroy(st, destroyed, Reason.BATTLE)  # R-BAT-9
        f[1] = 4
        open_window(st, Window.DAMAGE_AFTER_CALC)
    elif step == 4:
        f[1] = 5
        open_window(st, Window.DAMAGE_END)
    else:
        pop(st)


def _battle_still_on(st: State) -> bool:
    if not _attacker_ok(st):
        return False
    target = st.target
    return target == NONE or (st.loc[target] == Location.MZONE and st.ctrl[target] == 1 - st.tp)


def _calculate(st: State) -> None:
    """Damage calculation (R-BAT-3, R-BAT-4, R-BAT-5)."""
    attacker = st.attacker
    target = st.target
    tp = st.tp
    a = query.atk(st, attacker)
    if target == NONE:  # R-BAT-5: a direct attack deals the attacker's ATK
        if a > 0:
            ops.damage(st, 1 - tp, a, Reason.BATTLE)
        return
    if st.pos[target] & Position.ATTACK:  # R-BAT-3
        d = query.atk(st, target)
        if a > d:
            st.battle_destroyed.append(target)
            ops.damage(st, 1 - tp, a - d, Reason.BATTLE)
        elif a < d:
            st.battle_destroyed.append(attacker)
            ops.damage(st, tp, d - a, Reason.BATTLE)
        elif a > 0:  # equal ATK: both destroyed, no damage; 0 vs 0: nothing
            st.battle_destroyed.extend((attacker, target))
    else:  # R-BAT-4
        d = query.defense(st, target)
        if a > d:
            st.battle_destroyed.append(target)
        elif a < d:
            ops.damage(st, tp, d - a, Reason.BATTLE)
