"""Every legal answer to the decision of the moment (DESIGN.md §2)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from itertools import combinations

from engine.core.actions import Action
from filipinas.rules import actions as A
from filipinas.rules import board as B
from filipinas.rules.cards import (
    cancel_cards,
    fleet_blockade,
    recruit_targets,
    response_cards,
    response_targets,
    round_cards,
)
from filipinas.rules.combat import city_defence, playable_combat_cards, siege_strength
from filipinas.rules.forces import relocation_choices, spanish_box_brigades
from filipinas.rules.movement import can_stack, zapote_candidates
from filipinas.rules.sequence import FLAT_COST, cost, flat_cost
from filipinas.rules.setup import FILIPINO, SPAIN, USA
from filipinas.rules.state import FilState, Kind, Phase

# Actions are frozen values compared by value, so the legal lists share one object per
# distinct action instead of building hundreds at every decision.
_Move = functools.cache(A.Move)
_MoveLeader = functools.cache(A.MoveLeader)
_Attack = functools.cache(A.Attack)
_Split = functools.cache(A.Split)
_Merge = functools.cache(A.Merge)
_Recruit = functools.cache(A.Recruit)
_Entrench = functools.cache(A.Entrench)
_Plunder = functools.cache(A.Plunder)
_Hide = functools.cache(A.Hide)
_PlayCard = functools.cache(A.PlayCard)
_TradeCards = functools.cache(A.TradeCards)
_Reinforce = functools.cache(A.Reinforce)
_Repatriate = functools.cache(A.Repatriate)
_Disperse = functools.cache(A.Disperse)
_Regroup = functools.cache(A.Regroup)
_BuildLine = functools.cache(A.BuildLine)
_Political = functools.cache(A.Political)


def legal_actions(state: FilState) -> list[Action]:
    if state.outcome is not None or state.phase == Phase.OVER:
        return []
    if state.pending:
        return prompt_actions(state)
    return round_actions(state, state.active)


def is_legal(state: FilState, action: Action) -> bool:
    """Whether `action` is one of `legal_actions(state)`, asking only the generator of its kind
    (apply validates every action; generating the whole list twice per action doubled a
    playout's cost)."""
    if state.outcome is not None or state.phase == Phase.OVER:
        return False
    if state.pending:
        return action in prompt_actions(state)
    side = state.active
    if isinstance(action, A.EndRound):
        return True
    if isinstance(action, A.PlayCard):
        return (action.card, action.targets) in round_cards(state, side)
    if isinstance(action, A.TradeCards):
        return _tradable(state, side, action)
    if state.ap[side] <= 0:
        return False
    generate = _GENERATORS.get(type(action))
    if generate is None or (type(action) in _SPANISH_ONLY and side != SPAIN):
        return False
    return action in generate(state, side) and cost(state, side, action) <= state.ap[side]


def _tradable(state: FilState, side: str, action: A.TradeCards) -> bool:
    """Two cards of the hand, named in sorted order (6.13)."""
    hand = state.hands[side]
    if action.first == action.second:
        return hand.count(action.first) >= 2
    return action.first < action.second and action.first in hand and action.second in hand


def prompt_actions(state: FilState) -> list[Action]:
    p = state.pending[-1]
    side = p.player
    out: list[Action] = []
    if p.kind == Kind.DISCARD:
        return [A.Discard(c) for c in dict.fromkeys(state.hands[side])]
    if p.kind == Kind.COMBAT_CARDS:
        out = [_PlayCard(c) for c in playable_combat_cards(state, side)]
    elif p.kind == Kind.COUNTERATTACK:
        out = [A.Counterattack()]
    elif p.kind == Kind.CANCEL:
        out = [_PlayCard(c) for c in cancel_cards(state, side)]
    elif p.kind == Kind.RESPONSE:
        out = [_PlayCard(c, t) for c in response_cards(state, side, p.action)
               for t in response_targets(state, c, p)]
    elif p.kind == Kind.INTERCEPT:
        province = state.data.spaces[p.city].province
        assert province is not None
        out = [A.Intercept(s[0]) for s in B.stacks_in(state, province, side)
               if B.combat_units(state, s)]
    elif p.kind == Kind.ZAPOTE:
        out = [A.DefendZapote(s) for s in zapote_candidates(state)]
    elif p.kind == Kind.RELOCATE:
        return [A.Relocate(p.leader, d, j) for d, j in relocation_choices(state, p.leader)]
    out.append(A.Decline())
    return out


def _affordable(state: FilState, side: str, actions: list[Action]) -> list[Action]:
    """The actions `side` can pay for; the exact cost is worked out only where the AP might
    not cover the dearest case (4.2.2, 5.2.2)."""
    ap = state.ap[side]
    p = state.data.params
    top = max(p.cost, p.cost_no_general, p.cost_convoy_no_general)
    flat = flat_cost(state) <= ap
    flat_types = _FLAT_TYPES
    return [a for a in actions if (flat if type(a) in flat_types else (
        _ceiling(a, top, p.cost, p.coordination) <= ap or cost(state, side, a) <= ap))]


_FLAT_TYPES = frozenset(FLAT_COST)


def _ceiling(action: Action, top: int, each: int, coordination: int) -> int:
    """An upper bound of what `action` can cost: the dearest printed cost per stack (or per
    Brigade called from Spain), plus the Coordinated Action's extra AP."""
    if isinstance(action, A.Attack):
        return top * len(action.units) + coordination
    if isinstance(action, A.Reinforce):
        return each * len(action.dests) + coordination
    return top + coordination


def round_actions(state: FilState, side: str) -> list[Action]:
    """The choices of a round: actions the side can pay for, cards, the two-card trade, and
    ending the round (5.2.1-5.2.3)."""
    out: list[Action] = [A.EndRound()]
    out.extend(_PlayCard(c, t) for c, t in round_cards(state, side))
    hand = sorted(set(state.hands[side]))
    if len(state.hands[side]) >= 2:
        for a, b in combinations(hand, 2):
            out.append(_TradeCards(a, b))
        for c in hand:
            if state.hands[side].count(c) >= 2:
                out.append(_TradeCards(c, c))
    if state.ap[side] <= 0:
        return out
    costed: list[Action] = []
    every = B.all_stacks(state, side)
    own = _own(state, every)
    costed.extend(move_actions(state, side, own))
    costed.extend(leader_moves(state, side, every))
    costed.extend(stacking_actions(state, side, own))
    costed.extend(_Recruit(s, u) for s, u in recruit_targets(state, side))
    costed.extend(attack_actions(state, side, own))
    costed.extend(operation_actions(state, side, own))
    if side == SPAIN:
        costed.extend(spanish_actions(state))
    out.extend(_affordable(state, side, costed))
    return out


def _stacks(state: FilState, side: str) -> list[list[str]]:
    return _own(state, B.all_stacks(state, side))


def _own(state: FilState, stacks: list[list[str]]) -> list[list[str]]:
    """The stacks that may act: none besieged in Baler, none holding an exiled Aguinaldo."""
    return [s for s in stacks if not any(c in state.baler for c in s)
            and not (state.exiled and "aguinaldo" in s)]


def move_actions(state: FilState, side: str,
                 stacks: list[list[str]] | None = None) -> list[Action]:
    """Land moves to adjacent spaces, coastal transport, naval moves and convoys (6.3, 7.1).
    `stacks` are the side's stacks that may act (`_stacks`) when the caller has them."""
    out: list[Action] = []
    sp = state.data.spaces
    for stack in _stacks(state, side) if stacks is None else stacks:
        units = B.combat_units(state, stack)
        if not units:
            continue  # a lone leader moves with MoveLeader (4.2.1)
        here = state.loc[stack[0]]
        kinds = {B.cdef(state, u).kind for u in units}
        if any(B.cdef(state, u).restriction in ("moros", "bisayas") for u in units):
            continue
        if "fleet" in kinds:
            if not any(B.cdef(state, m).admiral for m in stack):
                continue
            if here == "sea":
                ports = ["hong_kong"] if side == FILIPINO else [
                    c for c in state.data.cities if B.friendly_city(state, SPAIN, c)]
                out.extend(_Move(stack[0], p, "naval") for p in ports)
                if side == FILIPINO and any(B.cdef(state, u).land for u in units):
                    out.extend(_Move(stack[0], p, "landing") for p in state.data.provinces)
            elif sp[here].kind in ("city", "port"):
                out.append(_Move(stack[0], "sea", "naval"))
            continue
        us_afloat = any(B.cdef(state, u).faction == USA and u not in state.landed for u in units)
        if us_afloat:
            if here == "hong_kong":
                out.append(_Move(stack[0], "sea", "convoy"))
            elif here == "sea":
                out.extend(_Move(stack[0], p, "landing") for p in state.data.provinces)
            continue
        for dest in state.data.board.neighbors(here):
            kind = sp[dest].kind
            city_ok = kind == "city" and B.friendly_city(state, side, dest)
            line_ok = kind == "line" and side == SPAIN and dest in state.lines_built and all(
                B.cdef(state, u).kind == "brigade" for u in units)
            if kind == "province" or city_ok or line_ok:
                out.append(_Move(stack[0], dest, "land"))
        if side == SPAIN and sp[here].kind == "province" and not (
                state.us_at_war and B.fleets_at_sea(state, USA)):
            for dest in state.data.provinces:
                if dest != here:
                    out.append(_Move(stack[0], dest, "coastal"))
    return out


def leader_moves(state: FilState, side: str,
                 stacks: list[list[str]] | None = None) -> list[Action]:
    """A leader moves alone anywhere for 1 AP, alone, into a friendly city or onto a friendly
    stack (4.2.1, GAP-FIL-17). `stacks` are all the side's stacks when the caller has them."""
    out: list[Action] = []
    sp = state.data.spaces
    counters = state.data.counters
    # the stacks a leader may join, by space, each with whether it holds a fleet
    by_space: dict[str, list[tuple[list[str], bool]]] = {}
    for stack in B.all_stacks(state, side) if stacks is None else stacks:
        if B.combat_units(state, stack):
            fleet = any(counters[u].kind == "fleet" for u in stack)
            by_space.setdefault(state.loc[stack[0]], []).append((stack, fleet))
    own_leaders = [cid for cid in state.stack_of
                   if counters[cid].leader and counters[cid].side == side]
    for leader in sorted(own_leaders, key=state.data.order.__getitem__):
        c = B.cdef(state, leader)
        if leader in state.baler:
            continue
        if leader == "aguinaldo" and state.exiled:
            continue
        here = state.loc[leader]
        alone = len(state.members(leader)) == 1
        if c.admiral:
            dests = ["hong_kong"] if c.faction == USA else [
                d for d in state.data.cities if B.friendly_city(state, SPAIN, d)]
            dests = dests + ["sea"]
        else:
            dests = [d for d in state.data.luzon]
            dests += [d for d in state.data.cities if B.friendly_city(state, side, d)]
            if side == SPAIN:
                dests += ["visayas", "mindanao"]
        for dest in dests:
            if dest != here and (sp[dest].kind != "sea"):
                out.append(_MoveLeader(leader, dest, None))
            for stack, fleet in by_space.get(dest, ()):
                if leader in stack or c.admiral != fleet:
                    continue
                if can_stack(state, [leader], stack) and not (alone and dest == here):
                    out.append(_MoveLeader(leader, dest, stack[0]))
    return out


def stacking_actions(state: FilState, side: str,
                     stacks: list[list[str]] | None = None) -> list[Action]:
    """Stack two stacks in one space (1 AP), or take a counter out of a stack (1 AP) (6.3)."""
    out: list[Action] = []
    by_space: dict[str, list[list[str]]] = {}
    for stack in _stacks(state, side) if stacks is None else stacks:
        by_space.setdefault(state.loc[stack[0]], []).append(stack)
        if len(stack) > 1 and state.loc[stack[0]] != "sea":
            out.extend(_Split(c) for c in stack)
    for space, stacks in by_space.items():
        if state.data.spaces[space].kind == "line":
            continue
        for a, b in combinations(stacks, 2):
            if can_stack(state, a, b):
                out.append(_Merge(a[0], b[0]))
    return out


def _attackers_in(state: FilState, stacks: list[list[str]], province: str) -> list[list[str]]:
    """Own `stacks` that may attack in `province`: in it, in its city (a sortie), or, for
    Spain, on a Fortified Line joining it (6.13.2)."""
    result = []
    for stack in stacks:
        where = state.loc[stack[0]]
        spc = state.data.spaces[where]
        near = where == province or (spc.kind == "city" and spc.province == province) or (
            spc.kind == "line" and province in spc.joins)
        if near and B.combat_units(state, stack) and not any(
                B.cdef(state, u).kind == "fleet" for u in stack):
            result.append(stack)
    return result


def attack_actions(state: FilState, side: str,
                   stacks: list[list[str]] | None = None) -> list[Action]:
    """Attacks, locate-and-attack, joint Search and Destroy, sieges and naval attacks (6.4-6.8)."""
    out: list[Action] = []
    foe = FILIPINO if side == SPAIN else SPAIN
    own = _stacks(state, side) if stacks is None else stacks
    for province in state.data.provinces:
        attackers = _attackers_in(state, own, province)
        if not attackers:
            continue
        targets = [s for s in B.stacks_in(state, province, foe)]
        for line in state.data.lines:
            if province in state.data.spaces[line].joins and side == FILIPINO:
                targets.extend(B.stacks_in(state, line, foe))
        for stack in attackers:
            units = B.combat_units(state, stack)
            options = [units] + ([[u] for u in units] if len(units) > 1 else [])
            for group in options:
                for t in targets:
                    out.append(_Attack(tuple(group), t[0]))
        if side == SPAIN:
            searchers = [s[0] for s in attackers if len(B.combat_units(state, s)) == 1
                         and s[0] in state.search and B.cdef(state, s[0]).kind == "brigade"]
            if len(searchers) >= 2:
                hidden = [t for t in targets if B.is_guerrilla(state, t[0])
                          or B.is_lone_leader(state, t[0])]
                for n in range(2, len(searchers) + 1):
                    for joint in combinations(searchers, n):
                        out.extend(_Attack(joint, t[0]) for t in hidden)
        city = state.data.city_of(province)
        if city is not None and not B.friendly_city(state, side, city):
            defence = city_defence(state, city)
            for stack in attackers:
                if state.loc[stack[0]] != province:
                    continue
                units = B.combat_units(state, stack)
                if siege_strength(state, units) >= defence:
                    out.append(_Attack(tuple(units), city))
    for stack in own:
        if state.loc[stack[0]] != "sea" or not any(B.cdef(state, m).admiral for m in stack):
            continue
        fleets = [u for u in stack if B.cdef(state, u).kind == "fleet"]
        if not fleets:
            continue
        for t in B.stacks_in(state, "sea", foe):
            out.append(_Attack(tuple(fleets), t[0]))
    # Spanish-only and Filipino-only guards: Moros/Bisayas never leave their box; a lone leader
    # never attacks (4.2.2.1) — both hold because only stacks with combat units attack.
    return out


def can_entrench(state: FilState, stack: list[str]) -> bool:
    """A Spanish or Filipino land stack in a Province (never a city or a line) may entrench
    (6.14); American units only move, attack and besiege (5.2.1), so a stack holding one may
    not."""
    units = B.combat_units(state, stack)
    return bool(units) and state.data.spaces[state.loc[stack[0]]].kind == "province" and not all(
        u in state.entrenched for u in units) and not any(
        B.cdef(state, u).kind == "fleet" or B.cdef(state, u).faction == USA for u in units)


def operation_actions(state: FilState, side: str,
                      stacks: list[list[str]] | None = None) -> list[Action]:
    out: list[Action] = []
    order = state.data.order
    if side == FILIPINO:
        for cid in sorted(state.stack_of, key=order.__getitem__):
            cd = B.cdef(state, cid)
            if cd.side != FILIPINO or cid in state.baler:
                continue
            where = state.loc[cid]
            protected = any(state.loc[b] == where for b in state.protect)
            if B.is_guerrilla(state, cid) and state.data.spaces[where].kind == "province" \
                    and where not in state.sacked and not protected:
                out.append(_Plunder(cid))
            if cid in state.targets and (B.is_guerrilla(state, cid) or
                                         B.is_lone_leader(state, cid)):
                out.append(_Hide(cid))
    for stack in _stacks(state, side) if stacks is None else stacks:
        if can_entrench(state, stack):
            out.append(_Entrench(stack[0]))
    if not state.us_at_war and not state.us_entry_pending:
        out.append(_Political("us"))
    if side == SPAIN and not state.government_changed and not state.canovas_dead:
        out.append(_Political("government"))
    return out


def spanish_actions(state: FilState) -> list[Action]:
    """Reinforce, repatriate, disperse, regroup, Fortified Lines, end Reconcentration (5.2.1)."""
    out: list[Action] = []
    order = state.data.order
    blockade = fleet_blockade(state)
    pool = len(spanish_box_brigades(state))
    room = state.data.params.reinforcements_per_round - state.round_reinforced
    provinces = state.data.provinces
    if state.morale > state.data.params.no_reinforcements_at_morale and pool and not blockade \
            and room > 0:
        out.extend(_Reinforce((p,)) for p in provinces)
        # a second Brigade is requested at the Morale the first one leaves (6.2)
        if pool >= 2 and room >= 2 \
                and state.morale - 1 > state.data.params.no_reinforcements_at_morale:
            for i, a in enumerate(provinces):
                for b in provinces[i:]:
                    out.append(_Reinforce((a, b)))
                    if a == b:
                        out.append(_Reinforce((a, b), True))
    brigades = [c for c in sorted(state.stack_of, key=order.__getitem__)
                if B.cdef(state, c).kind == "brigade" and B.cdef(state, c).side == SPAIN]
    last = state.turn >= state.data.last_turn
    protected = {state.loc[b] for b in state.protect}
    for b in brigades:
        if not last and not blockade:
            out.append(_Repatriate(b))
        kind = state.data.spaces[state.loc[b]].kind
        if b in state.protect or b in state.search:
            out.append(_Regroup(b))
            continue
        if kind == "province" and state.loc[b] not in protected:
            out.append(_Disperse(b, "protect"))
        if kind in ("province", "line"):
            out.append(_Disperse(b, "search"))
    for line in state.data.lines:
        if line in state.lines_built:
            continue
        out.append(_BuildLine(line, None))
        for b in brigades:
            if state.loc[b] in state.data.spaces[line].joins:
                out.append(_BuildLine(line, b))
    if state.reconcentration:
        out.append(A.EndReconcentration())
    return out


def _stacking(state: FilState, side: str) -> list[Action]:
    return stacking_actions(state, side)


def _recruits(state: FilState, side: str) -> list[Action]:
    return [_Recruit(s, u) for s, u in recruit_targets(state, side)]


def _spanish(state: FilState, side: str) -> list[Action]:
    return spanish_actions(state)


_GENERATORS: dict[type[Action], Callable[[FilState, str], list[Action]]] = {
    A.Move: move_actions, A.MoveLeader: leader_moves, A.Merge: _stacking, A.Split: _stacking,
    A.Recruit: _recruits, A.Attack: attack_actions, A.Plunder: operation_actions,
    A.Hide: operation_actions, A.Entrench: operation_actions, A.Political: operation_actions,
    A.Reinforce: _spanish, A.Repatriate: _spanish, A.Disperse: _spanish, A.Regroup: _spanish,
    A.BuildLine: _spanish, A.EndReconcentration: _spanish,
}
"""Which generator of `round_actions` lists each kind of costed action."""

_SPANISH_ONLY = frozenset({A.Reinforce, A.Repatriate, A.Disperse, A.Regroup, A.BuildLine,
                           A.EndReconcentration})
