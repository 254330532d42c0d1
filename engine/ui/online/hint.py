"""The hint at an online seat ("What would the computer do?", H): asked of the server, whose
Normal level thinks on the seat's own observation (`engine.net.host.GameHost.suggest`); the
request waits on a worker thread, so the window keeps drawing and the game's pushes keep
coming while the server thinks. The answer is marked on the board and told in the prompt, as
at one screen (`engine.ui.screen.hint`), until the game moves on."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor

from engine.core.actions import Action
from engine.net.door import DoorError
from engine.net.remote import Advice
from engine.ui.screen.hint import hint_note


class OnlineAdvisor:
    """The hint of one online seat: asked at a revision, answered by the server."""

    def __init__(self, ask: Callable[[int], Advice]) -> None:
        self._ask = ask
        """The door's `hint` (a remote door's: it waits for the server)."""
        self.seq: int | None = None
        self.started = 0.0
        self.action: Action | None = None
        self.line = ""
        self.level = ""
        self.failed = ""
        self.marks: frozenset[str] = frozenset()
        self._future: Future[Advice] | None = None
        self._executor: ThreadPoolExecutor | None = None

    @property
    def thinking(self) -> bool:
        return self._future is not None and self.action is None and not self.failed

    def seconds(self) -> float:
        return time.monotonic() - self.started

    def ask(self, seq: int) -> None:
        """Ask the server for revision `seq` (a hint already asked there is kept)."""
        if self.seq == seq and (self.thinking or self.action is not None):
            return
        self.clear()
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hint")
        self.seq, self.started = seq, time.monotonic()
        self._future = self._executor.submit(self._ask, seq)

    def settle(self, targets: Callable[[Action], Sequence[str]] | None) -> bool:
        """Once the server has answered: the action, its words and its marks, or why there
        is none (True when this call found them)."""
        future = self._future
        if future is None or not self.thinking or not future.done():
            return False
        try:
            advice = future.result()
        except DoorError as err:
            self.failed = f"No hint: {err}."
            return True
        except Exception:  # a request that breaks gives no hint, never a crash
            self.failed = "No hint: the server did not answer."
            return True
        if advice.seq != self.seq:
            self.failed = "No hint: the game moved on; ask again."
            return True
        self.action, self.line, self.level = advice.action, advice.line, advice.level
        self.marks = frozenset(targets(advice.action)) if targets is not None else frozenset()
        return True

    def stale(self, seq: int | None) -> bool:
        """Whether the hint is for another revision than `seq` (None: not this seat's turn)."""
        return self.seq is not None and self.seq != seq

    def note(self, note: str) -> str:
        """The prompt's note while the hint thinks or once it is told (`hint_note`)."""
        return hint_note(note, self.thinking, self.seconds(),
                         self.line if self.action is not None else None, self.level,
                         self.failed)

    def clear(self) -> None:
        if self._future is not None:
            self._future.cancel()
        self._future, self.seq, self.action = None, None, None
        self.line = self.level = self.failed = ""
        self.marks = frozenset()

    def close(self) -> None:
        self.clear()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
