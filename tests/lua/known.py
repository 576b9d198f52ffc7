"""Cards whose Lua script does not pass the card's own tests yet, by passcode,
with the reason: under ``--card-scripts lua`` they keep their native script."""

from __future__ import annotations

NATIVE_ONLY: dict[int, str] = {}
