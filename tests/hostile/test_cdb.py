"""Hostile card databases: crafted files must fail fast with one line, never hang.

Each file is built with sqlite3 in ``tmp_path``. Every case asserts a
:class:`CardDatabaseError` whose message is one line naming the file, raised
within a few seconds (a recursive view would otherwise run forever and grow
without bound).
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from ygo.cards import cdb
from ygo.cards.cdb import MAX_CARDS, MAX_NAME_CHARS, load_cdb, read_cdb
from ygo.errors import CardDatabaseError

DATAS = (
    "CREATE TABLE datas(id integer primary key, ot integer, alias integer, setcode integer,"
    " type integer, atk integer, def integer, level integer, race integer,"
    " attribute integer, category integer)"
)
TEXTS = "CREATE TABLE texts(id integer primary key, name text, desc text)"
ROW = "INSERT INTO datas VALUES (?, 3, 0, 0, 17, 1000, 1000, 4, 1, 32, 0)"

# An endless sequence of rows shaped like datas / texts.
ENDLESS = "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r)"
DATAS_VIEW = (
    f"CREATE VIEW datas AS {ENDLESS} SELECT n AS id, 3 AS ot, 0 AS alias, 0 AS setcode,"
    " 17 AS type, 0 AS atk, 0 AS def, 4 AS level, 1 AS race, 32 AS attribute,"
    " 0 AS category FROM r"
)
TEXTS_VIEW = (
    f"CREATE VIEW texts AS {ENDLESS} SELECT n AS id, printf('%.*c', n, 'x') AS name,"
    " '' AS desc FROM r"
)

QUICK = 5.0  # seconds; a real cdb loads in well under one


def build(path: Path, *statements: str, rows: int = 0) -> Path:
    conn = sqlite3.connect(path)
    for sql in statements:
        conn.execute(sql)
    for code in range(1, rows + 1):
        conn.execute(ROW, (code,))
        conn.execute("INSERT INTO texts VALUES (?, ?, '')", (code, f"Card {code}"))
    conn.commit()
    conn.close()
    return path


@contextmanager
def quickly() -> Iterator[None]:
    start = time.perf_counter()
    yield
    assert time.perf_counter() - start < QUICK


def one_line_error(fn: Callable[[], object], *fragments: str) -> str:
    with quickly(), pytest.raises(CardDatabaseError) as info:
        fn()
    message = str(info.value)
    assert "\n" not in message and "\x1b" not in message
    for f in fragments:
        assert f in message, message
    return message


# -- views, virtual tables, schema tricks -----------------------------------------
def test_recursive_views_are_refused(tmp_path: Path) -> None:
    path = build(tmp_path / "views.cdb", DATAS_VIEW, TEXTS_VIEW)
    one_line_error(lambda: read_cdb(path), str(path), "'datas' is a view, not a table")


@pytest.mark.parametrize(
    ("statements", "name"),
    [((DATAS, TEXTS_VIEW), "texts"), ((DATAS_VIEW, TEXTS), "datas")],
)
def test_one_recursive_view_is_enough_to_refuse(
    tmp_path: Path, statements: tuple[str, str], name: str
) -> None:
    path = build(tmp_path / "half.cdb", *statements)
    one_line_error(lambda: read_cdb(path), f"'{name}' is a view, not a table")


def test_view_with_an_upper_case_name_is_refused(tmp_path: Path) -> None:
    path = build(tmp_path / "upper.cdb", TEXTS, DATAS_VIEW.replace("VIEW datas", "VIEW DATAS"))
    one_line_error(lambda: read_cdb(path), "'datas' is a view")


def test_virtual_table_is_refused(tmp_path: Path) -> None:
    try:
        path = build(tmp_path / "fts.cdb", DATAS, "CREATE VIRTUAL TABLE texts USING fts5(id, name)")
    except sqlite3.OperationalError:
        pytest.skip("this SQLite has no fts5")
    one_line_error(lambda: read_cdb(path), "'texts' is a virtual table")


def test_schema_rewritten_to_pass_a_view_off_as_a_table(tmp_path: Path) -> None:
    path = build(tmp_path / "ws.cdb", TEXTS, DATAS_VIEW)
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA writable_schema = ON")
        conn.execute("UPDATE sqlite_master SET type = 'table' WHERE name = 'datas'")
        conn.commit()
    except sqlite3.Error:
        pytest.skip("this SQLite refuses writable_schema")
    finally:
        conn.close()
    one_line_error(lambda: read_cdb(path), str(path))


def test_generated_column_cannot_build_a_huge_value(tmp_path: Path) -> None:
    huge = "length(printf('%.*c', 100000000, 'x'))"
    datas = DATAS.replace("atk integer", f"atk integer GENERATED ALWAYS AS ({huge})")
    path = build(tmp_path / "gen.cdb", datas, TEXTS)
    one_line_error(lambda: read_cdb(path), str(path))


def test_triggers_are_never_run(tmp_path: Path) -> None:
    # the file is opened read-only: a trigger has nothing to fire on
    path = build(tmp_path / "trig.cdb", DATAS, TEXTS, rows=3)
    conn = sqlite3.connect(path)
    conn.execute("CREATE TRIGGER t AFTER UPDATE ON texts BEGIN DELETE FROM datas; END")
    conn.commit()
    conn.close()
    with quickly():
        assert len(read_cdb(path)) == 3


# -- size bounds -----------------------------------------------------------------
def test_more_than_max_cards_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "many.cdb"
    conn = sqlite3.connect(path)
    conn.execute(DATAS)
    conn.execute(TEXTS)
    n = MAX_CARDS + 1
    conn.executemany(ROW, ((i,) for i in range(1, n + 1)))
    conn.executemany("INSERT INTO texts VALUES (?, 'x', '')", ((i,) for i in range(1, n + 1)))
    conn.commit()
    conn.close()
    one_line_error(lambda: read_cdb(path), f"more than {MAX_CARDS:,} cards")


def test_a_huge_name_is_refused_without_reading_it_whole(tmp_path: Path) -> None:
    path = build(tmp_path / "huge.cdb", DATAS, TEXTS)
    conn = sqlite3.connect(path)
    conn.execute(ROW, (1,))
    conn.execute("INSERT INTO texts VALUES (1, ?, '')", ("x" * 5_000_000,))
    conn.commit()
    conn.close()
    one_line_error(lambda: read_cdb(path), "larger than")


def test_a_long_name_skips_its_row(tmp_path: Path) -> None:
    path = build(tmp_path / "long.cdb", DATAS, TEXTS, rows=2)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE texts SET name = ? WHERE id = 2", ("y" * (MAX_NAME_CHARS + 1),))
    conn.commit()
    conn.close()
    result = load_cdb(path)
    assert [c.code for c in result.db] == [1]
    assert result.skipped[0].reason == f"name longer than {MAX_NAME_CHARS} characters"


def test_a_slow_read_is_interrupted(tmp_path: Path) -> None:
    path = build(tmp_path / "slow.cdb", DATAS, TEXTS, rows=2000)
    one_line_error(lambda: read_cdb(path, timeout=0), "took longer than 0 s")
    assert len(read_cdb(path)) == 2000  # with the normal limit it loads


def test_the_deadline_covers_the_whole_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a clock that jumps an hour at every look: the first progress check stops
    # the read (time.monotonic is patched; quickly() uses perf_counter)
    path = build(tmp_path / "clock.cdb", DATAS, TEXTS, rows=2000)
    ticks = iter(range(0, 10**9, 3600))
    monkeypatch.setattr(cdb.time, "monotonic", lambda: float(next(ticks)))
    one_line_error(lambda: read_cdb(path, timeout=60), "took longer than 60 s")


# -- wrong shapes and types ------------------------------------------------------
def test_missing_columns(tmp_path: Path) -> None:
    path = build(tmp_path / "cols.cdb", "CREATE TABLE datas(id integer, type integer)", TEXTS)
    one_line_error(lambda: read_cdb(path), "table 'datas' lacks column(s) alias, setcode")


def test_wrong_types_skip_rows_and_strict_names_the_first(tmp_path: Path) -> None:
    path = build(tmp_path / "types.cdb", DATAS, TEXTS, rows=3)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE datas SET atk = 'lots' WHERE id = 1")
    conn.execute("UPDATE datas SET type = x'00ff' WHERE id = 2")
    conn.execute("UPDATE texts SET name = x'4142' WHERE id = 3")
    conn.commit()
    conn.close()
    result = load_cdb(path)
    assert len(result.db) == 0
    assert [s.reason for s in result.skipped] == [
        "non-integer atk='lots'",
        "non-integer type=b'\\x00\\xff'",
        "no name",
    ]
    one_line_error(lambda: read_cdb(path, strict=True), "card 1: non-integer atk='lots'")


@pytest.mark.parametrize(
    "content",
    [b"SQLite format 3\x00" + b"\xff" * 200, b"\x00" * 4096, b"PK\x03\x04 a zip file"],
)
def test_not_a_database(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "junk.cdb"
    path.write_bytes(content)
    one_line_error(lambda: read_cdb(path), str(path))


def test_a_directory(tmp_path: Path) -> None:
    one_line_error(lambda: read_cdb(tmp_path), "is a directory")


def test_a_fifo_is_not_opened(tmp_path: Path) -> None:
    # opening a named pipe would block until a writer came
    path = tmp_path / "pipe.cdb"
    os.mkfifo(path)
    one_line_error(lambda: read_cdb(path), "not a regular file")


def test_a_device_is_not_opened() -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    one_line_error(lambda: read_cdb("/dev/zero"), "not a regular file")


def test_an_unreadable_file(tmp_path: Path) -> None:
    path = build(tmp_path / "locked.cdb", DATAS, TEXTS, rows=1)
    path.chmod(0)
    try:
        if os.access(path, os.R_OK):
            pytest.skip("running with privileges that read any file")
        one_line_error(lambda: read_cdb(path), "cannot open (Permission denied)")
    finally:
        path.chmod(0o600)


def test_escape_codes_in_the_file_name_do_not_reach_the_message(tmp_path: Path) -> None:
    path = tmp_path / "\x1b[31mred\x1b[0m.cdb"
    path.write_bytes(b"not sqlite at all, just text" * 10)
    message = one_line_error(lambda: read_cdb(path), "red")
    assert "\x1b" not in message
