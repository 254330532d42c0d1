"""tools/ai_timing.py: a side and a trial setting chosen from the command line."""

from __future__ import annotations

import pytest
from tooling import load_tool

from engine.ai.tree import Tree


def test_one_side_is_timed_with_the_settings_given(capsys, monkeypatch) -> None:
    tool = load_tool("ai_timing")
    horizons: list[tuple[int, bool]] = []
    rollout = Tree.rollout

    def watched(self: Tree, state: object) -> float:
        horizons.append((self.settings.horizon, self.settings.turn_end))
        return rollout(self, state)

    monkeypatch.setattr(Tree, "rollout", watched)
    assert tool.main(["--only", "baler", "--side", "spanish", "--decisions", "2",
                      "--budget", "2i", "--set", "horizon=4", "--set", "turn_end=false"]) == 0
    out, err = capsys.readouterr()
    assert "baler spanish from action 0: 2 decisions" in err
    assert "philippine" not in err
    assert "| baler | normal | 2 |" in out
    assert horizons and set(horizons) == {(4, False)}


def test_a_setting_the_search_lacks_is_refused_in_one_line(capsys) -> None:
    tool = load_tool("ai_timing")
    with pytest.raises(SystemExit) as stop:
        tool.main(["--only", "baler", "--set", "depth=3"])
    assert stop.value.code == 2
    assert "Settings has no 'depth'" in capsys.readouterr().err
