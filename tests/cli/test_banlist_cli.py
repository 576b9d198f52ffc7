"""`ygo banlist list / show`, and how --banlist specs resolve."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.formats.fixtures import BLUE_EYES, POT_OF_GREED, fixture_db, shared_file
from ygo.cli.banlist import group, resolve_banlist
from ygo.cli.common import AppState
from ygo.errors import BanlistFormatError

CONF = f"""#[T][W]
!T
{POT_OF_GREED} 0 --Pot of Greed
{BLUE_EYES} 1 --Blue-Eyes White Dragon
11111111 2 --A card the database does not know
!W
$whitelist
{BLUE_EYES} 3
"""


def run(*args: str) -> Result:
    return CliRunner().invoke(group, list(args), obj=AppState(_db=fixture_db()))


@pytest.fixture
def conf(tmp_path: Path) -> str:
    path = tmp_path / "test.lflist.conf"
    path.write_text(CONF)
    return str(path)


def test_help_everywhere() -> None:
    for args in ([], ["list"], ["show"]):
        result = run(*args, "--help")
        assert result.exit_code == 0 and "Usage:" in result.output


def test_list_shipped() -> None:
    result = run("list")
    assert result.exit_code == 0
    for name in ("DM5", "DM6", "DMI"):
        assert name in result.output


def test_list_shipped_json() -> None:
    data = json.loads(run("list", "--json").output)
    assert data["source"] == "the shipped banlists"
    dm5 = data["lists"][0]
    assert dm5 == {
        "name": "DM5",
        "whitelist": False,
        "entries": 38,
        "forbidden": 3,
        "limited": 25,
        "semi-limited": 10,
        "unlimited": 0,
    }


def test_list_file(conf: str) -> None:
    data = json.loads(run("list", conf, "--json").output)
    assert [x["name"] for x in data["lists"]] == ["T", "W"]
    assert data["lists"][1]["whitelist"] is True


def test_show_shipped_list() -> None:
    result = run("show", "DM5")
    assert result.exit_code == 0
    assert "Forbidden (3)" in result.output and "Semi-limited (10)" in result.output


def test_show_from_file_json_names_cards(conf: str) -> None:
    for args in (["T", "--file", conf], [f"{conf}:T"]):
        result = run("show", *args, "--json")
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        assert data["name"] == "T" and data["whitelist"] is False
        assert data["forbidden"] == [{"code": POT_OF_GREED, "name": "Pot of Greed", "known": True}]
        assert data["limited"][0]["name"] == "Blue-Eyes White Dragon"
        # Not in the database: named from the file's comment.
        assert data["semi_limited"] == [
            {"code": 11111111, "name": "A card the database does not know", "known": False}
        ]


def test_show_whitelist(conf: str) -> None:
    result = run("show", f"{conf}:W")
    assert result.exit_code == 0
    assert "whitelist" in result.output


def test_show_unknown_name_lists_the_available_ones(conf: str) -> None:
    result = run("show", "X", "--file", conf)
    assert result.exit_code == 1
    assert "no banlist named 'X'" in result.stderr and "available: T, W" in result.stderr


def test_bad_files_exit_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.conf"
    bad.write_text("!a\n12 9\n")
    result = run("list", str(bad))
    assert result.exit_code == 1
    assert "bad.conf: line 2: count '9'" in result.stderr
    assert run("list", str(tmp_path / "none.conf")).exit_code == 1
    assert run("list", str(tmp_path)).exit_code == 1


def test_resolve_banlist_specs(conf: str, tmp_path: Path) -> None:
    assert resolve_banlist("dmi").name == "DMI"
    assert resolve_banlist(f"{conf}:W").whitelist
    single = tmp_path / "single.conf"
    single.write_text("!Only\n1 0\n")
    assert resolve_banlist(str(single)).name == "Only"
    with pytest.raises(BanlistFormatError, match="holds 2 lists; pick one as FILE:NAME"):
        resolve_banlist(conf)
    with pytest.raises(BanlistFormatError, match="no such banlist file"):
        resolve_banlist(str(tmp_path / "missing.conf"))
    with pytest.raises(BanlistFormatError, match="no such banlist file"):
        resolve_banlist("missing.conf:T")
    with pytest.raises(BanlistFormatError, match="no banlist named 'Q'"):
        resolve_banlist(f"{conf}:Q")


def test_real_lflist_closest_names() -> None:
    path = shared_file("lflist.conf")
    result = run("list", str(path), "--json")
    assert len(json.loads(result.output)["lists"]) == 102
    miss = run("show", "2026.8", "--file", str(path))
    assert miss.exit_code == 1
    assert "closest:" in miss.stderr and "2026.7" in miss.stderr and "102 lists" in miss.stderr
