"""A match: up to three duels, first to two wins (R-MATCH-1), side decking between
duels (R-DECK-3) and the previous duel's loser choosing who goes first (R-MATCH-2).

:class:`Match` has the shape of :class:`~ygo.engine.duel.Duel`: ``decision``,
``apply``, ``view``, ``clone``, ``save`` and ``load``; an agent drives a match
exactly as it drives a duel.

>>> from ygo import starter_deck
>>> from ygo.match import Match
>>> m = Match((starter_deck("yugi"), starter_deck("kaiba")), seed=3)
>>> while not m.is_over:
...     m.apply(m.decision.options[-1])
>>> m.result.winner in (0, 1, None), m.duel_number <= 3
(True, True)

Between two duels the match waits on a decision of the kind
``TURN_ORDER``, asked of the player who chooses who goes first (the loser of
the duel just played; after a draw, the player who chose for that duel, or a
new coin toss with ``toss_after_draw``). Until it is answered either player may
side deck with :meth:`Match.side`.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from ygo.core.card import CardSource
from ygo.core.deck import Deck
from ygo.defaults import Duel
from ygo.engine.actions import Action, ActionKind, Decision, DecisionKind
from ygo.engine.duel import SEED_LIMIT, DeckLike
from ygo.engine.result import Result, WinReason
from ygo.engine.rng import Rng
from ygo.engine.setup import ScriptSource
from ygo.engine.view import View
from ygo.errors import (
    IllegalActionError,
    InvalidArgumentError,
    SaveError,
    YgoError,
)
from ygo.rules import Ruleset

#: Most duels in a match (R-MATCH-1: there is no fourth duel).
MAX_DUELS = 3
SAVE_FORMAT = "ygo-match"
SAVE_VERSION = 1
#: Saves larger than this are refused (a long match's log is a few hundred KB).
MAX_SAVE_BYTES = 16 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class MatchScore:
    """How a match stands once it is decided: ``winner`` 0, 1 or None (a drawn match)."""

    winner: int | None
    wins: tuple[int, int]
    draws: int
    by_effect: bool = False
    """True when a card's effect won the match (Victory Dragon)."""

    def __str__(self) -> str:
        score = f"{self.wins[0]}-{self.wins[1]}" + (f", {self.draws} drawn" if self.draws else "")
        if self.winner is None:
            return f"drawn match ({score})"
        how = ", won by a card effect" if self.by_effect else ""
        return f"player {self.winner} wins the match ({score}{how})"


def tally(results: Sequence[Result]) -> MatchScore | None:
    """The match's outcome after these duel results, or None while it goes on.

    R-MATCH-1: two wins take the match; a duel won with the MATCH reason takes
    it at once; after three duels one win and two draws win it, and anything else
    (one win each and a draw, three draws) is a drawn match. A result after the
    match was decided raises :class:`InvalidArgumentError`.
    """
    wins = [0, 0]
    draws = 0
    for i, r in enumerate(results):
        if i >= MAX_DUELS:
            raise InvalidArgumentError("a match has at most three duels")
        if r.winner is None:
            draws += 1
        else:
            wins[r.winner] += 1
            if r.reason == WinReason.MATCH or wins[r.winner] == 2:
                if i != len(results) - 1:
                    raise InvalidArgumentError(f"duel {i + 2} follows a decided match")
                return MatchScore(r.winner, (wins[0], wins[1]), draws, r.reason == WinReason.MATCH)
    if len(results) < MAX_DUELS:
        return None
    if wins[0] != wins[1]:  # one win and two draws
        return MatchScore(0 if wins[0] > wins[1] else 1, (wins[0], wins[1]), draws)
    return MatchScore(None, (wins[0], wins[1]), draws)


def duel_seed(seed: int, number: int) -> int:
    """The seed of duel ``number`` (0, 1, 2) of a match with ``seed``.

    Duel 1 uses ``seed``; later duels a hash of it. (Not ``seed + n * GAMMA``:
    that is the duel generator's own step, so duel 2 would replay duel 1's
    shuffles one draw later, and its coin toss took that draw: the same hands.)
    """
    if number == 0:
        return seed % SEED_LIMIT
    return _hashed(seed, f"duel {number}")


def _hashed(seed: int, label: str) -> int:
    digest = hashlib.blake2b(f"ygo-match:{seed}:{label}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") % SEED_LIMIT


# -- side decking -------------------------------------------------------------------


def side_swap(deck: Deck, out: Sequence[int], into: Sequence[int], db: CardSource) -> Deck:
    """``deck`` after swapping the cards ``out`` (from the Main or Extra Deck) for the
    cards ``into`` (from the Side Deck), one for one (R-DECK-3).

    Each card goes to its own section (Extra Deck monsters to the Extra Deck), and
    the Main, Extra and Side Decks keep their sizes; anything else raises
    :class:`IllegalActionError` naming the problem. Since the cards of the whole
    deck stay the same and each is in its own section, a legal deck stays legal
    (R-DECK-1..5).
    """
    for code in (*out, *into):
        if type(code) is not int:
            raise IllegalActionError(f"a side-deck swap names passcodes, not {code!r}")
    if len(out) != len(into):
        raise IllegalActionError(
            f"uneven side-deck swap: {len(out)} card(s) out, {len(into)} in (R-DECK-3: one for one)"
        )
    main, extra, side = Counter(deck.main), Counter(deck.extra), Counter(deck.side)
    out_extra = in_extra = 0
    for code, n in Counter(out).items():
        have = main[code] + extra[code]
        if have < n:
            raise IllegalActionError(
                f"cannot side out {n} x {_name(db, code)}: the Main and Extra Decks hold {have}"
            )
        if extra[code]:
            out_extra += n
    for code, n in Counter(into).items():
        if side[code] < n:
            raise IllegalActionError(
                f"cannot side in {n} x {_name(db, code)}: the Side Deck holds {side[code]}"
            )
        if _is_extra(db, code):
            in_extra += n
    if out_extra != in_extra:
        raise IllegalActionError(
            f"uneven side-deck swap: {out_extra} card(s) out of the Extra Deck, {in_extra} in "
            "(R-DECK-3: the Main and Extra Decks keep their sizes)"
        )
    new_main, new_extra, new_side = list(deck.main), list(deck.extra), list(deck.side)
    for code in out:
        (new_extra if code in new_extra else new_main).remove(code)
        new_side.append(code)
    for code in into:
        new_side.remove(code)
        (new_extra if _is_extra(db, code) else new_main).append(code)
    return Deck(tuple(new_main), tuple(new_extra), tuple(new_side), name=deck.name)


def is_side_of(deck: Deck, registered: Deck, db: CardSource) -> bool:
    """Whether ``deck`` is ``registered`` after one-for-one swaps (R-DECK-3): the
    same cards in all, each section the same size, Extra Deck monsters (and only
    they) in the Extra Deck."""
    if Counter(deck.all_cards()) != Counter(registered.all_cards()):
        return False
    if (len(deck.main), len(deck.extra), len(deck.side)) != (
        len(registered.main),
        len(registered.extra),
        len(registered.side),
    ):
        return False
    moved_main = Counter(deck.main) - Counter(registered.main)
    moved_extra = Counter(deck.extra) - Counter(registered.extra)
    return not any(_is_extra(db, c) for c in moved_main) and all(
        _is_extra(db, c) for c in moved_extra
    )


def _is_extra(db: CardSource, code: int) -> bool:
    try:
        return db.get(code).is_extra_deck
    except YgoError:
        return False


def _name(db: CardSource, code: int) -> str:
    try:
        return f"{db.get(code).name} ({code})"
    except YgoError:
        return str(code)


class SidePolicy(Protocol):
    """Chooses an agent's side-deck swaps between duels (it sees only its own deck)."""

    name: ClassVar[str]

    def swaps(
        self, deck: Deck, won_last: bool | None, db: CardSource
    ) -> tuple[list[int], list[int]]:
        """``(out, in)``: cards to take out of the Main/Extra Deck and to put in.
        ``won_last``: True, False, or None after a drawn duel."""
        ...


class NoSide:
    """Never side decks."""

    name: ClassVar[str] = "none"

    def swaps(
        self, deck: Deck, won_last: bool | None, db: CardSource
    ) -> tuple[list[int], list[int]]:
        return [], []


class StrongerSide:
    """After a lost duel, swap Side Deck monsters in for weaker Main Deck monsters:
    the strongest Side monster (by ATK) for the weakest Main monster, while the one
    coming in has more ATK, at most :attr:`limit` swaps a break. After a win or a
    draw, keep the deck."""

    name: ClassVar[str] = "stronger"
    limit: int = 3

    def swaps(
        self, deck: Deck, won_last: bool | None, db: CardSource
    ) -> tuple[list[int], list[int]]:
        if won_last is not False:
            return [], []

        def atk(code: int) -> int:
            return db.get(code).atk_value

        def main_monster(code: int) -> bool:
            c = db.get(code)
            return c.is_monster and not c.is_extra_deck

        ins = sorted((c for c in deck.side if main_monster(c)), key=atk, reverse=True)
        outs = sorted((c for c in deck.main if main_monster(c)), key=atk)
        out: list[int] = []
        into: list[int] = []
        for a, b in zip(outs, ins, strict=False):
            if len(out) == self.limit or atk(b) <= atk(a):
                break
            out.append(a)
            into.append(b)
        return out, into


#: Side-decking policies by name.
SIDE_POLICIES: dict[str, type[NoSide] | type[StrongerSide]] = {
    "none": NoSide,
    "stronger": StrongerSide,
}


def make_side_policy(name: str) -> SidePolicy:
    try:
        return SIDE_POLICIES[name.lower()]()
    except KeyError:
        known = ", ".join(SIDE_POLICIES)
        raise InvalidArgumentError(f"unknown side-deck policy {name!r} (known: {known})") from None


# -- the match ----------------------------------------------------------------------


def _turn_order(player: int, number: int, why: str) -> Decision:
    return Decision(
        player,
        DecisionKind.TURN_ORDER,
        (Action(ActionKind.GO_FIRST), Action(ActionKind.GO_SECOND)),
        text=f"Duel {number + 1}: {why}: go first or second?",
    )


class Match:
    """A best-of-three match between players 0 and 1.

    Everything random comes from ``seed`` (duel ``i`` uses :func:`duel_seed`); the
    same decks, ruleset, seed, choices and side-deck swaps give the same match.
    ``record=True`` keeps a duel replay of every duel (:meth:`replays`).
    """

    def __init__(
        self,
        decks: tuple[DeckLike, DeckLike] | Sequence[DeckLike],
        ruleset: Ruleset | None = None,
        seed: int = 0,
        *,
        db: CardSource | None = None,
        scripts: ScriptSource | None = None,
        toss_after_draw: bool = False,
        record: bool = False,
        players: tuple[str, str] = ("", ""),
    ) -> None:
        if db is None:
            from ygo.cards.pool import embedded_pool

            db = embedded_pool()
        first_duel = Duel(decks, ruleset, seed, db=db, scripts=scripts, first=None)
        self.db = db
        self.scripts = first_duel.scripts
        self.registered: tuple[Deck, Deck] = first_duel.decks
        """The decks as registered; side decking always keeps to their cards."""
        self.decks: list[Deck] = list(first_duel.decks)
        """The decks for the next duel (after side decking)."""
        self.ruleset = first_duel.ruleset
        self.seed = seed
        self.toss_after_draw = toss_after_draw
        self.players = players
        self.duels: list[Duel] = []
        self.results: list[Result] = []
        self.choosers: list[int] = []
        """Who chose who goes first, per duel."""
        self.result: MatchScore | None = None
        self._between: Decision | None = None
        self._log: list[list[int]] = []
        self._record = record
        self._recorders: list[Any] = []
        self._start(first_duel, None)

    # -- duels -----------------------------------------------------------------------
    def _start(self, duel: Duel, chooser: int | None) -> None:
        self.duels.append(duel)
        if chooser is not None:
            self.choosers.append(chooser)
        if self._record:
            from ygo.formats.replay import Recorder

            self._recorders.append(Recorder(duel, self.players))
        self._after_duel_move()

    def _after_duel_move(self) -> None:
        duel = self.duels[-1]
        if not duel.is_over:
            return
        assert duel.result is not None
        if len(self.choosers) < len(self.duels):  # a duel over before its toss: none
            self.choosers.append(duel.first_player)
        self.results.append(duel.result)
        self.result = tally(self.results)
        if self.result is not None:
            return
        number = len(self.duels)
        if duel.result.winner is not None:
            chooser, why = 1 - duel.result.winner, "you lost the last duel"
        elif self.toss_after_draw:
            chooser, why = (
                Rng(_hashed(self.seed, f"toss {number}")).below(2),
                "you won the coin toss",
            )
        else:
            chooser, why = self.choosers[-1], "the last duel was a draw and you chose for it"
        self._between = _turn_order(chooser, number, why)

    @property
    def duel(self) -> Duel:
        """The duel being played (between duels: the one just finished)."""
        return self.duels[-1]

    @property
    def duel_number(self) -> int:
        """1, 2 or 3: the duel being played or just finished."""
        return len(self.duels)

    @property
    def between_duels(self) -> bool:
        """True while the players may side deck and the next duel's turn order is open."""
        return self._between is not None

    @property
    def wins(self) -> tuple[int, int]:
        w = [0, 0]
        for r in self.results:
            if r.winner is not None:
                w[r.winner] += 1
        return w[0], w[1]

    @property
    def draws(self) -> int:
        return sum(1 for r in self.results if r.winner is None)

    @property
    def score(self) -> str:
        """The score so far, e.g. ``"1-0"`` or ``"1-1, 1 drawn"``."""
        w = self.wins
        d = self.draws
        return f"{w[0]}-{w[1]}" + (f", {d} drawn" if d else "")

    # -- deciding ----------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def decision(self) -> Decision | None:
        """The open decision (a duel's, or between duels the turn order), or None
        when the match is over."""
        if self.result is not None:
            return None
        if self._between is not None:
            return self._between
        return self.duels[-1].decision

    def apply(self, choice: Action | int | str) -> None:
        """Take one option of the open decision, as :meth:`Duel.apply`. Anything else
        raises :class:`IllegalActionError` and leaves the match as it was."""
        if self.result is not None:
            raise IllegalActionError("no decision is open: the match is over")
        between = self._between
        if between is None:
            duel = self.duels[-1]
            d = duel.decision
            assert d is not None
            if self._record:
                self._recorders[-1].apply(choice)
            else:
                duel.apply(choice)
            if d.kind == DecisionKind.TURN_ORDER and len(self.choosers) < len(self.duels):
                self.choosers.append(d.player)
            self._log.append([duel.choices[-1]])
            self._after_duel_move()
            return
        index = option_index(between, choice)
        chooser = between.player
        go_first = between.options[index].kind == ActionKind.GO_FIRST
        first = chooser if go_first else 1 - chooser
        number = len(self.duels)
        duel = Duel(
            self.decks,
            self.ruleset,
            duel_seed(self.seed, number),
            db=self.db,
            scripts=self.scripts,
            first=first,
        )
        self._between = None
        self._log.append([index])
        self._start(duel, chooser)

    def side(self, player: int, out: Sequence[int], into: Sequence[int]) -> None:
        """Side deck between duels: swap the cards ``out`` of ``player``'s Main or
        Extra Deck for the cards ``into`` from their Side Deck, one for one
        (R-DECK-3). The swap applies to the deck as it now is (swap back to
        return to the registered deck). A bad swap raises
        :class:`IllegalActionError` and changes nothing."""
        if type(player) is not int or player not in (0, 1):
            raise InvalidArgumentError(f"player must be 0 or 1, not {player!r}")
        if self._between is None:
            raise IllegalActionError(
                "side decking is only allowed between the duels of a match"
                + (" (the match is over)" if self.result is not None else "")
            )
        deck = side_swap(self.decks[player], list(out), list(into), self.db)
        self.decks[player] = deck
        if out:
            self._log.append([-1, player, *out, *into])

    # -- information -------------------------------------------------------------------
    def view(self, player: int) -> View:
        """What ``player`` may know of the current (or just finished) duel."""
        return self.duels[-1].view(player)

    def replays(self) -> list[Any]:
        """The duel replays (``ygo.formats.replay.Replay``) so far (``record=True``)."""
        if not self._record:
            raise InvalidArgumentError("this match was not recorded (Match(record=True))")
        return [r.replay for r in self._recorders]

    # -- copies and saves ------------------------------------------------------------
    def clone(self) -> Match:
        """An independent match that continues exactly as this one would (it does
        not record duel replays, even if this one does)."""
        m = Match.__new__(Match)
        m.__dict__.update(self.__dict__)
        m.duels = [*self.duels[:-1], self.duels[-1].clone()]
        m.decks = list(self.decks)
        m.results = list(self.results)
        m.choosers = list(self.choosers)
        m._log = [list(e) for e in self._log]
        m._record = False
        m._recorders = []
        return m

    def save(self) -> bytes:
        """The match as bytes; :meth:`load` resumes it (by replaying its moves)."""
        payload = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "decks": [[list(d.main), list(d.extra), list(d.side)] for d in self.registered],
            "ruleset": self.ruleset.to_dict(),
            "seed": self.seed,
            "toss_after_draw": self.toss_after_draw,
            "log": self._log,
        }
        return json.dumps(payload, separators=(",", ":")).encode()

    @classmethod
    def load(
        cls,
        data: bytes,
        db: CardSource | None = None,
        scripts: ScriptSource | None = None,
        record: bool = False,
    ) -> Match:
        """Resume a match saved with :meth:`save`. Anything else raises
        :class:`SaveError`."""
        if len(data) > MAX_SAVE_BYTES:
            raise SaveError(f"saved match is over {MAX_SAVE_BYTES} bytes")
        try:
            payload = json.loads(data)
        except (ValueError, RecursionError):
            raise SaveError("saved match is not JSON") from None
        if not isinstance(payload, dict) or payload.get("format") != SAVE_FORMAT:
            raise SaveError("not a saved match")
        if payload.get("version") != SAVE_VERSION:
            raise SaveError(f"unsupported saved match version {payload.get('version')!r}")
        try:
            raw = payload["decks"]
            if type(raw) is not list or len(raw) != 2:
                raise SaveError("saved match is malformed: it needs two decks")
            decks = [_deck(d) for d in raw]
            ruleset = Ruleset.from_dict(payload["ruleset"])
            toss = payload["toss_after_draw"]
            if type(toss) is not bool:
                raise SaveError("saved match is malformed: toss_after_draw is not a boolean")
            m = cls(
                decks, ruleset, payload["seed"], db=db, scripts=scripts,
                toss_after_draw=toss, record=record,
            )  # fmt: skip
            log = payload["log"]
            if type(log) is not list:
                raise SaveError("saved match is malformed: 'log' is not a list")
            for entry in log:
                _replay_entry(m, entry)
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, YgoError) as exc:
            raise SaveError(f"saved match is malformed: {exc}") from None
        return m

    def __repr__(self) -> str:
        status = str(self.result) if self.result else f"duel {self.duel_number}, {self.score}"
        return f"<Match seed={self.seed} {status}>"


def _replay_entry(m: Match, entry: object) -> None:
    if type(entry) is not list or not entry or not all(type(v) is int for v in entry):
        raise SaveError(f"saved match is malformed: bad log entry {entry!r}")
    if entry[0] == -1:
        if len(entry) < 4 or len(entry) % 2:
            raise SaveError(f"saved match is malformed: bad side-deck entry {entry!r}")
        n = (len(entry) - 2) // 2
        m.side(entry[1], entry[2 : 2 + n], entry[2 + n :])
    elif len(entry) == 1:
        m.apply(entry[0])
    else:
        raise SaveError(f"saved match is malformed: bad log entry {entry!r}")


def _deck(raw: object) -> Deck:
    if type(raw) is not list or len(raw) != 3:
        raise SaveError("saved match is malformed: a deck is not [main, extra, side]")
    parts: list[tuple[int, ...]] = []
    for part in raw:
        if type(part) is not list or not all(type(c) is int and 0 < c < 2**32 for c in part):
            raise SaveError("saved match is malformed: a deck part is not a list of passcodes")
        parts.append(tuple(part))
    return Deck(parts[0], parts[1], parts[2])


def option_index(d: Decision, choice: Action | int | str) -> int:
    options = d.options
    if type(choice) is int:
        if not 0 <= choice < len(options):
            raise IllegalActionError(
                f"option {choice} does not exist: the decision has {len(options)} options"
            )
        return choice
    if isinstance(choice, str):
        found = d.find(choice)
        if found is None:
            raise IllegalActionError(f"{choice!r} is not an option now ({d.prompt})")
        return options.index(found)
    if isinstance(choice, Action):
        try:
            return options.index(choice)
        except ValueError:
            raise IllegalActionError(f"{choice} is not an option now ({d.prompt})") from None
    raise IllegalActionError(f"not an action: {choice!r}")


# -- playing a match with agents -------------------------------------------------------


def play_match(
    match: Match,
    agents: tuple[Any, Any],
    policies: tuple[SidePolicy, SidePolicy] | None = None,
) -> MatchScore:
    """Let two agents (``ygo.agents.Agent``) play ``match`` to its end, side decking
    between duels with ``policies`` (default: none)."""
    pols = policies or (NoSide(), NoSide())
    sided = 0
    while match.result is None:
        if match.between_duels and sided < match.duel_number:
            sided = match.duel_number
            last = match.results[-1]
            for p in (0, 1):
                won = None if last.winner is None else last.winner == p
                out, into = pols[p].swaps(match.decks[p], won, match.db)
                match.side(p, out, into)
        d = match.decision
        assert d is not None
        agent = agents[d.player]
        if getattr(agent, "needs_seat", False):  # a search agent: a seat at the duel
            agent.sit(None if match.between_duels else match.duel, d.player)
        view = match.view(d.player) if agent.needs_view else None
        match.apply(agent.choose(view, d))
    return match.result


__all__ = [
    "MAX_DUELS",
    "SIDE_POLICIES",
    "Match",
    "MatchScore",
    "NoSide",
    "SidePolicy",
    "StrongerSide",
    "duel_seed",
    "is_side_of",
    "make_side_policy",
    "play_match",
    "side_swap",
    "tally",
]
