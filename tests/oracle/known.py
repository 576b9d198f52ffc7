"""The known disagreements between ygo and the reference engine, one table.

Each entry: (mode, passcode or scenario name) -> why the engines differ and
the differences expected, exactly (tests/oracle/test_differential.py fails if
a listed scenario agrees or differs otherwise: fix the entry with the cause).
"""

from __future__ import annotations

from typing import NamedTuple


class Known(NamedTuple):
    reason: str
    diffs: tuple[str, ...]


KNOWN: dict[tuple[str, int | str], Known] = {}
