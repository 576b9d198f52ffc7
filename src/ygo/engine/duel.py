"""The public face of the engine: :class:`Duel`.

>>> from ygo import Duel, starter_deck
>>> duel = Duel((starter_deck("yugi"), starter_deck("kaiba")), seed=7)
>>> while not duel.is_over:
...     duel.apply(duel.decision.options[-1])   # always the last option
>>> duel.result.reason.name
'DECK_OUT'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ygo.core.card import CardData, CardSource
from ygo.core.deck import Deck
from ygo.core.enums import Location, Phase, Position
from ygo.core.state import NONE, State
from ygo.core.version import VERSION as __version__
from ygo.engine import battle as _battle  # noqa: F401  (registers handlers)
from ygo.engine import chain as _chain  # noqa: F401
from ygo.engine import proc, serialize
from ygo.engine import summon as _summon  # noqa: F401
from ygo.engine import turn as _turn  # noqa: F401
from ygo.engine.actions import Action, Decision
from ygo.engine.events import Event, for_player
from ygo.engine.explain import Explanation, explain
from ygo.engine.priority import Window
from ygo.engine.result import Result
from ygo.engine.setup import ScriptSource, new_duel_state
from ygo.engine.view import View, make_view
from ygo.errors import IllegalActionError, SaveError, YgoError
from ygo.rules import Ruleset

DeckLike = Deck | Sequence[int]


def _as_deck(d: DeckLike) -> Deck:
    return d if isinstance(d, Deck) else Deck(main=tuple(d))


class Duel:
    """One duel between players 0 and 1.

    The duel advances by itself until a player must decide; then
    :attr:`decision` says who, what kind of choice, and the options, and
    :meth:`apply` takes one of them. Everything random comes from ``seed``: the
    same decks, ruleset, seed and choices give the same duel.
    """

    __slots__ = ("_st", "decks", "first", "ruleset", "scripts", "seed")

    def __init__(
        self,
        decks: tuple[DeckLike, DeckLike] | Sequence[DeckLike],
        ruleset: Ruleset | None = None,
        seed: int = 0,
        *,
        db: CardSource | None = None,
        first: int | None = None,
        scripts: ScriptSource | None = None,
    ) -> None:
        """Start a duel.

        ``decks``: one per player (a :class:`Deck` or a list of passcodes).
        ``ruleset``: default mr3. ``db``: the card database (default: the
        embedded pool). ``first``: who goes first (default: a coin toss from
        the seed, R-DUEL-2). ``scripts``: the card effects (default: the
        project's card scripts; :class:`~ygo.engine.setup.NoScripts` plays every
        card as its printed stats). Effects belong to the duel: two duels in one
        process may use different scripts.
        """
        if len(decks) != 2:
            raise ValueError("a duel needs exactly two decks")
        if db is None:  # the one upward import: a convenience default
            from ygo.cards.pool import embedded_pool

            db = embedded_pool()
        if scripts is None:  # likewise: the project's card scripts
            from ygo.cards.scripts import default_scripts

            scripts = default_scripts()
        self.scripts = scripts
        self.decks = (_as_deck(decks[0]), _as_deck(decks[1]))
        self.ruleset = ruleset or Ruleset.mr3()
        self.seed = seed
        self.first = first
        self._st = new_duel_state(self.decks, db, self.ruleset, seed, first, scripts)
        proc.run(self._st)

    @classmethod
    def _from_state(
        cls,
        st: State,
        decks: tuple[Deck, Deck],
        ruleset: Ruleset,
        seed: int,
        first: int | None,
        scripts: ScriptSource,
    ) -> Duel:
        duel = cls.__new__(cls)
        duel._st = st
        duel.scripts = scripts
        duel.decks = decks
        duel.ruleset = ruleset
        duel.seed = seed
        duel.first = first
        return duel

    # -- deciding -------------------------------------------------------------------
    @property
    def decision(self) -> Decision | None:
        """The open decision, or None when the duel is over."""
        pending: Decision | None = self._st.pending
        return pending

    def apply(self, choice: Action | int | str) -> None:
        """Take one option of the open decision: the action itself, its index, or
        its text form. Anything else raises :class:`IllegalActionError` and
        leaves the duel exactly as it was."""
        st = self._st
        d: Decision | None = st.pending
        if d is None:
            raise IllegalActionError("no decision is open: the duel is over")
        options = d.options
        if type(choice) is int:  # an index (not a bool, not an enum member)
            if not 0 <= choice < len(options):
                raise IllegalActionError(
                    f"option {choice} does not exist: the decision has {len(options)} options"
                )
            index = choice
        elif isinstance(choice, str):
            found = d.find(choice)
            if found is None:
                raise IllegalActionError(f"{choice!r} is not an option now ({d.prompt})")
            index = options.index(found)
        elif isinstance(choice, Action):
            try:
                index = options.index(choice)
            except ValueError:
                raise IllegalActionError(f"{choice} is not an option now ({d.prompt})") from None
        else:
            raise IllegalActionError(f"not an action: {choice!r}")
        st.choices.append(index)
        st.pending = None
        st.answer = options[index]
        proc.run(st)

    # -- state ---------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self._st.result is not None

    @property
    def result(self) -> Result | None:
        """Winner (or draw) and why, once the duel is over."""
        result: Result | None = self._st.result
        return result

    @property
    def turn(self) -> int:
        return self._st.turn

    @property
    def turn_player(self) -> int:
        return self._st.tp

    @property
    def first_player(self) -> int:
        """The player who took the first turn."""
        return self._st.first

    @property
    def phase(self) -> Phase:
        return Phase(self._st.phase) if self._st.phase else Phase.DRAW

    def lp(self, player: int) -> int:
        return self._st.lp[player]

    def card(self, uid: int) -> CardData:
        """The printed facts of a card in this duel."""
        return self._st.data[uid]

    def name(self, uid: int) -> str:
        return self._st.data[uid].name

    def location(self, uid: int) -> Location:
        return Location(self._st.loc[uid])

    def position(self, uid: int) -> Position:
        return Position(self._st.pos[uid])

    def controller(self, uid: int) -> int:
        return self._st.ctrl[uid]

    def zone_of(self, uid: int) -> int:
        """The zone index (0-4) of a card on the field, else -1."""
        return self._st.seq[uid]

    def hand(self, player: int) -> list[int]:
        return list(self._st.hand[player])

    def deck(self, player: int) -> list[int]:
        """The Deck, bottom first (the last element is the top card)."""
        return list(self._st.deck[player])

    def grave(self, player: int) -> list[int]:
        return list(self._st.grave[player])

    def banished(self, player: int) -> list[int]:
        return list(self._st.banished[player])

    def extra(self, player: int) -> list[int]:
        return list(self._st.extra[player])

    def monsters(self, player: int) -> list[int | None]:
        """The 5 Monster Zones: a uid or None."""
        return [None if c == NONE else c for c in self._st.mzone[player]]

    def spells(self, player: int) -> list[int | None]:
        """The 5 Spell & Trap Zones: a uid or None."""
        return [None if c == NONE else c for c in self._st.szone[player]]

    def field_spell(self, player: int) -> int | None:
        c = self._st.fzone[player]
        return None if c == NONE else c

    @property
    def card_count(self) -> int:
        return self._st.ncards

    @property
    def chain_links(self) -> int:
        """Cards and effects activated so far (chain links made)."""
        return self._st.nlinks

    @property
    def decisions_made(self) -> int:
        """Decisions answered that had two or more options."""
        return len(self._st.choices)

    @property
    def choices(self) -> list[int]:
        """The index chosen at each decision that had two or more options."""
        return list(self._st.choices)

    # -- information ----------------------------------------------------------------
    def view(self, player: int) -> View:
        """Everything ``player`` may know now (R-DUEL-8), and nothing more."""
        return make_view(self._st, player)

    def events(self, player: int | None = None, since: int = 0) -> list[Event]:
        """The events from index ``since`` on; as ``player`` may see them, if given."""
        evs = list(self._st.events[since:])
        if player is None:
            return evs
        return [for_player(e, player) for e in evs]

    @property
    def event_count(self) -> int:
        return len(self._st.events)

    def explain(self, uid: int) -> Explanation:
        """What this card can do now, and why it cannot do the rest."""
        if not 0 <= uid < self._st.ncards:
            raise IllegalActionError(f"no card #{uid} in this duel")
        return explain(self._st, uid)

    def stop_at(self, player: int, *windows: Window) -> None:
        """Ask ``player`` at these priority windows even with nothing to activate."""
        for w in windows:
            self._st.stops[player] |= w.bit

    # -- copies, saves, digests ----------------------------------------------------------
    def clone(self) -> Duel:
        """An independent duel that continues exactly as this one would."""
        return Duel._from_state(
            self._st.clone(), self.decks, self.ruleset, self.seed, self.first, self.scripts
        )

    def digest(self) -> str:
        """A hash of the whole state: equal states have equal digests."""
        return serialize.digest(self._st)

    def save(self) -> bytes:
        """The duel as bytes; :meth:`load` resumes it."""
        payload: dict[str, Any] = {
            "format": serialize.FORMAT,
            "engine": __version__,
            "decks": [[list(d.main), list(d.extra), list(d.side)] for d in self.decks],
            "ruleset": self.ruleset.to_dict(),
            "seed": self.seed,
            "first": self.first,
            "state": serialize.state_to_dict(self._st),
        }
        return serialize.dumps(payload)

    @classmethod
    def load(cls, data: bytes, scripts: ScriptSource | None = None) -> Duel:
        """Resume a duel saved with :meth:`save` (with the project's card scripts,
        or ``scripts``)."""
        payload = serialize.loads(data)
        try:
            decks = tuple(Deck(tuple(m), tuple(e), tuple(s)) for m, e, s in payload["decks"])
            ruleset = Ruleset.from_dict(payload["ruleset"])
            seed = int(payload["seed"])
            first = payload["first"]
        except (KeyError, TypeError, ValueError, YgoError) as exc:
            raise SaveError(f"saved duel is malformed: {exc!r}") from None
        if len(decks) != 2:
            raise SaveError("saved duel is malformed: it needs two decks")
        if not isinstance(payload.get("state"), dict):
            raise SaveError("saved duel is malformed: it has no state")
        if scripts is None:
            from ygo.cards.scripts import default_scripts

            scripts = default_scripts()
        st = serialize.state_from_dict(payload["state"], scripts)
        return cls._from_state(st, (decks[0], decks[1]), ruleset, seed, first, scripts)

    def __repr__(self) -> str:
        st = self._st
        status = str(st.result) if st.result else f"turn {st.turn}, P{st.tp}, {self.phase.label}"
        return f"<Duel seed={self.seed} {status} LP {st.lp[0]}/{st.lp[1]}>"
