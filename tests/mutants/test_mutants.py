"""The mutation check's own table stays valid (the check itself runs with
``make mutants``): every mutant's target exists and its paired tests exist."""

from __future__ import annotations

import importlib

import pytest

from tests.mutants.mutants import MUTANTS, Mutant, resolve


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name)
def test_mutant_targets_and_tests_exist(mutant: Mutant) -> None:
    for target, _make in mutant.patches:
        resolve(target)  # raises MutantError when the engine moved the target
    for nodeid in mutant.tests:
        path, func = nodeid.split("::")
        module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
        assert callable(getattr(module, func.split("[")[0], None)), nodeid
    assert mutant.rules.startswith("R-") and mutant.tests
