"""Cards: when they may be played, the choices they need and their effects, implemented once
per verb of the effect vocabulary (6.13, DESIGN.md §4); the cancel and response windows of
reaction cards (5.2.3, 6.11, 10.2)."""

from __future__ import annotations

from typing import Any

from engine.core.actions import Event, Message, Revealed
from filipinas.rules import board as B
from filipinas.rules.forces import (
    adjust_morale,
    apply_hit,
    kill_leader,
    leaders_left_alone,
    recruit,
    reinforce,
    spanish_box_brigades,
    transfer_artillery,
)
from filipinas.rules.idle import card_idle
from filipinas.rules.setup import FILIPINO, SPAIN, USA, CardDef
from filipinas.rules.state import FilState, Kind, Prompt


def opponent(side: str) -> str:
    return SPAIN if side == FILIPINO else FILIPINO


def requirements_met(state: FilState, card: CardDef) -> bool:
    """The `requires` conditions of a card."""
    return all(_requirement(state, key, value) for key, value in card.requires.items())


def _requirement(state: FilState, key: str, value: Any) -> bool:
    want = bool(value)
    if key == "government":
        return bool(state.government == value)
    if key == "canovas_alive":
        return (not state.canovas_dead) == want
    if key in ("leader_on_map", "also_on_map"):
        return value in state.stack_of and not (value == "aguinaldo" and state.exiled)
    if key == "leader_available":
        return state.loc[value] in ("spanish_troops", "united_states")
    if key == "captaincy_spanish":
        return B.friendly_city(state, SPAIN, "manila_city") == want
    if key == "filipino_in_cavite":
        return any(state.loc[c] == "cavite" and B.cdef(state, c).faction == FILIPINO
                   for c in B.on_map_combat(state, FILIPINO)) == want
    if key == "zapote_off":
        return (not state.zapote) == want
    if key == "reconcentration_off":
        return (not state.reconcentration) == want
    if key == "unit_in_box":
        return state.loc[value] == "filipino_troops"
    if key == "artillery_available":
        return (state.artillery != "in_play") == want
    if key == "exiled":
        return (state.loc["aguinaldo"] == "hong_kong") == want
    if key == "morale_above":
        return state.morale > int(value)
    raise ValueError(f"unknown card requirement {key!r}")


# --- the choices an effect needs -----------------------------------------------------------------

def box_corps(state: FilState, space: str) -> list[str]:
    """Corps that can be raised from the Filipino Troops box in `space`: the Moros only in
    Mindanao, the Bisayas only in the Visayas, never the Magdiwan (6.1)."""
    if space in ("mindanao", "visayas"):
        unit = "moros" if space == "mindanao" else "bisayas"
        return [unit] if state.loc[unit] == "filipino_troops" else []
    return [cid for cid, cd in state.data.counters.items()
            if cd.kind == "corps" and cd.faction == FILIPINO and cd.restriction is None
            and state.loc[cid] == "filipino_troops"]


def recruit_targets(state: FilState, side: str) -> list[tuple[str, str]]:
    """(space, unit) pairs a recruitment may name (6.1, GAP-FIL-38)."""
    result: list[tuple[str, str]] = []
    if side == SPAIN:
        for cid in sorted(state.stack_of, key=state.data.order.__getitem__):
            cd = B.cdef(state, cid)
            if cd.kind == "brigade" and cd.faction == SPAIN and cid in state.reduced:
                result.append((state.loc[cid], cid))
        return result
    for space in state.data.provinces:
        for unit in box_corps(state, space):
            result.append((space, unit))
        for cid in sorted(state.stack_of, key=state.data.order.__getitem__):
            cd = B.cdef(state, cid)
            if state.loc[cid] == space and cd.kind == "corps" and cd.faction == FILIPINO \
                    and cid in state.reduced and cd.restriction is None:
                result.append((space, cid))
    return result


def targets_for(state: FilState, side: str, card: CardDef) -> list[tuple[str, ...]]:
    """Every legal choice for a round card's effect; empty when it cannot be played now."""
    eff = card.effect
    order = state.data.order
    if "build_line" in eff:
        out: list[tuple[str, ...]] = []
        for line in state.data.lines:
            if line in state.lines_built:
                continue
            out.append((line,))
            for p in state.data.spaces[line].joins:
                for cid in sorted(state.stack_of, key=order.__getitem__):
                    if state.loc[cid] == p and B.cdef(state, cid).kind == "brigade" \
                            and B.cdef(state, cid).side == SPAIN:
                        out.append((line, cid))
        return out
    if "baler" in eff:
        return [(s[0],) for p in state.data.luzon for s in B.stacks_in(state, p, FILIPINO)
                if any(B.cdef(state, c).faction == FILIPINO for c in B.combat_units(state, s))
                and not any(c in state.baler for c in s)]
    if "target_guerrilla" in eff:
        return [(c,) for c in sorted(state.stack_of, key=order.__getitem__)
                if B.is_guerrilla(state, c) and c not in state.targets]
    if "target_province" in eff:
        return [(p,) for p in state.data.provinces if any(
            state.loc[c] == p and B.is_guerrilla(state, c) and c not in state.targets
            for c in state.stack_of)]
    if "hide_province" in eff:
        return [(p,) for p in state.data.provinces if any(
            state.loc[c] == p and B.cdef(state, c).side == FILIPINO for c in state.targets)]
    if "place_guerrilla" in eff:
        return [(p, u) for p in state.data.luzon if not any(
            state.loc[c] == p and B.cdef(state, c).kind == "brigade"
            and B.cdef(state, c).side == SPAIN for c in state.stack_of)
            for u in box_corps(state, p)]
    if "recruit" in eff:
        return [t for t in recruit_targets(state, side)]
    if "restore_brigade" in eff:
        return [(c,) for c in sorted(state.stack_of, key=order.__getitem__)
                if B.cdef(state, c).kind == "brigade" and B.cdef(state, c).side == SPAIN
                and c in state.reduced]
    if "reinforce" in eff:
        if not spanish_box_brigades(state) or fleet_blockade(state):
            return []
        return [(p,) for p in state.data.provinces]
    if "damage_brigade" in eff:
        return [(c,) for c in sorted(state.stack_of, key=order.__getitem__)
                if B.cdef(state, c).kind == "brigade" and B.cdef(state, c).side == SPAIN]
    if "naval_attack_in_port" in eff:
        if not us_battle_fleet(state):
            return []
        return [(c,) for c in sorted(state.stack_of, key=order.__getitem__)
                if B.cdef(state, c).kind == "fleet" and B.cdef(state, c).side == SPAIN
                and state.data.spaces[state.loc[c]].kind == "city"]
    if "entrench_stack" in eff:
        return [(s[0],) for s in B.all_stacks(state, FILIPINO)
                if state.data.spaces[state.loc[s[0]]].kind == "province"
                and B.combat_units(state, s)
                and not all(u in state.entrenched for u in B.combat_units(state, s))
                and not any(B.cdef(state, u).faction == USA for u in B.combat_units(state, s))]
    return [()]


def fleet_blockade(state: FilState) -> bool:
    """A US Fleet at Sea and no Spanish one stops reinforcements and repatriation (6.2)."""
    return bool(B.fleets_at_sea(state, USA)) and not B.fleets_at_sea(state, SPAIN)


def us_battle_fleet(state: FilState) -> list[str]:
    return [f for f in B.fleets_at_sea(state, USA)
            if any(B.cdef(state, m).admiral for m in state.members(f))]


def captain_general_in_play(state: FilState) -> list[str]:
    return [c for c in state.stack_of if B.cdef(state, c).captain_general]


def round_cards(state: FilState, side: str) -> list[tuple[str, tuple[str, ...]]]:
    """Cards `side` may play as events in its own round, with their choices."""
    result: list[tuple[str, tuple[str, ...]]] = []
    seen: set[str] = set()
    for card_id in state.hands[side]:
        if card_id in seen:
            continue
        seen.add(card_id)
        card = state.data.cards[card_id]
        if "round" not in card.when or not requirements_met(state, card):
            continue
        result.extend((card_id, t) for t in targets_for(state, side, card))
    return result


# --- playing -------------------------------------------------------------------------------------

def play(state: FilState, side: str, card_id: str, targets: tuple[str, ...],
         events: list[Event]) -> None:
    """Play an event card; a card with the "1" mark may first be cancelled (10.2)."""
    card = state.data.cards[card_id]
    state.hands[side].remove(card_id)
    state.out.append(card_id)
    events.append(Revealed(f"{side.title()} plays '{card.name}'", items=(card_id,)))
    foe = opponent(side)
    if card.cancellable and cancel_cards(state, foe):
        state.pending.append(Prompt(Kind.CANCEL, foe, card=card_id, targets=targets))
        return
    apply_effect(state, side, card, targets, events)


def cancel_cards(state: FilState, side: str) -> list[str]:
    return [c for c in dict.fromkeys(state.hands[side])
            if "cancel" in state.data.cards[c].when]


def response_cards(state: FilState, side: str, action: str) -> list[str]:
    return [c for c in dict.fromkeys(state.hands[side])
            if "response" in state.data.cards[c].when
            and action in state.data.cards[c].respond_to
            and requirements_met(state, state.data.cards[c])]


def response_targets(state: FilState, card_id: str, prompt: Prompt) -> list[tuple[str, ...]]:
    card = state.data.cards[card_id]
    if "target_guerrilla" in card.effect:
        return [(c,) for c in prompt.units if c in state.stack_of
                and B.is_guerrilla(state, c) and c not in state.targets]
    return [()]


def offer_response(state: FilState, actor: str, action: str, units: tuple[str, ...],
                   detail: str = "") -> None:
    """After an action of the opponent, a reaction card may answer it (6.11, 10.2 R1)."""
    foe = opponent(actor)
    prompt = Prompt(Kind.RESPONSE, foe, action=action, units=units, space=detail)
    for card_id in response_cards(state, foe, action):
        if response_targets(state, card_id, prompt):
            state.pending.append(prompt)
            return


def play_response(state: FilState, side: str, card_id: str, targets: tuple[str, ...],
                  prompt: Prompt, events: list[Event]) -> None:
    card = state.data.cards[card_id]
    state.hands[side].remove(card_id)
    state.out.append(card_id)
    events.append(Message(f"{side.title()} answers with '{card.name}'"))
    if card.effect.get("cancel_recruitment"):
        unit = prompt.units[0]
        cd = B.cdef(state, unit)
        if prompt.action == "recruit" and prompt.space == "raised":
            state.reduced.add(unit)
            events.append(Message(f"{cd.name} loses the recruits it gained"))
        elif unit in state.stack_of:
            from filipinas.rules.forces import remove_counter

            remove_counter(state, unit, "filipino_troops")
            events.append(Message(f"{cd.name} is broken up before it can fight"))
        return
    apply_effect(state, side, card, targets, events)


def cancel(state: FilState, side: str, card_id: str, prompt: Prompt, events: list[Event]) -> None:
    card = state.data.cards[card_id]
    state.hands[side].remove(card_id)
    state.out.append(card_id)
    events.append(Revealed(f"{side.title()} plays '{card.name}': "
                           f"'{state.data.cards[prompt.card].name}' is cancelled",
                           items=(card_id,)))


def let_card_through(state: FilState, prompt: Prompt, events: list[Event]) -> None:
    card = state.data.cards[prompt.card]
    apply_effect(state, card.side, card, prompt.targets, events)


def apply_effect(state: FilState, side: str, card: CardDef, targets: tuple[str, ...],
                 events: list[Event]) -> None:
    """Carry out each verb of a card's effect (6.13, 6.13.5)."""
    from filipinas.rules.combat import start
    from filipinas.rules.operations import build_line, entrench, start_reconcentration
    from filipinas.rules.usa import adjust_us, artillery_holder

    eff = card.effect
    p = state.data.params
    idle = card_idle(state, side, card)
    if idle is not None:
        events.append(Message(f"'{card.name}': no effect — {idle}"))
    if "ap" in eff:
        state.ap[side] = min(p.ap_max, state.ap[side] + int(eff["ap"]))
        events.append(Message(f"{side.title()} gains {eff['ap']} AP"))
    if "morale" in eff:
        adjust_morale(state, int(eff["morale"]), card.name, events)
    if "us_intervention" in eff:
        adjust_us(state, int(eff["us_intervention"]), card.name, events)
    if "appoint" in eff or "enter" in eff:
        newcomers = ([eff["appoint"]] if "appoint" in eff else []) + list(eff.get("enter", []))
        if "appoint" in eff:
            for old in captain_general_in_play(state):
                state.take_off(old, "recalled")
                events.append(Message(f"{B.cdef(state, old).name} is recalled to Spain"))
        for leader in newcomers:
            state.place(leader, "manila_city")
            state.ap[side] = min(p.ap_max, state.ap[side] + B.cdef(state, leader).lf)
            events.append(Message(f"{B.cdef(state, leader).name} arrives in Manila "
                                  f"(+{B.cdef(state, leader).lf} AP)"))
    if eff.get("reconcentration"):
        start_reconcentration(state, events)
    if eff.get("build_line"):
        build_line(state, targets[0], targets[1] if len(targets) > 1 else None, events)
    if eff.get("zapote_line"):
        state.zapote = True
        events.append(Message("The Zapote Line marker is placed in Cavite"))
    if eff.get("filipino_artillery"):
        holder = artillery_holder(state)
        if holder:
            state.artillery = "in_play"
            state.artillery_holder = holder
            events.append(Message(f"The Filipino Artillery joins {B.cdef(state, holder).name}"))
    if eff.get("exile_aguinaldo"):
        _exile(state, bool(eff.get("disband_with_aguinaldo")), events)
    if eff.get("baler"):
        state.baler.update(state.members(targets[0]))
        events.append(Message(f"The Baler marker ties down {B.cdef(state, targets[0]).name}'s "
                              "stack until the end of the turn"))
    if eff.get("target_guerrilla"):
        state.targets.add(targets[0])
        events.append(Message(f"{B.cdef(state, targets[0]).name} receives a Target marker"))
    if eff.get("target_province"):
        for c in list(state.stack_of):
            if state.loc[c] == targets[0] and B.is_guerrilla(state, c):
                state.targets.add(c)
        events.append(Message(f"Guerrillas in {state.data.spaces[targets[0]].name} are marked"))
    if eff.get("hide_province"):
        for c in list(state.targets):
            if state.loc.get(c) == targets[0]:
                state.targets.discard(c)
        events.append(Message(f"The bands in {state.data.spaces[targets[0]].name} hide"))
    if "place_unit" in eff:
        unit = str(eff["place_unit"])
        space = "mindanao" if B.cdef(state, unit).restriction == "moros" else "visayas"
        state.place(unit, space)
        where = state.data.spaces[space].name
        events.append(Message(f"{B.cdef(state, unit).name} rise in {where}"))
    if eff.get("place_guerrilla"):
        space, unit = targets
        state.place(unit, space)
        if len(B.cdef(state, unit).cf) == 2:
            state.reduced.add(unit)
        state.targets.add(unit)
        where = state.data.spaces[space].name
        events.append(Message(f"{B.cdef(state, unit).name} rises in {where}"))
    if "recruit" in eff:
        recruit(state, side, targets[0], targets[1], events, extra=int(eff["recruit"]))
    if eff.get("restore_brigade"):
        state.reduced.discard(targets[0])
        events.append(Message(f"{B.cdef(state, targets[0]).name} is brought back to strength"))
    if "reinforce" in eff:
        reinforce(state, targets, False, events)
    if eff.get("damage_brigade"):
        stack_leaders = B.leaders(state, state.members(targets[0]))
        apply_hit(state, targets[0], events)
        leaders_left_alone(state, stack_leaders, events)
    if eff.get("camara_fleet"):
        state.move_stack(["camara_fleet", "camara"], "sea")
        state.ap[side] = min(p.ap_max, state.ap[side] + B.cdef(state, "camara").lf)
        events.append(Message("Cámara's squadron arrives at Sea"))
    if eff.get("naval_attack_in_port"):
        fleet = us_battle_fleet(state)[0]
        units = [u for u in state.members(fleet) if B.cdef(state, u).kind == "fleet"]
        start(state, "naval", FILIPINO, units, sum(B.cf(state, u) for u in units),
              state.members(targets[0]), events)
    if eff.get("entrench_stack"):
        entrench(state, targets[0], events)
    if eff.get("kill_canovas"):
        state.canovas_dead = True
        state.government = "sagasta"
        events.append(Message("Cánovas is dead; Sagasta heads the government"))
    if eff.get("kill_bonifacio"):
        kill_leader(state, "bonifacio", events, "executed after the Tejeros Convention")
    if eff.get("return_aguinaldo"):
        state.place("aguinaldo", "cavite")
        events.append(Message("Aguinaldo lands in Cavite"))


def _exile(state: FilState, disband: bool, events: list[Event]) -> None:
    """Aguinaldo goes to Hong Kong; his LF no longer counts and the Filipino minimum becomes
    1 AP (6.13.4); when Spain buys the rebels, the corps with him lay down their arms."""
    from filipinas.rules.forces import remove_counter

    stack = state.members("aguinaldo")
    if disband:
        for c in B.combat_units(state, stack):
            if B.cdef(state, c).faction == FILIPINO:
                remove_counter(state, c, "filipino_troops")
                events.append(Message(f"{B.cdef(state, c).name} lays down its arms"))
    transfer_artillery(state, "aguinaldo")
    state.targets.discard("aguinaldo")
    state.place("aguinaldo", "hong_kong")
    state.exiled = True
    state.biak = True
    events.append(Message("Aguinaldo goes into exile in Hong Kong"))
