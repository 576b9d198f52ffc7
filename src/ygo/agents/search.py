"""The search agent: determinized Monte Carlo tree search over ``clone()``.

At each of its decisions with two or more options it runs iterations until its
budget (``think`` seconds, or ``iterations``) is spent (except in an idle
priority window of its own turn, no chain and no attack open, where it passes
at once as the rule agent does: what it could activate there it can activate
from its Main Phase menu too). One iteration:

1. **determinize**: ask the seat for a copy of the duel in which every card the
   player cannot see (the opponent's hand and Set cards, both Decks' order) is
   replaced by cards the player could believe are there
   (:meth:`~ygo.engine.duel.Duel.determinize`: from the opponent's deck list,
   never from the real hidden cards);
2. **select**: pick a root option by PUCT (mean score plus an exploration
   bonus weighted by a prior: half of it on the rule agent's choice from the
   real view, the rest spread evenly), the options being the same in every
   determinization (they are the player's own);
3. **roll out**: play the copy on with the rule agent in both seats, for at most
   ``horizon`` turns (or ``max_rollout`` decisions);
4. **evaluate**: a finished duel scores 1 (win), 0 (loss) or 0.5 (draw); an
   unfinished one scores by a logistic of the LP difference and the board
   (ATK on the field, cards in hand), from the player's side;
5. **back up** the score into the option's statistics.

The root's statistics are shared by all determinizations (an information-set
tree of depth one: the opponent's replies and the later turns are covered by
the rollout policy, which is what a one-second budget affords at this
engine's speed; ``docs/ai.md`` has the measurements). The choice is the most
visited option (ties: the rule agent's choice). With a budget too small to
try the options, the search therefore plays like the rule agent. With its
choice the agent keeps an :class:`Insight`: the share of the search each
option got, its win estimate, and its belief about the opponent's
hidden cards (for each Set card and for the hand, the identities that the
determinizations put there most often).

It has no deck-specific code and never reads hidden information: everything
comes from its view, its seat's determinizations and its own random generator.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import ClassVar

from ygo.agents.base import Seat
from ygo.agents.rule import RuleAgent
from ygo.core.enums import Location, Position
from ygo.core.state import NONE
from ygo.defaults import Duel
from ygo.engine.actions import Action, ActionKind, Decision, DecisionKind
from ygo.engine.rng import Rng
from ygo.engine.view import View


@dataclass(frozen=True, slots=True)
class OptionStat:
    """One option of the decision as the search saw it."""

    action: Action
    visits: int
    share: float
    """The share of the iterations spent on it (0..1)."""
    value: float
    """Its mean score (an estimated win probability, 0..1)."""


@dataclass(frozen=True, slots=True)
class Insight:
    """What the search agent thought about one decision."""

    choice: Action
    options: tuple[OptionStat, ...]
    win: float
    """The estimated win probability of the choice (0..1)."""
    iterations: int
    seconds: float
    belief: dict[str, tuple[tuple[str, float], ...]] = field(default_factory=dict)
    """For each hidden place of the opponent ("hand", "monster zone 3", "spell zone 1"),
    the most likely identities with their frequency among determinizations."""

    def lines(self, top: int = 5) -> list[str]:
        """A short text form (for ``ygo play --insight``)."""
        out = [
            f"search: {self.iterations} iterations in {self.seconds:.2f}s, "
            f"win estimate {self.win:.0%}"
        ]
        ranked = sorted(self.options, key=lambda o: -o.visits)
        for o in ranked[:top]:
            mark = "*" if o.action == self.choice else " "
            out.append(f" {mark} {o.share:5.1%}  win {o.value:4.0%}  {o.action}")
        if len(ranked) > top:
            out.append(f"   ... {len(ranked) - top} more options")
        for place, names in self.belief.items():
            guess = ", ".join(f"{n} {p:.0%}" for n, p in names[:3])
            out.append(f"   {place}: {guess}")
        return out


def _idle_window(world: Duel, player: int) -> bool:
    """A priority window in ``player``'s own turn with no chain and no attack: the
    rule agent passes there whatever it holds (its response rules all need a
    chain, an attack or the opponent's turn), so a rollout passes without
    building a view (two thirds of a rollout's decisions, most of its cost)."""
    st = world._st  # the search's own sampled world, not the real duel
    return world.turn_player == player and not st.chain and st.attacker == NONE


def _idle_window_of(seat: Seat, player: int) -> bool:
    """``_idle_window`` from the seat's view (public facts: whose turn, chain, attack)."""
    view = seat.view()
    return view.turn_player == player and not view.chain and view.attacker is None


def _pass_index(d: Decision) -> int:
    for i, a in enumerate(d.options):
        if a.kind == ActionKind.PASS:
            return i
    return 0


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def evaluate(duel: Duel, player: int) -> float:
    """A score in [0, 1] for ``player``: the result if the duel is over, else a
    logistic of the LP difference, field ATK and hand sizes (public quantities)."""
    r = duel.result
    if r is not None:
        if r.winner is None:
            return 0.5
        return 1.0 if r.winner == player else 0.0
    me, opp = player, 1 - player
    lp = (duel.lp(me) - duel.lp(opp)) / 4000.0
    board = 0.0
    for p, sign in ((me, 1.0), (opp, -1.0)):
        for uid in duel.monsters(p):
            if uid is not None:
                board += sign * (0.3 + duel.card(uid).atk_value / 3000.0)
        board += sign * 0.15 * len(duel.hand(p))
        board += sign * 0.1 * sum(1 for u in duel.spells(p) if u is not None)
    return _logistic(1.2 * lp + 0.6 * board)


class SearchAgent:
    """Determinized MCTS with rule-agent rollouts (see the module doc)."""

    name: ClassVar[str] = "search"
    needs_view: ClassVar[bool] = True
    needs_seat: ClassVar[bool] = True

    def __init__(
        self,
        seed: int = 0,
        think: float | None = 1.0,
        iterations: int | None = None,
        horizon: int = 2,
        max_rollout: int = 400,
        explore: float = 1.0,
        source: str = "decklist",
    ) -> None:
        if think is None and iterations is None:
            raise ValueError("the search agent needs a budget: think seconds or iterations")
        self.rng = Rng(seed)
        self.seed = seed
        self.think = think
        self.iterations = iterations
        self.horizon = horizon
        self.max_rollout = max_rollout
        self.explore = explore
        self.source = source
        self.seat: Seat | None = None
        """Set by the driver before each decision (``base.decide``, :meth:`sit`); used
        for that decision only."""
        self.insight: Insight | None = None
        """What it thought about its last searched decision."""
        self._rollout = (RuleAgent(seed ^ 0x51), RuleAgent(seed ^ 0x52))

    def sit(self, duel: Duel | None, player: int) -> None:
        """Take ``player``'s seat at ``duel`` (None: no seat; it then plays like the
        rule agent) for the next decision (drivers that are not ``base.decide``)."""
        self.seat = None if duel is None else Seat(duel, player)

    def choose(self, view: View | None, decision: Decision) -> Action:
        seat, self.seat = self.seat, None  # a seat serves one decision
        if seat is not None and seat.view().decision != decision:
            seat = None  # a stale seat (another duel): never search the wrong duel
        if len(decision.options) == 1:
            return decision.options[0]
        if (
            seat is not None
            and decision.kind == DecisionKind.PRIORITY
            and _idle_window_of(seat, decision.player)
        ):
            return decision.options[_pass_index(decision)]  # as in its rollouts
        if seat is None:  # no seat: fall back on the rule agent's choice
            return self._rollout[0].choose(view, decision)
        self.insight = self.analyse(seat, decision)
        return self.insight.choice

    def _budget_left(self, start: float, n: int) -> bool:
        if n == 0:
            return True
        if self.iterations is not None and n >= self.iterations:
            return False
        return self.think is None or time.perf_counter() - start < self.think

    def analyse(self, seat: Seat, decision: Decision) -> Insight:
        """Search ``decision`` from ``seat`` (whose decision it must be)."""
        start = time.perf_counter()
        options = decision.options
        k = len(options)
        visits = [0] * k
        total = [0.0] * k
        player = seat.player
        belief: dict[str, Counter[str]] = {}
        # The prior: the rule agent's choice from the real view gets half of it.
        hint = self._rollout[0].choose(seat.view(), decision)
        prior = [0.5 / k + (0.5 if o == hint else 0.0) for o in options]
        n = 0
        while self._budget_left(start, n):
            world = seat.determinize(self.rng, source=self.source)
            self._note_belief(world, player, belief)
            i = self._select(visits, total, prior, n)
            world.apply(i)
            self._play_out(world)
            score = evaluate(world, player)
            visits[i] += 1
            total[i] += score
            n += 1
        best = max(range(k), key=lambda j: (visits[j], prior[j], total[j] / max(1, visits[j])))
        stats = tuple(
            OptionStat(options[j], visits[j], visits[j] / n, total[j] / max(1, visits[j]))
            for j in range(k)
        )
        guess = {
            place: tuple((name, c / n) for name, c in counts.most_common(3))
            for place, counts in belief.items()
        }
        return Insight(
            choice=options[best],
            options=stats,
            win=total[best] / max(1, visits[best]),
            iterations=n,
            seconds=time.perf_counter() - start,
            belief=guess,
        )

    def _select(self, visits: list[int], total: list[float], prior: list[float], n: int) -> int:
        """PUCT: the mean score (the parent's mean for an unvisited option) plus
        an exploration bonus weighted by the prior."""
        parent = sum(total) / n if n else 0.5
        root = math.sqrt(n + 1)

        def score(j: int) -> float:
            q = total[j] / visits[j] if visits[j] else parent
            return q + self.explore * prior[j] * root / (1 + visits[j])

        return max(range(len(visits)), key=score)

    def _play_out(self, world: Duel) -> None:
        stop_turn = world.turn + self.horizon
        agents = self._rollout
        steps = 0
        while not world.is_over and world.turn < stop_turn and steps < self.max_rollout:
            d = world.decision
            assert d is not None
            if len(d.options) == 1:
                world.apply(0)
            elif d.kind == DecisionKind.PRIORITY and _idle_window(world, d.player):
                world.apply(_pass_index(d))  # what the rule agent does there, without a view
            else:
                world.apply(agents[d.player].choose(world.view(d.player), d))
            steps += 1

    @staticmethod
    def _note_belief(world: Duel, player: int, belief: dict[str, Counter[str]]) -> None:
        """Count what this determinization put in the opponent's hidden places."""
        opp = 1 - player
        for i, uid in enumerate(world.monsters(opp)):
            if uid is not None and not world.position(uid) & Position.FACEUP:
                belief.setdefault(f"monster zone {i + 1}", Counter())[world.name(uid)] += 1
        for i, uid in enumerate(world.spells(opp)):
            if uid is not None and not world.position(uid) & Position.FACEUP:
                belief.setdefault(f"spell zone {i + 1}", Counter())[world.name(uid)] += 1
        hand = world.hand(opp)
        if hand and world.location(hand[0]) == Location.HAND:
            counts = belief.setdefault("hand", Counter())
            for name in {world.name(u) for u in hand}:
                counts[name] += 1
