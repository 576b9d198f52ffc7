"""The processor: an explicit stack of step frames (ygopro-core's way).

A frame is a list of ints ``[procedure, step, slots...]`` (each procedure's
steps and slots are declared in :mod:`ygo.engine.frames`). The run loop
(:func:`ygo.engine.processor.run`) calls the handler of the top frame, looked
up in the table :data:`ygo.engine.processor.HANDLERS`; a handler does the work
of its current step, sets the next step, and may push frames (sub-procedures,
priority windows) or ask a question (:func:`ask`) and return. Because frames
and everything else are plain data, a duel can be cloned or saved at any
decision.

This module holds what the handlers share (the procedure IDs, push, pop, ask);
it imports no handler.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import IntEnum

from ygo.core.state import State
from ygo.engine.actions import Action, Decision, DecisionKind, new_decision


class Proc(IntEnum):
    """Procedure IDs (the first int of a frame)."""

    TURN = 0
    MAIN = 1
    SUMMON = 2
    BATTLE = 3
    DAMAGE = 4
    WINDOW = 5
    DISCARD = 6
    ACTIVATE = 7
    RESOLVE = 8
    TRIGGERS = 9
    SOLVE = 10
    START = 11
    """The coin toss winner's choice of turn order, then the opening (setup.py)."""
    PENDULUM = 15
    """pendulum: a Pendulum Summon (pendulum.py, R-PEND-2)."""


Frame = list[int]
Handler = Callable[[State, Frame], None]


def push(st: State, *frame: int) -> None:
    st.stack.append(list(frame))


def pop(st: State) -> None:
    st.stack.pop()


def ask(
    st: State,
    player: int,
    kind: DecisionKind,
    options: Sequence[Action],
    count: int = 0,
    text: str = "",
) -> None:
    """Ask ``player`` to choose. A single option is taken at once without asking
    (a prompt with nothing to choose is not a prompt); the answer lands in
    ``st.answer`` either way, for the handler's next step."""
    if len(options) == 1:
        st.answer = options[0]
    else:
        st.pending = new_decision(Decision, (player, kind, tuple(options), count, text))
