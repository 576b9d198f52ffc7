"""Rooms: seats, decisions by id, reconnect grace, the decision timer, cleanup."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ygo.data import starter_deck
from ygo.rules import Ruleset
from ygo.web.protocol import ProtocolError
from ygo.web.rooms import Conn, Lobby, Room


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


class Box:
    """A fake connection's inbox."""

    def __init__(self) -> None:
        self.got: list[dict[str, Any]] = []
        self.conn = Conn(lambda text: self.got.append(json.loads(text)))

    @property
    def last(self) -> dict[str, Any]:
        return self.got[-1]

    def states(self) -> list[dict[str, Any]]:
        return [m for m in self.got if m["type"] == "state"]


def two_people(grace: float = 180, timer: float | None = None) -> tuple[Lobby, Room, Clock]:
    clock = Clock()
    lobby = Lobby(grace=grace, seed=7, clock=clock)
    room, _ = lobby.create(starter_deck("yugi"), Ruleset.mr3(), opponent="person", timer=timer)
    lobby.join(room.id, starter_deck("kaiba"))
    return lobby, room, clock


def seat_up(room: Room) -> tuple[Box, Box]:
    a, b = Box(), Box()
    room.attach(a.conn, 0)
    room.attach(b.conn, 1)
    return a, b


def decider(room: Room, boxes: tuple[Box, Box]) -> Box:
    d = room.duel.decision if room.duel else None
    assert d is not None
    return boxes[d.player]


def test_the_duel_starts_when_both_seats_have_decks() -> None:
    clock = Clock()
    lobby = Lobby(seed=1, clock=clock)
    room, token = lobby.create(starter_deck("yugi"), Ruleset.mr3(), opponent="person")
    assert not room.started and lobby.seat_of(room, token) == 0
    assert lobby.seat_of(room, "nope") is None
    lobby.join(room.id, starter_deck("kaiba"))
    assert room.started
    with pytest.raises(Exception, match="no free seat"):
        lobby.join(room.id, starter_deck("kaiba"))


def test_only_the_open_decision_is_taken_and_bad_ones_change_nothing() -> None:
    _, room, _ = two_people()
    boxes = seat_up(room)
    me = decider(room, boxes)
    other = boxes[1] if me is boxes[0] else boxes[0]
    d = me.states()[-1]["decision"]
    assert d is not None and other.states()[-1]["decision"] is None
    digest = room.duel.digest() if room.duel else ""
    for conn, did, opt, code in [
        (other.conn, d["id"], 0, "not-your-decision"),
        (me.conn, d["id"] + 1, 0, "stale"),
        (me.conn, d["id"] - 1, 0, "stale"),
        (me.conn, d["id"], len(d["options"]), "bad-option"),
        (me.conn, d["id"], -1, "bad-option"),
    ]:
        with pytest.raises(ProtocolError) as info:
            room.decide(conn, did, opt)
        assert info.value.code == code
    assert room.duel is not None and room.duel.digest() == digest
    step = room.step
    room.decide(me.conn, d["id"], 0)
    assert room.step == step + 1 and room.decision_id != d["id"]  # a fresh, random id


def test_a_spectator_gets_no_decision_and_both_hands_hidden() -> None:
    _, room, _ = two_people()
    boxes = seat_up(room)
    room.decide(decider(room, boxes).conn, room.decision_id, 0)  # the coin toss: hands dealt
    spec = Box()
    room.attach(spec.conn, None)
    s = spec.last
    assert s["seat"] is None and s["decision"] is None
    for side in s["view"]["players"]:
        assert side["hand"] and all("code" not in c for c in side["hand"])
    with pytest.raises(ProtocolError):
        room.decide(spec.conn, room.decision_id, 0)


def test_reconnecting_resumes_the_same_decision_with_the_full_view() -> None:
    _, room, clock = two_people()
    boxes = seat_up(room)
    for _ in range(5):  # a few moves in
        box = decider(room, boxes)
        room.decide(box.conn, room.decision_id, 0)
    me = decider(room, boxes)
    seat = boxes.index(me)
    before = me.states()[-1]
    room.detach(me.conn)
    clock.t += 170  # within the 180 s grace
    room.tick()
    assert room.outcome is None
    again = Box()
    room.attach(again.conn, seat)
    after = again.last
    assert after["decision"]["id"] == before["decision"]["id"]
    assert after["decision"]["options"] == before["decision"]["options"]
    assert after["view"] == before["view"]
    assert len(after["log"]) >= len(before["log"])  # the whole log again
    assert after["cards"]  # every card's facts again


def test_a_player_who_does_not_come_back_loses() -> None:
    _, room, clock = two_people(grace=30)
    boxes = seat_up(room)
    room.detach(boxes[1].conn)
    assert boxes[0].last["status"]["seats"][1]["connected"] is False
    clock.t += 29
    room.tick()
    assert room.outcome is None
    clock.t += 2
    room.tick()
    assert room.outcome is not None and room.outcome.winner == 0
    assert "left" in room.outcome.reason
    assert boxes[0].last["status"]["result"]["winner"] == 0


def test_the_decision_timer_ends_the_duel_for_a_slow_player() -> None:
    _, room, clock = two_people(timer=30)
    boxes = seat_up(room)
    me = decider(room, boxes)
    seat = boxes.index(me)
    assert me.last["status"]["clock"]["player"] == seat
    clock.t += 20
    room.tick()
    assert room.outcome is None
    room.decide(me.conn, room.decision_id, 0)  # answering restarts the clock
    clock.t += 25
    room.tick()
    assert room.outcome is None
    clock.t += 10
    room.tick()
    assert room.outcome is not None and "out of time" in room.outcome.reason


def test_abandoned_rooms_are_cleaned_up() -> None:
    lobby, room, clock = two_people(grace=60)
    boxes = seat_up(room)
    room.detach(boxes[0].conn)
    room.detach(boxes[1].conn)
    clock.t += 30
    lobby.tick()
    assert room.id in lobby.rooms
    clock.t += 31
    lobby.tick()  # both gone past the grace: the duel ends, and the room goes
    assert room.outcome is not None
    clock.t += 61
    lobby.tick()
    assert room.id not in lobby.rooms


def test_a_room_against_an_agent_plays_the_agent_at_once() -> None:
    lobby = Lobby(seed=3, clock=Clock())
    room, _ = lobby.create(starter_deck("yugi"), Ruleset.mr3(), opponent="random")
    box = Box()
    room.attach(box.conn, 0)
    for _ in range(400):
        if room.over:
            break
        d = box.states()[-1]["decision"]
        assert d is not None  # whenever the duel waits, it waits for the person
        room.decide(box.conn, d["id"], len(d["options"]) - 1)
    assert room.over


def test_why_explains_own_cards_and_refuses_hidden_ones() -> None:
    _, room, _ = two_people()
    a, b = seat_up(room)
    room.decide(decider(room, (a, b)).conn, room.decision_id, 0)
    hand = a.last["view"]["players"][0]["hand"]
    why = room.why(a.conn, hand[0]["uid"])
    assert why["type"] == "why" and why["text"]
    assert room.duel is not None
    theirs = room.duel.hand(1)[0]
    with pytest.raises(ProtocolError) as info:
        room.why(a.conn, theirs)
    assert info.value.code == "bad-card"
    with pytest.raises(ProtocolError):
        room.why(a.conn, 10_000)
