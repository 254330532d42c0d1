"""Games as tasks on an existing Ray cluster (`wargames simulate --cluster ADDRESS`; the optional
extra `wargames[cluster]`). Ray ships the matchups to its workers once (its object store) and
schedules one task per seed; the project adds no distribution of its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.lab.records import GameRecord, Matchup
from engine.lab.runner import Plan, Task
from engine.sim import play_game


class ClusterError(Exception):
    """Ray is missing or the cluster cannot be reached; the message says which."""


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ClusterError("--cluster needs Ray: pip install 'wargames[cluster]'") from None
    return ray


def _play(matchups: tuple[Matchup, ...], task: Task) -> GameRecord:
    index, seed = task
    return play_game(matchups[index], seed)


def run_on_ray(address: str, plan: Plan, progress: Callable[[int], None] | None,
               ) -> dict[Task, GameRecord]:
    """Play every task of `plan` on the Ray cluster at `address` (a session already started in
    this process with `ray.init()` is used as it is)."""
    ray = _ray()
    if not ray.is_initialized():
        try:
            ray.init(address=address, log_to_driver=False)
        except (ConnectionError, ValueError, RuntimeError) as err:
            raise ClusterError(f"cannot reach the Ray cluster at {address}: {err}") from None
    remote = ray.remote(_play)
    shared = ray.put(plan.matchups)
    pending = {remote.remote(shared, task): task for task in plan.tasks}
    found: dict[Task, GameRecord] = {}
    while pending:
        done, _ = ray.wait(list(pending), num_returns=1)
        for ref in done:
            found[pending.pop(ref)] = ray.get(ref)
        if progress:
            progress(len(found))
    return found
