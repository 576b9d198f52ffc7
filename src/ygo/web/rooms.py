"""Rooms: a duel, its two seats, its spectators, and the clock.

A :class:`Room` holds one :class:`~ygo.engine.duel.Duel`. Each seat is a
person (who holds the seat's secret token and may connect from several tabs)
or an agent (named, built by :func:`ygo.agents.registry.make_agent`). Spectators
watch with a spectator's view. The room is driven by messages
(:meth:`Room.decide`, :meth:`Room.why`) and by :meth:`Room.tick`, which the
server calls every second: it ends the duel for a person who stayed away
longer than the grace period or let the decision timer run out.

A :class:`Conn` is one browser connection: the server gives it a ``send``
function that queues a JSON text (never blocking). What each connection is
sent is built by :meth:`Room.publish` from that seat's view and events only.
"""

from __future__ import annotations

import ipaddress
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ygo.agents.base import Agent
from ygo.agents.base import Seat as AgentSeat
from ygo.agents.registry import make_agent
from ygo.core.deck import Deck
from ygo.defaults import Duel
from ygo.engine.actions import Action, Decision
from ygo.engine.events import Event
from ygo.engine.setup import ScriptSource
from ygo.engine.view import View
from ygo.errors import HiddenCardError, YgoError
from ygo.rules import Ruleset
from ygo.ui.handles import Handles
from ygo.ui.prompt import decision_prompt
from ygo.web import protocol as P

#: How long a person's seat is kept after their last connection closes.
DEFAULT_GRACE = 180.0
#: How long a room with nobody connected is kept once its duel is over (or never began).
IDLE_ROOM = 60.0
#: How long the state for a connection that does not decide may wait (seconds).
DEFER = 0.03
#: How many rooms one server keeps at most.
MAX_ROOMS = 1000
#: How many rooms one client address may create a minute (a token bucket: this many at
#: once, then one every 60/N seconds), and may have on the server at once.
ROOMS_PER_MINUTE = 20
ROOMS_PER_ADDRESS = 20


def _now() -> float:
    return time.monotonic()


class Conn:
    """One client connection: where its messages go, and what it was sent."""

    def __init__(self, send: Callable[[str], None], close: Callable[[], None] | None = None):
        self._send = send
        self._close = close
        self.room: Room | None = None
        self.seat: int | None = None
        """0 or 1 for a player, None for a spectator (or before joining)."""
        self.lang = "en"
        self.events_sent = 0
        self.codes_sent: set[int] = set()
        self.asked = False
        """Whether the last state sent asked this connection to decide."""

    def send(self, message: dict[str, Any]) -> None:
        self._send(P.dumps(message))

    def close(self) -> None:
        if self._close is not None:
            self._close()


@dataclass
class Seat:
    kind: str
    """"person" or "agent"."""
    name: str
    token: str = ""
    deck: Deck | None = None
    agent: Agent | None = None
    conns: list[Conn] = field(default_factory=list)
    away_since: float | None = None
    handles: Handles = field(default_factory=Handles)
    notice: str = ""
    """What the seat is told about its own deck: how many of its cards have no
    behaviour (:func:`deck_notice`); "" when there is nothing to say."""

    @property
    def is_person(self) -> bool:
        return self.kind == "person"

    def status(self, now: float) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "ready": self.deck is not None}
        if self.is_person:
            out["connected"] = bool(self.conns)
            if self.away_since is not None and not self.conns:
                out["away"] = round(now - self.away_since)
        return out


@dataclass
class Outcome:
    winner: int | None
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason}


class Room:
    """One duel table."""

    def __init__(
        self,
        room_id: str,
        ruleset: Ruleset,
        seats: tuple[Seat, Seat],
        *,
        seed: int,
        grace: float = DEFAULT_GRACE,
        timer: float | None = None,
        insight: bool = False,
        clock: Callable[[], float] = _now,
        times: list[float] | None = None,
        flush_times: list[float] | None = None,
        scripts: ScriptSource | None = None,
    ) -> None:
        self.id = room_id
        self.scripts = scripts
        """The duel's card scripts (None: the project's own)."""
        self.ruleset = ruleset
        self.seats = seats
        self.seed = seed
        self.grace = grace
        self.timer = timer
        """Seconds a person has for each decision (None: no timer)."""
        self.insight = insight
        """Show the people at the table an agent's thinking after each of its moves
        (the search agent's option shares, win estimate and guesses: it names the
        agent's own options, so its cards, as ``ygo play --insight`` does); off
        by default, chosen by the room's creator."""
        self._shown_insight: object = None
        self.clock = clock
        self.spectators: list[Conn] = []
        self.duel: Duel | None = None
        self.step = 0
        """Counts every decision answered (both seats'); never sent to a client."""
        self.decision_id = new_decision_id()
        """The open decision's id: drawn at random for every decision, sent only to the
        seat that decides (inside its ``decision``), and a ``decide`` must name it. A
        count would tell a player how many decisions the opponent was asked meanwhile."""
        self.decision_at = clock()
        self.outcome: Outcome | None = None
        self.created = clock()
        self.idle_since: float | None = clock()
        self.decide_times: list[float] = [] if times is None else times
        self.flush_times: list[float] = [] if flush_times is None else flush_times
        """Server time of each deferred update (the states of the seats that did not decide)."""
        self.defer: Callable[[float, Callable[[], None]], object] | None = None
        """How to run something later (the server's ``loop.call_later``); None: never defer."""
        self._later: list[Conn] = []
        self._flush_due = False
        self.think: Callable[[Room], None] | None = None
        """Hands an agent's turn to the server (None: agents answer at once, in line)."""
        self.thinking = False
        """Whether an agent's turn is with the server (see :attr:`think`)."""
        self.owner: str | None = None
        """The creator's address (see :meth:`Lobby.create`)."""
        self.trace: Callable[[Conn, int], None] | None = None
        """Told of every state built for a connection, with :attr:`step` (tests: the leak
        test's oracle replays the duel to the step each message was built at)."""

    # -- state ---------------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self.duel is not None

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def all_conns(self) -> list[Conn]:
        return [*self.seats[0].conns, *self.seats[1].conns, *self.spectators]

    def start_if_ready(self) -> None:
        if self.duel is not None or any(s.deck is None for s in self.seats):
            return
        decks = (self.seats[0].deck, self.seats[1].deck)
        assert decks[0] is not None and decks[1] is not None
        self.duel = Duel((decks[0], decks[1]), self.ruleset, seed=self.seed, scripts=self.scripts)
        now = self.clock()
        for s in self.seats:  # a person who never connected is away from the start
            if s.is_person and not s.conns and s.away_since is None:
                s.away_since = now
        self._advance()

    def _advance(self) -> None:
        """Let agents answer their decisions; note when a person's decision opens.

        With :attr:`think` set (the server), an agent's turn is handed to it and
        this returns at once: the agent chooses off the event loop, and
        :meth:`agent_moves` applies its choices and publishes.
        """
        duel = self.duel
        assert duel is not None
        while not duel.is_over:
            d = duel.decision
            assert d is not None
            seat = self.seats[d.player]
            if seat.agent is None:
                break
            if self.think is not None:
                self.think(self)
                break
            view = _seat_agent(seat.agent, duel, d.player)
            duel.apply(seat.agent.choose(view, d))
            self._show_insight(seat.agent, d.player)
            self._answered()
        self._settle()

    def _answered(self) -> None:
        """A decision was answered: count it and give the next one a fresh id."""
        self.step += 1
        self.decision_id = new_decision_id(self.decision_id)

    def _settle(self) -> None:
        assert self.duel is not None
        self.decision_at = self.clock()
        if self.duel.is_over and self.outcome is None:
            r = self.duel.result
            assert r is not None
            self.outcome = Outcome(r.winner, r.reason.label)

    def agent_to_move(self) -> tuple[Agent, View | None, Decision] | None:
        """The agent that must decide now, with what it may see (None: a person decides,
        or the duel is over)."""
        if self.duel is None or self.outcome is not None or self.duel.is_over:
            return None
        d = self.duel.decision
        assert d is not None
        agent = self.seats[d.player].agent
        if agent is None:
            return None
        return agent, _seat_agent(agent, self.duel, d.player), d

    def agent_moves(self, d: Decision, action: Action) -> bool:
        """Apply an agent's choice at decision ``d`` (False if the duel moved on meanwhile)."""
        if self.duel is None or self.outcome is not None or self.duel.decision is not d:
            return False
        self.duel.apply(action)
        agent = self.seats[d.player].agent
        if agent is not None:
            self._show_insight(agent, d.player)
        self._answered()
        self._settle()
        return True

    def _show_insight(self, agent: Agent, player: int) -> None:
        """With :attr:`insight`, send the seated people the agent's thinking about
        the move it just made (each search once; spectators never get it)."""
        if not self.insight:
            return
        insight = getattr(agent, "insight", None)
        if insight is None or insight is self._shown_insight:
            return
        self._shown_insight = insight
        msg = P.insight(player, list(insight.lines()))
        for seat in self.seats:
            for c in seat.conns:
                c.send(msg)

    def forfeit(self, loser: int, reason: str) -> None:
        """``loser`` loses the duel outside the rules' own ends (left, out of time)."""
        if self.outcome is not None:
            return
        self.outcome = Outcome(1 - loser, f"{self.seats[loser].name} {reason}")
        self.publish()

    # -- connections ---------------------------------------------------------------
    def attach(self, conn: Conn, seat: int | None) -> None:
        conn.room, conn.seat = self, seat
        conn.events_sent, conn.codes_sent, conn.asked = 0, set(), False
        if seat is None:
            self.spectators.append(conn)
        else:
            s = self.seats[seat]
            s.conns.append(conn)
            s.away_since = None
        self.idle_since = None
        self.publish()

    def detach(self, conn: Conn) -> None:
        if conn.seat is None:
            if conn in self.spectators:
                self.spectators.remove(conn)
        else:
            s = self.seats[conn.seat]
            if conn in s.conns:
                s.conns.remove(conn)
            if not s.conns:
                s.away_since = self.clock()
        conn.room = None
        if not self.all_conns():
            self.idle_since = self.clock()
        self.publish()

    # -- messages ------------------------------------------------------------------
    def decide(self, conn: Conn, decision_id: int, option: int) -> None:
        """Take ``option`` of the open decision for ``conn``'s seat; a bad request
        raises :class:`~ygo.web.protocol.ProtocolError` and changes nothing."""
        started = time.perf_counter()
        if conn.seat is None:
            raise P.ProtocolError("spectators do not decide", "not-a-player")
        if self.duel is None:
            raise P.ProtocolError("the duel has not started", "not-started")
        if self.outcome is not None:
            raise P.ProtocolError("the duel is over", "over")
        d = self.duel.decision
        if d is None or d.player != conn.seat:
            raise P.ProtocolError("it is not your decision", "not-your-decision")
        if decision_id != self.decision_id:
            raise P.ProtocolError(f"decision {decision_id} is not the open one", "stale")
        if not 0 <= option < len(d.options):
            raise P.ProtocolError(
                f"option {option} is not offered (0 to {len(d.options) - 1})", "bad-option"
            )
        self.duel.apply(option)
        self._answered()
        self._advance()
        self.publish(everyone=False)
        if len(self.decide_times) < 2_000_000:
            self.decide_times.append(time.perf_counter() - started)

    def why(self, conn: Conn, uid: int) -> dict[str, Any]:
        """``explain`` for a card the connection's seat may identify."""
        if conn.seat is None:
            raise P.ProtocolError("spectators cannot ask why", "not-a-player")
        if self.duel is None:
            raise P.ProtocolError("the duel has not started", "not-started")
        if not 0 <= uid < self.duel.card_count:
            raise P.ProtocolError("no such card", "bad-card")
        try:
            why = self.duel.explain(uid, conn.seat)
        except HiddenCardError:
            raise P.ProtocolError("no such card", "bad-card") from None
        except YgoError as exc:
            raise P.ProtocolError(str(exc), "bad-card") from None
        return {"type": "why", "uid": uid, "text": str(why)}

    # -- what each connection is sent --------------------------------------------------
    def _names(self, lang: str) -> Callable[[int], str]:
        duel = self.duel
        assert duel is not None

        def name(uid: int) -> str:
            data = duel.card(uid)  # called only for cards the viewer's texts already name
            return data.name_zh if lang == "zh" and data.name_zh else data.name

        return name

    def status_json(self) -> dict[str, Any]:
        now = self.clock()
        out: dict[str, Any] = {
            "room": self.id,
            "ruleset": self.ruleset.name,
            "seats": [s.status(now) for s in self.seats],
            "spectators": len(self.spectators),
            "started": self.started,
            "grace": self.grace,
            "timer": self.timer,
            "result": None if self.outcome is None else self.outcome.to_json(),
        }
        if self.duel is not None and self.outcome is None and self.timer is not None:
            d = self.duel.decision
            if d is not None and self.seats[d.player].is_person:
                out["clock"] = {
                    "player": d.player,
                    "left": max(0.0, round(self.timer - (now - self.decision_at), 1)),
                }
        return out

    def publish(self, *, everyone: bool = True) -> None:
        """Send connections the table as their seat sees it.

        With ``everyone`` False (after a decision), a connection is sent a new
        state only when it has new events or its seat's decision changed: a
        pass that shows nothing new is not broadcast. The seat that must decide
        is sent its state at once; with :attr:`defer` set (the server's
        ``call_later``), the others' updates wait :data:`DEFER` seconds and are
        built once for every decision taken meanwhile.
        """
        conns = self.all_conns()
        if not conns:
            return
        if self.duel is None:
            status = self.status_json()
            for c in conns:
                msg: dict[str, Any] = {"type": "state", "seat": c.seat, "status": status}
                msg["view"] = None
                self._notice(c, msg)
                c.send(msg)
            return
        count = self.duel.event_count
        decider = self._decider()
        defer = not everyone and self.defer is not None and not self.over
        now: list[Conn] = []
        for c in conns:
            asked = c.seat is not None and c.seat == decider
            if not (everyone or asked or c.asked or c.events_sent < count or self.over):
                continue
            if defer and not asked:
                self._later.append(c)
                continue
            now.append(c)
        self._send(now)
        if self._later and not self._flush_due and self.defer is not None:
            self._flush_due = True
            self.defer(DEFER, self._flush)

    def _decider(self) -> int | None:
        d = self.duel.decision if self.duel is not None else None
        return None if d is None or self.outcome is not None else d.player

    def _flush(self) -> None:
        started = time.perf_counter()
        self._flush_due = False
        later, self._later = self._later, []
        here = set(map(id, self.all_conns()))
        seen: set[int] = set()
        todo = []
        for c in later:
            if id(c) in here and id(c) not in seen:
                seen.add(id(c))
                todo.append(c)
        self._send(todo)
        if todo and len(self.flush_times) < 2_000_000:
            self.flush_times.append(time.perf_counter() - started)

    def _send(self, conns: list[Conn]) -> None:
        if not conns or self.duel is None:
            return
        status = self.status_json()
        decider = self._decider()
        views: dict[int | None, View] = {}
        for c in conns:
            if c.seat not in views:
                views[c.seat] = (
                    self.duel.view(c.seat) if c.seat is not None else self.duel.spectator_view()
                )
            c.asked = c.seat is not None and c.seat == decider
            c.send(self._state(c, views[c.seat], status))

    def _state(self, c: Conn, view: View, status: dict[str, Any]) -> dict[str, Any]:
        duel = self.duel
        assert duel is not None
        handles: Handles | None = None
        if c.seat is not None:
            handles = self.seats[c.seat].handles
            handles.update(view)
        vj, codes = P.view_json(view, handles)
        events: list[Event] = (
            duel.events(c.seat, since=c.events_sent)
            if c.seat is not None
            else duel.spectator_events(since=c.events_sent)
        )
        c.events_sent += len(events)
        names = self._names(c.lang)
        players = (self.seats[0].name, self.seats[1].name)
        log = P.log_lines(events, names, c.seat, players)
        msg: dict[str, Any] = {
            "type": "state",
            "seat": c.seat,
            "status": status,
            "view": vj,
            "log": log,
            "decision": None,
        }
        d = view.decision
        if d is not None and self.outcome is None and handles is not None:
            spoken = ("You", "Opponent") if c.seat == 0 else ("Opponent", "You")
            msg["decision"] = P.decision_json(
                d, self.decision_id, handles, names, decision_prompt(d, view, spoken)
            )
        self._notice(c, msg)
        new = codes - c.codes_sent
        if new:
            msg["cards"] = {str(code): P.card_info(code) for code in sorted(new)}
            c.codes_sent |= new
        if self.trace is not None:
            self.trace(c, self.step)
        return msg

    def _notice(self, c: Conn, msg: dict[str, Any]) -> None:
        """A seat's state says what its own deck's cards lack (never the other's)."""
        if c.seat is not None and self.seats[c.seat].notice:
            msg["notice"] = self.seats[c.seat].notice

    # -- the clock -----------------------------------------------------------------
    def tick(self) -> None:
        """Grace periods and the decision timer (the server calls this every second)."""
        if self.duel is None or self.outcome is not None:
            return
        now = self.clock()
        gone = [
            (away, p)
            for p, s in enumerate(self.seats)
            if s.is_person
            and not s.conns
            and (away := s.away_since) is not None
            and now - away > self.grace
        ]
        if gone:  # both away past the grace: the one who left first loses
            self.forfeit(min(gone)[1], "left the duel")
            return
        d = self.duel.decision
        timer = self.timer
        if d is None or timer is None or not self.seats[d.player].is_person:
            return
        if now - self.decision_at > timer:
            self.forfeit(d.player, "ran out of time")

    def abandoned(self) -> bool:
        """Nobody is here and nobody is coming back: the room may go."""
        if self.all_conns() or self.idle_since is None:
            return False
        idle = self.clock() - self.idle_since
        if self.outcome is not None or self.duel is None:
            return idle > min(IDLE_ROOM, self.grace)
        return idle > self.grace


def new_token() -> str:
    return secrets.token_urlsafe(18)


def new_decision_id(previous: int | None = None) -> int:
    """A random decision id (31 bits, never the previous one)."""
    while (n := secrets.randbelow(2**31 - 1) + 1) == previous:
        pass
    return n


class RoomLimitError(YgoError):
    """A client address asked for more rooms than it may have (the server answers 429)."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


def address_key(host: str | None) -> str | None:
    """Whose rooms these are: the client's IP address (an IPv6 address by its /64
    network, which one host usually has whole); None when the server cannot tell."""
    if not host:
        return None
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class Lobby:
    """Every room of one server."""

    def __init__(
        self,
        *,
        grace: float = DEFAULT_GRACE,
        seed: int | None = None,
        clock: Callable[[], float] = _now,
        max_rooms: int = MAX_ROOMS,
        rooms_per_minute: float | None = ROOMS_PER_MINUTE,
        rooms_per_address: int | None = ROOMS_PER_ADDRESS,
        scripts: ScriptSource | None = None,
    ) -> None:
        self.rooms: dict[str, Room] = {}
        self.scripts = scripts
        """Every room's card scripts (``ygo serve --scripts``; None: the project's own)."""
        self.grace = grace
        self._seed = seed
        self.clock = clock
        self.max_rooms = max_rooms
        self.rooms_per_minute = rooms_per_minute or None
        """Rooms one address may create a minute (None or 0: no limit)."""
        self.rooms_per_address = rooms_per_address or None
        """Rooms one address may have on the server at once (None or 0: no limit)."""
        self._buckets: dict[str, tuple[float, float]] = {}
        """Per address: the rooms it may still create now, and when that was reckoned."""
        self.decide_times: list[float] = []
        """Server time of every answered decision, in seconds (capped)."""
        self.flush_times: list[float] = []
        self.defer: Callable[[float, Callable[[], None]], object] | None = None
        """Given to every new room (see :attr:`Room.defer`)."""
        self.think: Callable[[Room], None] | None = None
        """Given to every new room (see :attr:`Room.think`)."""
        self.trace: Callable[[Conn, int], None] | None = None
        """Given to every new room (see :attr:`Room.trace`)."""

    def _next_seed(self) -> int:
        if self._seed is None:
            return secrets.randbelow(2**63)
        self._seed += 1
        return self._seed - 1

    def create(
        self,
        deck: Deck,
        ruleset: Ruleset,
        *,
        opponent: str = "person",
        opponent_deck: Deck | None = None,
        timer: float | None = None,
        name: str = "Player 1",
        owner: str | None = None,
        insight: bool = False,
    ) -> tuple[Room, str]:
        """A new room with the creator in seat 0; returns it and the creator's token.

        ``owner`` is the creator's address (:func:`address_key`): it may create
        :attr:`rooms_per_minute` rooms a minute and have :attr:`rooms_per_address`
        at once, else :class:`RoomLimitError`."""
        if owner is not None:
            self.check_owner(owner)
        if len(self.rooms) >= self.max_rooms:
            self.sweep()
            if len(self.rooms) >= self.max_rooms:
                raise YgoError("the server is full: try again later")
        if owner is not None and self.rooms_per_minute is not None:
            tokens, at = self._bucket(owner)
            self._buckets[owner] = (tokens - 1, at)
        room_id = secrets.token_urlsafe(6)
        while room_id in self.rooms:
            room_id = secrets.token_urlsafe(6)
        token = new_token()
        me = Seat("person", name, token=token, deck=deck, notice=self.deck_notice(deck))
        seed = self._next_seed()
        if opponent == "person":
            other = Seat("person", "Player 2", token=new_token())
        else:
            agent = make_agent(opponent, seed)
            other = Seat("agent", opponent, deck=opponent_deck or deck, agent=agent)
        room = Room(
            room_id,
            ruleset,
            (me, other),
            seed=seed,
            grace=self.grace,
            timer=timer,
            insight=insight,
            clock=self.clock,
            times=self.decide_times,
            flush_times=self.flush_times,
            scripts=self.scripts,
        )
        room.defer, room.think, room.trace = self.defer, self.think, self.trace
        room.owner = owner
        self.rooms[room_id] = room
        room.start_if_ready()
        return room, token

    def _bucket(self, owner: str) -> tuple[float, float]:
        """The rooms ``owner`` may still create now (the bucket refilled up to now)."""
        rate = self.rooms_per_minute
        assert rate is not None
        now = self.clock()
        tokens, at = self._buckets.get(owner, (rate, now))
        return min(rate, tokens + (now - at) * rate / 60), now

    def check_owner(self, owner: str) -> None:
        """Raise :class:`RoomLimitError` if ``owner`` may not create a room now."""
        cap = self.rooms_per_address
        if cap is not None:
            if sum(1 for r in self.rooms.values() if r.owner == owner) >= cap:
                self.sweep()
            if sum(1 for r in self.rooms.values() if r.owner == owner) >= cap:
                raise RoomLimitError(
                    f"your address has {cap} rooms on this server, the most one address "
                    "may have: finish or close one first (a room nobody is at goes after "
                    f"{round(min(IDLE_ROOM, self.grace))} s once its duel is over)",
                    retry_after=min(IDLE_ROOM, self.grace),
                )
        rate = self.rooms_per_minute
        if rate is not None:
            tokens, _ = self._bucket(owner)
            if tokens < 1:
                wait = (1 - tokens) * 60 / rate
                raise RoomLimitError(
                    f"too many new rooms from your address: at most {rate:g} a minute "
                    f"(try again in {max(1, round(wait))} s)",
                    retry_after=wait,
                )

    def join(self, room_id: str, deck: Deck, name: str = "Player 2") -> tuple[Room, str]:
        """Take a room's free person seat; returns the room and the seat's token."""
        room = self.get(room_id)
        seat = room.seats[1]
        if not seat.is_person or seat.deck is not None:
            raise YgoError("this room has no free seat: watch it instead")
        seat.deck, seat.name = deck, name
        seat.notice = self.deck_notice(deck)
        room.start_if_ready()
        room.publish()
        return room, seat.token

    def deck_notice(self, deck: Deck) -> str:
        """What a person is told about their deck: how many of its cards have an
        effect and no behaviour (neither native nor Lua), and which (at most 12);
        "" when every card plays and no Lua folder was named."""
        from ygo.cards.pool import embedded_pool
        from ygo.playable import deck_report

        scripts = self.scripts
        if scripts is None:
            from ygo.cards.scripts import default_scripts

            scripts = default_scripts()
        report = deck_report(deck, embedded_pool(), scripts, "Your deck")
        if not report.shown:
            return ""
        if not report.missing:
            return report.line()
        names = [f"{m.card.name} x{m.copies}" for m in report.missing[:12]]
        more = len(report.missing) - len(names)
        return f"{report.line(listed=True)} {', '.join(names)}" + (
            f" and {more} more" if more > 0 else ""
        )

    def get(self, room_id: str) -> Room:
        room = self.rooms.get(room_id)
        if room is None:
            raise YgoError(f"no room {room_id[:20]!r} (it may have ended)")
        return room

    def seat_of(self, room: Room, token: str) -> int | None:
        if not token.isascii():  # no token is (compare_digest refuses non-ASCII text)
            return None
        for p, s in enumerate(room.seats):
            if s.is_person and s.token and secrets.compare_digest(s.token, token):
                return p
        return None

    def tick(self) -> None:
        for room in list(self.rooms.values()):
            room.tick()
        self.sweep()

    def sweep(self) -> list[str]:
        """Remove abandoned rooms; returns their ids."""
        gone = [rid for rid, r in self.rooms.items() if r.abandoned()]
        for rid in gone:
            del self.rooms[rid]
        if self._buckets and self.rooms_per_minute is not None:
            # a bucket that has filled up again is the same as none
            full = [k for k in self._buckets if self._bucket(k)[0] >= self.rooms_per_minute]
            for k in full:
                del self._buckets[k]
        return gone

    def listing(self) -> list[dict[str, Any]]:
        """Open rooms for the lobby page (no tokens)."""
        out = []
        for r in self.rooms.values():
            s = r.status_json()
            out.append(
                {
                    "room": r.id,
                    "ruleset": s["ruleset"],
                    "seats": [{"name": x["name"], "kind": x["kind"]} for x in s["seats"]],
                    "open": r.seats[1].is_person and r.seats[1].deck is None,
                    "started": r.started,
                    "over": r.over,
                    "spectators": len(r.spectators),
                }
            )
        return out


def _seat_agent(agent: Agent, duel: Duel, player: int) -> View | None:
    """Ready an agent for its decision: its player's view (if it needs one) and,
    for an agent that searches (``needs_seat``), a seat over a clone of the duel,
    so that a worker thread never touches the live duel the event loop changes
    (``ygo.agents.base.decide`` does the same for the other drivers)."""
    if getattr(agent, "needs_seat", False):
        agent.seat = AgentSeat(duel.clone(), player)  # type: ignore[attr-defined]
    return duel.view(player) if agent.needs_view else None
