"""tools/ai_value_fit.py: the samples of a game's evaluation features, for the evaluation in
use and for another set of features of the same game (`--game baler-rich`)."""

from __future__ import annotations

from tooling import load_tool

from baler.ai import value
from engine import plugins
from engine.loading import load_game_scenario


def test_a_second_set_of_features_is_sampled_from_the_same_game() -> None:
    tool = load_tool("ai_value_fit")
    plain = tool.game_samples(("baler", 3))
    rich = tool.game_samples(("baler-rich", 3))
    # the same Easy game, sampled at the same actions, with the richer features
    assert plain and len(rich) == len(plain)
    start = plugins.get("baler").rules.new_game(
        load_game_scenario(plugins.get("baler"), None), 1)
    assert len(rich[0][2]) == len(value.rich_features(start))
    assert len(plain[0][2]) == len(value.features(start))
    assert [r[:2] for r in rich] == [p[:2] for p in plain]
    assert [r[4] for r in rich] == [p[4] for p in plain]
    # what the plain features read comes first among the richer ones
    assert [r[2][:len(p[2])] for r, p in zip(rich, plain, strict=True)] == [p[2] for p in plain]
