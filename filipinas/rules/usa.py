"""The United States: the intervention track, entry into the war and the return of Fleets
(4.2.3.14, 6.3.3, 7.0)."""

from __future__ import annotations

from engine.core.actions import CardDrawn, Event, Message
from filipinas.rules.board import all_stacks, cdef, combat_units, friendly_city, strength
from filipinas.rules.forces import adjust_morale, kill_leader, remove_counter, track_change
from filipinas.rules.setup import FILIPINO, SPAIN
from filipinas.rules.state import FilState, Phase


def adjust_us(state: FilState, delta: int, reason: str, events: list[Event]) -> None:
    """Move the US Intervention marker within 1-10; at 10 the United States enter the war,
    at once during the Action Phase, in the next Administration Phase otherwise (7.0)."""
    if state.us_at_war or state.us_entry_pending or delta == 0:
        return
    p = state.data.params
    before = state.us_level
    state.us_level = max(p.us_min, min(p.us_max, state.us_level + delta))
    events.append(Message(track_change("US Intervention", before, state.us_level, reason)))
    if state.us_level >= p.us_entry:
        if state.phase == Phase.ACTION:
            enter_war(state, events)
        else:
            state.us_entry_pending = True
            events.append(Message("The United States will enter the war next turn (7.0)"))


def enter_war(state: FilState, events: list[Event], lf_now: bool = True) -> None:
    """All American counters to Hong Kong, their LF to the Filipino AP, the Artillery to
    Aguinaldo, one 'USA at War' card each, the rest shuffled into the decks (7.0).

    An entry reached in the End of Turn Phase happens in the next Administration Phase
    (`lf_now` false): the American leaders are then on the board when the resources are
    calculated, so their LF enter the Filipino AP once, through 5.1.1 (IV), and not a second
    time here (4.2.2, decision in the rules notes)."""
    state.us_at_war = True
    state.us_entry_pending = False
    events.append(Message("The United States declare war on Spain"))
    americans = [c for c, where in state.loc.items() if where == "united_states"]
    fleet_stack: list[str] = [c for c in americans if cdef(state, c).kind == "fleet"
                              or cdef(state, c).admiral]
    land_stack = [c for c in americans if c not in fleet_stack]
    for group in (fleet_stack, land_stack):
        if group:
            state.move_stack(group, "hong_kong")
    gain = sum(cdef(state, c).lf for c in americans if cdef(state, c).leader)
    if lf_now:
        state.ap[FILIPINO] = min(state.data.params.ap_max, state.ap[FILIPINO] + gain)
        events.append(Message(f"The American leaders bring {gain} AP to the Filipino side"))
    if state.exiled:
        state.exiled = False
        events.append(Message("Aguinaldo returns with the Americans (6.13.4)"))
    if state.artillery == "unused":
        holder = artillery_holder(state)
        if holder:
            state.artillery = "in_play"
            state.artillery_holder = holder
            events.append(Message(f"The Filipino Artillery joins {cdef(state, holder).name}"))
    for side, deck in ((FILIPINO, "usa_filipino"), (SPAIN, "usa_spanish")):
        cards = state.decks[deck]
        for _ in range(state.data.params.usa_cards_dealt):
            if not cards:
                break
            card = state.dice.deal(cards)
            state.hands[side].append(card)
            events.append(CardDrawn(f"{side.title()} is dealt a 'USA at War' card", item="",
                                    source=deck))
            events.append(CardDrawn(f"{side.title()} is dealt '{state.data.cards[card].name}'",
                                    item=card, source=deck, visible_to=frozenset({side})))
        main = "filipino" if side == FILIPINO else "spanish"
        state.decks[main].extend(cards)
        state.decks[deck] = []
        state.dice.shuffle(state.decks[main])
    if state.phase == Phase.ACTION:
        state.us_next_round = True


def artillery_holder(state: FilState) -> str:
    """Aguinaldo, else Bonifacio, else the largest Filipino stack (4.2.3.8, 7.0, GAP-FIL-21)."""
    for leader in ("aguinaldo", "bonifacio"):
        if leader in state.stack_of:
            return leader
    stacks = [s for s in all_stacks(state, FILIPINO)
              if any(cdef(state, c).faction == FILIPINO for c in combat_units(state, s))]
    if not stacks:
        return ""
    best = max(stacks, key=lambda s: strength(state, s))
    return [c for c in best if cdef(state, c).faction == FILIPINO][0]


def return_to_base(state: FilState, events: list[Event]) -> None:
    """Fleets at Sea go back to a friendly Port, or to the Graveyard; Cámara's goes home without
    loss of Morale (6.3.3). American transports return to Hong Kong."""
    p = state.data.params
    for stack in all_stacks(state):
        if state.loc[stack[0]] != "sea":
            continue
        side = cdef(state, stack[0]).side
        if side == FILIPINO:
            state.move_stack(stack, "hong_kong")
            events.append(Message("The American ships return to Hong Kong"))
            continue
        port = next((c for c in ("cavite_city", "manila_city")
                     if friendly_city(state, SPAIN, c)), None)
        if port is not None:
            state.move_stack(stack, port)
            events.append(Message(f"The Spanish ships return to {state.data.spaces[port].name}"))
            continue
        for c in stack:
            cd = cdef(state, c)
            if cd.leader:
                kill_leader(state, c, events, "no port to return to")
            else:
                steps = state.data.counters[c].cf[-1 if c in state.reduced else 0]
                remove_counter(state, c, "graveyard")
                events.append(Message(f"{cd.name} has no port and leaves the war"))
                if c != "camara_fleet":
                    adjust_morale(state, -p.morale_fleet_step * steps, "fleet lost", events)
