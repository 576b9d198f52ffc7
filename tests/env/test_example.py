"""A smoke run of examples/train_reinforce.py (the real run's figures are in
docs/research.md)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("matplotlib")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_reinforce.py"


def test_train_reinforce_smoke(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("train_reinforce", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    args = ["--episodes", "2", "--batch", "2", "--eval-every", "2", "--eval-games", "1"]
    assert module.main([*args, "--out", str(tmp_path)]) == 0
    summary = json.loads((tmp_path / "curve.json").read_text())
    assert summary["episodes"] == 2
    assert summary["curve"]["eval_at"] == [0, 2]
    assert 0.0 <= summary["eval_win_after"] <= 1.0
    assert (tmp_path / "curve.png").read_bytes()[:4] == b"\x89PNG"
    weights = (tmp_path / "weights.npz").stat().st_size
    assert weights > 0
