"""Counter-guerrilla and other one-point actions: dispersing, regrouping, plunder, hiding,
entrenching, Fortified Lines, Reconcentration and Political Actions (4.2.3.5, 6.5, 6.9-6.15)."""

from __future__ import annotations

from engine.core.actions import DiceRolled, Event, Message
from filipinas.rules.board import cdef, combat_units
from filipinas.rules.forces import adjust_morale
from filipinas.rules.setup import FILIPINO, SPAIN
from filipinas.rules.state import FilState


def disperse(state: FilState, brigade: str, mode: str, events: list[Event]) -> None:
    """Protect the Fields or Search and Destroy (6.9); a brigade put in Search and Destroy
    leaves any stack of other combat units (6.9.2) and may locate and attack this round at no
    extra cost."""
    state.entrenched.discard(brigade)
    name = cdef(state, brigade).name
    if mode == "protect":
        state.protect.add(brigade)
        events.append(Message(f"{name} disperses to Protect the Fields"))
        return
    state.search.add(brigade)
    state.search_free.add(brigade)
    if len(combat_units(state, state.members(brigade))) > 1:
        state.stack_of[brigade] = state.new_stack_id()
    events.append(Message(f"{name} forms Search and Destroy columns"))


def regroup(state: FilState, brigade: str, events: list[Event]) -> None:
    """Remove the dispersal marker (6.10)."""
    state.protect.discard(brigade)
    state.search.discard(brigade)
    events.append(Message(f"{cdef(state, brigade).name} regroups"))


def plunder(state: FilState, unit: str, events: list[Event]) -> None:
    """Sack the Province: −1 Morale now, half its resources next turn, a Target on the
    Guerrilla, and 1 AP for every second plunder of the turn (4.2.3.1, 6.11)."""
    space = state.loc[unit]
    state.sacked.add(space)
    state.targets.add(unit)
    state.plunders += 1
    events.append(Message(f"{cdef(state, unit).name} plunders {state.data.spaces[space].name}"))
    adjust_morale(state, state.data.params.morale_plunder, "Province sacked", events)
    p = state.data.params
    if state.plunders % p.plunders_for_ap == 0:
        state.ap[FILIPINO] = min(p.ap_max, state.ap[FILIPINO] + p.ap_for_plunders)
        events.append(Message(f"Plunder number {state.plunders} of the turn: the Filipinos gain "
                              f"{p.ap_for_plunders} AP"))


def hide(state: FilState, counter: str, events: list[Event]) -> None:
    """Go into hiding: the Target marker is removed (6.15)."""
    state.targets.discard(counter)
    events.append(Message(f"{cdef(state, counter).name} goes into hiding"))


def entrench(state: FilState, stack: str, events: list[Event]) -> None:
    """Entrenchment marker on the stack; dispersal markers go (6.14)."""
    for c in combat_units(state, state.members(stack)):
        state.entrenched.add(c)
        state.search.discard(c)
        state.protect.discard(c)
    events.append(Message(f"{cdef(state, stack).name}'s stack entrenches"))


def build_line(state: FilState, line: str, brigade: str | None, events: list[Event]) -> None:
    """Place a Fortified Line marker and, if wished, move a brigade onto it (6.5)."""
    state.lines_built.add(line)
    events.append(Message(f"The {state.data.spaces[line].name} is built"))
    if brigade is not None:
        state.place(brigade, line)
        state.search.discard(brigade)
        state.protect.discard(brigade)
        state.entrenched.discard(brigade)
        events.append(Message(f"{cdef(state, brigade).name} occupies the line"))


def start_reconcentration(state: FilState, events: list[Event]) -> None:
    """The marker goes in its box and both sides lose 1 AP at once (4.2.3.5)."""
    state.reconcentration = True
    for side in (FILIPINO, SPAIN):
        state.ap[side] = max(0, state.ap[side] + state.data.params.reconcentration)
    events.append(Message("Reconcentration: both sides lose 1 AP"))


def end_reconcentration(state: FilState, events: list[Event]) -> None:
    state.reconcentration = False
    events.append(Message("Reconcentration ends"))


def political(state: FilState, side: str, goal: str, events: list[Event]) -> bool:
    """Political Action: 5-6 succeeds; the Filipino pushes the US track up, Spain holds it down
    or flips the government once (6.12)."""
    from filipinas.rules.usa import adjust_us

    roll = state.dice.roll_one(purpose="political")
    ok = roll >= state.data.params.political_on
    aim = "change of government" if goal == "government" else \
        "push the United States towards war" if side == FILIPINO else \
        "hold the United States back"
    events.append(DiceRolled(f"{side.title()} rolls {roll} for a Political Action ({aim}): "
                             f"{'success' if ok else 'failure'}",
                             values=(roll,), purpose="the Political Action"))
    if not ok:
        return False
    if goal == "government":
        state.government = "sagasta" if state.government == "canovas" else "canovas"
        state.government_changed = True
        events.append(Message(f"{state.government.title()} now heads the Spanish government"))
    else:
        step = state.data.params.political_step
        adjust_us(state, step if side == FILIPINO else -step, "Political Action", events)
    return True
