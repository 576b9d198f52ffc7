""".ydk deck files (YGOPro and EDOPro).

The format is line based::

    #created by ygo
    #main
    46986414
    ...
    #extra
    ...
    !side
    ...

Reading accepts both clients' dialects: UTF-8 with or without a BOM (else
GB18030, which covers the GBK that Notepad on Chinese Windows writes), LF or
CRLF line ends, blank lines, any ``#`` comment line (``#created by ...``,
``# Dark Magician``), and text after a passcode (``46986414 # Dark Magician``
or ``46986414 Dark Magician``), which EDOPro and YGOPro both ignore. ``#side``
is taken as a synonym of ``!side``. Cards listed before any section marker go
to the Main Deck, as in YGOPro.

Writing gives the YGOPro form (LF line ends, every marker present even when its
section is empty); with ``names=db`` each passcode line carries the card's name
after a ``#`` (control characters replaced: names are data).
``parse_ydk(write_ydk(deck)) == deck`` for every deck.

The parser needs no card database. Given one (``db=``), it also reports every
unknown passcode at once, with the lines where each appears.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from ygo.cards.db import CardDB
from ygo.core.deck import Deck
from ygo.errors import DeckFormatError, YgoError
from ygo.formats import files
from ygo.textsafe import plain

MAX_BYTES = 1 << 20
"""Largest deck file or URL read (1 MiB); real decks are a few hundred bytes."""
MAX_CARDS = 1000
"""Most cards a deck file may list (Main + Extra + Side)."""
FALLBACK = "gb18030"
"""The encoding tried when a deck file is not UTF-8: GB18030 (a superset of GBK and
GB2312), which Notepad on Chinese Windows writes; accepted only if it decodes cleanly."""
MAX_CODE = 2**32 - 1
"""Passcodes are unsigned 32-bit numbers, 0 excluded."""

SECTIONS = ("main", "extra", "side")
"""The three parts of a deck, in file order."""

_BINARY = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_MARKERS = {"#main": "main", "#extra": "extra", "!side": "side", "#side": "side"}
_CODE_LINE = re.compile(r"([0-9]+)(?:(?:\s|#|--).*)?", re.DOTALL)


# -- shared helpers for the text formats (ydk, ydke, lflist) -----------------
def read_capped(path: str | Path, *, what: str, error: type[YgoError], max_bytes: int) -> bytes:
    """A file's bytes, or ``error`` naming the path and the problem.

    See :func:`ygo.formats.files.read_capped`: only regular files are read (a
    FIFO or a device is refused without blocking), at most ``max_bytes``.
    """
    return files.read_capped(path, max_bytes, what, error=error)


def decode_text(
    data: bytes | str,
    *,
    what: str,
    error: type[YgoError],
    max_bytes: int,
    fallback: str | None = None,
) -> str:
    """Text from bytes that must be UTF-8 (a BOM is dropped), with no NUL and not too long.

    With ``fallback`` (a codec name), bytes that are not UTF-8 but decode cleanly
    in that encoding are accepted too.
    """
    if isinstance(data, str):
        text = data
        if len(text) > max_bytes:
            raise error(f"too large for a {what} (over {max_bytes:,} characters)")
    else:
        if len(data) > max_bytes:
            raise error(f"too large for a {what} (over {max_bytes:,} bytes)")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            decoded = _decode_fallback(data, fallback)
            if decoded is not None:
                text = decoded
            else:
                also = f" or {fallback.upper()}" if fallback else ""
                raise error(
                    f"not a {what}: byte 0x{data[exc.start]:02x} at offset {exc.start} "
                    f"is not UTF-8{also} text (a binary file?)"
                ) from None
    text = text.removeprefix("\ufeff")
    nul = text.find("\0")
    if nul >= 0:
        line = text.count("\n", 0, nul) + 1
        raise error(f"line {line}: NUL character: not a {what} (a binary file?)")
    return text


def _decode_fallback(data: bytes, codec: str | None) -> str | None:
    if codec is None:
        return None
    try:
        text = data.decode(codec)
    except UnicodeDecodeError:
        return None
    # Binary data often decodes too: accept only text without control characters.
    return text if not _BINARY.search(text) else None


def parse_code(digits: str) -> int | None:
    """A passcode from ASCII digits (leading zeros allowed); ``None`` when out of range."""
    significant = digits.lstrip("0")
    if not digits.isascii() or not digits.isdigit() or len(significant) > 10:
        return None
    code = int(significant or "0")  # not int(digits): 5,000 leading zeros exceed int()'s limit
    return code if 0 < code <= MAX_CODE else None


def split_lines(text: str) -> list[str]:
    """Lines of text with LF, CRLF or CR ends (no other characters end a line)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def report_unknown(found: Iterable[tuple[int, str]], db: CardDB, *, what: str = "deck") -> None:
    """Raise one :class:`DeckFormatError` listing every ``(code, where)`` not in ``db``."""
    where_by_code: dict[int, list[str]] = {}
    for code, where in found:
        if code not in db:
            where_by_code.setdefault(code, []).append(where)
    if not where_by_code:
        return
    parts = [f"{code} ({', '.join(wheres)})" for code, wheres in where_by_code.items()]
    n = len(where_by_code)
    noun = "passcode" if n == 1 else "passcodes"
    raise DeckFormatError(f"{what} has {n} unknown {noun}: {'; '.join(parts)}")


# -- ydk -----------------------------------------------------------------------
def parse_ydk_located(text: str | bytes, *, name: str = "") -> tuple[Deck, list[tuple[int, str]]]:
    """Like :func:`parse_ydk`, also giving ``(code, "line N")`` for every card read."""
    src = decode_text(
        text, what="deck file", error=DeckFormatError, max_bytes=MAX_BYTES, fallback=FALLBACK
    )
    if not src.strip():
        raise DeckFormatError("empty deck file: no section markers and no cards")
    cards: dict[str, list[int]] = {s: [] for s in SECTIONS}
    found: list[tuple[int, str]] = []
    section = "main"
    for lineno, raw in enumerate(split_lines(src), start=1):
        line = raw.strip()
        if not line:
            continue
        marker = _MARKERS.get(line.casefold())
        if marker is not None:
            section = marker
            continue
        if line.startswith("#"):
            continue
        if line.startswith("!"):
            raise DeckFormatError(
                f"line {lineno}: unknown section marker {_show(line)} (expected !side)"
            )
        m = _CODE_LINE.fullmatch(line)
        if m is None:
            raise DeckFormatError(
                f"line {lineno}: expected a passcode (digits) or a section marker, "
                f"got {_show(line)}"
            )
        digits = m.group(1)
        code = parse_code(digits)
        if code is None:
            raise DeckFormatError(
                f"line {lineno}: passcode {_show(digits)} is out of range (1 to {MAX_CODE})"
            )
        if len(found) >= MAX_CARDS:
            raise DeckFormatError(
                f"line {lineno}: too many cards (a deck file may list at most {MAX_CARDS})"
            )
        cards[section].append(code)
        found.append((code, f"line {lineno}"))
    deck = Deck(tuple(cards["main"]), tuple(cards["extra"]), tuple(cards["side"]), name=name)
    return deck, found


def parse_ydk(text: str | bytes, *, name: str = "", db: CardDB | None = None) -> Deck:
    """A deck from the text (or raw bytes) of a ``.ydk`` file.

    Raises :class:`DeckFormatError` naming the line and the problem. With ``db``,
    every passcode the database does not know is reported in one error.
    """
    deck, found = parse_ydk_located(text, name=name)
    if db is not None:
        report_unknown(found, db, what="deck file")
    return deck


def read_ydk(path: str | Path, *, db: CardDB | None = None) -> Deck:
    """A deck from a ``.ydk`` file; its name is the file's stem."""
    p = Path(path)
    data = read_capped(path, what="deck file", error=DeckFormatError, max_bytes=MAX_BYTES)
    try:
        return parse_ydk(data, name=p.stem, db=db)
    except DeckFormatError as exc:
        raise DeckFormatError(f"{p}: {exc}") from None


def write_ydk(deck: Deck, *, names: CardDB | None = None, created_by: str = "ygo") -> str:
    """The ``.ydk`` text of a deck (YGOPro form, LF line ends).

    With ``names``, every known passcode line is followed by ``# Card Name``
    (EDOPro and YGOPro ignore text after the number).
    """
    creator = " ".join(created_by.split())
    out = [f"#created by {creator}" if creator else "#created by"]
    for marker, codes in (("#main", deck.main), ("#extra", deck.extra), ("!side", deck.side)):
        out.append(marker)
        out.extend(_code_line(code, names) for code in codes)
    return "\n".join(out) + "\n"


def _code_line(code: int, names: CardDB | None) -> str:
    if not 0 < code <= MAX_CODE:
        raise DeckFormatError(f"passcode {code} is out of range (1 to {MAX_CODE})")
    card = names.maybe(code) if names is not None else None
    if card is None or not card.name:
        return str(code)
    return f"{code} # {plain(' '.join(card.name.split()))}"


def _show(text: str, limit: int = 40) -> str:
    """A short quoted excerpt of user input for an error message."""
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")
