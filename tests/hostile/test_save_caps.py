"""What a save may claim (issue 22, item 3): a 46 KB save whose choice log held 20
million entries kept ``Duel.load`` busy for minutes. Now the size of each log,
the number of JSON values and of arrays and objects, and the decompressed size
are capped (``serialize.MAX_LOG``, ``MAX_VALUES``, ``MAX_CONTAINERS``,
``MAX_SAVE_BYTES``), a save beyond them is refused before it is parsed or at its
field check, and every save within them loads in under 2 s of CPU time.

Loads that used to take minutes run in a subprocess with a timeout and a memory
limit (as the CLI's hostile files do), so a regression fails instead of hanging.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.engine.helpers import new_duel, random_policy
from tests.hostile.conftest import SRC, _limit_memory
from ygo.defaults import Duel
from ygo.engine import serialize
from ygo.engine.frames import SUMMON, SummonMode, SummonStep
from ygo.errors import SaveError

_LOADER = """
import sys, time
from ygo.defaults import Duel
from ygo.errors import SaveError
data = open(sys.argv[1], "rb").read()
start = time.process_time()
try:
    Duel.load(data)
    out = "loaded"
except SaveError as exc:
    out = str(exc)
print(f"{time.process_time() - start:.3f}")
print(out)
"""


def _saved() -> dict[str, Any]:
    """A real save of a duel 150 decisions in (it has a long event log to copy)."""
    duel = new_duel(4, toss=None)
    policy = random_policy(4)
    for _ in range(150):
        duel.apply(policy(duel, duel.decision))
    out: dict[str, Any] = json.loads(zlib.decompress(duel.save()[len(serialize.MAGIC) :]))
    return out


BASE = _saved()


def _events(k: int) -> list[Any]:
    evs = BASE["state"]["events"]
    return (evs * (k // len(evs) + 1))[:k]


def _payload(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    payload = json.loads(json.dumps(BASE))
    change(payload)
    return payload


def _load_bounded(tmp_path: Path, save: dict[str, Any] | bytes) -> tuple[float, str]:
    """Duel.load in a subprocess (90 s, 1 GiB): its CPU seconds and what it said."""
    path = tmp_path / "save.bin"
    path.write_bytes(save if isinstance(save, bytes) else serialize.dumps(save))
    proc = subprocess.run(
        [sys.executable, "-c", _LOADER, str(path)],
        env={**os.environ, "PYTHONPATH": str(SRC)},
        capture_output=True,
        text=True,
        timeout=90,
        preexec_fn=_limit_memory,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    seconds, said = proc.stdout.splitlines()
    return float(seconds), said


def _with_choices(k: int) -> bytes:
    """BASE with ``k`` choices, compressed a block at a time (the issue's save: 20
    million choices in 46 KB)."""
    body = zlib.decompress(serialize.dumps(_payload(_choices(1)))[len(serialize.MAGIC) :])
    head, tail = body.split(b'"choices":[0]')
    pack = zlib.compressobj(6)
    out = [serialize.MAGIC, pack.compress(head + b'"choices":[0')]
    block = b",0" * 1_000_000
    out += [pack.compress(block) for _ in range(k // 1_000_000)]
    out += [pack.compress(b",0" * (k % 1_000_000 - 1) + b"]" + tail), pack.flush()]
    return b"".join(out)


def _choices(k: int) -> Callable[[dict[str, Any]], None]:
    def change(p: dict[str, Any]) -> None:
        p["state"]["choices"] = [0] * k

    return change


def _pad(value: Any) -> Callable[[dict[str, Any]], None]:
    def change(p: dict[str, Any]) -> None:
        p["pad"] = value

    return change


@pytest.mark.parametrize(
    ("save", "said"),
    [
        # the save: 20 million choices, 46 KB compressed, loaded for minutes
        (lambda: _with_choices(20_000_000), "decompresses to more than 16 MB"),
        # 4 million (33.7 s in the issue) fit in 16 MB: refused by counting the values
        (lambda: _with_choices(4_000_000), "more than 2,000,000 values"),
        # a million empty arrays: seconds of parsing before an unknown field was noticed
        (lambda: serialize.dumps(_payload(_pad([[]] * 1_000_000))), "more than 250,000 arrays"),
    ],
    ids=["20M-choices", "4M-choices", "1M-arrays"],
)
def test_a_save_claiming_too_much_is_refused_before_it_is_parsed(
    tmp_path: Path, save: Callable[[], bytes], said: str
) -> None:
    seconds, out = _load_bounded(tmp_path, save())
    assert out.startswith("saved duel is too large: ") and said in out, out
    assert seconds < 2.0, seconds


def test_each_log_is_capped() -> None:
    cap = serialize.MAX_LOG
    for name, values in (("choices", [0] * (cap + 1)), ("events", _events(cap + 1))):
        payload = _payload(lambda p, n=name, v=values: p["state"].__setitem__(n, v))
        with pytest.raises(SaveError, match=f"'{name}' must be a list of at most 100,000 "):
            Duel.load(serialize.dumps(payload))
    for name in ("raised", "window_events", "held"):
        payload = _payload(
            lambda p, n=name: p["state"].__setitem__(n, _events(serialize.MAX_PENDING_EVENTS + 1))
        )
        with pytest.raises(SaveError, match=f"'{name}' must be a list of at most 10,000 events"):
            Duel.load(serialize.dumps(payload))


def test_long_names_and_frames_are_refused() -> None:
    # Each option of the open decision is tried on load, on a copy of the state:
    # a frame of a million tributes, or a name of a million characters, would be
    # copied (or printed into labels) once per option.
    n = len(BASE["state"]["cards"])
    payload = _payload(lambda p: p["state"]["cards"][0].__setitem__("name", "x" * 201))
    with pytest.raises(SaveError, match=r"card record .* has a value of the wrong type or size"):
        Duel.load(serialize.dumps(payload))
    # [SUMMON, step, card, tributes or procedure, mode, tributes...]
    summon = SUMMON.frame(SummonStep.TRIBUTES, 1, 0, SummonMode.NORMAL)
    assert serialize._frame_ok([*summon, *[2] * n], n)
    assert not serialize._frame_ok([*summon, *[2] * (2 * n + 4)], n)


def _full_logs(p: dict[str, Any]) -> None:
    p["state"]["events"] = _events(serialize.MAX_LOG)
    p["state"]["choices"] = [1] * serialize.MAX_LOG


def _full_pending(p: dict[str, Any]) -> None:
    p["state"]["events"] = _events(serialize.MAX_LOG // 2)
    p["state"]["choices"] = [1] * serialize.MAX_LOG
    for name in ("raised", "window_events", "held"):
        p["state"][name] = _events(serialize.MAX_PENDING_EVENTS)


def _junk_at_the_caps(p: dict[str, Any]) -> None:
    arrays = serialize.MAX_CONTAINERS - 2_000
    p["pad"] = [[0] * ((serialize.MAX_VALUES - 50_000) // arrays)] * arrays


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (_full_logs, "loaded"),
        (_full_pending, "loaded"),
        (_junk_at_the_caps, "unexpected or missing top-level fields"),
        (_pad("x" * (serialize.MAX_SAVE_BYTES - 200_000)), "unexpected or missing top-level"),
    ],
    ids=["full-logs", "full-pending-events", "values-and-arrays", "16MB-string"],
)
def test_the_largest_saves_within_the_caps_load_in_under_2_s(
    tmp_path: Path, change: Callable[[dict[str, Any]], None], said: str
) -> None:
    seconds, out = _load_bounded(tmp_path, _payload(change))
    assert said in out, out
    assert seconds < 2.0, seconds


def test_a_duel_beyond_the_caps_is_not_saved() -> None:
    # A save that Duel.load would refuse is never written: save() says why.
    duel = new_duel(4)
    for _ in range(serialize.MAX_LOG + 1 - len(duel.choices)):
        duel._st.choices.append(0)
    with pytest.raises(SaveError, match="too long to save: its choices log holds 100,001 entries"):
        duel.save()
    duel = new_duel(4)
    event = duel.events()[-1]
    for _ in range(serialize.MAX_LOG - duel.event_count):
        duel._st.events.append(event)
    duel.save()  # at the cap
    duel._st.events.append(event)
    with pytest.raises(SaveError, match="too long to save: its events log holds 100,001 entries"):
        duel.save()
    duel = new_duel(4)
    duel._st.held = [event] * (serialize.MAX_VALUES // 15)
    with pytest.raises(SaveError, match="too large to save: it holds more than 2,000,000 values"):
        duel.save()
