"""How a duel ended."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum


class WinReason(IntEnum):
    """Why a duel ended (R-DUEL-4..7)."""

    LP = 1
    """The loser's LP reached 0 (R-DUEL-4)."""
    DECK_OUT = 2
    """The loser had to draw from an empty Deck (R-DUEL-5)."""
    EFFECT = 3
    """A card's effect decided it (R-DUEL-6)."""
    MATCH = 4
    """The winner won the whole match at once, by a card's effect (R-MATCH-1:
    Victory Dragon); the loser's LP reached 0 too."""

    @property
    def label(self) -> str:
        return _LABELS[self]


_LABELS = {
    WinReason.LP: "LP reached 0",
    WinReason.DECK_OUT: "could not draw",
    WinReason.EFFECT: "card effect",
    WinReason.MATCH: "the match won by a card effect",
}


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome: ``winner`` is 0 or 1, or None for a draw (R-DUEL-7)."""

    winner: int | None
    reason: WinReason

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def __str__(self) -> str:
        if self.winner is None:
            return f"draw ({self.reason.label})"
        return f"player {self.winner} wins ({self.reason.label})"
