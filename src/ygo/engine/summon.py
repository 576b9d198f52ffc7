"""Normal Summon, Set and Flip Summon (R-SUM-1..3, R-POS-5).

Frame: ``[SUMMON, step, card, tributes needed, mode, chosen tributes...]``
with mode 0 = Normal Summon, 1 = Set, 2 = Flip Summon.
"""

from __future__ import annotations

from ygo.core.enums import Location, Position
from ygo.core.state import State
from ygo.engine import legal, ops
from ygo.engine.actions import DecisionKind
from ygo.engine.events import Event, EventKind, Reason
from ygo.engine.priority import Window, open_window
from ygo.engine.proc import Frame, Proc, ask, handler, pop

NORMAL, SET, FLIP = 0, 1, 2


@handler(Proc.SUMMON)
def _summon(st: State, f: Frame) -> None:
    step = f[1]
    uid = f[2]
    p = st.tp
    if step == 1:  # a tribute was chosen
        f.append(st.answer.card)
        step = 0
    if step == 0:
        chosen = f[5:]
        need = f[3] - len(chosen)
        if need > 0:
            f[1] = 1
            options = legal.select_options(st, legal.tribute_candidates(st, p, chosen))
            ask(st, p, DecisionKind.TRIBUTE, options, count=need)
            return
        mode = f[4]
        if mode == FLIP:
            # R-POS-5: face-down -> face-up Attack; counts as the turn's position change.
            st.pos[uid] = Position.FACEUP_ATTACK
            st.pos_turn[uid] = st.turn
            st.events.append(
                Event(EventKind.FLIP_SUMMON, p, uid, st.data[uid].code, dst=st.seq[uid])
            )
        else:
            if chosen:
                ops.tribute(st, chosen)
            zone = ops.free_zone(st, p)
            position = Position.FACEUP_ATTACK if mode == NORMAL else Position.FACEDOWN_DEFENSE
            ops.move(
                st,
                uid,
                Location.MZONE,
                Reason.SUMMON,
                player=p,
                zone=zone,
                position=position,
                log=False,
            )
            st.ns_count += 1
            kind = EventKind.SUMMON if mode == NORMAL else EventKind.SET
            st.events.append(
                Event(
                    kind,
                    p,
                    uid,
                    st.data[uid].code,
                    value=len(chosen) if mode == NORMAL else Location.MZONE,
                    src=Location.HAND,
                    dst=zone,
                    secret=mode == SET,
                )
            )
            if mode == SET:
                pop(st)
                return
        f[1] = 2
        open_window(st, Window.SUMMONING)  # R-SUM-10: only summon negation here
        return
    # step 2: the summon succeeded
    pop(st)
    open_window(st, Window.SUMMONED)
