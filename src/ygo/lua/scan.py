"""The whole script folder, measured (``ygo lua scan DIR``, issue 24 item 5).

Every card script of a YGOPro ``script/`` folder goes through two stages:

1. **registration**: its file runs and its ``initial_effect`` (through
   :class:`~ygo.lua.source.LuaScripts`, as in a duel); the card is
   *registered* (its effects translated), *unsupported* (it uses an effect type,
   an event or an API function the bridge does not provide yet: named) or an
   *error* (a Lua error: the message's first line);
2. **smoke**: a registered card that the card database knows plays a generated
   duel (:func:`smoke`): its copies in their natural places, every activation
   it offers tried at least once, a random opponent, a capped number of
   decisions. It *passed* (the card's script never failed), met an
   *unsupported* API function or feature (named), an *error* (a card function
   failed: the bridge records it and the duel goes on, or a ``ScriptError``
   stops it) or an engine *crash* (any other exception: the traceback's last
   line).

For a card that did not register, :class:`Needs` lists everything its
registration lacks, not only the first thing: what to build next.

Each card runs in a worker process (:func:`scan`), which the scan replaces
when it takes longer than its time limit (a Lua loop that never ends, in
``initial_effect`` or in a duel, is reported as a *timeout*) or dies (a
*crash*): whatever a script does, the scan reports it and goes on.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import random
import re
import sys
import time
import traceback
from collections import Counter, deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ygo.cards.db import CardDB
from ygo.cards.pool import embedded_pool
from ygo.core.card import CardData
from ygo.core.deck import Deck
from ygo.core.enums import CardType, Location, Phase, Position
from ygo.core.log import Log
from ygo.engine import ops, processor
from ygo.engine.actions import Action, ActionKind
from ygo.engine.duel import Duel
from ygo.engine.effect import Effect
from ygo.engine.events import Reason
from ygo.engine.setup import blank_state, start_at
from ygo.rules import Ruleset

if TYPE_CHECKING:
    from ygo.lua.source import LuaScripts

# -- what a card's scan says ----------------------------------------------------------

REGISTERED = "registered"
UNSUPPORTED = "unsupported"
ERROR = "error"
TIMEOUT = "timeout"
CRASH = "crash"
NO_SCRIPT = "no-script"
STATUSES = (REGISTERED, UNSUPPORTED, ERROR, TIMEOUT, CRASH, NO_SCRIPT)
"""A script's registration, in report order (``no-script``: a passcode asked
for has no script in the folder)."""

PASSED = "passed"
NO_DATA = "no-data"
SMOKES = (PASSED, UNSUPPORTED, ERROR, CRASH, TIMEOUT, NO_DATA)
"""A registered card's smoke duel, in report order (``no-data``: not in the card
database, so not played)."""

DECISIONS = 300
"""Decisions a smoke duel takes at most."""
TIMEOUT_SECONDS = 60.0
"""Wall-clock seconds a card's scan (both stages) may take."""
DECK_FILLERS = 40
"""Cards in each Deck of a smoke duel (random players take about 9 decisions a
turn: a Deck of 20 ran out in 175)."""
MEMORY_MB = 4096
"""Address space a worker process may use (a script that allocates without end
fails there instead of exhausting the machine)."""
RECYCLE = 500
"""Cards a worker scans before a fresh one takes over (the bridge's caches grow
with every card and every duel)."""


@dataclass
class CardReport:
    """The scan of one card script."""

    code: int
    name: str = ""
    """The card's name in the database ("" when the database does not know it)."""
    status: str = ""
    """One of :data:`STATUSES` (or :data:`NO_SCRIPT` for a database card)."""
    detail: str = ""
    """What is unsupported, or the error's first line."""
    effects: int = 0
    """Effects registered."""
    smoke: str = ""
    """One of :data:`SMOKES`; "" when the card was not registered."""
    smoke_detail: str = ""
    smoke_problems: list[str] = field(default_factory=list)
    """Every failure the smoke duel met (``result: detail`` each); the worst is
    ``smoke``/``smoke_detail``."""
    offered: int = 0
    """Distinct activations the card offered in its smoke duel."""
    tried: int = 0
    """Of those, how many were tried (all, unless the duel stopped first)."""
    decisions: int = 0
    seconds: float = 0.0
    needs: list[str] = field(default_factory=list)
    """Of a card that did not register: everything its registration lacks
    (:class:`Needs`), not only the first thing it met."""


_API = re.compile(r"unsupported API function ([A-Za-z_]\w*\.[A-Za-z_]\w*)")
_LUA_WHERE = re.compile(r'\[string "[^"]*"\]:\d+: |\S+\.lua:\d+: ')


def first_line(text: str, limit: int = 300) -> str:
    lines = text.strip().splitlines()
    return lines[0][:limit] if lines else ""


def classify(message: str) -> tuple[str, str]:
    """A registration failure (``LuaScripts.error``) as (status, what)."""
    m = _API.search(message)
    if m:
        return UNSUPPORTED, f"API {m.group(1)}"
    if message.startswith("unsupported: "):
        return UNSUPPORTED, first_line(message[len("unsupported: ") :])
    return ERROR, first_line(message)


def error_key(message: str) -> str:
    """An error message without what differs from card to card (the card's name
    and passcode, Lua's chunk and line): errors of one cause group together."""
    text = re.sub(r"^.*? \(\d+\): ", "", message)
    return _LUA_WHERE.sub("", text)


# -- the smoke duel ----------------------------------------------------------------------

_POOL = embedded_pool()
_MONSTERS = (91152256, 15025844)  # Celtic Guardian, Mystical Elf (Normal Monsters)
# (from the embedded pool: a smoke duel has them whatever the card database)
_SPELLS = (55144522, 53129443)  # Pot of Greed, Dark Hole
_TRAPS = (44095762, 4206964)  # Mirror Force, Trap Hole
_PLAYS = frozenset(
    {
        ActionKind.ACTIVATE,
        ActionKind.SPSUMMON,
        ActionKind.SUMMON,
        ActionKind.FLIP_SUMMON,
        ActionKind.GEMINI_SUMMON,
        ActionKind.SYNCHRO_SUMMON,
        ActionKind.XYZ_SUMMON,
        ActionKind.PENDULUM_SUMMON,
    }
)
"""What the scanned card's player tries first: its activations, and the summons
that bring its monster's effects into play."""

_ACTIVATIONS = frozenset({ActionKind.ACTIVATE, ActionKind.SPSUMMON})


class OnlyCard:
    """A script source with the effects of one card only: the fillers of a
    smoke duel play as printed, so whatever fails is the scanned card's."""

    def __init__(self, lua: LuaScripts, code: int) -> None:
        self.lua = lua
        self.code = code

    def effects(self, code: int) -> tuple[Effect, ...]:
        return self.lua.effects(code) if code == self.code else ()


def _filler(choices: Sequence[int], avoid: int) -> CardData:
    return _POOL.get(next(c for c in choices if c != avoid))


@dataclass
class _Place:
    data: CardData
    owner: int
    loc: Location
    zone: int = -1
    position: Position = Position.FACEUP_ATTACK


def natural_places(card: CardData) -> list[tuple[Location, Position]]:
    """Where the scanned card's copies start: a Spell/Trap in the hand and Set
    (a Field Spell in the hand and Set in the Field Zone), a Main Deck monster
    in the hand, face-up on the field and in the GY, an Extra Deck monster in
    the Extra Deck and face-up on the field, a Token on the field."""
    t = card.type
    up, down = Position.FACEUP_ATTACK, Position.FACEDOWN_DEFENSE
    if t & CardType.TOKEN:
        return [(Location.MZONE, up)]
    if t & CardType.MONSTER:
        if card.is_extra_deck:
            return [(Location.EXTRA, down), (Location.MZONE, up)]
        return [(Location.HAND, down), (Location.MZONE, up), (Location.GRAVE, up)]
    if t & CardType.FIELD:
        return [(Location.HAND, down), (Location.FZONE, down)]
    return [(Location.HAND, down), (Location.SZONE, down)]


_EXTRA_KINDS = (CardType.FUSION, CardType.SYNCHRO, CardType.XYZ, CardType.LINK)
_NOT_FILLER = CardType.PENDULUM | CardType.TOKEN | CardType.TUNER
KIN = 8
"""Cards of the scanned card's archetypes in its smoke duel, at most."""


@dataclass(frozen=True)
class Cast:
    """The fillers of smoke duels, chosen once from a card database. Every
    filler plays as its printed stats (:class:`OnlyCard`): cards chosen only so
    that a script's filters find something (a monster of each Type, an Extra
    Deck monster of each kind, the card's archetype)."""

    monsters: tuple[CardData, ...]
    """Normal Monsters of Level 4 or lower, one of each Type (the pool's first)."""
    extra: tuple[CardData, ...]
    """A Fusion, a Synchro, an Xyz and a Link Monster."""
    archetypes: dict[int, tuple[CardData, ...]]
    """The cards of each archetype (a setcode's low 12 bits), by passcode."""

    @classmethod
    def of(cls, db: Iterable[CardData]) -> Cast:
        cards = sorted(db, key=lambda c: c.code)
        races: dict[int, CardData] = {}
        extra: dict[int, CardData] = {}
        archetypes: dict[int, list[CardData]] = {}
        for c in cards:
            t = c.type
            normal = t & CardType.NORMAL and t & CardType.MONSTER and not t & _NOT_FILLER
            if normal and not c.is_extra_deck and 0 < c.level <= 4:
                races.setdefault(int(c.race), c)
            for kind in _EXTRA_KINDS:
                if t & kind and t & CardType.MONSTER:
                    extra.setdefault(int(kind), c)
            if not t & CardType.TOKEN:
                for code in {sc & 0xFFF for sc in c.setcodes if sc}:
                    archetypes.setdefault(code, []).append(c)
        pool = [_POOL.get(code) for code in _MONSTERS]
        monsters = pool + [c for c in races.values() if c.code not in _MONSTERS]
        return cls(tuple(monsters), tuple(extra.values()),
                   {k: tuple(v) for k, v in archetypes.items()})  # fmt: skip

    def kin(self, card: CardData) -> list[CardData]:
        """Up to :data:`KIN` other cards of ``card``'s archetypes."""
        out: dict[int, CardData] = {}
        for sc in card.setcodes:
            for c in self.archetypes.get(sc & 0xFFF, ()) if sc else ():
                if c.code != card.code and len(out) < KIN:
                    out.setdefault(c.code, c)
        return list(out.values())


def position(
    card: CardData, scripts: Any, db: Any, seed: int = 0, cast: Cast | None = None
) -> tuple[Duel, set[int]]:
    """The smoke duel of ``card``: player 0's Main Phase 1 of turn 3, the card's
    copies in their natural places (:func:`natural_places`); fillers
    (:class:`Cast`: of ``db`` unless given) in both hands, fields, GYs and Decks
    (:data:`DECK_FILLERS` cards each: nobody decks out in :data:`DECISIONS`
    decisions), the opponent's monsters face-up and face-down and two Set
    cards, player 0's Extra Deck with one monster of each kind, cards of the
    card's archetypes in player 0's hand, Deck, GY and Extra Deck. Returns the
    duel at its first decision and the uids of the card's copies."""
    cast = cast or Cast.of(db)
    monsters = [c for c in cast.monsters if c.code != card.code]
    spell = _filler(_SPELLS, card.code)
    trap = _filler(_TRAPS, card.code)
    kin = cast.kin(card)
    up, down = Position.FACEUP_ATTACK, Position.FACEDOWN_DEFENSE
    places: list[_Place] = []
    zones: dict[tuple[int, Location], int] = {}
    turn = [0]

    def mon() -> CardData:
        turn[0] += 1
        return monsters[turn[0] % len(monsters)]

    def put(data: CardData, owner: int, loc: Location, pos: Position = up) -> int:
        zone = -1
        if loc in (Location.MZONE, Location.SZONE):
            zone = zones.get((owner, loc), 0)
            zones[owner, loc] = zone + 1
        elif loc == Location.FZONE:
            zone = 0
        places.append(_Place(data, owner, loc, zone, pos))
        return len(places) - 1

    ours = {put(card, 0, loc, pos) for loc, pos in natural_places(card)}
    put(monsters[0], 0, Location.MZONE)
    put(spell, 0, Location.SZONE, down)
    for _ in range(3):
        put(mon(), 0, Location.HAND)
    put(spell, 0, Location.HAND)
    put(monsters[0], 1, Location.MZONE)
    put(mon(), 1, Location.MZONE, down)
    put(spell, 1, Location.SZONE, down)
    put(trap, 1, Location.SZONE, down)
    for _ in range(5):
        put(mon(), 1, Location.HAND)
    for x in cast.extra:
        if x.code != card.code:
            put(x, 0, Location.EXTRA, down)
    main_kin = [k for k in kin if not k.is_extra_deck]
    for k in kin:
        if k.is_extra_deck:
            put(k, 0, Location.EXTRA, down)
    if main_kin:
        put(main_kin[0], 0, Location.HAND)
        put(main_kin[-1], 0, Location.GRAVE)
    for p in (0, 1):
        put(mon(), p, Location.GRAVE)
        put(mon(), p, Location.GRAVE)
        put(spell, p, Location.GRAVE)
        deck = main_kin if p == 0 else []
        for i in range(DECK_FILLERS - len(deck)):
            put(spell if i == 5 else trap if i == 10 else mon(), p, Location.DECK)
        for k in deck:  # (on top)
            put(k, p, Location.DECK)
    ruleset = Ruleset.mr3()
    st = blank_state([(c.data, c.owner) for c in places], ruleset, seed, scripts, db)
    for uid, c in enumerate(places):
        st.loc[uid] = Location.DECK
        if c.loc == Location.DECK:
            st.deck[c.owner].append(uid)
            continue
        if c.loc == Location.EXTRA:
            st.loc[uid] = Location.EXTRA
            st.extra[c.owner].append(uid)
            continue
        st.deck[c.owner].append(uid)
        ops.move(st, uid, c.loc, Reason.RULE, player=c.owner, zone=c.zone, position=c.position,
                 log=False)  # fmt: skip
        st.placed[uid] = 0  # (an earlier turn: a Set Trap can be activated)
    st.events = Log()
    st.raised = []
    st.dirty = False
    st.tp = 0
    st.first = 0
    st.turn = 3
    start_at(st, 3, Phase.MAIN1)
    processor.run(st)
    # (the engine's own way to a duel from a built state, as tests/scenario.py's)
    duel = Duel._from_state(st, (Deck(), Deck()), ruleset, seed, None, scripts)
    return duel, ours


@dataclass
class Smoke:
    """What a smoke duel did."""

    result: str = PASSED
    detail: str = ""
    problems: list[tuple[str, str]] = field(default_factory=list)
    """Every failure of the card's script the duel met, as (result, detail):
    those the bridge recorded while the duel went on (``LuaScripts.failures``:
    a failing check says no, a failing operation does nothing) and the
    exception that stopped the duel, if one did."""
    offered: set[tuple[int, int, int]] = field(default_factory=set)
    tried: set[tuple[int, int, int]] = field(default_factory=set)
    decisions: int = 0

    def settle(self) -> None:
        """The result: a crash, else the first unsupported thing, else the first
        error, else passed."""
        for kind in (CRASH, UNSUPPORTED, ERROR):
            found = [d for k, d in self.problems if k == kind]
            if found:
                self.result, self.detail = kind, found[0]
                return


def smoke(
    lua: LuaScripts,
    card: CardData,
    db: Any,
    decisions: int = DECISIONS,
    seed: int = 0,
    cast: Cast | None = None,
) -> Smoke:
    """Play ``card``'s smoke duel (:func:`position`) for at most ``decisions``
    decisions. Player 0 takes an activation (or summon) of the card it has not
    tried yet whenever one is offered, and otherwise picks at random, the card's
    plays half of the time; player 1 picks at random. Never raises: a failure
    is the result."""
    out = Smoke()
    rng = random.Random(seed)
    recorded: dict[tuple[int, str], str] = getattr(lua, "failures", {})
    before = set(recorded)
    stopped: tuple[str, str] | None = None
    try:
        duel, ours = position(card, OnlyCard(lua, card.code), db, seed, cast)
        st = duel._st
        while out.decisions < decisions:
            d = duel.decision
            if d is None:
                break
            options = d.options
            if not options:
                raise RuntimeError(f"a decision with no options: {d.prompt}")
            pick: Action | None = None
            if d.player == 0:
                mine = [o for o in options if o.kind in _PLAYS and o.card in ours]
                fresh = []
                for o in mine:
                    key = (int(o.kind), o.effect, int(st.loc[o.card]))
                    if o.kind in _ACTIVATIONS:
                        out.offered.add(key)
                    if key not in out.tried:
                        fresh.append((o, key))
                if fresh:
                    pick, key = fresh[0]
                    out.tried.add(key)
                elif mine and rng.random() < 0.5:
                    pick = mine[rng.randrange(len(mine))]
            if pick is None:
                pick = options[rng.randrange(len(options))]
            out.decisions += 1
            duel.apply(pick)
    except Exception as exc:
        stopped = failure(exc)
    for rkey, message in recorded.items():
        if rkey[0] == card.code and rkey not in before:
            out.problems.append(script_failure(message))
    if stopped is not None and stopped not in out.problems:
        out.problems.append(stopped)
    out.settle()
    return out


def script_failure(message: str) -> tuple[str, str]:
    """A card script's failure message as (result, detail): an unsupported API
    function (``API Duel.X``) or feature (``unsupported: ...``), or an error."""
    m = _API.search(message)
    if m:
        return UNSUPPORTED, f"API {m.group(1)}"
    i = message.find("unsupported: ")
    if i >= 0:
        return UNSUPPORTED, first_line(message[i + len("unsupported: ") :])
    return ERROR, first_line(message)


def failure(exc: BaseException) -> tuple[str, str]:
    """An exception out of a smoke duel as (result, detail): a card script's
    failure (:func:`script_failure`) or an engine crash (the traceback's last
    line)."""
    from ygo.lua.call import ScriptError
    from ygo.lua.errors import LuaError

    text = str(exc)
    lua_error = isinstance(exc, ScriptError | LuaError) or type(exc).__module__.startswith("lupa")
    if lua_error or _API.search(text):
        return script_failure(text)
    return CRASH, crash_line(exc)


def crash_line(exc: BaseException) -> str:
    """An exception's last traceback line, and where it was raised."""
    last = first_line(traceback.format_exception_only(type(exc), exc)[-1])
    frames = traceback.extract_tb(exc.__traceback__)
    if frames:
        f = frames[-1]
        where = f.filename.split("/src/")[-1]
        last += f" ({where}:{f.lineno} in {f.name})"
    return last


# -- one card -------------------------------------------------------------------------

_RECORD = """
function(record)
  for _, name in ipairs({"Card", "Duel", "Effect", "Group", "Debug"}) do
    setmetatable(_G[name], {__index = function(_, key)
      if type(key) ~= "string" or not key:match("^%u") then return nil end
      record(name .. "." .. key)
      return function() return nil end
    end})
  end
  Duel.LoadScript = function() record("Duel.LoadScript") end
end
"""


class Needs:
    """Everything a card's registration lacks, not only the first thing it meets
    (which is all a duel's :class:`~ygo.lua.source.LuaScripts` says: it stops
    there).

    A :class:`~ygo.lua.source.LuaScripts` of its own whose API tables answer a
    name the bridge lacks with a function that does nothing and returns nil
    (the name recorded) instead of an error, so that ``initial_effect`` runs
    on, through LuaScripts' own harness; then each thing it registered goes to
    the translator alone, and each one's
    :class:`~ygo.lua.translate.Unsupported` is recorded. A Lua error still
    stops the run (recorded as ``error: ...``); a stub's nil may cause one that
    the real function would not. An estimate for planning: what to build next,
    and how many cards need only that."""

    def __init__(self, folder: str | Path, names: Names) -> None:
        from ygo.lua.source import LuaScripts

        self.lua = LuaScripts(folder)
        self.names = names
        self.found: list[str] = []
        self.lua.bridge.rt.lua.eval(_RECORD)(self.found.append)

    def of(self, code: int) -> list[str]:
        from ygo.lua.translate import Unsupported

        lua = self.lua
        rt = lua.bridge.rt
        self.found.clear()
        cls = rt.card_class(code)
        if cls is None:
            return [f"error: {error_key(first_line(rt.errors.get(code, 'the script failed')))}"]
        if cls.initial_effect is None:
            return ["error: the script defines no initial_effect"]
        registered: list[Any] = []
        out: set[str] = set()
        marks = getattr(lua, "_marks", None)  # (LuaScripts' harness: its marks too)
        lua.template_code = code  # (initial_effect reads its card's data)
        try:
            if marks is None:
                lua._init(cls, rt.new_card(-1, cls), registered.append)
            else:
                lua._init(cls, rt.new_card(-1, cls), registered.append, marks)
        except Exception as exc:
            m = _API.search(str(exc))
            out.add(f"API {m.group(1)}" if m else f"error: {error_key(first_line(str(exc)))}")
        out.update(f"API {name}" for name in self.found)
        card = getattr(lua.translator, "card", None)
        for x in registered:
            try:
                if card is not None:
                    card(code, [x])
                elif not isinstance(x, str):
                    lua.translator.effect(code, x)
            except Unsupported as exc:
                out.add(self.names.describe(first_line(str(exc))))
            except Exception as exc:
                out.add(f"error: {error_key(first_line(str(exc)))}")
        return sorted(out)


class Scanner:
    """Scans cards of one script folder, in this process."""

    def __init__(
        self, folder: str | Path, db: CardDB, decisions: int = DECISIONS, seed: int = 0
    ) -> None:
        from ygo.lua.source import LuaScripts

        self.lua = LuaScripts(folder)
        self.db = db
        self.lua.card_data = db.maybe
        self.decisions = decisions
        self.seed = seed
        self.names = Names(folder)
        self._needs: Needs | None = None
        self.cast = Cast.of(db)

    def needs(self, code: int) -> list[str]:
        """What card ``code``'s registration lacks (:class:`Needs`)."""
        try:
            if self._needs is None:
                self._needs = Needs(self.lua.folder, self.names)
                self._needs.lua.card_data = self.db.maybe
            return self._needs.of(code)
        except Exception as exc:
            return [f"error: the analysis failed: {crash_line(exc)}"]

    def card(self, code: int, staged: Callable[[CardReport], None] | None = None) -> CardReport:
        """Scan card ``code``; ``staged`` sees the report once its registration
        is known (before the analysis of what it lacks, or its smoke duel)."""
        t0 = time.perf_counter()
        data = self.db.maybe(code)
        r = CardReport(code, name=data.name if data is not None else "")
        if not (self.lua.folder / f"c{code}.lua").is_file():
            r.status, r.detail = NO_SCRIPT, f"no script c{code}.lua"
            return r
        try:
            message = self.lua.error(code)
            if message is None:
                r.status = REGISTERED
                r.effects = len(self.lua.effects(code))
            else:
                r.status, r.detail = classify(message)
        except Exception as exc:  # (LuaScripts itself failed)
            r.status, r.detail = CRASH, crash_line(exc)
        if staged is not None and r.status != CRASH:
            staged(r)
        if r.status in (UNSUPPORTED, ERROR):
            r.needs = self.needs(code)
        elif r.status == REGISTERED:
            if data is None:
                r.smoke = NO_DATA
            else:
                s = smoke(self.lua, data, self.db, self.decisions, self.seed + code, self.cast)
                r.smoke, r.smoke_detail = s.result, s.detail
                r.smoke_problems = [f"{k}: {d}" for k, d in s.problems]
                r.offered, r.tried = len(s.offered), len(s.tried & s.offered)
                r.decisions = s.decisions
        r.seconds = round(time.perf_counter() - t0, 4)
        return r


# -- many cards, in worker processes -------------------------------------------------------


def _limit_memory(mb: int) -> None:
    if mb <= 0:
        return
    try:
        import resource

        limit = mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError):  # pragma: no cover - not on this platform
        pass


def _work(conn: Connection, folder: str, db: CardDB, decisions: int, seed: int, mb: int) -> None:
    _limit_memory(mb)
    logging.getLogger("ygo.lua").setLevel(logging.CRITICAL)  # (the report has every failure)
    try:
        scanner = Scanner(folder, db, decisions, seed)
    except Exception as exc:
        conn.send(("failed", first_line(str(exc)) or type(exc).__name__))
        return
    conn.send(("ready", None))
    while True:
        try:
            code = conn.recv()
        except EOFError:
            return
        if code is None:
            return
        report = scanner.card(code, lambda r: conn.send(("stage", asdict(r))))
        conn.send(("done", asdict(report)))


class _Worker:
    def __init__(self, start: Callable[[], tuple[Any, Connection]]) -> None:
        self.proc, self.conn = start()
        self.code: int | None = None
        self.since = 0.0
        self.done = 0
        self.staged: CardReport | None = None
        """The card's report after its registration, once the smoke duel began."""


def scan(
    folder: str | Path,
    db: CardDB,
    codes: Iterable[int],
    *,
    jobs: int = 1,
    decisions: int = DECISIONS,
    timeout: float = TIMEOUT_SECONDS,
    seed: int = 0,
    memory_mb: int = MEMORY_MB,
    progress: Callable[[int, int], None] | None = None,
) -> list[CardReport]:
    """Scan the scripts ``codes`` of ``folder`` (``db`` gives their cards) in
    ``jobs`` worker processes (0: in this process, with no time limit). A card
    that takes longer than ``timeout`` seconds is a timeout, a worker that
    dies a crash; its worker is replaced. Reports come in the order of
    ``codes``. Raises :class:`~ygo.lua.LuaError` when ``folder`` cannot be read
    as a script folder."""
    todo = list(dict.fromkeys(codes))
    from ygo.lua.source import LuaScripts

    LuaScripts(folder)  # (the folder's own problems, in one line, before any worker)
    if jobs <= 0:
        log = logging.getLogger("ygo.lua")
        level = log.level
        log.setLevel(logging.CRITICAL)  # (the report has every failure)
        try:
            scanner = Scanner(folder, db, decisions, seed)
            out = []
            for i, code in enumerate(todo):
                out.append(scanner.card(code))
                if progress:
                    progress(i + 1, len(todo))
            return out
        finally:
            log.setLevel(level)
    return _in_workers(str(folder), db, todo, jobs, decisions, timeout, seed, memory_mb, progress)


def _in_workers(
    folder: str,
    db: CardDB,
    todo: list[int],
    jobs: int,
    decisions: int,
    timeout: float,
    seed: int,
    memory_mb: int,
    progress: Callable[[int, int], None] | None,
) -> list[CardReport]:
    methods = multiprocessing.get_all_start_methods()
    ctx: Any = multiprocessing.get_context("fork" if "fork" in methods else "spawn")

    def start() -> tuple[Any, Connection]:
        here, there = ctx.Pipe()
        proc = ctx.Process(
            target=_work, args=(there, folder, db, decisions, seed, memory_mb), daemon=True
        )
        proc.start()
        there.close()
        try:
            kind, what = here.recv()
        except (EOFError, OSError):
            kind, what = "failed", f"it died (exit code {proc.exitcode})"
        if kind != "ready":
            proc.join()
            from ygo.lua.errors import LuaError

            raise LuaError(f"the scan's worker could not start: {what}")
        return proc, here

    results: dict[int, CardReport] = {}
    queue = deque(todo)
    workers = [_Worker(start) for _ in range(max(1, min(jobs, len(todo))))]

    def retire(w: _Worker, result: str, why: str, now: float) -> None:
        code = w.code
        assert code is not None
        r = w.staged
        if r is None:
            r = CardReport(code, (db.maybe(code) or _NO_CARD).name, result, why)
        elif r.status == REGISTERED:
            r.smoke, r.smoke_detail = result, why
        else:  # (in the analysis of what it lacks)
            r.needs = [f"{result}: the analysis {why}"]
        r.seconds = round(now - w.since, 1)
        results[code] = r
        w.code = w.staged = None
        w.done = 0
        w.proc.kill()
        w.proc.join()
        w.conn.close()
        if queue:
            w.proc, w.conn = start()

    try:
        while True:
            for w in workers:
                if w.code is None and queue:
                    w.code = queue.popleft()
                    w.since = time.monotonic()
                    w.staged = None
                    w.conn.send(w.code)
            busy = [w for w in workers if w.code is not None]
            if not busy:
                break
            ready = wait([w.conn for w in busy], timeout=min(1.0, timeout))
            now = time.monotonic()
            for w in busy:
                code = w.code
                assert code is not None
                if w.conn in ready:
                    try:
                        kind, raw = w.conn.recv()
                    except (EOFError, OSError):
                        w.proc.join(5)
                        why = f"the scan's worker process died (exit code {w.proc.exitcode})"
                        retire(w, CRASH, why, now)
                    else:
                        if kind == "stage":
                            w.staged = CardReport(**raw)
                            continue
                        results[code] = CardReport(**raw)
                        w.code = w.staged = None
                        w.done += 1
                        if w.done >= RECYCLE and queue:
                            w.conn.send(None)
                            w.proc.join(10)
                            if w.proc.is_alive():
                                w.proc.kill()
                                w.proc.join()
                            w.conn.close()
                            w.proc, w.conn = start()
                            w.done = 0
                elif now - w.since > timeout:
                    retire(w, TIMEOUT, f"took longer than {timeout:g} s (a loop that never ends?)",
                           now)  # fmt: skip
                else:
                    continue
                if progress:
                    progress(len(results), len(todo))
    finally:
        for w in workers:
            if w.proc.is_alive():
                with contextlib.suppress(OSError):
                    w.conn.send(None)
                w.proc.join(2)
                if w.proc.is_alive():
                    w.proc.kill()
                    w.proc.join()
    return [results[c] for c in todo]


class _NoCard:
    name = ""


_NO_CARD = _NoCard()


# -- the codes a folder has, and the summary -------------------------------------------------

_SCRIPT = re.compile(r"c(\d{1,19})\.lua")


def script_codes(folder: str | Path) -> list[int]:
    """The passcodes of the card scripts (``c<code>.lua``) in ``folder``, sorted."""
    out = []
    for p in Path(folder).iterdir():
        m = _SCRIPT.fullmatch(p.name)
        if m and p.is_file():
            out.append(int(m.group(1)))
    return sorted(out)


class Names:
    """ygopro-core's names for effect types, effect codes and events, read from
    a script folder's ``constant.lua`` (the first name of each value)."""

    _LINE = re.compile(r"^\s*([A-Z][A-Z0-9_]*)\s*=\s*(0x[0-9A-Fa-f]+|\d+)\b", re.M)

    def __init__(self, folder: str | Path) -> None:
        self.types: list[tuple[int, str]] = []
        self.events: dict[int, str] = {}
        self.codes: dict[int, str] = {}
        self.phases: dict[int, str] = {}
        self.locations: list[tuple[int, str]] = []
        path = Path(folder) / "constant.lua"
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            text = ""
        for name, raw in self._LINE.findall(text):
            v = int(raw, 0)
            if name.startswith("EFFECT_TYPE_"):
                self.types.append((v, name[len("EFFECT_TYPE_") :]))
            elif name.startswith("EVENT_"):
                self.events.setdefault(v, name)
            elif name.startswith("PHASE_"):
                self.phases.setdefault(v, name)
            elif name.startswith("LOCATION_") and v and v & (v - 1) == 0 and v < 0x10000:
                if all(bit != v for bit, _ in self.locations):
                    self.locations.append((v, name[len("LOCATION_") :]))
            elif name.startswith("EFFECT_"):
                self.codes.setdefault(v, name)

    def effect_type(self, t: int) -> str:
        parts = [name for bit, name in self.types if bit and t & bit == bit]
        return "+".join(parts) or f"{t:#x}"

    def code(self, code: int) -> str:
        if code == 0:
            return "no code"
        custom = self.events.get(0x10000000)
        if custom and code & 0x10000000:
            return f"{custom}+{code & 0xFFFFFFF}"
        if code < 1000:
            return self.codes.get(code, str(code))
        name = self.events.get(code)
        if name is None:  # EVENT_PHASE + PHASE_END and the like
            base = self.events.get(code & ~0xFFF)
            phase = self.phases.get(code & 0xFFF)
            name = f"{base}+{phase}" if base and phase else str(code)
        return name

    def location(self, bits: int) -> str:
        parts = [name for bit, name in self.locations if bits & bit]
        return "+".join(parts) or f"{bits:#x}"

    _TYPE = re.compile(r"effect type (0x[0-9a-fA-F]+) \(code (\d+)\)")
    _NUMBERS = re.compile(
        r"(?P<kind>effect type|event|code|location) (?P<n>0x[0-9a-fA-F]+|\d+)|\((?P<code>\d+)\)"
    )

    def describe(self, what: str) -> str:
        """An unsupported feature (the bridge's words) with ygopro-core's names
        for its numbers: effect types, events, effect codes, locations."""
        m = self._TYPE.fullmatch(what)
        if m:
            return f"effect {self.effect_type(int(m.group(1), 16))} {self.code(int(m.group(2)))}"

        def name(m: re.Match[str]) -> str:
            if m.group("code"):
                return f"({self.code(int(m.group('code')))})"
            kind, n = m.group("kind"), int(m.group("n"), 0)
            if kind == "effect type":
                return f"effect type {self.effect_type(n)}"
            if kind == "location":
                return f"location {self.location(n)}"
            return self.code(n)

        return self._NUMBERS.sub(name, what)


@dataclass
class Tally:
    """Counts of one population (scripts, or deck card copies)."""

    total: int = 0
    status: Counter[str] = field(default_factory=Counter)
    smoke: Counter[str] = field(default_factory=Counter)
    active: int = 0
    """Smoke duels passed in which the card offered at least one activation."""

    def add(self, r: CardReport | None, status: str | None = None, n: int = 1) -> None:
        self.total += n
        self.status[status or (r.status if r else NO_SCRIPT)] += n
        if r is not None and r.smoke:
            self.smoke[r.smoke] += n
            if r.smoke == PASSED and r.offered:
                self.active += n

    def as_json(self) -> dict[str, Any]:
        return {
            "total": self.total,
            **{k: self.status[k] for k in sorted(self.status)},
            "smoke": {
                **{k: self.smoke[k] for k in SMOKES},
                "passed_with_activation": self.active,
            },
        }


def _top(counter: Counter[str], n: int) -> list[dict[str, Any]]:
    return [{"what": k, "cards": v} for k, v in counter.most_common(n)]


def summarize(
    reports: Sequence[CardReport],
    folder: str | Path,
    db: CardDB,
    decks: Sequence[tuple[str, Deck]] = (),
    top: int = 30,
) -> dict[str, Any]:
    """The scan's report as JSON-ready data: counts for the scripts, the top
    missing features (what blocks registration: the first thing, and all of it;
    what registered cards met in their smoke duels), the top errors, the
    database's cards, and the decks' card copies. A card counts once in each
    row that applies to it."""
    names = Names(folder)
    by_code = {r.code: r for r in reports}
    scripts = Tally()
    missing: Counter[str] = Counter()
    missing_play: Counter[str] = Counter()
    errors: Counter[str] = Counter()
    errors_play: Counter[str] = Counter()
    crashes: Counter[str] = Counter()
    needs: Counter[str] = Counter()
    only: Counter[str] = Counter()
    for r in reports:
        scripts.add(r)
        needs.update(r.needs)
        if len(r.needs) == 1:
            only[r.needs[0]] += 1
        if r.status == UNSUPPORTED:
            missing[names.describe(r.detail)] += 1
        elif r.status == ERROR:
            errors[error_key(r.detail)] += 1
        elif r.status in (CRASH, TIMEOUT):
            crashes[r.detail] += 1
        problems = r.smoke_problems
        if not problems and r.smoke not in ("", PASSED, NO_DATA):
            problems = [f"{r.smoke}: {r.smoke_detail}"]
        counted: set[tuple[int, str]] = set()
        for problem in problems:
            kind, _, detail = problem.partition(": ")
            if kind == UNSUPPORTED:
                where, what = missing_play, names.describe(detail)
            elif kind == ERROR:
                where, what = errors_play, error_key(detail)
            else:
                where, what = crashes, detail
            if (id(where), what) not in counted:
                counted.add((id(where), what))
                where[what] += 1
    known = [r for r in reports if r.name and r.status != NO_SCRIPT]
    out: dict[str, Any] = {
        "folder": str(folder),
        "scripts": {
            **scripts.as_json(),
            "in_database": len(known),
            "in_database_smoke_passed": sum(1 for r in known if r.smoke == PASSED),
        },
        "missing": _top(missing, top),
        "needs": [{"what": k, "cards": v, "only": only[k]} for k, v in needs.most_common(top)],
        "missing_in_play": _top(missing_play, top),
        "errors": _top(errors, top),
        "errors_in_play": _top(errors_play, top),
        "crashes": _top(crashes, top),
    }
    root = Path(folder)
    seen: dict[int, bool] = {}

    def has_script(c: int) -> bool:
        if c not in seen:
            seen[c] = (root / f"c{c}.lua").is_file()
        return seen[c]

    db_tally = Tally()
    for card in db:
        db_tally.add(*_behaviour(card.code, db, by_code, has_script))
    out["database"] = db_tally.as_json()
    if decks:
        copies = Tally()
        for _, deck in decks:
            for code in (*deck.main, *deck.extra):
                copies.add(*_behaviour(code, db, by_code, has_script))
        out["decks"] = {"decks": len(decks), "copies": copies.as_json()}
    return out


def _behaviour(
    code: int, db: CardDB, by_code: dict[int, CardReport], has_script: Callable[[int], bool]
) -> tuple[CardReport | None, str | None]:
    """A card's scan (its own script's, or its original's for an alternate
    artwork) or, without either, why it has none: ``vanilla`` (no effect to
    play), ``no-script``, ``unknown`` (not in the database either) or
    ``not-scanned``."""
    from ygo.engine.explain import effect_free

    data = db.maybe(code)
    for c in (code, data.alias if data is not None else 0):
        if c and c in by_code:
            return by_code[c], None
        if c and has_script(c):
            return None, "not-scanned"
    if data is None:
        return None, "unknown"
    return None, "vanilla" if effect_free(data) else NO_SCRIPT


# -- text ---------------------------------------------------------------------------------------


def _n(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def _pct(n: int, total: int) -> str:
    return f"{n:,} ({100 * n / total:.1f}%)" if total else f"{n:,}"


def _counts(t: dict[str, Any], keys: Sequence[str]) -> str:
    total = int(t["total"])
    return ", ".join(f"{k} {_pct(int(t.get(k, 0)), total)}" for k in keys if t.get(k))


_CARD_KEYS = (*STATUSES[:-1], "vanilla", NO_SCRIPT, "unknown", "not-scanned")


def render(summary: dict[str, Any]) -> list[str]:
    """The report as lines of text."""
    s = summary["scripts"]
    jobs = summary.get("jobs")
    lines = [
        f"Scanned {_n(s['total'] - s.get(NO_SCRIPT, 0), 'script')} of {summary['folder']}"
        + (f" (and {_n(s[NO_SCRIPT], 'passcode')} without one)" if s.get(NO_SCRIPT) else "")
        + (f" in {summary['seconds']:.0f} s" if "seconds" in summary else "")
        + (
            f" ({_n(jobs, 'job')}, at most {summary['decisions']} decisions a duel)" if jobs else ""
        ),
        "  initial_effect: " + (_counts(s, STATUSES) or "none"),
    ]
    sm = s["smoke"]
    played = sum(int(sm[k]) for k in SMOKES if k != NO_DATA)
    lines.append(
        f"  smoke duels: {played:,} played: passed {_pct(int(sm[PASSED]), played)}"
        f" ({sm['passed_with_activation']:,} of them with an activation offered)"
        + "".join(f", {k} {sm[k]:,}" for k in SMOKES[1:-1] if sm[k])
        + (f"; {sm[NO_DATA]:,} registered cards not in the card database" if sm[NO_DATA] else "")
    )
    if s["total"]:
        known = int(s.get("in_database", 0))
        lines.append(
            f"  smoke passed: {_pct(int(sm[PASSED]), int(s['total']))} of all scripts;"
            f" {_pct(int(s.get('in_database_smoke_passed', 0)), known)} of the {known:,}"
            " scripts whose card the database knows"
        )
    if summary.get("needs"):
        lines.append(
            "What unregistered cards lack, all of it (cards that lack it; of them, cards that"
            " lack only it):"
        )
        lines += [f"  {r['cards']:6,} {r['only']:6,}  {r['what']}" for r in summary["needs"]]
    for key, title in (
        ("missing", "Unsupported, by cards blocked (the first thing each card's registration met)"),
        ("missing_in_play", "Unsupported, met in smoke duels (API functions and features)"),
        ("errors", "Errors in initial_effect"),
        ("errors_in_play", "Errors in smoke duels"),
        ("crashes", "Crashes and timeouts"),
    ):
        if summary.get(key):
            lines.append(f"{title}:")
            lines += [f"  {row['cards']:6,}  {row['what']}" for row in summary[key]]
    db = summary.get("database")
    if db:
        lines.append(
            f"Card database: {db['total']:,} cards: "
            + _counts(db, _CARD_KEYS)
            + f"; smoke passed {_pct(int(db['smoke'][PASSED]), int(db['total']))}"
        )
    decks = summary.get("decks")
    if decks:
        c = decks["copies"]
        total, passed = int(c["total"]), int(c["smoke"][PASSED])
        lines.append(
            f"Decks: {_n(decks['decks'], 'deck')}, {total:,} card copies (Main and Extra Decks): "
            + _counts(c, _CARD_KEYS)
        )
        playing = passed + int(c.get("vanilla", 0))
        lines.append(
            f"  smoke passed {_pct(passed, total)} of the copies; with the vanilla copies"
            f" (no effect to play), {_pct(playing, total)} play"
        )
    return lines


def progress_printer(every: int = 250) -> Callable[[int, int], None]:
    """A progress callback that writes a line to stderr every ``every`` cards."""
    t0 = time.monotonic()

    def show(done: int, total: int) -> None:
        if done % every == 0 or done == total:
            print(f"  {done:,}/{total:,} cards, {time.monotonic() - t0:.0f} s", file=sys.stderr)

    return show
