"""The web table's wire format: JSON messages, built only from what a seat may know.

Everything a browser receives about the duel is made here from
``Duel.view(seat)`` / ``Duel.events(seat)`` (a player) or
``Duel.spectator_view()`` / ``Duel.spectator_events()`` (a spectator), plus the
printed facts of cards whose passcode that view or event already shows
(:func:`card_info`). Nothing here reads the duel's hidden state.

Incoming messages are parsed by :func:`parse_message`: anything that is not a
small JSON object of a known type with fields of the right types raises
:class:`ProtocolError`, whose text the server sends back as an ``error``
message (and nothing changes).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from ygo.cards.pool import embedded_pool
from ygo.core.card import CardData
from ygo.core.enums import CardType, Location
from ygo.core.ints import POS_DEFENSE
from ygo.engine.actions import Decision
from ygo.engine.events import Event, EventKind, describe
from ygo.engine.view import CardView, LinkView, PlayerView, View
from ygo.ui.handles import Handles, option_handle, option_text

#: The largest message a client may send (bytes of UTF-8 text).
MAX_MESSAGE_BYTES = 4096

#: Message types a client may send, with their fields and types.
CLIENT_MESSAGES: dict[str, dict[str, type | tuple[type, ...]]] = {
    "join": {"room": str, "token": str, "lang": str},
    "watch": {"room": str, "lang": str},
    "decide": {"room": str, "decision": int, "option": int},
    "why": {"room": str, "uid": int},
    "ping": {},
}
#: Fields a message of that type may leave out.
OPTIONAL = {"token", "lang"}

LANGS = ("en", "zh")

_CHAIN_EVENTS = frozenset(
    {
        EventKind.ACTIVATE,
        EventKind.CHAIN_SOLVING,
        EventKind.CHAIN_NEGATED,
        EventKind.CHAIN_DISABLED,
        EventKind.CHAIN_END,
        EventKind.TARGET,
    }
)


class ProtocolError(Exception):
    """A client message that cannot be taken; its text goes back to the client."""

    def __init__(self, message: str, code: str = "bad-message") -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class Message:
    """A parsed, validated client message."""

    type: str
    fields: dict[str, Any]

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)


def parse_message(raw: str | bytes) -> Message:
    """Validate one client message (see :data:`CLIENT_MESSAGES`)."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_MESSAGE_BYTES:
            raise ProtocolError(f"message too large (over {MAX_MESSAGE_BYTES} bytes)", "too-large")
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("message is not UTF-8 text") from None
    if len(raw) > MAX_MESSAGE_BYTES or len(raw.encode("utf-8")) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"message too large (over {MAX_MESSAGE_BYTES} bytes)", "too-large")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("message is not valid JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("message must be a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in CLIENT_MESSAGES:
        raise ProtocolError(f"unknown message type {str(kind)[:40]!r}")
    spec = CLIENT_MESSAGES[kind]
    extra = set(data) - set(spec) - {"type"}
    if extra:
        raise ProtocolError(f"unexpected field {sorted(extra)[0][:40]!r} in {kind!r}")
    fields: dict[str, Any] = {}
    for name, typ in spec.items():
        if name not in data:
            if name in OPTIONAL:
                continue
            raise ProtocolError(f"{kind!r} needs the field {name!r}")
        value = data[name]
        if typ is int and (type(value) is not int or not -(2**31) <= value < 2**31):
            raise ProtocolError(f"{name!r} must be an integer")
        if typ is str and (type(value) is not str or len(value) > 200):
            raise ProtocolError(f"{name!r} must be a short string")
        fields[name] = value
    if fields.get("lang", "en") not in LANGS:
        raise ProtocolError(f"'lang' must be one of {', '.join(LANGS)}")
    return Message(kind, fields)


def error(message: str, code: str = "bad-message") -> dict[str, Any]:
    return {"type": "error", "code": code, "error": message}


def insight(seat: int, lines: list[str]) -> dict[str, Any]:
    """An agent's thinking about the move it just made (rooms created with
    ``insight``): the lines of ``ygo play --insight``."""
    return {"type": "insight", "seat": seat, "lines": lines}


# -- cards -------------------------------------------------------------------------------


def _frame(data: CardData) -> str:
    t = data.type
    if t & CardType.SPELL:
        return "spell"
    if t & CardType.TRAP:
        return "trap"
    for bit, frame in (
        (CardType.LINK, "link"),
        (CardType.XYZ, "xyz"),
        (CardType.SYNCHRO, "synchro"),
        (CardType.FUSION, "fusion"),
        (CardType.RITUAL, "ritual"),
        (CardType.TOKEN, "token"),
    ):
        if t & bit:
            return frame
    return "effect" if t & CardType.EFFECT else "normal"


@cache
def card_info(code: int) -> dict[str, Any]:
    """The printed facts of a card the client may already name (by its passcode):
    names in English and Chinese, frame, kind, attribute, type, level, stats,
    scales and our own summary."""
    data = embedded_pool().get(code)
    info: dict[str, Any] = {
        "code": data.code,
        "name": data.name,
        "zh": data.name_zh or data.name,
        "frame": _frame(data),
        "kind": data.kind_label,
        "summary": data.summary,
        "pendulum": data.is_pendulum,
    }
    if data.is_monster:
        info.update(
            attr=data.attribute.name or "",
            race=(data.race.name or "").replace("_", " ").title(),
            level=data.level,
            rank=bool(data.type & CardType.XYZ),
            atk=data.atk,
            defense=data.defense,
            stats=data.stat_line(),
        )
        if data.is_pendulum:
            info.update(lscale=data.lscale, rscale=data.rscale)
    return info


# -- views ---------------------------------------------------------------------------


_LOC = {loc: loc.name.lower() for loc in Location}


class _Out:
    """What building one view's JSON collects on the way: the passcodes it names."""

    __slots__ = ("codes", "handles")

    def __init__(self, handles: Handles | None) -> None:
        self.handles = handles
        self.codes: set[int] = set()


def card_json(c: CardView, out: _Out | None = None) -> dict[str, Any]:
    """One card as the viewer sees it (a hidden card has no uid, code or stats)."""
    j: dict[str, Any] = {
        "ctrl": c.controller,
        "loc": _LOC[c.location],
        "i": c.index,
        "up": c.face_up,
        "def_pos": bool(int(c.position) & POS_DEFENSE),
    }
    if out is not None and out.handles is not None:
        h = out.handles.of_card(c)
        if h is not None:
            j["h"] = h
    if c.code is None:
        return j
    if out is not None:
        out.codes.add(c.code)
    j["uid"] = c.uid
    j["code"] = c.code
    if c.atk is not None:
        j["atk"] = c.atk
        j["def"] = c.defense
    if c.level is not None:
        j["level"] = c.level
    if c.destroyed:
        j["destroyed"] = True
    if c.materials:
        j["materials"] = [card_json(m, out) for m in c.materials]
    return j


def _zones(cards: tuple[CardView | None, ...], out: _Out) -> list[Any]:
    return [None if c is None else card_json(c, out) for c in cards]


def _side(s: PlayerView, out: _Out) -> dict[str, Any]:
    return {
        "player": s.player,
        "lp": s.lp,
        "hand": [card_json(c, out) for c in s.hand],
        "deck": s.deck_count,
        "extra": [card_json(c, out) for c in s.extra],
        "grave": [card_json(c, out) for c in s.grave],
        "banished": [card_json(c, out) for c in s.banished],
        "monsters": _zones(s.monsters, out),
        "spells": _zones(s.spells, out),
        "field": None if s.field is None else card_json(s.field, out),
        "pendulum": _zones(s.pendulum, out),
    }


def _link(link: LinkView, out: _Out) -> dict[str, Any]:
    return {
        "n": link.number,
        "card": card_json(link.card, out),
        "player": link.player,
        "effect": link.effect,
        "targets": [card_json(t, out) for t in link.targets],
        "negated": link.negated,
    }


def view_json(view: View, handles: Handles | None = None) -> tuple[dict[str, Any], set[int]]:
    """The whole table as ``view.viewer`` sees it (``handles``: the seat's board
    handles, the same as the terminal's, so options point at cards), and the
    passcodes it names."""
    out = _Out(handles)
    j = {
        "viewer": view.viewer if view.viewer >= 0 else None,
        "turn": view.turn,
        "turn_player": view.turn_player,
        "phase": view.phase.label,
        "players": [_side(s, out) for s in view.players],
        "attacker": None if view.attacker is None else card_json(view.attacker, out),
        "attack_target": None if view.attack_target is None else card_json(view.attack_target, out),
        "chain": [_link(link, out) for link in view.chain],
    }
    return j, out.codes


def decision_json(
    d: Decision,
    decision_id: int,
    handles: Handles,
    names: Callable[[int], str],
    prompt: str,
) -> dict[str, Any]:
    """The open decision with the terminal's option texts and each option's card handle."""
    options = []
    for i, a in enumerate(d.options):
        opt: dict[str, Any] = {"i": i, "text": option_text(a, d, handles, names)}
        h = option_handle(a, d.player, handles)
        if h is not None:
            opt["h"] = h
        options.append(opt)
    return {
        "id": decision_id,
        "kind": d.kind.name.lower(),
        "prompt": prompt,
        "options": options,
    }


def log_lines(
    events: list[Event], name: Callable[[int], str], me: int | None, players: tuple[str, str]
) -> list[dict[str, Any]]:
    """Log lines for events already filtered for the viewer."""
    out: list[dict[str, Any]] = []
    for e in events:
        if e.kind == EventKind.SHUFFLE:
            continue
        text = describe(e, name, me=me, players=None if me is not None else players)
        line: dict[str, Any] = {"text": text}
        if e.kind in _CHAIN_EVENTS:
            line["chain"] = True
        if e.kind in (EventKind.TURN, EventKind.DUEL_END):
            line["major"] = True
        out.append(line)
    return out


def dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))
