"""The web table tells a person how many cards of their own deck have an effect
and no behaviour (issue 24, item 6), never anything of the other seat's deck;
the rooms play with the server's scripts (``ygo serve --scripts``)."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from tests.web.test_rooms import Box
from ygo.cards.scripts import Scripts, default_scripts
from ygo.data import starter_deck
from ygo.playable import ScriptChoice
from ygo.rules import Ruleset
from ygo.scripting import Combined
from ygo.web.rooms import Lobby
from ygo.web.server import create_app

CARD_DESTRUCTION = 72892473  # in Yugi's starter deck, not in Kaiba's


def _lacking(code: int) -> Scripts:
    full = default_scripts()
    return Scripts({c: full.effects(c) for c in full.codes() if c != code})


def test_each_seat_is_told_of_its_own_deck_only() -> None:
    lobby = Lobby(seed=3, scripts=Combined(_lacking(CARD_DESTRUCTION)))
    room, _ = lobby.create(starter_deck("yugi"), Ruleset.mr3(), opponent="person")
    assert room.seats[0].notice == (
        "Your deck: 1 of 20 cards with an effect have no behaviour (1 copy); 19 play native, "
        "no Lua folder named: Card Destruction x1"
    )
    a, b, watcher = Box(), Box(), Box()
    room.attach(a.conn, 0)
    assert a.states()[-1]["notice"] == room.seats[0].notice  # before the duel starts too
    lobby.join(room.id, starter_deck("kaiba"))
    assert room.seats[1].notice == ""  # every card of Kaiba's deck plays: nothing to say
    room.attach(b.conn, 1)
    room.attach(watcher.conn, None)
    room.publish()
    assert room.duel is not None and room.duel.scripts is lobby.scripts
    assert a.states()[-1]["notice"] == room.seats[0].notice
    assert all("notice" not in m for m in b.states() + watcher.states())


def test_a_room_plays_the_lua_scripts_and_the_create_answer_says_so(lua_folder: Path) -> None:
    scripts = ScriptChoice(str(lua_folder)).source()
    lobby = Lobby(seed=5, scripts=Combined(_lacking(CARD_DESTRUCTION), scripts.lua))
    with TestClient(create_app(lobby), raise_server_exceptions=False) as c:
        r = c.post("/api/rooms", json={"deck": "starter:yugi", "opponent": "random"})
        assert r.status_code == 200, r.text
        body = r.json()
    assert body["notice"] == (
        "Your deck: every card with an effect has a behaviour (19 native, 1 Lua)"
    )
    room = lobby.rooms[body["room"]]
    assert room.duel is not None and room.duel.scripts is lobby.scripts
