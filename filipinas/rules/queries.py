"""Read-only questions the screen asks of a position: what each action of the round costs,
who controls each Province, and what the pending decision is about. Everything here is public
information (DESIGN.md §3): no hand, no deck order."""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from filipinas.rules import actions as A
from filipinas.rules.board import control
from filipinas.rules.legal import legal_actions
from filipinas.rules.sequence import base_cost, cost
from filipinas.rules.state import FilState


def action_costs(state: FilState) -> dict[Action, tuple[int, int]]:
    """(AP to pay, of which the Coordinated Action surcharge) for each legal action of the
    round that costs AP (5.2, 5.2.2.1). Cards and the two-card trade are free and left out, so
    the answer never names a card in hand."""
    if state.pending or state.outcome is not None or state.decision.kind != "round":
        return {}
    side = state.active
    out: dict[Action, tuple[int, int]] = {}
    for action in legal_actions(state):
        if isinstance(action, A.PlayCard | A.TradeCards | A.EndRound):
            continue
        total = cost(state, side, action)
        out[action] = (total, total - base_cost(state, side, action)[0])
    return out


def control_map(state: FilState) -> dict[str, str]:
    """"spain", "filipino" or "partial" for every Province (5.1.2)."""
    return {p: control(state, p) for p in state.data.provinces}


def prompt_info(state: FilState) -> dict[str, Any] | None:
    """What the decision waiting on top of the round is about: its kind, who answers, the card
    just played (cancel window), the action answered (response window), the counters and the
    city or space concerned. None during an ordinary round."""
    if not state.pending or state.outcome is not None:
        return None
    p = state.pending[-1]
    return {"kind": p.kind.value, "player": p.player, "card": p.card, "action": p.action,
            "units": list(p.units), "targets": list(p.targets), "leader": p.leader,
            "city": p.city}
