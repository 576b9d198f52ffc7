"""Views: everything one player may know, and nothing more (R-DUEL-8).

Public: LP, hand sizes, both Graveyards in order, face-up cards, face-up
banished cards, Xyz materials (``CardView.materials``), deck and Extra Deck
sizes. Hidden from the opponent: hand contents, face-down cards, the Extra
Deck contents; hidden from both: the deck order. A hidden card appears as a
:class:`CardView` with ``code`` and ``uid`` of None, so an agent cannot follow it around.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ygo.core.enums import Location, Phase, Position
from ygo.core.ints import POS_FACEUP, TYPE_MONSTER
from ygo.core.state import NONE, State
from ygo.engine import query
from ygo.engine.actions import Action, ActionKind, Decision, Place
from ygo.engine.result import Result

#: The viewer of a spectator's view: no player. A spectator knows what both
#: players' opponents know (R-DUEL-8): both hands, both Extra Decks (their
#: face-down part) and every face-down card are hidden.
SPECTATOR = -1


@dataclass(frozen=True, slots=True)
class CardView:
    """A card as the viewer sees it."""

    uid: int | None
    """The card's ID, or None when the viewer may not know which card it is."""
    code: int | None
    """Passcode, or None when hidden."""
    name: str | None
    controller: int
    location: Location
    index: int
    """Zone number (0-4) on the field; position in the pile elsewhere."""
    position: Position
    face_up: bool
    atk: int | None = None
    """A known monster's ATK: current on the field, printed elsewhere (else None)."""
    defense: int | None = None
    """A known monster's DEF, like ``atk``."""
    level: int | None = None
    destroyed: bool = False
    """Destroyed by battle, still on the field until the end of the Damage Step (R-BAT-9)."""
    scale: int | None = None
    """A known Pendulum monster's Pendulum Scale (its left one; R-PEND-1), else None."""
    materials: tuple[CardView, ...] = ()
    """An Xyz monster's materials, oldest first (public, R-DUEL-8)."""
    counters: int | None = None
    """Counters on the card (R-TERM-5; 0: none), or None when the viewer may not
    know which card it is (a hidden card shows nothing but its place)."""

    @property
    def known(self) -> bool:
        return self.code is not None


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player's side, as the viewer sees it."""

    player: int
    lp: int
    hand: tuple[CardView, ...]
    deck_count: int
    extra: tuple[CardView, ...]
    """The Extra Deck: its cards for its owner; for the opponent its face-up cards
    (Pendulums, R-DUEL-8) and hidden ones for the rest."""
    grave: tuple[CardView, ...]
    """Oldest first (R-FIELD-3)."""
    banished: tuple[CardView, ...]
    monsters: tuple[CardView | None, ...]
    """The 5 Monster Zones (None: empty)."""
    spells: tuple[CardView | None, ...]
    """The 5 Spell & Trap Zones (None: empty)."""
    field: CardView | None
    pendulum: tuple[CardView | None, ...] = ()
    """The Pendulum Zones (mr3: 2; None: empty; none under classic, R-FIELD-1)."""

    @property
    def hand_count(self) -> int:
        return len(self.hand)

    @property
    def extra_count(self) -> int:
        return len(self.extra)


@dataclass(frozen=True, slots=True)
class LinkView:
    """One link of the chain, as everybody sees it (activations are public)."""

    number: int
    """Chain Link number, from 1."""
    card: CardView
    player: int
    """Who activated it."""
    effect: int
    """Which of the card's effects."""
    targets: tuple[CardView, ...]
    negated: bool


@dataclass(frozen=True, slots=True)
class View:
    """What ``viewer`` knows of the duel at one moment."""

    viewer: int
    turn: int
    turn_player: int
    phase: Phase
    players: tuple[PlayerView, PlayerView]
    decision: Decision | None
    """The open decision, if it is the viewer's."""
    result: Result | None
    attacker: CardView | None = None
    """The monster whose attack is being declared or resolved (public)."""
    attack_target: CardView | None = None
    """The monster it attacks (a face-down one as far as the viewer may know it);
    None for a direct attack or when there is no attack."""
    chain: tuple[LinkView, ...] = ()
    """The chain being built or resolved, Chain Link 1 first."""
    scripts: Any = field(default=None, compare=False, repr=False)
    """The duel's card scripts (a ``ScriptSource``: ``effects(code)``): what every
    card does is public, so an agent judges a card by the scripts of the duel it
    plays, not by a source of its own."""
    catalogue: Any = field(default=None, compare=False, repr=False)
    """The duel's card source (``get(code) -> CardData``; None if it has none):
    the printed facts of any card, public too."""

    @property
    def me(self) -> PlayerView:
        """The viewer's side (player 0's for a spectator)."""
        return self.players[max(self.viewer, 0)]

    @property
    def opponent(self) -> PlayerView:
        return self.players[1 - max(self.viewer, 0)]

    def cards(self) -> Iterator[CardView]:
        """Every card this view shows: each side's hand, Extra Deck, GY,
        banished cards and field (Xyz materials after their monster), then the
        chain's cards and targets (a card may come twice: on the field and in
        the chain)."""
        for side in self.players:
            yield from side.hand
            yield from side.extra
            yield from side.grave
            yield from side.banished
            for c in (*side.monsters, *side.spells, side.field, *side.pendulum):
                if c is not None:
                    yield c
                    yield from c.materials
        for link in self.chain:
            yield link.card
            yield from link.targets

    def find(self, uid: int) -> CardView | None:
        """The card with ID ``uid`` as this view shows it; None when the view shows
        no card with that ID (one hidden from the viewer, one in a Deck)."""
        for c in self.cards():
            if c.uid == uid:
                return c
        return None

    def at(self, place: Place) -> CardView | None:
        """The card at a place on the field (None: the zone is empty)."""
        side = self.players[place.player]
        loc = place.location
        if loc == Location.MZONE:
            zones = side.monsters
        elif loc == Location.SZONE:
            zones = side.spells
        elif loc == Location.PZONE:
            zones = side.pendulum
        else:
            return side.field
        return zones[place.index] if 0 <= place.index < len(zones) else None

    def card_of(self, action: Action) -> CardView | None:
        """The one card an option is about, as this view shows it: its ``card``
        by ID, an attack target (``TARGET``) in the Monster Zone ``zone`` of the
        turn player's opponent, a face-down card by its :attr:`Action.place`.
        None for an option about no single card (pass, end turn, a named
        option; a material set's cards are :attr:`Action.cards`, each found with
        :meth:`find`) and for a card the view does not show (a Deck card that a
        search offers: its label names it)."""
        if action.card >= 0:
            return self.find(action.card)
        if action.kind == ActionKind.TARGET:
            return self.players[1 - self.turn_player].monsters[action.zone]
        place = action.place
        return None if place is None else self.at(place)


def identifies(st: State, uid: int, viewer: int) -> bool:
    """Whether ``viewer`` may know which card ``uid`` is now (R-DUEL-8).

    The one rule behind every view, and behind :meth:`Duel.explain`'s refusal:
    a card in the Deck is hidden from both players (the deck order); the hand
    and the Extra Deck from the opponent; face-down cards on the field and
    face-down banished cards from the opponent; the GY is public.
    """
    loc = st.loc[uid]
    if loc == Location.GRAVE or loc == Location.OVERLAY:  # Xyz materials are public
        return True
    if loc == Location.DECK:
        return False
    if st.ctrl[uid] == viewer:
        return loc in _PLACES
    if loc == Location.HAND:
        return False
    if loc == Location.EXTRA:  # R-DUEL-8: its face-up part (Pendulums, R-PEND-4) is public
        return bool(st.pos[uid] & Position.FACEUP)
    return loc in _PLACES and bool(st.pos[uid] & Position.FACEUP)


_PLACES = frozenset(
    (
        Location.HAND,
        Location.MZONE,
        Location.SZONE,
        Location.FZONE,
        Location.PZONE,
        Location.GRAVE,
        Location.BANISHED,
        Location.EXTRA,
    )
)


#: Enum members by value: a dict look-up is much cheaper than an enum call, and a
#: view makes one per card (the web table builds several views per decision).
_LOCATION = {int(m): m for m in Location}
_POSITION: dict[int, Position] = {}


def _position(value: int) -> Position:
    pos = _POSITION.get(value)
    if pos is None:
        pos = _POSITION[value] = Position(value)
    return pos


def _card(st: State, uid: int, viewer: int, index: int, known: bool) -> CardView:
    loc = _LOCATION[st.loc[uid]]
    raw = st.pos[uid]
    pos = _position(raw)
    face_up = bool(raw & POS_FACEUP) and loc != Location.DECK and loc != Location.HAND
    if not known and loc == Location.EXTRA:
        pos = Position.FACEDOWN_DEFENSE  # a hidden Extra Deck card
    if not known:
        return CardView(None, None, None, st.ctrl[uid], loc, index, pos, face_up)
    data = st.data[uid]
    if not int(data.type) & TYPE_MONSTER:
        return CardView(
            uid, data.code, data.name, st.ctrl[uid], loc, index, pos, face_up,
            None, None, None, False, None, (), st.counters[uid],
        )  # fmt: skip
    destroyed = False
    under: tuple[CardView, ...] = ()
    if loc == Location.MZONE:
        atk, dfn = query.atk(st, uid), query.defense(st, uid)
        destroyed = uid in st.battle_destroyed
        if st.overlay[0] or st.overlay[1]:
            under = tuple(
                _card(st, m, viewer, i, True) for i, m in enumerate(query.materials(st, uid))
            )
    else:
        atk, dfn = data.atk_value, data.def_value
    return CardView(
        uid,
        data.code,
        data.name,
        st.ctrl[uid],
        loc,
        index,
        pos,
        face_up,
        atk,
        dfn,
        data.level,
        destroyed,
        data.lscale if data.is_pendulum else None,
        under,
        st.counters[uid],
    )


_OPEN_PLACES = (
    Location.MZONE,
    Location.SZONE,
    Location.FZONE,
    Location.PZONE,
    Location.BANISHED,
    Location.EXTRA,
)


def _field_card(st: State, uid: int, viewer: int) -> CardView:
    """A card wherever it is, known when the viewer may know it."""
    loc = st.loc[uid]
    face_up = bool(st.pos[uid] & Position.FACEUP)
    mine = st.ctrl[uid] == viewer
    if loc in _OPEN_PLACES:  # on the field, banished, the Extra Deck: face-up is public
        known = mine or face_up
    elif loc == Location.GRAVE or loc == Location.OVERLAY:
        known = True
    else:
        known = mine and loc != Location.DECK
    index = st.seq[uid] if st.seq[uid] >= 0 else 0
    return _card(st, uid, viewer, index, known)


def _chain(st: State, viewer: int) -> tuple[LinkView, ...]:
    if not st.chain:
        return ()
    out = []
    for n, link in enumerate(st.chain, 1):
        card = _field_card(st, link.uid, viewer)
        targets = tuple(
            _field_card(st, u, viewer) for u, f in link.target_pairs() if st.fid[u] == f
        )
        out.append(LinkView(n, card, link.player, link.eff, targets, link.negated))
    return tuple(out)


_FIELD = frozenset((Location.MZONE, Location.SZONE, Location.FZONE, Location.PZONE))


def referee_card(st: State, uid: int) -> CardView:
    """Card ``uid`` wherever it is, every field known (the referee's,
    :meth:`Duel.card_view`): the same :class:`CardView` a player's view shows
    of a card it may identify, with ``index`` its zone on the field, its place
    in its pile elsewhere (the Deck bottom first, as ``Duel.deck``) or among its
    monster's materials."""
    loc = st.loc[uid]
    if loc in _FIELD:
        index = st.seq[uid]
    elif loc == Location.OVERLAY:
        index = query.materials(st, st.bound[uid]).index(uid)
    else:
        piles = _PILES[_LOCATION[loc]](st)
        index = next(pile.index(uid) for pile in piles if uid in pile)
    return _card(st, uid, SPECTATOR, index, True)


_PILES = {
    Location.DECK: lambda st: st.deck,
    Location.HAND: lambda st: st.hand,
    Location.GRAVE: lambda st: st.grave,
    Location.BANISHED: lambda st: st.banished,
    Location.EXTRA: lambda st: st.extra,
}


def referee_chain(st: State) -> tuple[LinkView, ...]:
    """The chain with every card known (the referee's, :attr:`Duel.chain`)."""
    return tuple(
        LinkView(
            n,
            referee_card(st, link.uid),
            link.player,
            link.eff,
            tuple(
                referee_card(st, u) for u, f in link.target_pairs() if st.fid[u] == f and st.loc[u]
            ),
            link.negated,
        )
        for n, link in enumerate(st.chain, 1)
    )


def _player(st: State, p: int, viewer: int) -> PlayerView:
    def card(uid: int, i: int) -> CardView:
        return _card(st, uid, viewer, i, identifies(st, uid, viewer))

    def zone(uid: int, i: int) -> CardView | None:
        return None if uid == NONE else card(uid, i)

    fz = st.fzone[p]
    return PlayerView(
        player=p,
        lp=st.lp[p],
        hand=tuple(card(c, i) for i, c in enumerate(st.hand[p])),
        deck_count=len(st.deck[p]),
        extra=tuple(card(c, i) for i, c in enumerate(st.extra[p])),
        grave=tuple(card(c, i) for i, c in enumerate(st.grave[p])),
        banished=tuple(card(c, i) for i, c in enumerate(st.banished[p])),
        monsters=tuple(zone(c, i) for i, c in enumerate(st.mzone[p])),
        spells=tuple(zone(c, i) for i, c in enumerate(st.szone[p])),
        field=zone(fz, 0) if fz != NONE else None,
        pendulum=tuple(zone(c, i) for i, c in enumerate(st.pzone[p])),
    )


def make_view(st: State, viewer: int, scripts: Any = None) -> View:
    """What ``viewer`` (0, 1 or ``SPECTATOR``) knows now; ``scripts`` are the
    duel's card scripts (:attr:`View.scripts`)."""
    pending = st.pending
    return View(
        viewer=viewer,
        turn=st.turn,
        turn_player=st.tp,
        phase=Phase(st.phase) if st.phase else Phase.DRAW,
        players=(_player(st, 0, viewer), _player(st, 1, viewer)),
        decision=pending if pending is not None and pending.player == viewer else None,
        result=st.result,
        attacker=_card(st, st.attacker, viewer, st.seq[st.attacker], True)
        if st.attacker != NONE
        else None,
        attack_target=_card(
            st, st.target, viewer, st.seq[st.target], identifies(st, st.target, viewer)
        )
        if st.attacker != NONE and st.target != NONE
        else None,
        chain=_chain(st, viewer),
        scripts=scripts,
        catalogue=st.catalogue,
    )
