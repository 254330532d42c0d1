"""Skirmish: a tiny test-only game that exercises the whole engine contract.

Two sides move counters on a small hex board, attack with a die roll and hold a hidden hand of
order cards. It is registered only by the test suite (or by WARGAMES_PLUGINS=toygame:PLUGIN with
tests/support on PYTHONPATH, for demos).
"""

from pathlib import Path

from engine.core.game import GamePlugin
from toygame.rules import SkirmishRules

PLUGIN = GamePlugin(
    id="skirmish",
    title="Skirmish (test game)",
    rules=SkirmishRules(),
    side_names={"blue": "Blue", "red": "Red"},
    scenarios_dir=str(Path(__file__).parent / "scenarios"),
    default_scenario="basic.yaml",
    schemas="toygame.schema:SCHEMAS",
    ui="toygame.ui:create",
    reasons="toygame.reasons:REASONS",
    description="A four-counter test game: move, attack with a die, hidden order cards.",
)
