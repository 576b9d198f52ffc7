"""The YGOPro cards.cdb reader: real databases, packed fields, bad rows and bad files."""

from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from ygo.cards.cdb import load_cdb, read_cdb
from ygo.cards.db import CardDB
from ygo.core.enums import Attribute, CardType, LinkMarker, Race
from ygo.errors import CardDatabaseError, YgoError

from .conftest import EN_CDB, ZH_CDB, need

DATAS = (
    "CREATE TABLE datas(id integer primary key, ot integer, alias integer, setcode integer,"
    " type integer, atk integer, def integer, level integer, race integer,"
    " attribute integer, category integer)"
)
TEXTS = "CREATE TABLE texts(id integer primary key, name text, desc text)"


def make_cdb(
    path: Path,
    rows: list[dict[str, Any]],
    *,
    datas: str = DATAS,
    texts: str | None = TEXTS,
) -> Path:
    """A small cdb; each row gives datas columns plus ``name`` (None: no texts row)."""
    conn = sqlite3.connect(path)
    conn.execute(datas)
    if texts:
        conn.execute(texts)
    for r in rows:
        values = {
            "id": r["id"],
            "ot": 3,
            "alias": r.get("alias", 0),
            "setcode": r.get("setcode", 0),
            "type": r.get("type", 0x11),
            "atk": r.get("atk", 1000),
            "def": r.get("def", 1000),
            "level": r.get("level", 4),
            "race": r.get("race", 0x1),
            "attribute": r.get("attribute", 0x20),
            "category": 0,
        }
        cols = ", ".join(values)
        marks = ", ".join("?" for _ in values)
        conn.execute(f"INSERT INTO datas({cols}) VALUES ({marks})", list(values.values()))
        if texts and r.get("name", f"Card {r['id']}") is not None:
            conn.execute(
                "INSERT INTO texts(id, name, desc) VALUES (?, ?, ?)",
                (r["id"], r.get("name", f"Card {r['id']}"), "official text, never read"),
            )
    conn.commit()
    conn.close()
    return path


# -- the real databases ----------------------------------------------------------
def test_english_cdb_loads_every_card(en_db: CardDB) -> None:
    assert len(en_db) == 10628
    assert en_db.source == str(EN_CDB)


def test_english_cdb_has_no_bad_rows() -> None:
    result = load_cdb(need(EN_CDB))
    assert result.skipped == ()


def test_chinese_cdb_loads_every_card(zh_db: CardDB) -> None:
    assert len(zh_db) == 9799
    # a Chinese cdb's names are Chinese: they fill name_zh too (overlay keeps English)
    dm = zh_db.get(46986414)
    assert (dm.name, dm.name_zh) == ("黑魔术师", "黑魔术师")


def test_the_language_of_the_real_databases_is_detected() -> None:
    assert load_cdb(need(EN_CDB)).lang == "en"
    assert load_cdb(need(ZH_CDB)).lang == "zh"


def test_language_comes_from_the_names_or_the_caller(tmp_path: Path) -> None:
    rows = [{"id": 1, "name": "黑魔术师"}, {"id": 2}, {"id": 3, "name": "青眼白龙"}]
    zh = make_cdb(tmp_path / "any-name.cdb", rows)
    result = load_cdb(zh)
    assert result.lang == "zh"
    assert result.db.get(1).name_zh == "黑魔术师"
    assert result.db.get(2).name_zh == "Card 2"  # the cdb's language, whatever the script
    en = load_cdb(zh, lang="en")
    assert (en.lang, en.db.get(1).name_zh) == ("en", "")
    # Japanese names (kana) are not Chinese
    ja = make_cdb(tmp_path / "ja.cdb", [{"id": 1, "name": "ブラック・マジシャン"}])
    assert load_cdb(ja).lang == "en"
    assert load_cdb(ja).db.get(1).name_zh == ""


def test_dark_magician(en_db: CardDB) -> None:
    dm = en_db.get(46986414)
    assert dm.name == "Dark Magician"
    assert dm.type == CardType.MONSTER | CardType.NORMAL
    assert (dm.level, dm.atk, dm.defense) == (7, 2500, 2100)
    assert dm.attribute == Attribute.DARK
    assert dm.race == Race.SPELLCASTER
    assert dm.alias == 0
    assert dm.setcodes == (0x10A2,)
    assert dm.summary == ""  # the official text is never imported
    assert dm.stat_line() == "Lv7 DARK Spellcaster 2500/2100"


def test_alternate_artwork_keeps_its_alias(en_db: CardDB) -> None:
    alt = en_db.get(46986415)
    assert alt.name == "Dark Magician"
    assert alt.alias == 46986414
    assert alt.base_code == 46986414
    assert en_db.base_code(46986415) == 46986414


def test_pendulum_scales_are_unpacked(en_db: CardDB) -> None:
    odd_eyes = en_db.get(16178681)  # Odd-Eyes Pendulum Dragon
    assert odd_eyes.is_pendulum
    assert (odd_eyes.level, odd_eyes.lscale, odd_eyes.rscale) == (7, 4, 4)
    assert odd_eyes.setcodes == (0x99, 0x10F2)
    assert all(0 <= c.lscale <= 13 and 0 <= c.rscale <= 13 for c in en_db if c.is_pendulum)
    assert all(c.lscale == c.rscale == 0 for c in en_db if not c.is_pendulum)


def test_link_markers_come_from_def(en_db: CardDB) -> None:
    decode = en_db.get(1861629)  # Decode Talker
    assert decode.is_link
    assert decode.level == 3
    assert decode.atk == 2300
    assert decode.defense is None
    assert decode.link_markers == LinkMarker.TOP | LinkMarker.BOTTOM_LEFT | LinkMarker.BOTTOM_RIGHT
    links = [c for c in en_db if c.is_link]
    assert links
    assert all(c.defense is None and c.link_markers for c in links)
    # the number of arrows is the Link rating
    assert all(bin(int(c.link_markers)).count("1") == c.level for c in links)


def test_question_mark_stats_are_none(en_db: CardDB) -> None:
    slifer = en_db.get(10000020)
    assert slifer.atk is None and slifer.defense is None
    assert slifer.atk_value == 0 and slifer.def_value == 0
    assert slifer.stat_line().endswith("?/?")


def test_packed_fields(tmp_path: Path) -> None:
    pend = 0x1000000 | 0x21
    link = 0x4000000 | 0x21
    path = make_cdb(
        tmp_path / "c.cdb",
        [
            {"id": 1, "type": pend, "level": (2 << 24) | (5 << 16) | 6},
            {"id": 2, "type": link, "level": 2, "def": 0x1 | 0x4, "atk": 1500},
            {"id": 3, "setcode": 0x0001_0000_1234_0056},
            {"id": 4, "setcode": -1},  # 64 bits all set, stored as a negative integer
            {"id": 5, "atk": -2, "def": -2},
            {"id": 6, "alias": 5, "name": "Card 5"},
            {"id": 7, "type": 0x2, "atk": 0, "def": 0, "level": 0, "race": 0, "attribute": 0},
            {"id": 8, "race": 0x4000000, "attribute": 0x80},  # bits newer than the enums
        ],
    )
    db = read_cdb(path)
    p = db.get(1)
    assert (p.level, p.lscale, p.rscale) == (6, 2, 5)
    lk = db.get(2)
    assert lk.link_markers == LinkMarker.BOTTOM_LEFT | LinkMarker.BOTTOM_RIGHT
    assert lk.defense is None and lk.level == 2
    assert db.get(3).setcodes == (0x56, 0x1234, 0x1)
    assert db.get(4).setcodes == (0xFFFF,) * 4
    assert db.get(5).atk is None and db.get(5).defense is None
    assert db.get(6).alias == 5
    assert db.get(7).is_spell and not db.get(7).is_monster
    assert int(db.get(8).race) == 0x4000000 and int(db.get(8).attribute) == 0x80


def test_bad_rows_are_skipped_and_reported(tmp_path: Path) -> None:
    path = make_cdb(
        tmp_path / "c.cdb",
        [
            {"id": 10},
            {"id": 11, "type": 0},
            {"id": 12, "atk": "lots"},
            {"id": 13, "def": None},
            {"id": 14, "atk": -5},
            {"id": 15, "name": ""},
            {"id": 16, "level": 4.5},
            {"id": 17, "name": None},  # no texts row: left out silently
        ],
    )
    result = load_cdb(path)
    assert [c.code for c in result.db] == [10]
    reasons = {s.code: s.reason for s in result.skipped}
    assert set(reasons) == {11, 12, 13, 14, 15, 16}
    assert "type 0x0" in reasons[11]
    assert "atk='lots'" in reasons[12]
    assert "def=None" in reasons[13]
    assert "ATK -5" in reasons[14]
    assert reasons[15] == "no name"
    assert "level=4.5" in reasons[16]


def test_strict_mode_raises_at_the_first_bad_row(tmp_path: Path) -> None:
    path = make_cdb(tmp_path / "c.cdb", [{"id": 10}, {"id": 11, "type": 0}])
    with pytest.raises(CardDatabaseError, match=r"card 11: type 0x0"):
        read_cdb(path, strict=True)
    assert len(read_cdb(path)) == 1


def test_extra_columns_and_tables_are_fine(tmp_path: Path) -> None:
    path = make_cdb(
        tmp_path / "c.cdb",
        [{"id": 10}],
        texts="CREATE TABLE texts(id integer primary key, name text, desc text, str1 text)",
    )
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE other(x)")
    conn.commit()
    conn.close()
    assert read_cdb(path).get(10).name == "Card 10"


def test_file_is_opened_read_only(tmp_path: Path) -> None:
    path = make_cdb(tmp_path / "c.cdb", [{"id": 10}])
    path.chmod(0o444)
    try:
        before = path.read_bytes()
        assert len(read_cdb(path)) == 1
        assert path.read_bytes() == before
    finally:
        path.chmod(0o644)


def test_path_with_special_characters(tmp_path: Path) -> None:
    d = tmp_path / "a dir #1 ?%"
    d.mkdir()
    path = make_cdb(d / "my cards.cdb", [{"id": 10}])
    assert len(read_cdb(path)) == 1
    assert len(read_cdb(str(path))) == 1


# -- bad files -------------------------------------------------------------------
def _assert_error(path: Path, *fragments: str) -> None:
    with pytest.raises(CardDatabaseError) as info:
        read_cdb(path)
    message = str(info.value)
    assert isinstance(info.value, YgoError)
    assert "\n" not in message
    assert str(path) in message
    for fragment in fragments:
        assert fragment in message


def test_missing_file(tmp_path: Path) -> None:
    _assert_error(tmp_path / "nope.cdb", "no such file")


def test_directory(tmp_path: Path) -> None:
    _assert_error(tmp_path, "is a directory")


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.cdb"
    path.write_bytes(b"")
    _assert_error(path, "empty file")


def test_random_bytes(tmp_path: Path) -> None:
    path = tmp_path / "noise.cdb"
    path.write_bytes(os.urandom(4096))
    _assert_error(path, "not a SQLite database")


def test_text_file(tmp_path: Path) -> None:
    path = tmp_path / "cards.cdb"
    path.write_text("#this is a deck file\n46986414\n" * 100)
    _assert_error(path, "not a SQLite database")


def test_sqlite_without_tables(tmp_path: Path) -> None:
    path = tmp_path / "blank.cdb"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 1")  # forces a header to be written
    conn.commit()
    conn.close()
    _assert_error(path, "not a YGOPro card database", "'datas'", "'texts'")


def test_sqlite_with_only_datas(tmp_path: Path) -> None:
    path = make_cdb(tmp_path / "half.cdb", [{"id": 10}], texts=None)
    _assert_error(path, "no table 'texts'")


def test_datas_missing_columns(tmp_path: Path) -> None:
    path = make_cdb(
        tmp_path / "cols.cdb",
        [],
        datas="CREATE TABLE datas(id integer primary key, ot integer, alias integer, type integer)",
    )
    _assert_error(path, "table 'datas' lacks column(s)", "setcode", "atk", "def", "level")


def test_texts_missing_name(tmp_path: Path) -> None:
    path = make_cdb(tmp_path / "cols.cdb", [], texts="CREATE TABLE texts(id integer, desc text)")
    _assert_error(path, "table 'texts' lacks column(s) name")


def test_truncated_real_cdb(tmp_path: Path) -> None:
    data = need(EN_CDB).read_bytes()
    path = tmp_path / "cut.cdb"
    path.write_bytes(data[: len(data) // 2])
    _assert_error(path)


def test_corrupt_page_in_a_copy(tmp_path: Path) -> None:
    path = tmp_path / "copy.cdb"
    shutil.copyfile(need(ZH_CDB), path)
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big") or 65536
    for i in range(page * 2, len(data), page):  # scribble over every page but the first two
        data[i : i + 16] = b"\xff" * 16
    path.write_bytes(bytes(data))
    _assert_error(path)
