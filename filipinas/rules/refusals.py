"""Why an action is refused: one specific reason and its rule section per cause (DESIGN.md §8,
"refusals are specific"). `diagnose` is asked only about actions `legal_actions` does not list;
it walks the conditions the legal-action generator applies, in the same order, and names the
first one the action breaks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

from engine.core.actions import Action
from filipinas.rules import actions as A
from filipinas.rules import board as B
from filipinas.rules.cards import (
    fleet_blockade,
    recruit_targets,
    requirements_met,
    response_cards,
    round_cards,
)
from filipinas.rules.combat import city_defence, playable_combat_cards, siege_strength
from filipinas.rules.forces import relocation_choices, spanish_box_brigades
from filipinas.rules.legal import legal_actions
from filipinas.rules.sequence import cost
from filipinas.rules.setup import FILIPINO, SPAIN, USA
from filipinas.rules.state import FilState, Kind

_SIDE_NAMES = {FILIPINO: "Filipino", SPAIN: "Spanish"}

Refusal = tuple[str, str, str]
"""(cause, reason shown to the player, rule section). The cause names the broken condition;
two different causes never share a reason."""

_ANSWERS: dict[Kind, tuple[type[Action], ...]] = {
    Kind.DISCARD: (A.Discard,),
    Kind.COMBAT_CARDS: (A.PlayCard, A.Decline),
    Kind.COUNTERATTACK: (A.Counterattack, A.Decline),
    Kind.CANCEL: (A.PlayCard, A.Decline),
    Kind.RESPONSE: (A.PlayCard, A.Decline),
    Kind.INTERCEPT: (A.Intercept, A.Decline),
    Kind.ZAPOTE: (A.DefendZapote, A.Decline),
    Kind.RELOCATE: (A.Relocate,),
}
_PROMPT_ONLY = (A.Discard, A.Decline, A.Counterattack, A.Intercept, A.DefendZapote, A.Relocate)


def diagnose(state: FilState, action: Action) -> Refusal:
    """The cause, reason and section of refusing `action` now."""
    if state.outcome is not None:
        return "over", "The game is over.", "5.3"
    unknown = _unknown_id(state, action)
    if unknown is not None:
        return "unknown", f"There is no '{unknown}' in this game.", "4.1"
    if state.pending:
        return _prompt(state, action)
    if isinstance(action, _PROMPT_ONLY):
        return ("no_prompt", f"Nothing asks for '{action.describe()}' now: it is the "
                f"{_SIDE_NAMES[state.active]} round.", "5.2.3")
    side = state.active
    if _legal_with_ap(state, side, action):
        return ("ap", f"That needs {cost(state, side, action)} AP and the {_SIDE_NAMES[side]} "
                f"side has {state.ap[side]}.", "5.2.3")
    check = _ROUND_CHECKS.get(type(action))
    found = check(state, side, action) if check is not None else None
    return found if found is not None else _fallback(action)


def _legal_with_ap(state: FilState, side: str, action: Action) -> bool:
    """Whether only the AP stand in the way: the action would be legal with a full track."""
    held = state.ap[side]
    state.ap[side] = state.data.params.ap_max
    try:
        return action in legal_actions(state)
    finally:
        state.ap[side] = held


def _fallback(action: Action) -> Refusal:
    """Reached only if a condition of `legal_actions` has no check here (a test looks for it)."""
    return ("unexplained", f"'{action.describe()}' breaks a condition with no reason written "
            "for it yet.", "5.2")


# --- ids ------------------------------------------------------------------------------------------

def _unknown_id(state: FilState, action: Action) -> str | None:
    """A field naming a counter, space or card the game does not have."""
    data = state.data
    known: dict[str, Any] = {"card": data.cards, "first": data.cards, "second": data.cards}
    for f in fields(action):
        value = getattr(action, f.name)
        values = value if isinstance(value, tuple) else (value,)
        table = known.get(f.name)
        for v in values:
            if not isinstance(v, str):
                continue
            if f.name in ("mode", "goal"):
                continue
            if table is not None:
                if v not in table:
                    return v
            elif v not in data.counters and v not in data.spaces:
                return v
    return None


# --- prompts --------------------------------------------------------------------------------------

def _prompt(state: FilState, action: Action) -> Refusal:
    p = state.pending[-1]
    side = p.player
    decision = state.decision
    if not isinstance(action, _ANSWERS[p.kind]):
        return ("wrong_decision", f"First the {_SIDE_NAMES[side]} side must answer: "
                f"{decision.prompt}.", decision.section)
    hand = state.hands[side]
    if isinstance(action, A.Discard):
        return "discard_not_held", f"'{_card(state, action.card)}' is not in that hand.", "6.13"
    if isinstance(action, A.PlayCard):
        if action.card not in hand:
            return ("card_not_held", f"'{_card(state, action.card)}' is not in the "
                    f"{_SIDE_NAMES[side]} hand.", "6.13")
        card = state.data.cards[action.card]
        if p.kind == Kind.COMBAT_CARDS:
            if "combat" not in card.when:
                return ("not_combat_card", f"'{card.name}' is not a combat card (red title).",
                        "6.13.5")
            if state.combat is not None and state.combat.kind not in card.combat_kinds:
                return ("wrong_combat_kind", f"'{card.name}' is not for a {state.combat.kind} "
                        "combat.", "6.13.5")
            if action.card not in playable_combat_cards(state, side):
                return ("wrong_combat_role", f"'{card.name}' is not playable by the "
                        f"{_SIDE_NAMES[side]} side in this combat (attacker or defender, the "
                        "counterattack it needs).", "6.7")
            return "card_choice", f"'{card.name}' takes no choice here.", "6.13"
        if p.kind == Kind.CANCEL:
            return ("not_cancel_card", f"'{card.name}' cannot cancel a card.", "10.2")
        if action.card not in response_cards(state, side, p.action):
            return ("not_response_card", f"'{card.name}' does not answer a Filipino "
                    f"{p.action or 'action'}.", "6.13")
        return ("response_target", f"'{card.name}' must name a Guerrilla that took part in "
                "the action and has no Target marker.", "6.6")
    if isinstance(action, A.Intercept):
        return ("intercept_stack", "Only a stack of yours with combat units in the besieged "
                "city's Province may intercept.", "6.8.3")
    if isinstance(action, A.DefendZapote):
        return ("zapote_stack", "Only a Filipino stack with combat units in Luzon and no "
                "Baler marker may defend the Zapote Line.", "6.13.3")
    if isinstance(action, A.Relocate):
        if action.leader != p.leader:
            return ("relocate_leader", f"It is {B.cdef(state, p.leader).name} who must fall "
                    "back.", "4.2.2.1")
        options = relocation_choices(state, p.leader)
        if any(d == action.dest for d, _ in options):
            return ("relocate_join", "He may join only a stack of his side with troops there, "
                    "or stand in the friendly city.", "4.2.2.1")
        return ("relocate_far", "A lone leader falls back to the nearest stack of his side or "
                "friendly city.", "4.2.2.1")
    return ("wrong_decision", f"First the {_SIDE_NAMES[side]} side must answer: {decision.prompt}.",
            decision.section)


# --- the round ------------------------------------------------------------------------------------

def _card(state: FilState, card: str) -> str:
    return state.data.cards[card].name


def _name(state: FilState, cid: str) -> str:
    if cid in state.data.counters:
        return state.data.counters[cid].name
    return state.data.spaces[cid].name


def _own_counter(state: FilState, side: str, cid: str) -> Refusal | None:
    """The counter must be on the board, on the acting side, free of the Baler marker and not
    exiled with Aguinaldo."""
    if cid not in state.data.counters:
        return "not_counter", f"{_name(state, cid)} is a place, not a counter.", "4.2"
    if cid not in state.stack_of:
        return "off_board", f"{_name(state, cid)} is not on the board.", "4.3"
    if B.side_of(state, cid) != side:
        owner = _SIDE_NAMES[B.side_of(state, cid)]
        return "foreign", f"{_name(state, cid)} belongs to the {owner} side.", "5.2"
    if cid in state.baler:
        return ("baler", f"{_name(state, cid)}'s stack is held by the Baler marker: it may not "
                "move, attack or plunder this turn.", "4.2.3.15")
    if cid == "aguinaldo" and state.exiled:
        return "exiled", "Aguinaldo is in exile in Hong Kong.", "6.13.4"
    return None


def _stack_blocked(state: FilState, side: str, stack: str) -> Refusal | None:
    found = _own_counter(state, side, stack)
    if found is not None:
        return found
    members = state.members(stack)
    if any(c in state.baler for c in members):
        return ("baler", f"{_name(state, stack)}'s stack is held by the Baler marker: it may not "
                "move, attack or plunder this turn.", "4.2.3.15")
    if state.exiled and "aguinaldo" in members:
        return "exiled", "Aguinaldo is in exile in Hong Kong.", "6.13.4"
    return None


def _stack_name(state: FilState, cid: str) -> Refusal | None:
    """A stack is named by its first counter (the one the board shows on top)."""
    first = state.members(cid)[0]
    if first != cid:
        return ("stack_name", f"A stack is named by its first counter: {_name(state, first)}, "
                f"not {_name(state, cid)}.", "6.3")
    return None


def _space(state: FilState, sid: str) -> Refusal | None:
    if sid not in state.data.spaces:
        return "not_space", f"{_name(state, sid)} is a counter, not a place.", "4.3"
    return None


def _move(state: FilState, side: str, a: A.Move) -> Refusal | None:
    found = _stack_blocked(state, side, a.stack) or _space(state, a.dest) or _stack_name(
        state, a.stack)
    if found:
        return found
    stack = state.members(a.stack)
    units = B.combat_units(state, stack)
    if not units:
        return ("lone_leader_move", "A leader alone moves with his own 1-AP leader move.",
                "4.2.1")
    if any(B.cdef(state, u).restriction in ("moros", "bisayas") for u in units):
        return "moros_bisayas", "The Moros and the Bisayas operate only in their own box.", \
            "4.2.1"
    here = state.loc[a.stack]
    kind = state.data.spaces[a.dest].kind
    if any(B.cdef(state, u).kind == "fleet" for u in units):
        if not any(B.cdef(state, m).admiral for m in stack):
            return "no_admiral", "A Fleet moves only with an Admiral stacked on it.", "6.3.2"
        return ("fleet_route", "A Fleet moves from a friendly port to the Sea or from the Sea "
                "to a friendly port (the US Fleet's is Hong Kong).", "6.3.2")
    afloat = any(B.cdef(state, u).faction == USA and u not in state.landed for u in units)
    if afloat:
        return ("convoy_route", "American troops not yet landed go from Hong Kong to the Sea, "
                "then land in any Province.", "7.1")
    if a.mode in ("naval", "convoy", "landing"):
        return ("not_naval", f"Only Fleets and American convoys move by sea ({a.mode}).",
                "6.3.2, 7.1")
    if a.mode == "coastal":
        if side != SPAIN:
            return "coastal_side", "Only Spain has coastal transport.", "6.3.1"
        if state.us_at_war and B.fleets_at_sea(state, USA):
            return ("coastal_blocked", "Coastal transport stops while the US Fleet is at Sea.",
                    "6.3.1")
        if state.data.spaces[here].kind != "province":
            return ("coastal_from", "Coastal transport starts from a Province, not a city or a "
                    "Fortified Line.", "6.3.1")
        if a.dest not in state.data.provinces or a.dest == here:
            return ("coastal_to", "Coastal transport goes to another Province of the board.",
                    "6.3.1")
        return None
    if a.dest == here:
        return "same_space", f"The stack is already in {_name(state, here)}.", "6.3"
    if a.dest not in state.data.board.neighbors(here):
        return ("not_adjacent", f"{_name(state, a.dest)} is not adjacent to "
                f"{_name(state, here)}.", "6.3")
    if kind == "city" and not B.friendly_city(state, side, a.dest):
        return ("enemy_city", f"{_name(state, a.dest)} is held by the enemy: take it by siege.",
                "6.8")
    if kind == "line":
        if side != SPAIN or not all(B.cdef(state, u).kind == "brigade" for u in units):
            return "line_brigades", "Only Spanish Brigades may occupy a Fortified Line.", \
                "6.13.2"
        if a.dest not in state.lines_built:
            return "line_unbuilt", f"{_name(state, a.dest)} has not been built.", "6.5"
    if kind == "sea":
        return "land_to_sea", "Land units go to Sea only as American convoys.", "7.1"
    return None


def _move_leader(state: FilState, side: str, a: A.MoveLeader) -> Refusal | None:
    found = _own_counter(state, side, a.leader) or _space(state, a.dest)
    if found:
        return found
    c = B.cdef(state, a.leader)
    if not c.leader:
        return ("not_leader", f"{c.name} is a combat unit: it moves with its stack.", "4.2.1")
    here = state.loc[a.leader]
    if a.join is None:
        if a.dest == here:
            return "same_space", f"{c.name} is already in {_name(state, here)}.", "6.3"
        if c.admiral:
            return ("admiral_route", "An Admiral moves alone to a friendly port or onto a "
                    "Fleet.", "6.3.2")
        if state.data.spaces[a.dest].kind == "sea":
            return ("general_sea", "A general goes to Sea only with a convoy or a Fleet.",
                    "4.2.1")
        return ("leader_dest", "A general moves alone to a Province of Luzon, a friendly city "
                "or, if Spanish, the Visayas or Mindanao.", "4.2.1")
    join = _own_counter(state, side, a.join)
    if join is not None:
        return join
    if state.loc[a.join] != a.dest:
        return ("join_elsewhere", f"{_name(state, a.join)} is not in {_name(state, a.dest)}.",
                "4.2.1")
    if a.leader in state.members(a.join):
        return "join_own", f"{c.name} is already in that stack.", "6.3"
    named = _stack_name(state, a.join)
    if named is not None:
        return named
    if not B.combat_units(state, state.members(a.join)):
        return "join_leader", "A leader joins a stack with combat units.", "4.2.1"
    if c.admiral != any(B.cdef(state, u).kind == "fleet" for u in state.members(a.join)):
        return ("join_kind", "Admirals join Fleets and generals join land units.", "4.2.2")
    return _stacking(state, [a.leader], state.members(a.join))


def _stacking(state: FilState, a: list[str], b: list[str]) -> Refusal | None:
    """The stacking restrictions of `movement.can_stack`, each with its own reason."""
    group = a + b
    factions = {B.cdef(state, c).faction for c in group}
    if SPAIN in factions and len(factions) > 1:
        return "stack_factions", "Spanish counters never stack with the enemy's.", "6.3"
    if any(B.cdef(state, c).restriction in ("moros", "bisayas") for c in group):
        return ("stack_moros", "The Moros and the Bisayas may not stack with other units or "
                "be led by any leader.", "4.2.1")
    if all(state.loc[c] != "graveyard" for c in ("bonifacio", "aguinaldo")):
        special = [c for c in group if c in ("bonifacio", "magdiwan")]
        others = [c for c in group if c not in ("bonifacio", "magdiwan")
                  and B.cdef(state, c).faction == FILIPINO]
        if special and others:
            return ("stack_magdiwan", "While Bonifacio and Aguinaldo live, the Magdiwan stacks "
                    "only with Bonifacio, and Bonifacio only with it.", "4.2.1, 4.2.2")
    units = B.combat_units(state, group)
    if len(units) > 1 and any(u in state.search for u in units):
        return ("stack_search", "A Brigade in Search and Destroy may not be stacked.",
                "6.9.2")
    return ("stack_fleet", "Fleets stack only with Fleets, leaders and American transports.",
            "6.3.2, 7.1")


def _merge(state: FilState, side: str, a: A.Merge) -> Refusal | None:
    found = _stack_blocked(state, side, a.stack) or _stack_blocked(state, side, a.into)
    if found:
        return found
    found = _stack_name(state, a.stack) or _stack_name(state, a.into)
    if found and state.stack_of[a.stack] != state.stack_of[a.into]:
        return found
    if state.stack_of[a.stack] == state.stack_of[a.into]:
        return "merge_same", "Those counters are already one stack.", "6.3"
    if state.loc[a.stack] != state.loc[a.into]:
        return ("merge_apart", "Only stacks in the same space may be stacked together.", "6.3")
    if state.data.spaces[state.loc[a.stack]].kind == "line":
        return "merge_line", "Brigades on a Fortified Line are not stacked there.", "6.13.2"
    return _stacking(state, state.members(a.stack), state.members(a.into))


def _split(state: FilState, side: str, a: A.Split) -> Refusal | None:
    found = _stack_blocked(state, side, a.counter)
    if found:
        return found
    if len(state.members(a.counter)) == 1:
        return "split_alone", f"{_name(state, a.counter)} is not in a stack.", "6.3"
    return ("split_sea", "Counters at Sea stay together until they reach a port or land.",
            "6.3.2")


def _recruit(state: FilState, side: str, a: A.Recruit) -> Refusal | None:
    found = _space(state, a.space)
    if found:
        return found
    if a.unit not in state.data.counters:
        return "not_counter", f"{_name(state, a.unit)} is a place, not a counter.", "4.2"
    c = B.cdef(state, a.unit)
    if c.side != side:
        return ("foreign", f"{c.name} belongs to the {_SIDE_NAMES[c.side]} side.", "5.2")
    if c.faction == USA:
        return "us_recruit", "The United States may not recruit.", "6.1"
    if side == SPAIN:
        if c.kind != "brigade" or a.unit not in state.stack_of or a.unit not in state.reduced:
            return ("spain_recruit", "Spain recruits only to restore a damaged CF 1 Brigade on "
                    "the board.", "6.1")
        return ("recruit_where", f"{c.name} is in {_name(state, state.loc[a.unit])}: recruit "
                "there.", "6.1")
    if c.restriction == "magdiwan":
        return "magdiwan_recruit", "The Magdiwan may not be recruited.", "6.1"
    if c.kind != "corps":
        return "recruit_corps", "Recruitment creates or raises a corps, not a leader.", "6.1"
    if a.space not in state.data.provinces:
        return "recruit_space", "Recruitment takes place in a Province.", "6.1"
    if c.restriction in ("moros", "bisayas"):
        return ("recruit_moros", "The Moros are recruited only in Mindanao and the Bisayas only "
                "in the Visayas.", "6.1")
    if a.unit in state.stack_of:
        if a.unit not in state.reduced or len(c.cf) < 2:
            return ("recruit_full", f"{c.name} is already at its full strength.", "6.1")
        return ("recruit_where", f"{c.name} is in {_name(state, state.loc[a.unit])}: recruit "
                "there.", "6.1")
    if state.loc[a.unit] != "filipino_troops":
        return ("recruit_box", f"{c.name} is not in the Filipino Troops box.", "6.1")
    if (a.space, a.unit) not in recruit_targets(state, side):
        return ("recruit_island", "Only the Moros are raised in Mindanao and only the Bisayas "
                "in the Visayas.", "6.1")
    return None


def _reinforce(state: FilState, side: str, a: A.Reinforce) -> Refusal | None:
    p = state.data.params
    if side != SPAIN:
        return "spain_only", "Only Spain may do that.", "5.2.1"
    if state.morale <= p.no_reinforcements_at_morale:
        return ("morale_one", f"No reinforcements may be requested with Morale at "
                f"{state.morale}.", "6.2")
    if fleet_blockade(state):
        return ("blockade", "A US Fleet at Sea and no Spanish one: no reinforcements and no "
                "repatriation.", "6.2")
    pool = len(spanish_box_brigades(state))
    if not pool:
        return "no_brigades", "No Brigade is left in the Spanish Troops box.", "6.2"
    if not a.dests or any(d not in state.data.provinces for d in a.dests):
        return "reinforce_where", "Reinforcements are deployed in Provinces.", "6.2"
    if len(a.dests) > p.reinforcements_per_round - state.round_reinforced:
        return ("reinforce_two", f"At most {p.reinforcements_per_round} Brigades come from "
                "Spain in one round.", "6.2")
    if len(a.dests) > pool:
        return "few_brigades", f"Only {pool} Brigade(s) are left in the Spanish Troops box.", \
            "6.2"
    if len(a.dests) == 2 and state.morale - 1 <= p.no_reinforcements_at_morale:
        return ("morale_second", f"The first Brigade takes Morale to {state.morale - 1}, "
                "where no other may be requested: one Brigade only.", "6.2")
    if a.stacked and (len(a.dests) != 2 or a.dests[0] != a.dests[1]):
        return ("reinforce_stacked", "Two Brigades arrive stacked only in one Province.", "6.2")
    order = state.data.provinces
    if len(a.dests) == 2 and order.index(a.dests[0]) > order.index(a.dests[1]):
        return ("reinforce_order", f"Name the two Provinces in the board's order: "
                f"{_name(state, a.dests[1])}, then {_name(state, a.dests[0])}.", "6.2")
    return None


def _repatriate(state: FilState, side: str, a: A.Repatriate) -> Refusal | None:
    if side != SPAIN:
        return "spain_only", "Only Spain may do that.", "5.2.1"
    found = _own_counter(state, side, a.unit)
    if found:
        return found
    if B.cdef(state, a.unit).kind != "brigade":
        return "repatriate_brigade", "Only Brigades are repatriated.", "6.2"
    if state.turn >= state.data.last_turn:
        return "last_turn", "Spain may not repatriate in the last turn.", "6.2"
    if fleet_blockade(state):
        return ("blockade", "A US Fleet at Sea and no Spanish one: no reinforcements and no "
                "repatriation.", "6.2")
    return None


def _attack(state: FilState, side: str, a: A.Attack) -> Refusal | None:
    if not a.units:
        return "attack_nobody", "An attack names the attacking units.", "6.4"
    for u in a.units:
        found = _stack_blocked(state, side, u)
        if found:
            return found
    if any(B.cdef(state, u).leader for u in a.units):
        return ("attack_leader", "Leaders do not attack: name the combat units (a leader "
                "alone may not attack at all).", "4.2.2.1")
    fleets = [u for u in a.units if B.cdef(state, u).kind == "fleet"]
    if a.target in state.data.spaces:
        return _siege(state, side, a)
    target = _own_counter(state, B.side_of(state, a.target), a.target) if \
        a.target in state.stack_of else ("off_board", f"{_name(state, a.target)} is not on "
                                        "the board.", "4.3")
    if target is not None and target[0] == "off_board":
        return target
    if B.side_of(state, a.target) == side:
        return "attack_own", f"{_name(state, a.target)} is on your own side.", "6.4"
    named = _stack_name(state, a.target)
    if named is not None:
        return named
    where = state.loc[a.target]
    if fleets:
        if len(fleets) != len(a.units):
            return ("naval_mixed", "In naval combat only Fleets fight: name the Fleets.",
                    "7.1")
        if any(state.loc[f] != "sea" for f in fleets) or where != "sea":
            return ("fleet_in_port", "Fleets fight only at Sea: attacks on a Fleet in port are "
                    "prohibited.", "6.4")
        if not any(B.cdef(state, m).admiral for m in state.members(fleets[0])):
            return "naval_admiral", "A Fleet attacks only with an Admiral stacked on it.", "5.2"
        return None
    if where == "sea" or state.data.spaces[where].kind == "city":
        return ("land_target", f"Land units cannot reach {_name(state, a.target)} in "
                f"{_name(state, where)}.", "6.4")
    sids = {state.stack_of[u] for u in a.units}
    province = B.province_of(state, where)
    for u in a.units:
        spc = state.data.spaces[state.loc[u]]
        near = state.loc[u] == where or (spc.kind == "city" and spc.province == province) or (
            spc.kind == "line" and where in spc.joins) or (
            state.data.spaces[where].kind == "line" and state.loc[u] in
            state.data.spaces[where].joins and side == FILIPINO)
        if not near:
            return ("attack_reach", f"{_name(state, u)} is not in {_name(state, where)} (or "
                    "its city, or a Fortified Line joining it).", "6.4")
    if len(sids) > 1:
        if side != SPAIN or not all(u in state.search and B.cdef(state, u).kind == "brigade"
                                    and len(B.combat_units(state, state.members(u))) == 1
                                    for u in a.units):
            return ("joint_attack", "Units of different stacks attack together only as "
                    "Brigades in Search and Destroy.", "6.6, 6.9.2")
        return ("joint_hidden", "Joint Search and Destroy columns attack only a hidden "
                "Guerrilla or a lone leader.", "6.9.2")
    members = B.combat_units(state, state.members(a.units[0]))
    if len(a.units) != 1 and sorted(a.units) != sorted(members):
        return ("attack_part", "An attack is made by the whole stack or by one of its units.",
                "6.4")
    return None


def _siege(state: FilState, side: str, a: A.Attack) -> Refusal | None:
    city = a.target
    spc = state.data.spaces[city]
    if spc.kind != "city":
        return ("attack_place", f"{spc.name} is a place: attack a counter there, or besiege a "
                "city.", "6.4, 6.8")
    if B.friendly_city(state, side, city):
        return "own_city", f"{spc.name} is already yours.", "6.8"
    if any(B.province_of(state, state.loc[u]) != spc.province
           or state.data.spaces[state.loc[u]].kind != "province" for u in a.units):
        return ("siege_where", f"The besiegers must stand in {_name(state, spc.province or '')}"
                ".", "6.8")
    units = list(a.units)
    if sorted(units) != sorted(B.combat_units(state, state.members(units[0]))):
        return "siege_stack", "A siege is made by a whole stack.", "6.8"
    if side == FILIPINO and not any(B.cdef(state, u).faction == USA for u in units) and not (
            state.artillery == "in_play" and state.artillery_holder in state.members(units[0])):
        return ("no_artillery", "Filipino troops besiege a city only with the Filipino "
                "Artillery in the stack.", "6.8")
    strength, defence = siege_strength(state, units), city_defence(state, city)
    if strength < defence:
        return ("siege_weak", f"The besiegers have strength {strength} and the city defends "
                f"with {defence}: they need as much.", "6.8")
    return None


def _disperse(state: FilState, side: str, a: A.Disperse) -> Refusal | None:
    if side != SPAIN:
        return "spain_only", "Only Spain may do that.", "5.2.1"
    found = _own_counter(state, side, a.brigade)
    if found:
        return found
    if B.cdef(state, a.brigade).kind != "brigade":
        return "disperse_brigade", "Only Brigades disperse.", "6.9"
    if a.brigade in state.protect or a.brigade in state.search:
        return ("regroup_first", "A dispersed Brigade must first regroup before it disperses "
                "again.", "6.9.1, 6.9.2")
    kind = state.data.spaces[state.loc[a.brigade]].kind
    if a.mode == "protect":
        if kind != "province":
            return "protect_where", "A Brigade protects the fields of a Province.", "6.9.1"
        return ("protect_one", "A Province already has a Brigade protecting its fields (at "
                "most one).", "6.9.1")
    if a.mode == "search":
        return ("search_where", "Search and Destroy columns form in a Province or on a "
                "Fortified Line.", "6.9.2")
    return "disperse_mode", "A Brigade disperses to protect the fields or to search.", "6.9"


def _regroup(state: FilState, side: str, a: A.Regroup) -> Refusal | None:
    if side != SPAIN:
        return "spain_only", "Only Spain may do that.", "5.2.1"
    found = _own_counter(state, side, a.brigade)
    if found:
        return found
    return "not_dispersed", f"{_name(state, a.brigade)} is not dispersed.", "6.10"


def _plunder(state: FilState, side: str, a: A.Plunder) -> Refusal | None:
    if side != FILIPINO:
        return "filipino_only", "Only the Filipino side may do that.", "5.2.1"
    found = _own_counter(state, side, a.unit)
    if found:
        return found
    if not B.is_guerrilla(state, a.unit):
        return "plunder_guerrilla", "Only a Guerrilla plunders.", "6.11"
    where = state.loc[a.unit]
    if state.data.spaces[where].kind != "province":
        return "plunder_where", "A Guerrilla plunders a Province, not a city.", "6.11"
    if where in state.sacked:
        return ("plunder_sacked", f"{_name(state, where)} has already been sacked this turn.",
                "6.11")
    return ("plunder_protected", f"A Brigade protects the fields of {_name(state, where)}.",
            "6.11")


def _hide(state: FilState, side: str, a: A.Hide) -> Refusal | None:
    if side != FILIPINO:
        return "filipino_only", "Only the Filipino side may do that.", "5.2.1"
    found = _own_counter(state, side, a.counter)
    if found:
        return found
    if a.counter not in state.targets:
        return "hide_no_target", f"{_name(state, a.counter)} has no Target marker.", "6.15"
    return ("hide_who", "Only a Guerrilla or a leader alone goes into hiding.", "6.15")


def _entrench(state: FilState, side: str, a: A.Entrench) -> Refusal | None:
    found = _stack_blocked(state, side, a.stack) or _stack_name(state, a.stack)
    if found:
        return found
    units = B.combat_units(state, state.members(a.stack))
    if not units:
        return "entrench_leader", "A leader alone does not entrench.", "6.14"
    if state.data.spaces[state.loc[a.stack]].kind != "province":
        return ("entrench_where", "No entrenching in a city or on a Fortified Line.", "6.14")
    if any(B.cdef(state, u).faction == USA for u in units):
        return ("entrench_us", "American units only move, attack and besiege.", "5.2.1, 6.14")
    if any(B.cdef(state, u).kind == "fleet" for u in units):
        return "entrench_fleet", "Fleets do not entrench.", "6.14"
    return "entrenched", "That stack is already entrenched.", "6.14"


def _political(state: FilState, side: str, a: A.Political) -> Refusal | None:
    if a.goal == "government":
        if side != SPAIN:
            return ("government_side", "Only Spain may change the Head of Government.",
                    "6.12")
        if state.canovas_dead:
            return "canovas_dead", "Cánovas is dead: the government cannot change.", "6.12"
        return ("government_once", "The Head of Government has already been changed by a "
                "Political Action.", "6.12")
    if a.goal != "us":
        return "political_goal", "A Political Action is about the US track or the "\
            "government.", "6.12"
    return ("us_at_war", "The United States are at war (or about to enter): the track no "
            "longer moves.", "7.0")


def _build_line(state: FilState, side: str, a: A.BuildLine) -> Refusal | None:
    if side != SPAIN:
        return "spain_only", "Only Spain may do that.", "5.2.1"
    if a.line not in state.data.lines:
        return "not_line", f"{_name(state, a.line)} is not a Fortified Line box.", "6.5"
    if a.line in state.lines_built:
        return "line_built", f"{_name(state, a.line)} is already built.", "6.5"
    if a.brigade is not None:
        found = _own_counter(state, side, a.brigade)
        if found:
            return found
        return ("line_brigade", "The Brigade moved onto a new Fortified Line must stand in a "
                "Province it joins.", "6.5")
    return None


def _end_reconcentration(state: FilState, side: str,
                         a: A.EndReconcentration) -> Refusal | None:
    if side != SPAIN:
        return "spain_only", "Only Spain may do that.", "5.2.1"
    return "no_reconcentration", "The Reconcentration marker is not in play.", "4.2.3.5"


def _trade(state: FilState, side: str, a: A.TradeCards) -> Refusal | None:
    hand = state.hands[side]
    for c in (a.first, a.second):
        if c not in hand:
            return ("card_not_held", f"'{_card(state, c)}' is not in the {_SIDE_NAMES[side]} hand.",
                    "6.13")
    return ("trade_twice", f"There is only one '{_card(state, a.first)}' in the hand.",
            "6.13")


def _play_card(state: FilState, side: str, a: A.PlayCard) -> Refusal | None:
    if a.card not in state.hands[side]:
        return ("card_not_held", f"'{_card(state, a.card)}' is not in the {_SIDE_NAMES[side]} "
                "hand.", "6.13")
    card = state.data.cards[a.card]
    if "round" not in card.when:
        return ("reaction_only", f"'{card.name}' is played only in answer to the enemy (a "
                "combat, a cancel or a response).", "6.13.5")
    if not requirements_met(state, card):
        needs = ", ".join(f"{k.replace('_', ' ')}: {v}" for k, v in card.requires.items())
        return ("card_requires", f"'{card.name}' needs {needs}.", "6.13")
    if not any(c == a.card for c, _ in round_cards(state, side)):
        return ("card_no_choice", f"'{card.name}' has nothing it could be played on now.",
                "6.13")
    return ("card_target", f"That is not a choice '{card.name}' allows.", "6.13")


def _end_round(state: FilState, side: str, a: A.EndRound) -> Refusal | None:
    return None


_ROUND_CHECKS: dict[type[Action], Callable[[FilState, str, Any], Refusal | None]] = {
    A.EndRound: _end_round, A.Move: _move, A.MoveLeader: _move_leader, A.Merge: _merge,
    A.Split: _split, A.Recruit: _recruit, A.Reinforce: _reinforce, A.Repatriate: _repatriate,
    A.Attack: _attack, A.Disperse: _disperse, A.Regroup: _regroup, A.Plunder: _plunder,
    A.Hide: _hide, A.Entrench: _entrench, A.Political: _political, A.BuildLine: _build_line,
    A.EndReconcentration: _end_reconcentration, A.TradeCards: _trade, A.PlayCard: _play_card,
}
