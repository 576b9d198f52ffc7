"""The real server on loopback: lobby requests, deck errors, bad messages, reconnect."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.web.harness import Server, recv_json, serving
from ygo.data import starter_deck
from ygo.formats.ydk import write_ydk
from ygo.formats.ydke import write_ydke

websockets = pytest.importorskip("websockets")


@pytest.fixture(scope="module")
def srv() -> Iterator[Server]:
    with serving(agent_threads=2) as s:  # the slow agent below holds one thread
        yield s


def connect(srv: Server) -> Any:
    return websockets.connect(srv.ws_url, max_size=None, compression=None)


async def until_state(ws: Any) -> dict[str, Any]:
    while True:
        m = await recv_json(ws)
        if m["type"] == "state":
            return m


async def until_decision(ws: Any) -> dict[str, Any]:
    while True:
        m = await until_state(ws)
        if m["decision"] is not None:
            return m


def test_the_page_and_its_files_are_served(srv: Server) -> None:
    r = httpx.get(srv.url + "/")
    assert r.status_code == 200 and "table.js" in r.text
    for f in ("table.js", "table.css"):
        assert httpx.get(f"{srv.url}/static/{f}").status_code == 200
    info = httpx.get(srv.url + "/api/info").json()
    assert {"starter:yugi", "starter:kaiba"} <= {d["id"] for d in info["decks"]}
    assert "random" in {a["name"] for a in info["agents"]}
    assert set(info["rulesets"]) == {"mr3", "classic"}


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        ({"ydke": "ydke://!!!"}, "Main Deck has 0 cards"),
        ({"ydke": "ydke://@@@@!!!"}, "ydke"),
        ({"ydke": "http://example"}, "ydke://"),
        ({"ydk": "#main\n123\n"}, "123"),  # an unknown passcode, named
        ({"ydk": "#main\n46986414\n"}, "deck rules"),  # one card: too small
        ("starter:nobody", "nobody"),
        (42, "choose a deck"),
    ],
)
def test_deck_errors_are_said_clearly(srv: Server, deck: Any, message: str) -> None:
    status, data = srv.post("/api/rooms", {"deck": deck, "opponent": "random"})
    assert status == 400 and message in data["error"]


def test_decks_from_ydke_and_ydk(srv: Server) -> None:
    deck = starter_deck("yugi")
    assert srv.create(deck={"ydke": write_ydke(deck)}, opponent="random")["token"]
    assert srv.create(deck={"ydk": write_ydk(deck), "name": "mine.ydk"}, opponent="greedy")
    status, data = srv.post("/api/rooms", {"deck": "starter:yugi", "ruleset": "speed"})
    assert status == 400 and "ruleset" in data["error"]
    status, data = srv.post("/api/rooms", {"deck": "starter:yugi", "opponent": "nobody"})
    assert status == 400 and "opponent" in data["error"]
    status, data = srv.post("/api/rooms", {"deck": "starter:yugi", "timer": 1})
    assert status == 400 and "timer" in data["error"]
    r = httpx.post(srv.url + "/api/rooms", content=b"x" * 300_000)
    assert r.status_code == 400 and "too large" in r.json()["error"]


def test_bad_messages_get_an_error_and_change_nothing(srv: Server) -> None:
    room = srv.create(opponent="random")
    other = srv.create(opponent="random")

    async def go() -> None:
        async with connect(srv) as ws:
            await ws.send("{nope")
            assert (await recv_json(ws))["type"] == "error"
            await ws.send(json.dumps({"type": "decide", "room": room["room"], "decision": 0,
                                      "option": 0}))  # fmt: skip
            assert (await recv_json(ws))["code"] == "not-joined"
            await ws.send(json.dumps({"type": "join", "room": room["room"], "token": "bad"}))
            assert (await recv_json(ws))["code"] == "bad-token"
            await ws.send(json.dumps({"type": "join", "room": "nowhere", "token": "x"}))
            assert (await recv_json(ws))["code"] == "no-room"
            await ws.send(json.dumps({"type": "join", "room": room["room"],
                                      "token": room["token"]}))  # fmt: skip
            assert (await recv_json(ws))["type"] == "welcome"
            m = await until_decision(ws)
            d = m["decision"]
            lobby_room = srv.lobby.rooms[room["room"]]
            assert lobby_room.duel is not None
            digest = lobby_room.duel.digest()
            bad: list[tuple[Any, str]] = [
                ({"type": "decide", "room": room["room"], "decision": d["id"] + 5, "option": 0},
                 "stale"),
                ({"type": "decide", "room": room["room"], "decision": d["id"],
                  "option": len(d["options"])}, "bad-option"),
                ({"type": "decide", "room": other["room"], "decision": d["id"], "option": 0},
                 "other-room"),
                ({"type": "join", "room": other["room"], "token": other["token"]}, "joined"),
                ({"type": "why", "room": room["room"], "uid": 99999}, "bad-card"),
                ({"type": "decide", "room": room["room"], "decision": d["id"], "option": 0,
                  "pad": "x" * 10_000}, "too-large"),
            ]  # fmt: skip
            for msg, code in bad:
                await ws.send(json.dumps(msg))
                got = await recv_json(ws)
                assert got["type"] == "error" and got["code"] == code, (msg, got)
            await ws.send(b"\x00" * 200_000)  # a huge binary frame
            assert (await recv_json(ws))["code"] == "too-large"
            assert lobby_room.duel.digest() == digest
            await ws.send(json.dumps({"type": "ping"}))
            assert (await recv_json(ws))["type"] == "pong"
            # and the duel goes on
            await ws.send(json.dumps({"type": "decide", "room": room["room"],
                                      "decision": d["id"], "option": 0}))  # fmt: skip
            m = await until_state(ws)
            assert m["decision"] is None or m["decision"]["id"] != d["id"]

    asyncio.run(go())


def test_a_dropped_connection_resumes_at_the_same_decision(srv: Server) -> None:
    room = srv.create(opponent="random")
    join = {"type": "join", "room": room["room"], "token": room["token"]}

    async def go() -> None:
        async with connect(srv) as ws:
            await ws.send(json.dumps(join))
            for _ in range(6):
                d = (await until_decision(ws))["decision"]
                await ws.send(json.dumps({"type": "decide", "room": room["room"],
                                          "decision": d["id"], "option": 0}))  # fmt: skip
            before = await until_decision(ws)
        await asyncio.sleep(0.2)
        seat = srv.lobby.rooms[room["room"]].seats[0]
        assert not seat.conns and seat.away_since is not None
        async with connect(srv) as ws:
            await ws.send(json.dumps(join))
            after = await until_decision(ws)
            assert after["decision"] == before["decision"]
            assert after["view"] == before["view"]
            assert after["log"] and after["cards"]
        # a spectator of the same room sees it, without a decision
        async with connect(srv) as ws:
            await ws.send(json.dumps({"type": "watch", "room": room["room"]}))
            s = await until_state(ws)
            assert s["seat"] is None and s["decision"] is None and s["view"]

    asyncio.run(go())


def test_two_people_in_one_room(srv: Server) -> None:
    a = srv.create(opponent="person")
    status, b = srv.post(f"/api/rooms/{a['room']}/join", {"deck": "starter:kaiba", "name": "Kaiba"})
    assert status == 200 and b["seat"] == 1
    listing = httpx.get(srv.url + "/api/rooms").json()["rooms"]
    mine = next(r for r in listing if r["room"] == a["room"])
    assert mine["seats"][1]["name"] == "Kaiba" and not mine["open"]
    assert "token" not in json.dumps(listing)


class Sleepy:
    """An agent that thinks for a long time (a stand-in for a slow search agent)."""

    name = "sleepy"
    needs_view = True

    def choose(self, view: Any, decision: Any) -> Any:
        import time

        time.sleep(1.5)
        return decision.options[0]


def test_a_slow_agent_does_not_stall_the_other_tables(
    srv: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    import time

    from ygo.agents import registry

    monkeypatch.setitem(registry.AGENTS, "sleepy", lambda seed: Sleepy())
    slow = srv.create(opponent="sleepy")
    fast = srv.create(opponent="random")

    async def go() -> None:
        async with connect(srv) as a, connect(srv) as b:
            await a.send(json.dumps({"type": "join", "room": slow["room"], "token": slow["token"]}))
            room = srv.lobby.rooms[slow["room"]]
            for _ in range(20):  # answer until the slow agent is thinking
                if room.thinking:
                    break
                m = await until_state(a)
                if m["decision"] is not None:
                    answer = {"type": "decide", "room": slow["room"],
                              "decision": m["decision"]["id"], "option": 0}  # fmt: skip
                    await a.send(json.dumps(answer))
            assert room.thinking
            await b.send(json.dumps({"type": "join", "room": fast["room"], "token": fast["token"]}))
            d = (await until_decision(b))["decision"]
            started = time.monotonic()
            await b.send(json.dumps({"type": "decide", "room": fast["room"],
                                     "decision": d["id"], "option": 0}))  # fmt: skip
            while True:
                m = await until_state(b)
                if m["decision"] is None or m["decision"]["id"] != d["id"]:
                    break
            assert time.monotonic() - started < 1.0  # answered while the other agent thinks
            assert room.thinking

    asyncio.run(go())
