"""Decks for the web table: a starter or sample deck, a pasted ``ydke://`` URL, or an
uploaded ``.ydk`` file's text, read with :mod:`ygo.formats` and checked with
:mod:`ygo.deckcheck` against the room's ruleset."""

from __future__ import annotations

from typing import Any

from ygo.cards.pool import embedded_pool
from ygo.core.deck import Deck
from ygo.data import _SAMPLES, sample_deck, starter_deck_names
from ygo.deckcheck import check_deck
from ygo.errors import DeckFormatError, YgoError
from ygo.formats.decks import load_deck, normalize_deck
from ygo.formats.ydk import MAX_BYTES, parse_ydk_located, report_unknown
from ygo.rules import Ruleset


class DeckError(YgoError):
    """A deck the table cannot play: the message says why, for people."""


def deck_choices() -> list[dict[str, str]]:
    """The shipped decks a person may pick, as ``{"id", "label"}``."""
    names = starter_deck_names()
    out = [{"id": f"starter:{n}", "label": f"Starter Deck {n.title()}"} for n in names]
    out += [{"id": f"sample:{k}", "label": title} for k, (_f, title) in _SAMPLES.items()]
    return out


def read_deck(spec: Any, ruleset: Ruleset, *, check: bool = True) -> Deck:
    """A deck from a request's ``deck`` field.

    ``spec`` is ``"starter:yugi"`` / ``"sample:synchro"``, or an object
    ``{"ydke": URL}`` or ``{"ydk": TEXT, "name": FILENAME}``. Unknown cards and
    (with ``check``) a deck that breaks the deck rules raise :class:`DeckError`
    with every problem listed.
    """
    db = embedded_pool()
    try:
        deck = _read(spec, db)
    except DeckError:
        raise
    except YgoError as exc:
        raise DeckError(str(exc)) from None
    if check:
        problems = check_deck(deck, db, ruleset)
        if problems:
            raise DeckError(
                f"this deck breaks the deck rules ({ruleset.name}): "
                + "; ".join(str(p) for p in problems[:8])
                + (f" (and {len(problems) - 8} more)" if len(problems) > 8 else "")
            )
    return deck


def _read(spec: Any, db: Any) -> Deck:
    if isinstance(spec, str):
        s = spec.strip()
        if s.lower().startswith("starter:"):
            return load_deck(s, db)
        if s.lower().startswith("sample:"):
            return normalize_deck(sample_deck(s.split(":", 1)[1]), db)
        if s.lower().startswith("ydke://"):
            return load_deck(s, db)
        raise DeckError("choose a deck: a starter deck, a ydke:// URL or a .ydk file")
    if isinstance(spec, dict):
        if isinstance(spec.get("ydke"), str):
            url = spec["ydke"].strip()
            if len(url) > 20_000:
                raise DeckError("this ydke:// URL is too long")
            if not url.lower().startswith("ydke://"):
                raise DeckError("a ydke URL starts with ydke://")
            try:
                return load_deck(url, db)
            except YgoError as exc:
                raise DeckError(f"this ydke:// URL: {exc}") from None
        if isinstance(spec.get("ydk"), str):
            text = spec["ydk"]
            try:
                size = len(text.encode("utf-8"))
            except UnicodeEncodeError:  # a lone surrogate ("\\ud800" in the JSON)
                raise DeckError("this .ydk file is not text (UTF-8)") from None
            if size > MAX_BYTES:
                raise DeckError(f"this .ydk file is too large (over {MAX_BYTES} bytes)")
            name = str(spec.get("name") or "uploaded.ydk")[:80]
            try:
                deck, found = parse_ydk_located(text, name=name.removesuffix(".ydk"))
            except DeckFormatError as exc:
                raise DeckError(f"{name}: {exc}") from None
            report_unknown(found, db, what=name)
            return normalize_deck(deck, db)
    raise DeckError("choose a deck: a starter deck, a ydke:// URL or a .ydk file")
