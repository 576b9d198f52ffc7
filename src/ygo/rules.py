"""Rulesets: the numbers and era options a duel is played under.

Two presets ship (RULES.md, "Rule eras"):

- ``mr3`` (the default everywhere): the first player skips the first draw, each
  player has their own Field Zone; deck check: a Main Deck of 40 to 60 cards, an
  Extra Deck of at most 15, a Side Deck of 0 to 15.
- ``classic``: the guides' main text: the first player draws on turn 1, one
  face-up Field Spell on the whole field; deck check: no Main Deck maximum, no
  Extra Deck limit, a Side Deck of exactly 15 cards or none (R-DECK-1..3).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from ygo.errors import YgoError


@dataclass(frozen=True, slots=True)
class Ruleset:
    """The values a duel is played under."""

    name: str = "mr3"
    start_lp: int = 8000
    """Starting Life Points (R-DUEL-1)."""
    hand_size: int = 5
    """Opening hand (R-DUEL-3)."""
    hand_limit: int = 6
    """Cards a turn player may keep at the end of the turn (R-TURN-5)."""
    draws_per_turn: int = 1
    """Cards drawn in the Draw Phase (R-TURN-2)."""
    first_turn_draw: bool = False
    """Whether the first player draws on turn 1 (R-TURN-2: classic yes, mr3 no)."""
    field_zone_per_player: bool = True
    """mr3: each player may have a Field Spell; classic: one on the whole field (R-FIELD-2)."""
    summon_ignition: bool = False
    """R-TURN-6: right after their own summon, may the turn player activate speed-1
    cards and effects before the opponent answers (classic yes; mr3 only speed 2+)."""
    main_min: int = 40
    """Fewest cards in the Main Deck (R-DECK-1)."""
    main_max: int | None = 60
    """Most cards in the Main Deck (R-DECK-1); ``None``: no maximum (classic)."""
    extra_max: int | None = 15
    """Most cards in the Extra Deck at deck check (R-DECK-2); ``None``: no limit (classic)."""
    side_max: int = 15
    """Most cards in the Side Deck (R-DECK-3)."""
    side_all_or_none: bool = False
    """Whether the Side Deck must hold exactly ``side_max`` cards or none (R-DECK-3:
    classic yes, mr3 no: 0 to ``side_max``)."""
    pendulum_zones: bool = True
    """Whether each player has 2 Pendulum Zones and may Pendulum Summon (R-FIELD-1,
    R-PEND: mr3 yes; classic no: a Pendulum monster is only a monster)."""
    max_copies: int = 3
    """Copies of one card across Main + Extra + Side (R-DECK-4)."""
    synchro_xyz: bool = True
    """Whether Synchro and Xyz monsters exist (R-SYN, R-XYZ: mr3 yes; classic no,
    so its deck check refuses them)."""

    def __post_init__(self) -> None:
        """Refuse values of the wrong type or out of range (a ruleset may come from a file)."""
        if not isinstance(self.name, str) or not self.name:
            raise YgoError("ruleset name must be a non-empty string")
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type in ("int | None", int | None) and value is None:
                continue
            if f.type in ("int", int, "int | None", int | None):
                if type(value) is not int or not 0 <= value <= 1_000_000:
                    nothing = " (or null: no limit)" if "None" in str(f.type) else ""
                    raise YgoError(
                        f"ruleset {f.name} must be an integer from 0 to 1000000{nothing}"
                    )
            elif f.type in ("bool", bool) and type(value) is not bool:
                raise YgoError(f"ruleset {f.name} must be true or false")
        if self.start_lp < 1:
            raise YgoError("ruleset start_lp must be at least 1")
        if self.main_max is not None and self.main_min > self.main_max:
            raise YgoError("ruleset main_min is larger than main_max")

    @classmethod
    def mr3(cls) -> Ruleset:
        """Master Rule 3 (2014): the latest rules the guides give. The default."""
        return cls()

    @classmethod
    def classic(cls) -> Ruleset:
        """The guides' main text: draw on turn 1, one Field Spell on the whole field,
        no Main Deck maximum, no Extra Deck limit, a Side Deck of exactly 15 or none."""
        return cls(
            name="classic",
            first_turn_draw=True,
            field_zone_per_player=False,
            main_max=None,
            extra_max=None,
            side_all_or_none=True,
            summon_ignition=True,
            pendulum_zones=False,
            synchro_xyz=False,
        )

    @classmethod
    def by_name(cls, name: str) -> Ruleset:
        """A preset by name (``classic`` or ``mr3``)."""
        try:
            return PRESETS[name.lower()]()
        except KeyError:
            raise YgoError(
                f"unknown ruleset {name!r} (known: {', '.join(sorted(PRESETS))})"
            ) from None

    def with_(self, **changes: Any) -> Ruleset:
        """A copy with some values changed: ``Ruleset.mr3().with_(start_lp=4000)``."""
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Ruleset:
        known = {f for f in cls.__dataclass_fields__}
        if not isinstance(data, dict):
            raise YgoError("a ruleset must be a mapping of field names to values")
        unknown = set(data) - known
        if unknown:
            raise YgoError(f"unknown ruleset field(s): {', '.join(sorted(map(str, unknown)))}")
        return cls(**data)


PRESETS = {"mr3": Ruleset.mr3, "classic": Ruleset.classic}
