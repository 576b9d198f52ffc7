"""The run loop and its handler table: ``Duel.apply -> processor.run -> handler``.

:func:`run` calls the handler of the top frame until a player must decide or
the duel is over, and runs the rules check (:func:`ygo.engine.chain.adjust`)
after every step that changed the field. The table below lists each
procedure's handler literally; the frames' steps and slots are declared in
:mod:`ygo.engine.frames`, the frame primitives (push, pop, ask) are in
:mod:`ygo.engine.proc`.
"""

from __future__ import annotations

from ygo.core.state import State
from ygo.engine import battle, chain, pendulum, priority, setup, summon, turn
from ygo.engine.frames import AT_PROC
from ygo.engine.proc import Handler, Proc

#: Each procedure's handler.
HANDLERS: dict[Proc, Handler] = {
    Proc.TURN: turn.handle_turn,
    Proc.MAIN: turn.handle_main,
    Proc.DISCARD: turn.handle_discard,
    Proc.SUMMON: summon.handle_summon,
    Proc.BATTLE: battle.handle_battle,
    Proc.DAMAGE: battle.handle_damage,
    Proc.WINDOW: priority.handle_window,
    Proc.ACTIVATE: chain.handle_activate,
    Proc.RESOLVE: chain.handle_resolve,
    Proc.TRIGGERS: chain.handle_triggers,
    Proc.SOLVE: chain.handle_solve,
    Proc.START: setup.handle_start,
    Proc.PENDULUM: pendulum.handle_pendulum,
}

# The table as a list indexed by procedure ID (the run loop's lookup).
_TABLE: list[Handler | None] = [HANDLERS.get(p) for p in range(max(Proc) + 1)]  # type: ignore[call-overload]


def run(st: State) -> None:
    """Advance until a player must decide or the duel is over."""
    handlers = _TABLE
    adjust = chain.adjust  # the rules check (R-RULES: state-based actions)
    stack = st.stack
    while st.pending is None and stack:
        frame = stack[-1]
        handlers[frame[AT_PROC]](st, frame)  # type: ignore[misc]
        if st.dirty:
            adjust(st)
