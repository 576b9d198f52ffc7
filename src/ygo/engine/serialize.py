"""Saving a duel to bytes and loading it back; the state digest.

The saved form is versioned, zlib-compressed JSON: the printed facts of every
card in the duel (so loading needs no card database), the ruleset and set-up,
and every field of the state. Loading checks the version and the shape and
raises :class:`~ygo.errors.SaveError` on anything else.
"""

from __future__ import annotations

import hashlib
import json
import zlib
from typing import Any

from ygo.core.log import Log
from ygo.core.records import card_from_record, card_to_record
from ygo.core.state import Link, State
from ygo.engine.actions import Action, ActionKind, Decision, DecisionKind
from ygo.engine.events import Event, EventKind
from ygo.engine.result import Result, WinReason
from ygo.errors import SaveError

MAGIC = b"YGOSAVE1\n"
FORMAT = 2

#: Fields not saved: rebuilt from the card scripts on load.
_DERIVED = ("fx", "active", "modders", "watchers", "watch_index", "mod_index")
#: Event lists among the flat fields.
_EVENT_LISTS = ("raised", "window_events", "held")
#: Flat fields of tuples.
_TUPLE_LISTS = ("granted", "resolved", "triggers")


def _action_out(a: Action | None) -> list[Any] | None:
    return None if a is None else [int(a.kind), a.card, a.zone, a.label, a.effect]


def _action_in(v: list[Any] | None) -> Action | None:
    if v is None:
        return None
    kind, card, zone, label, *rest = v
    return Action(ActionKind(kind), card, zone, label, rest[0] if rest else -1)


def state_to_dict(st: State) -> dict[str, Any]:
    out: dict[str, Any] = {"ruleset_name": st.ruleset_name}
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
        if name in _DERIVED:
            continue
        v = getattr(st, name)
        if name == "data":
            v = [card_to_record(c) for c in v]
        elif name in _EVENT_LISTS or name in _TUPLE_LISTS:
            v = [list(e) for e in v]
        elif name == "limits":
            v = sorted([k, n] for k, n in v.items())
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


def _event(e: list[Any]) -> Event:
    return Event(EventKind(e[0]), *e[1:])


def state_from_dict(d: dict[str, Any], scripts: Any = None) -> State:
    from ygo.engine.setup import NoScripts, card_effects, index_effects

    try:
        st = State.__new__(State)
        st.ruleset_name = str(d["ruleset_name"])
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
                    v.get("text", ""),
                )
            elif name == "answer":
                v = _action_in(v)
            elif name == "result" and v is not None:
                v = Result(v[0], WinReason(v[1]))
            setattr(st, name, v)
        for name in State.FLAT:
            if name in _DERIVED:
                continue
            v = d[name]
            if name == "data":
                v = [card_from_record(c) for c in v]
            elif name in _EVENT_LISTS:
                v = [_event(e) for e in v]
            elif name in _TUPLE_LISTS:
                v = [tuple(e) for e in v]
            elif name == "limits":
                v = {int(k): int(n) for k, n in v}
            setattr(st, name, v if isinstance(v, dict) else list(v))
        for name in State.NESTED:
            setattr(st, name, [list(inner) for inner in d[name]])
        st.events = Log(_event(e) for e in d["events"])
        st.choices = Log(int(c) for c in d["choices"])
        for name in State.OBJECTS:
            setattr(st, name, [Link.from_list(x) for x in d[name]])
        src = scripts or NoScripts()
        st.fx = [card_effects(src, c) for c in st.data]
        index_effects(st)
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise SaveError(f"saved duel is malformed: {exc!r}") from None
    if len(st.owner) != st.ncards or any(len(getattr(st, n)) != st.ncards for n in State.PER_CARD):
        raise SaveError("saved duel is malformed: per-card arrays disagree in length")
    return st


def dumps(payload: dict[str, Any]) -> bytes:
    body = json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode()
    return MAGIC + zlib.compress(body, 6)


def loads(data: bytes) -> dict[str, Any]:
    if not isinstance(data, bytes | bytearray) or not data.startswith(MAGIC):
        raise SaveError("not a saved ygo duel (missing header)")
    try:
        payload = json.loads(zlib.decompress(data[len(MAGIC) :]))
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
        sorted(getattr(st, n).items()) if n == "limits" else getattr(st, n)
        for n in State.FLAT
        if n not in _DERIVED and n != "data"
    ]
    parts += [getattr(st, n) for n in State.NESTED]
    parts += [[link.to_list() for link in getattr(st, n)] for n in State.OBJECTS]
    text = json.dumps(parts, separators=(",", ":"), default=_plain)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
