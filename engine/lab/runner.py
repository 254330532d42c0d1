"""Running many seeds: in this process, in worker processes, or on a Ray cluster.

Each game depends only on its matchup and its seed (the dice and every agent are seeded from
it), and the records come back sorted by seed, so the same seeds give the same records whatever
the number of workers or where they ran.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

from engine.lab.cluster import run_on_ray
from engine.lab.records import GameRecord, Matchup, Task
from engine.lab.records import Plan as Plan  # where the command line and tests look for it
from engine.sim import play_game


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def run(plan: Plan, jobs: int = 1, cluster: str | None = None,
        progress: Callable[[int], None] | None = None) -> list[list[GameRecord]]:
    """The records of every matchup, in seed order. `jobs` > 1 plays in that many worker
    processes; `cluster` (a Ray address) plays on a Ray cluster instead."""
    if cluster is not None:
        found = run_on_ray(cluster, plan, progress)
    elif jobs > 1 and len(plan.tasks) > 1:
        found = _run_in_processes(plan, jobs, progress)
    else:
        found = {}
        for n, (i, seed) in enumerate(plan.tasks, 1):
            found[(i, seed)] = play_game(plan.matchups[i], seed)
            if progress:
                progress(n)
    return [[found[(i, seed)] for seed in plan.seeds] for i in range(len(plan.matchups))]


_MATCHUPS: tuple[Matchup, ...] = ()


def _install(matchups: tuple[Matchup, ...]) -> None:
    """Worker start-up: keep the matchups so each task sends only two integers."""
    global _MATCHUPS
    _MATCHUPS = matchups


def _play(task: Task) -> GameRecord:
    index, seed = task
    return play_game(_MATCHUPS[index], seed)


def _run_in_processes(plan: Plan, jobs: int, progress: Callable[[int], None] | None,
                      ) -> dict[Task, GameRecord]:
    tasks = plan.tasks
    found: dict[Task, GameRecord] = {}
    with ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), initializer=_install,
                             initargs=(plan.matchups,)) as pool:
        pending: dict[Future[GameRecord], Task] = {pool.submit(_play, t): t for t in tasks}
        try:
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    found[pending.pop(future)] = future.result()
                if progress:
                    progress(len(found))
        except BaseException:
            # Ctrl-C or a worker that died: do not leave the other games running
            pool.shutdown(wait=False, cancel_futures=True)
            raise
    return found
