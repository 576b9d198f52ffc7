"""Priority windows (R-TURN-6).

In every phase and step, and after each summon and attack declaration, the
turn player gets priority first; passing gives it to the opponent; the window
closes when both pass in succession. A window where neither player has
anything to activate is skipped at once, without asking anybody, unless a
player asked to stop there (``State.stops``).

What a player can activate in a window comes from the activation query, which
the effects layer installs with :func:`set_activation_query`; until it does,
nothing can be activated and every window closes at once.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum

from ygo.core.state import State
from ygo.engine.actions import Action, ActionKind, Decision, DecisionKind
from ygo.engine.proc import Frame, Proc, handler, pop


class Window(IntEnum):
    """The moments at which players get priority."""

    DRAW = 0
    STANDBY = 1
    MAIN_END = 2
    """The turn player moved on from a Main Phase: the opponent may respond."""
    BATTLE_START = 3
    BATTLE_STEP_END = 4
    """The turn player moved on from the Battle Step: the opponent may respond."""
    ATTACK_DECLARED = 5
    DAMAGE_START = 6
    DAMAGE_BEFORE_CALC = 7
    DAMAGE_AFTER_CALC = 8
    DAMAGE_END = 9
    BATTLE_END = 10
    END_PHASE = 11
    SUMMONING = 12
    """A monster is being summoned: only effects that negate summons (R-SUM-10)."""
    SUMMONED = 13
    """A summon succeeded."""

    @property
    def bit(self) -> int:
        return 1 << self.value

    @property
    def label(self) -> str:
        return self.name.replace("_", " ").lower()


ActivationQuery = Callable[[State, int, Window], list[Action]]


def _nothing(st: State, player: int, window: Window) -> list[Action]:
    return []


_query: ActivationQuery = _nothing

PASS = Action(ActionKind.PASS)


def set_activation_query(query: ActivationQuery | None) -> None:
    """Install what players can activate in a window (None: nothing)."""
    global _query
    _query = query or _nothing


def open_window(st: State, window: Window, first: int | None = None, passes: int = 0) -> None:
    """Open a priority window on top of the calling frame.

    ``first`` gets priority first (default: the turn player); ``passes=1``
    means the other player has already passed (the turn player moving on from a
    phase, for example). The calling handler must have set its next step: it
    runs once the window closes. ``st.window_acted`` tells it whether anything
    was activated.
    """
    st.window_acted = False
    p = st.tp if first is None else first
    stops = st.stops
    if (
        (stops[0] | stops[1]) & window.bit
        or _query(st, p, window)
        or (passes == 0 and _query(st, 1 - p, window))
    ):
        st.stack.append([Proc.WINDOW, 0, window, p, passes])


@handler(Proc.WINDOW)
def _window(st: State, f: Frame) -> None:
    # Frame: [WINDOW, step, window, player with priority, passes in succession]
    window = Window(f[2])
    if f[1] == 0:
        p = f[3]
        options = _query(st, p, window)
        if options or st.stops[p] & window.bit:
            f[1] = 1
            st.pending = Decision(p, DecisionKind.PRIORITY, (*options, PASS))
            return
        _passed(st, f)
        return
    f[1] = 0
    if st.answer.kind == ActionKind.PASS:
        _passed(st, f)
    else:  # pragma: no cover - activations arrive with the effects layer
        st.window_acted = True
        f[4] = 0
        f[3] = 1 - f[3]


def _passed(st: State, f: Frame) -> None:
    f[4] += 1
    if f[4] >= 2:
        pop(st)
    else:
        f[3] = 1 - f[3]
