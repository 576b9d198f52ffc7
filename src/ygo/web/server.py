"""The web table's server: a Starlette app (HTTP for the lobby, a websocket per tab).

- ``GET /``: the page (``static/index.html``; no build step).
- ``GET /api/info``: decks, rulesets and agents to choose from.
- ``GET /api/rooms``: the rooms (no secrets).
- ``POST /api/rooms``: create a room (deck, ruleset, opponent, timer); the
  answer carries the creator's seat token.
- ``POST /api/rooms/{id}/join``: take the free seat with a deck.
- ``WS /ws``: the duel (messages in :mod:`ygo.web.protocol`).

:func:`create_app` builds the app around a :class:`~ygo.web.rooms.Lobby`;
:func:`run` serves it with uvicorn.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import statistics
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from importlib.resources import files
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from ygo.agents.registry import AGENTS
from ygo.engine.setup import ScriptSource
from ygo.errors import YgoError
from ygo.rules import PRESETS, Ruleset
from ygo.web import protocol as P
from ygo.web.decks import DeckError, deck_choices, read_deck
from ygo.web.rooms import (
    DEFAULT_GRACE,
    ROOMS_PER_ADDRESS,
    ROOMS_PER_MINUTE,
    Conn,
    Lobby,
    Room,
    RoomLimitError,
    address_key,
)

log = logging.getLogger("ygo.web")
STATIC = Path(str(files("ygo.web").joinpath("static")))
#: The largest request body (a .ydk upload) the lobby takes.
MAX_BODY = 256 * 1024
#: A connection whose unsent messages pile up past this is closed (a stuck client).
MAX_QUEUE = 500
#: How long closing a connection waits for its close frame to go out (seconds).
CLOSE_WAIT = 1.0
#: Spectators one room takes.
MAX_SPECTATORS = 100
#: Frames larger than this are refused by the websocket layer itself (close 1009);
#: anything from MAX_MESSAGE_BYTES up to it gets an error message.
WS_MAX_SIZE = 1 << 20


async def _close(socket: WebSocket, code: int, reason: str) -> None:
    """Close a websocket, waiting at most :data:`CLOSE_WAIT` for the close frame to go
    out (a client that does not read never takes it; the connection is then dropped
    when the handler returns)."""
    with contextlib.suppress(Exception):
        await asyncio.wait_for(socket.close(code, reason), CLOSE_WAIT)


def _quiet(task: asyncio.Task[Any]) -> None:
    """Take a finished task's exception (a dropped connection's send), so asyncio does
    not report it as never retrieved."""
    if not task.cancelled():
        task.exception()


def agent_workers() -> int:
    """Threads for agents' choices: one per core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _error(message: str, status: int = 400) -> JSONResponse:
    # A message may quote the request (a file name): a lone surrogate there cannot be
    # encoded as UTF-8 and would turn the answer into a 500.
    message = message.encode("utf-8", "replace").decode("utf-8")
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request) -> dict[str, Any]:
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise DeckError(f"the request is too large (over {MAX_BODY // 1024} KiB)")
    try:
        data = json.loads(raw or b"{}")
    except (ValueError, RecursionError):  # RecursionError: nesting too deep
        raise DeckError("the request is not valid JSON") from None
    if not isinstance(data, dict):
        raise DeckError("the request must be a JSON object")
    return data


def _ruleset(name: Any) -> Ruleset:
    if not isinstance(name, str) or name.lower() not in PRESETS:
        raise DeckError(f"choose a ruleset: {', '.join(PRESETS)}")
    return Ruleset.by_name(name)


def _flag(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise DeckError(f"{name} is true or false")
    return value


def _timer(value: Any) -> float | None:
    if value in (None, "", 0):
        return None
    if type(value) not in (int, float) or not 5 <= value <= 3600:
        raise DeckError("the decision timer is from 5 to 3600 seconds (or none)")
    return float(value)


def _name(value: Any, default: str) -> str:
    if not isinstance(value, str) or not value.strip():
        return default
    return "".join(ch for ch in value.strip() if ch.isprintable())[:24] or default


def create_app(
    lobby: Lobby | None = None,
    *,
    tick: float = 1.0,
    check_decks: bool = True,
    agent_threads: int | None = None,
) -> Starlette:
    """The app. ``check_decks=False`` lets decks that break the deck rules be played
    (tests and experiments, like ``ygo duel``). Agents choose in a pool of
    ``agent_threads`` threads (default :func:`agent_workers`, one per core)."""
    lobby = lobby or Lobby()
    threads = agent_threads or agent_workers()
    executor: list[ThreadPoolExecutor] = []  # made by the lifespan, on the server's loop

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def info(request: Request) -> Response:
        from ygo.agents.registry import opponent_lines

        return JSONResponse(
            {
                "decks": deck_choices(),
                "rulesets": list(PRESETS),
                "agents": [{"name": n, "about": t} for n, t in opponent_lines()],
                "grace": lobby.grace,
            }
        )

    async def rooms(request: Request) -> Response:
        return JSONResponse({"rooms": lobby.listing()})

    async def stats(request: Request) -> Response:
        times = sorted(lobby.decide_times)
        out: dict[str, Any] = {"decisions": len(times), "rooms": len(lobby.rooms)}
        if times:
            out.update(
                p50_ms=1000 * statistics.median(times),
                p95_ms=1000 * times[int(0.95 * (len(times) - 1))],
                max_ms=1000 * times[-1],
            )
        flushes = sorted(lobby.flush_times)
        out["updates"] = len(flushes)
        if flushes:
            out.update(
                update_p50_ms=1000 * statistics.median(flushes),
                update_p95_ms=1000 * flushes[int(0.95 * (len(flushes) - 1))],
            )
        return JSONResponse(out)

    async def create(request: Request) -> Response:
        owner = address_key(request.client.host if request.client else None)
        try:
            if owner is not None:  # before the body is read and the decks are checked
                lobby.check_owner(owner)
            body = await _body(request)
            ruleset = _ruleset(body.get("ruleset", "mr3"))
            deck = read_deck(body.get("deck"), ruleset, check=check_decks)
            opponent = body.get("opponent", "person")
            if not isinstance(opponent, str) or (
                opponent != "person" and opponent.lower() not in AGENTS
            ):
                raise DeckError(f"choose an opponent: person or {', '.join(AGENTS)}")
            opp_deck = None
            if opponent != "person":
                opp_deck = read_deck(
                    body.get("opponent_deck", "starter:kaiba"), ruleset, check=check_decks
                )
            room, token = lobby.create(
                deck,
                ruleset,
                opponent=opponent.lower(),
                opponent_deck=opp_deck,
                timer=_timer(body.get("timer")),
                name=_name(body.get("name"), "Player 1"),
                owner=owner,
                insight=_flag(body.get("insight", False), "insight"),
            )
        except RoomLimitError as exc:
            r = _error(str(exc), 429)
            r.headers["Retry-After"] = str(max(1, round(exc.retry_after)))
            return r
        except YgoError as exc:
            return _error(str(exc))
        return JSONResponse(
            {"room": room.id, "token": token, "seat": 0, "notice": room.seats[0].notice}
        )

    async def join(request: Request) -> Response:
        try:
            room = lobby.get(request.path_params["room"])
            body = await _body(request)
            deck = read_deck(body.get("deck"), room.ruleset, check=check_decks)
            room, token = lobby.join(room.id, deck, _name(body.get("name"), "Player 2"))
        except YgoError as exc:
            return _error(str(exc))
        return JSONResponse(
            {"room": room.id, "token": token, "seat": 1, "notice": room.seats[1].notice}
        )

    async def ws(socket: WebSocket) -> None:
        await socket.accept()
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        # Set when MAX_QUEUE messages wait unsent: the client stopped reading.
        stuck = asyncio.Event()

        def send(text: str) -> None:
            if stuck.is_set():
                return
            if queue.qsize() >= MAX_QUEUE:
                stuck.set()  # the handler closes the connection and the seat is away
                return
            queue.put_nowait(text)

        conn = Conn(send, lambda: queue.put_nowait(None))

        async def writer() -> None:
            while (text := await queue.get()) is not None:
                await socket.send_text(text)
            await _close(socket, 1000, "")

        async def reader() -> None:
            while True:
                msg = await socket.receive()
                if msg["type"] == "websocket.disconnect":
                    return
                raw = msg.get("text")
                if raw is None:
                    raw = msg.get("bytes") or b""
                handle(conn, raw)
                # Let the writer send the answer before the next message is read: a
                # burst of messages does not count as a client that stopped reading.
                await asyncio.sleep(0)

        tasks = [
            asyncio.create_task(reader()),
            asyncio.create_task(writer()),
            asyncio.create_task(stuck.wait()),
        ]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            # Gone, closed by the server, or stuck: the seat is away from now on (and
            # the normal grace applies); nothing more is read from or sent to the client.
            if conn.room is not None:
                conn.room.detach(conn)
            for t in tasks:  # no await here: this may run as the handler is cancelled
                t.cancel()
                t.add_done_callback(_quiet)
        if stuck.is_set():
            log.warning("closed a connection that left %d messages unread", MAX_QUEUE)
            await _close(socket, 1008, "too many unread messages")

    def handle(conn: Conn, raw: str | bytes) -> None:
        try:
            m = P.parse_message(raw)
            if m.type == "ping":
                conn.send({"type": "pong"})
                return
            if m.type in ("join", "watch"):
                if conn.room is not None:
                    raise P.ProtocolError("this connection is already at a table", "joined")
                try:
                    room = lobby.get(m.get("room"))
                except YgoError as exc:
                    raise P.ProtocolError(str(exc), "no-room") from None
                seat = None
                if m.type == "watch" and len(room.spectators) >= MAX_SPECTATORS:
                    raise P.ProtocolError("this room has as many spectators as it takes", "full")
                if m.type == "join":
                    seat = lobby.seat_of(room, m.get("token", ""))
                    if seat is None:
                        raise P.ProtocolError("this seat token is not valid here", "bad-token")
                conn.lang = m.get("lang", "en")
                conn.send({"type": "welcome", "room": room.id, "seat": seat})
                room.attach(conn, seat)
                return
            here = conn.room
            if here is None:
                raise P.ProtocolError("join or watch a room first", "not-joined")
            if m.get("room") != here.id:
                raise P.ProtocolError("this connection is at another room", "other-room")
            if m.type == "decide":
                here.decide(conn, m.get("decision"), m.get("option"))
            elif m.type == "why":
                conn.send(here.why(conn, m.get("uid")))
        except P.ProtocolError as exc:
            conn.send(P.error(str(exc), exc.code))
        except Exception:  # a bug must not take the connection (or the server) down
            log.exception("error handling a message")
            conn.send(P.error("the server could not take this message", "internal"))

    thinking: set[asyncio.Task[None]] = set()

    def think(room: Room) -> None:
        """An agent's turn: it chooses in a worker thread of the app's own pool (a slow
        agent must not stall every other table; the pool has a thread per core, so
        agents wait their turn rather than crowd the event loop off the cores); its
        choices are applied here, on the event loop."""
        if room.thinking:
            return
        room.thinking = True

        async def go() -> None:
            try:
                while (turn := room.agent_to_move()) is not None:
                    agent, view, d = turn
                    loop = asyncio.get_running_loop()
                    action = await loop.run_in_executor(executor[0], agent.choose, view, d)
                    if not room.agent_moves(d, action):
                        break
            except Exception:
                log.exception("an agent failed")
                turn = room.agent_to_move()
                if turn is not None:
                    room.forfeit(turn[2].player, "(an agent) failed")
            finally:
                room.thinking = False
            room.publish(everyone=False)

        task = asyncio.create_task(go())
        thinking.add(task)
        task.add_done_callback(thinking.discard)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async def ticker() -> None:
            while True:
                await asyncio.sleep(tick)
                lobby.tick()

        task = asyncio.create_task(ticker())
        loop = asyncio.get_running_loop()
        pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="ygo-agent")
        executor[:] = [pool]
        app.state.agent_pool = pool
        lobby.defer = loop.call_later
        lobby.think = think
        try:
            yield
        finally:
            task.cancel()
            pool.shutdown(wait=False, cancel_futures=True)

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/api/info", info),
            Route("/api/rooms", rooms, methods=["GET"]),
            Route("/api/rooms", create, methods=["POST"]),
            Route("/api/rooms/{room}/join", join, methods=["POST"]),
            Route("/api/stats", stats),
            WebSocketRoute("/ws", ws),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.lobby = lobby
    return app


def run(
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    grace: float = DEFAULT_GRACE,
    log_level: str = "warning",
    rooms_per_minute: float | None = ROOMS_PER_MINUTE,
    rooms_per_address: int | None = ROOMS_PER_ADDRESS,
    agent_threads: int | None = None,
    scripts: ScriptSource | None = None,
) -> None:
    """Serve until interrupted (room limits per client address: None or 0, none;
    ``scripts``: every duel's card scripts, default the project's own)."""
    import uvicorn

    lobby = Lobby(
        grace=grace,
        rooms_per_minute=rooms_per_minute,
        rooms_per_address=rooms_per_address,
        scripts=scripts,
    )
    app = create_app(lobby, agent_threads=agent_threads)
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=WS_MAX_SIZE,
        ws_per_message_deflate=False,  # 5 KB messages: compressing them costs more than it saves
    )
