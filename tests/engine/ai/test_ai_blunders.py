"""The blunder hunt (engine.ai.blunders, `wargames ai-check`): the oracle finds an answer that
gives away a chance of winning, passes one that does not, and the command reports and saves."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

from engine.ai.blunders import (
    Oracle,
    OracleSettings,
    Tally,
    idle_reason,
    mean_and_error,
    recheck,
    verdict,
)
from engine.ai.observation import observe
from engine.cli import main
from engine.core.actions import Action, Event
from engine.core.dice import Dice
from engine.core.game import Decision, Result
from engine.core.saves import read_save


@dataclass(frozen=True, slots=True)
class Pick(Action):
    chance: int  # in sixths


@dataclass(slots=True)
class Coin:
    """One decision, then a die: answer k wins when the die shows k or less."""

    dice: Dice
    picked: int = 0
    outcome: Result | None = None
    turn: int = 1

    @property
    def decision(self) -> Decision:
        return Decision(None if self.outcome else "me", "pick", "Pick a chance")


@dataclass(slots=True)
class CoinRules:
    game_id: str = "coin"
    sides: tuple[str, ...] = ("me", "you")
    action_types: tuple[type[Action], ...] = (Pick,)
    idle: set[int] = field(default_factory=set)

    def legal_actions(self, state: Coin) -> list[Action]:
        return [] if state.outcome else [Pick(1), Pick(3), Pick(5), Pick(6)]

    def apply(self, state: Coin, action: Action) -> list[Event]:
        assert isinstance(action, Pick)
        won = state.dice.roll(1)[0] <= action.chance
        state.outcome = Result("me" if won else "you", "the die")
        return []

    def view(self, state: Coin, player: str | None) -> dict[str, Any]:
        return {}

    def result(self, state: Coin) -> Result | None:
        return state.outcome

    def no_effect_reason(self, state: Coin, action: Action) -> str | None:
        assert isinstance(action, Pick)
        return "a chance of one in six is no chance" if action.chance in self.idle else None


class First:
    """A policy that always answers the first legal action."""

    def __init__(self, side: str, seed: int) -> None:
        self.side = side

    def choose(self, rules: Any, state: Any, legal: list[Action]) -> Action:
        return legal[0]

    def reseed(self, seed: int) -> None:
        pass


def judged(chance: int, **settings: Any) -> Any:
    rules = CoinRules()
    state = Coin(Dice(5))
    observation = observe(rules, state, rules.legal_actions(state))  # type: ignore[arg-type]
    oracle = Oracle(First, None, OracleSettings(**settings))
    return verdict(oracle, observation, Pick(chance), seed=3, index=0, decision=1)


def test_an_answer_that_gives_away_half_the_chances_is_a_blunder_and_the_best_is_named() -> None:
    found = judged(3, screen=12, pairs=32, max_pairs=96)
    assert found.blunder
    assert found.best == Pick(6)
    assert found.best_value == 1.0
    assert 0.3 < found.chosen_value < 0.7
    assert found.gap >= 0.3 and found.gap_se > 0
    assert found.pairs >= 32


def test_a_blunder_is_played_again_further_and_holds() -> None:
    rules = CoinRules()
    state = Coin(Dice(5))
    observation = observe(rules, state, rules.legal_actions(state))  # type: ignore[arg-type]
    oracle = Oracle(First, None, OracleSettings(recheck=40))
    found = verdict(oracle, observation, Pick(1), seed=3, index=0, decision=1)
    assert found.blunder and found.end is None
    gap, error, pairs = recheck(oracle, observation, found)
    assert pairs == 40 and gap > error > 0
    assert replace(found, end=(gap, error, pairs)).held
    assert not replace(found, end=(0.01, 0.05, 40)).held


def test_the_best_answer_is_not_a_blunder() -> None:
    found = judged(6)
    assert not found.blunder
    assert found.best == Pick(6)


def test_a_small_gap_is_not_a_blunder() -> None:
    # five in six against six in six: a loss of 17 points; with a threshold of 20 it is not
    found = judged(5, threshold=0.2, max_pairs=320, pairs=64)
    assert not found.blunder


def test_an_idle_answer_is_reported_only_while_another_answer_does_something() -> None:
    rules = CoinRules(idle={1})
    state = Coin(Dice(1))
    legal = rules.legal_actions(state)
    assert idle_reason(rules, state, legal, Pick(1)) == "a chance of one in six is no chance"
    assert idle_reason(rules, state, legal, Pick(3)) is None
    rules.idle = {1, 3, 5, 6}
    assert idle_reason(rules, state, legal, Pick(1)) is None


def test_every_answer_that_changes_nothing_is_listed_judged_or_not(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 114 of Easy against Easy, with the heuristics as they were: the Philippine side
    activates a surveillance marker whose bonus cannot count (action 95). The decision is not
    among those judged, and is listed all the same."""
    import baler.ai
    from baler.rules.actions import Decide

    monkeypatch.setitem(baler.ai.HANDLERS, "surveillance",
                        lambda st, side, legal: Decide(True))
    assert main(["ai-check", "baler", "--level", "easy", "--side", "philippine", "--games",
                 "1", "--seed", "114", "--decisions-per-game", "1", "--screen", "2",
                 "--pairs", "2", "--recheck", "0"]) == 0
    text = capsys.readouterr().out
    assert "CHANGES NOTHING baler seed 114 action 95 (Philippine): played \"Yes\"" in text
    summary = json.loads(text.strip().splitlines()[-1])
    row = summary["sides"]["philippine"]
    assert row["idle_choices_met"] >= 1 and row["decisions_judged"] == 1


def test_the_gaps_are_told_kind_by_kind_the_most_to_gain_first() -> None:
    tally = Tally(gaps={"movement": [0.0, 0.02, 0.07], "action": [0.12, 0.0],
                        "initiative-card": [-0.04, 0.0]})
    kinds = tally.kinds(0.10)
    assert list(kinds) == ["action", "movement", "initiative-card"]
    assert kinds["action"] == {"judged": 2, "mean_gap_points": 6.0, "error_points": 6.0,
                               "half_threshold_or_more": 1}
    assert kinds["movement"]["mean_gap_points"] == 3.0
    assert kinds["movement"]["half_threshold_or_more"] == 1
    assert kinds["initiative-card"]["mean_gap_points"] == -2.0


def test_mean_and_error() -> None:
    assert mean_and_error([]) == (0.0, 0.0)
    assert mean_and_error([1.0]) == (1.0, 0.0)
    mean, error = mean_and_error([0.0, 1.0, 0.0, 1.0])
    assert mean == 0.5 and error == pytest.approx(0.2887, abs=1e-3)


def test_the_command_judges_decisions_saves_blunders_and_prints_a_summary(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hunt"
    assert main(["ai-check", "baler", "--level", "easy", "--games", "1", "--seed", "2",
                 "--decisions-per-game", "2", "--screen", "2", "--pairs", "2",
                 "--recheck", "2", "--recheck-horizon", "30", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    summary = json.loads(text.strip().splitlines()[-1])
    assert summary["game"] == "baler" and summary["level"] == "easy"
    assert summary["recheck_horizon"] == 30 and "--recheck-horizon 30" in summary["command"]
    assert set(summary["sides"]) == {"spanish", "philippine"}
    for row in summary["sides"].values():
        assert row["decisions_judged"] == 2
        assert row["decisions_met"] >= 2
        assert sum(k["judged"] for k in row["kinds"].values()) == 2
        assert row["idle_choices_met"] == 0
    assert json.loads((out / "summary.json").read_text()) == summary
    for line in (out / "blunders.txt").read_text().splitlines():
        saved = Path(line.rpartition("--load ")[2])
        assert read_save(saved).game == "baler"


@pytest.mark.parametrize("args, message", [
    (["--level", "grandmaster"], "unknown level 'grandmaster'"),
    (["--games", "0"], "must be positive"),
    (["--side", "martians"], "unknown side 'martians'"),
    (["--budget", "soon"], "a budget looks like"),
    (["--recheck", "-1"], "--recheck must be 0 or more"),
    (["--recheck-horizon", "-5"], "--recheck-horizon must be 0 (to the end) or more"),
])
def test_bad_requests_are_one_line(args: list[str], message: str,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ai-check", "baler", *args]) == 2
    assert message in capsys.readouterr().err


def test_the_recheck_tool_plays_a_saved_decision_s_answers_in_pairs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tooling import first_decision_saved, load_tool

    save, _, first, second = first_decision_saved(tmp_path, "baler")
    tool = load_tool("ai_recheck")
    assert tool.main(["baler", str(save), first, second, "--pairs", "2", "--horizon", "6"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert [line.partition(":")[0] for line in lines] == [first, second]
    assert "against the first +0.00 ± 0.00 (2 pairs, horizon 6)" in lines[0]
    with pytest.raises(SystemExit):
        tool.main(["baler", str(save), "Move the church"])
