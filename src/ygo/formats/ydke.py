"""``ydke://`` deck URLs (EDOPro's copy-and-paste deck format).

A URL is ``ydke://MAIN!EXTRA!SIDE!``: each section is the standard base64 of
its passcodes as little-endian unsigned 32-bit integers, and each is ended by
``!``. Writing gives padded base64; reading also accepts unpadded sections and
surrounding whitespace. ``parse_ydke(write_ydke(deck)) == deck`` for every deck.
"""

from __future__ import annotations

import base64
import binascii
import re
import struct

from ygo.cards.db import CardDB
from ygo.core.deck import Deck
from ygo.errors import DeckFormatError
from ygo.formats.ydk import MAX_BYTES, MAX_CARDS, MAX_CODE, SECTIONS, decode_text, report_unknown

PREFIX = "ydke://"
_BASE64 = re.compile(r"[A-Za-z0-9+/]*={0,2}")
_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=")


def is_ydke(text: str) -> bool:
    """Whether a string looks like a ``ydke://`` URL (any case, spaces around allowed)."""
    return text.lstrip().lower().startswith(PREFIX)


def parse_ydke_located(url: str | bytes) -> tuple[Deck, list[tuple[int, str]]]:
    """Like :func:`parse_ydke`, also giving ``(code, "main section, card N")`` per card."""
    text = decode_text(url, what="ydke:// URL", error=DeckFormatError, max_bytes=MAX_BYTES)
    text = text.strip()
    if not text:
        raise DeckFormatError("empty ydke:// URL")
    if not text.lower().startswith(PREFIX):
        raise DeckFormatError(f"not a ydke:// URL (it must start with {PREFIX!r})")
    body = text[len(PREFIX) :]
    parts = body.split("!")
    if len(parts) < 4:
        raise DeckFormatError(
            f"ydke:// URL has {len(parts) - 1} '!' terminator(s); expected 3 sections "
            "(main, extra, side), each ended by '!'"
        )
    if len(parts) > 4 or parts[3].strip():
        raise DeckFormatError(
            "ydke:// URL has data after its third '!' (expected exactly 3 sections: "
            "main, extra, side)"
        )
    sections: list[tuple[int, ...]] = []
    found: list[tuple[int, str]] = []
    for section, chunk in zip(SECTIONS, parts[:3], strict=True):
        codes = _decode_section(section, chunk.strip())
        for i, code in enumerate(codes, start=1):
            found.append((code, f"{section} section, card {i}"))
        if len(found) > MAX_CARDS:
            raise DeckFormatError(
                f"{section} section: too many cards (a deck may list at most {MAX_CARDS})"
            )
        sections.append(codes)
    return Deck(sections[0], sections[1], sections[2]), found


def parse_ydke(url: str | bytes, *, db: CardDB | None = None) -> Deck:
    """A deck from a ``ydke://`` URL.

    Raises :class:`DeckFormatError` naming the section and the problem. With
    ``db``, every passcode the database does not know is reported in one error.
    """
    deck, found = parse_ydke_located(url)
    if db is not None:
        report_unknown(found, db, what="ydke:// URL")
    return deck


def _decode_section(section: str, chunk: str) -> tuple[int, ...]:
    if not _BASE64.fullmatch(chunk):
        bad = next((i for i, ch in enumerate(chunk) if ch not in _ALPHABET), None)
        if bad is None:
            raise DeckFormatError(f"{section} section: not valid base64 (misplaced '=' padding)")
        raise DeckFormatError(
            f"{section} section: not valid base64 (character {chunk[bad]!r} at position {bad + 1})"
        )
    stripped = chunk.rstrip("=")
    if len(stripped) % 4 == 1:
        raise DeckFormatError(
            f"{section} section: not valid base64 (length {len(stripped)} cannot be decoded)"
        )
    padded = stripped + "=" * (-len(stripped) % 4)
    try:
        raw = base64.b64decode(padded, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise DeckFormatError(f"{section} section: not valid base64 ({exc})") from None
    if len(raw) % 4:
        raise DeckFormatError(
            f"{section} section: {len(raw)} byte{'' if len(raw) == 1 else 's'} is not a "
            "whole number of 4-byte passcodes (truncated?)"
        )
    codes = struct.unpack(f"<{len(raw) // 4}I", raw)
    for i, code in enumerate(codes, start=1):
        if code == 0:
            raise DeckFormatError(f"{section} section, card {i}: passcode 0 is out of range")
    return codes


def write_ydke(deck: Deck) -> str:
    """The ``ydke://`` URL of a deck."""
    out = []
    for section, codes in zip(SECTIONS, (deck.main, deck.extra, deck.side), strict=True):
        for i, code in enumerate(codes, start=1):
            if not 0 < code <= MAX_CODE:
                raise DeckFormatError(
                    f"{section} section, card {i}: passcode {code} is out of range "
                    f"(1 to {MAX_CODE})"
                )
        raw = struct.pack(f"<{len(codes)}I", *codes)
        out.append(base64.b64encode(raw).decode("ascii") + "!")
    return PREFIX + "".join(out)
