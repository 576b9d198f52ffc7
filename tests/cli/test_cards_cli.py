"""`ygo cards`: show, search, stats, check-cdb; exit codes and JSON shapes."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from ygo.cli.main import cli

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data"
EN_CDB = SHARED / "cards-en.cdb"
ZH_CDB = SHARED / "cards-zh-CN.cdb"

CARD_KEYS = {
    "behaviour",
    "code",
    "name",
    "name_zh",
    "alias",
    "kind",
    "type",
    "monster",
    "spell",
    "trap",
    "attribute",
    "race",
    "level",
    "lscale",
    "rscale",
    "link_markers",
    "atk",
    "def",
    "setcodes",
    "summary",
    "benchmark",
}


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def run_json(*args: str) -> Any:
    result = run(*args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def need_en() -> Path:
    if not EN_CDB.exists():
        pytest.skip(f"shared data not available: {EN_CDB}")
    return EN_CDB


def need_zh() -> Path:
    if not ZH_CDB.exists():
        pytest.skip(f"shared data not available: {ZH_CDB}")
    return ZH_CDB


def assert_one_line_error(result: Result, *fragments: str) -> None:
    assert result.exit_code == 1
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    for f in fragments:
        assert f in lines[0]


def make_cdb(path: Path, rows: list[tuple[int, int, int, int, str]]) -> Path:
    """A tiny cdb: (id, type, atk, def, name) rows, all Level 4 DARK Warriors."""
    conn = sqlite3.connect(path)
    conn.execute(
        "CREATE TABLE datas(id integer primary key, ot integer, alias integer, setcode integer,"
        " type integer, atk integer, def integer, level integer, race integer,"
        " attribute integer, category integer)"
    )
    conn.execute("CREATE TABLE texts(id integer primary key, name text, desc text)")
    for code, t, atk, df, name in rows:
        conn.execute(
            "INSERT INTO datas VALUES (?, 3, 0, 0, ?, ?, ?, 4, 1, 32, 0)", (code, t, atk, df)
        )
        conn.execute("INSERT INTO texts VALUES (?, ?, '')", (code, name))
    conn.commit()
    conn.close()
    return path


# -- help ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "args",
    [
        ["cards", "--help"],
        ["cards", "show", "--help"],
        ["cards", "search", "--help"],
        ["cards", "stats", "--help"],
        ["cards", "check-cdb", "--help"],
        ["cards", "-h"],
    ],
)
def test_help(args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 0
    assert "Usage:" in result.stdout


# -- show ------------------------------------------------------------------------
@pytest.mark.parametrize("query", ["46986414", "Dark Magician", "dark magician", "黑魔术师"])
def test_show_finds_a_card(query: str) -> None:
    result = run("cards", "show", query)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Dark Magician" in out and "黑魔术师" in out
    assert "46986414" in out and "Normal Monster" in out
    assert "2500 / 2100" in out and "Spellcaster" in out and "DARK" in out
    assert "0x10a2" in out
    assert "Normal monster with no effect" in out


def test_show_json_shape() -> None:
    data = run_json("cards", "show", "46986414", "--json")
    assert set(data) == CARD_KEYS | {"script"}  # show says which script plays it
    assert data["script"] == "none"
    assert data["code"] == 46986414
    assert data["name_zh"] == "黑魔术师"
    assert data["kind"] == "Normal Monster"
    assert (data["type"], data["monster"], data["spell"], data["trap"]) == (17, True, False, False)
    assert (data["attribute"], data["race"], data["level"]) == ("DARK", "Spellcaster", 7)
    assert (data["atk"], data["def"]) == (2500, 2100)
    assert data["setcodes"] == [0x10A2]
    assert data["benchmark"] is False


def test_show_question_marks_and_spells() -> None:
    slifer = run_json("cards", "show", "Slifer the Sky Dragon", "--json")
    assert (slifer["atk"], slifer["def"]) == ("?", "?")
    hole = run_json("cards", "show", "Dark Hole", "--json")
    assert hole["kind"] == "Normal Spell"
    assert (hole["atk"], hole["def"], hole["level"], hole["attribute"]) == (None, None, None, None)
    assert run("cards", "show", "Slifer the Sky Dragon").stdout.count("? / ?") == 1


def test_show_alternate_artwork() -> None:
    result = run("cards", "show", "46986415")
    assert result.exit_code == 0
    assert "alternate artwork of Dark Magician" in result.stdout
    assert run_json("cards", "show", "46986415", "--json")["alias"] == 46986414


def test_show_benchmark_card() -> None:
    data = run_json("cards", "show", "990000011", "--json")
    assert data["benchmark"] is True
    assert data["name"] == "Benchmark Normal Lv3 1200/1000"
    assert "not a real card" in run("cards", "show", "990000011").stdout


def test_show_unknown_card_exits_1_with_one_line() -> None:
    assert_one_line_error(run("cards", "show", "No Such Card Anywhere"), "no card is named")
    assert_one_line_error(run("cards", "show", "12345"), "unknown passcode 12345")


def test_show_ambiguous_name_lists_candidates() -> None:
    result = run("cards", "show", "Forbidden One")
    assert_one_line_error(
        result,
        "no exact match for 'Forbidden One' and no single closest card; candidates: ",
        "Left Arm of the Forbidden One (被封印者的左腕) [7902349]",
    )


def test_show_inexact_match_says_so_and_lists_candidates() -> None:
    # 黑魔导, the usual Chinese name of Dark Magician, used to show Dark Paladin
    # (超魔导剑士-黑魔导剑士) by substring without a word
    result = run("cards", "show", "黑魔导")
    assert result.exit_code == 0
    assert "Dark Magician" in result.stdout and "46986414" in result.stdout
    assert "Dark Paladin" not in result.stdout
    note = result.stderr.strip().splitlines()
    assert len(note) == 1
    assert note[0].startswith(
        "note: no exact match for '黑魔导'; closest (older Chinese translation): "
        "Dark Magician (黑魔术师) [46986414]; other candidates: "
    )
    assert "Dark Paladin (超魔导剑士-黑魔导剑士) [98502113]" in note[0]
    # the same for a unique part of a name, with --json too (stdout stays JSON)
    result = run("cards", "show", "cylinder", "--json")
    assert json.loads(result.stdout)["name"] == "Magic Cylinder"
    assert result.stderr.startswith("note: no exact match for 'cylinder'; closest (part of its")


def test_show_exact_refuses_an_inexact_match() -> None:
    assert_one_line_error(
        run("cards", "show", "--exact", "cylinder"), "no exact match for 'cylinder'"
    )
    assert run("cards", "show", "--exact", "Magic Cylinder").exit_code == 0


def test_show_exact_match_prints_no_note() -> None:
    result = run("cards", "show", "黑魔术师")
    assert result.exit_code == 0 and result.stderr == ""


def test_show_a_number_of_thousands_of_digits() -> None:
    # int() of more than 4,300 digits raises Python's digit-limit ValueError
    assert_one_line_error(run("cards", "show", "7" * 5000), "passcode of 5000 digits")
    assert_one_line_error(run("cards", "show", "7" * 20), "passcode of 20 digits")
    assert_one_line_error(run("cards", "show", "7" * 19), "unknown passcode 7777777777777777777")


def test_search_limit_of_thousands_of_digits_is_a_usage_error() -> None:
    assert run("cards", "search", "x", "--limit", "9" * 5000).exit_code == 2


def test_show_needs_an_argument() -> None:
    assert run("cards", "show").exit_code == 2


EVIL = "\x1b[31mEvil\x1b[0m [/dim] Name\x07"


def test_escape_codes_in_names_never_reach_the_terminal(tmp_path: Path) -> None:
    cdb = make_cdb(
        tmp_path / "evil.cdb", [(777, 0x11, 1, 1, EVIL), (778, 0x11, 1, 1, EVIL + " Zqx")]
    )
    outputs = [
        run("--cards", str(cdb), "cards", "show", "777"),
        run("--cards", str(cdb), "cards", "search", "evil"),
        run("--cards", str(cdb), "cards", "show", "Evil"),  # ambiguous: the names in the error
        run("--cards", str(cdb), "cards", "show", "Zqx"),  # inexact: the names in the note
        run("--cards", str(cdb), "cards", "stats"),
        run("cards", "check-cdb", str(cdb)),
    ]
    for result in outputs:
        assert "\x1b" not in result.output and "\x07" not in result.output, result.output
    assert outputs[0].exit_code == 0
    assert "[/dim] Name" in outputs[0].stdout  # markup is printed as itself
    assert "[/dim] Name" in outputs[1].stdout
    assert outputs[2].exit_code == 1 and "[/dim] Name" in outputs[2].stderr
    assert outputs[3].exit_code == 0 and "\ufffd" in outputs[3].stderr


def test_markup_in_names_is_printed_verbatim(tmp_path: Path) -> None:
    cdb = make_cdb(tmp_path / "m.cdb", [(777, 0x11, 1, 1, "[bold]Weird[/bold] Card")])
    result = run("--cards", str(cdb), "cards", "show", "777")
    assert "[bold]Weird[/bold] Card" in result.stdout
    result = run("--cards", str(cdb), "cards", "search", "weird")
    assert "[bold]Weird" in result.stdout


# -- search ----------------------------------------------------------------------
def test_search_table() -> None:
    result = run("cards", "search", "dragon", "--limit", "3")
    assert result.exit_code == 0
    out = result.stdout
    assert "Passcode" in out and "Chinese name" in out and "Stats" in out
    assert "3 of" in out and "--limit 0" in out


def test_search_json_shape() -> None:
    data = run_json("cards", "search", "Blue-Eyes", "--json")
    assert set(data) == {"query", "kind", "total", "cards"}
    assert data["query"] == "Blue-Eyes" and data["kind"] is None
    names = [c["name"] for c in data["cards"]]
    assert names[0] == "Blue-Eyes Ultimate Dragon" or "Blue-Eyes White Dragon" in names
    assert data["total"] == len(data["cards"]) == 2
    assert all(set(c) == CARD_KEYS for c in data["cards"])


def test_search_chinese_and_kind() -> None:
    data = run_json("cards", "search", "青眼", "--json")
    assert {c["code"] for c in data["cards"]} == {89631139, 23995346}
    traps = run_json("cards", "search", "--kind", "trap", "--limit", "0", "--json")
    assert traps["total"] == len(traps["cards"]) > 10
    assert all(c["trap"] for c in traps["cards"])
    spells = run_json("cards", "search", "--kind", "SPELL", "--limit", "0", "--json")
    assert all(c["spell"] for c in spells["cards"])


def test_search_limit() -> None:
    data = run_json("cards", "search", "", "--limit", "4", "--json")
    assert len(data["cards"]) == 4 and data["total"] > 200


def test_search_without_hits_is_not_an_error() -> None:
    result = run("cards", "search", "zzzzzz")
    assert result.exit_code == 0
    assert "No card matches" in result.stdout
    assert run_json("cards", "search", "zzzzzz", "--json")["cards"] == []


@pytest.mark.parametrize(
    "args", [["--kind", "potion"], ["--limit", "-1"], ["--limit", "x"], ["--nope"]]
)
def test_search_usage_errors_exit_2(args: list[str]) -> None:
    assert run("cards", "search", "x", *args).exit_code == 2


# -- --cards FILE.cdb over the pool ----------------------------------------------
def test_cards_option_adds_a_cdb(tmp_path: Path) -> None:
    cdb = make_cdb(tmp_path / "mine.cdb", [(123456, 0x11, 1800, 900, "My Custom Warrior")])
    assert run("cards", "show", "My Custom Warrior").exit_code == 1
    data = run_json("--cards", str(cdb), "cards", "show", "My Custom Warrior", "--json")
    assert (data["code"], data["atk"], data["summary"]) == (123456, 1800, "")
    # the pool is still there
    assert run_json("--cards", str(cdb), "cards", "show", "Dark Hole", "--json")["code"] == 53129443


def test_cards_option_overrides_a_pool_card(tmp_path: Path) -> None:
    cdb = make_cdb(tmp_path / "fix.cdb", [(46986414, 0x11, 2600, 2100, "Dark Magician")])
    data = run_json("--cards", str(cdb), "cards", "show", "Dark Magician", "--json")
    assert data["atk"] == 2600
    assert data["summary"].startswith("Normal monster")  # the pool's summary is kept
    assert data["name_zh"] == "黑魔术师"


def test_cards_option_with_the_english_cdb() -> None:
    en = need_en()
    data = run_json("--cards", str(en), "cards", "show", "Decode Talker", "--json")
    assert data["kind"] == "Link Effect Monster"
    assert data["def"] is None
    assert set(data["link_markers"]) == {"TOP", "BOTTOM_LEFT", "BOTTOM_RIGHT"}
    pend = run_json("--cards", str(en), "cards", "show", "16178681", "--json")
    assert (pend["lscale"], pend["rscale"]) == (4, 4)
    stats = run_json("--cards", str(en), "cards", "stats", "--json")
    assert stats["total"] == 10628 + 7


def test_cards_option_with_the_chinese_cdb_keeps_english_names() -> None:
    # the zh-CN overlay used to replace "Dark Magician" with 黑魔术师 and blank the
    # Chinese name, so "Dark Magician" showed the alternate artwork 36996508
    zh = need_zh()
    data = run_json("--cards", str(zh), "cards", "show", "Dark Magician", "--json")
    assert (data["code"], data["name"], data["name_zh"]) == (46986414, "Dark Magician", "黑魔术师")
    assert data["summary"].startswith("Normal monster")
    # 黑魔导 is also 黑·魔·导 (Dark Magic Attack) without dots: ambiguous, both listed
    result = run("--cards", str(zh), "cards", "show", "黑魔导")
    assert_one_line_error(result, "黑·魔·导 [2314238]", "Dark Magician (黑魔术师) [46986414]")


@pytest.mark.parametrize("content", [b"", b"not a database at all" * 100])
def test_cards_option_with_a_bad_file_exits_1(tmp_path: Path, content: bytes) -> None:
    bad = tmp_path / "bad.cdb"
    bad.write_bytes(content)
    assert_one_line_error(run("--cards", str(bad), "cards", "show", "Dark Hole"), str(bad))


def test_cards_option_with_a_missing_file_exits_1(tmp_path: Path) -> None:
    missing = tmp_path / "missing.cdb"
    assert_one_line_error(run("--cards", str(missing), "cards", "search", "x"), "no such file")


# -- stats and check-cdb ---------------------------------------------------------
def test_stats() -> None:
    data = run_json("cards", "stats", "--json")
    assert data["source"] == "embedded pool"
    assert data["total"] == sum(data["by_kind"].values())
    assert data["benchmark_only"] == 7
    result = run("cards", "stats")
    assert result.exit_code == 0 and "total" in result.stdout


def test_check_cdb(tmp_path: Path) -> None:
    cdb = make_cdb(
        tmp_path / "c.cdb",
        [(1, 0x11, 100, 100, "Good"), (2, 0, 100, 100, "No Type"), (3, 0x2, 0, 0, "A Spell")],
    )
    result = run("cards", "check-cdb", str(cdb))
    assert result.exit_code == 0
    assert "2 cards" in result.stdout and "1 row skipped" in result.stdout
    assert "skipped 2" in result.stdout
    data = run_json("cards", "check-cdb", str(cdb), "--json")
    assert data["total"] == 2
    assert data["skipped"] == [{"code": 2, "reason": "type 0x0 is not a monster, spell or trap"}]
    assert run("cards", "check-cdb", str(cdb), "--strict").exit_code == 1


def test_check_cdb_bad_file(tmp_path: Path) -> None:
    assert_one_line_error(run("cards", "check-cdb", str(tmp_path)), "is a directory")
    assert run("cards", "check-cdb").exit_code == 2


def test_show_says_whether_a_cards_behaviour_is_implemented(tmp_path: Path) -> None:
    runner = CliRunner()
    scripted = runner.invoke(cli, ["cards", "show", "Dark Hole"])
    assert "Behaviour     native (the project's own script plays its effect)" in scripted.output
    normal = runner.invoke(cli, ["cards", "show", "Dark Magician"])
    assert "none needed (the card has no effect)" in normal.output
    cdb = make_cdb(tmp_path / "x.cdb", [(990000501, 0x21, 1000, 1000, "Unscripted Test Monster")])
    missing = runner.invoke(cli, ["--cards", str(cdb), "cards", "show", "Unscripted Test Monster"])
    assert "none: its effect is not implemented yet" in missing.output
    as_json = runner.invoke(cli, ["cards", "show", "Pot of Greed", "--json"])
    assert '"behaviour": "scripted"' in as_json.output
    assert '"script": "native"' in as_json.output
