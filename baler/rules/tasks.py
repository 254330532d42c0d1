"""The machinery of the state machine (DESIGN.md §2): a stack of procedures ("tasks").

Each task is one procedure of the rulebook in progress (a phase, a shooting, a movement...). The
top task either runs automatic steps (rolling dice, moving counters, pushing sub-procedures,
popping itself when finished) or names the decision it waits for. `settle` runs tasks until a
decision is needed, so `apply` always returns with a real decision pending. Tasks keep only JSON
values and their own step number, so a state copies and hashes like plain data.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from baler.rules.state import BalerState, Side
from baler.rules.state import Task as Task  # the base of procedures lives with the stack
from engine.core.actions import DiceRolled, Event, Message, PieceMoved
from engine.core.game import Decision

SETTLE_LIMIT = 200_000


@dataclass(frozen=True, slots=True)
class TrackChanged(Event):
    """A supply, morale or victory-point track moved."""

    side: str = ""
    track: str = ""
    value: int = 0


@dataclass(frozen=True, slots=True)
class WallsChanged(Event):
    area: str = ""
    condition: str = ""


def settle(st: BalerState, ev: list[Event]) -> None:
    """Run tasks until one waits for a decision or the game is over."""
    for _ in range(SETTLE_LIMIT):
        if st.outcome is not None:
            st.stack.clear()
            return
        decision = st.stack[-1].run(st, ev)
        if decision is not None:
            st.pending = decision
            return
    raise RuntimeError("the rules did not reach a decision")


def pop(st: BalerState, task: Task) -> None:
    """Remove `task`, which must be on top of the stack."""
    assert st.stack and st.stack[-1] is task, "only the running task may finish"
    st.stack.pop()


def push(st: BalerState, *tasks: Task) -> None:
    """Push tasks to run in the given order (the first listed runs first)."""
    st.stack.extend(reversed(tasks))


def decide(player: Side, kind: str, prompt: str, section: str, private: bool = False) -> Decision:
    return Decision(player.value, kind, prompt, section, private)


# --- logging helpers -----------------------------------------------------------------------


def roll(st: BalerState, n: int, purpose: str, who: str, ev: list[Event]) -> list[int]:
    """Roll `n` d6 through the game's dice and log them."""
    if n <= 0:
        return []
    values = st.dice.roll(n, purpose=purpose)
    shown = ", ".join(str(v) for v in values)
    ev.append(DiceRolled(f"{who} rolls {shown} ({purpose})", values=values, purpose=purpose))
    return list(values)


def say(ev: list[Event], text: str, visible_to: Iterable[str] | None = None) -> None:
    ev.append(Message(text, visible_to=None if visible_to is None else frozenset(visible_to)))


def moved(st: BalerState, unit: str, dest: str, ev: list[Event], why: str = "") -> None:
    """Move a counter and log it."""
    src = st.place(unit, dest)
    text = f"{st.name(unit)}: {st.name(src)} → {st.name(dest)}"
    ev.append(PieceMoved(f"{text} ({why})" if why else text, piece=unit, src=src, dst=dest))


def supply_change(st: BalerState, side: Side, delta: int, ev: list[Event], why: str) -> None:
    """Move `side`'s supply track by `delta` (within its bounds) and log it."""
    st.change_supply(side, delta)
    _track_logged(side, "supply", delta, st.supply[side], ev, why)


def morale_change(st: BalerState, side: Side, delta: int, ev: list[Event], why: str) -> None:
    """Move `side`'s morale track by `delta` (within its bounds) and log it."""
    st.change_morale(side, delta)
    _track_logged(side, "morale", delta, st.morale[side], ev, why)


def _track_logged(
    side: Side, track: str, delta: int, value: int, ev: list[Event], why: str
) -> None:
    ev.append(
        TrackChanged(
            f"{side.label} {track} {'+' if delta >= 0 else ''}{delta} → {value} ({why})",
            side=side.value,
            track=track,
            value=value,
        )
    )


def score(
    st: BalerState, side: Side, points: int, ev: list[Event], why: str, cause: str
) -> None:
    """Score `points` for `why`; `cause` is the line of the final score breakdown it adds to
    (one of state.VP_CAUSES)."""
    if points <= 0:
        return
    st.score(side, points, cause)
    ev.append(
        TrackChanged(
            f"{side.label} side scores {points} VP ({why}) → {st.vp[side]}",
            side=side.value,
            track="vp",
            value=st.vp[side],
        )
    )
