"""tools/ai_table.py: one game of a cell gives its outcome and the line `--log` writes."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

TOOL = Path(__file__).resolve().parents[2] / "tools" / "ai_table.py"


def load_tool():
    spec = importlib.util.spec_from_file_location("ai_table", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ai_table"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_one_game_of_a_cell_reports_its_outcome_and_its_log_line() -> None:
    tool = load_tool()
    cell = tool.Cell("baler", "spanish", "easy", "random")
    played = tool.play_one((cell, 1, "1r"))
    assert played.outcome in ("win", "loss", "draw")
    assert played.times == [] and played.switched == 0
    line = played.line()
    assert line.startswith("baler - easy spanish vs random seed 1: ")
    assert played.outcome in line
