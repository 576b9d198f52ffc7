"""A collection of cards with look-up by passcode or name, and search."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator
from dataclasses import replace
from enum import StrEnum

from ygo.core.card import CardData
from ygo.core.enums import CardType
from ygo.errors import UnknownCardError


class KindFilter(StrEnum):
    """The ``--kind`` filter of a search."""

    MONSTER = "monster"
    SPELL = "spell"
    TRAP = "trap"

    @property
    def bit(self) -> CardType:
        return {
            KindFilter.MONSTER: CardType.MONSTER,
            KindFilter.SPELL: CardType.SPELL,
            KindFilter.TRAP: CardType.TRAP,
        }[self]


class CardDB:
    """Cards by passcode, with name look-up and search.

    A later database overrides an earlier one card by card
    (:meth:`overlay`), the way ``--cards FILE.cdb`` loads user cards over the
    embedded pool.
    """

    __slots__ = ("_by_code", "_by_name", "source")

    def __init__(self, cards: Iterable[CardData] = (), source: str = "") -> None:
        self._by_code: dict[int, CardData] = {}
        self._by_name: dict[str, CardData] | None = None
        self.source = source
        for card in cards:
            self._by_code[card.code] = card

    # -- collection ----------------------------------------------------------
    def __len__(self) -> int:
        return len(self._by_code)

    def __iter__(self) -> Iterator[CardData]:
        return iter(self._by_code.values())

    def __contains__(self, code: object) -> bool:
        return code in self._by_code

    def add(self, card: CardData) -> None:
        """Add or replace one card."""
        self._by_code[card.code] = card
        self._by_name = None

    def overlay(self, other: CardDB) -> CardDB:
        """A new database: this one's cards, then ``other``'s over them.

        A card of ``other`` replaces the card with the same passcode. When both
        have the same English name, what ``other`` lacks (an empty summary or
        Chinese name, as in every YGOPro ``cards.cdb``) is kept from this one, so
        loading a cdb over the embedded pool keeps the pool's summaries.
        """
        merged = CardDB(self, source=self.source)
        by_code = merged._by_code
        for card in other:
            old = by_code.get(card.code)
            if (
                old is not None
                and old.name == card.name
                and ((old.summary and not card.summary) or (old.name_zh and not card.name_zh))
            ):
                card = replace(
                    card,
                    summary=card.summary or old.summary,
                    name_zh=card.name_zh or old.name_zh,
                )
            by_code[card.code] = card
        if other.source:
            merged.source = f"{self.source} + {other.source}" if self.source else other.source
        return merged

    # -- look-up -------------------------------------------------------------
    def get(self, code: int) -> CardData:
        """The card with this passcode; :class:`UnknownCardError` if absent."""
        try:
            return self._by_code[code]
        except KeyError:
            raise UnknownCardError(f"unknown passcode {code}") from None

    def maybe(self, code: int) -> CardData | None:
        return self._by_code.get(code)

    def base_code(self, code: int) -> int:
        """The passcode a card counts as for copy limits (its alias, if it has one)."""
        card = self._by_code.get(code)
        return card.base_code if card is not None else code

    def _names(self) -> dict[str, CardData]:
        if self._by_name is None:
            index: dict[str, CardData] = {}
            # Base cards first so that a name maps to the card, not to an alt art
            # (nor to a token that shares its name, e.g. a "Dark Magician" token).
            for card in sorted(self._by_code.values(), key=_name_priority):
                for name in (card.name, card.name_zh):
                    if name:
                        index.setdefault(name.casefold(), card)
            self._by_name = index
        return self._by_name

    def find(self, query: str) -> CardData:
        """A card by passcode (digits) or exact English or Chinese name (any case).

        When no name matches exactly but exactly one card's name contains
        ``query``, that card is returned; otherwise :class:`UnknownCardError`
        lists the candidates (or close spellings).
        """
        q = query.strip()
        if q.isascii() and q.isdigit():
            return self.get(int(q))
        card = self._names().get(q.casefold())
        if card is not None:
            return card
        hits = self.search(q, limit=6)
        if len(hits) == 1:
            return hits[0]
        if hits:
            names = "; ".join(c.name for c in hits)
            raise UnknownCardError(f"no card is named {q!r}; did you mean: {names}")
        close = difflib.get_close_matches(q.casefold(), list(self._names()), n=3, cutoff=0.75)
        hint = f"; did you mean: {'; '.join(self._names()[c].name for c in close)}" if close else ""
        raise UnknownCardError(f"no card is named {q!r}{hint}")

    def search(
        self, text: str = "", kind: KindFilter | None = None, limit: int | None = None
    ) -> list[CardData]:
        """Cards whose English or Chinese name contains ``text`` (any case).

        Alternate artworks (an ``alias`` to a present card of the same name) are
        left out; cards that merely count as another (e.g. "Harpie Lady 1") stay.
        Results are ordered: exact match, then prefix match, then by name.
        """
        needle = text.strip().casefold()
        hits: list[tuple[int, str, CardData]] = []
        by_code = self._by_code
        bit = int(kind.bit) if kind is not None else 0
        for card in by_code.values():
            if card.alias:
                base = by_code.get(card.alias)
                if base is not None and base.name == card.name:
                    continue
            if bit and not card.type & bit:
                continue
            en = card.name.casefold()
            zh = card.name_zh.casefold()
            if needle and needle not in en and needle not in zh:
                continue
            if not needle or needle in (en, zh):
                rank = 0
            elif en.startswith(needle) or zh.startswith(needle):
                rank = 1
            else:
                rank = 2
            hits.append((rank, en, card))
        hits.sort(key=lambda h: (h[0], h[1], h[2].code))
        out = [h[2] for h in hits]
        return out if limit is None else out[:limit]


def _name_priority(card: CardData) -> tuple[bool, bool, int]:
    return (card.alias != 0, bool(card.type & CardType.TOKEN), card.code)
