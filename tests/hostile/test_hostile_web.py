"""Hostile review of the web table (issue 13): a cheating opponent, a nosy
spectator and a careless client against ``ygo serve``.

Every bad request gets an error (a 400 or an ``error`` message) and changes
nothing; nothing a seat may not know reaches it; seats are not guessable.
"""

from __future__ import annotations

import json
import re
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")

with warnings.catch_warnings():  # "use httpx2": the TestClient works the same
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from ygo.core.enums import Phase
from ygo.data import starter_deck
from ygo.engine.actions import ActionKind
from ygo.rules import Ruleset
from ygo.web import server as web_server
from ygo.web.protocol import ProtocolError
from ygo.web.rooms import Conn, Lobby, Room, Seat
from ygo.web.server import create_app

JSON = {"content-type": "application/json"}


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


class Box:
    def __init__(self) -> None:
        self.got: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.conn = Conn(self._take)

    def _take(self, text: str) -> None:
        self.raw.append(text)
        self.got.append(json.loads(text))


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Lobby(seed=1)), raise_server_exceptions=False) as c:
        yield c


def _room(client: TestClient) -> dict[str, Any]:
    r = client.post("/api/rooms", json={"deck": "starter:yugi"})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


# -- bad requests get a 400, never a 500 ---------------------------------------------------


@pytest.mark.parametrize("path", ["/api/rooms", "JOIN"])
def test_a_deeply_nested_request_body_gets_a_400(client: TestClient, path: str) -> None:
    if path == "JOIN":
        path = f"/api/rooms/{_room(client)['room']}/join"
    r = client.post(path, content=b"[" * 100_000, headers=JSON)  # RecursionError in json
    assert r.status_code == 400, r.text
    assert "JSON" in r.json()["error"]


@pytest.mark.parametrize("path", ["/api/rooms", "JOIN"])
def test_a_ydk_upload_with_a_lone_surrogate_gets_a_400(client: TestClient, path: str) -> None:
    if path == "JOIN":
        path = f"/api/rooms/{_room(client)['room']}/join"
    body = b'{"deck": {"ydk": "#main\\n\\ud800\\n", "name": "x.ydk"}}'
    r = client.post(path, content=body, headers=JSON)
    assert r.status_code == 400, r.text
    assert "ydk" in r.json()["error"]


def test_an_error_quoting_a_file_name_with_a_lone_surrogate_gets_a_400(
    client: TestClient,
) -> None:
    body = b'{"deck": {"ydk": "#main\\n12\\n", "name": "\\udfff.ydk"}}'
    r = client.post("/api/rooms", content=body, headers=JSON)
    assert r.status_code == 400, r.text
    assert r.json()["error"]


@pytest.mark.parametrize(
    "body",
    [
        {"deck": "starter:../../../../etc/passwd"},
        {"deck": "sample:../../pyproject"},
        {"deck": "/etc/passwd"},
        {"deck": {"ydke": "ydke://" + "A" * 30_000}},
        {"deck": {"ydk": "\x00\x01" * 1000}},
        {"deck": {"ydk": "#main\n" + "99999999999999999999999\n" * 10}},
        {"deck": {"ydk": "#main\n89631139\n" * 60}},
        {"deck": "starter:yugi", "timer": float("inf")},
        {"deck": "starter:yugi", "timer": True},
        {"deck": "starter:yugi", "opponent": "__import__('os')"},
        {"deck": "starter:yugi", "ruleset": ["mr3"]},
        {"deck": ["starter:yugi"]},
    ],
)
def test_hostile_decks_and_options_get_a_400(client: TestClient, body: dict[str, Any]) -> None:
    r = client.post("/api/rooms", content=json.dumps(body, allow_nan=True).encode(), headers=JSON)
    assert r.status_code == 400, r.text
    assert "root:" not in r.text and "[project]" not in r.text  # no file is read


# -- tokens and seats ------------------------------------------------------------------------


@pytest.mark.parametrize("token", ["\u00e9t\u00e9", "\ud800", "x" * 200])
def test_a_non_ascii_or_wrong_token_is_a_bad_token(client: TestClient, token: str) -> None:
    room = _room(client)
    with client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "join", "room": room["room"], "token": token}))
        got = ws.receive_json()
        assert got["type"] == "error" and got["code"] == "bad-token", got


def test_tokens_are_long_and_never_sent_to_anyone_else() -> None:
    clock = Clock()
    lobby = Lobby(seed=5, clock=clock)
    room, t0 = lobby.create(starter_deck("yugi"), Ruleset.mr3(), opponent="person")
    _, t1 = lobby.join(room.id, starter_deck("kaiba"))
    assert len(t0) >= 24 and len(t1) >= 24 and t0 != t1  # secrets.token_urlsafe(18)
    a, b, spec = Box(), Box(), Box()
    room.attach(a.conn, 0)
    room.attach(b.conn, 1)
    room.attach(spec.conn, None)
    for _ in range(60):
        d = room.duel.decision if room.duel else None
        if d is None or room.over:
            break
        room.decide((a, b)[d.player].conn, room.decision_id, 0)
    listing = json.dumps(lobby.listing())
    for secret, others in ((t0, (b, spec)), (t1, (a, spec))):
        assert secret not in listing
        for box in others:
            assert all(secret not in text for text in box.raw)


# -- what a spectator and the opponent learn ----------------------------------------------


def test_why_on_a_hidden_card_says_no_more_than_on_no_card() -> None:
    lobby = Lobby(seed=2, clock=Clock())
    room, _ = lobby.create(starter_deck("yugi"), Ruleset.mr3(), opponent="person")
    lobby.join(room.id, starter_deck("kaiba"))
    a, b, spec = Box(), Box(), Box()
    room.attach(a.conn, 0)
    room.attach(b.conn, 1)
    room.attach(spec.conn, None)
    room.decide((a, b)[room.duel.decision.player].conn, room.decision_id, 0)  # type: ignore[union-attr]
    duel = room.duel
    assert duel is not None
    texts = set()
    for uid in [*duel.hand(1), *duel.deck(1), *duel.deck(0), *duel.extra(1), 10**6, -1]:
        with pytest.raises(ProtocolError) as info:
            room.why(a.conn, uid)
        texts.add((info.value.code, str(info.value)))
    assert len(texts) == 1, texts  # one answer for every card it may not identify
    with pytest.raises(ProtocolError):
        room.why(spec.conn, duel.hand(0)[0])


def test_the_page_never_puts_text_in_as_html() -> None:
    for f in web_server.STATIC.glob("*.js"):
        src = f.read_text()
        for bad in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
            assert bad not in src, (f.name, bad)
        # setAttribute only with attribute names written in the page, never an on* handler
        for name in re.findall(r"setAttribute\(\s*\"([^\"]+)\"", src):
            assert not name.lower().startswith("on")


def test_a_player_name_with_html_is_kept_as_text_and_sent_as_json(client: TestClient) -> None:
    name = '<img src=x onerror="alert(1)">\u202e\x1b[31m'
    r = client.post("/api/rooms", json={"deck": "starter:yugi", "name": name})
    assert r.status_code == 200
    rooms = client.get("/api/rooms").json()["rooms"]
    (mine,) = [x for x in rooms if x["room"] == r.json()["room"]]
    shown = mine["seats"][0]["name"]
    assert "\x1b" not in shown and "\u202e" not in shown  # control characters dropped
    assert len(shown) <= 24


# -- leaving, coming back, never coming ----------------------------------------------------


def _two(grace: float = 30) -> tuple[Lobby, Room, Clock]:
    clock = Clock()
    lobby = Lobby(grace=grace, seed=7, clock=clock)
    room, _ = lobby.create(starter_deck("yugi"), Ruleset.mr3(), opponent="person")
    return lobby, room, clock


def test_a_player_who_never_connects_loses_after_the_grace() -> None:
    # The creator waits at the table; the joiner took the seat over HTTP and never came.
    lobby, room, clock = _two(grace=30)
    a = Box()
    room.attach(a.conn, 0)
    lobby.join(room.id, starter_deck("kaiba"))
    assert room.started
    clock.t += 29
    lobby.tick()
    assert room.outcome is None
    clock.t += 2
    lobby.tick()
    assert room.outcome is not None and room.outcome.winner == 0, room.outcome


def test_when_both_are_away_the_first_to_leave_loses() -> None:
    lobby, room, clock = _two(grace=30)
    a, b = Box(), Box()
    room.attach(a.conn, 0)
    lobby.join(room.id, starter_deck("kaiba"))
    room.attach(b.conn, 1)
    room.detach(b.conn)  # seat 1 leaves first
    clock.t += 20
    room.detach(a.conn)
    clock.t += 40  # the server was busy: one tick sees both past the grace
    lobby.tick()
    assert room.outcome is not None and room.outcome.winner == 0, room.outcome


def test_a_stolen_token_from_another_room_is_refused() -> None:
    lobby, room, _ = _two()
    other, t_other = lobby.create(starter_deck("yugi"), Ruleset.mr3(), opponent="person")
    assert lobby.seat_of(room, t_other) is None
    assert lobby.seat_of(other, t_other) == 0
    assert lobby.seat_of(room, "") is None  # the unjoined seat's empty token is no key


def test_bad_decisions_from_every_side_change_nothing() -> None:
    lobby, room, _ = _two()
    a, b, spec = Box(), Box(), Box()
    room.attach(a.conn, 0)
    lobby.join(room.id, starter_deck("kaiba"))
    room.attach(b.conn, 1)
    room.attach(spec.conn, None)
    duel = room.duel
    assert duel is not None and duel.decision is not None
    me = (a, b)[duel.decision.player]
    other = b if me is a else a
    digest, step = duel.digest(), room.decision_id
    for conn, did, opt in [
        (spec.conn, step, 0),
        (other.conn, step, 0),
        (me.conn, step - 1, 0),
        (me.conn, step + 1, 0),
        (me.conn, step, 10**6),
        (me.conn, step, -(2**31)),
    ]:
        with pytest.raises(ProtocolError):
            room.decide(conn, did, opt)
    assert duel.digest() == digest and room.decision_id == step


def test_a_flood_of_bad_messages_then_a_good_one(client: TestClient) -> None:
    r = client.post("/api/rooms", json={"deck": "starter:yugi", "opponent": "random"})
    room = r.json()
    with client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "join", "room": room["room"], "token": room["token"]}))
        assert ws.receive_json()["type"] == "welcome"
        state = ws.receive_json()
        while state.get("decision") is None:
            state = ws.receive_json()
        bad = ["", "null", "[]", '{"type":"decide"}', "{" * 3000, '{"type":"join"}',
               json.dumps({"type": "decide", "room": room["room"], "decision": 1.5, "option": 0}),
               json.dumps({"type": "decide", "room": "other", "decision": 0, "option": 0}),
               json.dumps({"type": "why", "room": room["room"], "uid": 2**40})]  # fmt: skip
        for i in range(300):
            ws.send_text(bad[i % len(bad)])
        for _ in range(300):
            assert ws.receive_json()["type"] == "error"
        d = state["decision"]
        ws.send_text(json.dumps({"type": "decide", "room": room["room"],
                                 "decision": d["id"], "option": 0}))  # fmt: skip
        nxt = ws.receive_json()
        assert nxt["type"] == "state" and (nxt["decision"] or {}).get("id") != d["id"]


# -- tells: what the opponent could have done --------------------------------------------


def _battle_room(trap: str) -> tuple[Room, list[Box]]:
    """Player 0 may attack; player 1 has a Set ``trap`` (and a card in hand)."""
    from tests.scenario import Scenario

    s = Scenario(seed=1).at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.monster(0, "Summoned Skull")
    s.monster(1, "Celtic Guardian")
    s.spell(1, trap)
    s.hand(1, "Dark Hole")
    seats = (Seat("person", "A", token="a" * 24), Seat("person", "B", token="b" * 24))
    room = Room("r", Ruleset.mr3(), seats, seed=1, clock=Clock())
    room.duel = s.build()
    boxes = [Box(), Box(), Box()]
    for box, seat in zip(boxes, (0, 1, None), strict=True):
        room.attach(box.conn, seat)
    return room, boxes


def _attack_and_pass(room: Room, boxes: list[Box]) -> None:
    """Player 0 attacks with its first option; player 1 passes whenever asked."""
    duel = room.duel
    assert duel is not None
    for _ in range(2):  # attack with Summoned Skull; then the battle goes on
        d = duel.decision
        assert d is not None
        while d.player == 1:
            i = next(k for k, o in enumerate(d.options) if o.kind == ActionKind.PASS)
            room.decide(boxes[1].conn, room.decision_id, i)
            d = duel.decision
            assert d is not None
        room.decide(boxes[0].conn, room.decision_id, 0)


def _seen(box: Box) -> tuple[Any, ...]:
    """What a client can compare between two duels: its last view and decision (the
    id is drawn at random), every log line, and that no message counts decisions."""
    assert all("step" not in m for m in box.got)
    last = box.got[-1]
    d = last["decision"]
    if d is not None:
        d = {k: v for k, v in d.items() if k != "id"}
    log = [line["text"] for m in box.got for line in m.get("log") or []]
    return last["view"], d, log


def test_an_unused_response_window_of_the_opponent_is_not_counted_for_me() -> None:
    # No state says how many decisions were answered (both seats'): player 0 and
    # spectators must not learn that player 1 was asked at the attack, i.e. held a card
    # that could respond (Mirror Force), though nothing was activated.
    seen = []
    ids = []
    for trap in ("Mirror Force", "Trap Hole"):  # only the first can answer an attack
        room, boxes = _battle_room(trap)
        _attack_and_pass(room, boxes)
        seen.append((_seen(boxes[0]), _seen(boxes[2])))
        ids.append([m["decision"]["id"] for m in boxes[0].got if m.get("decision")])
    assert seen[0][0][0] == seen[1][0][0] and seen[0][1][0] == seen[1][1][0]  # the same table
    assert seen[0] == seen[1]
    # my decision ids do not count the decisions between them (random, never repeated)
    for mine in ids:
        assert len(set(mine)) >= 2


# -- the search agent at the table (once the ai branch is merged) -------------------------


def test_a_search_agent_opponent_searches_at_the_table() -> None:
    from ygo.agents.registry import AGENTS

    if "search" not in AGENTS:
        pytest.skip("no search agent on this branch")
    lobby = Lobby(seed=4, clock=Clock())
    room, _ = lobby.create(
        starter_deck("yugi"), Ruleset.mr3(), opponent="search", opponent_deck=starter_deck("kaiba")
    )
    agent = room.seats[1].agent
    assert agent is not None
    agent.think = None  # type: ignore[attr-defined]
    agent.iterations = 4  # type: ignore[attr-defined]
    box = Box()
    room.attach(box.conn, 0)
    for _ in range(200):
        if room.over or getattr(agent, "insight", None) is not None:
            break
        d = [m for m in box.got if m["type"] == "state"][-1]["decision"]
        assert d is not None
        room.decide(box.conn, d["id"], len(d["options"]) - 1)
    assert getattr(agent, "insight", None) is not None, "it never searched: no seat given"
