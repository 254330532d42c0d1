"""Worker processes for root-parallel search: one tree a process, on every core.

The processes are started once, the first time a search with a time budget is built (`warm`),
and kept for every later decision of every seat; each leaves when its pipe closes (at the
latest when the program ends). Each is a fresh interpreter running this module (`python -m
engine.ai.workers FD FD`), never a fork, so a program holding threads (the game window)
forks nothing, and nothing of the program's own main script is run again in it.

A decision sends each worker one `Job` and waits, without holding the interpreter, until the
budget's end (a little after the trees' deadline) for the roots to come back; a worker that is
late, broken or gone is left out of that decision (and replaced before the next), and when none
answers the caller grows its trees itself, or plays the heuristics' answer when the time is
nearly gone (`run` returns None). What a job carries is small: the state's printed data (the
same for a whole game) goes to each worker once and is then named by a token, and the rules by
their game's id.
"""

from __future__ import annotations

import atexit
import contextlib
import io
import itertools
import os
import pickle
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection
from typing import Any

from engine.ai.tree import Job, RootStats, grow

_LOCK = threading.Lock()
_POOL: Pool | None = None
_UNAVAILABLE = False
"""Set once starting a worker process failed (a platform without them): not tried again."""


class _Shared:
    """Tokens for the large objects every job of a game shares (the printed data)."""

    def __init__(self) -> None:
        self.tokens: dict[int, int] = {}
        self.kept: dict[int, Any] = {}
        self.counter = itertools.count(1)

    def token(self, obj: Any) -> int:
        found = self.tokens.get(id(obj))
        if found is None:
            found = next(self.counter)
            self.tokens[id(obj)] = found
            self.kept[found] = obj  # kept alive, so its id is never reused
        return found


class _JobPickler(pickle.Pickler):
    """Pickles a job naming the shared data by token and the rules by game."""

    def __init__(self, file: io.BytesIO, shared: dict[int, int], rules: dict[int, str]) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.shared = shared
        self.rules = rules

    def persistent_id(self, obj: Any) -> Any:
        key = id(obj)
        if key in self.shared:
            return ("data", self.shared[key])
        if key in self.rules:
            return ("rules", self.rules[key])
        return None


class _JobUnpickler(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, shared: dict[int, Any]) -> None:
        super().__init__(file)
        self.shared = shared

    def persistent_load(self, pid: Any) -> Any:
        kind, key = pid
        if kind == "data":
            return self.shared[key]
        if kind == "rules":
            from engine.plugins import get as game_plugin

            return game_plugin(key).rules
        raise pickle.UnpicklingError(f"unknown shared object {pid!r}")


def serve(conn: Any) -> None:
    """A worker's loop: keep shared data, grow the trees asked for, answer with their roots."""
    shared: dict[int, Any] = {}
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        kind = message[0]
        if kind == "share":
            _, token, payload = message
            shared[token] = pickle.loads(payload)
        elif kind == "warm":
            import importlib

            for name in message[1]:
                importlib.import_module(name)
        elif kind == "ping":
            conn.send(("pong", message[1], None))
        elif kind == "job":
            _, number, payload = message
            try:
                job = _JobUnpickler(io.BytesIO(payload), shared).load()
                reply: tuple[Any, ...] = ("ok", number, grow(job))
            except Exception as err:  # a broken tree is reported; the decision goes on
                reply = ("error", number, f"{type(err).__name__}: {err}")
            try:
                conn.send(reply)
            except (EOFError, OSError):
                return


class _Link:
    """The parent's ends of a worker's two pipes, as one connection."""

    def __init__(self, reading: int, writing: int) -> None:
        self.reader = Connection(reading, writable=False)
        self.writer = Connection(writing, readable=False)

    def send(self, message: Any) -> None:
        self.writer.send(message)

    def recv(self) -> Any:
        return self.reader.recv()

    def poll(self, timeout: float) -> bool:
        return self.reader.poll(timeout)

    def close(self) -> None:
        self.writer.close()
        self.reader.close()


class _Worker:
    def __init__(self) -> None:
        to_child, from_parent = os.pipe()
        to_parent, from_child = os.pipe()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "engine.ai.workers", str(to_child), str(from_child)],
            pass_fds=(to_child, from_child), stdin=subprocess.DEVNULL,
            env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
        os.close(to_child)
        os.close(from_child)
        self.conn = _Link(to_parent, from_parent)
        self.tokens: set[int] = set()

    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self) -> None:
        with contextlib.suppress(EOFError, OSError):
            self.conn.send(None)
        self.conn.close()
        try:
            self.process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class Pool:
    """Worker processes, one per tree, reused decision after decision."""

    def __init__(self, size: int) -> None:
        self.workers = [_Worker() for _ in range(size)]
        self.shared = _Shared()
        self.numbers = itertools.count(1)
        self.warmed: set[str] = set()

    def grow_to(self, size: int) -> None:
        self.workers = [w for w in self.workers if w.alive()]
        while len(self.workers) < size:
            self.workers.append(_Worker())

    def warm(self, modules: Sequence[str]) -> None:
        """Have every worker import `modules` now, before its first job."""
        fresh = [m for m in modules if m not in self.warmed]
        if not fresh:
            return
        for worker in self.workers:
            try:
                worker.conn.send(("warm", fresh))
            except (EOFError, OSError):
                continue
        self.warmed.update(fresh)

    def ready(self, timeout: float) -> int:
        """How many workers answer a ping within `timeout` seconds (those still importing
        answer once they are done)."""
        limit = time.monotonic() + timeout
        number = next(self.numbers)
        waiting = []
        for worker in self.workers:
            with contextlib.suppress(EOFError, OSError):
                worker.conn.send(("ping", number))
                waiting.append(worker)
        answered = 0
        for worker in waiting:
            while True:
                wait = limit - time.monotonic()
                try:
                    if wait <= 0 or not worker.conn.poll(wait):
                        break
                    kind, got, _ = worker.conn.recv()
                except (EOFError, OSError):
                    break
                if kind == "pong" and got == number:
                    answered += 1
                    break
        return answered

    def run(self, jobs: Sequence[Job], deadline: float,
            meanwhile: Callable[[], None] | None = None) -> list[RootStats] | None:
        """Each job to a worker; the roots that came back by `deadline` (time.monotonic).
        `meanwhile` runs here once the jobs are sent."""
        self.grow_to(len(jobs))
        sent: list[tuple[_Worker, int]] = []
        for worker, job in zip(self.workers, jobs, strict=False):
            number = next(self.numbers)
            try:
                self._send(worker, job, number)
            except (EOFError, OSError, pickle.PicklingError, TypeError, AttributeError):
                continue
            sent.append((worker, number))
        if meanwhile is not None:
            meanwhile()
        found: list[RootStats] = []
        for worker, number in sent:
            stats = self._receive(worker, number, deadline)
            if stats is not None:
                found.append(stats)
        return found or None

    def _send(self, worker: _Worker, job: Job, number: int) -> None:
        data = getattr(getattr(job.sampler, "base", None), "data", None)
        if data is not None:
            token = self.shared.token(data)
            if token not in worker.tokens:
                worker.conn.send(("share", token, pickle.dumps(data,
                                                               pickle.HIGHEST_PROTOCOL)))
                worker.tokens.add(token)
        shared = {id(obj): token for token, obj in self.shared.kept.items()}
        rules = {id(job.rules): job.rules.game_id}
        buffer = io.BytesIO()
        _JobPickler(buffer, shared, rules).dump(job)
        worker.conn.send(("job", number, buffer.getvalue()))

    def _receive(self, worker: _Worker, number: int, deadline: float) -> RootStats | None:
        """The worker's root for job `number`, or None if it does not come by `deadline` (a
        worker still starting, its imports not done, misses its first decisions; a late root
        of an earlier job is read and dropped)."""
        limit = deadline
        while True:
            wait = limit - time.monotonic()
            try:
                if wait <= 0 or not worker.conn.poll(wait):
                    return None
                kind, answered, payload = worker.conn.recv()
            except (EOFError, OSError):
                return None
            if answered != number:
                continue
            return payload if kind == "ok" else None

    def close(self) -> None:
        for worker in self.workers:
            worker.stop()
        self.workers = []


def warm(size: int, modules: Sequence[str] = ()) -> bool:
    """Start the pool (`size` workers) if it is not running, so the first decision does not
    wait for the workers' imports. False when no worker process can be started here (the
    searches then grow their trees in the caller)."""
    global _POOL, _UNAVAILABLE
    with _LOCK:
        if _UNAVAILABLE:
            return False
        try:
            if _POOL is None:
                _POOL = Pool(size)
                atexit.register(shutdown)
            else:
                _POOL.grow_to(size)
        except (OSError, ValueError, subprocess.SubprocessError):
            _UNAVAILABLE = True
            return False
        if modules:
            _POOL.warm(modules)
        return True


def ready(size: int, timeout: float = 30.0) -> int:
    """Start the pool if need be and wait until its workers answer (at most `timeout`
    seconds): how many did. For measurements whose first decision should not find the
    workers still starting."""
    if not warm(size):
        return 0
    with _LOCK:
        return _POOL.ready(timeout) if _POOL is not None else 0


def run(jobs: Sequence[Job], deadline: float,
        meanwhile: Callable[[], None] | None = None) -> list[RootStats] | None:
    """Grow each job's tree in a worker; the roots that came back by the deadline, or None
    when none did (the caller then grows its trees itself). `meanwhile` runs in the caller
    while the workers think (it runs whether or not they can)."""
    if not warm(len(jobs)):
        if meanwhile is not None:
            meanwhile()
        return None
    with _LOCK:
        if _POOL is None:
            return None
        return _POOL.run(jobs, deadline, meanwhile)


def shutdown() -> None:
    """Stop the workers (at exit; tests)."""
    global _POOL
    with _LOCK:
        if _POOL is not None:
            _POOL.close()
            _POOL = None


def main(argv: Sequence[str]) -> int:
    """A worker process: its two pipe ends are given by number."""
    reading, writing = (int(fd) for fd in argv)
    link = _Link(reading, writing)
    try:
        serve(link)
    finally:
        link.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
