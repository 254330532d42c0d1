"""The scripts of tools/ as modules, for their tests (tools/ is not a package)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

TOOLS = Path(__file__).resolve().parents[2] / "tools"


def load_tool(name: str) -> ModuleType:
    """tools/NAME.py, imported under NAME (its dataclasses look their module up by name)."""
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def first_decision_saved(tmp_path: Path, game: str, seed: int = 3) -> tuple[Path, Any, str, str]:
    """A new game of `game` saved at its first decision, with its session and its first two
    answers as they describe themselves: a decision for the tools that play a saved decision's
    answers again."""
    from engine import plugins
    from engine.core.saves import write_save
    from engine.core.session import Session
    from engine.loading import load_game_scenario

    plugin = plugins.get(game)
    session = Session(plugin.rules, load_game_scenario(plugin), seed)
    legal = session.legal_actions()
    save = tmp_path / "decision.json"
    write_save(save, session)
    return save, session, legal[0].describe(), legal[1].describe()
