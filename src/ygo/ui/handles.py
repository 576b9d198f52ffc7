"""Board handles in options and in what the person types.

The board names cards ``h1`` (hand), ``m1``..``m5`` / ``s1``..``s5`` / ``f``
(your zones), ``om1`` / ``os1`` / ``of`` (the opponent's), ``g1`` / ``og1``
(Graveyards, oldest first), ``b1`` / ``ob1`` (banished), ``p1`` / ``p2`` /
``op1`` / ``op2`` (Pendulum Zones, mr3) and ``x1`` / ``ox1`` (your Extra Deck,
``synchro-summon x2``; the opponent's face-up Extra Deck cards). Hand handles are
stable within a turn: a card keeps its number until the turn ends, a card that
leaves leaves a gap, a card that arrives takes the next number. At the start
of each turn the hand is numbered again from ``h1``.

Options are shown with the handle of the card they are about (``summon h1
Celtic Guardian``) and the person may type them that way (``summon h1``,
``attack m1 om2``, ``activate s3``, or a bare handle when only one option is
about that card); numbers and the options' own text forms work too.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ygo.core.enums import Location
from ygo.engine.actions import Action, ActionKind, Decision, DecisionKind, Place
from ygo.engine.view import CardView, View

K = ActionKind

#: What a typed verb may mean.
VERBS: dict[str, frozenset[ActionKind]] = {
    "summon": frozenset({K.SUMMON}),
    "ns": frozenset({K.SUMMON}),
    "set": frozenset({K.SET_MONSTER, K.SET_SPELL}),
    "flip": frozenset({K.FLIP_SUMMON}),
    "flip-summon": frozenset({K.FLIP_SUMMON}),
    "special-summon": frozenset({K.SPSUMMON}),
    "gemini": frozenset({K.GEMINI_SUMMON}),
    "gemini-summon": frozenset({K.GEMINI_SUMMON}),
    "pendulum": frozenset({K.PENDULUM_SUMMON}),
    "pendulum-summon": frozenset({K.PENDULUM_SUMMON}),
    "synchro": frozenset({K.SYNCHRO_SUMMON}),
    "synchro-summon": frozenset({K.SYNCHRO_SUMMON}),
    "xyz": frozenset({K.XYZ_SUMMON}),
    "xyz-summon": frozenset({K.XYZ_SUMMON}),
    "to-attack": frozenset({K.TO_ATTACK}),
    "to-defense": frozenset({K.TO_DEFENSE}),
    "position": frozenset({K.TO_ATTACK, K.TO_DEFENSE}),
    "attack": frozenset({K.ATTACK, K.TARGET, K.DIRECT}),
    "attack-with": frozenset({K.ATTACK}),
    "target": frozenset({K.TARGET, K.SELECT}),
    "direct": frozenset({K.DIRECT}),
    "direct-attack": frozenset({K.DIRECT}),
    "activate": frozenset({K.ACTIVATE}),
    "act": frozenset({K.ACTIVATE}),
    "select": frozenset({K.SELECT}),
    "tribute": frozenset({K.SELECT}),
    "discard": frozenset({K.SELECT}),
    "choose": frozenset({K.CHOOSE}),
    "pass": frozenset({K.PASS}),
    "battle": frozenset({K.BATTLE}),
    "end": frozenset({K.END_TURN}),
    "end-turn": frozenset({K.END_TURN}),
    "main2": frozenset({K.MAIN2}),
    "cancel": frozenset({K.CANCEL}),
    "done": frozenset({K.DONE}),
    "first": frozenset({K.GO_FIRST}),
    "go-first": frozenset({K.GO_FIRST}),
    "second": frozenset({K.GO_SECOND}),
    "go-second": frozenset({K.GO_SECOND}),
}

_UID = re.compile(r" \[\d+\]")
_ZONE = re.compile(r" \(zone \d\)$")


class Handles:
    """The handles of one player's board, hand numbers kept within a turn."""

    def __init__(self) -> None:
        self._turn = -1
        self._hand: dict[int, int] = {}
        self._next = 1
        self.by_handle: dict[str, CardView] = {}
        self.by_uid: dict[int, str] = {}
        self.hand_order: list[tuple[str, CardView]] = []
        """Your hand as (handle, card), by handle number."""

    def update(self, view: View) -> None:
        """Renumber for this view (hand numbers survive within a turn)."""
        if view.turn != self._turn:
            self._turn, self._hand, self._next = view.turn, {}, 1
        hand = view.me.hand
        keys = [c.uid if c.uid is not None else -1 - i for i, c in enumerate(hand)]
        for gone in set(self._hand) - set(keys):
            del self._hand[gone]
        for key in keys:
            if key not in self._hand:
                self._hand[key] = self._next
                self._next += 1
        by: dict[str, CardView] = {}
        order = sorted(zip(keys, hand, strict=True), key=lambda kc: self._hand[kc[0]])
        self.hand_order = [(f"h{self._hand[k]}", c) for k, c in order]
        by.update(self.hand_order)
        for prefix, side in (("", view.me), ("o", view.opponent)):
            for i, m in enumerate(side.monsters):
                if m is not None:
                    by[f"{prefix}m{i + 1}"] = m
            for i, s in enumerate(side.spells):
                if s is not None:
                    by[f"{prefix}s{i + 1}"] = s
            if side.field is not None:
                by[f"{prefix}f"] = side.field
            for i, pz in enumerate(side.pendulum):  # R-FIELD-1 (mr3)
                if pz is not None:
                    by[f"{prefix}p{i + 1}"] = pz
            for i, x in enumerate(side.extra):  # yours, and the opponent's face-up ones
                if prefix == "" or x.known:
                    by[f"{prefix}x{i + 1}"] = x
            for i, g in enumerate(side.grave):
                by[f"{prefix}g{i + 1}"] = g
            for i, b in enumerate(side.banished):
                by[f"{prefix}b{i + 1}"] = b
        self.by_handle = by
        self.by_uid = {c.uid: h for h, c in by.items() if c.uid is not None}

    def of_card(self, c: CardView) -> str | None:
        """The handle of a card shown on the board (None if it has none)."""
        if c.uid is not None:
            return self.by_uid.get(c.uid)
        for h, other in self.by_handle.items():
            if other is c or (
                other.uid is None
                and (other.controller, other.location, other.index)
                == (c.controller, c.location, c.index)
            ):
                return h
        return None


_PLACE_LETTERS = {Location.MZONE: "m", Location.SZONE: "s", Location.PZONE: "p"}


def place_handle(place: Place, me: int) -> str:
    """The handle of a place (a face-down card an option names by its place)."""
    prefix = "" if place.player == me else "o"
    letter = _PLACE_LETTERS.get(place.location)
    return f"{prefix}f" if letter is None else f"{prefix}{letter}{place.index + 1}"


def option_handle(a: Action, me: int, handles: Handles) -> str | None:
    """The handle of the card an option is about (None if it is about none)."""
    if a.kind == K.TARGET:
        return f"om{a.zone + 1}"
    if a.card >= 0:
        return handles.by_uid.get(a.card)
    place = a.place
    if place is not None:
        return place_handle(place, me)
    return None


def _verb(a: Action, d: Decision) -> str:
    if a.kind == K.SELECT and d.kind == DecisionKind.TRIBUTE:
        return "tribute"
    if a.kind == K.SELECT and d.kind == DecisionKind.DISCARD:
        return "discard"
    return str(Action(a.kind))


def option_text(
    a: Action,
    d: Decision,
    handles: Handles,
    names: Callable[[int], str] | None = None,
) -> str:
    """How the terminal shows an option: verb, handle, then the card.

    ``names(uid)`` gives a card's name in the person's language (the option's
    own label is in English).
    """
    verb = _verb(a, d)
    label = _UID.sub("", a.label)
    if a.card >= 0 and names is not None and a.kind != K.CHOOSE:
        label = _localize(label, a, names)
    h = option_handle(a, d.player, handles)
    if a.kind == K.TARGET:
        label = _ZONE.sub("", label)
        shown = handles.by_handle.get(h or "")
        if shown is not None and shown.name:
            label = shown.name
        elif shown is not None:
            label = "face-down monster"
    if h is not None:
        return f"{verb} {h} {label}".rstrip()
    return f"{verb} {label}".rstrip()


def _localize(label: str, a: Action, names: Callable[[int], str]) -> str:
    local = names(a.card)
    head, sep, rest = label.partition(":")
    if " (" in head:
        head, _, where = head.partition(" (")
        return f"{local} ({where}{sep}{rest}"
    return f"{local}{sep}{rest}"


@dataclass(frozen=True, slots=True)
class Parsed:
    """What a typed line means at a decision."""

    index: int | None = None
    """The option chosen (None: not an option; see ``error``)."""
    rest: tuple[str, ...] = ()
    """Words left for the next decisions (``attack m1 om2``: ``om2``)."""
    error: str = ""
    """Why the line names no single option (empty: it is not an option at all)."""


def parse(line: str, d: Decision, handles: Handles) -> Parsed:
    """The option a typed line names, if it names one."""
    words = line.split()
    if not words:
        return Parsed()
    head = words[0].lower()
    kinds: frozenset[ActionKind] | None
    if head in VERBS:
        kinds, args = VERBS[head], [w.lower() for w in words[1:]]
    elif head in handles.by_handle or _is_option_handle(head, d, handles):
        kinds, args = None, [w.lower() for w in words]
    else:
        return Parsed()
    found = [i for i, a in enumerate(d.options) if kinds is None or a.kind in kinds]
    if args:
        found = [i for i in found if option_handle(d.options[i], d.player, handles) == args[0]]
        rest = tuple(args[1:])
    else:
        rest = ()
    if len(found) == 1:
        return Parsed(found[0], rest)
    if not found:
        what = " ".join(words[:2])
        return Parsed(error=f"{what!r} is not an option now")
    numbers = ", ".join(str(i + 1) for i in found)
    return Parsed(error=f"{' '.join(words)!r} could be options {numbers}: type the number")


def _is_option_handle(word: str, d: Decision, handles: Handles) -> bool:
    return any(option_handle(a, d.player, handles) == word for a in d.options)
