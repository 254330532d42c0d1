"""tools/ai_versus.py: Easy now against Easy at an earlier commit, one side each."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
from tooling import load_tool

import guerra.ai

pytestmark = pytest.mark.skipif(shutil.which("git") is None
                                or not (Path(__file__).resolve().parents[2] / ".git").exists(),
                                reason="needs git and the repository's history")


def test_the_base_code_is_a_package_of_its_own(tmp_path: Path) -> None:
    tool = load_tool("ai_versus")
    old = tool.base_modules("guerra", "HEAD", tmp_path)
    try:
        assert old.__name__ == "versus_base.guerra_ai"
        assert old.easy is not guerra.ai.easy
        moves = sys.modules["versus_base.guerra_ai.moves"]
        assert moves.__file__ is not None and moves.__file__.startswith(str(tmp_path))
        for f in (tmp_path / "versus_base").rglob("*.py"):
            text = f.read_text()
            assert "from guerra.ai" not in text and "import guerra.ai" not in text
    finally:
        tool.forget_base(tmp_path)


def test_a_match_reports_its_tally_and_leaves_no_module_behind(
        capsys: pytest.CaptureFixture[str]) -> None:
    tool = load_tool("ai_versus")
    assert tool.main(["baler", "--base", "HEAD", "--side", "spanish", "--games", "1"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert sum(report["wins"].values()) == 1 and report["new_side"] == "spanish"
    assert not [m for m in sys.modules if m.split(".")[0] == "versus_base"]


def test_a_wrong_side_or_commit_is_one_clear_message(capsys: pytest.CaptureFixture[str]) -> None:
    tool = load_tool("ai_versus")
    assert tool.main(["guerra", "--base", "HEAD", "--side", "spain", "--games", "1"]) == 2
    assert "--side must be one of nationalist, republican" in capsys.readouterr().err
    assert tool.main(["guerra", "--base", "no-such-commit", "--side", "nationalist",
                      "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "cannot read the computer's code at no-such-commit" in err
    assert "Traceback" not in err
