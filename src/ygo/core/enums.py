"""Enumerations with YGOPro's bit values.

The values match ygopro-core's constants so that card databases (``cards.cdb``)
and, one day, its card scripts map onto this engine one to one.
"""

from __future__ import annotations

from enum import IntEnum, IntFlag


class CardType(IntFlag):
    """Card kind bits (the ``type`` column of a YGOPro database)."""

    MONSTER = 0x1
    SPELL = 0x2
    TRAP = 0x4
    NORMAL = 0x10
    EFFECT = 0x20
    FUSION = 0x40
    RITUAL = 0x80
    TRAP_MONSTER = 0x100
    SPIRIT = 0x200
    UNION = 0x400
    GEMINI = 0x800
    TUNER = 0x1000
    SYNCHRO = 0x2000
    TOKEN = 0x4000
    QUICKPLAY = 0x10000
    CONTINUOUS = 0x20000
    EQUIP = 0x40000
    FIELD = 0x80000
    COUNTER = 0x100000
    FLIP = 0x200000
    TOON = 0x400000
    XYZ = 0x800000
    PENDULUM = 0x1000000
    SPECIAL_SUMMON = 0x2000000
    LINK = 0x4000000

    #: Monsters that start in the Extra Deck.
    EXTRA = FUSION | SYNCHRO | XYZ | LINK


class Attribute(IntFlag):
    """Monster attribute bits."""

    EARTH = 0x01
    WATER = 0x02
    FIRE = 0x04
    WIND = 0x08
    LIGHT = 0x10
    DARK = 0x20
    DIVINE = 0x40


class Race(IntFlag):
    """Monster type ("race") bits."""

    WARRIOR = 0x1
    SPELLCASTER = 0x2
    FAIRY = 0x4
    FIEND = 0x8
    ZOMBIE = 0x10
    MACHINE = 0x20
    AQUA = 0x40
    PYRO = 0x80
    ROCK = 0x100
    WINGED_BEAST = 0x200
    PLANT = 0x400
    INSECT = 0x800
    THUNDER = 0x1000
    DRAGON = 0x2000
    BEAST = 0x4000
    BEAST_WARRIOR = 0x8000
    DINOSAUR = 0x10000
    FISH = 0x20000
    SEA_SERPENT = 0x40000
    REPTILE = 0x80000
    PSYCHIC = 0x100000
    DIVINE_BEAST = 0x200000
    CREATOR_GOD = 0x400000
    WYRM = 0x800000
    CYBERSE = 0x1000000
    ILLUSION = 0x2000000


class LinkMarker(IntFlag):
    """Link arrow bits (stored in the ``def`` column for Link monsters)."""

    BOTTOM_LEFT = 0x1
    BOTTOM = 0x2
    BOTTOM_RIGHT = 0x4
    LEFT = 0x8
    RIGHT = 0x20
    TOP_LEFT = 0x40
    TOP = 0x80
    TOP_RIGHT = 0x100


class Location(IntEnum):
    """Where a card is (ygopro-core's LOCATION_* values)."""

    DECK = 0x1
    HAND = 0x2
    MZONE = 0x4
    SZONE = 0x8
    GRAVE = 0x10
    BANISHED = 0x20
    EXTRA = 0x40
    OVERLAY = 0x80
    FZONE = 0x100
    PZONE = 0x200


class Position(IntFlag):
    """Battle position bits (ygopro-core's POS_* values)."""

    FACEUP_ATTACK = 0x1
    FACEDOWN_ATTACK = 0x2
    FACEUP_DEFENSE = 0x4
    FACEDOWN_DEFENSE = 0x8
    FACEUP = FACEUP_ATTACK | FACEUP_DEFENSE
    FACEDOWN = FACEDOWN_ATTACK | FACEDOWN_DEFENSE
    ATTACK = FACEUP_ATTACK | FACEDOWN_ATTACK
    DEFENSE = FACEUP_DEFENSE | FACEDOWN_DEFENSE


class Phase(IntEnum):
    """Phases and battle steps (ygopro-core's PHASE_* values)."""

    DRAW = 0x1
    STANDBY = 0x2
    MAIN1 = 0x4
    BATTLE_START = 0x8
    BATTLE_STEP = 0x10
    DAMAGE = 0x20
    DAMAGE_CALC = 0x40
    BATTLE_END = 0x80
    MAIN2 = 0x100
    END = 0x200

    @property
    def label(self) -> str:
        return _PHASE_LABELS[self]


_PHASE_LABELS = {
    Phase.DRAW: "Draw Phase",
    Phase.STANDBY: "Standby Phase",
    Phase.MAIN1: "Main Phase 1",
    Phase.BATTLE_START: "Battle Phase (Start Step)",
    Phase.BATTLE_STEP: "Battle Phase (Battle Step)",
    Phase.DAMAGE: "Battle Phase (Damage Step)",
    Phase.DAMAGE_CALC: "Battle Phase (damage calculation)",
    Phase.BATTLE_END: "Battle Phase (End Step)",
    Phase.MAIN2: "Main Phase 2",
    Phase.END: "End Phase",
}

#: Short display names for attributes and races.
ATTRIBUTE_NAMES: dict[Attribute, str] = {a: a.name or "" for a in Attribute}
RACE_NAMES: dict[Race, str] = {
    r: (r.name or "").replace("_", "-").title().replace("Winged-Beast", "Winged Beast")
    for r in Race
}
