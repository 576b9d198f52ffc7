"""The public face of the engine: :class:`Duel`.

>>> from ygo import Duel, starter_deck
>>> duel = Duel((starter_deck("yugi"), starter_deck("kaiba")), seed=7)
>>> while not duel.is_over:
...     duel.apply(duel.decision.options[-1])   # always the last option
>>> duel.result.reason.name
'DECK_OUT'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Self

from ygo.core.card import CardData, CardSource
from ygo.core.deck import Deck
from ygo.core.enums import Location, Phase, Position
from ygo.core.state import NONE, PZONES, State, replace_at
from ygo.core.version import VERSION as __version__
from ygo.engine import processor, serialize
from ygo.engine.actions import Action, Decision
from ygo.engine.determinize import RandomSource
from ygo.engine.determinize import determinize as _determinize
from ygo.engine.events import Event, EventKind, for_player
from ygo.engine.explain import Explanation, explain
from ygo.engine.priority import Window
from ygo.engine.result import Result
from ygo.engine.setup import ScriptSource, new_duel_state
from ygo.engine.view import (
    SPECTATOR,
    CardView,
    LinkView,
    View,
    identifies,
    make_view,
    referee_card,
    referee_chain,
)
from ygo.errors import (
    HiddenCardError,
    IllegalActionError,
    InvalidArgumentError,
    SaveError,
    YgoError,
)
from ygo.rules import Ruleset

DeckLike = Deck | Sequence[int]

#: Events that show their card face-up to everyone (a spectator may be told which).
_PUBLIC_EVENTS = frozenset(
    {
        EventKind.SUMMON,
        EventKind.FLIP_SUMMON,
        EventKind.FLIP,
        EventKind.ACTIVATE,
        EventKind.REVEAL,
    }
)


#: Seeds are ints in ``[0, SEED_LIMIT)`` (the generator's state is 64 bits).
SEED_LIMIT = 1 << 64


def _as_deck(d: DeckLike) -> Deck:
    return d if isinstance(d, Deck) else Deck(main=tuple(d))


def _check_player(player: object, what: str = "player") -> int:
    """``player`` itself if it is 0 or 1 (an int, not a bool), else a clear error."""
    if type(player) is not int or player not in (0, 1):
        raise InvalidArgumentError(f"{what} must be 0 or 1, not {player!r}")
    return player


def _deck(saved: object) -> Deck:
    if type(saved) is not list or len(saved) != 3:
        raise SaveError("saved duel is malformed: a deck is not [main, extra, side]")
    return Deck(_codes(saved[0]), _codes(saved[1]), _codes(saved[2]))


def _codes(part: object) -> tuple[int, ...]:
    if type(part) is not list or not all(type(c) is int and 0 < c < 2**32 for c in part):
        raise SaveError("saved duel is malformed: a deck part is not a list of passcodes")
    return tuple(part)


def _check_seed(seed: object) -> int:
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        raise InvalidArgumentError(f"seed must be an int from 0 to 2**64 - 1, not {seed!r}")
    return seed


_new = object.__new__


class Duel:
    """One duel between players 0 and 1.

    The duel advances by itself until a player must decide; then
    :attr:`decision` says who, what kind of choice, and the options, and
    :meth:`apply` takes one of them. Everything random comes from ``seed``: the
    same decks, ruleset, seed and choices give the same duel.

    A ``Duel`` is the referee's handle: besides the game's moves it has
    omniscient accessors (:meth:`card`, :meth:`name`, :meth:`location`,
    :meth:`hand`, :meth:`deck`... and ``events()`` without a player) that
    tell where every card is, hidden or not. What faces a player, an agent or
    a network client is only :meth:`view`, ``events(player)``, the
    :attr:`decision` (which is its player's) and :meth:`explain` with that
    player as viewer; agents receive a view and a decision, never the duel.
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
        ``ruleset``: default mr3. ``seed``: an int from 0 to 2**64 - 1.
        ``db``: the card database (the duel's card source: its Tokens come from it
        too). ``first``: who
        goes first, 0 or 1 (default None: a coin toss from the seed picks a
        player, whose first decision is to go first or second, R-DUEL-2).
        A bad argument raises :class:`InvalidArgumentError`.
        ``scripts``: the card effects (:class:`~ygo.engine.setup.NoScripts` plays
        every card as its printed stats). Effects belong to the duel: two duels
        in one process may use different scripts.

        The engine has no defaults for ``db`` and ``scripts``: it imports nothing
        above itself. :class:`ygo.Duel` (the package's front door) fills in the
        embedded pool and the project's card scripts.
        """
        if isinstance(decks, str | bytes) or len(decks) != 2:
            raise InvalidArgumentError("a duel needs exactly two decks")
        _check_seed(seed)
        if first is not None:
            _check_player(first, "first")
        db, scripts = self._with_defaults(db, scripts)
        if db is None or scripts is None:
            raise InvalidArgumentError(
                "a duel needs its cards (db=) and their scripts (scripts=): "
                "ygo.Duel fills in the embedded pool and the project's scripts"
            )
        self.scripts = scripts
        self.decks = (_as_deck(decks[0]), _as_deck(decks[1]))
        self.ruleset = ruleset or Ruleset.mr3()
        self.seed = seed
        self.first = first
        self._st = new_duel_state(self.decks, db, self.ruleset, seed, first, scripts)
        processor.run(self._st)

    @classmethod
    def _with_defaults(
        cls, db: CardSource | None, scripts: ScriptSource | None
    ) -> tuple[CardSource | None, ScriptSource | None]:
        """The card source and scripts a duel of this class is built or loaded with
        when they are left out: the engine has none (it imports nothing above
        itself) and leaves them out; :class:`ygo.Duel` fills in the embedded pool
        and the project's scripts."""
        return db, scripts

    @classmethod
    def _from_state(
        cls,
        st: State,
        decks: tuple[Deck, Deck],
        ruleset: Ruleset,
        seed: int,
        first: int | None,
        scripts: ScriptSource,
    ) -> Self:
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
        processor.run(st)

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
        return self._st.lp[_check_player(player)]

    # The accessors below are the referee's: they tell where every card is,
    # hidden or not (R-DUEL-8 is kept by view(), events(p) and explain()).

    def _uid(self, uid: object) -> int:
        if type(uid) is not int:
            raise InvalidArgumentError(f"a card ID must be an int, not {uid!r}")
        if not 0 <= uid < self._st.ncards:
            raise InvalidArgumentError(f"no card #{uid} in this duel")
        return uid

    def card(self, uid: int) -> CardData:
        """The printed facts of a card in this duel (omniscient: the referee's)."""
        return self._st.data[self._uid(uid)]

    def name(self, uid: int) -> str:
        """A card's name (omniscient: the referee's)."""
        return self._st.data[self._uid(uid)].name

    def location(self, uid: int) -> Location:
        """Where a card is (omniscient: the referee's)."""
        return Location(self._st.loc[self._uid(uid)])

    def position(self, uid: int) -> Position:
        """A card's position bits (omniscient: the referee's)."""
        return Position(self._st.pos[self._uid(uid)])

    def controller(self, uid: int) -> int:
        """A card's controller (omniscient: the referee's)."""
        return self._st.ctrl[self._uid(uid)]

    def zone_of(self, uid: int) -> int:
        """The zone index (0-4) of a card on the field, else -1 (the referee's)."""
        return self._st.seq[self._uid(uid)]

    def hand(self, player: int) -> list[int]:
        """The uids in a hand (omniscient: the referee's; players use view())."""
        return list(self._st.hand[_check_player(player)])

    def deck(self, player: int) -> list[int]:
        """The Deck, bottom first (the last element is the top card). Omniscient:
        the referee's; players use view()."""
        return list(self._st.deck[_check_player(player)])

    def grave(self, player: int) -> list[int]:
        return list(self._st.grave[_check_player(player)])

    def banished(self, player: int) -> list[int]:
        """Banished uids, face-down ones too (the referee's; players use view())."""
        return list(self._st.banished[_check_player(player)])

    def extra(self, player: int) -> list[int]:
        """The Extra Deck's uids (omniscient: the referee's; players use view())."""
        return list(self._st.extra[_check_player(player)])

    def monsters(self, player: int) -> list[int | None]:
        """The 5 Monster Zones: a uid or None, face-down ones too (the referee's)."""
        return [None if c == NONE else c for c in self._st.mzone[_check_player(player)]]

    def spells(self, player: int) -> list[int | None]:
        """The 5 Spell & Trap Zones: a uid or None, Set ones too (the referee's)."""
        return [None if c == NONE else c for c in self._st.szone[_check_player(player)]]

    def field_spell(self, player: int) -> int | None:
        """The Field Zone's uid, Set or not (the referee's), or None."""
        c = self._st.fzone[_check_player(player)]
        return None if c == NONE else c

    def card_view(self, uid: int) -> CardView:
        """A card as it is now, wherever it is, every field known (the referee's):
        current ATK, DEF and Level on the field (printed elsewhere), counters,
        Xyz materials, position; the same :class:`~ygo.engine.view.CardView` a
        player's :meth:`view` shows of a card that player may identify. A Token
        that has left the field is no longer anywhere: InvalidArgumentError."""
        st = self._st
        if not st.loc[self._uid(uid)]:
            raise InvalidArgumentError(f"card #{uid} is a Token that has left the field")
        return referee_card(st, uid)

    @property
    def chain(self) -> tuple[LinkView, ...]:
        """The chain being built or resolved, Chain Link 1 first, every card known
        (the referee's; a player reads ``view(p).chain``)."""
        return referee_chain(self._st)

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
        return make_view(self._st, _check_player(player), self.scripts)

    def spectator_view(self) -> View:
        """What a spectator may know now: each player's side as that player's
        opponent sees it (both hands hidden, R-DUEL-8); ``viewer`` is
        :data:`~ygo.engine.view.SPECTATOR` and ``decision`` is None."""
        return make_view(self._st, SPECTATOR, self.scripts)

    def spectator_events(self, since: int = 0) -> list[Event]:
        """The events from index ``since`` on as a spectator may see them: every
        secret identity blanked (known to neither player's opponent)."""
        if type(since) is not int or since < 0:
            raise InvalidArgumentError(f"since must be an int >= 0, not {since!r}")
        st = self._st
        out = []
        for e in st.events[since:]:
            e = for_player(e, SPECTATOR)
            # A card known to both players may still be hidden from a spectator (a
            # face-down monster taken by Change of Heart): named only when public now
            # or shown to everyone by the event itself.
            if (
                e.card >= 0
                and e.kind not in _PUBLIC_EVENTS
                and not identifies(st, e.card, SPECTATOR)
            ):
                e = e._replace(card=-1, code=0)
            out.append(e)
        return out

    def events(self, player: int | None = None, since: int = 0) -> list[Event]:
        """The events from index ``since`` on; as ``player`` may see them, if given
        (without a player, every event whole: the referee's log)."""
        if type(since) is not int or since < 0:
            raise InvalidArgumentError(f"since must be an int >= 0, not {since!r}")
        evs = list(self._st.events[since:])
        if player is None:
            return evs
        _check_player(player)
        return [for_player(e, player) for e in evs]

    @property
    def event_count(self) -> int:
        return len(self._st.events)

    def explain(self, uid: int, viewer: int) -> Explanation:
        """What this card can do now, and why it cannot do the rest, as ``viewer``
        may know it.

        A card that ``viewer`` may not identify (R-DUEL-8: exactly the cards
        that ``view(viewer)`` shows without a uid, and the Decks) raises
        :class:`HiddenCardError`, whose message is the same wherever the card
        is. A bad uid or viewer raises :class:`InvalidArgumentError`.
        """
        self._uid(uid)
        _check_player(viewer, "viewer")
        if not identifies(self._st, uid, viewer):
            raise HiddenCardError(f"card #{uid} is not visible to player {viewer}")
        return explain(self._st, uid, viewer)

    def stop_at(self, player: int, *windows: Window) -> None:
        """Ask ``player`` at these priority windows even with nothing to activate."""
        _check_player(player)
        for w in windows:
            if not isinstance(w, Window):
                raise InvalidArgumentError(f"not a priority window: {w!r}")
        st = self._st
        for w in windows:
            st.stops = replace_at(st.stops, player, st.stops[player] | w.bit)

    # -- copies, saves, digests ----------------------------------------------------------
    def clone(self) -> Self:
        """An independent duel that continues exactly as this one would."""
        new = _new(type(self))  # (``_from_state``, inlined: search agents clone thousands of times)
        new._st = self._st.clone()
        new.scripts = self.scripts
        new.decks = self.decks
        new.ruleset = self.ruleset
        new.seed = self.seed
        new.first = self.first
        return new

    def determinize(
        self,
        player: int,
        rng: RandomSource,
        *,
        source: str = "decklist",
        seen: Iterable[int] = (),
        pool: Sequence[int] = (),
    ) -> Self:
        """A new duel in which every card hidden from ``player`` (the opponent's
        hand and face-down cards, both Decks' order) is replaced by cards that
        player could believe are there, drawn with ``rng`` (anything with
        ``below(n)``, e.g. :class:`~ygo.engine.rng.Rng`), and the duel's own
        random generator reseeded. ``source``: ``"decklist"`` (open decklists,
        the default) or ``"seen"`` (the opponent's cards in ``seen`` and those
        visible now, plus ``pool`` codes). It never reads a hidden card's real
        identity (:mod:`ygo.engine.determinize`): the new duel's log names its
        own cards, its seed is its new generator's and its choices log is empty.
        At the other player's decision, that decision is asked again in the new
        duel; one that cannot be (inside an effect, a Tribute Summon from the
        hand) raises :class:`InvalidArgumentError`."""
        _check_player(player)
        catalogue = self._st.catalogue
        if source == "seen" and pool and catalogue is None:
            raise InvalidArgumentError("determinize: 'pool' needs the duel's card source")
        db: CardSource = (
            catalogue if source == "seen" and pool and catalogue is not None
            else _DuelCards(self._st.data)
        )  # fmt: skip
        st = _determinize(
            self._st, player, rng, self.decks, db, self.scripts, source=source, seen=seen,
            pool=pool, catalogue=catalogue if isinstance(catalogue, Iterable) else (),
        )  # fmt: skip
        # The world's seed is the one its generator was reseeded with: the real
        # seed (with the choices) would replay the real duel.
        return type(self)._from_state(
            st, self.decks, self.ruleset, st.rng, self.first, self.scripts
        )

    def digest(self) -> str:
        """A hash of the whole state: equal states have equal digests."""
        return serialize.digest(self._st)

    def save(self) -> bytes:
        """The duel as bytes; :meth:`load` resumes it.

        A duel beyond what a save may hold (``serialize.MAX_LOG`` events or
        choices, ``serialize.MAX_VALUES`` values) raises :class:`SaveError`."""
        payload: dict[str, Any] = {
            "format": serialize.FORMAT,
            "engine": __version__,
            "decks": [[list(d.main), list(d.extra), list(d.side)] for d in self.decks],
            "ruleset": self.ruleset.to_dict(),
            "seed": self.seed,
            "first": self.first,
            "state": serialize.state_to_dict(self._st),
        }
        return serialize.dumps(payload, checked=True)

    @classmethod
    def load(
        cls, data: bytes, scripts: ScriptSource | None = None, db: CardSource | None = None
    ) -> Self:
        """Resume a duel saved with :meth:`save`, its cards' effects from ``scripts``
        and the cards it makes (Tokens) from ``db``: neither is saved (a save holds
        the record of every card in the duel, so loading needs no database).
        :class:`ygo.Duel`'s ``load`` fills in the project's scripts and the
        embedded pool.

        Anything but a save of a state the engine could have reached (in shape:
        every index in range, every card in exactly one place, every value of
        the right type) raises :class:`SaveError`; so does a save beyond what a
        save may claim: more than ``serialize.MAX_SAVE_BYTES`` decompressed,
        ``MAX_VALUES`` values, ``MAX_CONTAINERS`` arrays and objects, or
        ``MAX_LOG`` events or choices.
        """
        payload = serialize.loads(data)
        if set(payload) != {"format", "engine", "decks", "ruleset", "seed", "first", "state"}:
            raise SaveError("saved duel is malformed: unexpected or missing top-level fields")
        try:
            raw = payload["decks"]
            if type(raw) is not list or len(raw) != 2:
                raise SaveError("saved duel is malformed: it needs two decks")
            decks = tuple(_deck(d) for d in raw)
            raw_rules = payload["ruleset"]
            if isinstance(raw_rules, dict) and "pendulum_zones" not in raw_rules:
                # a save from before Pendulum Zones: classic never had them
                raw_rules = {**raw_rules, "pendulum_zones": raw_rules.get("name") != "classic"}
            if isinstance(raw_rules, dict) and "synchro_xyz" not in raw_rules:
                raw_rules = {**raw_rules, "synchro_xyz": raw_rules.get("name") != "classic"}
            ruleset = Ruleset.from_dict(raw_rules)
            seed = _check_seed(payload["seed"])
            if type(payload["engine"]) is not str:
                raise SaveError("saved duel is malformed: 'engine' must be a version string")
            first = payload["first"]
            if first is not None:
                _check_player(first, "first")
        except (KeyError, TypeError, ValueError, YgoError) as exc:
            if isinstance(exc, SaveError):
                raise
            raise SaveError(f"saved duel is malformed: {exc}") from None
        db, scripts = cls._with_defaults(db, scripts)
        if scripts is None:
            raise InvalidArgumentError(
                "loading a duel needs its scripts (scripts=): ygo.Duel.load fills them in"
            )
        st = serialize.state_from_dict(payload["state"], scripts, db)
        if any(len(z) != (PZONES if ruleset.pendulum_zones else 0) for z in st.pzone):
            # R-FIELD-1: two Pendulum Zones each under a ruleset with them, none without
            raise SaveError("saved duel is malformed: its Pendulum Zones do not fit its ruleset")
        if st.synchro_xyz != ruleset.synchro_xyz:
            raise SaveError("saved duel is malformed: its Synchro/Xyz rule does not fit")
        duel = cls._from_state(st, (decks[0], decks[1]), ruleset, seed, first, scripts)
        duel._try_every_option()
        return duel

    def _try_every_option(self) -> None:
        """A loaded duel must be able to take each option of its open decision
        and reach a decision or its end (a SaveError otherwise): the last guard
        against a tampered save whose parts each look right."""
        d = self._st.pending
        if d is None:
            return
        for i in range(len(d.options)):
            trial = self.clone()
            try:
                trial.apply(i)
            except YgoError:
                continue
            except Exception as exc:  # a state the engine could not have reached
                raise SaveError(
                    f"saved duel is malformed: its option {i} fails ({type(exc).__name__})"
                ) from None
            if trial._st.pending is None and trial._st.result is None:
                raise SaveError(f"saved duel is malformed: its option {i} leads nowhere")

    def __repr__(self) -> str:
        st = self._st
        status = str(st.result) if st.result else f"turn {st.turn}, P{st.tp}, {self.phase.label}"
        return f"<Duel seed={self.seed} {status} LP {st.lp[0]}/{st.lp[1]}>"


class _DuelCards:
    """The cards of one duel by passcode (a CardSource for determinize)."""

    def __init__(self, data: Sequence[CardData]) -> None:
        self._by_code = {c.code: c for c in data}

    def get(self, code: int) -> CardData:
        return self._by_code[code]
