"""The processor: an explicit stack of step frames (ygopro-core's way).

A frame is a list of ints ``[procedure, step, args...]``. The run loop calls
the handler of the top frame; a handler does the work of its current step,
sets the next step, and may push frames (sub-procedures, priority windows) or
ask a question (:func:`ask`) and return. Because frames and everything else are
plain data, a duel can be cloned or saved at any decision.

Handlers register themselves with :func:`handler`; the modules that define
them (turn, summon, battle, priority) are imported by :mod:`ygo.engine.duel`.
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

_HANDLERS: list[Handler | None] = [None] * (max(Proc) + 1)


def _no_adjust(st: State) -> None:
    st.dirty = False


#: The rules check run after every step that changed the field (installed by
#: :mod:`ygo.engine.chain`; code, not duel state).
_ADJUST: list[Callable[[State], None]] = [_no_adjust]


def set_adjust(fn: Callable[[State], None]) -> None:
    _ADJUST[0] = fn


def handler(proc: Proc) -> Callable[[Handler], Handler]:
    """Register the handler of a procedure."""

    def register(fn: Handler) -> Handler:
        _HANDLERS[proc] = fn
        return fn

    return register


def run(st: State) -> None:
    """Advance until a player must decide or the duel is over."""
    handlers = _HANDLERS
    adjust = _ADJUST[0]
    stack = st.stack
    while st.pending is None and stack:
        frame = stack[-1]
        handlers[frame[0]](st, frame)  # type: ignore[misc]
        if st.dirty:
            adjust(st)


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
