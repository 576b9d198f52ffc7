"""The append-only log of events and choices (``ygo.core.log``): a list to its
readers, a cheap copy to an AI, and amortised O(1) appends (issue 22, item 3:
loading 20 million choices took minutes because every filled chunk rebuilt the
tuple of all the chunks before it)."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.hostile.conftest import SRC, _limit_memory
from ygo.core.log import CHUNK, Log
from ygo.engine.rng import Rng


def test_a_log_reads_like_the_list_of_what_was_appended() -> None:
    for n in (0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 5 * CHUNK, 5 * CHUNK + 7):
        items = list(range(n))
        built, appended = Log(items), Log[int]()
        for x in items:
            appended.append(x)
        for log in (built, appended, Log(iter(items))):
            assert len(log) == n and list(log) == items and log == items
            assert [log[i] for i in range(n)] == items
            assert [log[-i] for i in range(1, n + 1)] == [items[-i] for i in range(1, n + 1)]
            for start in (0, 1, CHUNK - 1, CHUNK, n // 2, n - 1, n, n + 3, -1, -CHUNK):
                for stop in (None, n, n - 1, start + 1, start + CHUNK + 1, -2):
                    assert log[start:stop] == items[start:stop], (n, start, stop)
            assert log[::3] == items[::3]


def test_copies_never_see_each_others_appends() -> None:
    # Copies taken at random moments from random logs of a family, each appended
    # to at random: every log reads exactly what it was given, chunk fills in any
    # order (the copy that reaches a chunk's end first, or second) included.
    rng = Rng(22)
    logs: list[Log[int]] = [Log()]
    models: list[list[int]] = [[]]
    for step in range(20_000):
        i = rng.below(len(logs))
        if rng.below(50) == 0 and len(logs) < 40:
            logs.append(logs[i].copy())
            models.append(list(models[i]))
        else:
            logs[i].append(step)
            models[i].append(step)
    for log, model in zip(logs, models, strict=True):
        assert list(log) == model and len(log) == len(model)
        assert log[len(model) // 3 :] == model[len(model) // 3 :]
        if model:
            assert log[len(model) // 2] == model[len(model) // 2]


def test_filling_a_chunk_does_not_rebuild_the_chunks_before_it() -> None:
    # The count that matters: filling 1,000 chunks copies no chunk list (the old
    # log built a new tuple of every chunk at each fill: n**2 / CHUNK copies).
    log = Log[int]()
    log.append(0)
    chunks = log._chunks
    for x in range(1000 * CHUNK):
        log.append(x)
    assert log._chunks is chunks and len(chunks) == 1000
    copy = log.copy()
    assert copy._chunks is chunks  # a copy shares them
    for x in range(CHUNK):
        copy.append(x)
    assert copy._chunks is chunks  # the first copy to grow appends in place
    for x in range(CHUNK):
        log.append(x)  # the original was outgrown: it takes its own list, once
    own = log._chunks
    assert own is not chunks and list(log)[-CHUNK:] == list(range(CHUNK))
    for x in range(10 * CHUNK):
        log.append(x)
    assert log._chunks is own and len(copy) == len(log) - 10 * CHUNK


def test_eight_million_appends_take_seconds_not_hours() -> None:
    # The figures: 1M choices 1.5 s, 2M 9.8 s, 4M 33.7 s. Quadratic
    # appends of 8M entries take many minutes; linear ones a few seconds. A
    # subprocess with a timeout and a memory cap, as tests/hostile runs the CLI.
    code = "from ygo.core.log import Log\nlog = Log()\nfor _ in range(8_000_000): log.append(0)\n"
    code += "assert len(log) == 8_000_000 and log[-1] == 0\n"
    proc = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "PYTHONPATH": str(SRC)},
        capture_output=True,
        text=True,
        timeout=90,
        preexec_fn=_limit_memory,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
