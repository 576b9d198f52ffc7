"""The moments at which players get priority (R-TURN-6)."""

from __future__ import annotations

from enum import IntEnum


class Window(IntEnum):
    """The moments at which players get priority."""

    DRAW = 0
    STANDBY = 1
    MAIN_END = 2
    """The turn player moved on from a Main Phase: the opponent may respond."""
    BATTLE_START = 3
    BATTLE_STEP_END = 4
    """The turn player moved on from the Battle Step: the opponent may respond."""
    ATTACK_DECLARED = 5
    DAMAGE_START = 6
    DAMAGE_BEFORE_CALC = 7
    DAMAGE_AFTER_CALC = 8
    DAMAGE_END = 9
    BATTLE_END = 10
    END_PHASE = 11
    SUMMONING = 12
    """A monster is being summoned: only effects that negate summons (R-SUM-10)."""
    SUMMONED = 13
    """A summon succeeded."""
    MAIN_OPEN = 14
    """The turn player's open Main Phase (speed 1 allowed): a chain started there."""

    @property
    def bit(self) -> int:
        return 1 << self.value

    @property
    def label(self) -> str:
        return self.name.replace("_", " ").lower()


#: The Damage Step's windows (R-BAT-7).
DAMAGE_WINDOWS = frozenset(
    {Window.DAMAGE_START, Window.DAMAGE_BEFORE_CALC, Window.DAMAGE_AFTER_CALC, Window.DAMAGE_END}
)
