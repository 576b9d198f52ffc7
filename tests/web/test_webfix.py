"""What the hostile review left open: decision counts, stuck clients, room floods,
the agents' threads."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import threading
import time
from itertools import pairwise
from typing import Any, ClassVar

import httpx
import pytest

from tests.web.harness import Server, recv_json, serving
from tests.web.test_rooms import Box, Clock, decider, seat_up, two_people
from ygo.data import starter_deck
from ygo.errors import YgoError
from ygo.rules import Ruleset
from ygo.web import server as web_server
from ygo.web.protocol import ProtocolError
from ygo.web.rooms import Conn, Lobby, RoomLimitError, address_key

websockets = pytest.importorskip("websockets")

# -- 1. no state counts the decisions answered ---------------------------------------------


def test_no_state_counts_decisions_and_ids_are_random() -> None:
    _, room, _ = two_people()
    a, b = seat_up(room)
    spec = Box()
    room.attach(spec.conn, None)
    ids = []
    for _ in range(30):
        me = decider(room, (a, b))
        d = me.states()[-1]["decision"]
        ids.append(d["id"])
        room.decide(me.conn, d["id"], 0)
    for box in (a, b, spec):
        for m in box.states():
            assert "step" not in m  # the only count of decisions is the server's
            if m["decision"] is not None:
                assert box is not spec
    # ids are drawn at random: they say nothing of how many decisions came between
    assert len(set(ids)) == len(ids)
    assert any(y - x != 1 for x, y in pairwise(ids))
    assert room.step == 30


def test_a_stale_decision_does_not_learn_the_open_id() -> None:
    _, room, _ = two_people()
    a, b = seat_up(room)
    me = decider(room, (a, b))
    with pytest.raises(ProtocolError) as info:
        room.decide(me.conn, room.decision_id + 1, 0)
    assert info.value.code == "stale" and str(room.decision_id) not in str(info.value)


# -- 2. a client that never reads ---------------------------------------------------------


def _frame(text: str) -> bytes:
    """One masked text frame, as a client sends it (RFC 6455; payload under 64 KiB)."""
    data = text.encode()
    mask = os.urandom(4)
    head = bytes([0x81, 0x80 | len(data)]) if len(data) < 126 else bytes([0x81, 0xFE])
    if len(data) >= 126:
        head += len(data).to_bytes(2, "big")
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def _raw_client(port: int) -> socket.socket:
    """A websocket client that does the handshake and then never reads again."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a small window
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)  # byte by byte: nothing after the handshake is read
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock


def _read_to_close(sock: socket.socket) -> int | None:
    """Read server frames up to a close frame (answered; returns its code) or the end."""
    buf = b""

    def need(n: int) -> bool:
        nonlocal buf
        while len(buf) < n:
            chunk = sock.recv(1 << 16)
            if not chunk:
                return False
            buf += chunk
        return True

    while need(2):
        op, n = buf[0] & 0x0F, buf[1] & 0x7F
        at = 2
        if n == 126:
            if not need(4):
                return None
            n, at = int.from_bytes(buf[2:4], "big"), 4
        elif n == 127:
            if not need(10):
                return None
            n, at = int.from_bytes(buf[2:10], "big"), 10
        if not need(at + n):
            return None
        payload, buf = buf[at : at + n], buf[at + n :]
        if op == 0x8:
            sock.sendall(bytes([0x88, 0x80]) + b"\0\0\0\0")  # the closing handshake
            return int.from_bytes(payload[:2], "big")
    return None


def test_a_client_that_never_reads_is_closed_and_its_seat_is_away(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(web_server, "MAX_QUEUE", 300)
    # Every message 16 KB long (a state with many cards' facts is that big): the
    # socket's buffers fill after a few hundred instead of a few hundred thousand.
    real_send = Conn.send
    monkeypatch.setattr(Conn, "send", lambda c, m: real_send(c, {**m, "pad": "x" * 16000}))
    with serving(Lobby(seed=1, grace=2.0)) as srv:
        made = srv.create(opponent="random")
        room = srv.lobby.rooms[made["room"]]
        seat = room.seats[0]
        sock = _raw_client(srv.port)
        sock.settimeout(5)
        join = {"type": "join", "room": made["room"], "token": made["token"]}
        sock.sendall(_frame(json.dumps(join)))
        deadline = time.monotonic() + 10
        while not seat.conns and time.monotonic() < deadline:
            time.sleep(0.01)
        assert seat.conns and seat.away_since is None  # connected
        # The client asks and asks and never reads an answer (in bursts the server
        # answers at once while the socket takes them): once the socket's buffers are
        # full, the answers pile up in the server's queue.
        ping = _frame(json.dumps({"type": "ping"}))
        started = time.monotonic()
        sent = 0
        while seat.conns and time.monotonic() - started < 20:
            try:
                sock.sendall(ping * 5)
                sent += 5
            except OSError:  # the server stopped reading: it is closing the connection
                time.sleep(0.05)
            time.sleep(0.003)
        print(f"closed after {sent} unread pongs, {time.monotonic() - started:.1f} s")
        assert not seat.conns, "the stuck connection was not closed"
        assert seat.away_since is not None and room.outcome is None  # away: grace runs
        # The server dropped the connection: what it had sent can be read, then its
        # close frame (1008) if it could still queue one, then the end.
        sock.settimeout(10)
        assert _read_to_close(sock) in (1008, None)
        sock.close()
        # Not back within the grace: the normal loss.
        deadline = time.monotonic() + 10
        while room.outcome is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert room.outcome is not None and "left the duel" in room.outcome.reason
        assert room.outcome.winner == 1


def test_a_burst_from_a_client_that_reads_is_not_taken_for_a_stuck_one() -> None:
    with serving(Lobby(seed=1)) as srv:
        made = srv.create(opponent="random")
        seat = srv.lobby.rooms[made["room"]].seats[0]

        async def go() -> None:
            async with websockets.connect(srv.ws_url, max_size=None, compression=None) as ws:
                join = {"type": "join", "room": made["room"], "token": made["token"]}
                await ws.send(json.dumps(join))
                ping = json.dumps({"type": "ping"})
                for _ in range(3):  # 3 x 400 messages at once, more than MAX_QUEUE
                    await asyncio.gather(*(ws.send(ping) for _ in range(400)))
                pongs = 0
                while pongs < 1200:
                    if (await recv_json(ws))["type"] == "pong":
                        pongs += 1
                assert seat.conns  # still connected

        asyncio.run(go())


# -- 3. room creation is limited per client address ----------------------------------------


def _lobby(**limits: Any) -> tuple[Lobby, Clock]:
    clock = Clock()
    return Lobby(seed=1, clock=clock, **limits), clock


def _make(lobby: Lobby, owner: str | None) -> None:
    lobby.create(starter_deck("yugi"), Ruleset.mr3(), opponent="person", owner=owner)


def test_an_address_may_create_so_many_rooms_a_minute() -> None:
    lobby, clock = _lobby(rooms_per_minute=3, rooms_per_address=None)
    for _ in range(3):
        _make(lobby, "10.0.0.1")
    with pytest.raises(RoomLimitError, match="at most 3 a minute") as info:
        _make(lobby, "10.0.0.1")
    assert 19 <= info.value.retry_after <= 21  # one more room every 20 s
    _make(lobby, "10.0.0.2")  # another address is not held back
    _make(lobby, None)  # nor a caller that names none (the library, tests)
    clock.t += 20
    _make(lobby, "10.0.0.1")
    with pytest.raises(RoomLimitError):
        _make(lobby, "10.0.0.1")
    assert len(lobby.rooms) == 6


def test_an_address_may_have_so_many_rooms_at_once() -> None:
    lobby, clock = _lobby(rooms_per_minute=None, rooms_per_address=2)
    _make(lobby, "10.0.0.1")
    _make(lobby, "10.0.0.1")
    with pytest.raises(RoomLimitError, match="has 2 rooms on this server"):
        _make(lobby, "10.0.0.1")
    clock.t += 61  # nobody ever came to them: swept, and the address may create again
    _make(lobby, "10.0.0.1")
    assert len(lobby.rooms) == 1


def test_no_limits_when_switched_off_but_the_server_still_fills() -> None:
    lobby, _ = _lobby(rooms_per_minute=0, rooms_per_address=0, max_rooms=30)
    for _ in range(30):
        _make(lobby, "10.0.0.1")
    with pytest.raises(YgoError, match="full"):
        _make(lobby, "10.0.0.1")


def test_addresses_are_keyed_by_host_and_ipv6_by_its_64() -> None:
    assert address_key("192.0.2.7") == "192.0.2.7"
    assert address_key("::ffff:192.0.2.7") == "192.0.2.7"
    assert address_key("2001:db8:1:2::1") == address_key("2001:db8:1:2:ffff::9")
    assert address_key("2001:db8:1:2::1") == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("testclient") == "testclient"
    assert address_key(None) is None and address_key("") is None


def test_a_room_flood_from_one_address_gets_429_naming_the_limit() -> None:
    with serving(Lobby(seed=1, rooms_per_minute=4, rooms_per_address=10)) as srv:
        for _ in range(4):
            srv.create()
        r = httpx.post(srv.url + "/api/rooms", json={"deck": "starter:yugi"}, timeout=30)
        assert r.status_code == 429
        assert "at most 4 a minute" in r.json()["error"]
        assert 1 <= int(r.headers["Retry-After"]) <= 16
        assert len(srv.lobby.rooms) == 4
        # the limit is checked first: no deck is read for a client past it
        r = httpx.post(srv.url + "/api/rooms", json={"deck": "no-such-deck"}, timeout=30)
        assert r.status_code == 429
        # the default server: 20 a minute and 20 at once per address
        assert Lobby().rooms_per_minute == 20 and Lobby().rooms_per_address == 20


# -- 4. agents choose in the server's own bounded pool ---------------------------------------


class Counting:
    """An agent that notes how many agents think at once, and in which thread."""

    name = "counting"
    needs_view = False
    lock = threading.Lock()
    now = 0
    most = 0
    threads: ClassVar[set[str]] = set()

    def choose(self, view: Any, decision: Any) -> Any:
        cls = type(self)
        with cls.lock:
            cls.now += 1
            cls.most = max(cls.most, cls.now)
            cls.threads.add(threading.current_thread().name)
        time.sleep(0.05)
        with cls.lock:
            cls.now -= 1
        return decision.options[-1]


def test_agents_think_in_a_bounded_pool_of_the_servers_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from ygo.agents import registry

    monkeypatch.setitem(registry.AGENTS, "counting", lambda seed: Counting())
    with serving(Lobby(seed=1), agent_threads=2) as srv:
        pool = srv.app.state.agent_pool
        assert pool._max_workers == 2
        rooms = [srv.create(opponent="counting") for _ in range(5)]

        async def play(made: dict[str, Any]) -> None:
            async with websockets.connect(srv.ws_url, max_size=None, compression=None) as ws:
                await ws.send(json.dumps({"type": "join", "room": made["room"],
                                          "token": made["token"]}))  # fmt: skip
                answered = 0
                while answered < 6:
                    m = await recv_json(ws)
                    d = m.get("decision") if m["type"] == "state" else None
                    if d is not None:
                        await ws.send(json.dumps({"type": "decide", "room": made["room"],
                                                  "decision": d["id"], "option": 0}))  # fmt: skip
                        answered += 1

        async def all_five() -> None:
            await asyncio.gather(*(play(r) for r in rooms))

        asyncio.run(all_five())
    assert Counting.threads and all(t.startswith("ygo-agent") for t in Counting.threads)
    assert Counting.most <= 2  # five tables, never more than two agents at once


def test_the_pool_is_sized_to_the_machine() -> None:
    import os

    n = web_server.agent_workers()
    assert n == len(os.sched_getaffinity(0)) >= 1
    with Server(Lobby(seed=1)) as srv:
        assert srv.app.state.agent_pool._max_workers == n
