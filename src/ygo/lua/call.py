"""Running one Lua card function inside a duel, so that the duel stays plain data.

A Lua function (a cost, a target, an operation) may ask its player questions
in the middle of its work (``Duel.SelectTarget``, ``Group.Select``...). ygo
keeps a duel plain data at every decision, so a function is never suspended:

- it runs with the answers given so far (``ctx.answers``), each question taking
  the next one;
- at the first question with no answer yet, the run stops (:class:`NeedAnswer`
  travels up through Lua) and the duel is put back exactly as it was before the
  function began; the question goes to the player; the answer joins
  ``ctx.answers`` and the function runs again from the start.

The copy that puts the duel back is taken lazily, just before the function's
first change to the duel (most functions ask before they change anything, and
then no copy is made). A function that asks ``k`` questions runs ``k + 1``
times; the duel's random generator is part of the state, so each run sees the
same coins and dice.

A *probe* (a legality check: a condition, ``chk == 0``) may change nothing and
ask nothing; the labels it writes are kept for the rest of the probe only.
"""

from __future__ import annotations

from typing import Any

from ygo.core.state import State
from ygo.engine.effect import Ctx, Question, ScriptFailure


class NeedAnswer(Exception):
    """A Lua function asked a question that has no answer yet."""

    def __init__(self, question: Question) -> None:
        super().__init__(question.prompt)
        self.question = question


class ScriptError(ScriptFailure):
    """A Lua card function failed: the card and the function are named."""


class Call:
    """The Lua function being run: the duel, its context, the answers."""

    __slots__ = ("cost_checked", "ctx", "event", "labels", "next", "operated", "probe",
                 "shown", "snap", "st")  # fmt: skip

    def __init__(self, ctx: Ctx, probe: bool, event: Any = None) -> None:
        self.st: State = ctx.st
        self.ctx = ctx
        self.probe = probe
        self.next = 0
        """Index of the next answer to take from ``ctx.answers``."""
        self.snap: State | None = None
        self.labels: dict[str, tuple[int, ...]] | None = None
        """A probe's own label writes (never reach the state)."""
        self.operated: list[int] = []
        """The cards the last operation moved (``Duel.GetOperatedGroup``)."""
        self.event = event
        self.shown: set[int] = set()
        """Cards shown to a player by this call (``Duel.ConfirmCards``): a choice
        among them names them."""
        self.cost_checked = False
        """The effect's cost ran before this part (``Effect.IsCostChecked``)."""

    def answer(self) -> int | None:
        """The next answer given, or None when the question is new."""
        answers = self.ctx.link.answers if self.ctx.link is not None else []
        if self.next < len(answers):
            a = answers[self.next]
            self.next += 1
            return a
        return None

    def ask(self, question: Question) -> None:
        if self.probe:
            raise ScriptError("a check function (chk == 0 or a condition) asked a question")
        raise NeedAnswer(question)

    def touch(self) -> None:
        """Called before every change to the duel."""
        if self.probe:
            raise ScriptError("a check function (chk == 0 or a condition) changed the duel")
        if self.snap is None:
            self.snap = self.st.clone()


def restore(st: State, snap: State) -> None:
    """Put ``st`` back to ``snap`` in place: the objects the processor holds (the
    frame being run, the chain link) stay the same objects."""
    for name in State.__slots__:
        new = getattr(snap, name)
        if name == "stack":
            live = st.stack
            if len(live) == len(new):
                for f, g in zip(live, new, strict=True):
                    f[:] = g
                continue
        elif name in State.OBJECTS:
            live = getattr(st, name)
            if len(live) == len(new):
                for a, b in zip(live, new, strict=True):
                    for slot in type(a).__slots__:
                        setattr(a, slot, getattr(b, slot))
                continue
        setattr(st, name, new)
