"""The playground game of guide 000's last paragraphs: a children's game with the
same cards, its own small game beside the duel engine.

Each player's monsters make a face-down pile; each reveals the top card;
rock-paper-scissors decides who attacks; an attack whose ATK is greater than
the other card's DEF puts that card out, otherwise play goes on; revealing a
monster whose ATK and DEF are both "?" loses its owner the game; Spells and
Traps are not used. Every point the passage leaves open is decided in
``docs/playground.md``.

The game has the engine's decision shape: :attr:`Playground.decision` (a
``Decision`` whose options are ``choose rock``, ``choose paper`` and ``choose
scissors``) and :meth:`Playground.apply`; agents answer it like any decision.
"""

from __future__ import annotations

import copy
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import click

from ygo.core.card import CardData, CardSource
from ygo.core.deck import Deck
from ygo.engine.actions import Action, ActionKind, Decision, DecisionKind
from ygo.engine.duel import SEED_LIMIT
from ygo.engine.rng import Rng
from ygo.errors import IllegalActionError, InvalidArgumentError
from ygo.match import option_index

THROWS = ("rock", "paper", "scissors")
#: What each throw beats: rock blunts scissors, paper wraps rock, scissors cut paper.
BEATS = {0: 2, 1: 0, 2: 1}
#: Throws after which an unfinished game is a draw (two players who always tie,
#: or two cards that can never put each other out, would otherwise play forever).
MAX_THROWS = 1000

_OPTIONS = tuple(Action(ActionKind.CHOOSE, zone=i, label=t) for i, t in enumerate(THROWS))


def check_seed(seed: object) -> int:
    """``seed`` if it is a duel's seed (an int from 0 to 2**64 - 1); else
    :class:`InvalidArgumentError`."""
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        raise InvalidArgumentError(f"seed must be an int from 0 to 2**64 - 1, not {seed!r}")
    return seed


def is_unknown(card: CardData) -> bool:
    """A monster with "?" ATK and "?" DEF: revealing it loses the game."""
    return card.atk is None and card.defense is None


@dataclass(frozen=True, slots=True)
class PlaygroundResult:
    """``winner`` 0 or 1, or None for a draw, and why."""

    winner: int | None
    reason: str

    def __str__(self) -> str:
        who = "draw" if self.winner is None else f"player {self.winner} wins"
        return f"{who} ({self.reason})"


@dataclass(frozen=True, slots=True)
class PlaygroundView:
    """What ``viewer`` knows of a playground game at one moment (as a duel's
    :class:`~ygo.engine.view.View` is for a duel).

    Public: the card in front of each player, the cards put out, the size of
    each pile, the throws so far and the log. Hidden from both players: the
    piles' cards and order (PG-1). Hidden from player 1: player 0's throw of the
    current round until player 1 has thrown too (PG-3: a throw is "at once").
    """

    viewer: int
    piles: tuple[int, int]
    """The number of cards left in each player's face-down pile."""
    revealed: tuple[CardData | None, CardData | None]
    """The card in front of each player (None once the game has ended without one)."""
    out: tuple[tuple[CardData, ...], tuple[CardData, ...]]
    """Each player's cards put out or set aside, face up, first out first."""
    throws: int
    """Rounds thrown so far (ties included)."""
    my_throw: int | None
    """The viewer's own throw this round (an index into :data:`THROWS`), once
    made and until the opponent answers it; never the opponent's."""
    decision: Decision | None
    """The open decision, if it is the viewer's."""
    result: PlaygroundResult | None
    log: tuple[str, ...]
    """What has happened (every line is public: a round is logged once both threw)."""

    @property
    def me(self) -> CardData | None:
        """The viewer's card in front of them."""
        return self.revealed[self.viewer]

    @property
    def opponent(self) -> CardData | None:
        """The opponent's card in front of them."""
        return self.revealed[1 - self.viewer]


class Playground:
    """One playground game between players 0 and 1.

    ``decks``: each player's cards (their monsters, Main and Extra Deck, make the
    pile; Spells and Traps are left out). ``shuffle=False`` keeps each pile in
    deck order, the first card listed on top (for tests and demonstrations).
    """

    def __init__(
        self,
        decks: Sequence[Deck | Sequence[int]],
        seed: int = 0,
        *,
        db: CardSource | None = None,
        shuffle: bool = True,
    ) -> None:
        if len(decks) != 2:
            raise InvalidArgumentError("a playground game needs exactly two decks")
        check_seed(seed)
        if db is None:
            from ygo.cards.pool import embedded_pool

            db = embedded_pool()
        self.db = db
        self.seed = seed
        rng = Rng(seed)
        self.piles: list[list[int]] = []
        for d in decks:
            codes = d.main + d.extra if isinstance(d, Deck) else tuple(d)
            pile = [c for c in codes if db.get(c).is_monster]
            if shuffle:
                for i in range(len(pile) - 1, 0, -1):  # Fisher-Yates from the seed
                    j = rng.below(i + 1)
                    pile[i], pile[j] = pile[j], pile[i]
            pile.reverse()  # the top of the pile is the end of the list
            self.piles.append(pile)
        self.revealed: list[int | None] = [None, None]
        self.out: list[list[int]] = [[], []]
        self.throws = 0
        self._throw: list[int | None] = [None, None]
        self.log: list[str] = []
        self.result: PlaygroundResult | None = None
        self._reveal()

    # -- the rules -------------------------------------------------------------------
    def _name(self, code: int) -> str:
        c = self.db.get(code)
        return f"{c.name} ({_stat(c.atk)}/{_stat(c.defense)})"

    def _end(self, winner: int | None, reason: str) -> None:
        self.result = PlaygroundResult(winner, reason)
        self.log.append(str(self.result))

    def _beats(self, attacker: int) -> bool:
        mine, theirs = self.revealed[attacker], self.revealed[1 - attacker]
        assert mine is not None and theirs is not None
        return self.db.get(mine).atk_value > self.db.get(theirs).def_value

    def _reveal(self) -> None:
        """Each player without a card in front of them reveals their top card; a
        standoff (neither card can put the other out) sets both aside, and both
        reveal again."""
        while True:
            need = [p for p in (0, 1) if self.revealed[p] is None]
            empty = [p for p in need if not self.piles[p]]
            if empty:
                self._end(None if len(empty) == 2 else 1 - empty[0], "no cards left")
                return
            for p in need:
                code = self.piles[p].pop()
                self.revealed[p] = code
                self.log.append(f"P{p} reveals {self._name(code)}")
            lost = [p for p in need if is_unknown(self.db.get(self.revealed[p] or 0))]
            if lost:
                self._end(None if len(lost) == 2 else 1 - lost[0], 'revealed a "?" monster')
                return
            if self._beats(0) or self._beats(1):
                return
            self.log.append("a standoff: neither card can put the other out; both are set aside")
            for p in (0, 1):
                gone = self.revealed[p]
                assert gone is not None
                self.out[p].append(gone)
                self.revealed[p] = None

    @property
    def decision(self) -> Decision | None:
        """Who throws next (player 0, then player 1, who does not see 0's throw)."""
        if self.result is not None:
            return None
        p = 0 if self._throw[0] is None else 1
        return Decision(p, DecisionKind.EFFECT, _OPTIONS, text="Rock, paper, scissors!")

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def apply(self, choice: Action | int | str) -> None:
        """Throw: one of the decision's options (an action, its index or its text)."""
        d = self.decision
        if d is None:
            raise IllegalActionError("no decision is open: the game is over")
        self._throw[d.player] = option_index(d, choice)
        if d.player == 0:
            return
        a, b = self._throw
        assert a is not None and b is not None
        self._throw = [None, None]
        self.throws += 1
        self.log.append(f"P0 throws {THROWS[a]}, P1 throws {THROWS[b]}")
        if a == b:
            self.log.append("a tie: throw again")
        else:
            attacker = 0 if BEATS[a] == b else 1
            self._attack(attacker)
        if self.result is None and self.throws >= MAX_THROWS:
            self._end(None, f"no result after {MAX_THROWS} throws")

    def _attack(self, attacker: int) -> None:
        mine, theirs = self.revealed[attacker], self.revealed[1 - attacker]
        assert mine is not None and theirs is not None
        atk, dfn = self.db.get(mine).atk_value, self.db.get(theirs).def_value
        if self._beats(attacker):
            self.log.append(
                f"P{attacker} attacks: ATK {atk} > DEF {dfn}, {self._name(theirs)} is out"
            )
            self.out[1 - attacker].append(theirs)
            self.revealed[1 - attacker] = None
            self._reveal()
        else:
            self.log.append(f"P{attacker} attacks: ATK {atk} is not greater than DEF {dfn}")

    # -- information -------------------------------------------------------------------
    def view(self, player: int) -> PlaygroundView:
        """Everything ``player`` may know now, and nothing more (the game object
        itself is the referee's: its piles are in order)."""
        if type(player) is not int or player not in (0, 1):
            raise InvalidArgumentError(f"player must be 0 or 1, not {player!r}")
        d = self.decision
        get = self.db.get
        return PlaygroundView(
            viewer=player,
            piles=(len(self.piles[0]), len(self.piles[1])),
            revealed=(
                None if self.revealed[0] is None else get(self.revealed[0]),
                None if self.revealed[1] is None else get(self.revealed[1]),
            ),
            out=(tuple(get(c) for c in self.out[0]), tuple(get(c) for c in self.out[1])),
            throws=self.throws,
            my_throw=self._throw[player],
            decision=d if d is not None and d.player == player else None,
            result=self.result,
            log=tuple(self.log),
        )

    def pile_size(self, player: int) -> int:
        return len(self.piles[player])

    def clone(self) -> Playground:
        return copy.deepcopy(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> Playground:
        g = Playground.__new__(Playground)
        g.__dict__.update(self.__dict__)
        g.piles = [list(p) for p in self.piles]
        g.revealed = list(self.revealed)
        g.out = [list(o) for o in self.out]
        g._throw = list(self._throw)
        g.log = list(self.log)
        return g


def _stat(v: int | None) -> str:
    return "?" if v is None else str(v)


def play_playground(game: Playground, agents: tuple[Any, Any], seed: int = 0) -> PlaygroundResult:
    """Let two agents play ``game``. Agents that need a duel view (greedy) throw
    from a seeded random agent instead: the game has no view of a duel, and
    nothing beats a random throw at rock-paper-scissors."""
    from ygo.agents.random import RandomAgent

    players = [
        a if not a.needs_view else RandomAgent(seed * 2 + 1 + i) for i, a in enumerate(agents)
    ]
    while game.result is None:
        d = game.decision
        assert d is not None
        game.apply(players[d.player].choose(None, d))
    return game.result


@dataclass
class PlaygroundStats:
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    throws: int = 0
    reasons: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "avg_throws": round(self.throws / self.games, 3) if self.games else 0.0,
            "reasons": self.reasons,
            "seconds": round(self.seconds, 3),
        }


def simulate_playground(
    decks: tuple[Deck, Deck],
    agents: tuple[str, str],
    games: int,
    seed: int = 0,
    db: CardSource | None = None,
) -> PlaygroundStats:
    """Play ``games`` playground games: game ``i`` uses seed ``seed + i``."""
    from ygo.agents.registry import make_agent

    stats = PlaygroundStats()
    start = time.perf_counter()
    for i in range(games):
        s = seed + i
        g = Playground(decks, s, db=db)
        pair = (make_agent(agents[0], s * 2 + 1), make_agent(agents[1], s * 2 + 2))
        r = play_playground(g, pair, s)
        stats.games += 1
        stats.throws += g.throws
        if r.winner is None:
            stats.draws += 1
        else:
            stats.wins[r.winner] += 1
        stats.reasons[r.reason] = stats.reasons.get(r.reason, 0) + 1
    stats.seconds = time.perf_counter() - start
    return stats


def print_playground_stats(
    stats: PlaygroundStats, agents: tuple[str, str], decks: tuple[str, str], as_json: bool
) -> None:
    from ygo.cli.common import print_json
    from ygo.textsafe import plain

    if as_json:
        data = stats.to_dict()
        data["agents"] = list(agents)
        data["decks"] = list(decks)
        print_json(data)
        return
    n = stats.games
    click.echo(plain(f"{n} playground games: {agents[0]} ({decks[0]}) vs {agents[1]} ({decks[1]})"))
    for p in (0, 1):
        click.echo(f"  player {p} wins {stats.wins[p]} ({100.0 * stats.wins[p] / n:.1f}%)")
    ends = ", ".join(f"{k} {v}" for k, v in sorted(stats.reasons.items()))
    click.echo(f"  draws {stats.draws} · average throws {stats.throws / n:.1f} · ends: {ends}")


_SPEAKER = re.compile(r"\bP([01]) (reveal|throw|attack)s\b|\bplayer ([01]) wins\b")


def speak(line: str, me: int) -> str:
    """A log line as player ``me`` reads it in the terminal: "You reveal ...",
    "Opponent throws ...", "You win" (the log itself says P0 / P1)."""

    def say(m: re.Match[str]) -> str:
        if m.group(3) is not None:
            return "You win" if int(m.group(3)) == me else "Opponent wins"
        if int(m.group(1)) == me:
            return f"You {m.group(2)}"
        return f"Opponent {m.group(2)}s"

    return _SPEAKER.sub(say, line)


__all__ = [
    "BEATS",
    "MAX_THROWS",
    "THROWS",
    "Playground",
    "PlaygroundResult",
    "PlaygroundView",
    "check_seed",
    "is_unknown",
    "play_playground",
    "simulate_playground",
    "speak",
]
