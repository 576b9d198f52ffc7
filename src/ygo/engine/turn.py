"""The turn: phases in order (R-TURN-1..5) and the Main Phase.

Frames:

- ``[TURN, step]`` at the bottom of the stack for the whole duel;
- ``[MAIN, step, phase]`` for Main Phase 1 or 2;
- ``[DISCARD, step]`` for the End Phase hand limit.
"""

from __future__ import annotations

from ygo.core.enums import Location, Phase, Position
from ygo.core.ints import (
    BATTLE_STEP_START,
    DISCARD_STEP_ASK,
    DISCARD_STEP_CHOSEN,
    MAIN_STEP_CHOSEN,
    MAIN_STEP_CLOSING,
    MAIN_STEP_OPEN,
    PENDULUM_STEP_OFFER,
    PROC_BATTLE,
    PROC_DISCARD,
    PROC_MAIN,
    PROC_PENDULUM,
    PROC_SUMMON,
    PROC_WINDOW,
    SUMMON_MODE_FLIP,
    SUMMON_MODE_GEMINI,
    SUMMON_MODE_NORMAL,
    SUMMON_MODE_PROCEDURE,
    SUMMON_MODE_SET,
    SUMMON_STEP_TRIBUTES,
    TURN_STEP_AFTER_BATTLE,
    TURN_STEP_AFTER_MAIN1,
    TURN_STEP_DRAW,
    TURN_STEP_END,
    TURN_STEP_HAND_LIMIT,
    TURN_STEP_MAIN1,
    TURN_STEP_NEXT_TURN,
    TURN_STEP_STANDBY,
    TYPE_FIELD,
    WINDOW_STEP_ENTRY,
)
from ygo.core.state import NONE, State
from ygo.engine import chain, legal, ops
from ygo.engine.actions import ActionKind, DecisionKind
from ygo.engine.events import EventKind, Reason
from ygo.engine.frames import AT_STEP
from ygo.engine.priority import Window, open_window, start_chain
from ygo.engine.proc import Frame, ask, pop, push
from ygo.engine.query import tributes_needed

_BY_PROCEDURE = (ActionKind.SPSUMMON, ActionKind.SYNCHRO_SUMMON, ActionKind.XYZ_SUMMON)


def handle_turn(st: State, f: Frame) -> None:
    step = f[AT_STEP]
    if step == TURN_STEP_DRAW:  # a new turn: Draw Phase
        st.turn += 1
        st.ns_count = 0
        st.ns_limit = 1
        st.battle_entered = False
        st.end_requested = False
        ops.raise_event(st, EventKind.TURN, st.tp, value=st.turn)
        ops.new_batch(st)
        ops.set_phase(st, Phase.DRAW)
        # R-TURN-2: the first player skips the first draw (mr3) or not (classic).
        if st.turn > 1 or st.first_turn_draw:
            ops.new_batch(st)
            ops.draw(st, st.tp, st.draws_per_turn)
            if ops.check_win(st):  # R-DUEL-5
                return
        f[AT_STEP] = TURN_STEP_STANDBY
        open_window(st, Window.DRAW)
    elif step == TURN_STEP_STANDBY:
        ops.new_batch(st)
        ops.set_phase(st, Phase.STANDBY)
        f[AT_STEP] = TURN_STEP_MAIN1
        open_window(st, Window.STANDBY)
    elif step == TURN_STEP_MAIN1:
        ops.set_phase(st, Phase.MAIN1)
        f[AT_STEP] = TURN_STEP_AFTER_MAIN1
        push(st, PROC_MAIN, MAIN_STEP_OPEN, Phase.MAIN1)
    elif (
        step == TURN_STEP_AFTER_MAIN1
    ):  # after Main Phase 1: Battle Phase, or straight to the End (R-TURN-4)
        if st.battle_entered:
            f[AT_STEP] = TURN_STEP_AFTER_BATTLE
            push(st, PROC_BATTLE, BATTLE_STEP_START)
        else:
            f[AT_STEP] = TURN_STEP_END
    elif step == TURN_STEP_AFTER_BATTLE:  # after the Battle Phase: Main Phase 2
        ops.set_phase(st, Phase.MAIN2)
        f[AT_STEP] = TURN_STEP_END
        push(st, PROC_MAIN, MAIN_STEP_OPEN, Phase.MAIN2)
    elif step == TURN_STEP_END:
        ops.new_batch(st)
        ops.set_phase(st, Phase.END)
        chain.end_of_turn_resets(st)
        f[AT_STEP] = TURN_STEP_HAND_LIMIT
        open_window(st, Window.END_PHASE)
    elif step == TURN_STEP_HAND_LIMIT:  # R-TURN-5: hand limit after end-of-turn effects
        f[AT_STEP] = TURN_STEP_NEXT_TURN
        push(st, PROC_DISCARD, DISCARD_STEP_ASK)
    else:  # end of turn: the other player's turn
        st.tp = 1 - st.tp
        f[AT_STEP] = TURN_STEP_DRAW


def handle_main(st: State, f: Frame) -> None:
    step = f[AT_STEP]
    if step == MAIN_STEP_OPEN:
        if st.end_requested:  # chose the End Phase from the Battle Phase
            f[AT_STEP] = MAIN_STEP_CLOSING
            open_window(st, Window.MAIN_END, first=1 - st.tp, passes=1, ret=True)
            return
        if st.raised:  # triggers waiting (a negated summon's tributes, say)
            chain.collect_triggers(st)
            if st.triggers:
                st.stack.append([PROC_WINDOW, WINDOW_STEP_ENTRY, Window.MAIN_OPEN, st.tp, 0, 0, 1])
                return
        f[AT_STEP] = MAIN_STEP_CHOSEN
        options = legal.main_options(st)
        if st.active:
            acts = chain.activations(st, st.tp, Window.MAIN_OPEN)
            if acts:  # before "battle" / "end-turn", which close the list
                at = len(options) - (2 if options[-2:][0].kind == ActionKind.BATTLE else 1)
                options[at:at] = acts
        ask(st, st.tp, DecisionKind.MAIN, options)
        return
    if step == MAIN_STEP_CHOSEN:
        a = st.answer
        kind = a.kind
        f[AT_STEP] = MAIN_STEP_OPEN
        if kind == ActionKind.ACTIVATE:
            start_chain(st, Window.MAIN_OPEN, a.card, a.effect, st.tp)
        elif kind == ActionKind.SUMMON:
            need = tributes_needed(st, a.card)
            if a.effect >= 0:  # another number of tributes its text allows (Gilford)
                need = int(st.fx[a.card][a.effect].extra["tributes"])
            push(st, PROC_SUMMON, SUMMON_STEP_TRIBUTES, a.card, need, SUMMON_MODE_NORMAL)
        elif kind == ActionKind.SET_MONSTER:
            push(
                st,
                PROC_SUMMON,
                SUMMON_STEP_TRIBUTES,
                a.card,
                tributes_needed(st, a.card),
                SUMMON_MODE_SET,
            )
        elif kind == ActionKind.FLIP_SUMMON:
            push(st, PROC_SUMMON, SUMMON_STEP_TRIBUTES, a.card, 0, SUMMON_MODE_FLIP)
        elif kind in _BY_PROCEDURE:  # by the monster's own procedure (Synchro, Xyz...)
            push(st, PROC_SUMMON, SUMMON_STEP_TRIBUTES, a.card, a.effect, SUMMON_MODE_PROCEDURE)
        elif kind == ActionKind.GEMINI_SUMMON:  # a Gemini's second Normal Summon
            push(st, PROC_SUMMON, SUMMON_STEP_TRIBUTES, a.card, 0, SUMMON_MODE_GEMINI)
        elif kind == ActionKind.PENDULUM_SUMMON:  # R-PEND-2: a procedure of the player
            push(st, PROC_PENDULUM, PENDULUM_STEP_OFFER, st.tp)
        elif kind == ActionKind.TO_ATTACK:
            ops.new_batch(st)
            ops.change_position(st, a.card, Position.FACEUP_ATTACK, manual=True, rp=st.tp)
        elif kind == ActionKind.TO_DEFENSE:
            ops.new_batch(st)
            # R-POS-1: a face-down Attack monster goes to face-down Defense.
            face_down = st.pos[a.card] == Position.FACEDOWN_ATTACK
            to = Position.FACEDOWN_DEFENSE if face_down else Position.FACEUP_DEFENSE
            ops.change_position(st, a.card, to, manual=True, rp=st.tp)
        elif kind == ActionKind.SET_SPELL:
            ops.new_batch(st)
            set_spell_trap(st, a.card)
        else:  # BATTLE or END_TURN: the turn player passes; the opponent may respond
            st.battle_entered = kind == ActionKind.BATTLE
            f[AT_STEP] = MAIN_STEP_CLOSING
            open_window(st, Window.MAIN_END, first=1 - st.tp, passes=1, ret=True)
        return
    # MAIN_STEP_CLOSING: after the opponent's window at the end of the phase
    if st.window_acted:  # something happened: the turn player gets priority back
        st.battle_entered = False
        st.end_requested = False
        f[AT_STEP] = MAIN_STEP_OPEN
    else:
        pop(st)


def set_spell_trap(st: State, uid: int) -> None:
    """Set a Spell or Trap face-down: a Field Spell in the Field Zone (replacing
    the player's own Field Spell there), anything else in a Spell & Trap Zone."""
    p = st.tp
    if st.ctype[uid] & TYPE_FIELD:
        old = st.fzone[p]
        if old != NONE:
            ops.send_to_grave(st, [old], Reason.RULE)
        ops.move(
            st,
            uid,
            Location.FZONE,
            Reason.RULE,
            player=p,
            position=Position.FACEDOWN_DEFENSE,
            log=False,
        )
        zone = 0
        where = Location.FZONE
    else:
        zone = ops.free_zone(st, p, Location.SZONE)
        ops.move(
            st,
            uid,
            Location.SZONE,
            Reason.RULE,
            player=p,
            zone=zone,
            position=Position.FACEDOWN_DEFENSE,
            log=False,
        )
        where = Location.SZONE
    ops.raise_event(st, EventKind.SET, p, uid, where, Location.HAND, zone, secret=True, rp=p)


def hand_limit_player(st: State) -> int:
    """Who discards down to the hand limit at the End Phase: the turn player
    (R-TURN-5). A function of its own so the mutation check can break it."""
    return st.tp


def handle_discard(st: State, f: Frame) -> None:
    p = hand_limit_player(st)
    if f[AT_STEP] == DISCARD_STEP_CHOSEN:
        uid = st.answer.card
        ops.new_batch(st)
        ops.move(st, uid, Location.GRAVE, Reason.DISCARD | Reason.RULE, rp=p)
    excess = len(st.hand[p]) - st.hand_limit
    if excess <= 0:
        pop(st)
        return
    f[AT_STEP] = DISCARD_STEP_CHOSEN
    ask(st, p, DecisionKind.DISCARD, legal.select_options(st, st.hand[p]), count=excess)
