"""The agent interface and a loop that plays a duel with two agents."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Protocol

from ygo.defaults import Duel
from ygo.engine.actions import Action, Decision
from ygo.engine.determinize import RandomSource
from ygo.engine.result import Result
from ygo.engine.view import View


class Agent(Protocol):
    """Chooses one option of a decision."""

    name: ClassVar[str]
    needs_view: ClassVar[bool]
    """False for agents that look only at the options (the driver then skips
    building a view, which is most of the cost of a random duel)."""

    def choose(self, view: View | None, decision: Decision) -> Action:
        """One of ``decision.options``. ``view`` is the deciding player's view
        (None only for agents with ``needs_view = False``)."""
        ...


class Seat:
    """A player's seat at a duel, for agents that search (``needs_seat``): its
    view, and determinizations of the duel from that player's side (the hidden
    cards replaced by cards the player could believe are there,
    :meth:`Duel.determinize`). It gives nothing else of the real duel."""

    __slots__ = ("_duel", "player")

    def __init__(self, duel: Duel, player: int) -> None:
        self._duel = duel
        self.player = player

    def view(self) -> View:
        return self._duel.view(self.player)

    def determinize(self, rng: RandomSource, source: str = "decklist") -> Duel:
        """A copy of the duel as this player could believe it is."""
        return self._duel.determinize(self.player, rng, source=source)


def decide(agent: Agent, duel: Duel) -> Action:
    """Ask ``agent`` for its choice at the duel's open decision: it gets its
    player's view (if it needs one) and, if it searches, its seat."""
    d = duel.decision
    assert d is not None
    if getattr(agent, "needs_seat", False):
        agent.seat = Seat(duel, d.player)  # type: ignore[attr-defined]
    view = duel.view(d.player) if agent.needs_view else None
    return agent.choose(view, d)


def play(
    duel: Duel,
    agents: tuple[Agent, Agent],
    max_decisions: int | None = None,
    apply: Callable[[Action], None] | None = None,
) -> Result | None:
    """Let two agents play ``duel`` to its end (or for ``max_decisions``).

    ``apply`` replaces ``duel.apply`` (a replay recorder's, for example).
    """
    take = duel.apply if apply is None else apply
    n = 0
    while not duel.is_over:
        d = duel.decision
        assert d is not None
        take(decide(agents[d.player], duel))
        n += 1
        if max_decisions is not None and n >= max_decisions:
            break
    return duel.result
