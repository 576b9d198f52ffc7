"""The duel state: plain data only.

Everything a duel is lives in one :class:`State`: lists of ints indexed by card
ID ("struct of arrays"), per-player lists of card IDs for each zone, a few turn
counters, the processor's stack of step frames, the random generator's state
and the event log. Nothing in it is a function or a generator, so a duel can be
cloned by copying containers and saved as JSON.

Card IDs ("uids") number the cards of both decks from 0 in deck-list order
(player 0's Main then Extra, then player 1's). A uid never changes; ``fid``
(field ID) changes every time a card moves, so an effect that remembered a card
can tell whether it is still the same "incarnation".

Every field is listed in exactly one of the class's category tuples, which
tells :meth:`State.clone` how to copy it (a unit test checks this).
"""

from __future__ import annotations

from typing import Any

from ygo.core.card import CardData, CardSource
from ygo.core.log import Log

#: Marks an empty zone slot and "no card".
NONE = -1

#: Number of Monster Zones and Spell & Trap Zones per player (R-FIELD-1).
ZONES = 5

#: Number of Pendulum Zones per player under a ruleset that has them (R-FIELD-1 mr3).
PZONES = 2


#: ``Link.phase``: where a chain link is in its life.
LINK_ACTIVATING = 0
"""Being activated: its cost is paid, then its targets are chosen (R-CHAIN-7, R-CHAIN-10)."""
LINK_ON_CHAIN = 2
"""Activated: on the chain, waiting to resolve (1, once "targets", is not used)."""
LINK_RESOLVING = 3
"""Resolving (R-CHAIN-4)."""


class Link:
    """One link of the chain: plain data, copied with the state.

    ``targets`` holds (uid, fid) pairs flattened (R-CHAIN-10: a target is the
    card *incarnation* chosen at activation). ``answers`` are the answers given
    to the questions of the step being run (costs, targets, operation), and
    ``vars`` small named ints a script keeps between its steps.
    """

    __slots__ = (
        "answers",
        "card_activation",
        "disabled",
        "eff",
        "fid",
        "negated",
        "phase",
        "player",
        "speed",
        "step",
        "targets",
        "uid",
        "vars",
    )

    def __init__(
        self, uid: int, fid: int, eff: int, player: int, speed: int, card_activation: bool
    ) -> None:
        self.uid = uid
        self.fid = fid
        self.eff = eff
        self.player = player
        self.speed = speed
        self.card_activation = card_activation
        self.negated = False
        """The activation was negated (R-CHAIN-15)."""
        self.disabled = False
        """The effect was negated: the link resolves with no effect."""
        self.phase = LINK_ACTIVATING
        """LINK_ACTIVATING, LINK_ON_CHAIN or LINK_RESOLVING."""
        self.step = 0
        self.answers: list[int] = []
        self.targets: list[int] = []
        self.vars: dict[str, int] = {}

    def copy(self) -> Link:
        new = Link.__new__(Link)
        new.uid = self.uid
        new.fid = self.fid
        new.eff = self.eff
        new.player = self.player
        new.speed = self.speed
        new.card_activation = self.card_activation
        new.negated = self.negated
        new.disabled = self.disabled
        new.phase = self.phase
        new.step = self.step
        new.answers = self.answers.copy()
        new.targets = self.targets.copy()
        new.vars = self.vars.copy()
        return new

    def to_list(self) -> list[object]:
        return [
            self.uid,
            self.fid,
            self.eff,
            self.player,
            self.speed,
            self.card_activation,
            self.negated,
            self.disabled,
            self.phase,
            self.step,
            list(self.answers),
            list(self.targets),
            dict(self.vars),
        ]

    @classmethod
    def from_list(cls, v: list[Any]) -> Link:
        link = cls(int(v[0]), int(v[1]), int(v[2]), int(v[3]), int(v[4]), bool(v[5]))
        link.negated = bool(v[6])
        link.disabled = bool(v[7])
        link.phase = int(v[8])
        link.step = int(v[9])
        link.answers = [int(x) for x in v[10]]
        link.targets = [int(x) for x in v[11]]
        link.vars = {str(k): int(x) for k, x in dict(v[12]).items()}
        return link

    def target_pairs(self) -> list[tuple[int, int]]:
        t = self.targets
        return [(t[i], t[i + 1]) for i in range(0, len(t), 2)]


class State:
    """All the data of one duel. See the module docstring."""

    # Shared between clones: written once at set-up, never mutated.
    STATIC = ("ruleset_name", "catalogue")
    # Per-card tuples that change rarely (what a card is, whose it is, its
    # effects): replaced whole, never mutated (``ops.change_card``,
    # ``ops.add_card``), so clones share them.
    CARDS = ("data", "owner", "fx")
    # Immutable values (ints, tuples, frozen objects): copied by reference.
    SCALARS = (
        "ncards",
        "turn",
        "tp",
        "phase",
        "first",
        "ns_count",
        "ns_limit",
        "rng",
        "pending",
        "answer",
        "result",
        "nfid",
        "battle_entered",
        "attacker",
        "target",
        "target_left",
        "target_count",
        "window_acted",
        "end_requested",
        "start_lp",
        "hand_limit",
        "draws_per_turn",
        "first_turn_draw",
        "field_per_player",
        "summon_ignition",
        "synchro_xyz",
        "batch",
        "last_batch",
        "summoning",
        "summon_negated",
        "attack_negated",
        "nlinks",
        "dirty",
        "active",
        "modders",
        "watchers",
        "watch_index",
        "mod_index",
        "masks",
        "modbits",
        "reach",
    )
    #: Fields derived from the cards and their scripts (``fx`` and the indexes
    #: built from it, the activation cache ``reach``): never saved, rebuilt on
    #: load (``setup.index_effects``). The one list of them: saves and digests
    #: read it.
    DERIVED = (
        "fx",
        "active",
        "modders",
        "watchers",
        "watch_index",
        "mod_index",
        "masks",
        "modbits",
        "reach",
    )
    #: The per-card arrays (one entry per uid), in the order a new card is added.
    PER_CARD = (
        "data",
        "owner",
        "fx",
        "ctype",
        "loc",
        "seq",
        "ctrl",
        "pos",
        "placed",
        "pos_turn",
        "atk_turn",
        "atk_count",
        "fid",
        "reason",
        "bound",
        "bound_fid",
        "counters",
        "cval",
        "sumtype",
        "status",
    )

    # Flat lists or dicts of immutable values: one-level copy (the per-card arrays
    # first).
    FLAT = (
        *PER_CARD[3:],  # (after ``CARDS``, shared)
        "lp",
        "fzone",
        "battle_destroyed",
        "lose",
        "stops",
        "granted",
        "raised",
        "window_events",
        "held",
        "resolved",
        "limits",
        "script_vals",
        "triggers",
    )
    # Flat fields kept as tuples and replaced whole on every write (their writes
    # are rare: ``ops.bind``, ``ops.set_counters``, ``ops.set_cval``, a
    # player losing, a stop, a new window's events), so clones share them. A
    # write in place fails at once (a tuple has no item assignment).
    TUPLES = (
        "ctype",
        "status",
        "bound",
        "bound_fid",
        "counters",
        "cval",
        "window_events",
        "stops",
        "lose",
        "lp",
        "fzone",
    )
    # Lists of lists of immutable values: two-level copy.
    NESTED = (
        "deck",
        "hand",
        "grave",
        "banished",
        "extra",
        "overlay",
        "mzone",
        "szone",
        "pzone",
        "stack",
    )
    # Append-only logs: shared chunks, copied tail (cost independent of length).
    LOGS = ("events", "choices")
    # Lists of objects with a ``copy()`` method.
    OBJECTS = ("chain", "solving")

    __slots__ = STATIC + CARDS + SCALARS + FLAT + NESTED + LOGS + OBJECTS

    # -- static ----------------------------------------------------------------
    ruleset_name: str
    catalogue: CardSource | None
    """The duel's own card source (anything with ``get(code) -> CardData``, such as
    a ``CardDB``), for the cards a duel makes (Tokens: ``ops.token_data``); None
    when the duel was given none. Not saved: a loaded duel is given it again."""

    # -- cards: what each card is (may change during the duel) --------------------
    ncards: int
    """Number of cards (tokens created during the duel add to it)."""
    data: tuple[CardData, ...]
    """Printed facts of each card, by uid (an effect may replace them:
    ``ops.change_card``)."""
    ctype: tuple[int, ...]
    """Card type bits of each card, by uid (kept with ``data`` for speed)."""
    owner: tuple[int, ...]
    fx: tuple[tuple[Any, ...], ...]
    """Each card's effects (``ygo.engine.effect.Effect``), from its script."""
    active: tuple[int, ...]
    """Cards with an effect that can be activated (the activation query looks only here)."""
    modders: tuple[int, ...]
    """Cards with continuous effects that modify others (the query layer looks only here)."""
    watchers: tuple[int, ...]
    """Cards with trigger effects (trigger collection looks only here)."""
    watch_index: dict[int, tuple[tuple[int, int], ...]]
    """Event kind -> (uid, effect index) of the trigger and rule effects it wakes
    (derived from ``fx``; never mutated, so clones share it)."""
    mod_index: dict[int, tuple[tuple[int, int], ...]]
    """``Mod`` code -> (uid, effect index) of the continuous effects with it."""
    masks: dict[int, tuple[int, int, int, int, int, int, int, int]]
    """uid of an ``active`` card -> window bits (``Effect.gate``) of its effects:
    (Spell/Trap activations, ``windows`` of any effect, Quick effects, effects
    activated from the hand, all of them, what it could activate while in the
    hand, what it could activate while face-up on the field, what it could
    activate while in the GY or banished): the activation query's first filter
    (derived from ``fx``; never mutated)."""
    modbits: dict[int, int]
    """uid of a card with continuous effects -> bits ``1 << Mod`` of their codes
    (derived from ``fx``; never mutated)."""
    reach: tuple[int, int, int, int, int] | None
    """``query.zones``: per player, the window bits in which any of their cards
    in the hand, on the field, in the GY or banished could activate something
    this turn (``masks``); the ``Mod`` bits of the cards on the field
    (``modbits``); the turn; bit ``p`` set when a card of player ``p`` in the GY
    or banished has an effect activated from there. None when
    not known: a cache that whatever moves a card (``ops.move``, ``ops.draw``) or
    changes its controller resets (derived; never saved)."""

    # -- turn ------------------------------------------------------------------
    turn: int
    """Turn number, from 1."""
    tp: int
    """Turn player."""
    phase: int
    """Current Phase value (``ygo.core.enums.Phase``)."""
    first: int
    """The player who took the first turn."""
    ns_count: int
    """Normal Summons and Sets done this turn."""
    ns_limit: int
    """Normal Summons and Sets allowed this turn (R-SUM-1: 1)."""
    battle_entered: bool
    """Whether the Battle Phase was entered this turn (R-TURN-4)."""
    attacker: int
    target: int
    """Current battle: attacking and attacked card (NONE for a direct attack). A
    card that leaves the Monster Zone stops being either (``ops.move``): it is
    not the same card any more, and a Token that left is gone for good."""
    target_left: bool
    """The current attack had a target and it left the Monster Zone after the
    declaration (``target`` is NONE then, but the attack is not a direct one):
    a replay in the Battle Step (R-BAT-8), no damage calculation in the Damage
    Step."""
    target_count: int
    """Monsters the attacked player controlled when the attack was declared (R-BAT-8)."""
    battle_destroyed: list[int]
    """Cards destroyed by the current battle, marked and still on the field until
    the end of the Damage Step (R-BAT-9)."""
    window_acted: bool
    """Set when a priority window closes: whether anything was activated in it.
    Each open window keeps its own flag in its frame, so windows nest."""
    end_requested: bool
    """The turn player chose to go to the End Phase from the Battle Phase."""
    lose: tuple[int, ...]
    """Per player: a losing condition met (a ``WinReason`` value) or 0."""
    stops: tuple[int, ...]
    """Per player: bits of ``Window`` kinds where the player wants to be asked even
    with nothing to activate (like a "stop" in other engines; tests use it too)."""

    # -- rules (copied from the ruleset for speed) -------------------------------
    start_lp: int
    hand_limit: int
    draws_per_turn: int
    first_turn_draw: bool
    field_per_player: bool
    summon_ignition: bool
    """R-TURN-6: whether speed-1 effects may be activated right after the turn
    player's own summon (classic yes, mr3 no)."""
    synchro_xyz: bool
    """R-SYN-1 / R-XYZ-1: whether Synchro and Xyz Summons exist (mr3 yes, classic no)."""

    # -- effects and the chain ------------------------------------------------------
    batch: int
    """Counter of simultaneous batches: events raised by one action share it."""
    last_batch: int
    """The batch of the last thing that happened (R-CHAIN-13: missing the timing)."""
    summoning: int
    """The monster being summoned (at the R-SUM-10 moment), or NONE."""
    summon_negated: bool
    attack_negated: bool
    """The current attack was negated, or stopped because its attacker can no longer
    attack (``query.attack_goes_on``): it ends without a Damage Step."""
    nlinks: int
    """Chain links made so far in the duel."""
    dirty: bool
    """Something moved or turned since the last rules check."""
    chain: list[Link]
    """The chain, Chain Link 1 first."""
    solving: list[Link]
    """Rule effects being carried out outside the chain (their answers live here)."""
    resolved: list[tuple[int, int, int]]
    """(uid, fid, flags) of the links of the chain resolved so far (R-CHAIN-12)."""
    granted: list[tuple[int, ...]]
    """Effects granted for a time: (code, uid, fid, value, source uid, reset, turn)."""
    raised: list[Any]
    """Events raised since triggers were last collected."""
    window_events: tuple[Any, ...]
    """The events that led to the current window (what "when ..." conditions read)."""
    held: list[Any]
    """Events held back until after damage calculation (R-BAT-6: Flip effects)."""
    triggers: list[tuple[int, int, int, int, int]]
    """Triggered effects waiting for a chain: (uid, fid, effect index, player, batch)."""
    limits: dict[int, int]
    """Count limits: key -> turn * 256 + uses in that turn."""
    script_vals: dict[str, tuple[int, ...]]
    """What card scripts keep between two decisions (a Lua effect's labels...):
    a short string key -> a tuple of ints. Empty for the native scripts."""

    # -- processor ----------------------------------------------------------------
    rng: int
    """State of the duel's random generator."""
    pending: Any
    """The open :class:`~ygo.engine.actions.Decision`, or None while the duel advances."""
    answer: Any
    """The action that answered the last decision, read by the step that asked."""
    result: Any
    """The :class:`~ygo.engine.duel.Result` once the duel is over."""
    nfid: int
    """Next field ID to hand out."""
    stack: list[list[int]]
    """The processor's step frames: ``[procedure, step, args...]``."""
    events: Log[Any]
    """Every event so far (immutable values)."""
    choices: Log[int]
    """Index of the option chosen at each decision that had two or more options."""

    # -- cards ------------------------------------------------------------------
    loc: list[int]
    """Location of each card (``ygo.core.enums.Location``; 0: gone, a token that left)."""
    seq: list[int]
    """Zone index of each card in a Monster or Spell & Trap Zone (else NONE)."""
    ctrl: list[int]
    """Controller of each card."""
    pos: list[int]
    """Position bits of each card (``ygo.core.enums.Position``)."""
    placed: list[int]
    """Turn in which each card came to its current place (0: at set-up)."""
    pos_turn: list[int]
    """Turn in which each card's position was last changed by its controller
    (reset when the card moves: a card that left and came back is a new card)."""
    atk_turn: list[int]
    """Turn in which each card last declared an attack (reset when it moves)."""
    atk_count: list[int]
    """Attacks declared by each card in ``atk_turn``."""
    fid: list[int]
    """Field ID of each card: changes whenever the card moves."""
    reason: list[int]
    """Why each card last moved (``ygo.engine.events.Reason`` bits)."""
    bound: tuple[int, ...]
    """The card each card is attached to (an Equip Card's monster, a Continuous
    Trap's target), or NONE; with ``bound_fid`` the incarnation it was bound to."""
    bound_fid: tuple[int, ...]
    counters: tuple[int, ...]
    """Counters on each card (R-TERM-5); cleared when it moves."""
    cval: tuple[int, ...]
    """A value each card's own effects keep (turns counted...); cleared when it moves."""
    sumtype: list[int]
    """How each card came to the Monster Zone (``ops.SUMTYPE_*``); elsewhere 0 or
    only the "properly summoned" mark (R-SUM-9, kept in the GY and banished)."""
    status: tuple[int, ...]
    """Status bits of each card (``ops.STATUS_*``); cleared when it moves."""

    # -- players ------------------------------------------------------------------
    lp: tuple[int, ...]
    deck: list[list[int]]
    """Each player's deck, bottom first: the top card is the last element."""
    hand: list[list[int]]
    grave: list[list[int]]
    """Each player's Graveyard, oldest first (R-FIELD-3: the order is kept)."""
    banished: list[list[int]]
    extra: list[list[int]]
    overlay: list[list[int]]
    """Xyz materials (R-XYZ-1), by owner, oldest first: each is at
    ``Location.OVERLAY`` with ``bound`` = the Xyz monster it is under. Not on the
    field (R-TERM-10), public (R-DUEL-8)."""
    mzone: list[list[int]]
    """Each player's 5 Monster Zones: a uid or NONE."""
    szone: list[list[int]]
    """Each player's 5 Spell & Trap Zones: a uid or NONE."""
    fzone: tuple[int, ...]
    """Each player's Field Zone: a uid or NONE."""
    pzone: list[list[int]]
    """Each player's Pendulum Zones (R-FIELD-1, mr3: 2, a uid or NONE each; none at
    all under a ruleset without them, classic)."""

    def clone(self) -> State:
        """An independent copy: containers are copied, immutable values shared."""
        new: State = _clone(self)
        return new


def replace_at(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``values`` with ``values[index]`` replaced (the write of a
    :attr:`State.TUPLES` field)."""
    return (*values[:index], value, *values[index + 1 :])


def _make_clone() -> Any:
    """Generate :meth:`State.clone` as straight-line code (no attribute loops):
    it is called thousands of times per move by search agents."""
    lines = ["def clone(self):", "    new = _new(State)"]
    for name in State.STATIC + State.CARDS + State.SCALARS:
        lines.append(f"    new.{name} = self.{name}")
    for name in State.FLAT:
        if name in State.TUPLES:
            lines.append(f"    new.{name} = self.{name}")
        else:
            lines.append(f"    new.{name} = self.{name}.copy()")
    for name in State.NESTED:
        if name == "stack":
            lines.append("    new.stack = [f.copy() for f in self.stack]")
        else:
            lines.append(f"    a = self.{name}")
            lines.append(f"    new.{name} = [a[0].copy(), a[1].copy()]")
    for name in State.LOGS:
        lines.append(f"    new.{name} = self.{name}.copy()")
    for name in State.OBJECTS:
        lines.append(f"    new.{name} = [x.copy() for x in self.{name}] if self.{name} else []")
    lines.append("    return new")
    namespace: dict[str, Any] = {"_new": object.__new__, "State": State}
    exec("\n".join(lines), namespace)
    return namespace["clone"]


_clone = _make_clone()
