"""tools/build_pool.py regenerates the shipped pool.json exactly from its sources."""

from __future__ import annotations

from pathlib import Path

import pytest
from tools import build_pool

from .conftest import ANCHOR_MD, EN_CDB, SEED_TSV, ZH_CDB, need

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def shared() -> Path:
    for path in (EN_CDB, ZH_CDB, SEED_TSV, ANCHOR_MD):
        need(path)
    return EN_CDB.parents[1]


def test_pool_json_is_up_to_date(shared: Path) -> None:
    text = build_pool.render(build_pool.build(shared, build_pool.DEFAULT_SUMMARIES))
    shipped = (ROOT / "src" / "ygo" / "cards" / "data" / "pool.json").read_text(encoding="utf-8")
    assert text == shipped, "pool.json is stale: run tools/build_pool.py"


def test_check_mode(shared: Path, tmp_path: Path) -> None:
    out = tmp_path / "pool.json"
    args = ["--shared", str(shared), "--out", str(out)]
    assert build_pool.main([*args, "--check"]) == 1
    assert build_pool.main(args) == 0
    assert build_pool.main([*args, "--check"]) == 0


def test_a_card_without_summary_is_refused(shared: Path, tmp_path: Path) -> None:
    src = build_pool.DEFAULT_SUMMARIES.read_text(encoding="utf-8").splitlines()
    kept = [line for line in src if not line.startswith("46986414\t")]  # drop Dark Magician
    summaries = tmp_path / "s.tsv"
    summaries.write_text("\n".join(kept) + "\n", encoding="utf-8")
    with pytest.raises(build_pool.BuildError, match="46986414\tDark Magician"):
        build_pool.build(shared, summaries)


def test_a_wrong_name_is_refused(shared: Path, tmp_path: Path) -> None:
    summaries = tmp_path / "s.tsv"
    text = build_pool.DEFAULT_SUMMARIES.read_text(encoding="utf-8")
    summaries.write_text(text.replace("46986414\tDark Magician\t", "46986414\tDark Magican\t"))
    with pytest.raises(build_pool.BuildError, match="not 'Dark Magican'"):
        build_pool.build(shared, summaries)


def test_malformed_summary_lines_are_refused(tmp_path: Path) -> None:
    bad = tmp_path / "s.tsv"
    bad.write_text("# comment\n46986414\tDark Magician\n", encoding="utf-8")
    with pytest.raises(build_pool.BuildError, match=":2:"):
        build_pool.read_summaries(bad)
    bad.write_text("1\tA\tx\n1\tA\ty\n", encoding="utf-8")
    with pytest.raises(build_pool.BuildError, match="twice"):
        build_pool.read_summaries(bad)
