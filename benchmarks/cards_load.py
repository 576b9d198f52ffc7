"""Card data load times: the embedded pool and a full YGOPro cards.cdb.

``run()`` returns milliseconds, each the median of several runs timed with
``time.perf_counter``:

- ``pool_load_ms``: reading ``pool.json`` into a fresh CardDB (bypassing the
  cache of ``embedded_pool()``);
- ``cdb_en_load_ms``: reading ``../shared/data/cards-en.cdb`` (10,628 cards),
  only when that file exists.

Run on its own with ``python -m benchmarks.cards_load`` or ``python benchmarks/cards_load.py``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path

from ygo.cards.cdb import read_cdb
from ygo.cards.pool import load_pool

EN_CDB = Path(__file__).resolve().parents[2] / "shared" / "data" / "cards-en.cdb"


def _median_ms(fn: Callable[[], object], runs: int) -> float:
    fn()  # warm-up: imports, OS file cache
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000.0


def run(runs: int = 7, cdb: Path = EN_CDB) -> dict[str, float]:
    """Median load times in milliseconds (``cdb_en_load_ms`` only if ``cdb`` exists)."""
    out = {"pool_load_ms": _median_ms(load_pool, runs)}
    if cdb.exists():
        out["cdb_en_load_ms"] = _median_ms(lambda: read_cdb(cdb), runs)
    return out


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name:16} {value:8.2f}")
