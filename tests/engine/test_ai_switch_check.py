"""tools/ai_switch_check.py: Normal's switches weighed against play to the end."""

from __future__ import annotations

import pickle
from dataclasses import dataclass

import pytest
from baler_hidden import hidden_twin, position
from tooling import load_tool

from baler.rules.state import Side
from engine import plugins
from engine.ai.observation import observe
from engine.ai.registry import make_agent
from engine.ai.search import Budget
from engine.ai.tree import Answer, setting_overrides
from engine.core.actions import Action
from engine.core.session import Session
from engine.loading import load_game_scenario


@dataclass(frozen=True)
class Pick(Action):
    n: int


def test_the_search_estimate_is_the_root_mean_over_the_heuristics_answers() -> None:
    tool = load_tool("ai_switch_check")
    a, b = Pick(1), Pick(2)
    answers = (Answer(b, 9, 0.6, 1, 0.3), Answer(a, 4, 0.45, 0, 0.4))
    lead, errors = tool.estimate(answers, b)
    assert abs(lead - 0.15) < 1e-12
    # standard errors 0.3/3 and 0.4/2: the lead of 0.15 is 0.15 / hypot(0.1, 0.2) of them
    assert abs(errors - 0.15 / (0.1 ** 2 + 0.2 ** 2) ** 0.5) < 1e-9
    assert tool.estimate(answers, a) == (0.0, 0.0)


def test_the_summary_says_what_a_stricter_rule_would_have_kept() -> None:
    tool = load_tool("ai_switch_check")
    switches = [tool.Switch(1, 1, "action", 0.20, 0.10, 2.5),
                tool.Switch(1, 2, "action", 0.05, -0.30, 0.5),
                tool.Switch(2, 1, "movement", 0.12, 0.20, 1.2)]
    text = tool.summary(switches, 2)
    assert "led by 1 s.e. or more: 2, to the end +0.150" in text
    assert "led by 2 s.e. or more: 1, to the end +0.100 (± 0.000) each, +0.050 a game" in text
    assert "led by 3 s.e." not in text
    assert "led by 0.10 or more: 2" in text
    assert "led by 0.15 or more: 1" in text
    assert "(+2.5 s.e.)" in switches[0].line()


def test_a_play_to_the_end_leaves_the_real_position_alone_and_repeats_with_its_seed() -> None:
    tool = load_tool("ai_switch_check")
    plugin = plugins.get("baler")
    rules = plugin.rules
    session = Session(rules, load_game_scenario(plugin, None), 3, lazy_checkpoints=True)
    state = session.state
    seat = make_agent(plugin, "normal", state.decision.player, 1,
                      Budget(seconds=None, iterations=1))
    normal = seat.decider  # type: ignore[attr-defined]
    action = rules.legal_actions(state)[0]
    before = pickle.dumps(state)
    first = tool.to_the_end(rules, normal, state, action, 7)
    assert pickle.dumps(state) == before
    assert first in (0.0, 0.5, 1.0)
    assert tool.to_the_end(rules, normal, state, action, 7) == first


def test_a_play_from_drawn_positions_reads_nothing_the_side_may_not_see() -> None:
    tool = load_tool("ai_switch_check")
    plugin = plugins.get("baler")
    rules = plugin.rules
    state = position(rules, load_game_scenario(plugin, None), 3, 30).state
    side = state.decision.player
    legal = rules.legal_actions(state)
    twin = hidden_twin(state, Side(side))
    assert rules.state_hash(twin) != rules.state_hash(state)
    seat = make_agent(plugin, "normal", side, 1, Budget(seconds=None, iterations=1))
    normal = seat.decider  # type: ignore[attr-defined]
    before = pickle.dumps(state)
    for seed in (1, 2, 3):
        results = [tool.to_the_end(rules, normal, s, legal[0], seed, observe(rules, s, legal))
                   for s in (state, twin)]
        assert results[0] == results[1]
    assert pickle.dumps(state) == before


def test_every_switch_of_a_game_is_checked_once() -> None:
    tool = load_tool("ai_switch_check")
    switches = tool.check_game(("baler", "spanish", 1, "6i", 1, "real"))
    assert switches, "seed 1 at 6 iterations a tree overrules the heuristics at least once"
    numbers = [s.number for s in switches]
    assert numbers == sorted(set(numbers))
    for s in switches:
        assert s.seed == 1
        assert -1.0 <= s.estimate <= 1.0
        assert s.check in (-1.0, -0.5, 0.0, 0.5, 1.0)


def test_the_summary_counts_switches_a_game_and_means_by_kind() -> None:
    tool = load_tool("ai_switch_check")
    rows = [tool.Switch(1, 4, "action", 0.10, 0.05), tool.Switch(1, 9, "action", 0.06, -0.05),
            tool.Switch(2, 3, "movement", 0.08, 0.30)]
    text = tool.summary(rows, 2)
    assert text.splitlines()[0] == "3 switches in 2 games (1.5 a game)"
    assert "search +0.080" in text and "to the end +0.100" in text
    assert "a game: to the end +0.150" in text
    by_kind = [line.split() for line in text.splitlines()[3:] if line.startswith("  ")]
    assert by_kind == [["action", "2", "search", "+0.080", "to", "the", "end", "+0.000"],
                       ["movement", "1", "search", "+0.080", "to", "the", "end", "+0.300"]]
    assert tool.seeds_of("3-5") == [3, 4, 5] and tool.seeds_of("2,9") == [2, 9]


def refusal(tool, argv: list[str], capsys) -> str:
    """What the tool says when it refuses `argv` (a usage error: exit 2, one line)."""
    with pytest.raises(SystemExit) as stop:
        tool.main(["--game", "baler", "--side", "spanish", *argv])
    assert stop.value.code == 2
    return capsys.readouterr().err


def test_set_changes_the_search_settings_by_name_and_refuses_unknown_ones(capsys) -> None:
    tool = load_tool("ai_switch_check")
    assert setting_overrides(["explore=0.2", "turn_end=false", "horizon=12"]) == {
        "explore": 0.2, "turn_end": False, "horizon": 12}
    assert "Settings has no 'depth'" in refusal(tool, ["--set", "depth=3"], capsys)


def test_set_refuses_a_value_of_the_wrong_kind(capsys) -> None:
    tool = load_tool("ai_switch_check")
    assert "horizon takes a whole number, not 'four'" in refusal(
        tool, ["--set", "horizon=four"], capsys)
    assert "turn_end takes true or false" in refusal(tool, ["--set", "turn_end=maybe"], capsys)


def test_evaluate_refuses_a_name_that_is_no_evaluation(capsys) -> None:
    tool = load_tool("ai_switch_check")
    with pytest.raises(SystemExit) as stop:
        tool.main(["--game", "filipinas", "--side", "filipino", "--evaluate", "filipinas.ai:x"])
    assert stop.value.code == 2
    assert "names no evaluation" in capsys.readouterr().err
