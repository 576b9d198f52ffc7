"""The processor's frames, declared: each procedure's steps and slots.

A frame is a list of ints ``[procedure, step, slot..., tail...]`` (plain data,
so a duel can be cloned and saved). This module is the one place that says what
each int means: for every :class:`~ygo.engine.proc.Proc`, an ``IntEnum`` of its
steps and a :class:`Layout` naming the slots after the step (index, meaning and
range) and what may follow them; where each slot is (``AT_WINDOW_PLAYER``...,
from the layouts); a summon's modes (:class:`SummonMode`). The handlers (turn,
summon, battle, priority, chain, pendulum, setup) read their step numbers and
slot indices from here, save
validation (:mod:`ygo.engine.serialize`) checks a frame against its layout, and
:func:`ygo.engine.setup.frames_at` builds frames with :meth:`Layout.frame`.

Hot code compares steps millions of times: a handler imports the steps' plain-int
mirrors from :mod:`ygo.core.ints` (``TURN_STEP_DRAW``) and compares with those,
never with an enum member inline (an IntEnum attribute read costs ten times a
global int's).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from ygo.core.enums import Phase
from ygo.engine.proc import Frame, Proc
from ygo.engine.windows import Window


class TurnStep(IntEnum):
    """``[TURN, step]``, at the bottom of the stack for the whole duel (turn.py)."""

    DRAW = 0
    """A new turn: the Draw Phase (R-TURN-2), then its window."""
    STANDBY = 1
    MAIN1 = 2
    """Main Phase 1 begins (a MAIN frame is pushed)."""
    AFTER_MAIN1 = 3
    """Main Phase 1 is over: the Battle Phase if entered, else the End Phase."""
    AFTER_BATTLE = 4
    """The Battle Phase is over: Main Phase 2."""
    END = 5
    """The End Phase and its window."""
    HAND_LIMIT = 6
    """R-TURN-5: the hand limit (a DISCARD frame)."""
    NEXT_TURN = 7
    """The turn is over: the other player's turn."""


class MainStep(IntEnum):
    """``[MAIN, step, phase]``: Main Phase 1 or 2 (turn.py)."""

    OPEN = 0
    """The turn player is offered the phase's actions."""
    CHOSEN = 1
    """An action was chosen."""
    CLOSING = 2
    """After the opponent's window at the end of the phase."""


class SummonStep(IntEnum):
    """``[SUMMON, step, card, need, mode, tail...]`` (summon.py)."""

    TRIBUTES = 0
    """Choose the next Tribute, or summon once there are enough."""
    CHOSEN = 1
    """A Tribute was chosen (mode PROCEDURE from the Extra Deck: the position)."""
    BEING_SUMMONED = 2
    """After the "being summoned" moment (R-SUM-10)."""
    COSTS_PAID = 3
    """Mode PROCEDURE from the hand: the procedure's costs are paid; choose the position."""
    PLACE = 4
    """Mode PROCEDURE: the position is known; the monster is placed."""


class SummonMode(IntEnum):
    """A ``SUMMON`` frame's ``mode`` slot: which summon it makes (summon.py). The
    mode's bit is what a monster's summon rules name (``no_response``,
    ``unnegatable``: bit ``1 << mode``)."""

    NORMAL = 0
    """A Normal (or Tribute) Summon from the hand."""
    SET = 1
    """A Normal Set (R-SUM-1: not a summon)."""
    FLIP = 2
    """A Flip Summon (R-POS-5)."""
    PROCEDURE = 3
    """A Special Summon by the monster's own procedure (``need`` is the index of its
    summoning condition, whose steps pay the costs: R-SUM-8, R-SUM-10), from the
    hand or the Extra Deck (Synchro, Xyz)."""
    BY_EFFECT = 4
    """A Normal Summon made by a resolving effect (Ultimate Offering): by the
    monster's controller, not the turn's Normal Summon, no "being summoned" moment
    nor window of its own (R-SUM-10). ``mode & 3`` is then NORMAL or SET."""
    BY_EFFECT_SET = 5
    """A Normal Set made by a resolving effect (``BY_EFFECT + SET``)."""
    GEMINI = 6
    """A face-up Gemini monster Normal Summoned again where it is (R-MON-4)."""


class BattleStep(IntEnum):
    """``[BATTLE, step]``: the Battle Phase (battle.py)."""

    START = 0
    STEP = 1
    """The Battle Step: the turn player attacks or moves on."""
    CHOSEN = 2
    TARGET = 3
    DECLARE = 4
    CHECK = 5
    REPLAY = 6
    AFTER = 7
    """After the Damage Step of one attack."""
    END = 8
    DONE = 9


class DamageStep(IntEnum):
    """``[DAMAGE, step]``: the Damage Step's timings of one attack (R-BAT-7, battle.py)."""

    START = 0
    BEFORE_CALC = 1
    CALC = 2
    AFTER_CALC = 3
    END = 4
    DONE = 5


class WindowStep(IntEnum):
    """``[WINDOW, step, window, player, passes, acted, ret]`` (priority.py)."""

    ENTRY = 0
    ASK = 1
    ANSWER = 2
    ACTIVATED = 3
    RESOLVED = 4
    AFTER_TRIGGERS = 5
    AFTER_CHAIN = 6


class DiscardStep(IntEnum):
    """``[DISCARD, step]``: the End Phase hand limit (turn.py)."""

    ASK = 0
    CHOSEN = 1


class ActivateStep(IntEnum):
    """``[ACTIVATE, step, card, effect, player, waiting]`` (chain.py)."""

    START = 0
    """The link is put on the chain."""
    COST = 1
    """Its cost is paid (R-CHAIN-7)."""
    TARGETS = 2
    """Its targets are chosen (R-CHAIN-10)."""


class ResolveStep(IntEnum):
    """``[RESOLVE, step, waiting]``: the chain resolves, last link first (chain.py)."""

    RUN = 0


class TriggersStep(IntEnum):
    """``[TRIGGERS, step, group, waiting]``: triggers put on a chain (R-CHAIN-6, chain.py)."""

    RUN = 0


class SolveStep(IntEnum):
    """``[SOLVE, step, card, effect, player, waiting]``: an effect applied without a
    chain (a rule effect, a cost of an attack or a summoning procedure; chain.py)."""

    START = 0
    RUN = 1


class StartStep(IntEnum):
    """``[START, step, coin toss winner, hand size]``: the turn order, then the opening."""

    ASK = 0
    CHOSEN = 1


class PendulumStep(IntEnum):
    """``[PENDULUM, step, player, chosen..., -1, positions...]`` (pendulum.py)."""

    OFFER = 0
    """Offer the next monster (or done)."""
    OFFERED = 1
    POSITIONS = 2
    """Choose the next chosen monster's position, or place them all."""
    POSITION_CHOSEN = 3
    PLACED = 4
    """Not reached today (placing happens at the end of POSITIONS); kept for saves."""
    SUMMONING = 5
    """After the "being summoned" moment."""


CARD = -1
"""A slot's ``hi`` meaning "a card of the duel" (0 <= value < number of cards)."""


@dataclass(frozen=True, slots=True)
class Slot:
    """One int of a frame after the step: its name, meaning and range
    (``lo <= value <= hi``; ``hi=CARD``: a card's uid; ``values``: only these)."""

    name: str
    lo: int
    hi: int
    doc: str = ""
    values: tuple[int, ...] = ()

    def ok(self, v: int, ncards: int) -> bool:
        if self.values:
            return v in self.values
        if self.hi == CARD:
            return 0 <= v < ncards
        return self.lo <= v <= self.hi


#: What may follow a frame's slots.
TAIL_NONE = 0
TAIL_CARDS = 1
"""Cards' uids (the chosen Tributes of a summon)."""
TAIL_CARDS_POSITIONS = 2
"""Cards' uids, then -1 and at most as many positions (a Pendulum Summon)."""


@dataclass(frozen=True, slots=True)
class Layout:
    """A procedure's frame: ``[proc, step, *slots, *tail]``."""

    proc: Proc
    steps: type[IntEnum]
    slots: tuple[Slot, ...]
    tail: int = TAIL_NONE

    def index(self, name: str) -> int:
        """The index in the frame of the slot called ``name``."""
        for i, s in enumerate(self.slots):
            if s.name == name:
                return 2 + i
        raise KeyError(f"{self.proc.name} has no slot {name!r}")

    def has_step(self, step: int) -> bool:
        """Whether ``step`` is one of this procedure's steps."""
        return any(step == m for m in self.steps)

    @property
    def size(self) -> int:
        """The length of the frame without its tail."""
        return 2 + len(self.slots)

    def frame(self, step: IntEnum, *args: int) -> Frame:
        """A new frame of this procedure at ``step`` (not for hot code)."""
        if type(step) is not self.steps:
            raise TypeError(f"{step!r} is not a step of {self.proc.name}")
        if len(args) < len(self.slots) or (len(args) > len(self.slots) and not self.tail):
            raise ValueError(f"{self.proc.name} takes {len(self.slots)} slots, got {len(args)}")
        return [int(self.proc), int(step), *map(int, args)]


_PLAYER = Slot("player", 0, 1)
_WAITING = Slot("waiting", 0, 1, "1 while a question of this frame waits for its answer")
#: An effect being carried out (ACTIVATE, SOLVE): its card, the effect's index on
#: it, the player, waiting.
_AN_EFFECT = (
    Slot("card", 0, CARD),
    Slot("effect", 0, 63, "the index of the card's effect"),
    _PLAYER,
    _WAITING,
)

TURN = Layout(Proc.TURN, TurnStep, ())
MAIN = Layout(
    Proc.MAIN, MainStep, (Slot("phase", 0, 0, values=(int(Phase.MAIN1), int(Phase.MAIN2))),)
)
SUMMON = Layout(
    Proc.SUMMON,
    SummonStep,
    (
        Slot("card", 0, CARD),
        Slot("need", 0, 63, "Tributes needed, or (mode PROCEDURE) the condition's effect index"),
        Slot("mode", 0, max(SummonMode), "a SummonMode"),
    ),
    TAIL_CARDS,
)
BATTLE = Layout(Proc.BATTLE, BattleStep, ())
DAMAGE = Layout(Proc.DAMAGE, DamageStep, ())
WINDOW = Layout(
    Proc.WINDOW,
    WindowStep,
    (
        Slot("window", 0, max(Window)),
        Slot("player", 0, 1, "the player with priority"),
        Slot("passes", 0, 2, "passes in succession"),
        Slot("acted", 0, 1, "something was activated in this window"),
        Slot("ret", 0, 1, "close once a chain has resolved in it"),
    ),
)
DISCARD = Layout(Proc.DISCARD, DiscardStep, ())
ACTIVATE = Layout(Proc.ACTIVATE, ActivateStep, _AN_EFFECT)
RESOLVE = Layout(Proc.RESOLVE, ResolveStep, (_WAITING,))
TRIGGERS = Layout(
    Proc.TRIGGERS,
    TriggersStep,
    (
        Slot(
            "group",
            0,
            4,
            "R-CHAIN-6: 0/1 mandatory, 2/3 optional (turn player's, then the opponent's)",
        ),
        _WAITING,
    ),
)
SOLVE = Layout(Proc.SOLVE, SolveStep, _AN_EFFECT)
START = Layout(
    Proc.START,
    StartStep,
    (Slot("winner", 0, 1, "the coin toss winner"), Slot("hand_size", 0, 60)),
)
PENDULUM = Layout(Proc.PENDULUM, PendulumStep, (_PLAYER,), TAIL_CARDS_POSITIONS)

# Where each slot is, for hot code (``f[AT_WINDOW_PLAYER]``): ``AT_<PROC>_<SLOT>``,
# from the layouts; ``AT_<PROC>_TAIL``: where a frame's tail starts.
AT_PROC = 0
"""Every frame's first int: its procedure."""
AT_STEP = 1
"""Every frame's second int: its step."""
AT_MAIN_PHASE = MAIN.index("phase")
AT_SUMMON_CARD = SUMMON.index("card")
AT_SUMMON_NEED = SUMMON.index("need")
AT_SUMMON_MODE = SUMMON.index("mode")
AT_SUMMON_TAIL = SUMMON.size
"""The chosen Tributes (mode PROCEDURE from the Extra Deck: the chosen position)."""
AT_WINDOW_WINDOW = WINDOW.index("window")
AT_WINDOW_PLAYER = WINDOW.index("player")
AT_WINDOW_PASSES = WINDOW.index("passes")
AT_WINDOW_ACTED = WINDOW.index("acted")
AT_WINDOW_RET = WINDOW.index("ret")
AT_ACTIVATE_CARD = ACTIVATE.index("card")
AT_ACTIVATE_EFFECT = ACTIVATE.index("effect")
AT_ACTIVATE_PLAYER = ACTIVATE.index("player")
AT_ACTIVATE_WAITING = ACTIVATE.index("waiting")
AT_RESOLVE_WAITING = RESOLVE.index("waiting")
AT_TRIGGERS_GROUP = TRIGGERS.index("group")
AT_TRIGGERS_WAITING = TRIGGERS.index("waiting")
AT_SOLVE_CARD = SOLVE.index("card")
AT_SOLVE_EFFECT = SOLVE.index("effect")
AT_SOLVE_PLAYER = SOLVE.index("player")
AT_SOLVE_WAITING = SOLVE.index("waiting")
AT_START_WINNER = START.index("winner")
AT_START_HAND_SIZE = START.index("hand_size")
AT_PENDULUM_PLAYER = PENDULUM.index("player")
AT_PENDULUM_TAIL = PENDULUM.size
"""The chosen monsters, then -1 and their positions."""

#: Every procedure's layout.
LAYOUTS: dict[Proc, Layout] = {
    lay.proc: lay
    for lay in (
        TURN,
        MAIN,
        SUMMON,
        BATTLE,
        DAMAGE,
        WINDOW,
        DISCARD,
        ACTIVATE,
        RESOLVE,
        TRIGGERS,
        SOLVE,
        START,
        PENDULUM,
    )
}
