"""Load and dump decks in any supported form: ``.ydk`` files, ``ydke://`` URLs, starters.

``load_deck`` takes what a user types:

- a path to a ``.ydk`` file (YGOPro or EDOPro dialect);
- a ``ydke://`` URL;
- ``starter:NAME``, one of the decks shipped with the package
  (``starter:yugi``, ``starter:kaiba``; see :func:`ygo.data.starter_deck_names`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, get_args

from ygo.cards.db import CardDB
from ygo.core.deck import Deck
from ygo.errors import DeckFormatError
from ygo.formats.ydk import MAX_BYTES as _MAX_BYTES
from ygo.formats.ydk import parse_ydk_located, read_capped, report_unknown, write_ydk
from ygo.formats.ydke import is_ydke, parse_ydke_located, write_ydke

DeckFormat = Literal["ydk", "ydke"]
DECK_FORMATS: tuple[str, ...] = get_args(DeckFormat)
STARTER_PREFIX = "starter:"


def normalize_deck(deck: Deck, db: CardDB) -> Deck:
    """Move Extra Deck monsters listed in the Main Deck to the Extra Deck.

    YGOPro and EDOPro do this when they load a deck; the moved cards come
    first in the Extra Deck, in their Main Deck order. Unknown passcodes stay
    where they are.
    """
    moved = tuple(c for c in deck.main if _is_extra(c, db))
    if not moved:
        return deck
    main = tuple(c for c in deck.main if not _is_extra(c, db))
    return Deck(main, moved + deck.extra, deck.side, name=deck.name)


def _is_extra(code: int, db: CardDB) -> bool:
    card = db.maybe(code)
    return card is not None and card.is_extra_deck


def load_deck(source: str, db: CardDB | None = None, *, normalize: bool = True) -> Deck:
    """A deck from a ``.ydk`` path, a ``ydke://`` URL or ``starter:NAME``.

    Without ``db`` the deck is read as written. With ``db``, every unknown
    passcode is reported in one :class:`DeckFormatError` (with the line or
    section of each), and, unless ``normalize=False``, Extra Deck monsters
    listed in the Main Deck are moved to the Extra Deck (:func:`normalize_deck`).
    """
    deck, found = _read(source)
    if db is None:
        return deck
    report_unknown(found, db, what=_describe(source))
    return normalize_deck(deck, db) if normalize else deck


def _read(source: str) -> tuple[Deck, list[tuple[int, str]]]:
    if is_ydke(source):
        return parse_ydke_located(source)
    if source.strip().lower().startswith(STARTER_PREFIX):
        from ygo.data import starter_deck

        deck = starter_deck(source.strip()[len(STARTER_PREFIX) :])
        where = [(c, "starter deck") for c in deck.all_cards()]
        return deck, where
    path = Path(source)
    data = read_capped(source, what="deck file", error=DeckFormatError, max_bytes=_MAX_BYTES)
    try:
        return parse_ydk_located(data, name=path.stem)
    except DeckFormatError as exc:
        raise DeckFormatError(f"{path}: {exc}") from None


def _describe(source: str) -> str:
    if is_ydke(source):
        return "ydke:// URL"
    if source.strip().lower().startswith(STARTER_PREFIX):
        return source.strip()
    return str(Path(source))


def dump_deck(deck: Deck, to: DeckFormat = "ydk", db: CardDB | None = None) -> str:
    """A deck as ``.ydk`` text or a ``ydke://`` URL.

    With ``db``, ``.ydk`` output names each card in a comment after its
    passcode; ``ydke`` has no room for names and ignores it.
    """
    if to == "ydk":
        return write_ydk(deck, names=db)
    if to == "ydke":
        return write_ydke(deck)
    raise DeckFormatError(f"unknown deck format {to!r} (known: {', '.join(DECK_FORMATS)})")
