"""The plain-data form of a card (a JSON-ready dict), shared by the embedded
pool file and saved duels.

Bit fields use YGOPro's values; ``atk``/``def`` are an int, ``"?"`` for a
printed "?", or ``null`` for a Link monster's missing DEF.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ygo.core.card import CardData
from ygo.core.enums import Attribute, CardType, LinkMarker, Race

# -- cheap enum construction ---------------------------------------------------
# Building an IntFlag member from an int goes through EnumMeta.__call__ and costs
# a few microseconds; card data repeats a small set of values, so cache them.
_TYPES: dict[int, CardType] = {}
_ATTRIBUTES: dict[int, Attribute] = {}
_RACES: dict[int, Race] = {}
_MARKERS: dict[int, LinkMarker] = {}


def card_type(value: int) -> CardType:
    """``CardType(value)``, cached."""
    flag = _TYPES.get(value)
    if flag is None:
        flag = _TYPES[value] = CardType(value)
    return flag


def attribute(value: int) -> Attribute:
    """``Attribute(value)``, cached."""
    flag = _ATTRIBUTES.get(value)
    if flag is None:
        flag = _ATTRIBUTES[value] = Attribute(value)
    return flag


def race(value: int) -> Race:
    """``Race(value)``, cached."""
    flag = _RACES.get(value)
    if flag is None:
        flag = _RACES[value] = Race(value)
    return flag


def link_markers(value: int) -> LinkMarker:
    """``LinkMarker(value)``, cached."""
    flag = _MARKERS.get(value)
    if flag is None:
        flag = _MARKERS[value] = LinkMarker(value)
    return flag


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
