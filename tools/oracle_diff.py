"""Run the differential harness (tests/oracle/) and report card by card.

Usage (from the repository root)::

    .venv/bin/python tools/oracle_diff.py                    # every card ygo runs through Lua
    .venv/bin/python tools/oracle_diff.py --mode native      # the guides' natively scripted cards
    .venv/bin/python tools/oracle_diff.py --scenarios [--mode native]   # tests/oracle/scenarios/
    .venv/bin/python tools/oracle_diff.py --cards 53129443,44095762 -v   # these cards, step by step
    .venv/bin/python tools/oracle_diff.py --jobs 2 --json out.json

``--mode lua`` plays each card's scenario (tests/oracle/generate.py) with ygo
running YGOPro's Lua script of the card; ``--mode native`` with ygo's own Python
script against the same Lua script in the reference. The report: how many
cards agree, disagree (with each difference) and could not be set up (with the
reason), the known disagreements (tests/oracle/known.py) apart, and the time.
Exit code 1 if a disagreement is not a known one, a known one changed, or a
known one is gone ("fixed": remove it from known.py), as in the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "src"))

from tests.oracle.harness import Result  # noqa: E402
from tests.oracle.session import Session, open_session  # noqa: E402

_SESSION: Session | None = None


def _worker_session(mode: str) -> Session:
    global _SESSION
    if _SESSION is None:
        got = open_session(mode)
        if isinstance(got, str):
            raise SystemExit(got)
        _SESSION = got
    return _SESSION


def _run_chunk(args: tuple[str, str, list[Any]]) -> list[dict[str, Any]]:
    mode, kind, items = args
    session = _worker_session(mode)
    out = []
    for item in items:
        start = time.perf_counter()
        try:
            res = session.card(item) if kind == "card" else session.scenario(Path(item))
        except Exception as exc:  # a harness error: reported, the run goes on
            res = Result(str(item), "error", reason=f"{type(exc).__name__}: {exc}")
        out.append({**_as_dict(res), "seconds": time.perf_counter() - start})
    return out


def _as_dict(res: Result) -> dict[str, Any]:
    return {
        "name": res.name,
        "status": res.status,
        "did": res.did,
        "reason": res.reason,
        "diffs": res.diffs,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mode", choices=("lua", "native"), default="lua")
    ap.add_argument("--scenarios", action="store_true", help="the hand-written scenarios")
    ap.add_argument("--cards", default="", help="comma-separated passcodes (default: the set's)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", default="", help="write the results here")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every step")
    ap.add_argument("--no-cache", action="store_true", help="ask the reference every time")
    ap.add_argument("--dump", default="", help="with -v: write each scenario, as run, here")
    ap.add_argument(
        "--print-known", action="store_true", help="print known.py entries for new disagreements"
    )
    ns = ap.parse_args(argv)
    if ns.no_cache:
        os.environ["YGO_ORACLE_CACHE"] = "0"
    from tests.oracle.known import KNOWN

    mode = ns.mode
    start = time.perf_counter()
    session = _worker_session(mode)
    kind = "scenario" if ns.scenarios else "card"
    items: list[Any]
    if ns.cards:
        items = [int(c) for c in ns.cards.split(",") if c.strip()]
    elif kind == "scenario":
        items = [str(p) for p in session.scenario_files()]
    else:
        items = session.codes()
    setup_s = time.perf_counter() - start
    results: list[dict[str, Any]] = []
    if ns.verbose:
        for item in items:
            res = (
                session.card(item, on_step=print)
                if kind == "card"
                else session.scenario(Path(str(item)), on_step=print)
            )
            print(res.text())
            results.append(_as_dict(res))
            if ns.dump:
                Path(ns.dump).mkdir(parents=True, exist_ok=True)
                stem = str(_code_of(res.name)).replace("/", "_").replace(" ", "_")
                Path(ns.dump, f"{stem}.json").write_text(json.dumps(res.scenario, indent=1))
    elif ns.jobs <= 1:
        results = _run_chunk((mode, kind, items))
    else:
        chunks = [items[i :: ns.jobs * 4] for i in range(ns.jobs * 4)]
        with ProcessPoolExecutor(ns.jobs) as pool:
            for part in pool.map(_run_chunk, [(mode, kind, c) for c in chunks]):
                results.extend(part)
    wall = time.perf_counter() - start
    session.close()
    counts: Counter[str] = Counter()
    unknown = []
    for r in results:
        key = r["name"].removesuffix(f" [{mode}]")
        known = KNOWN.get((mode, _code_of(key)))
        status = r["status"]
        if known is not None:
            if status == "disagree":
                status = "known" if tuple(r["diffs"]) == known.diffs else "changed"
            else:
                status = "fixed"  # listed in known.py, but no longer that disagreement
            r["status"] = status
            r["reason"] = r["reason"] or known.reason
        counts[status] += 1
        if status in ("disagree", "changed", "fixed"):
            unknown.append(r)
    if ns.print_known:
        for r in unknown:
            print(f"    ({mode!r}, {_code_of(r['name'].removesuffix(f' [{mode}]'))!r}): Known(")
            print('        "TODO: the cause",')
            print(f"        {tuple(r['diffs'])!r},")
            print("    ),")
    for r in sorted(results, key=lambda r: (r["status"], r["name"])):
        if r["status"] in ("agree", "known") and not ns.verbose:
            continue
        line = f"{r['status']:8} {r['name']}"
        if r["reason"]:
            line += f": {r['reason']}"
        print(line)
        for d in r["diffs"]:
            print(f"         - {d}")
    did = Counter(r["did"] or "-" for r in results if r["status"] == "agree")
    print(
        f"\n{len(results)} {'scenarios' if kind == 'scenario' else 'cards'} ({mode}): "
        + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
        + f"; agreeing cards {dict(did)}; {wall:.1f} s wall ({setup_s:.1f} s set-up), "
        f"{ns.jobs} job(s)"
    )
    if ns.json:
        Path(ns.json).write_text(json.dumps(results, indent=1))
    return 1 if unknown else 0


def _code_of(name: str) -> int | str:
    """The passcode in a result's name "Card Name (12345)", else the name."""
    if name.endswith(")") and "(" in name:
        inner = name[name.rindex("(") + 1 : -1]
        if inner.isdigit():
            return int(inner)
    return name


if __name__ == "__main__":
    raise SystemExit(main())
