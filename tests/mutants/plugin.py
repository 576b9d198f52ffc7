"""A pytest plugin for the mutation check (loaded by tests/mutants/run.py with
``-p tests.mutants.plugin``; never by ``make test``).

``YGO_MUTANT=<name>`` applies that mutant before any test runs;
``YGO_MUTANT_REPORT=<file>`` receives each test's outcome as JSON.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

from tests.mutants.mutants import BY_NAME, MutantError, apply

_outcomes: dict[str, dict[str, str]] = {}


def pytest_configure(config: pytest.Config) -> None:
    name = os.environ.get("YGO_MUTANT", "")
    if not name:
        return
    if name not in BY_NAME:
        raise pytest.UsageError(f"unknown mutant {name!r} (known: {', '.join(BY_NAME)})")
    import ygo.engine.duel  # noqa: F401  (every engine module, before patching)

    try:
        apply(BY_NAME[name])
    except MutantError as e:
        raise pytest.UsageError(f"mutant {name} cannot be applied: {e}") from None


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    entry = _outcomes.setdefault(report.nodeid, {"outcome": "passed", "why": ""})
    if report.failed and entry["outcome"] != "failed":
        entry["outcome"] = "failed"
        crash: Any = getattr(report.longrepr, "reprcrash", None)
        message = str(getattr(crash, "message", report.longrepr))
        entry["why"] = message.strip().splitlines()[0] if message.strip() else ""
    elif report.skipped and entry["outcome"] == "passed":
        entry["outcome"] = "skipped"


def pytest_sessionfinish(session: pytest.Session) -> None:
    path = os.environ.get("YGO_MUTANT_REPORT")
    if path:
        with open(path, "w", encoding="utf-8") as f:
            json.dump(_outcomes, f)
