"""Priority windows and chains (R-TURN-6, R-CHAIN-2, R-CHAIN-3).

In every phase and step, and after each summon and attack declaration, the
turn player gets priority first; passing gives it to the opponent; the window
closes when both pass in succession with an empty chain. After an activation
the opponent may respond first (R-CHAIN-3); when both pass with a chain open,
it resolves (R-CHAIN-4); after it has resolved, triggers that happened go on a
new chain (R-CHAIN-14, R-CHAIN-6), then the turn player gets priority again.

If the chain's last resolution summoned a monster (Monster Reborn, Ultimate
Offering), the summon is "the last thing that happened" (R-CHAIN-13): a
``Window.SUMMONED`` window opens inside the window, the turn player first, then
the opponent, for "when summoned" activations (Trap Hole, Chain Destruction).
It is opened only when a player has such an activation (one whose ``windows``
names ``SUMMONED``); then either player may activate anything legal in it.

A window where neither player has anything to activate, and no trigger is
waiting, is skipped at once without asking anybody (no "respond?" prompt with
nothing to respond with), unless a player asked to stop there
(``State.stops``).

Frame: ``[WINDOW, step, window, player with priority, passes in succession,
acted, return after a chain]``. Each window keeps its own "acted" flag, so a
window opened inside another (a summon made by a chain link) cannot wipe what
the outer one knows; when a window closes it publishes its flag in
``State.window_acted`` for the frame that opened it, which runs next.
"""

from __future__ import annotations

from ygo.core.ints import (
    PROC_RESOLVE,
    PROC_TRIGGERS,
    PROC_WINDOW,
    RESOLVE_STEP_RUN,
    TRIGGERS_STEP_RUN,
    WINDOW_STEP_ACTIVATED,
    WINDOW_STEP_AFTER_CHAIN,
    WINDOW_STEP_AFTER_TRIGGERS,
    WINDOW_STEP_ANSWER,
    WINDOW_STEP_ASK,
    WINDOW_STEP_ENTRY,
    WINDOW_STEP_RESOLVED,
)
from ygo.core.state import State
from ygo.engine import chain as _chain
from ygo.engine.actions import Action, ActionKind, Decision, DecisionKind, new_decision
from ygo.engine.events import EventKind
from ygo.engine.frames import (
    AT_STEP,
    AT_WINDOW_ACTED,
    AT_WINDOW_PASSES,
    AT_WINDOW_PLAYER,
    AT_WINDOW_RET,
    AT_WINDOW_WINDOW,
)
from ygo.engine.proc import Frame, pop, push
from ygo.engine.query import zones
from ygo.engine.windows import DAMAGE_WINDOWS, Window

__all__ = ["DAMAGE_WINDOWS", "PASS", "Window", "open_window", "start_chain"]

PASS = Action(ActionKind.PASS)
_PRIORITY = DecisionKind.PRIORITY

_SUMMONS = (EventKind.SUMMON, EventKind.FLIP_SUMMON, EventKind.SPECIAL_SUMMON)


def open_window(
    st: State, window: Window, first: int | None = None, passes: int = 0, ret: bool = False
) -> None:
    """Open a priority window on top of the calling frame.

    ``first`` gets priority first (default: the turn player); ``passes=1``
    means the other player has already passed (the turn player moving on from a
    phase, for example). ``ret``: once a chain has resolved in it, the window
    closes (the caller gives the turn player priority back, as at the end of a
    Main Phase). The calling handler must have set its next step: it runs once
    the window closes, with ``st.window_acted`` telling whether anything was
    activated.
    """
    st.window_acted = False
    p = st.tp if first is None else first
    if st.dirty:  # the rules check comes before priority (an equip whose monster left)
        _chain.adjust(st)
    if st.raised:
        _chain.collect_triggers(st)
    elif st.window_events:
        st.window_events = ()
    stops = st.stops
    bit = 1 << window
    if not (st.triggers or (stops[0] | stops[1]) & bit):
        if not st.active:
            return
        # ``reach``: a cheap first filter (what the players' cards could ever do
        # in this window), before the activation query.
        reach = st.reach
        if reach is None or reach[3] != st.turn:
            reach = zones(st)
        if not (
            (reach[p] & bit and _chain.activations(st, p, window, True))
            or (passes == 0 and reach[1 - p] & bit and _chain.activations(st, 1 - p, window, True))
        ):
            return
    st.stack.append([PROC_WINDOW, WINDOW_STEP_ENTRY, window, p, passes, 0, int(ret)])


def start_chain(st: State, window: Window, uid: int, effect: int, player: int) -> None:
    """A player activated something from a menu (the Main Phase): open the
    window that will take responses, and activate it (as Chain Link 1)."""
    st.stack.append([PROC_WINDOW, WINDOW_STEP_ACTIVATED, window, player, 0, 1, 1])
    _chain.start_activation(st, uid, effect, player)


def handle_window(st: State, f: Frame) -> None:
    step = f[AT_STEP]
    window = f[AT_WINDOW_WINDOW]
    if step == WINDOW_STEP_ENTRY:
        f[AT_STEP] = WINDOW_STEP_AFTER_TRIGGERS
        if st.triggers:
            push(st, PROC_TRIGGERS, TRIGGERS_STEP_RUN, 0, 0)
        return
    if step == WINDOW_STEP_AFTER_TRIGGERS:
        if st.chain:  # a chain of triggers: the opponent of the last link may respond
            f[AT_WINDOW_PLAYER] = 1 - st.chain[-1].player
            f[AT_WINDOW_PASSES] = 0
            f[AT_WINDOW_ACTED] = 1
        f[AT_STEP] = WINDOW_STEP_ASK
        return
    if step == WINDOW_STEP_ASK:
        p = f[AT_WINDOW_PLAYER]
        options = _chain.activations(st, p, window)
        if options or st.stops[p] & (1 << window):
            f[AT_STEP] = WINDOW_STEP_ANSWER
            st.pending = new_decision(Decision, (p, _PRIORITY, (*options, PASS), 0, ""))
            return
        _passed(st, f)
        return
    if step == WINDOW_STEP_ANSWER:
        a = st.answer
        if a.kind == ActionKind.PASS:
            f[AT_STEP] = WINDOW_STEP_ASK
            _passed(st, f)
            return
        f[AT_WINDOW_ACTED] = 1
        f[AT_STEP] = WINDOW_STEP_ACTIVATED
        _chain.start_activation(st, a.card, a.effect, f[AT_WINDOW_PLAYER])
        return
    if step == WINDOW_STEP_ACTIVATED:  # R-CHAIN-3: the opponent may respond first
        f[AT_WINDOW_PLAYER] = 1 - st.chain[-1].player if st.chain else st.tp
        f[AT_WINDOW_PASSES] = 0
        f[AT_STEP] = WINDOW_STEP_ASK
        return
    if step == WINDOW_STEP_RESOLVED:  # triggers during the chain make a new chain (R-CHAIN-14)
        if st.result is not None:
            return
        _chain.collect_triggers(st)
        if st.triggers:
            f[AT_STEP] = WINDOW_STEP_AFTER_TRIGGERS
            push(st, PROC_TRIGGERS, TRIGGERS_STEP_RUN, 0, 0)
            f[AT_WINDOW_PLAYER] = st.tp
            f[AT_WINDOW_PASSES] = 0
            return
        # R-TURN-6, R-CHAIN-13: answers to that summon first (none in the Damage Step,
        # R-BAT-7: a summon there cannot be answered by "when summoned" cards)
        if window not in DAMAGE_WINDOWS and _summoned_last(st):
            f[AT_STEP] = WINDOW_STEP_AFTER_CHAIN
            st.stack.append([PROC_WINDOW, WINDOW_STEP_ASK, Window.SUMMONED, st.tp, 0, 0, 1])
            return
    # WINDOW_STEP_AFTER_CHAIN (or no summon to answer): the chain and its answers are over
    if f[AT_WINDOW_RET]:
        st.window_acted = True
        pop(st)
        return
    f[AT_WINDOW_PLAYER] = st.tp  # R-TURN-6: after a chain, the turn player gets priority
    f[AT_WINDOW_PASSES] = 0
    f[AT_STEP] = WINDOW_STEP_ASK


def _summoned_last(st: State) -> bool:
    """Whether the last resolution of the chain that just ended summoned a monster
    and a player could answer it now with an activation made for that timing (one
    whose ``Effect.windows`` names ``Window.SUMMONED``: Trap Hole, not a Quick
    effect that could be activated at any time anyway). The window's events
    become that resolution's (the earlier ones missed their timing, R-CHAIN-13)."""
    if not st.active:
        return False
    last = st.last_batch
    events = tuple([e for e in st.window_events if e.batch == last])
    if not any(e.kind in _SUMMONS for e in events):
        return False
    st.window_events = events
    window = Window.SUMMONED
    bit = 1 << window
    fx = st.fx
    return any(
        fx[a.card][a.effect].windows & bit
        for p in (st.tp, 1 - st.tp)
        for a in _chain.activations(st, p, window)
    )


def _passed(st: State, f: Frame) -> None:
    f[AT_WINDOW_PASSES] += 1
    if f[AT_WINDOW_PASSES] >= 2:
        f[AT_WINDOW_PASSES] = 0
        if st.chain:
            f[AT_STEP] = WINDOW_STEP_RESOLVED
            push(st, PROC_RESOLVE, RESOLVE_STEP_RUN, 0)
            return
        st.window_acted = bool(f[AT_WINDOW_ACTED])
        pop(st)
    else:
        f[AT_WINDOW_PLAYER] = 1 - f[AT_WINDOW_PLAYER]
        f[AT_STEP] = WINDOW_STEP_ASK
