"""The tree search of the Normal and Hard levels (engine.ai.tree, engine.ai.search) on a small
game made for it: a plan of two decisions in a row, which the heuristics get wrong."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from engine.ai.agent import Seat
from engine.ai.observation import observe
from engine.ai.policy import ranking
from engine.ai.search import Budget, Search, lead_in_errors, overrules
from engine.ai.tree import Answer, RootStats, Settings, merge
from engine.core.actions import Action, Event
from engine.core.dice import Dice
from engine.core.game import Decision, Result

LOCK = (2, 2)
"""The code that opens the lock: the side wins only by picking 2, then 2 again."""


@dataclass(frozen=True, slots=True)
class Pick(Action):
    digit: int

    def describe(self) -> str:
        return f"Pick {self.digit}"


@dataclass
class LockState:
    dice: Dice
    picks: list[int] = field(default_factory=list)
    guessed: bool = False
    turn: int = 1

    @property
    def decision(self) -> Decision:
        if len(self.picks) < 2:
            return Decision("opener", "pick", "Pick a digit")
        if not self.guessed:
            return Decision("guesser", "guess", "Guess")
        return Decision(None, "over", "Over")


class LockRules:
    """Two picks by the opener, then one answer of the guesser, who cannot change anything."""

    game_id = "lock"
    sides = ("opener", "guesser")

    def legal_actions(self, state: LockState) -> list[Action]:
        if self.result(state) is not None:
            return []
        return [Pick(d) for d in range(3)] if len(state.picks) < 2 else [Pick(0), Pick(1)]

    def apply(self, state: LockState, action: Action) -> list[Event]:
        assert isinstance(action, Pick)
        if len(state.picks) < 2:
            state.picks.append(action.digit)
        else:
            state.guessed = True
        return []

    def result(self, state: LockState) -> Result | None:
        if not state.guessed:
            return None
        return Result("opener" if tuple(state.picks) == LOCK else "guesser", "lock")

    def view(self, state: LockState, player: str | None) -> Any:
        return (tuple(state.picks), state.guessed)


class Zeroes:
    """Heuristics that always pick the lowest digit: they never open the lock."""

    def __init__(self, side: str, seed: int) -> None:
        self.side = side

    def choose(self, rules: Any, state: Any, legal: list[Action]) -> Action:
        return min(legal, key=lambda a: a.digit)  # type: ignore[attr-defined]

    def reseed(self, seed: int) -> None:
        pass


def no_clue(state: Any, side: str) -> float:
    return 0.5


RULES = LockRules()


def lock_search(iterations: int, seed: int = 3, trees: int = 2) -> Search:
    return Search(Zeroes, no_clue, "opener", seed, Budget(seconds=None, iterations=iterations,
                                                           trees=trees), Settings(horizon=4))


def first_decision() -> tuple[LockState, list[Action]]:
    state = LockState(Dice(1))
    return state, RULES.legal_actions(state)


def test_the_search_finds_a_plan_of_two_decisions_the_heuristics_miss() -> None:
    """Picking 2 first is worth nothing unless 2 follows: only a search over both decisions
    (the second one in the tree, not left to the heuristics) finds it."""
    state, legal = first_decision()
    search = lock_search(60)
    assert search.decide(observe(RULES, state, legal)) == Pick(2)
    assert search.switched == 1
    state.picks.append(2)
    follow = lock_search(60, seed=4)
    assert follow.decide(observe(RULES, state, RULES.legal_actions(state))) == Pick(2)


def test_a_tree_stops_when_the_iterations_left_cannot_change_its_choice() -> None:
    state, legal = first_decision()
    search = lock_search(400, trees=1)
    assert search.decide(observe(RULES, state, legal)) == Pick(2)
    best, second = search.last_values[:2]
    spent = search.simulations[0]
    assert spent < 400 and best.visits - second.visits > 400 - spent


def test_a_budget_of_one_iteration_plays_the_heuristics_answer() -> None:
    state, legal = first_decision()
    search = lock_search(1)
    assert search.decide(observe(RULES, state, legal)) == Pick(0)
    assert search.switched == 0 and search.simulations == [2]
    assert search.last_reason == "Pick 0: the heuristics' answer, kept by the search"


def test_the_same_seed_and_iterations_choose_the_same_with_the_same_values() -> None:
    state, legal = first_decision()
    runs = [lock_search(25, seed=9) for _ in range(2)]
    for run in runs:
        run.decide(observe(RULES, state, legal))
    assert runs[0].last_values == runs[1].last_values
    assert runs[0].last_detail == runs[1].last_detail


def test_the_detail_counts_the_simulations_and_the_answers_tried() -> None:
    state, legal = first_decision()
    search = lock_search(40, trees=1)
    search.decide(observe(RULES, state, legal))
    simulations = sum(a.visits for a in search.last_values)
    assert search.simulations == [simulations]
    assert search.last_detail.startswith(f"{simulations} simulations on 1 tree; about ")
    assert "2 other answers tried" in search.last_detail
    assert [a.visits for a in search.last_values] == sorted(
        (a.visits for a in search.last_values), reverse=True)
    assert all(0.0 <= a.mean <= 1.0 for a in search.last_values)


def test_one_other_answer_is_written_out_never_as_1_others() -> None:
    answers = [Answer(Pick(1), 5, 0.6, 1), Answer(Pick(0), 3, 0.4, 0), Answer(Pick(2), 0, 0, 2)]
    reason, detail = Search._explain(answers[0], answers[1], answers, 8, 2)
    assert detail.endswith("; one other answer tried") and "1 others" not in detail
    assert reason == "Pick 1: the search preferred it to Pick 0"


def test_with_no_time_left_the_heuristics_answer_is_played_without_statistics() -> None:
    state, legal = first_decision()
    search = Search(Zeroes, no_clue, "opener", 3, Budget(seconds=0.01, trees=1),
                    Settings(horizon=4))
    ticks = iter([0.0, 1.0, 1.0])  # a second gone before the search could begin
    search.clock = lambda: next(ticks)
    assert search.decide(observe(RULES, state, legal)) == Pick(0)
    assert search.simulations == [0] and search.last_detail == ""
    assert search.last_reason == "Pick 0: the heuristics' answer, no time left to search"


class UselessPicks(LockRules):
    """The lock where a first pick of 0 or 1 changes nothing (by `no_effect_reason`)."""

    def no_effect_reason(self, state: LockState, action: Action) -> str | None:
        if not state.picks and action != Pick(2):
            return "that digit does not turn the lock"
        return None


def test_a_root_left_with_one_useful_answer_plays_it_without_iterating() -> None:
    """The root keeps only its own answers: with a single useful one, no walk goes past it to
    bring the next decision's answers into the root (a bug once)."""
    rules = UselessPicks()
    state = LockState(Dice(1))
    search = lock_search(20)
    assert search.decide(observe(rules, state, rules.legal_actions(state))) == Pick(2)
    assert [a.action for a in search.last_values] == [Pick(2)]
    assert search.simulations == [0] and search.last_detail == ""
    assert search.last_reason == "Pick 2: the only answer that changes anything now"


def test_a_choice_of_the_tables_is_the_heuristics_not_searched() -> None:
    """Guerra's options (the rules' level, the players) are agreed at the table: a search
    that found another option better for its side would change the game being played."""
    state, legal = first_decision()
    search = lock_search(60)
    observation = replace(observe(RULES, state, legal), table=True)
    assert search.decide(observation) == Pick(0)
    assert search.simulations == [0] and search.switched == 0
    assert search.last_reason == "Pick 0: the heuristics' choice of the game's options"


def test_a_seat_copies_the_detail_and_the_values_and_a_lone_answer_has_none() -> None:
    state, legal = first_decision()
    seat = Seat(lock_search(10), "opener")
    seat.choose(RULES, state, legal)
    assert seat.last_detail and seat.last_values
    assert all(isinstance(a, Answer) for a in seat.last_values)
    seat.choose(RULES, state, [Pick(1)])
    assert seat.last_detail == "" and seat.last_values == ()


def test_the_roots_of_several_trees_merge_by_summing_visits_and_values() -> None:
    a = RootStats((Pick(0), Pick(1), Pick(2)), (3, 1, 0), (1.5, 1.0, 0.0), 4, (1.25, 1.0, 0.0))
    b = RootStats((Pick(0), Pick(2), Pick(1)), (2, 1, 4), (0.0, 1.0, 2.0), 7, (0.0, 1.0, 2.0))
    merged = merge([a, b])
    # ties of visits go to the answer ranked first
    assert [(m.action, m.visits, m.rank) for m in merged] == [
        (Pick(0), 5, 0), (Pick(1), 5, 1), (Pick(2), 1, 1)]
    assert merged[0].mean == pytest.approx(0.3) and merged[1].mean == pytest.approx(0.6)


def test_merged_roots_keep_the_spread_of_each_answers_values() -> None:
    # Pick(0) brought back 1, 0.5 and 0 in one tree and 0, 0 in the other
    a = RootStats((Pick(0), Pick(1)), (3, 1), (1.5, 1.0), 4, (1.25, 1.0))
    b = RootStats((Pick(0),), (2,), (0.0,), 2, (0.0,))
    merged = {m.action: m for m in merge([a, b])}
    # values 1, 0.5, 0, 0, 0: mean 0.3, sample variance (1.25 - 5 * 0.09) / 4 = 0.2
    assert merged[Pick(0)].deviation == pytest.approx(0.2 ** 0.5)
    assert merged[Pick(0)].error == pytest.approx((0.2 / 5) ** 0.5)
    assert merged[Pick(1)].deviation == 0.0  # one value has no spread


def test_a_lead_in_standard_errors_asks_less_of_a_lead_as_the_visits_grow() -> None:
    settings = Settings(overrule_z=2.0)
    few = (Answer(Pick(1), 100, 0.6, 1, 0.5), Answer(Pick(0), 100, 0.5, 0, 0.5))
    many = (Answer(Pick(1), 400, 0.6, 1, 0.5), Answer(Pick(0), 400, 0.5, 0, 0.5))
    # a lead of 0.1: 1.4 standard errors over 100 visits each, 2.8 over 400
    assert lead_in_errors(*few) == pytest.approx(0.1 / (2 * 0.05 ** 2) ** 0.5)
    assert not overrules(*few, settings) and overrules(*many, settings)
    assert overrules(*few, Settings(overrule_z=1.0))
    # the margin in the chance of winning still applies beside it
    assert not overrules(*many, Settings(overrule_z=2.0, overrule_margin=0.15))
    # no test at all by default
    assert overrules(*few, Settings())
    # values that never varied: any lead is infinitely many standard errors, no lead none
    assert overrules(Answer(Pick(1), 3, 1.0, 1), Answer(Pick(0), 3, 0.0, 0), settings)
    assert lead_in_errors(Answer(Pick(1), 3, 0.5, 1), Answer(Pick(0), 3, 0.5, 0)) == 0.0


class Ranked(Zeroes):
    def rank(self, rules: Any, state: Any, legal: list[Action]) -> list[Action]:
        return [Pick(1), Pick(7), Pick(1)]


def test_a_ranking_keeps_every_legal_answer_once_and_only_those() -> None:
    legal: list[Action] = [Pick(0), Pick(1), Pick(2)]
    ordered = ranking(Ranked("opener", 0), RULES, None, legal, random.Random(1))
    assert ordered[0] == Pick(1) and sorted(ordered, key=str) == sorted(legal, key=str)
    fallback = ranking(Zeroes("opener", 0), RULES, None, legal, random.Random(1))
    assert fallback[0] == Pick(0) and len(fallback) == 3


def test_a_budget_is_read_as_seconds_or_iterations() -> None:
    assert Budget.parse("2s") == Budget(seconds=2.0)
    assert Budget.parse("300i") == Budget(seconds=None, iterations=300)
    assert Budget.parse("300i", trees=1).trees == 1
    assert Budget(seconds=2.0).parallel and not Budget.parse("300i").parallel
    for bad in ("", "2", "xs", "0i", "-1s", "16r"):
        with pytest.raises(ValueError):
            Budget.parse(bad)


def test_a_margin_keeps_the_heuristics_answer_unless_the_search_leads_by_it() -> None:
    """The lock's plan wins every playout the tree finds it in: a margin below that lead
    still plays it, a margin no lead can reach keeps the heuristics' answer."""
    state, legal = first_decision()
    free = lock_search(60)
    assert free.decide(observe(RULES, state, legal)) == Pick(2)
    chosen, prior = free.last_values[0], min(free.last_values, key=lambda a: a.rank)
    lead = chosen.mean - prior.mean
    assert lead > 0.2
    for margin, expected in ((lead - 0.01, Pick(2)), (lead + 0.01, Pick(0))):
        search = lock_search(60)
        search.settings = replace(search.settings, overrule_margin=margin)
        assert search.decide(observe(RULES, state, legal)) == expected
        assert search.switched == (expected == Pick(2))


def test_paired_worlds_find_the_plan_and_give_each_root_answer_the_same_worlds() -> None:
    """With common random numbers at the root the search still finds the two-decision plan,
    the same way for the same seed, and the n-th visit of every root answer is played in the
    n-th world drawn."""
    state, legal = first_decision()
    found = []
    for _ in range(2):
        search = lock_search(150)
        search.settings = replace(search.settings, paired_worlds=True)
        found.append((search.decide(observe(RULES, state, legal)), search.last_values))
    assert found[0][0] == Pick(2) and found[0] == found[1]
    from engine.ai.tree import Job, Tree

    seen: dict[Action, list[int]] = {}

    class Recording(Tree):
        def walk(self, state, node, path, first=None):  # type: ignore[no-untyped-def]
            assert first is not None
            seen.setdefault(first.action, []).append(self.worlds[first.visits])
            return super().walk(state, node, path, first)

    observation = observe(RULES, state, legal)
    assert observation.sampler is not None
    job = Job(RULES, "opener", observation.sampler, tuple(legal), Zeroes, no_clue,
              Settings(horizon=4, paired_worlds=True), 5, 30, None)
    tree = Recording(job)
    tree.start(tree.sample())
    tree.grow()
    visited = [worlds for worlds in seen.values() if len(worlds) > 1]
    assert len(visited) >= 2
    shortest = min(len(w) for w in visited)
    assert all(w[:shortest] == visited[0][:shortest] for w in visited)
