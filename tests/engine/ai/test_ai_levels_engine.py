"""The engine's side of the computer opponents: budgets, level names, the sampling helpers and
the adapter that plays a lone answer at once."""

from __future__ import annotations

import random

import pytest

from baler import PLUGIN as BALER
from engine.ai import registry
from engine.ai.agent import Seat
from engine.ai.observation import Observation
from engine.ai.search import squash, terminal_value
from engine.core.actions import Action
from engine.core.game import Result
from engine.core.sampling import redeal, reshuffle
from filipinas import PLUGIN as FILIPINAS


def test_level_names_aliases_and_the_default() -> None:
    assert registry.levels(FILIPINAS) == ("easy", "normal", "hard", "bot", "random")
    assert registry.levels(BALER) == ("easy", "normal", "hard", "random")
    assert registry.resolve(BALER, "ai") == "easy"
    assert registry.resolve(BALER, "computer") == "normal"
    assert registry.resolve(BALER, "computer:Easy") == "easy"
    assert registry.resolve(BALER, "random") == "random"
    assert registry.resolve(BALER, "Hard") == "hard"
    with pytest.raises(registry.UnknownLevel, match="known: easy, normal, hard, random"):
        registry.resolve(BALER, "genius")
    assert registry.player_level("human") is None
    assert registry.player_level("computer:normal") == "computer:normal"


def test_a_reshuffle_depends_only_on_which_items_there_are() -> None:
    a, b = ["c", "a", "b", "d"], ["d", "b", "a", "c"]
    reshuffle(a, random.Random(4))
    reshuffle(b, random.Random(4))
    assert a == b and sorted(a) == ["a", "b", "c", "d"]


def test_a_redeal_keeps_every_pile_size() -> None:
    hand, deck = ["x", "y"], ["a", "b", "c"]
    redeal([hand, deck], random.Random(2))
    assert len(hand) == 2 and len(deck) == 3
    assert sorted(hand + deck) == ["a", "b", "c", "x", "y"]


class Refuses:
    last_reason = ""

    def decide(self, observation: Observation) -> Action:
        raise AssertionError("a lone answer needs no thinking")


def test_a_lone_answer_is_played_without_asking_the_level() -> None:
    only = Action()
    seat = Seat(Refuses(), "spanish")
    assert seat.choose(BALER.rules, None, [only]) is only
    assert "only answer" in seat.last_reason


def test_the_values_of_an_ended_game_and_of_a_lead() -> None:
    assert terminal_value(Result("spanish", ""), "spanish") == 1.0
    assert terminal_value(Result("spanish", ""), "philippine") == 0.0
    assert terminal_value(Result(None, ""), "spanish") == 0.5
    assert squash(0.0, 5.0) == 0.5 and squash(10.0, 5.0) > 0.85


def test_the_wilson_interval_and_percentiles() -> None:
    from engine.ai.stats import percentile, wilson

    low, high = wilson(8, 10)
    assert 0.490 < low < 0.491 and 0.943 < high < 0.944
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] > 0.9999
    assert percentile([3.0, 1.0, 2.0, 4.0], 0.5) == 2.0
    assert percentile([3.0, 1.0, 2.0, 4.0], 0.95) == 4.0


def test_hard_is_the_search_at_8_seconds_and_normal_at_2_on_both_cores() -> None:
    from engine.ai.search import HARD, LEVELS, NORMAL, Budget, Search

    assert Budget(seconds=2.0, trees=2) == NORMAL and Budget(seconds=8.0, trees=2) == HARD
    assert LEVELS == {"normal": NORMAL, "hard": HARD}
    for plugin in (BALER, FILIPINAS):
        seat = registry.make_agent(plugin, "hard", plugin.sides[0], 1,
                                   Budget(seconds=None, iterations=1))
        assert isinstance(seat, Seat) and isinstance(seat.decider, Search)
        assert seat.decider.level == "hard"
        assert seat.decider.budget == Budget(seconds=None, iterations=1)
