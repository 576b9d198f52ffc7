"""Reader for YGOPro card databases (``cards.cdb``: SQLite with tables ``datas`` and ``texts``).

How the columns map onto :class:`~ygo.core.card.CardData`:

- ``id`` is the passcode and ``alias`` the passcode an alternate artwork counts as.
- ``type``, ``attribute`` and ``race`` are YGOPro's bit values, kept as they are
  (bits the enums do not name are kept too).
- ``level`` packs the pendulum scales: Level/Rank/Link rating = ``v & 0xff``, left
  scale = ``(v >> 24) & 0xff``, right scale = ``(v >> 16) & 0xff``.
- ``atk``/``def`` of -2 mean a printed "?" (``None``). For Link monsters ``def``
  holds the link markers and the card's ``defense`` is ``None``.
- ``setcode`` packs up to four 16-bit archetype codes, lowest first; the nonzero
  ones are kept, in order.
- ``texts.name`` is the name, in the database's language: English, or
  Simplified Chinese in a zh-CN database (detected from the names, or given as
  ``lang``), whose cards carry the Chinese name in both ``name`` and
  ``name_zh`` (see :meth:`CardDB.overlay`). The official card text
  (``texts.desc``) is never read: summaries stay empty.

A crafted file cannot hang the reader or eat memory: ``datas`` and ``texts``
must be real tables (not views, which could be recursive, nor virtual tables),
the file is opened read-only with schema functions distrusted, at most
:data:`MAX_CARDS` rows are read, no value may exceed :data:`MAX_VALUE_BYTES`,
and the whole read is interrupted after ``timeout`` seconds.

A file that does not exist, is not SQLite, lacks the tables or columns, or is
corrupt raises :class:`~ygo.errors.CardDatabaseError` with a one-line message
naming the file. A row with bad values (a non-integer in a numeric column, a
``type`` with none of the monster/spell/trap bits, a negative passcode, ATK/DEF
below zero other than -2, no name) is skipped and reported in
:attr:`CdbLoad.skipped`; with ``strict=True`` the first such row raises instead.
A ``datas`` row without a ``texts`` row has no name and is skipped silently.
"""

from __future__ import annotations

import re
import sqlite3
import stat
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ygo.cards.db import CardDB
from ygo.core.card import CardData
from ygo.core.ints import (
    TYPE_LINK,
    TYPE_MONSTER,
    TYPE_PENDULUM,
    TYPE_SPELL,
    TYPE_TRAP,
)
from ygo.core.records import attribute, card_type, link_markers, race
from ygo.errors import CardDatabaseError
from ygo.textsafe import plain

#: At most this many cards are read from one database (the 2020 English one has 10,628).
MAX_CARDS = 100_000
#: A name longer than this (in characters) makes its row bad (real ones are under 60).
MAX_NAME_CHARS = 200
#: SQLite refuses any single string or blob larger than this (real rows are under 4 kB).
MAX_VALUE_BYTES = 1 << 20
#: Seconds a read may take before it is interrupted (a real cdb takes well under one).
DEFAULT_TIMEOUT = 10.0

Lang = Literal["en", "zh"]

_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_KANA = re.compile(r"[\u3040-\u30ff]")
_PLAIN_TABLE = re.compile(r"\s*CREATE\s+TABLE\b", re.IGNORECASE)

_DATAS_COLUMNS = ("id", "alias", "setcode", "type", "atk", "def", "level", "race", "attribute")
_TEXTS_COLUMNS = ("id", "name")

_QUERY = (
    "SELECT d.id, d.alias, d.setcode, d.type, d.atk, d.def, d.level, d.race, d.attribute, t.name"
    " FROM datas AS d JOIN texts AS t ON t.id = d.id ORDER BY d.id"
    f" LIMIT {MAX_CARDS + 1}"
)

_KIND_BITS = TYPE_MONSTER | TYPE_SPELL | TYPE_TRAP
_UNKNOWN = -2  # "?" in the atk/def columns
_U64 = (1 << 64) - 1

_Row = tuple[object, object, object, object, object, object, object, object, object, object]


@dataclass(frozen=True, slots=True)
class SkippedRow:
    """A ``datas`` row that was not loaded, and why."""

    code: object
    """The row's ``id`` as stored (normally an int)."""
    reason: str


@dataclass(frozen=True, slots=True)
class CdbLoad:
    """The result of reading a card database: the cards, and the rows left out."""

    db: CardDB
    skipped: tuple[SkippedRow, ...] = ()
    lang: Lang = "en"
    """The language of the names: ``"en"``, or ``"zh"`` for Simplified Chinese."""


def read_cdb(
    path: str | Path,
    *,
    strict: bool = False,
    lang: Lang | None = None,
    timeout: float = DEFAULT_TIMEOUT,
) -> CardDB:
    """Read a YGOPro ``cards.cdb`` into a :class:`CardDB`, skipping bad rows (:func:`load_cdb`)."""
    return load_cdb(path, strict=strict, lang=lang, timeout=timeout).db


def load_cdb(
    path: str | Path,
    *,
    strict: bool = False,
    lang: Lang | None = None,
    timeout: float = DEFAULT_TIMEOUT,
) -> CdbLoad:
    """Read a YGOPro ``cards.cdb``; report the rows that were skipped.

    ``lang`` is the language of the ``name`` column; by default it is ``"zh"``
    when most names are written in Chinese characters (without Japanese kana),
    else ``"en"``. Raises :class:`CardDatabaseError` when the file cannot be
    read as a card database, holds more than :data:`MAX_CARDS` cards, takes
    longer than ``timeout`` seconds, or (with ``strict``) at the first row with
    bad values.
    """
    path = Path(path)
    _check_file(path)
    uri = path.resolve().as_uri() + "?mode=ro"
    deadline = time.monotonic() + timeout
    timed_out = False

    def progress() -> int:
        nonlocal timed_out
        timed_out = time.monotonic() > deadline
        return int(timed_out)

    try:
        conn = sqlite3.connect(uri, uri=True)
    except sqlite3.Error as exc:
        raise _error(path, exc) from None
    rows: list[_Row] = []
    try:
        conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
        conn.set_progress_handler(progress, 10_000)
        conn.execute("PRAGMA trusted_schema = OFF")
        _check_schema(path, conn)
        for row in conn.execute(_QUERY):
            rows.append(row)
            if len(rows) > MAX_CARDS:
                raise CardDatabaseError(
                    f"{_p(path)}: more than {MAX_CARDS:,} cards, not a card database"
                )
    except sqlite3.Error as exc:
        if timed_out:
            raise CardDatabaseError(
                f"{_p(path)}: reading took longer than {timeout:g} s; not a usable card database"
            ) from None
        raise _error(path, exc) from None
    finally:
        conn.close()

    if lang is None:
        lang = _detect_lang(row[9] for row in rows)
    cards: list[CardData] = []
    skipped: list[SkippedRow] = []
    for row in rows:
        card = _card(row, lang)
        if isinstance(card, str):
            if strict:
                raise CardDatabaseError(f"{_p(path)}: card {row[0]!r}: {card}")
            skipped.append(SkippedRow(row[0], card))
        else:
            cards.append(card)
    return CdbLoad(CardDB(cards, source=str(path)), tuple(skipped), lang)


def _detect_lang(names: Iterable[object]) -> Lang:
    """``"zh"`` when most names hold Chinese characters and almost none kana."""
    total = han = kana = 0
    for name in names:
        if not isinstance(name, str):
            continue
        total += 1
        if _HAN.search(name):
            han += 1
        if _KANA.search(name):
            kana += 1
    return "zh" if total and han * 2 > total and kana * 20 < total else "en"


def _p(path: Path) -> str:
    """A path fit for a one-line message."""
    return plain(str(path))


def _check_file(path: Path) -> None:
    try:
        st = path.stat()
    except FileNotFoundError:
        raise CardDatabaseError(f"{_p(path)}: no such file") from None
    except OSError as exc:
        raise CardDatabaseError(f"{_p(path)}: cannot open ({exc.strerror})") from None
    if stat.S_ISDIR(st.st_mode):
        raise CardDatabaseError(f"{_p(path)}: is a directory, not a card database")
    if not stat.S_ISREG(st.st_mode):
        raise CardDatabaseError(f"{_p(path)}: not a regular file, not a card database")
    if st.st_size == 0:
        raise CardDatabaseError(f"{_p(path)}: empty file, not a card database")
    try:
        with path.open("rb") as f:
            f.read(1)
    except OSError as exc:
        raise CardDatabaseError(f"{_p(path)}: cannot open ({exc.strerror})") from None


def _check_schema(path: Path, conn: sqlite3.Connection) -> None:
    found: dict[str, tuple[str, str]] = {}
    for kind, name, sql in conn.execute(
        "SELECT type, name, sql FROM sqlite_master WHERE lower(name) IN ('datas', 'texts')"
    ):
        found[str(name).lower()] = (str(kind), str(sql or ""))
    missing = [t for t in ("datas", "texts") if t not in found]
    if missing:
        what = " or ".join(f"'{t}'" for t in missing)
        raise CardDatabaseError(f"{_p(path)}: not a YGOPro card database (no table {what})")
    for table in ("datas", "texts"):
        kind, sql = found[table]
        if kind != "table":
            raise CardDatabaseError(
                f"{_p(path)}: '{table}' is a {plain(kind)}, not a table; not a card database"
            )
        if not _PLAIN_TABLE.match(sql):
            what = "a virtual table" if "VIRTUAL" in sql.upper()[:40] else "not a plain table"
            raise CardDatabaseError(f"{_p(path)}: '{table}' is {what}; not a card database")
    for table, needed in (("datas", _DATAS_COLUMNS), ("texts", _TEXTS_COLUMNS)):
        have = {str(r[1]).lower() for r in conn.execute(f"PRAGMA table_info({table})")}
        lacking = [c for c in needed if c not in have]
        if lacking:
            cols = ", ".join(lacking)
            raise CardDatabaseError(f"{_p(path)}: table '{table}' lacks column(s) {cols}")


def _error(path: Path, exc: sqlite3.Error) -> CardDatabaseError:
    text = plain(str(exc).splitlines()[0]) if str(exc) else type(exc).__name__
    if "not a database" in text:
        return CardDatabaseError(f"{_p(path)}: not a SQLite database ({text})")
    if "malformed" in text or "corrupt" in text:
        return CardDatabaseError(f"{_p(path)}: corrupt database ({text})")
    if "too big" in text:
        return CardDatabaseError(
            f"{_p(path)}: a value is larger than {MAX_VALUE_BYTES:,} bytes ({text});"
            " not a card database"
        )
    return CardDatabaseError(f"{_p(path)}: cannot read card database ({text})")


def _card(row: _Row, lang: Lang = "en") -> CardData | str:
    """The card for one joined row, or the reason the row is skipped."""
    code, alias, setcode, t, atk, df, level, rc, attr, name = row
    if (
        type(code) is not int
        or type(alias) is not int
        or type(setcode) is not int
        or type(t) is not int
        or type(atk) is not int
        or type(df) is not int
        or type(level) is not int
        or type(rc) is not int
        or type(attr) is not int
    ):
        return _non_integer(row)
    if not isinstance(name, str) or not name:
        return "no name"
    if len(name) > MAX_NAME_CHARS:
        return f"name longer than {MAX_NAME_CHARS} characters"
    if code <= 0:
        return f"bad passcode {code}"
    if alias < 0:
        return f"bad alias {alias}"
    if not t & _KIND_BITS or t < 0:
        return f"type {t:#x} is not a monster, spell or trap"
    if atk < 0 and atk != _UNKNOWN:
        return f"bad ATK {atk}"
    if df < 0 and df != _UNKNOWN:
        return f"bad DEF {df}"
    if rc < 0 or attr < 0:
        return "negative race or attribute"
    level &= 0xFFFFFFFF
    if setcode:
        setcode &= _U64
        codes = tuple(
            c
            for c in (
                setcode & 0xFFFF,
                (setcode >> 16) & 0xFFFF,
                (setcode >> 32) & 0xFFFF,
                setcode >> 48,
            )
            if c
        )
    else:
        codes = ()
    is_link = t & TYPE_LINK
    return CardData(
        code=code,
        name=name,
        name_zh=name if lang == "zh" else "",
        type=card_type(t),
        alias=alias,
        attribute=attribute(attr),
        race=race(rc),
        level=level & 0xFF,
        lscale=(level >> 24) & 0xFF if t & TYPE_PENDULUM else 0,
        rscale=(level >> 16) & 0xFF if t & TYPE_PENDULUM else 0,
        link_markers=link_markers(df if is_link and df > 0 else 0),
        atk=None if atk == _UNKNOWN else atk,
        defense=None if is_link or df == _UNKNOWN else df,
        setcodes=codes,
    )


def _non_integer(row: _Row) -> str:
    names = ("id", "alias", "setcode", "type", "atk", "def", "level", "race", "attribute")
    bad = [f"{n}={v!r}" for n, v in zip(names, row[:9], strict=True) if type(v) is not int]
    return "non-integer " + ", ".join(bad)
