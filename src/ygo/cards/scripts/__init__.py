"""Card scripts: one small module per card, ``c<passcode>_<name>.py``.

Each module defines ``CODE`` (the passcode), ``EFFECTS`` (a tuple of
:class:`~ygo.engine.effect.Effect`, assembled from :mod:`ygo.effects`) and
a docstring summarising the card in the project's own words. The registry finds
them by name; the engine never names a card.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from ygo.effects import Effect


class Scripts:
    """A script source (``ygo.engine.setup.ScriptSource``): effects by passcode."""

    def __init__(self, table: dict[int, tuple[Effect, ...]]) -> None:
        self._table = table

    def effects(self, code: int) -> tuple[Effect, ...]:
        return self._table.get(code, ())

    def has(self, code: int) -> bool:
        """Whether a card's behaviour is scripted (``ygo cards show`` says so)."""
        return code in self._table

    def codes(self) -> list[int]:
        return sorted(self._table)

    def __len__(self) -> int:
        return len(self._table)


@cache
def default_scripts() -> Scripts:
    """Every script of this package (loaded once per process: it is code, not state)."""
    table: dict[int, tuple[Effect, ...]] = {}
    for info in pkgutil.iter_modules(__path__):
        if not info.name.startswith("c"):
            continue
        mod = importlib.import_module(f"{__name__}.{info.name}")
        table[int(mod.CODE)] = tuple(mod.EFFECTS)
    return Scripts(table)
