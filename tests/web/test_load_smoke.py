"""A small run of benchmarks/web_load.py (the 200-duel run is reported in docs/web.md):
the server in its own process, bots in every seat, no error."""

from __future__ import annotations

from benchmarks.web_load import run


def test_a_few_concurrent_duels_without_an_error() -> None:
    out = run(duels=6, seconds=6)
    assert out["errors"] == 0, out["error_samples"]
    assert out["decisions"] > 50
    assert out["server_p95_ms"] < 250  # the real bound (50 ms) is checked by the benchmark
