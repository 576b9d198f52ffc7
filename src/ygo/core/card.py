"""The static card model: what a card *is* (its printed facts), not where it is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ygo.core.enums import Attribute, CardType, LinkMarker, Race

_NO_ATTRIBUTE = Attribute(0)
_NO_RACE = Race(0)
_NO_MARKERS = LinkMarker(0)


@dataclass(frozen=True, slots=True)
class CardData:
    """One card's printed facts, with YGOPro's bit values.

    ``atk`` and ``defense`` are ``None`` for a printed "?" (which counts as 0 in
    play, see :attr:`atk_value`). Link monsters have no DEF: ``defense`` is
    ``None`` and the arrows are in ``link_markers``.
    """

    code: int
    """Passcode (8 digits for real cards)."""
    name: str
    """English name."""
    type: CardType
    """Kind bits: monster/spell/trap and their sub-kinds."""
    name_zh: str = ""
    """Simplified Chinese name ("" when unknown)."""
    alias: int = 0
    """For alternate artworks: the passcode of the card this one counts as."""
    attribute: Attribute = _NO_ATTRIBUTE
    race: Race = _NO_RACE
    level: int = 0
    """Level, Rank, or Link rating."""
    lscale: int = 0
    """Left pendulum scale."""
    rscale: int = 0
    """Right pendulum scale."""
    link_markers: LinkMarker = _NO_MARKERS
    atk: int | None = 0
    """Printed ATK; ``None`` means "?"."""
    defense: int | None = 0
    """Printed DEF; ``None`` means "?" (or no DEF, for Link monsters)."""
    setcodes: tuple[int, ...] = ()
    """Archetype codes (up to four 16-bit values)."""
    summary: str = ""
    """A one-line summary in the project's own words (never the official text)."""
    benchmark: bool = False
    """True for benchmark-only cards that do not exist in the real game."""

    # -- kinds ---------------------------------------------------------------
    @property
    def base_code(self) -> int:
        """The passcode this card counts as for copy limits (alias or itself)."""
        return self.alias or self.code

    @property
    def is_monster(self) -> bool:
        return bool(self.type & CardType.MONSTER)

    @property
    def is_spell(self) -> bool:
        return bool(self.type & CardType.SPELL)

    @property
    def is_trap(self) -> bool:
        return bool(self.type & CardType.TRAP)

    @property
    def is_extra_deck(self) -> bool:
        """Fusion, Synchro, Xyz and Link monsters live in the Extra Deck."""
        return bool(self.type & CardType.MONSTER) and bool(self.type & CardType.EXTRA)

    @property
    def is_link(self) -> bool:
        return bool(self.type & CardType.LINK)

    @property
    def is_pendulum(self) -> bool:
        return bool(self.type & CardType.PENDULUM)

    @property
    def atk_value(self) -> int:
        """ATK as it counts in play: "?" is 0 (R-MON-3)."""
        return self.atk if self.atk is not None else 0

    @property
    def def_value(self) -> int:
        """DEF as it counts in play: "?" is 0 (R-MON-3); Link monsters have 0."""
        return self.defense if self.defense is not None else 0

    @property
    def kind_label(self) -> str:
        """A short human label such as "Normal Monster" or "Quick-Play Spell"."""
        return kind_label(self.type)

    def stat_line(self) -> str:
        """A compact line of stats: "Lv7 DARK Spellcaster 2500/2100"."""
        if not self.is_monster:
            return self.kind_label
        attr = self.attribute.name or "?"
        race = (self.race.name or "?").replace("_", " ").title()
        if self.is_link:
            return f"Link-{self.level} {attr} {race} {_stat(self.atk)}"
        lv = "Rank" if self.type & CardType.XYZ else "Lv"
        scale = f" scale {self.lscale}/{self.rscale}" if self.is_pendulum else ""
        return f"{lv}{self.level} {attr} {race} {_stat(self.atk)}/{_stat(self.defense)}{scale}"


def _stat(v: int | None) -> str:
    return "?" if v is None else str(v)


_MONSTER_KINDS = (
    (CardType.LINK, "Link"),
    (CardType.XYZ, "Xyz"),
    (CardType.SYNCHRO, "Synchro"),
    (CardType.FUSION, "Fusion"),
    (CardType.RITUAL, "Ritual"),
    (CardType.TOKEN, "Token"),
    (CardType.PENDULUM, "Pendulum"),
    (CardType.TOON, "Toon"),
    (CardType.SPIRIT, "Spirit"),
    (CardType.UNION, "Union"),
    (CardType.GEMINI, "Gemini"),
    (CardType.FLIP, "Flip"),
    (CardType.TUNER, "Tuner"),
)
_SPELL_KINDS = (
    (CardType.QUICKPLAY, "Quick-Play"),
    (CardType.CONTINUOUS, "Continuous"),
    (CardType.EQUIP, "Equip"),
    (CardType.FIELD, "Field"),
    (CardType.RITUAL, "Ritual"),
)
_TRAP_KINDS = (
    (CardType.CONTINUOUS, "Continuous"),
    (CardType.COUNTER, "Counter"),
)


def kind_label(t: CardType | int) -> str:
    """A human label for a ``type`` value ("Fusion Effect Monster", "Counter Trap")."""
    t = CardType(t)
    if t & CardType.MONSTER:
        parts = [name for bit, name in _MONSTER_KINDS if t & bit]
        if t & CardType.EFFECT:
            parts.append("Effect")
        elif t & CardType.NORMAL and not parts:
            parts.append("Normal")
        return " ".join([*parts, "Monster"])
    if t & CardType.SPELL:
        sub = next((name for bit, name in _SPELL_KINDS if t & bit), "Normal")
        return f"{sub} Spell"
    if t & CardType.TRAP:
        sub = next((name for bit, name in _TRAP_KINDS if t & bit), "Normal")
        return f"{sub} Trap"
    return "Card"


class CardSource(Protocol):
    """Anything that gives a card's facts by passcode (a ``CardDB``, for one)."""

    def get(self, code: int) -> CardData:
        """The card with this passcode; raises ``UnknownCardError`` if absent."""
        ...
