"""The differential harness: one position, the same choices, ygo against the
reference engine (ygopro-core with YGOPro's Lua scripts), compared decision by
decision and at the end.

A scenario is the reference oracle's own JSON format
(``../shared/tools/oracle/README.md``): the position (players' LP, hand, Deck,
Extra Deck, Monster and Spell & Trap Zones, GY, banished), the turn player, the
start phase, and the responses. :func:`build_ygo` sets the same position up in
ygo (the way ``tests/scenario.py`` does: turn 3, so that both players have had
a turn; the reference starts on turn 1 with ``DUEL_ATTACK_FIRST_TURN``).
:class:`Runner` then plays both engines in lockstep. At each prompt of the
reference it runs the oracle with the responses so far (the oracle stops at the
next prompt and prints it), and compares it with ygo's decision:

- who is asked, and what kind of question it is;
- what is offered: for the Main Phase the activatable, summonable and Settable
  cards and the position changes by passcode, for the Battle Phase the
  attackers and activations, for a chain the activatable cards, for a card
  selection the selectable cards by passcode, controller and location.

The answer (the scenario's next response, or a :class:`Policy`'s) is given to
both: resolved among the reference's options, then found among ygo's options
by the same kind and card. At the end both states are compared: LP, each
player's monsters (passcode, position, ATK/DEF when face-up, owner), Spell &
Trap Zone and Field Zone cards (passcode, face-up or not), the GY in order,
the banished cards, the hand (its passcodes unless a Deck was shuffled), the
Deck and Extra Deck counts, the chain's activations (player, passcode) and the
winner.

Differences the reference has by design are normalised away (README section
"Differential tests" in tests/README.md):

- zones: the reference asks where a card goes (SELECT_PLACE, SELECT_DISFIELD;
  the harness answers its lowest free zone), ygo places cards itself; zones
  are compared as contents, not numbers;
- positions: the reference asks the position of a Special Summon
  (SELECT_POSITION; the harness answers face-up Attack), ygo asks only where
  its script offers the choice (then the same answer is given);
- a prompt with one option (a single card to select, a lone forced chain link):
  the reference asks, ygo takes it without asking;
- a multi-card selection is one prompt in the reference, one decision per card
  in ygo (the first decision's options are compared with the prompt's);
- chain windows: the reference passes windows where nothing can be activated
  (the oracle's ``auto_pass_empty_chain``), ygo never opens them; a window one
  engine opens and the other does not is reported (who and what could be
  activated) and passed, and the comparison goes on;
- before the scenario's start the reference passes every window; so does the
  harness in ygo.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from tests.oracle.reference import Reference
from tests.scenario import Scenario, _Placement
from ygo.cards.db import CardDB
from ygo.core.enums import (
    ATTRIBUTE_NAMES,
    RACE_NAMES,
    Attribute,
    CardType,
    Location,
    Phase,
    Position,
    Race,
)
from ygo.core.state import NONE
from ygo.defaults import Duel
from ygo.engine import query
from ygo.engine.actions import Action, ActionKind, Decision, DecisionKind, place_of
from ygo.engine.events import EventKind
from ygo.engine.setup import ScriptSource
from ygo.rules import Ruleset

MAX_STEPS = 60
"""Prompts per scenario before the harness gives up (a loop)."""

PHASES = {
    "draw": Phase.DRAW,
    "standby": Phase.STANDBY,
    "main1": Phase.MAIN1,
    "battle": Phase.BATTLE_STEP,
    "main2": Phase.MAIN2,
    "end": Phase.END,
}
POSITIONS = {
    "attack": Position.FACEUP_ATTACK,
    "faceup_attack": Position.FACEUP_ATTACK,
    "defense": Position.FACEUP_DEFENSE,
    "faceup_defense": Position.FACEUP_DEFENSE,
    "facedown_defense": Position.FACEDOWN_DEFENSE,
    "set": Position.FACEDOWN_DEFENSE,
    "facedown": Position.FACEDOWN_DEFENSE,
    "facedown_attack": Position.FACEDOWN_ATTACK,
}
POS_NAMES = {
    int(Position.FACEUP_ATTACK): "faceup_attack",
    int(Position.FACEDOWN_ATTACK): "facedown_attack",
    int(Position.FACEUP_DEFENSE): "faceup_defense",
    int(Position.FACEDOWN_DEFENSE): "facedown_defense",
}
POSITION_LABELS = {
    "faceup_attack": "face-up Attack",
    "faceup_defense": "face-up Defense",
    "facedown_defense": "face-down Defense",
    "facedown_attack": "face-down Attack",
}
LOC_NAMES = {
    Location.DECK: "deck",
    Location.HAND: "hand",
    Location.MZONE: "mzone",
    Location.SZONE: "szone",
    Location.FZONE: "szone",
    Location.PZONE: "szone",
    Location.GRAVE: "gy",
    Location.BANISHED: "banished",
    Location.EXTRA: "extra",
}
# ygo's Main Phase and Battle Phase actions as the reference's IDLECMD/BATTLECMD actions.
IDLE_ACTIONS = {
    ActionKind.SUMMON: "summon",
    ActionKind.GEMINI_SUMMON: "summon",
    ActionKind.SET_MONSTER: "mset",
    ActionKind.SET_SPELL: "sset",
    ActionKind.FLIP_SUMMON: "repos",
    ActionKind.TO_ATTACK: "repos",
    ActionKind.TO_DEFENSE: "repos",
    ActionKind.ACTIVATE: "activate",
    ActionKind.SPSUMMON: "spsummon",
    ActionKind.SYNCHRO_SUMMON: "spsummon",
    ActionKind.XYZ_SUMMON: "spsummon",
    ActionKind.PENDULUM_SUMMON: "spsummon",
    ActionKind.ATTACK: "attack",
}
PHASE_ACTIONS = {ActionKind.BATTLE: "battle", ActionKind.END_TURN: "end", ActionKind.MAIN2: "main2"}
PLACE_PROMPTS = ("SELECT_PLACE", "SELECT_DISFIELD")
REPLAY_DESC = 30
"""ygopro-core's SELECT_YESNO after a replay (R-BAT-8): attack again? Yes is
followed by the choice of target; ygo asks both at once (DecisionKind.REPLAY:
a new target, or cancel)."""
SELECT_PROMPTS = ("SELECT_CARD", "SELECT_TRIBUTE", "SELECT_UNSELECT_CARD")
ANNOUNCE_PROMPTS = ("ANNOUNCE_RACE", "ANNOUNCE_ATTRIB", "ANNOUNCE_NUMBER")

Item = tuple[Any, ...]


class SetupError(Exception):
    """The scenario cannot be set up in ygo (or run in the harness)."""


# -- the position in ygo ---------------------------------------------------------


class _Builder(Scenario):
    """``tests/scenario.py``'s builder, placing cards of any card database."""

    def place(
        self,
        player: int,
        code: int,
        loc: Location,
        zone: int = NONE,
        position: Position = Position.FACEUP_ATTACK,
    ) -> int:
        try:
            data = self.db.get(code)
        except LookupError:
            raise SetupError(f"card {code} is not in ygo's card database") from None
        return self._add(_Placement(data, player, loc, zone, position))


def _code(entry: Any) -> int:
    return int(entry if isinstance(entry, int) else entry["code"])


def build_ygo(scn: dict[str, Any], scripts: ScriptSource, db: CardDB) -> Duel:
    """The scenario's position in ygo, at its first decision."""
    rules = scn.get("rules", "mr3")
    if rules not in ("mr3", "classic"):
        raise SetupError(f"rules {rules!r}: ygo plays mr3 and classic")
    ruleset = Ruleset.mr3() if rules == "mr3" else Ruleset.classic()
    phase = PHASES.get(scn.get("start_phase", "main1"))
    if phase is None:
        raise SetupError(f"start phase {scn.get('start_phase')!r}")
    s = _Builder(ruleset=ruleset, seed=int(scn.get("seed", 1)), scripts=scripts, db=db)
    tp = int(scn.get("turn_player", 0))
    s.at(turn=3, player=tp, phase=phase)
    for p, pl in enumerate(scn["players"]):
        s._deck_filled.add(p)  # (no filler: the Deck is the scenario's)
        if pl.get("draw_count", 1) != 1:
            raise SetupError("draw_count other than 1")
        for entry in [*pl.get("deck", []), *pl.get("extra", []), *pl.get("hand", [])]:
            if isinstance(entry, dict) and entry.get("owner", p) != p:
                raise SetupError("a card controlled by the player who does not own it")
        s.lp(p, int(pl.get("lp", 8000)))
        for entry in pl.get("deck", []):
            s.place(p, _code(entry), Location.DECK)
        for entry in pl.get("extra", []):
            s.place(p, _code(entry), Location.EXTRA)
        for entry in pl.get("hand", []):
            s.place(p, _code(entry), Location.HAND)
        for m in pl.get("monsters", []):
            if m.get("owner", p) != p:
                raise SetupError("a monster controlled by the player who does not own it")
            pos = POSITIONS[m.get("position", "attack")]
            s.place(p, _code(m), Location.MZONE, int(m.get("zone", 0)), pos)
        for c in pl.get("spells", []):
            if c.get("owner", p) != p:
                raise SetupError("a card controlled by the player who does not own it")
            face_up = c.get("position", "faceup" if c.get("face_up") else "facedown") != "facedown"
            pos = Position.FACEUP_ATTACK if face_up else Position.FACEDOWN_DEFENSE
            zone = int(c.get("zone", 0))
            if zone == 5:
                s.place(p, _code(c), Location.FZONE, 0, pos)
            elif zone in (6, 7):
                s.place(p, _code(c), Location.PZONE, zone - 6, pos)
            else:
                s.place(p, _code(c), Location.SZONE, zone, pos)
        for entry in pl.get("gy", []):
            s.place(p, _code(entry), Location.GRAVE)
        for entry in pl.get("banished", []):
            down = isinstance(entry, dict) and entry.get("face_down", False)
            pos = Position.FACEDOWN_DEFENSE if down else Position.FACEUP_ATTACK
            s.place(p, _code(entry), Location.BANISHED, NONE, pos)
    return s.build()


# -- what is offered -------------------------------------------------------------


@dataclass
class Offer:
    """A prompt or decision, normalised: who, what kind, what is offered."""

    player: int
    kind: str
    """idle | battle | chain | select | option | yesno | place | position | other"""
    items: Counter[Item] = field(default_factory=Counter)
    text: str = ""
    """The prompt's own name (SELECT_CARD, DecisionKind.EFFECT...)."""


def _position_question(d: Decision) -> bool:
    labels = set(POSITION_LABELS.values())
    return bool(d.options) and all(
        o.kind == ActionKind.CHOOSE and o.label in labels for o in d.options
    )


def _yesno_question(d: Decision) -> bool:
    return [o.label for o in d.options if o.kind == ActionKind.CHOOSE] == ["yes", "no"]


def announce_values(prompt: dict[str, Any]) -> list[int]:
    """What an ANNOUNCE_RACE / ANNOUNCE_ATTRIB prompt offers (one bit each) or
    an ANNOUNCE_NUMBER prompt (the numbers), from the message's bytes."""
    raw = prompt.get("raw", [])
    if prompt["type"] == "ANNOUNCE_NUMBER":
        n = raw[1] if len(raw) > 1 else 0
        return [int.from_bytes(bytes(raw[2 + 4 * i : 6 + 4 * i]), "little") for i in range(n)]
    mask = int.from_bytes(bytes(raw[2:6]), "little") if len(raw) >= 6 else 0
    return [1 << b for b in range(32) if mask >> b & 1]


def announce_label(t: str, value: int) -> str:
    """ygo's option label for a value a reference ANNOUNCE prompt offers."""
    if t == "ANNOUNCE_RACE":
        try:
            return RACE_NAMES[Race(value)]
        except (ValueError, KeyError):
            return f"race {value:#x}"
    if t == "ANNOUNCE_ATTRIB":
        try:
            return ATTRIBUTE_NAMES[Attribute(value)]
        except (ValueError, KeyError):
            return f"attribute {value:#x}"
    return str(value)


def oracle_offer(prompt: dict[str, Any], hide: frozenset[int] = frozenset()) -> Offer:
    """The reference's prompt, normalised; the hand cards of the players in
    ``hide`` are left out (their Deck was shuffled: the engines drew others)."""
    t = prompt["type"]
    p = int(prompt["player"])
    opts = prompt["options"]
    items: Counter[Item] = Counter()

    def hidden(o: dict[str, Any]) -> bool:
        return o.get("location") == "hand" and o.get("player") in hide

    if t in ("SELECT_IDLECMD", "SELECT_BATTLECMD"):
        for o in opts:
            a = o["action"]
            if a == "phase":
                items[("phase", o["to"])] += 1
            elif a == "activate" and not hidden(o):
                items[("activate", int(o["code"]), o["location"])] += 1
            elif a != "shuffle" and not hidden(o):
                items[(a, int(o["code"]))] += 1
        return Offer(p, "idle" if t == "SELECT_IDLECMD" else "battle", items, t)
    if t == "SELECT_CHAIN":
        for o in opts:
            if o["action"] == "activate" and not hidden(o):
                items[("activate", int(o["code"]), o["location"])] += 1
        return Offer(p, "chain", items, t)
    if t == "SELECT_EFFECTYN":
        items[("activate", int(prompt["code"]), prompt.get("location", "?"))] += 1
        return Offer(p, "chain", items, t)
    if t in SELECT_PROMPTS:
        for o in opts:
            if o["action"] == "card" and not hidden(o):
                items[(int(o["code"]), int(o["player"]), o["location"])] += 1
        return Offer(p, "select", items, t)
    if t == "SELECT_OPTION":
        return Offer(p, "option", Counter({("options", len(opts)): 1}), t)
    if t == "SELECT_YESNO":
        return Offer(p, "replay" if prompt.get("desc") == REPLAY_DESC else "yesno", Counter(), t)
    if t in ANNOUNCE_PROMPTS:
        return Offer(p, "option", Counter({("options", len(announce_values(prompt))): 1}), t)
    if t in PLACE_PROMPTS:
        return Offer(p, "place", Counter(), t)
    if t == "SELECT_POSITION":
        return Offer(p, "position", Counter(), t)
    return Offer(p, "other", Counter(), t)


def _select_uid(duel: Duel, a: Action) -> int:
    """The card a SELECT or TARGET option names (a face-down one by its place)."""
    st = duel._st
    if a.kind == ActionKind.TARGET:
        return st.mzone[1 - st.tp][a.zone]
    if a.card >= 0:
        return a.card
    place = place_of(a.zone)
    assert place is not None
    p, loc, i = place.player, place.location, place.index
    if loc == Location.MZONE:
        return st.mzone[p][i]
    if loc == Location.SZONE:
        return st.szone[p][i]
    if loc == Location.PZONE:
        return st.pzone[p][i]
    return st.fzone[p]


def _card_item(duel: Duel, uid: int) -> Item:
    st = duel._st
    return (st.data[uid].code, st.ctrl[uid], LOC_NAMES[Location(st.loc[uid])])


def _action_item(duel: Duel, d: Decision, a: Action) -> Item | None:
    """An option of a ygo decision as the reference's option item (None: not one)."""
    st = duel._st
    if d.kind in (DecisionKind.MAIN, DecisionKind.BATTLE):
        if a.kind in PHASE_ACTIONS:
            return ("phase", PHASE_ACTIONS[a.kind])
        verb = IDLE_ACTIONS.get(a.kind)
        if verb is None or a.card < 0:
            return None
        if verb == "activate":
            return (verb, st.data[a.card].code, LOC_NAMES[Location(st.loc[a.card])])
        return (verb, st.data[a.card].code)
    if d.kind in (DecisionKind.PRIORITY, DecisionKind.TRIGGER):
        if a.kind == ActionKind.ACTIVATE:
            return ("activate", st.data[a.card].code, LOC_NAMES[Location(st.loc[a.card])])
        return None
    if a.kind in (ActionKind.SELECT, ActionKind.TARGET):
        return _card_item(duel, _select_uid(duel, a))
    if a.kind == ActionKind.DIRECT:
        return ("direct",)
    return None


def ygo_offer(duel: Duel, hide: frozenset[int] = frozenset()) -> Offer | None:
    """ygo's decision, normalised (``hide`` as for :func:`oracle_offer`)."""
    d = duel.decision
    if d is None:
        return None
    st = duel._st
    items: Counter[Item] = Counter()
    kind = {
        DecisionKind.MAIN: "idle",
        DecisionKind.BATTLE: "battle",
        DecisionKind.PRIORITY: "chain",
        DecisionKind.TRIGGER: "chain",
        DecisionKind.ATTACK_TARGET: "select",
        DecisionKind.TRIBUTE: "select",
        DecisionKind.DISCARD: "select",
        DecisionKind.REPLAY: "select",
    }.get(d.kind, "other")
    if d.kind == DecisionKind.EFFECT:
        if any(o.kind == ActionKind.SELECT for o in d.options):
            kind = "select"
        elif _position_question(d):
            kind = "position"
        elif _yesno_question(d):
            kind = "yesno"
        else:
            kind = "option"
            n = sum(1 for o in d.options if o.kind == ActionKind.CHOOSE)
            items[("options", n)] += 1
    if kind in ("idle", "battle", "chain", "select"):
        for o in d.options:
            item = _action_item(duel, d, o)
            if item is None or item == ("direct",):
                continue
            uid = _select_uid(duel, o) if kind == "select" else o.card
            if uid >= 0 and st.loc[uid] == Location.HAND and st.ctrl[uid] in hide:
                continue
            items[item] += 1
    return Offer(d.player, kind, items, d.kind.name)


def shuffled(duel: Duel, out: dict[str, Any]) -> frozenset[int]:
    """The players whose Deck either engine has shuffled so far."""
    ygo = {
        e.player for e in duel.events() if e.kind == EventKind.SHUFFLE and e.value == Location.DECK
    }
    return frozenset(ygo | set(out.get("shuffled", [])))


# -- the state at the end ----------------------------------------------------------


def ygo_state(duel: Duel) -> dict[str, Any]:
    st = duel._st
    players = []
    for p in (0, 1):
        monsters = []
        for u in st.mzone[p]:
            if u == NONE:
                continue
            pos = POS_NAMES.get(st.pos[u] & 0xF, "?")
            m: tuple[Any, ...] = (st.data[u].code, pos)
            if st.pos[u] & Position.FACEUP and st.data[u].type & CardType.MONSTER:
                m += (query.atk(st, u), query.defense(st, u))
            if st.owner[u] != p:
                m += (f"owner P{st.owner[u]}",)
            monsters.append(m)
        spells = []
        for u in st.szone[p]:
            if u != NONE:
                spells.append(_spell(st, u, p))
        pend = [_spell(st, u, p) for u in st.pzone[p] if u != NONE]
        players.append(
            {
                "lp": st.lp[p],
                "monsters": sorted(monsters, key=repr),
                "spells": sorted(spells, key=repr),
                "field": _spell(st, st.fzone[p], p) if st.fzone[p] != NONE else None,
                "pendulum": sorted(pend, key=repr),
                "gy": [st.data[u].code for u in st.grave[p]],
                "banished": sorted(
                    ((st.data[u].code, bool(st.pos[u] & Position.FACEUP)) for u in st.banished[p]),
                    key=repr,
                ),
                "hand": sorted(st.data[u].code for u in st.hand[p]),
                "deck": len(st.deck[p]),
                "extra": len(st.extra[p]),
            }
        )
    activations = [
        (e.player, st.data[e.card].code) for e in duel.events() if e.kind == EventKind.ACTIVATE
    ]
    result = duel.result
    winner = None if result is None else result.winner
    return {"players": players, "activations": activations, "winner": winner}


def _spell(st: Any, u: int, p: int) -> tuple[Any, ...]:
    s: tuple[Any, ...] = (st.data[u].code, "faceup" if st.pos[u] & Position.FACEUP else "facedown")
    if st.owner[u] != p:
        s += (f"owner P{st.owner[u]}",)
    return s


def oracle_state(out: dict[str, Any]) -> dict[str, Any]:
    state = out["state"]
    players = []
    for p, pl in enumerate(state["players"]):
        monsters = []
        for c in pl["monsters"]:
            m: tuple[Any, ...] = (c["code"], c["position"])
            if c["face_up"] and "atk" in c:  # (not for a Trap monster: the oracle's rule)
                m += (c["atk"], c["def"])
            if c.get("owner", p) != p:
                m += (f"owner P{c['owner']}",)
            monsters.append(m)
        spells, pend, fld = [], [], None
        for c in pl["spells"]:
            s: tuple[Any, ...] = (c["code"], "faceup" if c["face_up"] else "facedown")
            if c.get("owner", p) != p:
                s += (f"owner P{c['owner']}",)
            if c["zone"] == 5:
                fld = s
            elif c["zone"] >= 6:
                pend.append(s)
            else:
                spells.append(s)
        players.append(
            {
                "lp": pl["lp"],
                "monsters": sorted(monsters, key=repr),
                "spells": sorted(spells, key=repr),
                "field": fld,
                "pendulum": sorted(pend, key=repr),
                "gy": [c["code"] for c in pl["gy"]],
                "banished": sorted(
                    ((c["code"], c.get("face_up", True)) for c in pl["banished"]), key=repr
                ),
                "hand": sorted(c["code"] for c in pl["hand"]),
                "deck": len(pl["deck"]),
                "extra": len(pl["extra"]),
            }
        )
    activations = [
        (e["player"], e["code"]) for e in out.get("chain_events", []) if e["event"] == "chaining"
    ]
    win = out.get("win")
    return {
        "players": players,
        "activations": activations,
        "winner": None if win is None else win["winner"],
    }


# -- policies: the answers ---------------------------------------------------------


class Policy(Protocol):
    """Chooses the responses: one in the oracle's named form, or None to stop."""

    failed: str
    """Why the policy stopped before its scenario did what it is for ("" if not)."""

    def answer(self, prompt: dict[str, Any], out: dict[str, Any]) -> dict[str, Any] | None: ...


def default_answer(prompt: dict[str, Any]) -> dict[str, Any] | None:
    """The answer to a prompt ygo does not ask (zones, positions) or asks in
    another form: the lowest free zone of the asking player, face-up Attack."""
    t = prompt["type"]
    opts = prompt["options"]
    if t in PLACE_PROMPTS:
        count = int(prompt.get("count", 1))
        own = [o for o in opts if o["player"] == prompt["player"]] or opts
        return {"index": own[0]["index"]} if count == 1 else {"place": own[:count]}
    if t == "SELECT_POSITION":
        for want in ("faceup_attack", "faceup_defense", "facedown_defense", "facedown_attack"):
            for o in opts:
                if o.get("position") == want:
                    return {"index": o["index"]}
    return None


def first_cards(prompt: dict[str, Any]) -> dict[str, Any]:
    """Select the first cards offered, as few as the prompt allows (at least one)."""
    cards = [o for o in prompt["options"] if o["action"] == "card"]
    want = max(1, int(prompt.get("min", 1)))
    picked = [{k: o[k] for k in ("code", "player", "location", "seq")} for o in cards[:want]]
    return {"select": picked}


def generic_answer(prompt: dict[str, Any]) -> dict[str, Any] | None:
    """Pass a chain, take the first cards, say yes, take the first option."""
    t = prompt["type"]
    if t in PLACE_PROMPTS or t == "SELECT_POSITION":
        return default_answer(prompt)
    if t == "SELECT_CHAIN":
        passing = [o for o in prompt["options"] if o["action"] == "pass"]
        return {"pass": True} if passing else {"index": 0}
    if t in ("SELECT_CARD", "SELECT_TRIBUTE"):
        return first_cards(prompt)
    if t == "SELECT_UNSELECT_CARD":
        chosen = sum(1 for o in prompt["options"] if o["action"] == "unselect")
        if chosen >= int(prompt.get("min", 1)) and any(
            o["action"] == "finish" for o in prompt["options"]
        ):
            return {"finish": True}
        cards = [o for o in prompt["options"] if o["action"] == "card"]
        return {"index": cards[0]["index"]} if cards else {"finish": True}
    if t in ("SELECT_EFFECTYN", "SELECT_YESNO"):
        return {"yes": True}
    if t == "SELECT_OPTION":
        return {"option": 0}
    if t in ("ANNOUNCE_RACE", "ANNOUNCE_ATTRIB"):
        values = announce_values(prompt)
        want = int(prompt.get("raw", [0, 1])[1]) or 1
        return {"raw_int": sum(values[:want])} if values else None
    if t == "ANNOUNCE_NUMBER":
        return {"raw_int": 0} if announce_values(prompt) else None
    return None


class Scripted:
    """The scenario's own responses; answers zone and position prompts the
    script does not (ygo asks no such thing), and stops when they run out,
    or then plays ``then``."""

    def __init__(self, responses: Iterable[Any], then: Policy | None = None) -> None:
        self.responses = list(responses)
        self.then = then
        self.failed = ""

    def answer(self, prompt: dict[str, Any], out: dict[str, Any]) -> dict[str, Any] | None:
        t = prompt["type"]
        if self.responses:
            nxt = self.responses[0]
            named = isinstance(nxt, dict)
            if t in PLACE_PROMPTS and not (named and {"place", "index", "raw_bytes"} & set(nxt)):
                return default_answer(prompt)
            if t == "SELECT_POSITION" and not (named and {"position", "index"} & set(nxt)):
                return default_answer(prompt)
            return dict(self.responses.pop(0)) if named else {"index": int(nxt)}
        if self.then is not None:
            got = self.then.answer(prompt, out)
            self.failed = self.then.failed
            return got
        if t in PLACE_PROMPTS or t == "SELECT_POSITION":
            return default_answer(prompt)
        return None


class Resolve:
    """After the script: answer generically until the chain has resolved and
    the turn player is back at an open prompt of the Main or Battle Phase."""

    def __init__(self) -> None:
        self.failed = ""

    def answer(self, prompt: dict[str, Any], out: dict[str, Any]) -> dict[str, Any] | None:
        if prompt["type"] in ("SELECT_IDLECMD", "SELECT_BATTLECMD"):
            return None
        got = generic_answer(prompt)
        if got is None:
            self.failed = f"the harness does not answer {prompt['type']}"
        return got


# -- resolving an answer among the reference's options -----------------------------


def _matches(o: dict[str, Any], want: Any) -> bool:
    if isinstance(want, int):
        return int(o.get("code", -1)) == want
    return all(o.get(k) == v for k, v in want.items() if k in ("code", "player", "location", "seq"))


def resolve(prompt: dict[str, Any], r: dict[str, Any]) -> list[dict[str, Any]]:
    """The options of ``prompt`` a response picks (the oracle's own matching)."""
    opts = prompt["options"]
    t = prompt["type"]
    if "index" in r:
        return [opts[int(r["index"])]]
    nth = int(r.get("nth", 0))

    def find(action: str, want: Any) -> list[dict[str, Any]]:
        hits = [
            o
            for o in opts
            if o["action"] == action
            and (want is None or _matches(o, want))
            and ("desc" not in r or o.get("desc") == r["desc"])
        ]
        if len(hits) <= nth:
            raise SetupError(f"response {r} matches no option of {t}")
        return [hits[nth]]

    if t == "SELECT_EFFECTYN":
        if "activate" in r or r.get("yes"):
            return [{"action": "yes", "code": prompt["code"], "location": prompt.get("location")}]
        return [{"action": "no"}]
    if t == "SELECT_YESNO":
        return [{"action": "yes" if r.get("yes") else "no"}]
    for action in ("activate", "summon", "spsummon", "repos", "mset", "sset", "attack"):
        if action in r:
            return find(action, r[action])
    if "phase" in r:
        return [o for o in opts if o["action"] == "phase" and o["to"] == r["phase"]][:1]
    if {"pass", "cancel", "finish"} & set(r):
        return [o for o in opts if o["action"] in ("pass", "cancel", "finish")][:1] or [
            {"action": "pass"}
        ]
    if "option" in r:
        return [opts[int(r["option"])]]
    if "position" in r:
        return [o for o in opts if o.get("position") in (r["position"], f"faceup_{r['position']}")]
    if "select" in r:
        sel = r["select"] if isinstance(r["select"], list) else [r["select"]]
        picked: list[dict[str, Any]] = []
        for want in sel:
            hit = next(
                (
                    o
                    for o in opts
                    if o["action"] in ("card", "unselect")
                    and not any(o is q for q in picked)
                    and _matches(o, want)
                ),
                None,
            )
            if hit is None:
                raise SetupError(f"card {want} is not offered in {t}")
            picked.append(hit)
        return picked
    if "place" in r:
        return [{"action": "zone"}]
    if t in ANNOUNCE_PROMPTS and "raw_int" in r:
        v = int(r["raw_int"])
        values = announce_values(prompt)
        bits = [values[v]] if t == "ANNOUNCE_NUMBER" else [b for b in values if v & b]
        return [{"action": "announce", "label": announce_label(t, b)} for b in bits]
    raise SetupError(f"the harness cannot translate response {r}")


# -- the lockstep run ----------------------------------------------------------------


@dataclass
class Result:
    """One scenario's outcome in both engines."""

    name: str
    status: str = "agree"
    """agree | disagree | setup (could not be set up or run to its end) | gap
    (ygo's Lua bridge lacks an API function the card calls: ``reason`` names it)"""
    diffs: list[str] = field(default_factory=list)
    reason: str = ""
    """For ``setup``: why."""
    steps: list[str] = field(default_factory=list)
    """The decisions, one line each (both engines')."""
    did: str = ""
    """What a per-card scenario's card did (activated, summoned)."""
    scenario: dict[str, Any] = field(default_factory=dict)
    """The scenario with the responses the reference was given (to run it in
    the oracle by hand: ``ORACLE file.json``)."""

    def text(self) -> str:
        head = f"{self.name}: {self.status}"
        if self.did:
            head += f" ({self.did})"
        if self.reason:
            head += f" ({self.reason})"
        return "\n".join([head, *(f"  - {d}" for d in self.diffs)])


class Runner:
    """Runs scenarios in both engines with one set of ygo scripts."""

    def __init__(self, ref: Reference, scripts: ScriptSource, db: CardDB) -> None:
        self.ref = ref
        self.scripts = scripts
        self.db = db

    def name(self, code: int) -> str:
        c = self.db.maybe(code)
        return f"{c.name if c else '?'} ({code})"

    def items_text(self, items: Iterable[Item]) -> str:
        out = []
        for it in items:
            if it and it[0] == "phase":
                out.append(f"phase {it[1]}")
            elif it and it[0] == "options":
                out.append(f"{it[1]} options")
            elif len(it) == 2 and isinstance(it[0], str):
                out.append(f"{it[0]} {self.name(int(it[1]))}")
            elif len(it) == 3 and isinstance(it[0], str):
                out.append(f"{it[0]} {self.name(int(it[1]))} ({it[2]})")
            elif len(it) == 3:
                out.append(f"{self.name(int(it[0]))} P{it[1]} {it[2]}")
            else:
                out.append(" ".join(map(str, it)))
        return ", ".join(out) or "nothing"

    def offer_text(self, o: Offer) -> str:
        return f"P{o.player} {o.text}: {self.items_text(sorted(o.items.elements(), key=repr))}"

    def run(
        self,
        scn: dict[str, Any],
        policy: Policy | None = None,
        name: str = "",
        on_step: Callable[[str], None] | None = None,
    ) -> Result:
        res = Result(name or str(scn.get("name", "scenario")))
        if policy is None:
            policy = Scripted(scn.get("responses", []), Resolve() if scn.get("resolve") else None)
        try:
            duel = build_ygo(scn, self.scripts, self.db)
        except SetupError as exc:
            res.status, res.reason = "setup", f"ygo: {exc}"
            return res
        except Exception as exc:  # a script error while the position is built
            return _ygo_error(res, exc, "setting up")
        base = {k: v for k, v in scn.items() if k not in ("responses", "name", "resolve", "note")}
        sent: list[Any] = []
        res.scenario = {**base, "responses": sent}
        started = False
        structural = False
        try:
            for _ in range(MAX_STEPS):
                out = self.ref.run({**base, "responses": sent})
                stop = out.get("stop_reason")
                if stop == "duel_ended":
                    if not duel.is_over:
                        res.diffs.append(
                            f"the reference's duel ended (winner P{out['win']['winner']}); "
                            f"ygo's goes on ({self.offer_text(ygo_offer(duel))})"  # type: ignore[arg-type]
                        )
                    break
                if stop != "responses_exhausted":
                    res.status = "setup"
                    res.reason = f"reference stopped: {stop} {out.get('error', '')}".strip()
                    return res
                prompt = out["pending_prompt"]
                hide = shuffled(duel, out)
                o = oracle_offer(prompt, hide)
                y = ygo_offer(duel, hide)
                if o.kind in ("place", "position"):
                    r = policy.answer(prompt, out)
                    if r is None:
                        break
                    if o.kind == "position" and y is not None and y.kind == "position":
                        self._apply_position(duel, prompt, r)
                    sent.append(r)
                    continue
                if o.kind == "replay" and y is not None and y.text == "REPLAY":
                    r = policy.answer(prompt, out)
                    if r is None:
                        break
                    if resolve(prompt, r)[0]["action"] != "yes":
                        self._apply_label(duel, "", res, kind=ActionKind.CANCEL)
                    sent.append(r)  # yes: ygo's REPLAY decision is the target choice to come
                    continue
                if y is None:
                    res.diffs.append(
                        f"ygo's duel ended ({duel.result}); the reference asks {self.offer_text(o)}"
                    )
                    structural = True
                    break
                if not started and y.kind == "chain" and o.kind in ("idle", "battle"):
                    self._pass(duel)  # before the start the reference passes every window
                    continue
                started = True
                lone = self._lone(prompt)
                if lone and (y.kind, y.player, y.items) != (o.kind, o.player, o.items):
                    # ygo takes a single option without asking
                    r = policy.answer(prompt, out)
                    if r is None:
                        break
                    sent.append(r)
                    continue
                if y.kind == "chain" and (o.kind != "chain" or o.player != y.player):
                    res.diffs.append(
                        f"ygo asks {self.offer_text(y)}; the reference asks {self.offer_text(o)}"
                    )
                    self._pass(duel)
                    continue
                if o.kind == "chain" and y.kind != "chain":
                    # the reference plays on as the script or policy says; ygo cannot
                    res.diffs.append(f"the reference asks {self.offer_text(o)}; ygo does not")
                    r = policy.answer(prompt, out)
                    if r is None:
                        break
                    sent.append(r)
                    continue
                if o.kind != y.kind or o.player != y.player:
                    res.diffs.append(
                        f"the reference asks {self.offer_text(o)}; ygo asks {self.offer_text(y)}"
                    )
                    structural = True
                    break
                line = self._compare(o, y, res)
                r = policy.answer(prompt, out)
                if on_step is not None:
                    on_step(f"{line} -> {r}")
                res.steps.append(f"{line} -> {r}")
                if r is None:
                    break
                chosen = resolve(prompt, r)
                if not self._apply(duel, prompt, chosen, res):
                    structural = True
                    break
                sent.append(r)
            else:
                res.status, res.reason = "setup", f"more than {MAX_STEPS} prompts"
                return res
        except SetupError as exc:
            res.status, res.reason = "setup", str(exc)
            return res
        except Exception as exc:  # a script error in ygo is a disagreement to see
            return _ygo_error(res, exc, "playing")
        if not structural:
            self._compare_states(oracle_state(out), ygo_state(duel), shuffled(duel, out), res)
        if policy.failed and not res.diffs:
            res.status, res.reason = "setup", policy.failed
            return res
        if res.diffs and out.get("core_log"):
            res.diffs.append("the reference's card script raised: " + "; ".join(out["core_log"]))
        res.status = "disagree" if res.diffs else "agree"
        return res

    # -- steps ---------------------------------------------------------------------

    @staticmethod
    def _lone(prompt: dict[str, Any]) -> bool:
        """A prompt with one answer, which ygo takes without asking."""
        opts = prompt["options"]
        t = prompt["type"]
        if t in ("SELECT_CARD", "SELECT_TRIBUTE"):
            # (a lone attack target can be cancelled in the reference: ygo takes it)
            cards = [o for o in opts if o["action"] == "card"]
            return len(cards) <= int(prompt.get("min", 1))
        if t == "SELECT_UNSELECT_CARD":
            return len(opts) == 1
        if t == "SELECT_CHAIN":
            return len(opts) == 1 and opts[0]["action"] == "activate"
        return t == "SELECT_OPTION" and len(opts) == 1

    def _compare(self, o: Offer, y: Offer, res: Result) -> str:
        line = f"P{o.player} {o.text}/{y.text}: {self.items_text(sorted(o.items, key=repr))}"
        missing = o.items - y.items
        extra = y.items - o.items
        if o.kind == "select" and _by_card(o.items) == _by_card(y.items):
            missing = extra = Counter()  # a question asked inside a Lua function (see _by_card)
        if missing or extra:
            parts = []
            if missing:
                parts.append(f"only the reference offers {self.items_text(missing.elements())}")
            if extra:
                parts.append(f"only ygo offers {self.items_text(extra.elements())}")
            res.diffs.append(f"P{o.player} {o.text}: " + "; ".join(parts))
        return line

    @staticmethod
    def _pass(duel: Duel) -> None:
        d = duel.decision
        assert d is not None
        passing = [a for a in d.options if a.kind == ActionKind.PASS]
        duel.apply(passing[0] if passing else d.options[0])

    def _apply_position(self, duel: Duel, prompt: dict[str, Any], r: dict[str, Any]) -> None:
        d = duel.decision
        assert d is not None
        chosen = resolve(prompt, r)
        label = POSITION_LABELS.get(chosen[0].get("position", "") if chosen else "", "")
        hits = [a for a in d.options if a.label == label]
        duel.apply(hits[0] if hits else d.options[0])

    def _apply(
        self, duel: Duel, prompt: dict[str, Any], chosen: list[dict[str, Any]], res: Result
    ) -> bool:
        """Give ygo the answer the reference got; False (with the difference
        written down) if ygo does not offer it."""
        d = duel.decision
        assert d is not None
        t = prompt["type"]
        if t in SELECT_PROMPTS:
            return self._apply_cards(duel, prompt, chosen, res)
        c = chosen[0] if chosen else {"action": "pass"}
        a = c["action"]
        want: Item | None
        if a == "phase":
            want = ("phase", c["to"])
        elif a in ("pass", "cancel", "finish", "no"):
            want = None
            if t == "SELECT_YESNO":
                return self._apply_label(duel, "no", res)
        elif a == "yes":
            if t == "SELECT_YESNO":
                return self._apply_label(duel, "yes", res)
            want = ("activate", int(c["code"]), c.get("location", "?"))
        elif a == "announce":
            return all(self._apply_label(duel, one["label"], res) for one in chosen)
        elif a == "option":
            chooses = [x for x in d.options if x.kind == ActionKind.CHOOSE]
            i = int(c["index"])
            if i >= len(chooses):
                res.diffs.append(f"ygo offers {len(chooses)} options, the reference chose {i}")
                return False
            duel.apply(chooses[i])
            return True
        elif a == "activate":
            want = (a, int(c["code"]), c.get("location", "?"))
        else:
            want = (a, int(c["code"]))
        if want is None:
            passing = [x for x in d.options if x.kind in (ActionKind.PASS, ActionKind.CANCEL)]
            if not passing:
                res.diffs.append(f"P{d.player}: the reference passes; ygo cannot pass here")
                return False
            duel.apply(passing[0])
            return True
        rank = 0
        same = [
            o
            for o in prompt["options"]
            if o["action"] == c["action"]
            and o.get("code") == c.get("code")
            and o.get("location") == c.get("location")
        ]
        for i, o in enumerate(same):
            if o is c:
                rank = i
        hits = [x for x in d.options if _action_item(duel, d, x) == want]
        if not hits:
            res.diffs.append(
                f"P{d.player}: the reference's choice {self.items_text([want])} is not one of "
                "ygo's options"
            )
            return False
        duel.apply(hits[min(rank, len(hits) - 1)])
        return True

    def _apply_label(
        self, duel: Duel, label: str, res: Result, kind: ActionKind = ActionKind.CHOOSE
    ) -> bool:
        d = duel.decision
        assert d is not None
        hits = [x for x in d.options if x.kind == kind and (not label or x.label == label)]
        if not hits:
            res.diffs.append(f"P{d.player}: ygo offers no {label!r}")
            return False
        duel.apply(hits[0])
        return True

    def _apply_cards(
        self, duel: Duel, prompt: dict[str, Any], chosen: list[dict[str, Any]], res: Result
    ) -> bool:
        player = int(prompt["player"])
        for n, c in enumerate(chosen):
            if c["action"] in ("finish", "cancel", "pass"):
                d = duel.decision
                if d is not None and d.player == player:
                    done = [x for x in d.options if x.kind in (ActionKind.DONE, ActionKind.CANCEL)]
                    if done:
                        duel.apply(done[0])
                continue
            want = (int(c["code"]), int(c["player"]), c["location"])
            same = [
                o
                for o in prompt["options"]
                if o["action"] in ("card", "unselect")
                and (int(o["code"]), int(o["player"]), o["location"]) == want
            ]
            rank = next((i for i, o in enumerate(same) if o is c), 0)
            d = duel.decision
            if n:
                y = ygo_offer(duel)
                if y is None or y.player != player or y.kind != "select":
                    break  # ygo took the last card left without asking
            if d is None or d.player != player:
                res.diffs.append(
                    f"P{player}: the reference selects {self.items_text([want])}; ygo asks no more"
                )
                return False
            hits = [x for x in d.options if _action_item(duel, d, x) == want]
            if not hits:  # the same card where ygo's Lua question sees it (see _by_card)
                hits = [x for x in d.options if (_action_item(duel, d, x) or ())[:2] == want[:2]]
            if not hits and n:
                break  # ygo took the last card left without asking and asks the next question
            if not hits:
                res.diffs.append(
                    f"P{player}: the reference selects {self.items_text([want])}; ygo does not "
                    "offer it"
                )
                return False
            duel.apply(hits[min(rank, len(hits) - 1)])
        if prompt["type"] != "SELECT_UNSELECT_CARD":
            d = duel.decision
            while (
                d is not None
                and d.player == player
                and d.kind == DecisionKind.EFFECT
                and any(x.kind == ActionKind.DONE for x in d.options)
            ):  # ygo offers more (up to the prompt's max); the reference's answer stops here
                duel.apply(next(x for x in d.options if x.kind == ActionKind.DONE))
                d = duel.decision
        return True

    # -- the end -------------------------------------------------------------------

    def _compare_states(
        self, ref: dict[str, Any], ygo: dict[str, Any], hide: frozenset[int], res: Result
    ) -> None:
        for p in (0, 1):
            a, b = ref["players"][p], ygo["players"][p]
            for key in ("lp", "monsters", "spells", "field", "pendulum", "gy", "banished"):
                if a[key] != b[key]:
                    res.diffs.append(
                        f"P{p} {key}: reference {self._cards(a[key])}, ygo {self._cards(b[key])}"
                    )
            if p in hide:
                if len(a["hand"]) != len(b["hand"]):
                    res.diffs.append(
                        f"P{p} hand: reference {len(a['hand'])} cards, ygo {len(b['hand'])}"
                    )
            elif a["hand"] != b["hand"]:
                res.diffs.append(
                    f"P{p} hand: reference {self._cards(a['hand'])}, ygo {self._cards(b['hand'])}"
                )
            for key in ("deck", "extra"):
                if a[key] != b[key]:
                    res.diffs.append(f"P{p} {key}: reference {a[key]} cards, ygo {b[key]}")
        if ref["activations"] != ygo["activations"]:
            res.diffs.append(
                f"activations: reference {self._links(ref['activations'])}, "
                f"ygo {self._links(ygo['activations'])}"
            )
        if ref["winner"] != ygo["winner"]:
            res.diffs.append(f"winner: reference {ref['winner']}, ygo {ygo['winner']}")

    def _cards(self, value: Any) -> str:
        if value is None:
            return "none"
        if isinstance(value, int):
            return str(value)
        if isinstance(value, tuple):
            return self._card(value)
        return "[" + ", ".join(self._card(v) for v in value) + "]"

    def _card(self, v: Any) -> str:
        if isinstance(v, int):
            return self.name(v)
        head, *rest = v
        return " ".join([self.name(int(head)), *map(str, rest)])

    def _links(self, links: list[tuple[int, int]]) -> str:
        return "[" + ", ".join(f"P{p} {self.name(c)}" for p, c in links) + "]"


def _by_card(items: Counter[Item]) -> Counter[Item]:
    """Selection items by passcode and controller only. ygo's Lua bridge asks a
    question from inside a Lua function by running the function again with the
    answers so far, from the duel as it was before it: a card the function has
    already moved (drawn, sent) is still where it was when ygo asks; the
    reference asks in the middle of the function's work. The harness compares
    such selections by passcode and controller."""
    out: Counter[Item] = Counter()
    for item, n in items.items():
        out[item[:2]] += n
    return out


GAP = "unsupported API function"


def _ygo_error(res: Result, exc: BaseException, during: str) -> Result:
    """ygo raised. An error from a Lua card function (``ScriptError``: an API
    function ygo's Lua bridge lacks or cannot take these arguments for, a
    value it does not pass) is a bridge gap (status ``gap``, the message as
    the reason); anything else is a disagreement (ygo crashed)."""
    text = _one_line(exc)
    if type(exc).__name__ == "ScriptError":
        res.status = "gap"
        if GAP in text:
            text = f"{GAP} {text.split(GAP, 1)[1].split()[0]}"
        else:
            text = text.split(": ", 1)[-1]  # (without the card's name)
        res.reason = f"{during}: {text}"
    else:
        res.status = "disagree"
        res.diffs.append(f"ygo raised {type(exc).__name__} {during}: {text}")
    return res


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return (text[0] if text else type(exc).__name__)[:300]
