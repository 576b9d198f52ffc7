"""Saving a duel to bytes and loading it back; the state digest.

The saved form is versioned, zlib-compressed JSON: the printed facts of every
card in the duel (so loading needs no card database), the ruleset and set-up,
and every field of the state. Loading caps the decompressed size, checks the
version, every field against :data:`FIELDS` and the state as a whole
(:func:`check_state`), and raises :class:`~ygo.errors.SaveError` on anything
else: a loaded save is a state the engine could have reached, in shape.
"""

from __future__ import annotations

import gc
import hashlib
import json
import zlib
from collections.abc import Callable
from functools import partial, wraps
from typing import Any, ParamSpec, TypeVar

from ygo.core.card import CardData
from ygo.core.enums import CardType, Location, Phase, Position
from ygo.core.log import Log
from ygo.core.records import card_from_record, card_to_record
from ygo.core.state import NONE, PZONES, ZONES, Link, State
from ygo.engine.actions import Action, ActionKind, Decision, DecisionKind
from ygo.engine.events import Event, EventKind
from ygo.engine.frames import (
    AT_PROC,
    AT_STEP,
    LAYOUTS,
    TAIL_CARDS_POSITIONS,
    TAIL_NONE,
    ActivateStep,
    SolveStep,
)
from ygo.engine.priority import Window
from ygo.engine.proc import Proc
from ygo.engine.result import Result, WinReason
from ygo.engine.view import identifies
from ygo.errors import SaveError

_P = ParamSpec("_P")
_R = TypeVar("_R")

MAGIC = b"YGOSAVE1\n"
FORMAT = 2

#: Fields not saved: rebuilt from the cards and their scripts on load.
_DERIVED = State.DERIVED
#: Saved under their own keys ("cards", "owner"). ``ctype`` (what each card is
#: now) is saved too: a trap monster differs from its card data (R-MON-4); a save
#: without it (older) takes it from the cards.
_CARD_KEYS = ("data", "owner")
#: Event lists among the flat fields.
_EVENT_LISTS = ("raised", "window_events", "held")
#: Flat fields of tuples.
_TUPLE_LISTS = ("granted", "resolved", "triggers")
_DICTS = ("limits", "script_vals")


def _action_out(a: Action | None) -> list[Any] | None:
    if a is None:
        return None
    out = [int(a.kind), a.card, a.zone, a.label, a.effect]
    if a.cards:  # (only then: a save without material sets is as it was)
        out.append(list(a.cards))
    return out


def _action_in(v: list[Any] | None) -> Action | None:
    if v is None:
        return None
    kind, card, zone, label, effect = v[:5]
    return Action(ActionKind(kind), card, zone, label, effect, tuple(v[5]) if len(v) > 5 else ())


def state_to_dict(st: State) -> dict[str, Any]:
    """The state as JSON-ready data; a :class:`SaveError` if it is beyond what a
    save may hold (:data:`MAX_LOG`)."""
    _log_sizes(st)
    out: dict[str, Any] = {
        "cards": [card_to_record(c) for c in st.data],
        "owner": list(st.owner),
        "ruleset_name": st.ruleset_name,
    }
    for name in State.SCALARS:
        if name in _DERIVED:
            continue
        v = getattr(st, name)
        if name == "pending":
            v = (
                None
                if v is None
                else {
                    "player": v.player,
                    "kind": int(v.kind),
                    "count": v.count,
                    "text": v.text,
                    "options": [_action_out(a) for a in v.options],
                }
            )
        elif name == "answer":
            v = _action_out(v)
        elif name == "result":
            v = None if v is None else [v.winner, int(v.reason)]
        out[name] = v
    for name in State.FLAT:
        if name in _DERIVED or name in _CARD_KEYS:
            continue
        v = getattr(st, name)
        if name in _EVENT_LISTS or name in _TUPLE_LISTS:
            v = [list(e) for e in v]
        elif name == "limits":
            v = sorted([k, c] for k, c in v.items())
        elif name == "script_vals":
            v = sorted([k, list(c)] for k, c in v.items())
        else:
            v = list(v)
        out[name] = v
    for name in State.NESTED:
        out[name] = [list(inner) for inner in getattr(st, name)]
    out["events"] = [list(e) for e in st.events]
    out["choices"] = list(st.choices)
    for name in State.OBJECTS:
        out[name] = [link.to_list() for link in getattr(st, name)]
    return out


_KIND_OF = {int(k): k for k in EventKind}
_new_event = partial(tuple.__new__, Event)


def _events(v: list[list[Any]]) -> list[Event]:
    """The events of a list checked by :func:`_events_ok`, built a column at a
    time (a load of a long log spends its time here and in the check)."""
    if not v:
        return []
    cols: list[Any] = list(zip(*v, strict=True))
    cols[0] = map(_KIND_OF.__getitem__, cols[0])
    return list(map(_new_event, zip(*cols, strict=True)))


#: At most this many cards in a saved duel (two 60-card Main Decks and 15-card
#: Extra Decks fit many times over).
MAX_CARDS = 1000

# -- what a save may claim (issue 22: any save that loads, loads in well under 2 s) --
#: Entries in each of the two logs, the events and the past choices. A duel of 400
#: decisions logs about 1,100 events; the arena stops a duel at 20,000 decisions
#: (at that rate, about 55,000 events). A longer duel plays on but cannot be saved.
MAX_LOG = 100_000
#: Events in each of the lists of events not yet handled (raised, window_events,
#: held): a few dozen in a real duel.
MAX_PENDING_EVENTS = 10_000
#: JSON values (counted as commas, before parsing) and arrays and objects (counted
#: as ``[`` and ``{``) a save may hold. Parsing costs per value and more per
#: container, so counting them first bounds the time json.loads may take; a save
#: at MAX_LOG events and choices holds about 1.7 million values and 100,000 arrays.
MAX_VALUES = 2_000_000
MAX_CONTAINERS = 250_000
#: The most a save may decompress to (a save at MAX_LOG is about 5 MB).
MAX_SAVE_BYTES = 16 * 1024 * 1024


def _pending_events(v: Any, n: int) -> bool:
    return _events_ok(v, n, MAX_PENDING_EVENTS)


def _log_sizes(st: State) -> None:
    for name, log in (("events", st.events), ("choices", st.choices)):
        if len(log) > MAX_LOG:
            raise SaveError(
                f"the duel is too long to save: its {name} log holds {len(log):,} entries "
                f"(a save holds at most {MAX_LOG:,})"
            )


def _too_large(body: bytes) -> str | None:
    """Why a save's JSON text is beyond what a save may claim, or None."""
    values = body.count(b",") + 1
    if values > MAX_VALUES:
        return f"it holds more than {MAX_VALUES:,} values"
    containers = body.count(b"[") + body.count(b"{")
    if containers > MAX_CONTAINERS:
        return f"it holds more than {MAX_CONTAINERS:,} arrays and objects"
    return None


def _without_gc(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """``fn`` with the cyclic garbage collector paused: a load builds a great many
    small objects and no cycles, and the collections those allocations set off
    were 40% of the time a save at MAX_LOG took to load."""

    @wraps(fn)
    def run(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        was = gc.isenabled()
        gc.disable()
        try:
            return fn(*args, **kwargs)
        finally:
            if was:
                gc.enable()

    return run


@_without_gc
def state_from_dict(d: Any, scripts: Any = None, catalogue: Any = None) -> State:
    """The state saved in ``d``, checked (:data:`FIELDS`, :func:`check_state`):
    a state the engine could have reached in shape, or a :class:`SaveError`.
    ``scripts`` give the cards their effects, ``catalogue`` is the duel's card
    source (:attr:`State.catalogue`; neither is saved)."""
    if type(d) is not dict:
        raise _malformed("the state is not an object")
    cards = d.get("cards")
    if type(cards) is not list or not 0 < len(cards) <= MAX_CARDS:
        raise _malformed(f"'cards' must be a list of 1 to {MAX_CARDS} card records")
    try:
        st = State.__new__(State)
        st.data = tuple(card_from_record(c) for c in cards)
        for c in st.data:
            _check_card(c)
        st.ctype = tuple([int(c.type) for c in st.data])
        st.ncards = n = len(st.data)
        if not _ints(d.get("owner"), n, 0, 1):
            raise _malformed("'owner' must be 0 or 1 per card")
        st.owner = tuple(d["owner"])
        if type(d.get("ruleset_name")) is not str:
            raise _malformed("'ruleset_name' must be a string")
        st.ruleset_name = d["ruleset_name"]
        st.catalogue = catalogue
        if "ctype" not in d:  # a save from before trap monsters: as printed
            d = {**d, "ctype": list(st.ctype)}
        if "target_left" not in d:
            d = _battlers_on_the_field(d)
        check_fields(d, n)
        for name in State.SCALARS:
            if name in _DERIVED:
                continue
            v = d[name]
            if name == "pending" and v is not None:
                v = Decision(
                    v["player"],
                    DecisionKind(v["kind"]),
                    tuple(a for a in map(_action_in, v["options"]) if a is not None),
                    v["count"],
                    v["text"],
                )
            elif name == "answer":
                v = _action_in(v)
            elif name == "result" and v is not None:
                v = Result(v[0], WinReason(v[1]))
            setattr(st, name, v)
        for name in State.FLAT:
            if name in _DERIVED or name in _CARD_KEYS:
                continue
            v = d[name]
            if name in _EVENT_LISTS:
                v = _events(v)
            elif name in _TUPLE_LISTS:
                v = [tuple(e) for e in v]
            elif name == "limits":
                v = {k: c for k, c in v}
            elif name == "script_vals":
                v = {k: tuple(c) for k, c in v}
            if isinstance(v, dict):
                setattr(st, name, v)
            else:
                setattr(st, name, tuple(v) if name in State.TUPLES else list(v))
        for name in State.NESTED:
            setattr(st, name, [list(inner) for inner in d[name]])
        st.events = Log(_events(d["events"]))
        st.choices = Log(d["choices"])
        for name in State.OBJECTS:
            setattr(st, name, [Link.from_list(x) for x in d[name]])
        if st.result is not None and not st.stack:
            # A save of a duel won by a rule effect (Final Countdown) from before
            # ``ops.end_duel`` cleared its link: the link means nothing any more.
            st.solving = []
        from ygo.engine.setup import NoScripts, card_effects, index_effects

        src = scripts or NoScripts()
        st.fx = tuple(card_effects(src, c) for c in st.data)
        index_effects(st)
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise _malformed(repr(exc)) from None
    check_state(st)
    return st


def _battlers_on_the_field(d: dict[str, Any]) -> dict[str, Any]:
    """A save from before ``State.target_left``: its attacker and attack target
    may name monsters that have left the Monster Zone (a Token that is gone);
    they stop being either, as ``ops.move`` has it now."""
    d = {**d, "target_left": False}
    loc = d.get("loc")
    if type(loc) is not list:
        return d  # (check_fields refuses it)
    for name in ("attacker", "target"):
        uid = d.get(name)
        if type(uid) is int and 0 <= uid < len(loc) and loc[uid] != Location.MZONE:
            d[name] = NONE
            d["target_left"] = d["target_left"] or name == "target"
    return d


def dumps(payload: dict[str, Any], checked: bool = False) -> bytes:
    """The save of ``payload``. ``checked``: a :class:`SaveError` instead of a
    save that :func:`loads` would refuse as too large."""
    body = json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode()
    if checked:
        problem = _too_large(body)
        if problem is None and len(body) > MAX_SAVE_BYTES:
            problem = f"it is more than {MAX_SAVE_BYTES // (1024 * 1024)} MB"
        if problem is not None:
            raise SaveError(f"the duel is too large to save: {problem}")
    return MAGIC + zlib.compress(body, 6)


@_without_gc
def loads(data: bytes) -> dict[str, Any]:
    if not isinstance(data, bytes | bytearray) or not data.startswith(MAGIC):
        raise SaveError("not a saved ygo duel (missing header)")
    inflate = zlib.decompressobj()
    try:
        body = inflate.decompress(bytes(data[len(MAGIC) :]), MAX_SAVE_BYTES)
        if inflate.unconsumed_tail:
            raise SaveError(
                f"saved duel is too large: it decompresses to more than "
                f"{MAX_SAVE_BYTES // (1024 * 1024)} MB"
            )
        if not inflate.eof:
            raise SaveError("saved duel is corrupt: the compressed data is truncated")
        problem = _too_large(body)
        if problem is not None:
            raise SaveError(f"saved duel is too large: {problem}")
        payload = json.loads(body)
    except SaveError:
        raise
    except (zlib.error, ValueError, RecursionError) as exc:
        raise SaveError(f"saved duel is corrupt: {type(exc).__name__}") from None
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        raise SaveError("saved duel has an unsupported format version")
    return payload


def _plain(value: Any) -> Any:
    if isinstance(value, Decision):
        return [value.player, int(value.kind), value.count, [_action_out(a) for a in value.options]]
    if isinstance(value, Action):
        return _action_out(value)
    if isinstance(value, Result):
        return [value.winner, int(value.reason)]
    raise TypeError(f"unexpected value in the state: {value!r}")


def digest(st: State) -> str:
    """A hash of the whole state (not its history): equal states, equal digests.

    JSON makes it canonical: an enum member and its int value hash the same,
    as they behave the same.
    """
    parts: list[Any] = [[c.code for c in st.data]]
    parts += [getattr(st, n) for n in State.SCALARS if n not in _DERIVED]
    parts += [
        sorted(getattr(st, n).items()) if n in _DICTS else getattr(st, n)
        for n in State.FLAT
        if n not in _DERIVED and n != "data" and (n != "script_vals" or st.script_vals)
    ]
    parts += [getattr(st, n) for n in State.NESTED]
    parts += [[link.to_list() for link in getattr(st, n)] for n in State.OBJECTS]
    text = json.dumps(parts, separators=(",", ":"), default=_plain)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


# -- checking a loaded state -----------------------------------------------------------
#
# A loaded save is either a state the engine could have reached, in shape (every
# index in range, every card in exactly one place, every value of the right
# type), or a SaveError. Each State field has one entry in FIELDS: a check of its
# saved (JSON) value and what it should be. A field the table does not know, and
# a field the save lacks, are errors: a new State field needs an entry here (a
# test checks that the table covers State exactly). Cross-checks follow in
# _check_state.

_I32 = 2**31 - 1
_I64 = 2**63 - 1
_U64 = 2**64 - 1
_POSITIONS = frozenset(
    int(p)
    for p in (
        Position.FACEUP_ATTACK,
        Position.FACEDOWN_ATTACK,
        Position.FACEUP_DEFENSE,
        Position.FACEDOWN_DEFENSE,
    )
)
_LOCATIONS = frozenset(
    int(x)
    for x in (
        Location.DECK,
        Location.HAND,
        Location.MZONE,
        Location.SZONE,
        Location.GRAVE,
        Location.BANISHED,
        Location.EXTRA,
        Location.FZONE,
        Location.PZONE,
        Location.OVERLAY,
    )
)
_PHASES = frozenset(int(p) for p in Phase)
_SUMMON_POSITIONS = (int(Position.FACEUP_ATTACK), int(Position.FACEUP_DEFENSE))
_MAX_LABEL = 200
#: An action's ``zone``: a Monster Zone, a hidden card's place code (chain.place_code)
#: or the number of an effect's named option.
_MAX_ZONE_CODE = 0xFFFF
_MAX_ACTION = max(ActionKind)
_MAX_DECISION = max(DecisionKind)
_MAX_EVENT = max(EventKind)
_MAX_WINDOW = max(Window)
_REASONS = (min(WinReason), max(WinReason))


def _int(v: Any, lo: int, hi: int) -> bool:
    return type(v) is int and lo <= v <= hi


_INT = frozenset({int})
_BOOL = frozenset({bool})


def _ints(v: Any, length: int | None, lo: int, hi: int) -> bool:
    # A column at a time (set, min, max run in C): a long choice log is checked
    # in linear time with a small constant.
    return (
        type(v) is list
        and (length is None or len(v) == length)
        and (not v or (set(map(type, v)) == _INT and lo <= min(v) and max(v) <= hi))
    )


def _bool(v: Any, n: int) -> bool:
    return type(v) is bool


def _uid_or_none(v: Any, n: int) -> bool:
    return _int(v, NONE, n - 1)


def _per_card(lo: int, hi: int) -> Callable[[Any, int], bool]:
    return lambda v, n: _ints(v, n, lo, hi)


def _per_player(lo: int, hi: int) -> Callable[[Any, int], bool]:
    return lambda v, n: _ints(v, 2, lo, hi)


def _piles(v: Any, n: int) -> bool:
    return type(v) is list and len(v) == 2 and all(_ints(p, None, 0, n - 1) for p in v)


def _zones(v: Any, n: int) -> bool:
    return type(v) is list and len(v) == 2 and all(_ints(z, ZONES, NONE, n - 1) for z in v)


def _pzones(v: Any, n: int) -> bool:
    """pendulum: 2 Pendulum Zones per player (R-FIELD-1 mr3), or none (classic)."""
    return (
        type(v) is list
        and len(v) == 2
        and type(v[0]) is list
        and len(v[0]) in (0, PZONES)
        and all(_ints(z, len(v[0]), NONE, n - 1) for z in v)
    )


def _action_ok(v: Any, n: int) -> bool:
    return (
        type(v) is list
        and (
            len(v) == 5 or (len(v) == 6 and _ints(v[5], None, 0, n - 1) and 0 < len(v[5]) <= ZONES)
        )
        and _int(v[0], 0, _MAX_ACTION)
        and _int(v[1], NONE, n - 1)
        and _int(v[2], NONE, _MAX_ZONE_CODE)
        and type(v[3]) is str
        and len(v[3]) <= _MAX_LABEL
        and _int(v[4], NONE, 63)
    )


def _pending_ok(v: Any, n: int) -> bool:
    if v is None:
        return True
    return (
        type(v) is dict
        and set(v) == {"player", "kind", "count", "text", "options"}
        and type(v["text"]) is str
        and len(v["text"]) <= _MAX_LABEL
        and _int(v["player"], 0, 1)
        and _int(v["kind"], 0, _MAX_DECISION)
        and _int(v["count"], 0, _I32)
        and type(v["options"]) is list
        and 1 <= len(v["options"]) <= 4 * n + 16
        and all(_action_ok(a, n) for a in v["options"])
    )


def _result_ok(v: Any, n: int) -> bool:
    return v is None or (
        type(v) is list
        and len(v) == 2
        and (v[0] is None or _int(v[0], 0, 1))
        and _int(v[1], *_REASONS)
    )


_EVENT_WIDTH = len(Event._fields)


def _event_columns(n: int) -> tuple[tuple[frozenset[type], int, int], ...]:
    """(type, lowest, highest) of each field of a saved event, in order."""
    i64 = (_INT, -_I64, _I64)
    side = (_INT, -1, 1)
    uid = (_INT, NONE, n - 1)
    return ((_INT, 0, _MAX_EVENT), side, uid, *[i64] * 5, (_BOOL, 0, 1), side, uid,
            *[i64] * 3, side)  # fmt: skip


def _events_ok(v: Any, n: int, most: int) -> bool:
    """A list of at most ``most`` events, each of the right shape (checked a column
    at a time: set, min and max run in C), with a ``value`` that fits its kind."""
    if type(v) is not list or len(v) > most:
        return False
    if not v:
        return True
    if set(map(type, v)) != {list} or set(map(len, v)) != {_EVENT_WIDTH}:
        return False
    cols = list(zip(*v, strict=True))
    for col, (kind, lo, hi) in zip(cols, _event_columns(n), strict=True):
        if set(map(type, col)) != kind or min(col) < lo or max(col) > hi:
            return False
    values = {
        EventKind.PHASE: _PHASES,
        EventKind.DUEL_END: range(_REASONS[0], _REASONS[1] + 1),
        EventKind.DUEL_START: range(2),
        EventKind.ATTACK: range(-2, n),
    }
    for kind, value in zip(cols[0], cols[4], strict=True):
        allowed = values.get(kind)
        if allowed is not None and value not in allowed:
            return False
    return True


#: The decisions each procedure asks (the top frame must be the one that asked).
ASKS: dict[Proc, frozenset[DecisionKind]] = {
    Proc.TURN: frozenset(),
    Proc.MAIN: frozenset({DecisionKind.MAIN}),
    Proc.SUMMON: frozenset({DecisionKind.TRIBUTE, DecisionKind.EFFECT}),
    Proc.BATTLE: frozenset({DecisionKind.BATTLE, DecisionKind.ATTACK_TARGET, DecisionKind.REPLAY}),
    Proc.DAMAGE: frozenset(),
    Proc.WINDOW: frozenset({DecisionKind.PRIORITY}),
    Proc.DISCARD: frozenset({DecisionKind.DISCARD}),
    Proc.ACTIVATE: frozenset({DecisionKind.EFFECT}),
    Proc.RESOLVE: frozenset({DecisionKind.EFFECT}),
    Proc.TRIGGERS: frozenset({DecisionKind.TRIGGER}),
    Proc.SOLVE: frozenset({DecisionKind.EFFECT}),
    Proc.START: frozenset({DecisionKind.TURN_ORDER}),
    Proc.PENDULUM: frozenset({DecisionKind.EFFECT}),
}


def _frame_ok(f: Any, n: int) -> bool:
    """A frame as its procedure's layout declares it (``frames.LAYOUTS``), of at
    most 2n + 8 ints: a Pendulum Summon's monsters and their positions are the
    longest frame (every option tried on load copies the stack)."""
    if not (type(f) is list and 2 <= len(f) <= 2 * n + 8 and all(type(x) is int for x in f)):
        return False
    layout = LAYOUTS.get(f[AT_PROC])
    if layout is None or not layout.has_step(f[AT_STEP]):
        return False
    slots = layout.slots
    if len(f) < layout.size or (len(f) > layout.size and layout.tail == TAIL_NONE):
        return False
    if not all(s.ok(v, n) for s, v in zip(slots, f[AT_STEP + 1 :], strict=False)):
        return False
    more = f[layout.size :]
    if layout.tail == TAIL_CARDS_POSITIONS and NONE in more:  # monsters, -1, positions
        mark = more.index(NONE)
        more, positions = more[:mark], more[mark + 1 :]
        if len(positions) > len(more) or not all(v in _SUMMON_POSITIONS for v in positions):
            return False
    return all(0 <= v < n for v in more)


def _stack_ok(v: Any, n: int) -> bool:
    return type(v) is list and len(v) <= 64 and all(_frame_ok(f, n) for f in v)


def _window_bits(v: Any, n: int) -> bool:
    return _ints(v, 2, 0, (1 << (_MAX_WINDOW + 1)) - 1)


#: Every State field but the static ones: its check and what it should be.
FIELDS: dict[str, tuple[str, Callable[[Any, int], bool]]] = {
    "turn": ("an int from 0", lambda v, n: _int(v, 0, _I32)),
    "tp": ("0 or 1", lambda v, n: _int(v, 0, 1)),
    "phase": ("a Phase value (0 before the first turn)", lambda v, n: v == 0 or v in _PHASES),
    "first": ("0 or 1", lambda v, n: _int(v, 0, 1)),
    "ns_count": ("an int from 0", lambda v, n: _int(v, 0, _I32)),
    "ns_limit": ("an int from 0", lambda v, n: _int(v, 0, _I32)),
    "rng": ("a 64-bit unsigned int", lambda v, n: _int(v, 0, _U64)),
    "pending": ("null or a decision with options", _pending_ok),
    "answer": ("null or an action", lambda v, n: v is None or _action_ok(v, n)),
    "result": ("null or [winner, reason]", _result_ok),
    "nfid": ("an int from 1", lambda v, n: _int(v, 1, _I64)),
    "battle_entered": ("a bool", _bool),
    "attacker": ("a card ID or -1", _uid_or_none),
    "target": ("a card ID or -1", _uid_or_none),
    "target_left": ("a bool", _bool),
    "target_count": ("an int from 0 to 5", lambda v, n: _int(v, 0, ZONES)),
    "window_acted": ("a bool", _bool),
    "end_requested": ("a bool", _bool),
    "start_lp": ("an int from 1", lambda v, n: _int(v, 1, _I32)),
    "hand_limit": ("an int from 0", lambda v, n: _int(v, 0, _I32)),
    "draws_per_turn": ("an int from 0 to 60", lambda v, n: _int(v, 0, 60)),
    "first_turn_draw": ("a bool", _bool),
    "field_per_player": ("a bool", _bool),
    "ncards": ("the number of cards", lambda v, n: v == n),
    "summon_ignition": ("a bool", _bool),
    "synchro_xyz": ("a bool", _bool),
    "batch": ("an int from 0", lambda v, n: _int(v, 0, _I64)),
    "last_batch": ("an int from 0", lambda v, n: _int(v, 0, _I64)),
    "summoning": ("a card ID or -1", _uid_or_none),
    "summon_negated": ("a bool", _bool),
    "attack_negated": ("a bool", _bool),
    "nlinks": ("an int from 0", lambda v, n: _int(v, 0, _I64)),
    "dirty": ("a bool", _bool),
    "ctype": ("card type bits per card", _per_card(0, _I32)),
    "bound": ("a card ID or -1 per card", _per_card(NONE, _I32)),
    "bound_fid": ("a field ID per card", _per_card(0, _I64)),
    "counters": ("a count per card", _per_card(0, _I32)),
    "cval": ("an int per card", _per_card(-_I32, _I32)),
    "sumtype": ("summon kind bits per card", _per_card(0, 255)),
    "status": ("status bits per card", _per_card(0, 255)),
    "granted": ("a list of granted effects", lambda v, n: _rows(v, 7, n, 1)),
    "raised": (f"a list of at most {MAX_PENDING_EVENTS:,} events", _pending_events),
    "window_events": (f"a list of at most {MAX_PENDING_EVENTS:,} events", _pending_events),
    "held": (f"a list of at most {MAX_PENDING_EVENTS:,} events", _pending_events),
    "resolved": ("a list of resolved links", lambda v, n: _rows(v, 3, n, 0)),
    "limits": ("a list of [key, use] pairs", lambda v, n: _rows(v, 2, None, None)),
    "script_vals": ("a list of [name, [ints]] pairs", lambda v, n: _script_vals(v)),
    "triggers": ("a list of waiting triggers", lambda v, n: _rows(v, 5, n, 0)),
    "chain": ("a list of chain links", lambda v, n: _links_ok(v, n)),
    "solving": ("a list of chain links", lambda v, n: _links_ok(v, n)),
    "loc": ("a Location per card", lambda v, n: _ints(v, n, 0, _I32)),
    "seq": ("a zone index or -1 per card", _per_card(NONE, ZONES - 1)),
    "ctrl": ("0 or 1 per card", _per_card(0, 1)),
    "pos": ("a Position per card", lambda v, n: _ints(v, n, 0, 15)),
    "placed": ("a turn per card", _per_card(0, _I32)),
    "pos_turn": ("a turn per card", _per_card(0, _I32)),
    "atk_turn": ("a turn per card", _per_card(0, _I32)),
    "atk_count": ("a count per card", _per_card(0, _I32)),
    "fid": ("a field ID per card", _per_card(0, _I64)),
    "reason": ("Reason bits per card", _per_card(0, _I64)),
    "lp": ("2 ints", _per_player(-_I32, _I32)),
    "fzone": ("2 card IDs or -1", lambda v, n: _ints(v, 2, NONE, n - 1)),
    "events": (f"a list of at most {MAX_LOG:,} events", lambda v, n: _events_ok(v, n, MAX_LOG)),
    "choices": (
        f"a list of at most {MAX_LOG:,} option indexes",
        lambda v, n: type(v) is list and len(v) <= MAX_LOG and _ints(v, None, 0, _I32),
    ),
    "battle_destroyed": ("a list of card IDs", lambda v, n: _ints(v, None, 0, n - 1)),
    "lose": ("2 ints: 0 or a WinReason", _per_player(0, max(WinReason))),
    "stops": ("2 sets of Window bits", _window_bits),
    "deck": ("2 lists of card IDs", _piles),
    "hand": ("2 lists of card IDs", _piles),
    "grave": ("2 lists of card IDs", _piles),
    "banished": ("2 lists of card IDs", _piles),
    "extra": ("2 lists of card IDs", _piles),
    "overlay": ("2 lists of card IDs", _piles),
    "mzone": ("2 lists of 5 card IDs or -1", _zones),
    "szone": ("2 lists of 5 card IDs or -1", _zones),
    "pzone": ("2 lists of 2 (or both of 0) card IDs or -1", _pzones),
    "stack": ("a list of processor frames", _stack_ok),
}


MAX_SCRIPT_VALS = 100_000
"""At most this many values kept by card scripts (``State.script_vals``)."""


def _script_vals(v: Any) -> bool:
    return (
        isinstance(v, list)
        and len(v) <= MAX_SCRIPT_VALS
        and all(
            isinstance(r, list)
            and len(r) == 2
            and isinstance(r[0], str)
            and 0 < len(r[0]) <= 64
            and isinstance(r[1], list)
            and len(r[1]) <= 64
            and all(type(x) is int and -_I64 <= x <= _I64 for x in r[1])
            for r in v
        )
        and len({r[0] for r in v}) == len(v)
    )


def _rows(v: Any, width: int, n: int | None, uid_at: int | None) -> bool:
    """A list of rows of ``width`` ints (a card ID at ``uid_at``)."""
    return (
        type(v) is list
        and len(v) <= 10_000
        and all(
            type(r) is list
            and len(r) == width
            and all(_int(x, -_I64, _I64) for x in r)
            and (uid_at is None or n is None or _int(r[uid_at], 0, n - 1))
            for r in v
        )
    )


def _links_ok(v: Any, n: int) -> bool:
    if type(v) is not list or len(v) > 64:
        return False
    for x in v:
        if not (
            type(x) is list
            and len(x) == 13
            and _int(x[0], 0, n - 1)
            and _int(x[1], 0, _I64)
            and _int(x[2], 0, 63)
            and _int(x[3], 0, 1)
            and _int(x[4], 0, 3)
            and all(type(b) is bool for b in x[5:8])
            and _int(x[8], 0, 3)
            and _int(x[9], 0, 255)
            and _ints(x[10], None, -_I64, _I64)
            and len(x[10]) <= 2 * n + 64  # answers: at most every card twice, and some
            and _ints(x[11], None, 0, _I64)
            and len(x[11]) % 2 == 0
            and len(x[11]) <= 4 * n  # targets: (uid, fid) pairs
            and all(_int(u, 0, n - 1) for u in x[11][::2])
            and type(x[12]) is dict
            and len(x[12]) <= 64  # a script's named ints
            and all(
                type(k) is str and len(k) <= 64 and _int(c, -_I64, _I64) for k, c in x[12].items()
            )
        ):
            return False
    return True


#: The saved fields that are not State fields in FIELDS.
_STATIC_KEYS = frozenset({"cards", "owner", "ruleset_name"})

#: Where the card an action names must be, by action kind (hand, field...).
_ACTION_PLACES: dict[ActionKind, frozenset[int]] = {
    ActionKind.SUMMON: frozenset({Location.HAND}),
    ActionKind.SET_MONSTER: frozenset({Location.HAND}),
    ActionKind.SPSUMMON: frozenset({Location.HAND}),
    ActionKind.SYNCHRO_SUMMON: frozenset({Location.EXTRA}),
    ActionKind.XYZ_SUMMON: frozenset({Location.EXTRA}),
    ActionKind.SET_SPELL: frozenset({Location.HAND}),
    ActionKind.FLIP_SUMMON: frozenset({Location.MZONE}),
    ActionKind.GEMINI_SUMMON: frozenset({Location.MZONE}),
    ActionKind.TO_ATTACK: frozenset({Location.MZONE}),
    ActionKind.TO_DEFENSE: frozenset({Location.MZONE}),
    ActionKind.ATTACK: frozenset({Location.MZONE}),
    ActionKind.ACTIVATE: frozenset(
        {Location.HAND, Location.MZONE, Location.SZONE, Location.FZONE, Location.GRAVE}
    ),
}

#: The action kinds each decision offers.
_OFFERS: dict[DecisionKind, frozenset[ActionKind]] = {
    DecisionKind.MAIN: frozenset(
        {
            ActionKind.SUMMON,
            ActionKind.SET_MONSTER,
            ActionKind.SPSUMMON,
            ActionKind.SYNCHRO_SUMMON,
            ActionKind.XYZ_SUMMON,
            ActionKind.SET_SPELL,
            ActionKind.FLIP_SUMMON,
            ActionKind.GEMINI_SUMMON,
            ActionKind.PENDULUM_SUMMON,
            ActionKind.TO_ATTACK,
            ActionKind.TO_DEFENSE,
            ActionKind.BATTLE,
            ActionKind.END_TURN,
            ActionKind.ACTIVATE,
        }
    ),
    DecisionKind.BATTLE: frozenset({ActionKind.ATTACK, ActionKind.MAIN2, ActionKind.END_TURN}),
    DecisionKind.ATTACK_TARGET: frozenset({ActionKind.TARGET, ActionKind.DIRECT}),
    DecisionKind.TRIBUTE: frozenset({ActionKind.SELECT}),
    DecisionKind.DISCARD: frozenset({ActionKind.SELECT}),
    DecisionKind.REPLAY: frozenset({ActionKind.TARGET, ActionKind.DIRECT, ActionKind.CANCEL}),
    DecisionKind.PRIORITY: frozenset({ActionKind.PASS, ActionKind.ACTIVATE}),
    DecisionKind.TURN_ORDER: frozenset({ActionKind.GO_FIRST, ActionKind.GO_SECOND}),
    DecisionKind.EFFECT: frozenset({ActionKind.SELECT, ActionKind.CHOOSE, ActionKind.DONE}),
    DecisionKind.TRIGGER: frozenset({ActionKind.ACTIVATE, ActionKind.PASS}),
}


def _malformed(what: str) -> SaveError:
    return SaveError(f"saved duel is malformed: {what}")


def check_fields(d: dict[str, Any], n: int) -> None:
    """Every saved State field present, known, and of the right shape."""
    if "pzone" not in d and isinstance(d.get("szone"), list):
        # pendulum: a save from before Pendulum Zones existed has them empty (or,
        # saved under classic, has none).
        npz = 0 if d.get("ruleset_name") == "classic" else PZONES
        d["pzone"] = [[NONE] * npz, [NONE] * npz]
    if "synchro_xyz" not in d and isinstance(d.get("szone"), list):
        # hostile10: a save from before the field: classic never had Synchro or Xyz
        d["synchro_xyz"] = d.get("ruleset_name") != "classic"
    missing = [k for k in FIELDS if k not in d]
    if missing:
        raise _malformed(f"field {missing[0]!r} is missing")
    unknown = sorted(k for k in d if k not in FIELDS and k not in _STATIC_KEYS)
    if unknown:
        raise _malformed(f"unknown field {unknown[0]!r}")
    for name, (what, check) in FIELDS.items():
        if not check(d[name], n):
            raise _malformed(f"{name!r} must be {what}")


#: Characters in a saved card's name (cards.cdb reads none longer) and summary,
#: and its archetype codes (a database packs four).
_MAX_NAME = 200
_MAX_SUMMARY = 4096
_MAX_SETCODES = 16


def _check_card(c: CardData) -> None:
    ok = (
        _int(c.code, 0, 2**32 - 1)
        and type(c.name) is str
        and len(c.name) <= _MAX_NAME
        and type(c.name_zh) is str
        and len(c.name_zh) <= _MAX_NAME
        and _int(c.alias, 0, 2**32 - 1)
        and _int(c.level, 0, 13)
        and _int(c.lscale, 0, 13)
        and _int(c.rscale, 0, 13)
        and (c.atk is None or _int(c.atk, 0, _I32))
        and (c.defense is None or _int(c.defense, 0, _I32))
        and len(c.setcodes) <= _MAX_SETCODES
        and all(_int(s, 0, 0xFFFF) for s in c.setcodes)
        and type(c.summary) is str
        and len(c.summary) <= _MAX_SUMMARY
        and type(c.benchmark) is bool
    )
    if not ok:
        raise _malformed(f"card record {c.code!r} has a value of the wrong type or size")


def check_state(st: State) -> None:
    """Cross-checks of a state whose fields each have the right shape: every card
    in exactly one place, agreeing with its loc/seq/ctrl; the open decision
    asked by the top frame, with options that make sense; the result and the
    open decision mutually exclusive."""
    n = st.ncards
    if len(st.owner) != n or not all(p in (0, 1) for p in st.owner):
        raise _malformed("'owner' must be 0 or 1 per card")
    seen = [False] * n

    def place(uid: int, loc: int, p: int, seq: int) -> None:
        if seen[uid]:
            raise _malformed(f"card #{uid} is in two places")
        seen[uid] = True
        if st.loc[uid] != loc or st.ctrl[uid] != p or st.seq[uid] != seq:
            raise _malformed(f"card #{uid}: loc/ctrl/seq disagree with where it is")

    for p in (0, 1):
        for loc, piles in (
            (Location.DECK, st.deck),
            (Location.HAND, st.hand),
            (Location.GRAVE, st.grave),
            (Location.BANISHED, st.banished),
            (Location.EXTRA, st.extra),
            (Location.OVERLAY, st.overlay),
        ):
            for uid in piles[p]:
                place(uid, loc, p, NONE)
                if st.owner[uid] != p:
                    raise _malformed(f"card #{uid} is in a pile that is not its owner's")
                if (
                    loc == Location.EXTRA
                    and st.pos[uid] & Position.FACEUP
                    and (not st.pzone[p] or not st.data[uid].type & CardType.PENDULUM)
                ):  # R-PEND-4: only a Pendulum monster, only with Pendulum Zones (R-DUEL-8)
                    raise _malformed(
                        f"card #{uid} is face-up in the Extra Deck but cannot be there face-up"
                    )
        for loc, zones in ((Location.MZONE, st.mzone), (Location.SZONE, st.szone)):
            for i, uid in enumerate(zones[p]):
                if uid != NONE:
                    place(uid, loc, p, i)
        if st.fzone[p] != NONE:
            place(st.fzone[p], Location.FZONE, p, 0)
        for i, uid in enumerate(st.pzone[p]):
            if uid != NONE:
                place(uid, Location.PZONE, p, i)
                if not st.data[uid].type & CardType.PENDULUM:
                    raise _malformed(f"card #{uid} in a Pendulum Zone is not a Pendulum card")
    for uid in range(n):
        printed = int(st.data[uid].type)
        if (
            st.ctype[uid] != printed
            and not (
                st.loc[uid] == Location.MZONE
                and not printed & CardType.MONSTER
                and st.ctype[uid] == printed | CardType.MONSTER | CardType.EFFECT
            )
            and not (
                st.loc[uid] == Location.PZONE
                and st.ctype[uid] == CardType.SPELL | CardType.PENDULUM
            )
        ):  # only a trap monster in the Monster Zone is not what its card says (R-MON-4),
            # and a Pendulum monster in a Pendulum Zone is a Spell Card (R-PEND-1)
            raise _malformed(f"card #{uid} is not the kind of card its data says")
        if not seen[uid] and not (st.loc[uid] == 0 and st.ctype[uid] & CardType.TOKEN):
            raise _malformed(f"card #{uid} is nowhere")
        if not seen[uid]:
            continue  # a Token that ceased to exist (R-SUM-11)
        if st.loc[uid] not in _LOCATIONS or st.pos[uid] not in _POSITIONS:
            raise _malformed(f"card #{uid} has an impossible location or position")
        if st.fid[uid] >= st.nfid:
            raise _malformed(f"card #{uid} has a field ID not yet handed out")
    # The attacker and the attack target are in a Monster Zone (ops.move: one
    # that leaves stops being either); a battle-destroyed monster may have left
    # the field by an effect during the battle: only its ID is checked, by FIELDS.
    for uid in (st.attacker, st.target):
        if uid != NONE and st.loc[uid] != Location.MZONE:
            raise _malformed(f"the attacker or attack target #{uid} is not in a Monster Zone")
    if st.target_left and st.target != NONE:
        raise _malformed("the attack target has left the field and is still named")
    if (st.turn == 0) != (st.phase == 0):
        raise _malformed("the phase does not fit the turn")
    for uid in st.bound:
        if uid >= n:
            raise _malformed("a card is bound to a card that does not exist")
    for p in (0, 1):  # R-XYZ-1: each material is under an Xyz monster on the field (no
        for uid in st.overlay[p]:  # decision comes while it is still in the Extra Deck)
            xyz = st.bound[uid]
            if xyz == NONE or not st.ctype[xyz] & CardType.XYZ or st.loc[xyz] != Location.MZONE:
                raise _malformed(f"Xyz material #{uid} is not under an Xyz monster")
    for link in (*st.chain, *st.solving):
        if link.eff >= len(st.fx[link.uid]):
            raise _malformed(f"a chain link names effect {link.eff} of card #{link.uid}")
    for t in st.triggers:
        if t[2] >= len(st.fx[t[0]]) or t[3] not in (0, 1):
            raise _malformed("a waiting trigger names an effect its card does not have")
    _check_frames(st)
    _check_decision(st)


def _check_frames(st: State) -> None:
    """The processor's frames fit together: the turn (or the opening) at the
    bottom while the duel goes on; activations, resolutions and rule effects
    have the links they work on and name effects their cards have."""
    stack = st.stack
    if st.result is None and (not stack or stack[0][AT_PROC] not in (Proc.TURN, Proc.START)):
        raise _malformed("the processor's stack has no turn at its bottom")
    activating = sum(1 for f in stack if f[AT_PROC] == Proc.ACTIVATE)
    # A rule effect's link exists once its frame is past its first step.
    solving = sum(1 for f in stack if f[AT_PROC] == Proc.SOLVE and f[AT_STEP] > SolveStep.START)
    if activating > len(st.chain) or (
        any(f[AT_PROC] == Proc.RESOLVE for f in stack) and not st.chain and not st.resolved
    ):
        raise _malformed("a frame works on a chain link that does not exist")
    if solving != len(st.solving):
        raise _malformed("a rule effect's frame and its link disagree")
    for f in stack:
        if f[AT_PROC] not in (Proc.ACTIVATE, Proc.SOLVE):
            continue
        layout = LAYOUTS[Proc(f[AT_PROC])]
        uid, eff = f[layout.index("card")], f[layout.index("effect")]
        if eff >= len(st.fx[uid]):
            raise _malformed(f"a frame names effect {eff} of card #{uid}, which it lacks")
        if f[AT_PROC] == Proc.ACTIVATE and f[AT_STEP] > ActivateStep.START:
            link = st.chain[-1]
            if (link.uid, link.eff) != (uid, eff):
                raise _malformed("an activation's frame and its chain link disagree")


def _check_decision(st: State) -> None:
    d = st.pending
    if (d is None) == (st.result is None):
        raise _malformed("a duel has an open decision exactly when it is not over")
    if st.result is not None:
        return
    if not st.stack or d.kind not in ASKS[Proc(st.stack[-1][AT_PROC])]:
        raise _malformed(f"no step of the processor asks a {d.kind.name} decision now")
    offers = _OFFERS[d.kind]
    if len(set(d.options)) != len(d.options):
        raise _malformed("the open decision offers an option twice")
    for a in d.options:
        if a.kind not in offers:
            raise _malformed(f"a {d.kind.name} decision cannot offer {a.kind.name}")
        places = _ACTION_PLACES.get(a.kind)
        if places is not None:
            uid = a.card
            if uid == NONE or st.loc[uid] not in places or st.ctrl[uid] != d.player:
                raise _malformed(f"option {a.kind.name} names a card its player cannot use")
            if a.kind == ActionKind.ACTIVATE and not 0 <= a.effect < len(st.fx[uid]):
                raise _malformed("option ACTIVATE names an effect its card does not have")
        elif a.card != NONE and a.kind != ActionKind.SELECT:
            raise _malformed(f"option {a.kind.name} names a card")
        if a.kind == ActionKind.SELECT and a.card == NONE:
            if a.zone < 100 or from_place(st, a.zone) == NONE:
                raise _malformed("option SELECT names an empty place")
        elif a.kind in (ActionKind.TARGET, ActionKind.CHOOSE):
            if a.zone == NONE or (a.kind == ActionKind.TARGET and a.zone >= ZONES):
                raise _malformed(f"option {a.kind.name} has a wrong zone")
        elif a.zone != NONE:
            raise _malformed(f"option {a.kind.name} has a wrong zone")
        if a.cards and (
            a.kind != ActionKind.CHOOSE or not all(identifies(st, u, d.player) for u in a.cards)
        ):
            raise _malformed(f"option {a.kind.name} names a set of cards its player may not see")


def from_place(st: State, code: int) -> int:
    """The card at a place code (``chain.place_code``), or NONE if it is invalid."""
    code -= 100
    p, rest = divmod(code, 20)
    if p not in (0, 1) or not 0 <= rest < 11 + len(st.pzone[p]):
        return NONE
    if rest < 5:
        return st.mzone[p][rest]
    if rest < 10:
        return st.szone[p][rest - 5]
    if rest > 10:
        return st.pzone[p][rest - 11]
    return st.fzone[p]
