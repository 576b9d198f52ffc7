"""Deck legality: the sizes, the copy cap and a banlist (RULES.md R-DECK-1 to R-DECK-6).

:func:`check_deck` returns every violation at once (R-DECK-6), each naming the
rule, the card or section, and the problem. An empty list means the deck is
legal under the ruleset (and the banlist, if one is given)::

    problems = check_deck(deck, db, Ruleset.classic(), shipped_banlist("DM6"))

Copies count by card across Main + Extra + Side: alternate artworks count as
their base card (``db.base_code``), for the 3-copy cap and for the banlist.
Besides the R-DECK rules it reports passcodes the database does not know
(``UNKNOWN-CARD``), cards in the wrong section (an Extra Deck monster in the
Main Deck, a Main Deck card in the Extra Deck: R-DECK-2) and tokens, which
never belong in a deck (R-SUM-11).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass
from typing import Any

from ygo.cards.db import CardDB
from ygo.core.card import CardData
from ygo.core.deck import Deck
from ygo.core.enums import CardType
from ygo.formats.lflist import STATUS_NAMES, Banlist
from ygo.rules import Ruleset

UNKNOWN_CARD = "UNKNOWN-CARD"
"""The ``rule`` of a violation for a passcode the card database does not know."""


@dataclass(frozen=True, slots=True)
class Violation:
    """One reason a deck is not legal."""

    rule: str
    """The rule broken: an ID of RULES.md (``"R-DECK-4"``) or ``"UNKNOWN-CARD"``."""
    message: str
    """A one-line explanation for people."""
    code: int | None = None
    """The card's passcode (its base passcode for copy limits), if about a card."""
    name: str | None = None
    """The card's name, when the database knows it."""
    section: str | None = None
    """``"main"``, ``"extra"`` or ``"side"`` when about a section; ``None`` for the whole deck."""
    count: int | None = None
    """What was found: cards in the section, or copies of the card."""
    limit: int | None = None
    """What is allowed (a bound of the section size, or the copies allowed)."""

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def check_deck(
    deck: Deck, db: CardDB, ruleset: Ruleset | None = None, banlist: Banlist | None = None
) -> list[Violation]:
    """Every violation of the deck rules, in a stable order (empty: the deck is legal).

    Order: section sizes, unknown cards, misplaced cards, then copy limits in
    the order cards first appear.
    """
    rules = ruleset if ruleset is not None else Ruleset()
    out: list[Violation] = []
    out += _sizes(deck, rules)
    out += _unknown(deck, db)
    out += _placement(deck, db)
    out += _era(deck, db, rules)
    out += _copies(deck, db, rules, banlist.resolved(db) if banlist is not None else None)
    return out


def is_legal(
    deck: Deck, db: CardDB, ruleset: Ruleset | None = None, banlist: Banlist | None = None
) -> bool:
    """Whether :func:`check_deck` finds nothing."""
    return not check_deck(deck, db, ruleset, banlist)


# -- R-DECK-1, R-DECK-2, R-DECK-3: sizes, per ruleset -------------------------------
def _sizes(deck: Deck, rules: Ruleset) -> list[Violation]:
    out = []
    n = len(deck.main)
    if n < rules.main_min:
        out.append(
            Violation(
                "R-DECK-1",
                f"Main Deck has {n} cards; it needs at least {rules.main_min}",
                section="main",
                count=n,
                limit=rules.main_min,
            )
        )
    elif rules.main_max is not None and n > rules.main_max:
        out.append(
            Violation(
                "R-DECK-1",
                f"Main Deck has {n} cards; at most {rules.main_max} are allowed",
                section="main",
                count=n,
                limit=rules.main_max,
            )
        )
    n = len(deck.extra)
    if rules.extra_max is not None and n > rules.extra_max:
        out.append(
            Violation(
                "R-DECK-2",
                f"Extra Deck has {n} cards; at most {rules.extra_max} are allowed",
                section="extra",
                count=n,
                limit=rules.extra_max,
            )
        )
    n = len(deck.side)
    if rules.side_all_or_none and n not in (0, rules.side_max):
        out.append(
            Violation(
                "R-DECK-3",
                f"Side Deck has {n} cards; it must have exactly {rules.side_max} or none",
                section="side",
                count=n,
                limit=rules.side_max,
            )
        )
    elif n > rules.side_max:
        out.append(
            Violation(
                "R-DECK-3",
                f"Side Deck has {n} cards; at most {rules.side_max} are allowed",
                section="side",
                count=n,
                limit=rules.side_max,
            )
        )
    return out


# -- unknown passcodes ---------------------------------------------------------------
def _unknown(deck: Deck, db: CardDB) -> list[Violation]:
    out = []
    for section, codes in _sections(deck):
        for code, n in Counter(codes).items():
            if code not in db:
                copies = f" ({n} copies)" if n > 1 else ""
                out.append(
                    Violation(
                        UNKNOWN_CARD,
                        f"unknown passcode {code} in the {_LABELS[section]}{copies}",
                        code=code,
                        section=section,
                        count=n,
                    )
                )
    return out


# -- R-DECK-2: what goes in which section; R-SUM-11: no tokens ----------------------
def _placement(deck: Deck, db: CardDB) -> list[Violation]:
    out = []
    for section, codes in _sections(deck):
        for code, n in Counter(codes).items():
            card = db.maybe(code)
            if card is None:
                continue
            copies = f" ({n} copies)" if n > 1 else ""
            if card.type & CardType.TOKEN:
                out.append(
                    Violation(
                        "R-SUM-11",
                        f"{_label(card)} is a token; tokens cannot be put in a deck{copies}",
                        code=code,
                        name=card.name,
                        section=section,
                        count=n,
                    )
                )
            elif section == "main" and card.is_extra_deck:
                out.append(
                    Violation(
                        "R-DECK-2",
                        f"{_label(card)} is an Extra Deck monster ({card.kind_label}) but is "
                        f"in the Main Deck{copies}",
                        code=code,
                        name=card.name,
                        section=section,
                        count=n,
                    )
                )
            elif section == "extra" and not card.is_extra_deck:
                out.append(
                    Violation(
                        "R-DECK-2",
                        f"{_label(card)} ({card.kind_label}) is a Main Deck card but is in the "
                        f"Extra Deck{copies}"
                        + (
                            " (a Pendulum monster goes there face-up only from the field, R-PEND-4)"
                            if card.is_pendulum
                            else ""
                        ),
                        code=code,
                        name=card.name,
                        section=section,
                        count=n,
                    )
                )
    return out


# -- R-SYN-1, R-XYZ-1: Synchro and Xyz monsters only where the ruleset has them -------
def _era(deck: Deck, db: CardDB, rules: Ruleset) -> list[Violation]:
    if rules.synchro_xyz:
        return []
    out = []
    for section, codes in _sections(deck):
        for code, n in Counter(codes).items():
            card = db.maybe(code)
            if card is None or not card.type & (CardType.SYNCHRO | CardType.XYZ):
                continue
            kind = "Synchro" if card.type & CardType.SYNCHRO else "Xyz"
            rule = "R-SYN-1" if kind == "Synchro" else "R-XYZ-1"
            out.append(
                Violation(
                    rule,
                    f"{_label(card)} is a {kind} monster; the {rules.name} ruleset has no "
                    f"{kind} Summons (use mr3)",
                    code=code,
                    name=card.name,
                    section=section,
                    count=n,
                )
            )
    return out


# -- R-DECK-4, R-DECK-5: copies by card across Main + Extra + Side -------------------
def _copies(deck: Deck, db: CardDB, rules: Ruleset, banlist: Banlist | None) -> list[Violation]:
    out = []
    counts: Counter[int] = Counter()
    cards: dict[int, CardData | None] = {}
    for code in deck.all_cards():
        base = db.base_code(code)
        counts[base] += 1
        if cards.get(base) is None:
            # Name the base card; an alternate artwork if only it is known.
            cards[base] = db.maybe(base) or db.maybe(code)
    for base, n in counts.items():
        card = cards[base]
        label = _label(card) if card is not None else str(base)
        name = card.name if card is not None else None
        if n > rules.max_copies:
            out.append(
                Violation(
                    "R-DECK-4",
                    f"{label}: {n} copies across Main, Extra and Side; at most "
                    f"{rules.max_copies} of a card are allowed",
                    code=base,
                    name=name,
                    count=n,
                    limit=rules.max_copies,
                )
            )
        if banlist is None:
            continue
        allowed = banlist.limit(base, default=rules.max_copies)
        if n <= allowed:
            continue
        if banlist.whitelist and base not in banlist:
            why = f"is not on the {banlist.name} list (a whitelist: unlisted cards are forbidden)"
        elif allowed == 0:
            why = f"is forbidden in {banlist.name}"
        elif allowed >= rules.max_copies:
            continue  # only the general cap applies; reported above
        else:
            why = f"is {STATUS_NAMES[allowed]} to {allowed} in {banlist.name}"
        out.append(
            Violation(
                "R-DECK-5",
                f"{label} {why}; the deck has {n}",
                code=base,
                name=name,
                count=n,
                limit=allowed,
            )
        )
    return out


_LABELS = {"main": "Main Deck", "extra": "Extra Deck", "side": "Side Deck"}


def _sections(deck: Deck) -> tuple[tuple[str, tuple[int, ...]], ...]:
    return (("main", deck.main), ("extra", deck.extra), ("side", deck.side))


def _label(card: CardData) -> str:
    code = card.base_code
    return f'"{card.name}" ({code})' if card.name else str(code)
