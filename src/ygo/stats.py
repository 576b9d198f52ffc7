"""Small statistics shared by the arena and the tournament."""

from __future__ import annotations

import math


def wilson(score: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a proportion: ``score``
    successes of ``n`` (a draw may count as half a success)."""
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    low = 0.0 if score <= 0 else max(0.0, centre - half)  # exact at the ends
    high = 1.0 if score >= n else min(1.0, centre + half)
    return (low, high)
