"""The plain-int mirrors of the enums are in one place, ``ygo.core.ints`` (issue 23):
each equals its enum member, their names follow one rule, the file is what
``tools/build_ints.py`` writes, and no other module restates a mirror."""

from __future__ import annotations

import ast
from enum import Enum
from pathlib import Path

import pytest

import ygo
from tests.tool_loader import load_tool
from ygo.core import ints

ROOT = Path(__file__).resolve().parents[2]


TOOL = load_tool("build_ints")
ENUMS: tuple[type[Enum], ...] = TOOL.ENUMS


def _public() -> dict[str, object]:
    return {n: v for n, v in vars(ints).items() if n.isupper()}


def test_the_file_is_what_the_tool_writes() -> None:
    text = Path(ints.__file__).read_text(encoding="utf-8")
    assert text == TOOL.source(), "src/ygo/core/ints.py is stale: run tools/build_ints.py"


@pytest.mark.parametrize("enum", ENUMS, ids=lambda e: e.__name__)
def test_every_member_has_its_mirror_an_int_of_the_same_value(enum: type[Enum]) -> None:
    for name, member in enum.__members__.items():
        value = getattr(ints, TOOL.mirror_name(enum, name))
        assert type(value) is int, f"{name}: {type(value).__name__}"
        assert value == member.value


def test_every_name_follows_the_rule() -> None:
    """A mirror is ``PREFIX_MEMBER`` of exactly one enum; the prefix is the enum's
    name in upper snake case, or ygopro-core's for CardType and Position; a mask
    carries its enum's prefix and is the OR of its members."""
    assert TOOL.prefix(ENUMS[0]) == "TYPE"
    expected = {
        TOOL.mirror_name(e, n): (e, n) for e in ENUMS for n in e.__members__
    }  # fmt: skip
    assert len(expected) == sum(len(e.__members__) for e in ENUMS), "two enums share a name"
    prefixes = [TOOL.prefix(e) for e in ENUMS]
    assert len(set(prefixes)) == len(prefixes)
    for enum in ENUMS:
        if enum not in TOOL.YGOPRO_PREFIXES:
            words = TOOL.prefix(enum).split("_")
            assert "".join(w.title() for w in words) == enum.__name__
    masks: dict[str, tuple[type[Enum], tuple[str, ...]]] = TOOL.MASKS
    for name, (enum, parts) in masks.items():
        assert name.startswith(TOOL.prefix(enum) + "_") and name not in expected
        want = 0
        for p in parts:
            want |= enum.__members__[p].value
        assert getattr(ints, name) == want
    assert set(_public()) == set(expected) | set(masks)


def _mirrors_in(path: Path, enum_names: set[str]) -> list[str]:
    """Module-level ``X = int(Enum.MEMBER)`` (or of several members ORed) lines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in tree.body:
        if not isinstance(node, ast.Assign) or not isinstance(node.value, ast.Call):
            continue
        call = node.value
        if not (isinstance(call.func, ast.Name) and call.func.id == "int" and call.args):
            continue
        names = {
            n.value.id
            for n in ast.walk(call.args[0])
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
        }
        if names & enum_names:
            out.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return out


def test_no_module_restates_a_mirror() -> None:
    enum_names = {e.__name__ for e in ENUMS}
    src = Path(ygo.__file__).parent
    found = [m for p in sorted(src.rglob("*.py")) for m in _mirrors_in(p, enum_names)]
    assert not found, f"import these from ygo.core.ints instead: {found}"
