"""What each player may see (DESIGN.md §3): hands, a face-down initiative card, a drawn Fog of
War card and bag contents only for their owner."""

from __future__ import annotations

from typing import Any

from baler.rules.actionphase import TRENCH_ACTIONS, ActionPhaseTask, category
from baler.rules.actions import TakeAction
from baler.rules.dicepool import dice_in_play
from baler.rules.noeffect import no_effect_reason
from baler.rules.refusals import refuse
from baler.rules.state import BAGS, SIDES, WALLS, BalerState, Side


def _side_name(side: Side | None) -> str | None:
    return side.value if side is not None else None


ACTION_NAMES = (
    "attack-shooting", "movement", "surveillance", "supply", "repair", "expand-infirmary",
    "heal-one", "uss-yorktown", "raise-morale", "trench-1", "trench-2", "persistence",
)


def action_points(st: BalerState) -> dict[str, Any] | None:
    """The action phase in progress: whose, the action points left, the uses of each action so
    far and what each action (by `actionphase.category`) costs now, None when no longer allowed
    (rulebook "Action phase", "Action types")."""
    for task in reversed(st.stack):
        if isinstance(task, ActionPhaseTask) and task.step:
            costs = {category(n): task.cost(st, n) for n in ACTION_NAMES}
            return {"side": task.side, "ap": task.ap, "uses": dict(task.uses), "costs": costs}
    return None


AREA_ACTIONS = {
    Side.SPANISH: ("attack-shooting", "attack-incursion", "surveillance", "repair"),
    Side.PHILIPPINE: ("attack-shooting", "attack-incursion", "attack-artillery", "surveillance"),
}


def area_refusals(st: BalerState) -> list[dict[str, str]]:
    """In the action phase, each action taken in an area that the deciding side may not take
    there now, with the rule that forbids it (rulebook "Action types"; baler/rules/refusals.py),
    so the screen can show it greyed out with its reason."""
    if st.decision.kind != "action" or not st.stack:
        return []
    task = st.stack[-1]
    if not isinstance(task, ActionPhaseTask):
        return []
    legal = set(task.legal(st))
    found = []
    for name in AREA_ACTIONS[Side(task.side)]:
        for area in st.data.areas:
            action = TakeAction(name, area)
            if action not in legal:
                err = refuse(st, action)
                found.append({"name": name, "area": area,
                              "reason": f"{err.reason} ({err.section})"})
    return found


def trench_refusals(st: BalerState) -> dict[str, dict[str, str]]:
    """In the Philippine side's action phase, each trench space where the next trench section
    (I, then II) may not be built now, with the rule that forbids it (rulebook "Trench section
    I", "Trench section II"; baler/rules/refusals.py), so the screen can show the trench row of
    that space's menu greyed with its reason: {space: {"name": action, "reason": ...}}."""
    if st.decision.kind != "action" or not st.stack:
        return {}
    task = st.stack[-1]
    if not isinstance(task, ActionPhaseTask) or task.side != Side.PHILIPPINE.value:
        return {}
    legal = set(task.legal(st))
    built = sum(task.uses.get(n, 0) for n in TRENCH_ACTIONS)
    name = TRENCH_ACTIONS[min(built, len(TRENCH_ACTIONS) - 1)]
    found = {}
    for space in st.data.trench_spaces:
        action = TakeAction(name, target=space)
        if action not in legal:
            err = refuse(st, action)
            found[space] = {"name": name, "reason": f"{err.reason} ({err.section})"}
    return found


IDLE_KINDS = frozenset({"event-card", "support-card", "resolve-event", "action", "modify-dice",
                        "persistence"})
"""The decisions whose answers the screen marks when they would change nothing now."""


def idle_answers(st: BalerState, viewer: Side | None) -> dict[str, str]:
    """For the viewer deciding now, the legal answers that would change nothing now, with why
    (baler.rules.noeffect), keyed by the answer's `repr`: the screen asks before an event card
    is played for nothing and greys the other such answers with their reason."""
    if viewer is None or st.decision.player != viewer.value or not st.stack \
            or st.decision.kind not in IDLE_KINDS:
        return {}
    found = {}
    for action in st.stack[-1].legal(st):
        reason = no_effect_reason(st, action)
        if reason is not None:
            found[repr(action)] = reason
    return found


def view(st: BalerState, player: str | None) -> dict[str, Any]:
    viewer = next((s for s in SIDES if s.value == player), None)
    hidden_bags = {BAGS[s] for s in SIDES if s is not viewer}
    decision = st.decision
    return {
        "turn": st.turn,
        "phase": st.phase.value,
        "initiative": st.initiative.value if st.initiative else None,
        "decision": {
            "player": decision.player,
            "kind": decision.kind,
            "prompt": decision.prompt,
            "section": decision.section,
        },
        "tracks": {
            s.value: {"supply": st.supply[s], "morale": st.morale[s], "vp": st.vp[s]}
            for s in SIDES
        },
        "walls": {a: WALLS[w] for a, w in st.walls.items()},
        "firepower": {
            a: (st.firepower[a], _side_name(st.firepower_side[a])) for a in st.data.areas
        },
        "surveillance": {s.value: sorted(st.surveillance[s]) for s in SIDES},
        "trenches": dict(st.trenches),
        "shooting_markers": {a: s.value for a, s in st.shooting_markers.items()},
        "infirmary_open_beds": st.beds_open,
        "foreign_power": {
            "power": st.power, "space": st.power_space, "us_strength": st.us_strength
        },
        "persistence": st.persistence,
        "units": {u: where for u, where in st.loc.items() if where not in hidden_bags},
        "bag_sizes": {s.value: len(st.units_at(BAGS[s])) for s in SIDES},
        "exhausted": sorted(st.exhausted),
        "disabled": sorted(st.disabled),
        "hand": list(st.hands[viewer]) if viewer else [],
        "hand_sizes": {s.value: len(st.hands[s]) for s in SIDES},
        "deck_sizes": {s.value: len(st.decks[s]) for s in SIDES},
        "discards": {s.value: list(st.discards[s]) for s in SIDES},
        "fow_deck_sizes": {s.value: len(st.fow_decks[s]) for s in SIDES},
        "shared_deck_size": len(st.shared_deck),
        "shared_faceup": dict(st.shared_faceup),
        "removed": list(st.removed),
        "table": {s.value: list(st.table[s]) for s in SIDES},
        "face_down": {
            s.value: st.face_down[s] if s is viewer else st.face_down[s] is not None
            for s in SIDES
        },
        "fow_drawn": st.fow_drawn[viewer] if viewer else None,
        "attacked": {s.value: sorted(st.attacked[s]) for s in SIDES},
        "dice": dice_in_play(st),
        "action_points": action_points(st),
        "refusals": area_refusals(st),
        "trench_refusals": trench_refusals(st),
        "no_effect": idle_answers(st, viewer),
        "vp_causes": {s.value: dict(st.vp_causes.get(s, {})) for s in SIDES},
        "outcome": None if st.outcome is None else {
            "winner": st.outcome.winner, "reason": st.outcome.reason,
        },
    }
