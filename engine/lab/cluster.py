"""Games as tasks on an existing Ray cluster (`wargames simulate --cluster ADDRESS`; the optional
extra `wargames[cluster]`). Ray ships the matchups to its workers once (its object store) and
schedules one task per seed; the project adds no distribution of its own."""

from __future__ import annotations

import socket
from collections.abc import Callable
from typing import Any, Final

from engine.lab.records import GameRecord, Matchup, Plan, Task
from engine.sim import play_game

CONNECT_TIMEOUT: Final = 5.0
"""Seconds to wait for the cluster's head to answer before saying it cannot be reached."""


class ClusterError(Exception):
    """Ray is missing or the cluster cannot be reached; the message says which."""


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ClusterError("--cluster needs Ray: pip install 'wargames[cluster]'") from None
    return ray


def unreachable(address: str, timeout: float = CONNECT_TIMEOUT) -> str:
    """Why nothing answers at a `host:port` (or `ray://host:port`) address, "" when something
    does or the address is another form ("auto"). Ray itself retries a wrong address for
    minutes, printing its own warnings, so the head is tried once here first."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not host or not port.isdigit():
        return ""
    try:
        with socket.create_connection((host, int(port)), timeout=timeout):
            return ""
    except OSError as err:
        return (err.strerror or type(err).__name__).lower()


def _play(matchups: tuple[Matchup, ...], task: Task) -> GameRecord:
    index, seed = task
    return play_game(matchups[index], seed)


def run_on_ray(address: str, plan: Plan, progress: Callable[[int], None] | None,
               ) -> dict[Task, GameRecord]:
    """Play every task of `plan` on the Ray cluster at `address` (a session already started in
    this process with `ray.init()` is used as it is)."""
    ray = _ray()
    if not ray.is_initialized():
        refused = unreachable(address)
        if refused:
            raise ClusterError(f"cannot reach the Ray cluster at {address}: {refused}")
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
