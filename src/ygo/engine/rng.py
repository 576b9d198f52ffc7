"""The duel's random generator: SplitMix64, written out so that the same seed
gives the same duel on any machine and any Python version.

The generator's whole state is one int, kept in the ``rng`` attribute of its
holder (``State.rng`` for a duel, :class:`Rng` for an agent), so cloning and
saving a duel copies it for free.
"""

from __future__ import annotations

from typing import Protocol

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_SPAN = 1 << 64


class Holder(Protocol):
    rng: int


def seed_state(seed: int) -> int:
    """The generator state for a seed (any int; reduced modulo 2**64)."""
    return seed & _MASK


def next_u64(h: Holder) -> int:
    """The next 64-bit value."""
    s = (h.rng + _GAMMA) & _MASK
    h.rng = s
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def below(h: Holder, n: int) -> int:
    """A uniform integer in ``[0, n)`` (no modulo bias: rejection sampling)."""
    if n <= 1:
        return 0
    limit = _SPAN - (_SPAN % n)
    while True:
        v = next_u64(h)
        if v < limit:
            return v % n


def shuffle(h: Holder, items: list[int]) -> None:
    """Shuffle a list in place (Fisher-Yates)."""
    for i in range(len(items) - 1, 0, -1):
        j = below(h, i + 1)
        items[i], items[j] = items[j], items[i]


class Rng:
    """A stand-alone generator with the same algorithm, for agents and tools."""

    __slots__ = ("rng",)

    def __init__(self, seed: int = 0) -> None:
        self.rng = seed_state(seed)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        return below(self, n)

    def random(self) -> float:
        """A float in ``[0, 1)``."""
        return (next_u64(self) >> 11) * (1.0 / (1 << 53))
