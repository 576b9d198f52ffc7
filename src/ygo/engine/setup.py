"""Building the state of a new duel (R-DUEL-1..3), and its opening.

The opening is a procedure (``[START, step, coin toss winner, hand size]``) so that the
toss winner's choice of turn order is a decision like any other: it can be
saved, cloned and replayed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ygo.core.card import CardData, CardSource
from ygo.core.deck import Deck
from ygo.core.enums import CardType, Location, Phase, Position
from ygo.core.ints import (
    LOCATION_BANISHED,
    LOCATION_GRAVE,
    LOCATION_HAND,
    LOCATION_ONFIELD,
    PROC_START,
    PROC_TURN,
    START_STEP_ASK,
    START_STEP_CHOSEN,
    TURN_STEP_DRAW,
    TYPE_EXTRA,
    TYPE_MONSTER,
)
from ygo.core.log import Log
from ygo.core.state import NONE, PZONES, ZONES, State
from ygo.engine import ops, rng
from ygo.engine.actions import Action, ActionKind, DecisionKind
from ygo.engine.effect import Effect, EffectKind
from ygo.engine.events import EventKind
from ygo.engine.frames import (
    AT_START_HAND_SIZE,
    AT_START_WINNER,
    AT_STEP,
    BATTLE,
    MAIN,
    TURN,
    BattleStep,
    MainStep,
    TurnStep,
)
from ygo.engine.proc import Frame, ask, pop
from ygo.engine.windows import Window
from ygo.rules import Ruleset


class ScriptSource(Protocol):
    """Gives each card's effects by passcode (the card scripts)."""

    def effects(self, code: int) -> tuple[Effect, ...]:
        """The effects of the card with this passcode (() when it has none)."""
        ...


class NoScripts:
    """A script source with no effects at all (every card plays as printed stats)."""

    def effects(self, code: int) -> tuple[Effect, ...]:
        return ()


_ACTIVE = (EffectKind.ACTIVATE, EffectKind.IGNITION, EffectKind.QUICK)
_WATCH = (EffectKind.TRIGGER, EffectKind.RULE)


def index_effects(st: State) -> None:
    """Recompute which cards can be activated, modify others, or watch events."""
    active, modders, watchers = [], [], []
    watch: dict[int, list[tuple[int, int]]] = {}
    mods: dict[int, list[tuple[int, int]]] = {}
    masks: dict[int, tuple[int, int, int, int, int, int, int, int]] = {}
    modbits: dict[int, int] = {}
    for uid, effs in enumerate(st.fx):
        if not effs:
            continue
        prof = _profile(effs, int(st.data[uid].type))
        if prof[0]:
            active.append(uid)
            masks[uid] = prof[5]
        if prof[1]:
            modders.append(uid)
            modbits[uid] = prof[6]
            for mod, i in prof[4]:
                mods.setdefault(mod, []).append((uid, i))
        if prof[2]:
            watchers.append(uid)
            for event, i in prof[3]:
                watch.setdefault(event, []).append((uid, i))
    st.active = tuple(active)
    st.modders = tuple(modders)
    st.watchers = tuple(watchers)
    st.watch_index = {k: tuple(v) for k, v in watch.items()}
    st.mod_index = {k: tuple(v) for k, v in mods.items()}
    st.modbits = modbits
    st.masks = masks
    st.reach = None


_Profile = tuple[
    bool,
    bool,
    bool,
    tuple[tuple[int, int], ...],
    tuple[tuple[int, int], ...],
    tuple[int, int, int, int, int, int, int, int],
    int,
    tuple[Any, ...],
]
_PROFILES: dict[tuple[int, int], _Profile] = {}
"""A memo of :func:`_profile` (what a card's effects tuple means for the index),
keyed by the tuple's identity and the card's type. It holds the tuple itself, so
an identity is never reused while its entry lives. Effects are immutable code,
shared by every duel (``Scripts``), so this is a cache, not duel state."""


def _profile(effs: tuple[Any, ...], ctype: int) -> _Profile:
    key = (id(effs), ctype)
    prof = _PROFILES.get(key)
    if prof is not None and prof[7] is effs:
        return prof
    kinds = {e.kind for e in effs}
    watch = tuple((int(e.event), i) for i, e in enumerate(effs) if e.kind in _WATCH)
    mods = tuple((int(e.mod), i) for i, e in enumerate(effs) if e.kind == EffectKind.CONTINUOUS)
    bits = 0
    for mod, _ in mods:
        bits |= 1 << mod
    prof = (
        bool(kinds & _ACTIVE_SET),
        EffectKind.CONTINUOUS in kinds,
        bool(kinds & _WATCH_SET),
        watch,
        mods,
        _masks(effs, ctype),
        bits,
        effs,
    )
    if len(_PROFILES) > 4096:  # effects made at run time: keep the memo bounded
        _PROFILES.clear()
    _PROFILES[key] = prof
    return prof


_ACTIVE_SET = frozenset(_ACTIVE)
_WATCH_SET = frozenset(_WATCH)


_SPEED1_WINDOWS = (1 << Window.MAIN_OPEN) | (1 << Window.SUMMONED)


_AWAY_BITS = LOCATION_GRAVE | LOCATION_BANISHED


def _masks(effs: tuple[Any, ...], ctype: int) -> tuple[int, int, int, int, int, int, int, int]:
    # A Pendulum monster's activation as a Spell (``effects.pendulum_card``, R-PEND-1).
    spell = bool(ctype & CardType.SPELL) or any(e.extra.get("pendulum") for e in effs)
    speed1 = spell and not ctype & CardType.QUICKPLAY  # R-CHAIN-1
    act = windows = quick = hand = every = face_up = away = 0
    for e in effs:
        gate = e.gate
        if speed1 and e.kind == EffectKind.ACTIVATE and e.speed <= 1 and not e.windows:
            gate &= _SPEED1_WINDOWS  # R-TURN-7: a speed-1 Spell opens no other window
        every |= gate
        windows |= e.windows
        if e.kind == EffectKind.ACTIVATE:
            act |= gate
            continue
        if e.kind == EffectKind.QUICK:
            quick |= gate
        where = e.activate_from  # (``Effect.activate_from``: 0 is the field)
        if not where or where & LOCATION_ONFIELD:
            face_up |= gate
        if where & LOCATION_HAND:
            hand |= gate
        if where & _AWAY_BITS:
            away |= gate
    # From the hand only a Spell's activation or an effect activated from the
    # hand may be activated (``chain.blocker``): what the card could ever do from
    # there; ``away``, what it could do from the GY or the banished zone.
    in_hand = hand | (act if spell else 0)
    return act, windows, quick, hand, every, in_hand, face_up, away


def card_effects(scripts: ScriptSource, data: CardData) -> tuple[Any, ...]:
    """A card's effects: its own script, or the script of the card it is an
    alternate artwork of."""
    effs = scripts.effects(data.code)
    if not effs and data.alias:
        effs = scripts.effects(data.alias)
    return effs


def blank_state(
    cards: Sequence[tuple[CardData, int]],
    ruleset: Ruleset,
    seed: int,
    scripts: ScriptSource | None = None,
    catalogue: CardSource | None = None,
) -> State:
    """A state with the given cards (and their owners) nowhere yet, turn 0;
    ``catalogue`` is the duel's card source (:attr:`State.catalogue`)."""
    st = State.__new__(State)
    n = len(cards)
    src = scripts or NoScripts()
    st.data = tuple([c for c, _ in cards])
    st.ctype = tuple([int(c.type) for c, _ in cards])
    st.owner = tuple([p for _, p in cards])
    st.fx = tuple([card_effects(src, c) for c, _ in cards])
    st.ncards = n
    st.ruleset_name = ruleset.name
    st.catalogue = catalogue
    st.turn = 0
    st.tp = 0
    st.phase = 0
    st.first = 0
    st.ns_count = 0
    st.ns_limit = 1
    st.rng = rng.seed_state(seed)
    st.pending = None
    st.answer = None
    st.result = None
    st.nfid = 1
    st.battle_entered = False
    st.attacker = NONE
    st.target = NONE
    st.target_left = False
    st.target_count = 0
    st.window_acted = False
    st.end_requested = False
    st.start_lp = ruleset.start_lp
    st.hand_limit = ruleset.hand_limit
    st.draws_per_turn = ruleset.draws_per_turn
    st.first_turn_draw = ruleset.first_turn_draw
    st.field_per_player = ruleset.field_zone_per_player
    st.summon_ignition = bool(
        getattr(ruleset, "summon_ignition", not ruleset.field_zone_per_player)
    )
    st.synchro_xyz = bool(getattr(ruleset, "synchro_xyz", True))
    st.batch = 0
    st.last_batch = 0
    st.summoning = NONE
    st.summon_negated = False
    st.attack_negated = False
    st.nlinks = 0
    st.dirty = False
    st.loc = [0] * n
    st.seq = [NONE] * n
    st.ctrl = list(st.owner)
    st.pos = [int(Position.FACEDOWN_DEFENSE)] * n
    st.placed = [0] * n
    st.pos_turn = [0] * n
    st.atk_turn = [0] * n
    st.atk_count = [0] * n
    st.fid = [0] * n
    st.reason = [0] * n
    st.bound = (NONE,) * n
    st.bound_fid = (0,) * n
    st.counters = (0,) * n
    st.cval = (0,) * n
    st.sumtype = [0] * n
    st.status = (0,) * n
    st.lp = (ruleset.start_lp, ruleset.start_lp)
    st.fzone = (NONE, NONE)
    npz = PZONES if getattr(ruleset, "pendulum_zones", True) else 0
    st.pzone = [[NONE] * npz, [NONE] * npz]
    st.events = Log()
    st.choices = Log()
    st.battle_destroyed = []
    st.granted = []
    st.raised = []
    st.window_events = ()
    st.held = []
    st.resolved = []
    st.limits = {}
    st.script_vals = {}
    st.triggers = []
    st.chain = []
    st.solving = []
    st.lose = (0, 0)
    st.stops = (0, 0)
    st.deck = [[], []]
    st.hand = [[], []]
    st.grave = [[], []]
    st.banished = [[], []]
    st.extra = [[], []]
    st.overlay = [[], []]
    st.mzone = [[NONE] * ZONES, [NONE] * ZONES]
    st.szone = [[NONE] * ZONES, [NONE] * ZONES]
    st.stack = []
    index_effects(st)
    return st


def deck_cards(decks: Sequence[Deck], db: CardSource) -> list[tuple[CardData, int]]:
    """Each deck's Main then Extra cards, with their owner: the uid order."""
    cards: list[tuple[CardData, int]] = []
    for p, deck in enumerate(decks):
        for code in (*deck.main, *deck.extra):
            cards.append((db.get(code), p))
    return cards


def new_duel_state(
    decks: Sequence[Deck],
    db: CardSource,
    ruleset: Ruleset,
    seed: int,
    first: int | None,
    scripts: ScriptSource | None = None,
) -> State:
    """A duel ready to start: the cards in their Decks, then either the coin toss
    (its winner is asked to go first or second) or, with ``first``, the opening
    at once (shuffled decks, opening hands)."""
    st = blank_state(deck_cards(decks, db), ruleset, seed, scripts, db)
    for uid in range(st.ncards):
        p = st.owner[uid]
        # Extra Deck monsters start in the Extra Deck wherever the list put them.
        t = st.ctype[uid]
        loc = Location.EXTRA if t & TYPE_MONSTER and t & TYPE_EXTRA else Location.DECK
        st.loc[uid] = loc
        (st.extra if loc == Location.EXTRA else st.deck)[p].append(uid)
    if first is None:
        # R-DUEL-2: a coin toss picks a player, who chooses to go first or second.
        st.stack.append([PROC_START, START_STEP_ASK, rng.below(st, 2), ruleset.hand_size])
    else:  # the caller decided (a match: the loser of the last duel chose)
        _open(st, first, ruleset.hand_size)
    return st


GO_FIRST = Action(ActionKind.GO_FIRST)
GO_SECOND = Action(ActionKind.GO_SECOND)


def handle_start(st: State, f: Frame) -> None:
    # Frame: [START, step, coin toss winner, opening hand size] (frames.START)
    winner = f[AT_START_WINNER]
    if f[AT_STEP] == START_STEP_ASK:
        f[AT_STEP] = START_STEP_CHOSEN
        ask(st, winner, DecisionKind.TURN_ORDER, (GO_FIRST, GO_SECOND))
        return
    pop(st)
    _open(
        st, winner if st.answer.kind == ActionKind.GO_FIRST else 1 - winner, f[AT_START_HAND_SIZE]
    )


def _open(st: State, first: int, hand_size: int) -> None:
    """The opening: ``first`` takes the first turn; decks shuffled, five cards each."""
    st.first = first
    st.tp = first
    ops.raise_event(st, EventKind.DUEL_START, -1, value=first)
    # R-DUEL-3: each deck is shuffled; each player draws five.
    for p in (0, 1):
        ops.shuffle_deck(st, p)
    for p in (first, 1 - first):
        ops.draw(st, p, hand_size)
    if not ops.check_win(st):
        st.stack.append([PROC_TURN, TURN_STEP_DRAW])


def frames_at(phase: Phase) -> list[Frame]:
    """The processor stack of a turn about to enter ``phase`` (built from the
    layouts of :mod:`ygo.engine.frames`): the Draw Phase (the TURN frame's first
    step begins a new turn), Main Phase 1, the Battle Step (with the Battle
    Phase entered), Main Phase 2 or the End Phase. For tests and tools that
    start a duel in a chosen position; see :func:`start_at`."""
    if phase == Phase.DRAW:
        return [TURN.frame(TurnStep.DRAW)]
    if phase == Phase.MAIN1:
        return [TURN.frame(TurnStep.AFTER_MAIN1), MAIN.frame(MainStep.OPEN, Phase.MAIN1)]
    if phase == Phase.BATTLE_STEP:
        return [TURN.frame(TurnStep.AFTER_BATTLE), BATTLE.frame(BattleStep.STEP)]
    if phase == Phase.MAIN2:
        return [TURN.frame(TurnStep.END), MAIN.frame(MainStep.OPEN, Phase.MAIN2)]
    if phase == Phase.END:
        return [TURN.frame(TurnStep.END)]
    raise ValueError(f"cannot start a duel in {phase!r}")


def start_at(st: State, turn: int, phase: Phase) -> None:
    """Put ``st`` at the start of ``phase`` of ``turn`` (its turn player
    ``st.tp``): the stack of :func:`frames_at` and what the turn has done so
    far (the Battle Phase entered before the Battle Step and Main Phase 2).
    Run the processor next to get the first decision."""
    st.stack = frames_at(phase)
    # The Draw Phase step begins a new turn (turn + 1).
    st.turn = turn - 1 if phase == Phase.DRAW else turn
    if phase in (Phase.MAIN1, Phase.BATTLE_STEP, Phase.MAIN2):
        st.phase = phase
    if phase in (Phase.BATTLE_STEP, Phase.MAIN2):
        st.battle_entered = True
