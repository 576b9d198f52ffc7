"""The search agent's thinking at the web table (issue 14: "the browser table can
show the same" as ``ygo play --insight``): sent to the seated people after each
of its moves when the room's creator asked for it, never otherwise, and never to
spectators (it names the agent's own options, so its cards)."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient

from ygo.data import starter_deck
from ygo.rules import Ruleset
from ygo.web.rooms import Conn, Lobby
from ygo.web.server import create_app


class Box:
    def __init__(self) -> None:
        self.got: list[dict[str, Any]] = []
        self.conn = Conn(lambda text: self.got.append(json.loads(text)))


def _play(insight: bool) -> tuple[Box, Box, Any]:
    lobby = Lobby(seed=4, clock=lambda: 1000.0)
    room, _ = lobby.create(
        starter_deck("yugi"),
        Ruleset.mr3(),
        opponent="search",
        opponent_deck=starter_deck("kaiba"),
        insight=insight,
    )
    agent = room.seats[1].agent
    assert agent is not None
    agent.think = None  # type: ignore[attr-defined]
    agent.iterations = 4  # type: ignore[attr-defined]
    me, watcher = Box(), Box()
    room.attach(me.conn, 0)
    room.attach(watcher.conn, None)
    for _ in range(300):
        if room.over or any(m["type"] == "insight" for m in me.got):
            break
        d = [m for m in me.got if m["type"] == "state"][-1]["decision"]
        assert d is not None
        room.decide(me.conn, d["id"], len(d["options"]) - 1)
    return me, watcher, room


def test_the_agents_thinking_reaches_the_player_when_asked() -> None:
    me, watcher, _ = _play(insight=True)
    shown = [m for m in me.got if m["type"] == "insight"]
    assert shown, "the search agent moved but its thinking was not shown"
    assert shown[0]["seat"] == 1
    assert shown[0]["lines"][0].startswith("search:")  # iterations, time, win estimate
    assert not [m for m in watcher.got if m["type"] == "insight"], "a spectator got it"


def test_no_thinking_is_sent_unless_the_room_asked_for_it() -> None:
    me, watcher, room = _play(insight=False)
    assert getattr(room.seats[1].agent, "insight", None) is not None  # it did search
    assert not [m for m in me.got + watcher.got if m["type"] == "insight"]


def test_the_insight_flag_must_be_a_boolean() -> None:
    with TestClient(create_app(Lobby(seed=1)), raise_server_exceptions=False) as c:
        r = c.post("/api/rooms", json={"deck": "starter:yugi", "insight": "yes"})
        assert r.status_code == 400
        assert "insight" in r.json()["error"]
        r = c.post("/api/rooms", json={"deck": "starter:yugi", "opponent": "rule", "insight": True})
        assert r.status_code == 200, r.text
