"""The coverage table has one row per checklist id, and every test it names exists."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COVERAGE = ROOT / "docs" / "rules-coverage" / "baler.md"
CHECKLIST = ROOT.parent / "shared" / "checklists" / "heroes-of-baler.md"


def test_every_checklist_id_has_one_row() -> None:
    if not CHECKLIST.exists():
        pytest.skip("the shared checklist is not next to the project")
    ids = re.findall(r"^- ((?:GAP-)?BAL-\d+)", CHECKLIST.read_text(encoding="utf-8"), re.M)
    rows = re.findall(r"^\| ((?:GAP-)?BAL-\d+) \|", COVERAGE.read_text(encoding="utf-8"), re.M)
    assert rows == ids


def test_every_named_test_exists() -> None:
    named = set(re.findall(r"`(test_baler_\w+\.py)::(\w+)`", COVERAGE.read_text(encoding="utf-8")))
    assert named
    for file, name in named:
        tree = ast.parse((Path(__file__).parent / file).read_text(encoding="utf-8"))
        functions = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        assert name in functions, f"{file}::{name}"
