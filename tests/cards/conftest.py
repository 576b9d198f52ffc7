"""Shared helpers for the card tests: where the shared data lives, and the real databases.

``SHARED`` is ``/work/shared/data`` when the tests run from ``/work/main``. Tests
that need a file from it skip cleanly when it is absent.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from ygo.cards.cdb import read_cdb
from ygo.cards.db import CardDB

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data"
BENCH = SHARED.parent / "bench"
EN_CDB = SHARED / "cards-en.cdb"
ZH_CDB = SHARED / "cards-zh-CN.cdb"
SEED_TSV = SHARED / "seed_cards.tsv"
STARTER_TSV = SHARED / "starter_pool.tsv"
ANCHOR_MD = BENCH / "anchor-decks.md"


def need(path: Path) -> Path:
    """``path``, or skip the test when the shared file is absent."""
    if not path.exists():
        pytest.skip(f"shared data not available: {path}")
    return path


def read_tsv(path: Path) -> list[dict[str, str]]:
    with need(path).open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


@pytest.fixture(scope="session")
def en_db() -> CardDB:
    """cards-en.cdb, read once per test session."""
    return read_cdb(need(EN_CDB))


@pytest.fixture(scope="session")
def zh_db() -> CardDB:
    """cards-zh-CN.cdb, read once per test session."""
    return read_cdb(need(ZH_CDB))
