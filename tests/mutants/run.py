"""The mutation check: ``make mutants`` (or ``python -m tests.mutants.run [NAME...]``).

Runs the rule tests paired with the mutants once on the real engine (each must
pass), then once per mutant with that mutant applied (each must fail). Prints a
table and exits 1 if a test fails on the real engine, a mutant survives (one of
its tests still passes) or a mutant cannot be applied.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tests.mutants.mutants import BY_NAME, MUTANTS, Mutant

ROOT = Path(__file__).resolve().parents[2]
Outcomes = dict[str, dict[str, str]]


def run_tests(tests: list[str], mutant: str = "") -> tuple[int, Outcomes, str]:
    """Run ``tests`` under ``mutant`` (none: the real engine) in a fresh interpreter."""
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        env = dict(os.environ, YGO_MUTANT=mutant, YGO_MUTANT_REPORT=str(report))
        cmd = [sys.executable, "-m", "pytest", "-p", "tests.mutants.plugin"]
        cmd += ["-p", "no:cacheprovider", "-p", "no:randomly", "-q", "--no-header", *tests]
        proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
        outcomes: Outcomes = json.loads(report.read_text()) if report.exists() else {}
        return proc.returncode, outcomes, proc.stdout + proc.stderr


def main(argv: list[str]) -> int:
    unknown = [a for a in argv if a not in BY_NAME]
    if unknown:
        print(f"unknown mutant(s): {', '.join(unknown)} (known: {', '.join(BY_NAME)})")
        return 2
    chosen: list[Mutant] = [BY_NAME[a] for a in argv] or list(MUTANTS)
    every = sorted({t for m in chosen for t in m.tests})

    with ThreadPoolExecutor(max_workers=min(len(chosen) + 1, os.cpu_count() or 2)) as pool:
        base_job = pool.submit(run_tests, every)
        jobs = {m.name: pool.submit(run_tests, list(m.tests), m.name) for m in chosen}
        _, base, base_log = base_job.result()
        results = {name: job.result() for name, job in jobs.items()}

    bad = False
    not_passing = [t for t in every if base.get(t, {}).get("outcome") != "passed"]
    if not_passing:
        print("On the real engine these paired tests do not pass (or were not found):")
        for t in not_passing:
            print(f"  {t}: {base.get(t, {}).get('outcome', 'not run')}")
        print(base_log[-3000:])
        bad = True

    width = max(len(m.name) for m in chosen)
    print(f"{'mutant':<{width}}  {'rule':<26} result   test (failure)")
    for m in chosen:
        code, outcomes, log = results[m.name]
        if not outcomes and code != 0:
            print(f"{m.name:<{width}}  {m.rules:<26} BROKEN   cannot be applied")
            print("    " + (log.strip().splitlines() or ["(no output)"])[-1])
            bad = True
            continue
        for t in m.tests:
            got = outcomes.get(t, {"outcome": "not run", "why": ""})
            killed = got["outcome"] == "failed"
            bad |= not killed
            verdict = "killed " if killed else "SURVIVED"
            short = t.split("::", 1)[1]
            why = f" ({got['why'][:70]})" if killed else f" ({got['outcome']})"
            print(f"{m.name:<{width}}  {m.rules:<26} {verdict} {short}{why}")
        print(f"{'':<{width}}  ^ {m.what}")

    survived = "" if not bad else " - FAILED: see above"
    print(f"\n{len(chosen)} mutants, {sum(len(m.tests) for m in chosen)} paired tests{survived}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
