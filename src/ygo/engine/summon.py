"""Normal Summon, Set and Flip Summon (R-SUM-1..3, R-SUM-10, R-POS-5).

Frame: ``[SUMMON, step, card, tributes needed, mode, chosen tributes...]``
(``frames.SUMMON``), the mode a ``frames.SummonMode``: NORMAL, SET, FLIP,
PROCEDURE (a Special Summon by the monster's own procedure: then ``need`` is the
index of its summoning condition, whose operation steps pay the procedure's
costs: R-SUM-8, R-SUM-10), BY_EFFECT or BY_EFFECT_SET (a Normal Summon or Set
made by a resolving effect, Ultimate Offering: by the monster's controller, turn
player or not, it does not use the turn's Normal Summon and has no "being
summoned" moment nor window of its own; it happens inside the chain link,
R-SUM-10, whose triggers wait for the chain to end), GEMINI.

A summon passes through the "being summoned" moment (R-SUM-10): the events of
the summon and its tributes are held back while only summon negation may be
activated (``Window.SUMMONING``); if the summon is negated the monster was
never summoned. Otherwise the events are released (a Flip Summon raises FLIP
now, R-MON-5), "when summoned" triggers go on a chain, and the turn player gets
priority first (R-TURN-6, ``Window.SUMMONED``).
"""

from __future__ import annotations

from ygo.core.enums import Location, Position
from ygo.core.ints import (
    POS_FACEUP_ATTACK,
    PROC_SOLVE,
    SOLVE_STEP_START,
    SUMMON_MODE_BY_EFFECT,
    SUMMON_MODE_FLIP,
    SUMMON_MODE_GEMINI,
    SUMMON_MODE_NORMAL,
    SUMMON_MODE_PROCEDURE,
    SUMMON_MODE_SET,
    SUMMON_STEP_BEING_SUMMONED,
    SUMMON_STEP_CHOSEN,
    SUMMON_STEP_COSTS_PAID,
    SUMMON_STEP_PLACE,
    SUMMON_STEP_TRIBUTES,
    TYPE_SYNCHRO,
    TYPE_SYNCHRO_XYZ,
)
from ygo.core.state import NONE, State
from ygo.engine import legal, ops, query
from ygo.engine.actions import Action, ActionKind, DecisionKind
from ygo.engine.events import EventKind, Reason
from ygo.engine.frames import (
    AT_STEP,
    AT_SUMMON_CARD,
    AT_SUMMON_MODE,
    AT_SUMMON_NEED,
    AT_SUMMON_TAIL,
)
from ygo.engine.priority import Window, open_window
from ygo.engine.proc import Frame, ask, pop, push


def handle_summon(st: State, f: Frame) -> None:
    step = f[AT_STEP]
    uid = f[AT_SUMMON_CARD]
    if f[AT_SUMMON_MODE] == SUMMON_MODE_GEMINI and step != SUMMON_STEP_BEING_SUMMONED:
        _gemini(st, f)
        return
    by_effect = SUMMON_MODE_BY_EFFECT <= f[AT_SUMMON_MODE] < SUMMON_MODE_GEMINI
    p = st.ctrl[uid] if by_effect else st.tp
    if f[AT_SUMMON_MODE] == SUMMON_MODE_PROCEDURE and step != SUMMON_STEP_BEING_SUMMONED:
        _procedure(st, f)
        return
    if step == SUMMON_STEP_CHOSEN:  # a tribute was chosen
        f.append(st.answer.card)
        step = SUMMON_STEP_TRIBUTES
    if step == SUMMON_STEP_TRIBUTES:
        chosen = f[AT_SUMMON_TAIL:]
        need = f[AT_SUMMON_NEED] - query.tributes_counted(st, chosen, uid)
        if need > 0:
            f[AT_STEP] = SUMMON_STEP_CHOSEN
            options = legal.select_options(st, legal.tribute_candidates(st, p, chosen))
            ask(st, p, DecisionKind.TRIBUTE, options, count=need)
            return
        mode = f[AT_SUMMON_MODE] & 3  # BY_EFFECT(_SET): NORMAL (or SET)
        ops.new_batch(st)
        if mode == SUMMON_MODE_FLIP:
            # R-POS-5: face-down -> face-up Attack; counts as the turn's position change.
            st.pos[uid] = POS_FACEUP_ATTACK
            st.pos_turn[uid] = st.turn
            st.dirty = True
            query.set_flag(st, query.FLAG_SUMMONED, p)
            ops.raise_event(st, EventKind.FLIP_SUMMON, p, uid, dst=st.seq[uid], rp=p)
        else:
            if chosen:
                ops.tribute(st, chosen)
                # The Tributes are a cost, paid first; the summon that follows is the
                # last thing that happened (R-CHAIN-13: a "When ... sent to the GY"
                # trigger of a Tribute misses its timing).
                ops.new_batch(st)
            zone = ops.free_zone(st, p)
            position = (
                Position.FACEUP_ATTACK if mode == SUMMON_MODE_NORMAL else Position.FACEDOWN_DEFENSE
            )
            ops.move(st, uid, Location.MZONE, Reason.SUMMON, player=p, zone=zone,
                     position=position, log=False, rp=p)  # fmt: skip
            if not by_effect:
                st.ns_count += 1
            if mode == SUMMON_MODE_NORMAL:
                query.set_flag(st, query.FLAG_SUMMONED, p)
            kind = EventKind.SUMMON if mode == SUMMON_MODE_NORMAL else EventKind.SET
            # The tributes it was summoned with (Kaiser Sea Horse counts as two).
            value = (
                (f[AT_SUMMON_NEED] if chosen else 0)
                if mode == SUMMON_MODE_NORMAL
                else Location.MZONE
            )
            ops.raise_event(
                st, kind, p, uid, value, Location.HAND, zone, secret=mode == SUMMON_MODE_SET, rp=p
            )
            if mode == SUMMON_MODE_SET:  # R-SUM-1: a Set is not a Summon
                st.sumtype[uid] = ops.SUMTYPE_SET
                pop(st)
                return
        if by_effect:  # inside a chain link: no moment nor window of its own
            st.sumtype[uid] = ops.SUMTYPE_NORMAL | (st.sumtype[uid] & ops.SUMTYPE_PROPER)
            pop(st)
            return
        _being_summoned(st, f, uid)
        return
    # SUMMON_STEP_BEING_SUMMONED: after the summon moment
    negated = ops.end_summoning(st)
    pop(st)
    if negated:  # never summoned: no "when summoned" triggers (R-SUM-10)
        ops.clear_status(st, uid, ops.STATUS_GEMINI)
        return
    kept = st.sumtype[uid] & ops.SUMTYPE_PROPER  # a revived monster Set again stays proper
    if (
        f[AT_SUMMON_MODE] == SUMMON_MODE_PROCEDURE
    ):  # R-SUM-9: properly summoned only once the summon succeeds
        st.sumtype[uid] = ops.SUMTYPE_SPECIAL | ops.SUMTYPE_PROC | ops.SUMTYPE_PROPER
        st.dirty = True  # the rules check sees the summon (a special win: R-DUEL-6)
    else:
        st.sumtype[uid] = (
            ops.SUMTYPE_FLIP if f[AT_SUMMON_MODE] == SUMMON_MODE_FLIP else ops.SUMTYPE_NORMAL
        ) | kept
    _lock_responses(st, uid, f[AT_SUMMON_MODE])
    if f[AT_SUMMON_MODE] == SUMMON_MODE_FLIP:
        ops.raise_event(st, EventKind.FLIP, p, uid, reason=Reason.SUMMON, rp=p,
                        prev_pos=Position.FACEDOWN_DEFENSE)  # fmt: skip
    # R-TURN-6: the turn player gets priority first; a chain here returns to the
    # Main Phase when it has resolved.
    open_window(st, Window.SUMMONED, ret=True)


_POSITIONS = (
    Action(ActionKind.CHOOSE, zone=int(Position.FACEUP_ATTACK), label="face-up Attack"),
    Action(ActionKind.CHOOSE, zone=int(Position.FACEUP_DEFENSE), label="face-up Defense"),
)


def _procedure(st: State, f: Frame) -> None:
    """Mode PROCEDURE: pay the procedure's costs (the condition's steps, run like a rule
    effect), choose the position (R-SUM-4), put the monster on the field, then
    the "being summoned" moment, step BEING_SUMMONED (R-SUM-10). A Synchro or Xyz Summon
    (from the Extra Deck) chooses the position first, then the materials."""
    uid, index, p = f[AT_SUMMON_CARD], f[AT_SUMMON_NEED], st.tp
    if "from" in st.fx[uid][index].extra:
        _procedure_from(st, f)
        return
    extra = st.ctype[uid] & TYPE_SYNCHRO_XYZ  # from the Extra Deck (R-SYN-1, R-XYZ-1)
    home = Location.EXTRA if extra else Location.HAND
    if extra:
        # From the Extra Deck the position is chosen first, so that no decision
        # comes between the materials leaving and the monster arriving (Xyz
        # materials are attached to it while it is still in the Extra Deck).
        if f[AT_STEP] == SUMMON_STEP_TRIBUTES:
            f[AT_STEP] = SUMMON_STEP_CHOSEN
            ask(st, p, DecisionKind.EFFECT, _POSITIONS, text="Choose its battle position")
            return
        if f[AT_STEP] == SUMMON_STEP_CHOSEN:
            f.append(st.answer.zone)  # f[AT_SUMMON_TAIL]: the position
            f[AT_STEP] = SUMMON_STEP_PLACE
            push(st, PROC_SOLVE, SOLVE_STEP_START, uid, index, p, 0)
            return
        if st.loc[uid] != home or ops.free_zone(st, p) == NONE:
            pop(st)  # the monster or the zone is gone: no summon
            return
        position = f[AT_SUMMON_TAIL]
    else:
        if f[AT_STEP] == SUMMON_STEP_TRIBUTES:
            f[AT_STEP] = SUMMON_STEP_COSTS_PAID
            push(st, PROC_SOLVE, SOLVE_STEP_START, uid, index, p, 0)
            return
        if f[AT_STEP] == SUMMON_STEP_COSTS_PAID:  # the costs are paid: choose the position
            if st.loc[uid] != home or ops.free_zone(st, p) == NONE:
                pop(st)  # the monster or the zone is gone: no summon
                return
            f[AT_STEP] = SUMMON_STEP_PLACE
            ask(st, p, DecisionKind.EFFECT, _POSITIONS, text="Choose its battle position")
            return
        position = st.answer.zone
    ops.new_batch(st)
    zone = ops.free_zone(st, p)
    query.set_flag(st, query.FLAG_SUMMONED, p)
    reason = Reason.SPSUMMON
    if extra & TYPE_SYNCHRO:
        reason |= Reason.SYNCHRO
    elif extra:
        reason |= Reason.XYZ
    ops.move(st, uid, Location.MZONE, reason, player=p, zone=zone,
             position=position, log=False, rp=p)  # fmt: skip
    ops.raise_event(st, EventKind.SPECIAL_SUMMON, p, uid, 0, home, zone,
                    reason, rp=p, rc=uid)  # fmt: skip
    _being_summoned(st, f, uid)


def summon_info_key(uid: int) -> str:
    """The ``State.script_vals`` key where the kind of summon a procedure with
    ``extra["summon_info"]`` made is kept for the card scripts: (the monster's
    field ID on the field, the value)."""
    return f"S{uid}"


_POSITION_LABELS = ((int(Position.FACEUP_ATTACK), "face-up Attack"),
                    (int(Position.FACEUP_DEFENSE), "face-up Defense"),
                    (int(Position.FACEDOWN_ATTACK), "face-down Attack"),
                    (int(Position.FACEDOWN_DEFENSE), "face-down Defense"))  # fmt: skip


def _procedure_from(st: State, f: Frame) -> None:
    """Mode PROCEDURE for a procedure that names where it is used from
    (``extra["from"]``, a Location mask: the hand, the GY, banished, the Extra
    Deck...). It pays the costs (its steps); then the monster, still where it
    was, goes to a free Monster Zone of the summoning player (of the opponent
    with ``extra["to_opponent"]``) in a position of ``extra["positions"]``
    (face-up by default; the player chooses when there are several, R-SUM-4:
    from the Extra Deck before the costs, as a Synchro or Xyz Summon does),
    with the reason bits ``extra["reason"]`` (Synchro, Xyz...) added to the
    Special Summon's; then the "being summoned" moment (R-SUM-10).
    ``extra["go_on"](st, uid)``, if any, says after the costs whether the
    summon still happens (the player backed out of it)."""
    uid, index, p = f[AT_SUMMON_CARD], f[AT_SUMMON_NEED], st.tp
    x = st.fx[uid][index].extra
    to = 1 - p if x.get("to_opponent") else p
    first = x["from"] == Location.EXTRA  # (the position first, as R-SYN-1 / R-XYZ-1's)
    step = f[AT_STEP]
    allowed = int(x.get("positions", Position.FACEUP))
    choices = tuple(
        Action(ActionKind.CHOOSE, zone=v, label=name) for v, name in _POSITION_LABELS if allowed & v
    ) or (_POSITIONS[0],)
    if step == SUMMON_STEP_TRIBUTES:
        if not first:
            f[AT_STEP] = SUMMON_STEP_COSTS_PAID
        elif len(choices) > 1:
            f[AT_STEP] = SUMMON_STEP_CHOSEN
            ask(st, p, DecisionKind.EFFECT, choices, text="Choose its battle position")
            return
        else:
            f.append(choices[0].zone)  # f[AT_SUMMON_TAIL]: the position
            f[AT_STEP] = SUMMON_STEP_PLACE
        push(st, PROC_SOLVE, SOLVE_STEP_START, uid, index, p, 0)
        return
    if step == SUMMON_STEP_CHOSEN:
        f.append(st.answer.zone)
        f[AT_STEP] = SUMMON_STEP_PLACE
        push(st, PROC_SOLVE, SOLVE_STEP_START, uid, index, p, 0)
        return
    if step == SUMMON_STEP_COSTS_PAID or first:
        go_on = x.get("go_on")
        if (
            not st.loc[uid] & x["from"]
            or ops.free_zone(st, to) == NONE
            or (go_on is not None and not go_on(st, uid))
        ):
            pop(st)  # the monster or the zone is gone, or the player backed out: no summon
            return
    if first:
        position = f[AT_SUMMON_TAIL]
    elif step == SUMMON_STEP_COSTS_PAID:
        if len(choices) > 1:
            f[AT_STEP] = SUMMON_STEP_PLACE
            ask(st, p, DecisionKind.EFFECT, choices, text="Choose its battle position")
            return
        position = choices[0].zone
    else:
        position = st.answer.zone
    home = st.loc[uid]
    ops.new_batch(st)
    zone = ops.free_zone(st, to)
    query.set_flag(st, query.FLAG_SUMMONED, p)
    reason = Reason.SPSUMMON | int(x.get("reason", 0))
    ops.move(st, uid, Location.MZONE, reason, player=to, zone=zone,
             position=position, log=False, rp=p)  # fmt: skip
    info = x.get("summon_info")
    if info is not None:
        st.script_vals[summon_info_key(uid)] = (st.fid[uid], int(info))
    ops.raise_event(st, EventKind.SPECIAL_SUMMON, to, uid, 0, home, zone,
                    reason, rp=p, rc=uid)  # fmt: skip
    _being_summoned(st, f, uid)


def _lock_responses(st: State, uid: int, mode: int) -> None:
    """A summon succeeded: if the monster's rule ``no_response`` holds this mode's
    bit ("when Normal Summoned, cards and effects cannot be activated"), nothing
    may be activated in the window that follows (``query.summon_lock_blocks``);
    with ``no_response_others`` its own effects still may. Any other summon lifts
    the last lock."""
    key = query.FLAG_SUMMON_LOCK * 2
    bits = query.summon_rule(st, uid, "no_response") if st.fx[uid] else None
    if isinstance(bits, int) and bits >> mode & 1:
        exempt = uid if query.summon_rule(st, uid, "no_response_others") else NONE
        st.limits[key] = (st.turn << 16) | (exempt + 1)
    elif key in st.limits:
        del st.limits[key]


def _gemini(st: State, f: Frame) -> None:
    """Mode GEMINI: a face-up Gemini monster is Normal Summoned where it is (R-MON-4):
    it uses the turn's Normal Summon, gains its effects (``ops.STATUS_GEMINI``)
    and passes through the "being summoned" moment, step BEING_SUMMONED (R-SUM-10)."""
    uid, p = f[AT_SUMMON_CARD], st.tp
    ops.new_batch(st)
    st.ns_count += 1
    query.set_flag(st, query.FLAG_SUMMONED, p)
    ops.add_status(st, uid, ops.STATUS_GEMINI)
    st.dirty = True
    ops.raise_event(st, EventKind.SUMMON, p, uid, 0, Location.MZONE, st.seq[uid], rp=p)
    _being_summoned(st, f, uid)


def _being_summoned(st: State, f: Frame, uid: int) -> None:
    """R-SUM-10: the "being summoned" moment, the frame's step BEING_SUMMONED: the summon's
    events wait (``State.held``) while only summon negation may be activated."""
    ops.begin_summoning(st, uid)
    f[AT_STEP] = SUMMON_STEP_BEING_SUMMONED
    open_window(st, Window.SUMMONING)


def negate_summon(st: State, rp: int, rc: int) -> bool:
    """Negate the summon being made (R-SUM-10); the caller decides what happens
    to the monster (Solemn Judgment destroys it). False if nothing is being
    summoned."""
    uid = st.summoning
    if uid == NONE or st.summon_negated or query.summon_unnegatable(st):
        return False
    st.summon_negated = True
    # A monster that came to the field by this summon was never on the field; one
    # Flip or Gemini Summoned was there before it (R-SUM-10).
    status = ops.STATUS_NEGATED
    if query.summon_mode(st) not in (SUMMON_MODE_FLIP, SUMMON_MODE_GEMINI):
        status |= ops.STATUS_NEVER_ON_FIELD
    group = summoning_group(st)
    for u in group:
        # R-PEND-4: a monster whose summon was negated goes to the GY, not the Extra Deck.
        ops.add_status(st, u, status)
        ops.raise_event(st, EventKind.SUMMON_NEGATED, st.ctrl[u], u, rp=rp, rc=rc)
    # The summon never happened: its events, held since the moment began, trigger
    # nothing ("whenever a monster is Normal Summoned"); the Tributes' and costs'
    # events stay (they happened).
    st.held = [e for e in st.held if not (e.kind in _SUMMON_EVENTS and e.card in group)]
    return True


_SUMMON_EVENTS = (EventKind.SUMMON, EventKind.FLIP_SUMMON, EventKind.SPECIAL_SUMMON)


def summoning_group(st: State) -> list[int]:
    """The monsters at the "being summoned" moment (R-SUM-10): ``State.summoning``
    and, for a Pendulum Summon, the others summoned with it (``ops.STATUS_SUMMONING``)."""
    uid = st.summoning
    if uid == NONE:
        return []
    out = [uid]
    for p in (0, 1):
        for u in st.mzone[p]:
            if u != NONE and u != uid and st.status[u] & ops.STATUS_SUMMONING:
                out.append(u)
    return out
