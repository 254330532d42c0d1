"""Root-parallel search in worker processes (engine.ai.workers): started once, reused, and
the roots they send back merged like the trees grown in the caller."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from baler_hidden import position

from baler import PLUGIN
from baler.ai import BalerAgent
from baler.ai.value import evaluate
from engine.ai import workers
from engine.ai.observation import observe
from engine.ai.search import Budget, Search
from engine.ai.tree import Job, Settings, grow
from engine.loading import load_game_scenario

RULES = PLUGIN.rules


@pytest.fixture
def pool() -> Iterator[None]:
    workers.shutdown()
    yield
    workers.shutdown()


def jobs(seconds: float, iterations: int | None = None) -> list[Job]:
    st = position(RULES, load_game_scenario(PLUGIN), 3, 40).state
    observation = observe(RULES, st, RULES.legal_actions(st))
    assert observation.sampler is not None
    deadline = time.monotonic() + seconds
    return [Job(RULES, st.decision.player, observation.sampler, observation.legal, BalerAgent,
                evaluate, Settings(horizon=4), seed, iterations, deadline) for seed in (1, 2)]


def test_the_workers_grow_the_trees_a_caller_would_and_are_kept_for_the_next_decision(
        pool: None) -> None:
    """With iterations as the budget (and a deadline far off) a worker's root is the very root
    the caller would grow; the same processes answer the next decision."""
    workers.warm(2)
    # the workers import the game on their first job: a generous deadline for it
    found = workers.run(jobs(60.0, iterations=3), deadline=time.monotonic() + 60.0)
    assert found is not None and len(found) == 2
    assert found == [grow(job) for job in jobs(60.0, iterations=3)]
    pool_before = workers._POOL
    assert pool_before is not None
    pids = [w.process.pid for w in pool_before.workers]
    again = workers.run(jobs(60.0, iterations=2), deadline=time.monotonic() + 60.0)
    assert again is not None and [s.iterations for s in again] == [2, 2]
    assert workers._POOL is pool_before and [w.process.pid for w in pool_before.workers] == pids


def test_the_workers_answer_when_they_are_ready(pool: None) -> None:
    assert workers.ready(2, timeout=60.0) == 2


def test_a_worker_that_is_gone_is_left_out_and_replaced(pool: None) -> None:
    workers.warm(2)
    assert workers._POOL is not None
    gone = workers._POOL.workers[0]
    gone.process.kill()
    gone.process.wait()
    found = workers.run(jobs(60.0, iterations=2), deadline=time.monotonic() + 60.0)
    assert found is not None and len(found) >= 1
    found = workers.run(jobs(60.0, iterations=2), deadline=time.monotonic() + 60.0)
    assert found is not None and len(found) == 2
    assert gone not in workers._POOL.workers


def test_where_no_worker_can_start_the_search_grows_its_trees_itself(
        pool: None, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError("no processes here")

    monkeypatch.setattr(workers.subprocess, "Popen", refuse)
    monkeypatch.setattr(workers, "_UNAVAILABLE", False)
    assert workers.warm(2) is False
    assert workers.run(jobs(60.0, iterations=1), deadline=time.monotonic() + 60.0) is None
    st = position(RULES, load_game_scenario(PLUGIN), 3, 40).state
    search = Search(BalerAgent, evaluate, st.decision.player, 1, Budget(seconds=0.5),
                    Settings(horizon=2))
    action = search.decide(observe(RULES, st, RULES.legal_actions(st)))
    assert action in RULES.legal_actions(st) and search.simulations[0] >= 1
