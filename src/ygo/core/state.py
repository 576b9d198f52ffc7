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

from ygo.core.card import CardData

#: Marks an empty zone slot and "no card".
NONE = -1

#: Number of Monster Zones and Spell & Trap Zones per player (R-FIELD-1).
ZONES = 5


class State:
    """All the data of one duel. See the module docstring."""

    # Shared between clones: written once at set-up, never mutated.
    STATIC = ("data", "ctype", "owner", "ncards", "ruleset_name")
    # Immutable values (ints, tuples, frozen objects): copied by reference.
    SCALARS = (
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
        "target_count",
        "window_acted",
        "end_requested",
        "start_lp",
        "hand_limit",
        "draws_per_turn",
        "first_turn_draw",
        "field_per_player",
    )
    # Flat lists or dicts of immutable values: one-level copy.
    FLAT = (
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
        "lp",
        "fzone",
        "events",
        "choices",
        "battle_destroyed",
        "lose",
        "stops",
    )
    # Lists of lists of immutable values: two-level copy.
    NESTED = ("deck", "hand", "grave", "banished", "extra", "mzone", "szone", "stack")

    __slots__ = STATIC + SCALARS + FLAT + NESTED

    # -- static ----------------------------------------------------------------
    data: list[CardData]
    """Printed facts of each card, by uid."""
    ctype: list[int]
    """Card type bits of each card, by uid (a copy of ``data[uid].type`` for speed)."""
    owner: list[int]
    ncards: int
    ruleset_name: str

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
    """Current battle: attacking and attacked card (NONE for a direct attack)."""
    target_count: int
    """Monsters the attacked player controlled when the attack was declared (R-BAT-8)."""
    battle_destroyed: list[int]
    """Cards destroyed by the current battle, waiting to be sent to the GY (R-BAT-9)."""
    window_acted: bool
    """Whether anything was activated in the last priority window."""
    end_requested: bool
    """The turn player chose to go to the End Phase from the Battle Phase."""
    lose: list[int]
    """Per player: a losing condition met (a ``WinReason`` value) or 0."""
    stops: list[int]
    """Per player: bits of ``Window`` kinds where the player wants to be asked even
    with nothing to activate (like a "stop" in other engines; tests use it too)."""

    # -- rules (copied from the ruleset for speed) -------------------------------
    start_lp: int
    hand_limit: int
    draws_per_turn: int
    first_turn_draw: bool
    field_per_player: bool

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
    events: list[Any]
    """Every event so far (immutable values)."""
    choices: list[int]
    """Index of the option chosen at each decision that had two or more options."""

    # -- cards ------------------------------------------------------------------
    loc: list[int]
    """Location of each card (``ygo.core.enums.Location``)."""
    seq: list[int]
    """Zone index of each card in a Monster or Spell & Trap Zone (else NONE)."""
    ctrl: list[int]
    """Controller of each card."""
    pos: list[int]
    """Position bits of each card (``ygo.core.enums.Position``)."""
    placed: list[int]
    """Turn in which each card came to its current place (0: at set-up)."""
    pos_turn: list[int]
    """Turn in which each card's position was last changed by its controller."""
    atk_turn: list[int]
    """Turn in which each card last declared an attack."""
    atk_count: list[int]
    """Attacks declared by each card in ``atk_turn``."""
    fid: list[int]
    """Field ID of each card: changes whenever the card moves."""
    reason: list[int]
    """Why each card last moved (``ygo.engine.events.Reason`` bits)."""

    # -- players ------------------------------------------------------------------
    lp: list[int]
    deck: list[list[int]]
    """Each player's deck, bottom first: the top card is the last element."""
    hand: list[list[int]]
    grave: list[list[int]]
    """Each player's Graveyard, oldest first (R-FIELD-3: the order is kept)."""
    banished: list[list[int]]
    extra: list[list[int]]
    mzone: list[list[int]]
    """Each player's 5 Monster Zones: a uid or NONE."""
    szone: list[list[int]]
    """Each player's 5 Spell & Trap Zones: a uid or NONE."""
    fzone: list[int]
    """Each player's Field Zone: a uid or NONE."""

    def clone(self) -> State:
        """An independent copy: containers are copied, immutable values shared."""
        new = State.__new__(State)
        for name in State.STATIC:
            setattr(new, name, getattr(self, name))
        for name in State.SCALARS:
            setattr(new, name, getattr(self, name))
        for name in State.FLAT:
            setattr(new, name, getattr(self, name).copy())
        for name in State.NESTED:
            setattr(new, name, [inner.copy() for inner in getattr(self, name)])
        return new
