"""`ygo deck check / show / convert`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.formats.fixtures import (
    BLUE_EYES,
    BLUE_EYES_ULTIMATE,
    DARK_MAGICIAN,
    MIRROR_FORCE,
    POT_OF_GREED,
    UNKNOWN,
    fillers,
    fixture_db,
    legal_deck,
    pool_db,
)
from ygo.cli.common import AppState
from ygo.cli.deck import group
from ygo.cli.main import cli
from ygo.core.deck import Deck
from ygo.data import starter_deck
from ygo.formats import dump_deck, parse_ydk, parse_ydke


def run(*args: str) -> Result:
    """`ygo deck ...` against the fixture card database."""
    return CliRunner().invoke(group, list(args), obj=AppState(_db=fixture_db()))


def deck_file(tmp_path: Path, deck: Deck, name: str = "deck.ydk") -> str:
    path = tmp_path / name
    path.write_text(dump_deck(deck))
    return str(path)


def banlist_file(tmp_path: Path) -> str:
    path = tmp_path / "test.lflist.conf"
    path.write_text(f"!T\n{POT_OF_GREED} 0\n{BLUE_EYES} 1\n!U\n")
    return str(path)


def test_help_everywhere() -> None:
    for args in ([], ["check"], ["show"], ["convert"]):
        result = run(*args, "--help")
        assert result.exit_code == 0, args
        assert "Usage:" in result.output
    assert "starter:yugi" in run("check", "--help").output


def test_check_legal_deck_exits_0(tmp_path: Path) -> None:
    result = run("check", deck_file(tmp_path, legal_deck()))
    assert result.exit_code == 0
    assert "deck: legal (mr3 ruleset)" in result.output


def test_check_lists_every_violation_and_exits_1(tmp_path: Path) -> None:
    deck = legal_deck(main=(*fillers(35), POT_OF_GREED, *(BLUE_EYES,) * 4, BLUE_EYES_ULTIMATE))
    path = deck_file(tmp_path, deck)
    result = run("check", path, "--banlist", f"{banlist_file(tmp_path)}:T")
    assert result.exit_code == 1
    for rule in ("R-DECK-2", "R-DECK-4", "R-DECK-5"):
        assert rule in result.output
    assert "4 violations" in result.output
    assert "Pot of Greed" in result.output


def test_check_json(tmp_path: Path) -> None:
    deck = legal_deck(main=(*fillers(39), UNKNOWN))
    result = run("check", deck_file(tmp_path, deck), "--json", "--ruleset", "classic")
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["legal"] is False and data["ruleset"] == "classic" and data["banlist"] is None
    assert data["violations"][0]["rule"] == "UNKNOWN-CARD"
    assert data["violations"][0]["code"] == UNKNOWN


def test_check_reports_by_the_chosen_ruleset(tmp_path: Path) -> None:
    # R-DECK-1, R-DECK-3: 61 Main Deck cards and a 5-card Side Deck: mr3 allows the
    # side but not the 61; classic has no Main Deck maximum but wants 15 or no side.
    path = deck_file(tmp_path, legal_deck(main=fillers(61), side=fillers(5, start=61)))
    mr3 = run("check", path)
    assert mr3.exit_code == 1
    assert "1 violation (mr3 ruleset)" in mr3.output
    assert "R-DECK-1" in mr3.output and "at most 60" in mr3.output
    assert "R-DECK-3" not in mr3.output
    classic = run("check", path, "--ruleset", "classic")
    assert classic.exit_code == 1
    assert "1 violation (classic ruleset)" in classic.output
    assert "R-DECK-3" in classic.output and "exactly 15 or none" in classic.output
    assert "R-DECK-1" not in classic.output
    data = json.loads(run("check", path, "--ruleset", "classic", "--json").output)
    assert [(v["rule"], v["count"], v["limit"]) for v in data["violations"]] == [
        ("R-DECK-3", 5, 15)
    ]


def test_check_classic_has_no_main_or_extra_maximum(tmp_path: Path) -> None:
    # R-DECK-1, R-DECK-2 (classic): 70 Main Deck cards and a 16-card Extra Deck are
    # fine; mr3 reports both sizes.
    deck = legal_deck(main=fillers(70), extra=(BLUE_EYES_ULTIMATE,) * 16)
    path = deck_file(tmp_path, deck)
    classic = run("check", path, "--ruleset", "CLASSIC", "--json")
    rules = [v["rule"] for v in json.loads(classic.output)["violations"]]
    assert rules == ["R-DECK-4"]  # 16 copies of one card: the copy cap still applies
    mr3 = run("check", path, "--json")
    rules = [v["rule"] for v in json.loads(mr3.output)["violations"]]
    assert rules == ["R-DECK-1", "R-DECK-2", "R-DECK-4"]


def test_check_json_legal(tmp_path: Path) -> None:
    result = run("check", deck_file(tmp_path, legal_deck()), "--json")
    assert result.exit_code == 0
    assert json.loads(result.output)["legal"] is True


def test_check_ydke_url_and_shipped_banlist() -> None:
    url = dump_deck(legal_deck(main=(*fillers(38), POT_OF_GREED, POT_OF_GREED)), "ydke")
    result = run("check", url, "--banlist", "dm5")
    assert result.exit_code == 1
    assert "R-DECK-5" in result.output and "limited to 1 in DM5" in result.output


def test_check_bad_inputs_exit_1_with_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.ydk"
    bad.write_text("#main\nnot a code\n")
    cases = [
        ([str(bad)], "line 2: expected a passcode"),
        ([str(tmp_path / "missing.ydk")], "no such deck file"),
        ([str(tmp_path)], "is a directory"),
        (["ydke://AAAA!!"], "2 '!' terminator"),
        (["starter:joey"], "no starter deck named 'joey'"),
        ([deck_file(tmp_path, legal_deck()), "--banlist", "DM9"], "available: DM5, DM6, DMI"),
        ([deck_file(tmp_path, legal_deck()), "--banlist", "nope.conf:T"], "no such banlist"),
    ]
    for args, message in cases:
        result = run("check", *args)
        assert result.exit_code == 1, args
        assert message in result.stderr, (args, result.stderr)
        assert "Traceback" not in result.output + result.stderr


def test_check_usage_errors_exit_2(tmp_path: Path) -> None:
    assert run("check").exit_code == 2
    assert run("check", deck_file(tmp_path, legal_deck()), "--ruleset", "bogus").exit_code == 2


def test_show_groups_by_kind(tmp_path: Path) -> None:
    deck = Deck(
        (DARK_MAGICIAN, DARK_MAGICIAN, POT_OF_GREED, MIRROR_FORCE, BLUE_EYES_ULTIMATE, UNKNOWN),
        (),
        (BLUE_EYES,),
    )
    result = run("show", deck_file(tmp_path, deck))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Main Deck 5, Extra Deck 1, Side Deck 1" in out  # the Fusion moved to the Extra Deck
    for title in ("monsters (2)", "spells (1)", "traps (1)", "unknown (1)"):
        assert title in out
    assert "Dark Magician" in out and "2500/2100" in out


def test_show_json(tmp_path: Path) -> None:
    deck = Deck((DARK_MAGICIAN, DARK_MAGICIAN, POT_OF_GREED), (BLUE_EYES_ULTIMATE,), (UNKNOWN,))
    result = run("show", deck_file(tmp_path, deck, "mine.ydk"), "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["name"] == "mine"
    assert data["main"]["count"] == 3
    assert data["main"]["monsters"] == [
        {
            "code": DARK_MAGICIAN,
            "count": 2,
            "name": "Dark Magician",
            "kind": "Normal Monster",
            "stats": "Lv7 DARK Spellcaster 2500/2100",
        }
    ]
    assert data["main"]["spells"][0]["name"] == "Pot of Greed"
    assert data["extra"]["monsters"][0]["kind"] == "Fusion Monster"
    assert data["side"]["unknown"][0]["code"] == UNKNOWN


def test_convert_between_formats(tmp_path: Path) -> None:
    deck = Deck((DARK_MAGICIAN, BLUE_EYES), (BLUE_EYES_ULTIMATE,), (MIRROR_FORCE,))
    path = deck_file(tmp_path, deck)
    url = run("convert", path, "--to", "ydke")
    assert url.exit_code == 0
    assert parse_ydke(url.output.strip()) == deck
    back = run("convert", url.output.strip(), "--to", "ydk")
    assert back.exit_code == 0 and parse_ydk(back.output) == deck
    named = run("convert", path, "--to", "ydk", "--names")
    assert "46986414 # Dark Magician" in named.output


def test_convert_to_file(tmp_path: Path) -> None:
    out = tmp_path / "out.ydk"
    result = run("convert", "starter:kaiba", "--to", "ydk", "-o", str(out))
    assert result.exit_code == 0
    assert parse_ydk(out.read_text()) == starter_deck("kaiba")


def test_convert_usage_errors() -> None:
    assert run("convert", "starter:yugi").exit_code == 2  # --to is required
    assert run("convert", "starter:yugi", "--to", "json").exit_code == 2


@pytest.mark.parametrize("key", ["yugi", "kaiba"])
def test_starter_decks_through_the_real_command(key: str) -> None:
    pool_db()  # skip while the embedded pool is unavailable
    result = CliRunner().invoke(cli, ["deck", "check", f"starter:{key}", "--banlist", "DM6"])
    assert result.exit_code == 0, result.output
    assert "legal" in result.output
    show = CliRunner().invoke(cli, ["deck", "show", f"starter:{key}", "--json"])
    assert show.exit_code == 0
    assert json.loads(show.output)["main"]["count"] == 40
