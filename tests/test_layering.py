"""Imports point down only (DESIGN.md §1); this test fails on a wrong arrow."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("baler", "filipinas", "guerra")
STDLIB = set(sys.stdlib_module_names) | {"__future__"}


def imports_of(path: Path) -> set[str]:
    """Top-level dotted names imported by a module (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                names.add(".".join([*base, node.module] if node.module else base))
            elif node.module:
                names.add(node.module)
    return names


def allowed(module: str, name: str) -> bool:
    """Whether `module` (dotted, within the project) may import `name`."""
    top = name.split(".")[0]
    parts = module.split(".")
    if module.startswith("engine.core"):
        return top in STDLIB or top == "numpy" or name.startswith("engine.core")
    if module.startswith("engine.data"):
        return top in STDLIB | {"numpy", "yaml", "pydantic", "pydantic_core"} or name.startswith(
            ("engine.core", "engine.data")
        )
    if module.startswith("engine.ai"):
        # the registry of games (engine.plugins) finds a game's rules by its id in the search's
        # worker processes; a game's own modules stay out of reach
        return top in STDLIB or top == "numpy" or name.startswith(
            ("engine.core", "engine.ai", "engine.plugins")
        )
    if module.startswith("engine.ui"):
        if top == "engine":
            return not name.startswith("engine.cli")
        return top in STDLIB | {"numpy", "pygame", "platformdirs"}
    if module.startswith("engine"):
        return top not in GAMES
    if parts[0] in GAMES:
        game = parts[0]
        if top in GAMES and top != game:
            return False
        if len(parts) > 1 and parts[1] == "rules":
            return top in STDLIB or top == "numpy" or name.startswith(
                ("engine.core", f"{game}.rules")
            )
        if len(parts) > 1 and parts[1] == "ui":
            return top in STDLIB | {"numpy", "pygame"} or name.startswith(
                ("engine.core", "engine.ui", f"{game}.rules", f"{game}.ui", "engine.paths")
            )
        return True
    return True


def project_modules() -> list[tuple[str, Path]]:
    found = []
    for folder in ("engine", *GAMES):
        for path in sorted((ROOT / folder).rglob("*.py")):
            found.append((".".join(path.relative_to(ROOT).with_suffix("").parts), path))
    return found


def test_imports_point_down_only():
    wrong = [
        f"{module} imports {name}"
        for module, path in project_modules()
        for name in sorted(imports_of(path))
        if not allowed(module, name)
    ]
    assert not wrong, "imports against the layering of DESIGN.md §1:\n" + "\n".join(wrong)


def test_the_checker_catches_wrong_arrows():
    assert not allowed("engine.core.dice", "pygame")
    assert not allowed("engine.core.dice", "engine.ui.app")
    assert not allowed("engine.core.dice", "yaml")
    assert not allowed("baler.rules.combat", "engine.ui.scene")
    assert not allowed("baler.rules.combat", "pygame")
    assert not allowed("baler.rules.combat", "engine.data.schema")
    assert not allowed("baler.ui.board", "guerra.rules.state")
    assert not allowed("engine.plugins", "baler.rules")
    assert allowed("baler.rules.combat", "engine.core.dice")
    assert allowed("baler.ui.board", "engine.ui.hexmap")
    assert allowed("engine.ui.app", "engine.core.session")


def test_relative_imports_are_resolved(tmp_path):
    path = ROOT / "engine" / "core" / "game.py"
    assert "engine.core.actions" in imports_of(path)
