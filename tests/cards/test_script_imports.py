"""Card scripts have one door to the engine (issue 23): each imports only
``ygo.effects`` and ``ygo.core.enums``, and reads the duel through the context's
helpers and the effect layer's parts, never the state's arrays or a chain
link's step numbers (``ctx.st``, ``ctx.link``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import ygo.cards.scripts as scripts_pkg

SCRIPTS = sorted(Path(scripts_pkg.__file__).parent.glob("c*.py"))
ALLOWED = {"__future__", "ygo.effects", "ygo.core.enums"}
FORBIDDEN_ATTRIBUTES = {"st", "link"}


def test_every_script_is_checked() -> None:
    assert len(SCRIPTS) >= 170


def _imports(tree: ast.Module) -> list[str]:
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, "relative import"
            out.append(node.module or "")
    return out


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.stem)
def test_script_imports_only_the_effect_layer_and_enums(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    wrong = [m for m in _imports(tree) if m not in ALLOWED]
    assert not wrong, f"{path.name} imports {wrong}: use ygo.effects"
    touched = sorted(
        {
            f"line {n.lineno}: .{n.attr}"
            for n in ast.walk(tree)
            if isinstance(n, ast.Attribute) and n.attr in FORBIDDEN_ATTRIBUTES
        }
    )
    assert not touched, f"{path.name} reads the state or the link directly: {touched}"


def test_the_registry_uses_the_effect_layer_only() -> None:
    tree = ast.parse(Path(scripts_pkg.__file__).read_text(encoding="utf-8"))
    ygo_imports = [m for m in _imports(tree) if m.split(".")[0] == "ygo"]
    assert ygo_imports == ["ygo.effects"]


def test_window_is_one_name() -> None:
    from ygo.effects import Window
    from ygo.engine.windows import Window as EngineWindow

    assert Window is EngineWindow
