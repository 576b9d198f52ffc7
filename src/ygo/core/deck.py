"""A deck: Main, Extra and Side, as lists of passcodes."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck list. Order is kept as written (files round-trip exactly)."""

    main: tuple[int, ...] = ()
    extra: tuple[int, ...] = ()
    side: tuple[int, ...] = ()
    name: str = field(default="", compare=False)
    """A display name (a file's stem, for example); not part of equality."""

    def all_cards(self) -> tuple[int, ...]:
        """Main + Extra + Side, in that order."""
        return self.main + self.extra + self.side
