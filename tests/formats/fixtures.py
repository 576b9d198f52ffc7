"""A small hand-built card database and decks for format, deck-rule and CLI tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from ygo.cards.db import CardDB
from ygo.core.card import CardData
from ygo.core.deck import Deck
from ygo.core.enums import Attribute, CardType, Race

SHARED_DATA = Path(__file__).resolve().parents[3] / "shared" / "data"
"""``../shared/data`` beside the repository: real files to test readers on (may be absent)."""

NORMAL = CardType.MONSTER | CardType.NORMAL
EFFECT = CardType.MONSTER | CardType.EFFECT
FUSION = CardType.MONSTER | CardType.FUSION
SPELL = CardType.SPELL
TRAP = CardType.TRAP

DARK_MAGICIAN = 46986414
DARK_MAGICIAN_ALT = 36996508
"""An alternate artwork of Dark Magician (alias 46986414)."""
BLUE_EYES = 89631139
BLUE_EYES_ULTIMATE = 23995346
"""A Fusion monster: belongs in the Extra Deck."""
POT_OF_GREED = 55144522
MONSTER_REBORN = 83764718
MIRROR_FORCE = 44095762
DUSTER = 18144506
DUSTER_ALT = 18144507
SHEEP_TOKEN = 73915052
UNKNOWN = 99999999
"""A passcode the fixture database does not know."""

FILLER_BASE = 90000001
"""Fake filler monsters: ``FILLER_BASE + i`` for i in range(80)."""


def fixture_cards() -> list[CardData]:
    dark = Attribute.DARK
    cards = [
        CardData(DARK_MAGICIAN, "Dark Magician", NORMAL, attribute=dark,
                 race=Race.SPELLCASTER, level=7, atk=2500, defense=2100),
        CardData(DARK_MAGICIAN_ALT, "Dark Magician", NORMAL, alias=DARK_MAGICIAN,
                 attribute=dark, race=Race.SPELLCASTER, level=7, atk=2500, defense=2100),
        CardData(BLUE_EYES, "Blue-Eyes White Dragon", NORMAL, attribute=Attribute.LIGHT,
                 race=Race.DRAGON, level=8, atk=3000, defense=2500),
        CardData(BLUE_EYES_ULTIMATE, "Blue-Eyes Ultimate Dragon", FUSION,
                 attribute=Attribute.LIGHT, race=Race.DRAGON, level=12, atk=4500, defense=3800),
        CardData(POT_OF_GREED, "Pot of Greed", SPELL),
        CardData(MONSTER_REBORN, "Monster Reborn", SPELL),
        CardData(MIRROR_FORCE, "Mirror Force", TRAP),
        CardData(DUSTER, "Harpie's Feather Duster", SPELL),
        CardData(DUSTER_ALT, "Harpie's Feather Duster", SPELL, alias=DUSTER),
        CardData(SHEEP_TOKEN, "Sheep Token", CardType.MONSTER | CardType.TOKEN,
                 attribute=Attribute.EARTH, race=Race.BEAST, level=1),
    ]  # fmt: skip
    cards += [
        CardData(FILLER_BASE + i, f"Filler Monster {i}", NORMAL, attribute=Attribute.EARTH,
                 race=Race.WARRIOR, level=4, atk=1000 + i, defense=1000)
        for i in range(80)
    ]  # fmt: skip
    return cards


def fixture_db() -> CardDB:
    return CardDB(fixture_cards(), source="fixture")


def fillers(n: int, start: int = 0) -> tuple[int, ...]:
    """``n`` distinct filler monsters (single copies)."""
    return tuple(FILLER_BASE + start + i for i in range(n))


def legal_deck(**changes: tuple[int, ...]) -> Deck:
    """A 40-card legal Main Deck of single fillers (sections overridable)."""
    parts = {"main": fillers(40), "extra": (), "side": ()}
    parts.update(changes)
    return Deck(parts["main"], parts["extra"], parts["side"], name="fixture")


def shared_file(name: str) -> Path:
    """A file of ``../shared/data``; skips the test when it is absent."""
    path = SHARED_DATA / name
    if not path.is_file():
        pytest.skip(f"{path} is absent")
    return path


def pool_db() -> CardDB:
    """The embedded pool; skips the test while it is not available."""
    try:
        from ygo.cards.pool import embedded_pool

        return embedded_pool()
    except Exception as exc:  # the pool is built by another part of the project
        pytest.skip(f"embedded pool not available: {exc}")
