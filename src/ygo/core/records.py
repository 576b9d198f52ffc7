"""The plain-data form of a card (a JSON-ready dict), shared by the embedded
pool file and saved duels.

Bit fields use YGOPro's values; ``atk``/``def`` are an int, ``"?"`` for a
printed "?", or ``null`` for a Link monster's missing DEF.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from ygo.core.card import CardData
from ygo.core.enums import Attribute, CardType, LinkMarker, Race

# -- cheap enum construction ---------------------------------------------------
# Building an IntFlag member from an int goes through EnumMeta.__call__ and costs
# a few microseconds; card data repeats a small set of values, so cache them.
card_type: Callable[[int], CardType] = cache(CardType)
attribute: Callable[[int], Attribute] = cache(Attribute)
race: Callable[[int], Race] = cache(Race)
link_markers: Callable[[int], LinkMarker] = cache(LinkMarker)


# -- records -------------------------------------------------------------------
def _stat_from_json(value: object, field: str) -> int | None:
    if value == "?" or value is None:
        return None
    if type(value) is not int:
        raise ValueError(f"{field} must be an integer, '?' or null, not {value!r}")
    return value


def _stat_to_json(value: int | None) -> int | str:
    return "?" if value is None else value


def card_from_record(rec: Mapping[str, Any]) -> CardData:
    """A :class:`CardData` from one record of the pool file."""
    t = card_type(rec["type"])
    is_link = bool(t & CardType.LINK)
    return CardData(
        code=rec["code"],
        name=rec["name"],
        type=t,
        name_zh=rec.get("name_zh", ""),
        alias=rec.get("alias", 0),
        attribute=attribute(rec.get("attribute", 0)),
        race=race(rec.get("race", 0)),
        level=rec.get("level", 0),
        lscale=rec.get("lscale", 0),
        rscale=rec.get("rscale", 0),
        link_markers=link_markers(rec.get("link_markers", 0)),
        atk=_stat_from_json(rec.get("atk", 0), "atk"),
        defense=None if is_link else _stat_from_json(rec.get("def", 0), "def"),
        setcodes=tuple(rec.get("setcodes", ())),
        summary=rec.get("summary", ""),
        benchmark=rec.get("benchmark", False),
    )


def card_to_record(card: CardData) -> dict[str, Any]:
    """One record of the pool file (numeric bit values; the inverse of :func:`card_from_record`)."""
    return {
        "code": card.code,
        "name": card.name,
        "name_zh": card.name_zh,
        "alias": card.alias,
        "type": int(card.type),
        "attribute": int(card.attribute),
        "race": int(card.race),
        "level": card.level,
        "lscale": card.lscale,
        "rscale": card.rscale,
        "link_markers": int(card.link_markers),
        "atk": _stat_to_json(card.atk),
        "def": None if card.is_link else _stat_to_json(card.defense),
        "setcodes": list(card.setcodes),
        "summary": card.summary,
        "benchmark": card.benchmark,
    }
