"""The web protocol: what a client may send, and what a card looks like on the wire."""

from __future__ import annotations

import pytest

from tests.engine.helpers import STARTERS
from ygo.defaults import Duel
from ygo.web import protocol as P


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("{not json", "bad-message"),
        ("[1, 2]", "bad-message"),
        ('"decide"', "bad-message"),
        ('{"type": "fly"}', "bad-message"),
        ('{"type": "decide", "room": "r", "decision": 1}', "bad-message"),
        ('{"type": "decide", "room": "r", "decision": "1", "option": 0}', "bad-message"),
        ('{"type": "decide", "room": "r", "decision": true, "option": 0}', "bad-message"),
        ('{"type": "decide", "room": "r", "decision": 1.5, "option": 0}', "bad-message"),
        ('{"type": "decide", "room": "r", "decision": 99999999999, "option": 0}', "bad-message"),
        ('{"type": "decide", "room": "r", "decision": 1, "option": 0, "x": 1}', "bad-message"),
        ('{"type": "join", "room": 5, "token": "t"}', "bad-message"),
        ('{"type": "join", "room": "r", "token": "t", "lang": "fr"}', "bad-message"),
        ("[" * 3000 + "]" * 3000, "too-large"),
        ('{"type": "ping", "pad": "' + "x" * 5000 + '"}', "too-large"),
        (b"\xff\xfe", "bad-message"),
    ],
)
def test_bad_messages_are_refused_with_a_reason(raw: str | bytes, code: str) -> None:
    with pytest.raises(P.ProtocolError) as info:
        P.parse_message(raw)
    assert info.value.code == code
    assert str(info.value)


def test_good_messages_parse() -> None:
    m = P.parse_message('{"type": "decide", "room": "abc", "decision": 3, "option": 0}')
    assert m.type == "decide" and m.get("option") == 0
    m = P.parse_message(b'{"type": "join", "room": "abc", "token": "t", "lang": "zh"}')
    assert m.get("lang") == "zh"
    assert P.parse_message('{"type": "ping"}').type == "ping"


def test_a_hidden_card_is_only_its_place() -> None:
    # R-DUEL-8: the opponent's hand goes over the wire as places, nothing more.
    duel = Duel(STARTERS, seed=3, first=0)
    view, codes = P.view_json(duel.view(0))
    theirs = view["players"][1]["hand"]
    assert theirs and all(set(c) <= {"ctrl", "loc", "i", "up", "def_pos"} for c in theirs)
    mine = view["players"][0]["hand"]
    assert all("code" in c and "uid" in c for c in mine)
    assert codes == {c["code"] for c in mine}
    assert view["players"][1]["deck"] == len(duel.deck(1))


def test_card_info_has_names_frame_and_summary() -> None:
    info = P.card_info(46986414)  # Dark Magician
    assert info["name"] == "Dark Magician" and info["zh"] and info["zh"] != info["name"]
    assert info["frame"] == "normal" and info["attr"] == "DARK" and info["level"] == 7
    assert (info["atk"], info["defense"]) == (2500, 2100)
    spell = P.card_info(55144522)  # Pot of Greed
    assert spell["frame"] == "spell" and "atk" not in spell and spell["summary"]
