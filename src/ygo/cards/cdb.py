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
- ``texts.name`` is the name. The official card text (``texts.desc``) is never
  read: summaries stay empty.

A file that does not exist, is not SQLite, lacks the tables or columns, or is
corrupt raises :class:`~ygo.errors.CardDatabaseError` with a one-line message
naming the file. A row with bad values (a non-integer in a numeric column, a
``type`` with none of the monster/spell/trap bits, a negative passcode, ATK/DEF
below zero other than -2, no name) is skipped and reported in
:attr:`CdbLoad.skipped`; with ``strict=True`` the first such row raises instead.
A ``datas`` row without a ``texts`` row has no name and is skipped silently.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from ygo.cards.db import CardDB
from ygo.core.card import CardData
from ygo.core.enums import CardType
from ygo.core.records import attribute, card_type, link_markers, race
from ygo.errors import CardDatabaseError

_DATAS_COLUMNS = ("id", "alias", "setcode", "type", "atk", "def", "level", "race", "attribute")
_TEXTS_COLUMNS = ("id", "name")

_QUERY = (
    "SELECT d.id, d.alias, d.setcode, d.type, d.atk, d.def, d.level, d.race, d.attribute, t.name"
    " FROM datas AS d JOIN texts AS t ON t.id = d.id ORDER BY d.id"
)

_KIND_BITS = int(CardType.MONSTER | CardType.SPELL | CardType.TRAP)
_LINK = int(CardType.LINK)
_PENDULUM = int(CardType.PENDULUM)
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


def read_cdb(path: str | Path, *, strict: bool = False) -> CardDB:
    """Read a YGOPro ``cards.cdb`` into a :class:`CardDB`, skipping bad rows (:func:`load_cdb`)."""
    return load_cdb(path, strict=strict).db


def load_cdb(path: str | Path, *, strict: bool = False) -> CdbLoad:
    """Read a YGOPro ``cards.cdb``; report the rows that were skipped.

    Raises :class:`CardDatabaseError` when the file cannot be read as a card
    database, or (with ``strict``) at the first row with bad values.
    """
    path = Path(path)
    _check_file(path)
    uri = path.resolve().as_uri() + "?mode=ro"
    try:
        conn = sqlite3.connect(uri, uri=True)
    except sqlite3.Error as exc:
        raise _error(path, exc) from None
    try:
        _check_schema(path, conn)
        rows: list[_Row] = conn.execute(_QUERY).fetchall()
    except sqlite3.Error as exc:
        raise _error(path, exc) from None
    finally:
        conn.close()

    cards: list[CardData] = []
    skipped: list[SkippedRow] = []
    for row in rows:
        card = _card(row)
        if isinstance(card, str):
            if strict:
                raise CardDatabaseError(f"{path}: card {row[0]!r}: {card}")
            skipped.append(SkippedRow(row[0], card))
        else:
            cards.append(card)
    return CdbLoad(CardDB(cards, source=str(path)), tuple(skipped))


def _check_file(path: Path) -> None:
    try:
        st = path.stat()
    except FileNotFoundError:
        raise CardDatabaseError(f"{path}: no such file") from None
    except OSError as exc:
        raise CardDatabaseError(f"{path}: cannot open ({exc.strerror})") from None
    if path.is_dir():
        raise CardDatabaseError(f"{path}: is a directory, not a card database")
    if st.st_size == 0:
        raise CardDatabaseError(f"{path}: empty file, not a card database")


def _check_schema(path: Path, conn: sqlite3.Connection) -> None:
    tables = {
        name.lower()
        for (name,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type IN ('table', 'view')"
        )
    }
    missing = [t for t in ("datas", "texts") if t not in tables]
    if missing:
        what = " or ".join(f"'{t}'" for t in missing)
        raise CardDatabaseError(f"{path}: not a YGOPro card database (no table {what})")
    for table, needed in (("datas", _DATAS_COLUMNS), ("texts", _TEXTS_COLUMNS)):
        have = {str(r[1]).lower() for r in conn.execute(f"PRAGMA table_info({table})")}
        lacking = [c for c in needed if c not in have]
        if lacking:
            cols = ", ".join(lacking)
            raise CardDatabaseError(f"{path}: table '{table}' lacks column(s) {cols}")


def _error(path: Path, exc: sqlite3.Error) -> CardDatabaseError:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    if "not a database" in text:
        return CardDatabaseError(f"{path}: not a SQLite database ({text})")
    if "malformed" in text or "corrupt" in text:
        return CardDatabaseError(f"{path}: corrupt database ({text})")
    return CardDatabaseError(f"{path}: cannot read card database ({text})")


def _card(row: _Row) -> CardData | str:
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
    is_link = t & _LINK
    return CardData(
        code=code,
        name=name,
        type=card_type(t),
        alias=alias,
        attribute=attribute(attr),
        race=race(rc),
        level=level & 0xFF,
        lscale=(level >> 24) & 0xFF if t & _PENDULUM else 0,
        rscale=(level >> 16) & 0xFF if t & _PENDULUM else 0,
        link_markers=link_markers(df if is_link and df > 0 else 0),
        atk=None if atk == _UNKNOWN else atk,
        defense=None if is_link or df == _UNKNOWN else df,
        setcodes=codes,
    )


def _non_integer(row: _Row) -> str:
    names = ("id", "alias", "setcode", "type", "atk", "def", "level", "race", "attribute")
    bad = [f"{n}={v!r}" for n, v in zip(names, row[:9], strict=True) if type(v) is not int]
    return "non-integer " + ", ".join(bad)
