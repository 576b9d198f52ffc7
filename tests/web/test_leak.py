"""Nothing hidden goes over the wire (R-DUEL-8), checked on the real server.

Seeded duels are played through ``ygo.web.server`` on loopback: a websocket
client in each seat answers its decisions at random (seeded) and a spectator
watches; every message each of the three received is then checked against what
that receiver may know at the step the message was built (tests/web/leakcheck.py;
the server tells the test that step through ``Lobby.trace``: no message carries it).
0 leaks is the only pass.

The decks are the shipped starter and sample decks (Extra Decks, Pendulums,
Synchro and Xyz monsters included), each cut to a seeded 8 to 20 cards so a
duel ends by deck-out within a few turns; the rulesets alternate mr3 and
classic. ``make test`` plays 100 duels (about a minute); the ``slow`` test
plays 1,000 (``make test-slow``; about 6 minutes). ``LEAK_DUELS``
overrides the first. The seeds are fixed: a failure is reproducible.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
from typing import Any

import pytest

from tests.web.harness import Server, recv_json
from tests.web.leakcheck import Received, check_duel
from ygo.core.deck import Deck
from ygo.data import sample_deck, starter_deck
from ygo.engine.view import SPECTATOR
from ygo.formats.ydke import write_ydke
from ygo.rules import Ruleset
from ygo.web.rooms import Conn, Lobby

websockets = pytest.importorskip("websockets")

DUELS = int(os.environ.get("LEAK_DUELS", "100"))
AT_ONCE = 8


def _decks() -> list[Deck]:
    return [
        starter_deck("yugi"),
        starter_deck("kaiba"),
        sample_deck("synchro"),
        sample_deck("pendulum"),
    ]


def cut(deck: Deck, rng: random.Random) -> Deck:
    main = list(deck.main)
    rng.shuffle(main)
    return Deck(tuple(main[: rng.randint(8, 20)]), deck.extra, ())


async def _client(
    url: str, first: dict[str, Any], r: Received, answers: dict[int, int], rng: random.Random
) -> None:
    async with websockets.connect(url, max_size=None, compression=None) as ws:
        await ws.send(json.dumps(first))
        answered = -1
        while True:
            try:
                m = await recv_json(ws, timeout=60)
            except TimeoutError:
                tail = [x.get("type") for x in r.messages[-3:]]
                raise AssertionError(f"viewer {r.viewer} waited 60 s; last: {tail}") from None
            r.messages.append(m)
            if m["type"] == "error":
                raise AssertionError(f"the server refused a client's move: {m}")
            if m["type"] != "state":
                continue
            if m["status"]["result"] is not None:
                return
            d = m.get("decision")
            if d is not None and d["id"] != answered:
                answered = d["id"]
                option = rng.randrange(len(d["options"]))
                answers[d["id"]] = option
                await ws.send(
                    json.dumps(
                        {
                            "type": "decide",
                            "room": first["room"],
                            "decision": d["id"],
                            "option": option,
                        }
                    )
                )


async def _duel(srv: Server, http: Any, n: int) -> int:
    rng = random.Random(n)
    pool = _decks()
    decks = (cut(rng.choice(pool), rng), cut(rng.choice(pool), rng))
    ruleset = Ruleset.mr3() if n % 2 == 0 else Ruleset.classic()
    a = await http.post(
        "/api/rooms",
        json={
            "deck": {"ydke": write_ydke(decks[0])},
            "ruleset": ruleset.name,
            "opponent": "person",
        },
    )
    assert a.status_code == 200, a.text
    room = a.json()["room"]
    b = await http.post(f"/api/rooms/{room}/join", json={"deck": {"ydke": write_ydke(decks[1])}})
    assert b.status_code == 200, b.text
    seed = srv.lobby.rooms[room].seed
    got = [Received(0, "en"), Received(1, "zh"), Received(SPECTATOR, "en")]
    answers: dict[int, int] = {}
    await asyncio.gather(
        _client(
            srv.ws_url,
            {"type": "join", "room": room, "token": a.json()["token"]},
            got[0],
            answers,
            random.Random(n * 2 + 1),
        ),
        _client(
            srv.ws_url,
            {"type": "join", "room": room, "token": b.json()["token"], "lang": "zh"},
            got[1],
            answers,
            random.Random(n * 2 + 2),
        ),
        _client(srv.ws_url, {"type": "watch", "room": room}, got[2], answers, random.Random(0)),
    )
    traces = srv.traces  # type: ignore[attr-defined]
    for r, seat in zip(got, (0, 1, None), strict=True):
        r.steps = traces.pop((room, seat), [])
    checks = check_duel(decks, ruleset, seed, answers, got)
    assert checks > 0
    return checks


def _http(srv: Server) -> Any:
    import httpx

    # A new connection per request: a kept-alive one can be closed by the server
    # (uvicorn's 5 s keep-alive timeout) just as the next request goes out, and the
    # client then reads nothing (httpx.ReadError), a race of the test, not the table.
    return httpx.AsyncClient(
        base_url=srv.url, timeout=30, limits=httpx.Limits(max_keepalive_connections=0)
    )


def run_duels(count: int) -> tuple[int, float, int]:
    """Play ``count`` duels through a real server and check them; (checks, seconds, decisions)."""
    started = time.monotonic()
    # every room is made from 127.0.0.1: no room limit per address
    lobby = Lobby(seed=20_000, rooms_per_minute=None, rooms_per_address=None)
    traces: dict[tuple[str, int | None], list[int]] = {}

    def trace(conn: Conn, step: int) -> None:  # the step each state was built at
        assert conn.room is not None
        traces.setdefault((conn.room.id, conn.seat), []).append(step)

    lobby.trace = trace
    with Server(lobby, check_decks=False) as srv:
        srv.traces = traces  # type: ignore[attr-defined]

        async def main() -> int:
            total = 0
            sem = asyncio.Semaphore(AT_ONCE)
            async with _http(srv) as http:

                async def one(n: int) -> int:
                    async with sem:
                        return await _duel(srv, http, n)

                for checks in await asyncio.gather(*(one(n) for n in range(count))):
                    total += checks
            return total

        total = asyncio.run(main())
        decisions = len(srv.lobby.decide_times)
    return total, time.monotonic() - started, decisions


def test_no_hidden_card_reaches_any_client() -> None:
    # R-DUEL-8 over the wire: both seats and a spectator, every message checked.
    checks, seconds, decisions = run_duels(DUELS)
    print(f"leak test: {DUELS} duels, {decisions} decisions, {checks} checks, {seconds:.0f} s")
    assert checks > DUELS * 100


@pytest.mark.slow
def test_a_thousand_duels_leak_nothing() -> None:
    # R-DUEL-8 over the wire, the 1,000 seeded duels.
    checks, seconds, decisions = run_duels(1000)
    print(
        f"leak test: 1000 duels, {decisions} decisions, {checks} checks, 0 leaks, {seconds:.0f} s"
    )
    assert checks > 100_000
