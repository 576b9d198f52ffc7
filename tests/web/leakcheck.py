"""The wire's hidden-information oracle (R-DUEL-8), for the web leak test.

No message says how many decisions were answered (that would count the
opponent's unused response windows): the server tells the test instead
(``Lobby.trace``), for every state it builds for a connection, the number of
decisions answered then (:attr:`Received.steps`, in the order sent, which is
the order received). After a duel, :func:`check_duel` replays it (same decks,
ruleset, seed and answers) and checks each message at the state it was built
from, for the seat (or spectator) it went to:

- a card object that names a card (``uid``/``code``) names one the receiver may
  identify at that step (:func:`ygo.engine.view.identifies`), with its true passcode;
- a card object for a hidden card carries nothing but its place;
- the ``cards`` facts name only passcodes of cards shown to the receiver;
- no text (log lines, prompt, options, why) contains the name, in English or
  Chinese, of a card the receiver has never been able to see;
- only the deciding seat is sent a decision, and only its own;
- no state carries ``step``, and a decision's id is never a count (two
  decisions a seat is sent never have ids that differ by the decisions between).

The approach is tests/engine/test_hidden_walk.py's, applied to what went over the wire.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from ygo.core.deck import Deck
from ygo.core.enums import Location
from ygo.defaults import Duel
from ygo.engine.events import EventKind
from ygo.engine.view import SPECTATOR, identifies
from ygo.rules import Ruleset

#: Events that show a card to everyone it is not secret from (as in the hidden walk).
SHOWN = frozenset(
    {EventKind.REVEAL, EventKind.SUMMON, EventKind.FLIP_SUMMON, EventKind.FLIP, EventKind.ACTIVATE}
)
PLACE_KEYS = frozenset({"ctrl", "loc", "i", "up", "def_pos", "h"})


class Leak(AssertionError):
    pass


@dataclass
class Received:
    """What one client received: ``viewer`` is 0, 1 or SPECTATOR."""

    viewer: int
    lang: str
    messages: list[dict[str, Any]] = field(default_factory=list)
    steps: list[int] = field(default_factory=list)
    """The server's step for each state with a view it sent this client, in order."""


def _card_objects(obj: Any, out: list[dict[str, Any]]) -> None:
    if isinstance(obj, dict):
        if "loc" in obj and "ctrl" in obj:
            out.append(obj)
        for v in obj.values():
            if isinstance(v, dict | list):
                _card_objects(v, out)
    elif isinstance(obj, list):
        for v in obj:
            if isinstance(v, dict | list):
                _card_objects(v, out)


def _texts(m: dict[str, Any]) -> list[str]:
    out = [line["text"] for line in m.get("log") or []]
    d = m.get("decision")
    if d:
        out.append(d["prompt"])
        out += [o["text"] for o in d["options"]]
    if m.get("type") == "why":
        out.append(m["text"])
    if m.get("type") == "error":
        out.append(m["error"])
    return out


def check_duel(
    decks: tuple[Deck, Deck],
    ruleset: Ruleset,
    seed: int,
    answers_by_id: dict[int, int],
    received: list[Received],
) -> int:
    """Replay the duel and check every message; returns the number of checks made.

    ``answers_by_id``: the option the clients took at each decision, by its id."""
    duel = Duel(decks, ruleset, seed=seed)
    st = duel._st  # the referee's state: the oracle may see everything
    n = duel.card_count
    names = {u: duel.card(u).name for u in range(n)}
    zh = {u: duel.card(u).name_zh for u in range(n)}
    codes = {u: duel.card(u).code for u in range(n)}
    by_step: dict[int, list[tuple[Received, dict[str, Any]]]] = {}
    last_view_step: dict[int, int] = {}
    answers: dict[int, int] = {}
    for r in received:
        step = -1
        k = 0
        ids: dict[int, int] = {}  # decision id -> step, for this viewer
        for m in r.messages:
            if "step" in m:
                raise Leak(f"viewer {r.viewer}: a message says the step: {m['step']}")
            if m.get("type") == "state" and m.get("view") is not None:
                if k >= len(r.steps):
                    raise Leak(f"viewer {r.viewer}: more states received than the server built")
                step = r.steps[k]
                k += 1
                d = m.get("decision")
                if d is not None:
                    if ids.setdefault(d["id"], step) != step:
                        raise Leak(f"viewer {r.viewer}: decision id {d['id']} used twice")
                    if d["id"] in answers_by_id:
                        answers[step] = answers_by_id[d["id"]]
            if step >= 0:
                by_step.setdefault(step, []).append((r, m))
        last_view_step[r.viewer] = step
        seq = sorted(ids.items(), key=lambda x: x[1])
        if len(seq) > 2 and all(b[0] - a[0] == b[1] - a[1] for a, b in pairwise(seq)):
            raise Leak(f"viewer {r.viewer}: the decision ids count the decisions")
    seen: dict[int, set[int]] = {r.viewer: set() for r in received}
    shown_codes: dict[int, set[int]] = {r.viewer: set() for r in received}
    events_seen = {r.viewer: 0 for r in received}
    checks = 0
    step = 0
    final = max(by_step) if by_step else 0
    while True:
        for viewer in seen:
            visible = {u for u in range(n) if identifies(st, u, viewer)}
            seen[viewer] |= visible
            evs = (
                duel.spectator_events(since=events_seen[viewer])
                if viewer == SPECTATOR
                else duel.events(viewer, since=events_seen[viewer])
            )
            events_seen[viewer] += len(evs)
            seen[viewer] |= {e.card for e in evs if e.kind in SHOWN and e.card >= 0}
        for r, m in by_step.get(step, []):
            checks += _check_message(st, duel, r, m, seen, shown_codes, names, zh, codes)
        if step >= final or duel.is_over:
            break
        if step not in answers:
            raise Leak(f"no answer recorded for step {step}")
        duel.apply(answers[step])
        step += 1
    return checks


def _check_message(
    st: Any,
    duel: Duel,
    r: Received,
    m: dict[str, Any],
    seen: dict[int, set[int]],
    shown_codes: dict[int, set[int]],
    names: dict[int, str],
    zh: dict[int, str],
    codes: dict[int, int],
) -> int:
    v = r.viewer
    checks = 0
    objs: list[dict[str, Any]] = []
    if m.get("view") is not None:
        _card_objects(m["view"], objs)
    for c in objs:
        if "uid" in c or "code" in c:
            uid = c.get("uid")
            if type(uid) is not int or not 0 <= uid < len(names):
                raise Leak(f"viewer {v}: a card with a bad uid {c}")
            if not identifies(st, uid, v):
                raise Leak(f"viewer {v}: hidden card #{uid} ({names[uid]}) was sent: {c}")
            if c.get("code") != codes[uid]:
                raise Leak(f"viewer {v}: card #{uid} sent with a wrong passcode {c}")
            shown_codes[v].add(codes[uid])
        elif set(c) - PLACE_KEYS:
            raise Leak(f"viewer {v}: a hidden card carries more than its place: {c}")
        checks += 1
    for code in m.get("cards") or {}:
        if int(code) not in shown_codes[v]:
            raise Leak(f"viewer {v}: facts of passcode {code} sent, no such card shown")
        checks += 1
    d = m.get("decision")
    searched: set[int] = set()
    if d is not None:
        pending = duel.decision
        if v == SPECTATOR or pending is None or pending.player != v:
            raise Leak(f"viewer {v}: sent a decision that is not theirs")
        if len(d["options"]) != len(pending.options):
            raise Leak(f"viewer {v}: the options sent are not the decision's")
        # An effect that searches your own Deck shows you its cards (as in the hidden walk).
        searched = {
            a.card
            for a in pending.options
            if a.card >= 0
            and duel.location(a.card) == Location.DECK
            and duel.controller(a.card) == v
        }
    texts = _texts(m)
    if texts:
        known = seen[v] | searched
        seen_names = {names[u] for u in known} | {zh[u] for u in known}
        hidden = {names[u] for u in names if u not in known} | {
            zh[u] for u in zh if u not in known and zh[u]
        }
        hidden -= seen_names
        if hidden:
            shown_sorted = sorted((s for s in seen_names if s), key=len, reverse=True)
            for text in texts:
                orig = text
                for s in shown_sorted:
                    if s in text:
                        text = text.replace(s, "")
                leaked = [h for h in hidden if h and h in text]
                if leaked:
                    raise Leak(
                        f"viewer {v}: text names a card never shown to it: {leaked} in {orig!r}"
                    )
                checks += 1
    return checks
