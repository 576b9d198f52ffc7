"""The fixed-size numeric encoding of a player's view and of the legal options.

Everything here is computed from one :class:`~ygo.engine.view.View` (what the
player may know, R-DUEL-8) and the options of the decision in it; nothing reads
the duel. The layout (``docs/research.md`` has the same tables):

**Card row** (``CARD_FEATURES`` floats), for a card the viewer sees, hidden or not:

====================  =====================================================
columns               meaning
====================  =====================================================
``present``           1 if the slot holds a card
``known``             1 if the viewer may identify it (else only where it is)
``mine``              1 if the viewer controls it
``loc_*`` (10)        one-hot: Deck, hand, Monster Zone, Spell & Trap Zone, GY,
                      banished, Extra Deck, Xyz material, Field Zone, Pendulum Zone
``face_up``, ``attack_pos``, ``defense_pos``
``index``             zone number / 5 on the field, pile position / 60 elsewhere
``type_*`` (25)       its card type bits (Monster, Spell, Trap, Normal ... Link)
``attr_*`` (7)        its Attribute bits
``race_*`` (26)       its Type bits (Warrior ... Illusion)
``level``             Level/Rank/Link / 12
``atk``, ``def``      current (on the field) or printed ATK/DEF / 5000
``scale``             Pendulum Scale / 13
``destroyed``         destroyed by battle, still on the field (R-BAT-9)
``materials``         Xyz materials / 5
``card_index``        the card's index in the embedded pool + 1 (0: unknown);
                      an integer, for an embedding table, not normalised
====================  =====================================================

Only ``card_index`` leaves [0, 1]; every other column is clipped into it.

**Global vector** (``GLOBAL_FEATURES``): LP (mine, theirs) / 8000 (clipped to 4),
turn / 100, my turn, phase one-hot (10), hand/Deck/Extra/GY/banished counts of
both players (each / 60, clipped), decision kind one-hot (10, all 0 when the
decision is the opponent's), cards left to select / 10, chain length / 10, this
decision's option count / 100 (clipped), page / page count, and "paged" (the
decision has more options than one page).

**Card slots** (``CARD_SLOTS`` rows, in this order): my 5 Monster Zones, 5 Spell
& Trap Zones, Field Zone, 2 Pendulum Zones; the opponent's 13 likewise; my hand
(first 10 cards); my GY (last 10) then theirs (last 10); my banished (last 5),
theirs (last 5); my Extra Deck (first 10); the attacker and the attack target;
the last 5 chain links' cards. Past these counts a pile is cut short in the
view encoding only: every option still carries its own card's row.

**Option rows** (``page_size`` rows of ``OPTION_FEATURES``): ``present``,
``next_page`` (the slot that turns the page), the action kind one-hot (30), the
card row of the card the option is about (by uid, by place code for a card the
chooser may not identify, or the opponent's monster for an attack target), the
option number one-hot (8, for ``CHOOSE``; "8+" in the last) and the effect
index one-hot (4, ``-1`` and 3+ folded).

The flat observation is the concatenation global | card slots | option rows
(``observation_size(page_size)`` floats); :func:`split` cuts it back.

**Pages.** A decision with at most ``page_size`` options maps option ``i`` to
action ``i``. A larger one is shown in pages of ``page_size - 1`` options; the
last action of each page turns to the next page (from the last page, back to
the first). Turning a page is a step that does not advance the duel, so every
option of every decision is reachable whatever its size.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from ygo.core.enums import Attribute, CardType, Location, Phase, Race
from ygo.engine.actions import Action, ActionKind, Decision, DecisionKind
from ygo.engine.view import CardView, View

F32 = npt.NDArray[np.float32]
I8 = npt.NDArray[np.int8]

LOCATIONS = (
    Location.DECK,
    Location.HAND,
    Location.MZONE,
    Location.SZONE,
    Location.GRAVE,
    Location.BANISHED,
    Location.EXTRA,
    Location.OVERLAY,
    Location.FZONE,
    Location.PZONE,
)
TYPES: tuple[int, ...] = tuple(int(t) for t in CardType if t.value and not t.value & (t.value - 1))
ATTRIBUTES: tuple[int, ...] = tuple(int(a) for a in Attribute)
RACES: tuple[int, ...] = tuple(int(r) for r in Race)
PHASES = tuple(Phase)
DECISION_KINDS = tuple(DecisionKind)
ACTION_KINDS = 30  # ActionKind values are below 30
CHOOSE_SLOTS = 8
EFFECT_SLOTS = 4

_LOC_COL = {int(loc): i for i, loc in enumerate(LOCATIONS)}
_PHASE_COL = {int(p): i for i, p in enumerate(PHASES)}
_KIND_COL = {int(k): i for i, k in enumerate(DECISION_KINDS)}

# Card row columns.
C_PRESENT, C_KNOWN, C_MINE = 0, 1, 2
C_LOC = 3
C_FACE_UP = C_LOC + len(LOCATIONS)
C_ATTACK = C_FACE_UP + 1
C_DEFENSE = C_FACE_UP + 2
C_INDEX = C_FACE_UP + 3
C_TYPE = C_INDEX + 1
C_ATTR = C_TYPE + len(TYPES)
C_RACE = C_ATTR + len(ATTRIBUTES)
C_LEVEL = C_RACE + len(RACES)
C_ATK = C_LEVEL + 1
C_DEF = C_LEVEL + 2
C_SCALE = C_LEVEL + 3
C_DESTROYED = C_LEVEL + 4
C_MATERIALS = C_LEVEL + 5
C_CARD_INDEX = C_LEVEL + 6
CARD_FEATURES = C_CARD_INDEX + 1
#: The upper bound of the ``card_index`` column (the pool is far smaller).
CARD_INDEX_HIGH = 65535.0

# Global vector.
G_LP = 0
G_TURN = 2
G_MY_TURN = 3
G_PHASE = 4
G_COUNTS = G_PHASE + len(PHASES)  # 10 counts: hand, deck, extra, grave, banished x (me, them)
G_DECISION = G_COUNTS + 10
G_SELECT_LEFT = G_DECISION + len(DECISION_KINDS)
G_CHAIN = G_SELECT_LEFT + 1
G_OPTIONS = G_CHAIN + 1
G_PAGE = G_OPTIONS + 1
G_PAGED = G_PAGE + 1
GLOBAL_FEATURES = G_PAGED + 1

HAND_SLOTS, GRAVE_SLOTS, BANISHED_SLOTS, EXTRA_SLOTS, CHAIN_SLOTS = 10, 10, 5, 10, 5
FIELD_SLOTS = 13  # 5 monsters, 5 spells/traps, field, 2 pendulum
CARD_SLOTS = (
    2 * FIELD_SLOTS + HAND_SLOTS + 2 * GRAVE_SLOTS + 2 * BANISHED_SLOTS + EXTRA_SLOTS + 2
) + CHAIN_SLOTS

# Option row columns.
O_PRESENT, O_NEXT = 0, 1
O_KIND = 2
O_CARD = O_KIND + ACTION_KINDS
O_CHOOSE = O_CARD + CARD_FEATURES
O_EFFECT = O_CHOOSE + CHOOSE_SLOTS
OPTION_FEATURES = O_EFFECT + EFFECT_SLOTS

DEFAULT_PAGE_SIZE = 32


def observation_size(page_size: int = DEFAULT_PAGE_SIZE) -> int:
    """Floats in one flat observation."""
    return GLOBAL_FEATURES + CARD_SLOTS * CARD_FEATURES + page_size * OPTION_FEATURES


def observation_high(page_size: int = DEFAULT_PAGE_SIZE) -> F32:
    """The upper bounds of the flat observation (the lower ones are all 0)."""
    g = np.ones(GLOBAL_FEATURES, np.float32)
    g[G_LP : G_LP + 2] = 4.0
    card = np.ones(CARD_FEATURES, np.float32)
    card[C_CARD_INDEX] = CARD_INDEX_HIGH
    opt = np.ones(OPTION_FEATURES, np.float32)
    opt[O_CARD + C_CARD_INDEX] = CARD_INDEX_HIGH
    return np.concatenate([g, np.tile(card, CARD_SLOTS), np.tile(opt, page_size)])


@dataclass(frozen=True, slots=True)
class Parts:
    """A flat observation cut into its three parts (views, not copies)."""

    global_: F32
    cards: F32
    """``(CARD_SLOTS, CARD_FEATURES)``"""
    options: F32
    """``(page_size, OPTION_FEATURES)``"""


def split(obs: F32, page_size: int = DEFAULT_PAGE_SIZE) -> Parts:
    """Cut a flat observation (or a batch of them, on the last axis) into its parts."""
    lead = obs.shape[:-1]
    a = GLOBAL_FEATURES
    b = a + CARD_SLOTS * CARD_FEATURES
    return Parts(
        obs[..., :a],
        obs[..., a:b].reshape(*lead, CARD_SLOTS, CARD_FEATURES),
        obs[..., b:].reshape(*lead, page_size, OPTION_FEATURES),
    )


# -- pages ---------------------------------------------------------------------------


def page_count(n_options: int, page_size: int) -> int:
    """How many pages a decision with ``n_options`` options takes."""
    if n_options <= page_size:
        return 1
    per = page_size - 1
    return (n_options + per - 1) // per


def page_slots(n_options: int, page_size: int, page: int) -> list[int]:
    """What each action of page ``page`` means: an option index, or -1 for "next page"."""
    if n_options <= page_size:
        return list(range(n_options))
    per = page_size - 1
    start = page * per
    return [*range(start, min(start + per, n_options)), -1]


# -- cards ---------------------------------------------------------------------------


@cache
def _pool_index() -> dict[int, int]:
    from ygo.cards.pool import embedded_pool

    return {c.code: i + 1 for i, c in enumerate(sorted(embedded_pool(), key=lambda c: c.code))}


@cache
def _static_row(code: int) -> F32:
    """The columns that depend only on the printed card."""
    from ygo.cards.pool import embedded_pool

    row = np.zeros(CARD_FEATURES, np.float32)
    db = embedded_pool()
    if code not in db:
        return row
    data = db.get(code)
    for at, bits, value in (
        (C_TYPE, TYPES, int(data.type)),
        (C_ATTR, ATTRIBUTES, int(data.attribute)),
        (C_RACE, RACES, int(data.race)),
    ):
        for i, bit in enumerate(bits):
            if value & int(bit):
                row[at + i] = 1.0
    row[C_CARD_INDEX] = float(_pool_index().get(code, 0))
    return row


def _clip(x: float) -> float:
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


def card_row(out: F32, card: CardView | None, viewer: int) -> None:
    """Write ``card``'s row into ``out`` (left as zeros for an empty slot)."""
    if card is None:
        return
    if card.code is not None:
        out[:] = _static_row(card.code)
        out[C_KNOWN] = 1.0
        if card.level is not None:
            out[C_LEVEL] = _clip(card.level / 12)
        if card.atk is not None:
            out[C_ATK] = _clip(card.atk / 5000)
        if card.defense is not None:
            out[C_DEF] = _clip(card.defense / 5000)
        if card.scale is not None:
            out[C_SCALE] = _clip(card.scale / 13)
    out[C_PRESENT] = 1.0
    out[C_MINE] = 1.0 if card.controller == viewer else 0.0
    loc = int(card.location)
    col = _LOC_COL.get(loc)
    if col is not None:
        out[C_LOC + col] = 1.0
    pos = int(card.position)
    out[C_FACE_UP] = 1.0 if card.face_up else 0.0
    out[C_ATTACK] = 1.0 if pos & 0x3 else 0.0
    out[C_DEFENSE] = 1.0 if pos & 0xC else 0.0
    on_field = loc in (0x4, 0x8, 0x100, 0x200)
    out[C_INDEX] = _clip(card.index / 5 if on_field else card.index / 60)
    out[C_DESTROYED] = 1.0 if card.destroyed else 0.0
    out[C_MATERIALS] = _clip(len(card.materials) / 5)


# -- the whole view ------------------------------------------------------------------


class Encoder:
    """Encodes views and decisions for one page size (stateless apart from it)."""

    def __init__(self, page_size: int = DEFAULT_PAGE_SIZE) -> None:
        if page_size < 2:
            raise ValueError("page_size must be at least 2 (one option and 'next page')")
        self.page_size = page_size
        self.size = observation_size(page_size)
        self._cards_at = GLOBAL_FEATURES
        self._options_at = GLOBAL_FEATURES + CARD_SLOTS * CARD_FEATURES

    def encode(self, view: View, decision: Decision | None, page: int = 0) -> tuple[F32, I8]:
        """The flat observation and the action mask (int8, ``page_size`` long).

        ``decision`` is the viewer's open decision (None: it is not theirs); the
        mask has a 1 for each action of the page that means something.
        """
        obs = np.zeros(self.size, np.float32)
        mask = np.zeros(self.page_size, np.int8)
        viewer = view.viewer
        me, them = view.me, view.opponent
        g = obs[:GLOBAL_FEATURES]
        g[G_LP] = min(4.0, max(0.0, me.lp / 8000))
        g[G_LP + 1] = min(4.0, max(0.0, them.lp / 8000))
        g[G_TURN] = _clip(view.turn / 100)
        g[G_MY_TURN] = 1.0 if view.turn_player == viewer else 0.0
        col = _PHASE_COL.get(int(view.phase))
        if col is not None:
            g[G_PHASE + col] = 1.0
        for k, p in enumerate((me, them)):
            counts = (p.hand_count, p.deck_count, p.extra_count, len(p.grave), len(p.banished))
            for j, n in enumerate(counts):
                g[G_COUNTS + 2 * j + k] = _clip(n / 60)
        g[G_CHAIN] = _clip(len(view.chain) / 10)

        cards = obs[self._cards_at : self._options_at].reshape(CARD_SLOTS, CARD_FEATURES)
        row = 0
        for p in (me, them):
            for c in (*p.monsters, *p.spells, p.field, *p.pendulum[:2]):
                card_row(cards[row], c, viewer)
                row += 1
            row += 2 - min(2, len(p.pendulum))  # classic: no Pendulum Zones
        row = self._pile(cards, row, me.hand[:HAND_SLOTS], HAND_SLOTS, viewer)
        row = self._pile(cards, row, me.grave[-GRAVE_SLOTS:], GRAVE_SLOTS, viewer)
        row = self._pile(cards, row, them.grave[-GRAVE_SLOTS:], GRAVE_SLOTS, viewer)
        row = self._pile(cards, row, me.banished[-BANISHED_SLOTS:], BANISHED_SLOTS, viewer)
        row = self._pile(cards, row, them.banished[-BANISHED_SLOTS:], BANISHED_SLOTS, viewer)
        row = self._pile(cards, row, me.extra[:EXTRA_SLOTS], EXTRA_SLOTS, viewer)
        card_row(cards[row], view.attacker, viewer)
        card_row(cards[row + 1], view.attack_target, viewer)
        row += 2
        links = tuple(link.card for link in view.chain[-CHAIN_SLOTS:])
        row = self._pile(cards, row, links, CHAIN_SLOTS, viewer)
        assert row == CARD_SLOTS

        if decision is None:
            return obs, mask
        n = len(decision.options)
        pages = page_count(n, self.page_size)
        g[_KIND_COL[int(decision.kind)] + G_DECISION] = 1.0
        g[G_SELECT_LEFT] = _clip(decision.count / 10)
        g[G_OPTIONS] = _clip(n / 100)
        g[G_PAGE] = page / pages
        g[G_PAGED] = 1.0 if pages > 1 else 0.0
        opts = obs[self._options_at :].reshape(self.page_size, OPTION_FEATURES)
        lookup = _Lookup(view)
        for slot, index in enumerate(page_slots(n, self.page_size, page)):
            mask[slot] = 1
            o = opts[slot]
            o[O_PRESENT] = 1.0
            if index < 0:
                o[O_NEXT] = 1.0
                continue
            self._option(o, decision.options[index], lookup, viewer)
        return obs, mask

    @staticmethod
    def _pile(
        cards: F32, row: int, pile: tuple[CardView | None, ...], slots: int, viewer: int
    ) -> int:
        for i, c in enumerate(pile):
            card_row(cards[row + i], c, viewer)
        return row + slots

    @staticmethod
    def _option(o: F32, a: Action, lookup: _Lookup, viewer: int) -> None:
        kind = int(a.kind)
        if kind < ACTION_KINDS:
            o[O_KIND + kind] = 1.0
        card = lookup.card_of(a)
        if card is not None:
            card_row(o[O_CARD : O_CARD + CARD_FEATURES], card, viewer)
        if a.kind == ActionKind.CHOOSE and a.zone >= 0:
            o[O_CHOOSE + min(a.zone, CHOOSE_SLOTS - 1)] = 1.0
        o[O_EFFECT + min(max(a.effect, 0), EFFECT_SLOTS - 1)] = 1.0


class _Lookup:
    """The viewer's cards by uid and by place, built lazily from the view."""

    def __init__(self, view: View) -> None:
        self.view = view
        self._by_uid: dict[int, CardView] | None = None

    def by_uid(self) -> dict[int, CardView]:
        if self._by_uid is None:
            out: dict[int, CardView] = {}
            v = self.view
            for p in v.players:
                for pile in (p.hand, p.extra, p.grave, p.banished):
                    for c in pile:
                        if c.uid is not None:
                            out[c.uid] = c
                for z in (*p.monsters, *p.spells, p.field, *p.pendulum):
                    if z is not None:
                        if z.uid is not None:
                            out[z.uid] = z
                        for m in z.materials:
                            if m.uid is not None:
                                out[m.uid] = m
            for link in v.chain:
                for c in (link.card, *link.targets):
                    if c.uid is not None:
                        out.setdefault(c.uid, c)
            self._by_uid = out
        return self._by_uid

    def card_of(self, a: Action) -> CardView | None:
        if a.card >= 0:
            return self.by_uid().get(a.card)
        return self.view.card_of(a)  # an attack target, a face-down card by its place
