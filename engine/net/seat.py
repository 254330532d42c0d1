"""What one seat may be told about a session, computed the same way for a local door and for
the server (DESIGN.md §3, §9): the view the rules give that seat, the events it may see, the
decision with a private prompt withheld from the others, the answers when it decides, and the
undo barrier.

`snapshot` puts all of it in one JSON-ready object; the server sends nothing about a game but
snapshots and the entries of `encode_entries`, so what a client can learn is exactly what these
functions hand out (tests/engine/net/test_no_leak.py checks it against redrawn hidden
information).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.core.actions import Action
from engine.core.game import Decision
from engine.core.session import Session
from engine.net.door import Answers, SeatEntry
from engine.net.wire import (
    action_json,
    encode_decision,
    encode_event,
    encode_result,
    encode_value,
)


def seat_entries(session: Session, seat: str | None, since: int = 0,
                 reasons: Mapping[int, tuple[str, str]] | None = None) -> list[SeatEntry]:
    """The actions from `since` on, each with the events `seat` may see and the computer's
    reason for it from `reasons` (index -> line and detail: written for the whole table,
    engine.ai.reasons). Whether undo stops before an action is said by the events the seat
    sees (or, for its own action, by all of them: it may know what its own action did)."""
    out = []
    told = reasons or {}
    for entry in session.history[since:]:
        events = tuple(e for e in entry.events if e.visible(seat))
        barrier = entry.barrier if seat is not None and entry.player == seat \
            else any(e.barrier for e in events)
        line, detail = told.get(entry.index, ("", ""))
        out.append(SeatEntry(entry.index, entry.player, entry.turn, barrier, events, line,
                             detail))
    return out


def seat_decision(decision: Decision, seat: str | None) -> Decision:
    """The decision as `seat` may read it: another side's private prompt is withheld."""
    if decision.private and decision.player != seat and decision.prompt:
        return Decision(decision.player, decision.kind, "", decision.section,
                        decision.private, decision.table)
    return decision


def _extra(rules: Any, name: str) -> Any:
    found = getattr(rules, name, None)
    return found if callable(found) else None


def answerer(session: Session, humans: Iterable[str], host: str | None) -> str | None:
    """The seat that answers the decision now: the deciding side, or for a choice the table
    makes together (`Decision.table`) whose side no person plays, the host's seat."""
    decision = session.state.decision
    if decision.player is None or session.result() is not None:
        return None
    if decision.table and decision.player not in set(humans) and host is not None:
        return host
    return str(decision.player)


def seat_answers(session: Session, seat: str | None, answering: str | None) -> Answers | None:
    """The answers of `seat` when it is the one `answering` now (None otherwise)."""
    state = session.state
    if seat is None or answering != seat:
        return None
    rules = session.rules
    legal = session.legal_actions()
    if not legal:
        return None
    listed = set(legal)

    def kept(actions: Iterable[Action] | None) -> tuple[Action, ...]:
        return tuple(a for a in actions or () if a in listed)

    default_of = _extra(rules, "reaction_default")
    default = default_of(state) if default_of is not None else None
    default = default if default in listed else None
    usable: tuple[Action, ...] = ()
    better: tuple[Action, ...] = ()
    if default is not None:
        usable_of = _extra(rules, "usable_reactions")
        usable = kept(usable_of(state)) if usable_of is not None \
            else tuple(a for a in legal if a != default and not a.concession)
        better_of = _extra(rules, "better_reactions")
        better = kept(better_of(state)) if better_of is not None else ()
        usable = tuple(a for a in usable if a != default)
        better = tuple(a for a in better if a != default)
    forced_of = _extra(rules, "forced_answer")
    forced = forced_of(state) if forced_of is not None else None
    return Answers(tuple(legal), default, usable, better,
                   forced if forced in listed else None, holds_secrets(session, seat))


def rolls_on(rules: Any, probe: Any, action: Action) -> bool:
    """Whether applying `action` to `probe` (a copy, changed by this) draws from its dice; an
    action the copy refuses draws nothing."""
    before = len(probe.dice.log)
    try:
        rules.apply(probe, action)
    except Exception:  # refused on the copy (or the copy's redrawn world): nothing is said
        return False
    return len(probe.dice.log) > before


def holds_secrets(session: Session, seat: str) -> bool:
    holds = _extra(session.rules, "holds_secrets")
    return True if holds is None else bool(holds(session.state, seat))


def can_undo(session: Session, seat: str | None) -> bool:
    """The barrier of one screen for `seat`: its own last action, nothing rolled, drawn or
    revealed in it, and still its decision (no other side asked anything since)."""
    if seat is None or session.state.decision.player != seat:
        return False
    return session.can_undo(seat)


def undo_refusal(session: Session, seat: str | None) -> str:
    if not session.history:
        return "Nothing to undo."
    if seat is None or session.state.decision.player != seat:
        return "The other side has seen that action; it can no longer be taken back."
    return session.undo_barrier_reason()


# --- JSON ----------------------------------------------------------------------------------------


def encode_entries(entries: Iterable[SeatEntry]) -> list[dict[str, Any]]:
    out = []
    for e in entries:
        item: dict[str, Any] = {"i": e.index, "p": e.player, "t": e.turn, "b": e.barrier,
                                "e": [encode_event(ev) for ev in e.events]}
        if e.reason:
            item["r"] = {"line": e.reason, "detail": e.reason_detail}
        out.append(item)
    return out


def encode_answers(answers: Answers | None) -> dict[str, Any] | None:
    if answers is None:
        return None

    def acts(actions: Iterable[Action]) -> list[dict[str, Any]]:
        return [action_json(a) for a in actions]

    return {"legal": acts(answers.legal),
            "default": None if answers.default is None else action_json(answers.default),
            "usable": acts(answers.usable), "better": acts(answers.better),
            "forced": None if answers.forced is None else action_json(answers.forced),
            "secrets": answers.holds_secrets}


def snapshot(session: Session, seat: str | None, answering: str | None, *,
             can_redo: bool = False) -> dict[str, Any]:
    """Everything `seat` may be told about the game now, but its log: the length, its view,
    the decision, its answers when it is the one `answering`, the undo barrier and the
    result."""
    state = session.state
    return {
        "length": len(session.history),
        "view": encode_value(session.rules.view(state, seat)),
        "decision": encode_decision(seat_decision(state.decision, seat)),
        "answers": encode_answers(seat_answers(session, seat, answering)),
        "undo": can_undo(session, seat),
        "undo_refusal": undo_refusal(session, seat),
        "redo": can_redo and session.state.decision.player == seat,
        "result": encode_result(session.result()),
        "turn": state.turn,
    }
