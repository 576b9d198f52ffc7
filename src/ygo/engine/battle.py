"""The Battle Phase (R-BAT-1..9).

Frames:

- ``[BATTLE, step]``: Start Step, Battle Step (attack declarations, replays),
  End Step;
- ``[DAMAGE, step]``: the Damage Step of one attack, from its start to its end.

The current attack lives in ``State.attacker`` / ``State.target`` (NONE for a
direct attack), ``State.target_left`` and ``State.target_count`` (R-BAT-8). A
monster that leaves the Monster Zone stops being the attacker or the target
(``ops.move``): NONE then, and the attack goes on without it.
"""

from __future__ import annotations

from ygo.core.enums import Location, Phase
from ygo.core.ints import (
    BATTLE_STEP_AFTER,
    BATTLE_STEP_CHECK,
    BATTLE_STEP_CHOSEN,
    BATTLE_STEP_DECLARE,
    BATTLE_STEP_DONE,
    BATTLE_STEP_END,
    BATTLE_STEP_REPLAY,
    BATTLE_STEP_START,
    BATTLE_STEP_STEP,
    BATTLE_STEP_TARGET,
    DAMAGE_STEP_AFTER_CALC,
    DAMAGE_STEP_BEFORE_CALC,
    DAMAGE_STEP_CALC,
    DAMAGE_STEP_DONE,
    DAMAGE_STEP_END,
    DAMAGE_STEP_START,
    MOD_NO_BATTLE_DAMAGE,
    POS_ATTACK,
    POS_FACEDOWN,
    POS_FACEUP,
    PROC_DAMAGE,
    PROC_SOLVE,
    SOLVE_STEP_START,
)
from ygo.core.state import NONE, State
from ygo.engine import legal, ops, query
from ygo.engine.actions import ActionKind, DecisionKind
from ygo.engine.chain import RESET_DAMAGE_CALC
from ygo.engine.events import EventKind, Reason
from ygo.engine.frames import AT_STEP
from ygo.engine.priority import Window, open_window
from ygo.engine.proc import Frame, ask, pop, push
from ygo.engine.result import WinReason


def handle_battle(st: State, f: Frame) -> None:
    step = f[AT_STEP]
    if step == BATTLE_STEP_START:
        ops.set_phase(st, Phase.BATTLE_START)
        f[AT_STEP] = BATTLE_STEP_STEP
        open_window(st, Window.BATTLE_START)
    elif step == BATTLE_STEP_STEP:
        ops.set_phase(st, Phase.BATTLE_STEP)
        f[AT_STEP] = BATTLE_STEP_CHOSEN
        ask(st, st.tp, DecisionKind.BATTLE, legal.battle_options(st))
    elif step == BATTLE_STEP_CHOSEN:
        a = st.answer
        if a.kind == ActionKind.ATTACK:
            st.attacker = a.card
            f[AT_STEP] = BATTLE_STEP_TARGET
            if st.modders:  # attack costs are paid first, without a chain (Insect Queen)
                for src, i in reversed(query.attack_costs(st, a.card)):
                    push(st, PROC_SOLVE, SOLVE_STEP_START, src, i, st.ctrl[src], 0)
        else:  # MAIN2 or END_TURN: the turn player passes; the opponent may respond
            st.end_requested = a.kind == ActionKind.END_TURN
            f[AT_STEP] = BATTLE_STEP_END
            open_window(st, Window.BATTLE_STEP_END, first=1 - st.tp, passes=1, ret=True)
    elif step == BATTLE_STEP_TARGET:
        f[AT_STEP] = BATTLE_STEP_DECLARE
        ask(st, st.tp, DecisionKind.ATTACK_TARGET, legal.target_options(st))
    elif step == BATTLE_STEP_DECLARE:
        ops.new_batch(st)
        _declare(st, st.answer.kind, st.answer.zone)
        f[AT_STEP] = BATTLE_STEP_CHECK
        open_window(st, Window.ATTACK_DECLARED)
    elif step == BATTLE_STEP_CHECK:
        _check_attack(st, f)
    elif step == BATTLE_STEP_REPLAY:
        a = st.answer
        if a.kind == ActionKind.CANCEL:
            _stop_attack(st)
            f[AT_STEP] = BATTLE_STEP_STEP
        else:  # a new target: a new attack declaration (R-BAT-8)
            ops.new_batch(st)
            _declare(st, a.kind, a.zone, replay=True)
            f[AT_STEP] = BATTLE_STEP_CHECK
            open_window(st, Window.ATTACK_DECLARED)
    elif step == BATTLE_STEP_AFTER:
        st.attacker = NONE
        st.target = NONE
        st.target_left = False
        st.attack_negated = False
        f[AT_STEP] = BATTLE_STEP_STEP
    elif step == BATTLE_STEP_END:
        if st.window_acted:  # the opponent did something: back to the Battle Step
            st.end_requested = False
            f[AT_STEP] = BATTLE_STEP_STEP
            return
        ops.set_phase(st, Phase.BATTLE_END)
        f[AT_STEP] = BATTLE_STEP_DONE
        open_window(st, Window.BATTLE_END)
    else:
        pop(st)


def _declare(st: State, kind: int, zone: int, replay: bool = False) -> None:
    """Declare (or, at a replay, re-declare) an attack on a target."""
    opp = 1 - st.tp
    attacker = st.attacker
    st.target = st.mzone[opp][zone] if kind == ActionKind.TARGET else NONE
    st.target_left = False
    st.target_count = ops.count_monsters(st, opp)
    if not replay:  # R-BAT-2: each monster attacks at most once per turn
        turn = st.turn
        st.atk_count[attacker] = st.atk_count[attacker] + 1 if st.atk_turn[attacker] == turn else 1
        st.atk_turn[attacker] = turn
    # A face-down target is named by its zone only (R-DUEL-8): value -2.
    target = st.target
    shown = target if target == NONE or st.pos[target] & POS_FACEUP else -2
    ops.raise_event(st, EventKind.ATTACK, st.tp, attacker, shown, dst=zone, rp=st.tp)


def _stop_attack(st: State) -> None:
    uid = st.attacker
    if uid != NONE:  # (an attacker that left has said so: ``ops._leave_battle``)
        ops.raise_event(st, EventKind.ATTACK_STOPPED, st.tp, uid)
    st.attacker = NONE
    st.target = NONE
    st.target_left = False
    st.attack_negated = False


def _attacker_ok(st: State) -> bool:
    """In the Damage Step: the attacker is still the monster that declared (not
    moved since: ``atk_turn``), the turn player's, in a position that attacks."""
    uid = st.attacker
    return (
        uid != NONE
        and st.loc[uid] == Location.MZONE
        and st.ctrl[uid] == st.tp
        and st.atk_turn[uid] == st.turn
        and query.attack_position_ok(st, uid)
    )


def _check_attack(st: State, f: Frame) -> None:
    """After the attack declaration window: stop, replay, or go to damage. An
    attacker that can no longer attack (left the field, changed control or
    position, or an effect says it cannot attack now) ends its attack with no
    damage calculation; ``chain.py`` marks it so after each link already."""
    if st.attack_negated or not query.attack_goes_on(st):
        _stop_attack(st)
        f[AT_STEP] = BATTLE_STEP_STEP
        return
    opp = 1 - st.tp
    target = st.target
    target_gone = st.target_left or (
        target != NONE and (st.loc[target] != Location.MZONE or st.ctrl[target] != opp)
    )
    if target_gone or ops.count_monsters(st, opp) != st.target_count:
        # R-BAT-8: the attacker may choose a new target or cancel the attack.
        f[AT_STEP] = BATTLE_STEP_REPLAY
        options = [*legal.target_options(st), legal.CANCEL]
        ask(st, st.tp, DecisionKind.REPLAY, options)
        return
    f[AT_STEP] = BATTLE_STEP_AFTER
    push(st, PROC_DAMAGE, DAMAGE_STEP_START)


def handle_damage(st: State, f: Frame) -> None:
    """The Damage Step's five timings (R-BAT-7)."""
    step = f[AT_STEP]
    if step == DAMAGE_STEP_START:
        # (1) start of the Damage Step: a face-down target is still face-down
        ops.set_phase(st, Phase.DAMAGE)
        f[AT_STEP] = DAMAGE_STEP_BEFORE_CALC
        open_window(st, Window.DAMAGE_START)
    elif step == DAMAGE_STEP_BEFORE_CALC:
        # (2) before damage calculation: the target is turned face-up (R-BAT-6)
        f[AT_STEP] = DAMAGE_STEP_CALC
        if _battle_still_on(st) and st.target != NONE and st.pos[st.target] & POS_FACEDOWN:
            ops.new_batch(st)
            ops.flip_face_up(st, st.target)
            # Its Flip effect waits until after damage calculation (R-BAT-6).
            st.held = [e for e in st.raised if e.kind == EventKind.FLIP]
            st.raised = [e for e in st.raised if e.kind != EventKind.FLIP]
        open_window(st, Window.DAMAGE_BEFORE_CALC)
    elif step == DAMAGE_STEP_CALC:  # (3) damage calculation
        f[AT_STEP] = DAMAGE_STEP_AFTER_CALC
        if _battle_still_on(st):
            ops.set_phase(st, Phase.DAMAGE_CALC)
            ops.new_batch(st)
            _calculate(st)
            st.phase = Phase.DAMAGE  # back from the calculation, still the same step
            opp = 1 - st.tp
            direct = st.target == NONE and st.lp[opp] <= 0 < st.lp[st.tp]
            if direct and query.wins_match(st, st.attacker):  # R-MATCH-1
                ops.lose(st, opp, WinReason.MATCH)
            if ops.check_win(st):
                return
    elif step == DAMAGE_STEP_AFTER_CALC:
        # (4) after damage calculation: the held Flip effects trigger
        if st.granted:  # effects "during damage calculation only" end now
            st.granted = [g for g in st.granted if not g[5] & RESET_DAMAGE_CALC]
        if st.held:
            st.raised = st.held + st.raised
            st.held = []
        f[AT_STEP] = DAMAGE_STEP_END
        open_window(st, Window.DAMAGE_AFTER_CALC)
    elif step == DAMAGE_STEP_END:
        # (5) end of the Damage Step: battle-destroyed monsters leave (R-BAT-9)
        destroyed = [c for c in st.battle_destroyed if st.loc[c] == Location.MZONE]
        # Cards destroyed in a monster's place (Mod.BATTLE_SUBSTITUTE) are not in a
        # Monster Zone: they are destroyed by the effect, not by battle.
        instead = [c for c in st.battle_destroyed if st.loc[c] == Location.SZONE]
        st.battle_destroyed.clear()
        if instead:
            ops.new_batch(st)
            ops.destroy(st, instead, Reason.EFFECT)
        if st.granted:  # effects "for that battle" end with it (Kuriboh)
            st.granted = [g for g in st.granted if g[0] != MOD_NO_BATTLE_DAMAGE]
        if destroyed:
            ops.new_batch(st)
            ops.destroy(st, destroyed, Reason.BATTLE)
        f[AT_STEP] = DAMAGE_STEP_DONE
        open_window(st, Window.DAMAGE_END)
    else:
        st.battle_destroyed.clear()
        pop(st)


def _battle_still_on(st: State) -> bool:
    if not _attacker_ok(st) or st.target_left:
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
            _battle_damage(st, 1 - tp, a, tp, attacker)
        return
    destroyed: list[int] = []
    if st.pos[target] & POS_ATTACK:  # R-BAT-3
        d = query.atk(st, target)
        if a > d:
            destroyed.append(target)
            _battle_damage(st, 1 - tp, a - d, tp, attacker)
        elif a < d:
            destroyed.append(attacker)
            _battle_damage(st, tp, d - a, 1 - tp, target)
        elif a > 0:  # equal ATK: both destroyed, no damage; 0 vs 0: nothing
            destroyed.extend((attacker, target))
    else:  # R-BAT-4
        d = query.defense(st, target)
        if a > d:
            destroyed.append(target)
        elif a < d:
            _battle_damage(st, tp, d - a, 1 - tp, target)
        if a > d and (st.modders or st.granted) and query.pierces(st, attacker):
            _battle_damage(st, 1 - tp, a - d, tp, attacker)  # piercing damage
    # R-BAT-9: decided now; they stay on the field, marked, until the end of the step.
    for uid in destroyed:
        if query.turn_flag(st, query.FLAG_BATTLE_SAFE, st.ctrl[uid]):
            continue  # an effect keeps its controller's monsters from battle destruction
        if (st.modders or st.granted) and (
            query.battle_indestructible(st, uid) or query.spend_indestructible(st, uid, 0)
        ):
            continue  # "cannot be destroyed by battle" (once per turn...)
        sub = query.battle_substitute(st, uid) if st.modders else NONE
        if sub != NONE:  # "destroy that card instead" (Relinquished's equipped monster),
            st.battle_destroyed.append(sub)  # at the end of the Damage Step too
            continue
        st.battle_destroyed.append(uid)
        ops.raise_event(st, EventKind.BATTLE_DESTROYED, st.ctrl[uid], uid, reason=Reason.BATTLE)


def _battle_damage(st: State, player: int, amount: int, rp: int, rc: int) -> None:
    """``player`` takes battle damage, unless an effect spares them it (this turn, or
    this battle's)."""
    if query.turn_flag(st, query.FLAG_NO_BATTLE_DAMAGE, player):
        return
    if st.granted and query.battle_damage_prevented(st, player):
        return
    if st.modders and query.battle_shielded(st, player):
        return
    ops.damage(st, player, amount, Reason.BATTLE, rp, rc)
