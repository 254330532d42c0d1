"""Attacks, the combat card window, counterattacks, sieges and interception (6.4, 6.7, 6.8)."""

from __future__ import annotations

from engine.core.actions import DiceRolled, Event, Message, Revealed
from filipinas.rules.board import (
    best_tf,
    cdef,
    cf,
    combat_units,
    defence_cf,
    fleets_at_sea,
    is_guerrilla,
    is_lone_leader,
    leaders,
    province_of,
    stacks_in,
)
from filipinas.rules.forces import (
    adjust_morale,
    apply_hit,
    box_for,
    kill_leader,
    leaders_left_alone,
    remove_counter,
    strongest,
)
from filipinas.rules.location import locate_guerrilla, locate_lone_leader
from filipinas.rules.setup import FILIPINO, SPAIN, USA
from filipinas.rules.state import Combat, FilState, Kind, Prompt

_ROLL_PURPOSE = {"land": "the combat", "naval": "the naval battle", "siege": "the siege"}
"""What a combat roll is for, as the dice animation says it ("Rolling for the siege…")."""


def other(side: str) -> str:
    return SPAIN if side == FILIPINO else FILIPINO


def attack_kind(state: FilState, units: list[str]) -> str:
    return "naval" if any(cdef(state, u).kind == "fleet" for u in units) else "land"


def naval_cf(state: FilState, units: list[str]) -> int:
    """In naval combat only Fleets count; transports alone are CF 0 (7.1)."""
    return sum(cf(state, u) for u in units if cdef(state, u).kind == "fleet")


def base_modifiers(state: FilState, kind: str, attackers: list[str], attack_cf: int,
                   defenders: list[str], def_cf: int, counter: bool = False
                   ) -> list[tuple[str, int]]:
    """CF difference, Tactical Factors and the terrain-like modifiers of 6.7, 6.13.2, 6.13.3,
    6.14 and 7.1, each with its reason."""
    p = state.data.params
    mods: list[tuple[str, int]] = [(f"CF {attack_cf} against {def_cf}", attack_cf - def_cf)]
    name, tf = best_tf(state, attackers)
    if tf:
        mods.append((f"{cdef(state, name).name}'s Tactical Factor", tf))
    name, tf = best_tf(state, defenders)
    if tf:
        mods.append((f"{cdef(state, name).name}'s Tactical Factor (defending)", -tf))
    units = combat_units(state, defenders)
    if kind == "land" and units:
        if all(u in state.entrenched for u in units):
            mods.append(("entrenched defender", p.entrench_attack))
        if any(state.data.spaces[state.loc[u]].kind == "line" for u in units):
            mods.append(("Fortified Line", p.line_attack))
        if cdef(state, attackers[0]).side == SPAIN and any(u in state.zapote_defenders
                                                          for u in units):
            mods.append(("Zapote Line", p.zapote_attack))
    if kind == "naval":
        for u in attackers:
            if cdef(state, u).kind == "fleet" and cdef(state, u).faction == USA and any(
                    cdef(state, m).land for m in state.members(u)):
                mods.append(("protecting the transports", p.convoy_escort))
                break
    return mods


# --- declaring ---------------------------------------------------------------------------------

def declare(state: FilState, side: str, units: list[str], target: str,
            events: list[Event]) -> None:
    """Carry out an Attack action whose cost is paid: siege, location, or combat (6.4-6.8)."""
    for u in units:
        state.entrenched.discard(u)  # a unit that attacks leaves its trench (6.14)
    if target in state.data.spaces:
        declare_siege(state, side, units, target, events)
        return
    if side == FILIPINO:
        for u in units:
            if is_guerrilla(state, u):
                state.targets.add(u)  # a Guerrilla that attacks is marked (6.4)
    target_stack = state.members(target)
    if side == SPAIN and is_lone_leader(state, target) and cdef(state, target).side == FILIPINO:
        if locate_lone_leader(state, units, target, events):
            for ld in leaders(state, target_stack):
                kill_leader(state, ld, events, "hunted down by the Spanish columns")
        return
    kind = attack_kind(state, units)
    attack_units = units
    if kind == "land" and side == SPAIN and is_guerrilla(state, target):
        located, who = locate_guerrilla(state, units, target, events)
        if not located:
            return
        attack_units = who
        attack_cf = located
    elif kind == "naval":
        attack_cf = naval_cf(state, units)
    else:
        attack_cf = attacking_cf(state, units)
    start(state, kind, side, attack_units, attack_cf, target_stack, events)


def attacking_cf(state: FilState, units: list[str]) -> int:
    """CF of land units attacking, counterattacking or fighting an interception with no
    location: a dispersed brigade fights at CF 1 whether it protects the fields (4.2.3.2) or
    searches in columns ("its combat factor is temporarily reduced to 1", 4.2.3.4,
    GAP-FIL-19). The one printed exception, the located columns of 6.9.2, is counted by
    `locate_guerrilla`."""
    return sum(defence_cf(state, u) for u in combat_units(state, units))


def defending_cf(state: FilState, kind: str, defenders: list[str]) -> int:
    if kind == "naval":
        return naval_cf(state, defenders)
    return sum(defence_cf(state, u) for u in combat_units(state, defenders))


def start(state: FilState, kind: str, side: str, attackers: list[str], attack_cf: int,
          defenders: list[str], events: list[Event], then: str = "round",
          counter_allowed: bool = True, def_cf: int | None = None) -> None:
    """Open a combat and its card window, attacker first (6.7)."""
    dcf = defending_cf(state, kind, defenders) if def_cf is None else def_cf
    space = state.loc[defenders[0]]
    combat = Combat(kind, side, list(attackers), attack_cf, list(defenders), dcf, space,
                    base_modifiers(state, kind, attackers, attack_cf, defenders, dcf),
                    to_declare=side, counter_allowed=counter_allowed, then=then)
    state.combat = combat
    names = ", ".join(cdef(state, u).name for u in attackers)
    events.append(Message(f"{names} attack{'s' if len(attackers) == 1 else ''} "
                          f"{', '.join(cdef(state, d).name for d in defenders)} in "
                          f"{state.data.spaces[space].name}"))


def declare_siege(state: FilState, side: str, units: list[str], city: str,
                  events: list[Event]) -> None:
    """A declared siege may be intercepted by one enemy stack in the Province (6.8.3)."""
    province = state.data.spaces[city].province
    assert province is not None
    foe = other(side)
    interceptors = [s for s in stacks_in(state, province, foe) if combat_units(state, s)]
    events.append(Message(f"Siege of {state.data.spaces[city].name} declared"))
    if interceptors:
        state.pending.append(Prompt(Kind.INTERCEPT, foe, units=tuple(units), city=city))
        return
    start_siege(state, side, units, city, events)


def siege_strength(state: FilState, units: list[str]) -> int:
    """Besieging strength: American and Spanish CF, and Filipino CF only with the Artillery in
    the stack (6.8, 6.8.1); a dispersed brigade besieges at CF 1 (4.2.3.4, GAP-FIL-19)."""
    has_artillery = state.artillery == "in_play" and any(
        state.artillery_holder in state.members(u) for u in units)
    total = 0
    for u in units:
        c = cdef(state, u)
        if c.faction != FILIPINO or has_artillery:
            total += defence_cf(state, u)
    return total


def city_defence(state: FilState, city: str) -> int:
    """Defence Value 1 plus the CF of the land units in the city (6.8); a brigade that kept its
    Search and Destroy marker on entering the city counts CF 1 (4.2.3.4, GAP-FIL-19)."""
    return state.data.params.city_defence + sum(
        defence_cf(state, c) for c in state.stack_of
        if state.loc[c] == city and cdef(state, c).land)


def start_siege(state: FilState, side: str, units: list[str], city: str,
                events: list[Event]) -> None:
    units = [u for u in units if u in state.stack_of]
    strength = siege_strength(state, units)
    defence = city_defence(state, city)
    if not units or strength < defence:
        events.append(Message(f"The siege is called off: strength {strength} against "
                              f"defence {defence} (6.8)"))
        return
    defenders = [c for c in state.stack_of if state.loc[c] == city]
    p = state.data.params
    mods: list[tuple[str, int]] = []
    name, tf = best_tf(state, units)
    if tf:
        mods.append((f"{cdef(state, name).name}'s Tactical Factor", tf))
    inside = [c for c in defenders if cdef(state, c).leader]
    if inside:
        best = max(inside, key=lambda c: cdef(state, c).tf)
        if cdef(state, best).tf:
            mods.append((f"{cdef(state, best).name}'s Tactical Factor (defending)",
                         -cdef(state, best).tf))
    faction_sea = [USA] if side == FILIPINO else [SPAIN]
    foe_sea = [SPAIN] if side == FILIPINO else [USA]
    if any(fleets_at_sea(state, f) for f in faction_sea) and not any(
            fleets_at_sea(state, f) for f in foe_sea):
        mods.append(("naval support", p.naval_support))
    state.combat = Combat("siege", side, units, strength, defenders, defence, city, mods,
                          to_declare=side, city=city)
    events.append(Message(f"Siege of {state.data.spaces[city].name}: strength {strength} "
                          f"against defence {defence}"))


# --- the card window ---------------------------------------------------------------------------

def playable_combat_cards(state: FilState, side: str) -> list[str]:
    """Cards `side` may declare now in the combat window (6.7, 6.13.5)."""
    c = state.combat
    if c is None:
        return []
    role = "attacker" if side == c.attacker else "defender"
    kind = c.kind
    result = []
    for card_id in state.hands[side]:
        card = state.data.cards[card_id]
        if "combat" not in card.when or kind not in card.combat_kinds:
            continue
        if card.role not in (role, "any"):
            continue
        eff = card.effect
        if "us_takes_city" in eff and not (kind == "siege" and c.attacker == FILIPINO and any(
                cdef(state, u).faction == USA for u in c.attackers)):
            continue
        if "counterattack_after_hit" in eff and (not c.counter_allowed or c.then != "round"):
            continue
        if card_id not in result:
            result.append(card_id)
    return result


def advance_combat(state: FilState, events: list[Event]) -> None:
    """Offer the window to whoever declares next; resolve once both stop in a row (6.7)."""
    c = state.combat
    while c is not None and not state.pending:
        if c.passes >= 2:
            resolve(state, events)
            return
        side = c.to_declare
        if playable_combat_cards(state, side):
            state.pending.append(Prompt(Kind.COMBAT_CARDS, side))
            return
        c.passes += 1
        c.to_declare = other(side)


def play_combat_card(state: FilState, side: str, card_id: str, events: list[Event]) -> None:
    c = state.combat
    assert c is not None
    card = state.data.cards[card_id]
    state.hands[side].remove(card_id)
    state.out.append(card_id)
    c.cards.append(card_id)
    eff = card.effect
    if "combat_roll" in eff:
        c.modifiers.append((card.name, int(eff["combat_roll"])))
    if eff.get("counterattack_after_hit"):
        c.counter_after_hit = True
    if eff.get("us_takes_city"):
        c.us_takes_city = True
    events.append(Revealed(f"{side.title()} plays '{card.name}'", items=(card_id,)))
    c.passes = 0
    c.to_declare = other(side)


def decline_cards(state: FilState, side: str) -> None:
    c = state.combat
    assert c is not None
    c.passes += 1
    c.to_declare = other(side)


# --- resolution --------------------------------------------------------------------------------

def resolve(state: FilState, events: list[Event]) -> None:
    """Roll the die and apply the Combat Table: a hit on a modified 6 or more (6.7)."""
    c = state.combat
    assert c is not None
    p = state.data.params
    total_mod = sum(v for _, v in c.modifiers)
    roll = state.dice.roll_one(purpose=c.kind)
    need = p.siege_hit if c.kind == "siege" else p.combat_hit
    hit = roll + total_mod >= need
    c.hit = hit
    detail = ", ".join(f"{r} {v:+d}" for r, v in c.modifiers)
    events.append(DiceRolled(f"Combat roll {roll} ({detail}) = {roll + total_mod}: "
                             f"{'hit' if hit else 'no hit'}", values=(roll,),
                             purpose=_ROLL_PURPOSE.get(c.kind, c.kind)))
    state.combat = None
    if c.kind == "siege":
        siege_result(state, c, events)
        return
    pre = defending_cf(state, c.kind, [d for d in c.defenders if d in state.stack_of])
    if hit:
        inflict(state, c, events)
    survivors = [d for d in c.defenders if d in state.stack_of]
    if c.then == "siege":
        if hit:
            start_siege(state, c.attacker, list(c.siege_units), c.siege_city, events)
        else:
            events.append(Message("The interception holds: the siege is cancelled (6.8.3)"))
            offer_counter(state, c, survivors, pre, events)
        return
    if c.counter_allowed and (not hit or c.counter_after_hit):
        offer_counter(state, c, survivors, pre if hit else 0, events)


def offer_counter(state: FilState, c: Combat, survivors: list[str], pre: int,
                  events: list[Event]) -> None:
    """The attacked side may counterattack at no cost after a miss (6.7)."""
    units = combat_units(state, survivors)
    if c.kind == "naval":
        units = [u for u in units if cdef(state, u).kind == "fleet"]
        if not any(cdef(state, m).admiral for u in units for m in state.members(u)):
            units = []
    attackers = [a for a in c.attackers if a in state.stack_of]
    if not units or not attackers:
        return
    kind = "land" if c.kind == "siege" else c.kind
    state.pending.append(Prompt(Kind.COUNTERATTACK, c.defender, units=tuple(units),
                                targets=tuple(attackers), action=kind, value=c.attack_cf,
                                pre=pre))


def counterattack(state: FilState, prompt: Prompt, events: list[Event]) -> None:
    """The same attack process at no cost, against the attacking force at the CF it attacked
    with (6.7 example: −2 for a Guerrilla against three columns)."""
    units = [u for u in prompt.units if u in state.stack_of]
    targets = [t for t in prompt.targets if t in state.stack_of]
    kind = prompt.action
    acf = naval_cf(state, units) if kind == "naval" else (
        prompt.pre or attacking_cf(state, units))
    dcf = min(prompt.value, defending_cf(state, kind, targets)) if kind == "naval" \
        else prompt.value
    events.append(Message("Counterattack"))
    start(state, kind, prompt.player, units, acf, targets, events, counter_allowed=False,
          def_cf=dcf)


def inflict(state: FilState, c: Combat, events: list[Event]) -> None:
    """One hit on the attacked stack, and its Morale (6.7, 4.2.3.13, 7.1, 7.1.1)."""
    p = state.data.params
    alive = [d for d in c.defenders if d in state.stack_of]
    stack_leaders = leaders(state, alive)
    units = combat_units(state, alive)
    spanish = c.defender == SPAIN
    if not units:
        for ld in stack_leaders:
            kill_leader(state, ld, events, "caught alone by the enemy")
            if cdef(state, ld).side == SPAIN:
                adjust_morale(state, -p.morale_leader, f"{cdef(state, ld).name} lost", events)
        return
    if c.kind == "naval":
        fleets = [u for u in units if cdef(state, u).kind == "fleet"]
        if fleets:
            target = strongest(state, fleets)
            carried = [u for u in state.members(target) if cdef(state, u).land]
            apply_hit(state, target, events)
            sign = -1 if spanish else 1
            adjust_morale(state, sign * p.morale_fleet_step, "naval battle", events)
            for u in carried:
                apply_hit(state, u, events)  # transports share the Fleet's damage (7.1)
                adjust_morale(state, sign * p.morale_battle, "transports hit", events)
        else:
            apply_hit(state, strongest(state, units), events)
            adjust_morale(state, p.morale_battle, "transports sunk", events)
    else:
        apply_hit(state, strongest(state, units), events)
        adjust_morale(state, -p.morale_battle if spanish else p.morale_battle,
                      "battle lost" if spanish else "battle won", events)
    leaders_left_alone(state, stack_leaders, events)


def siege_result(state: FilState, c: Combat, events: list[Event]) -> None:
    """All or nothing: the defenders surrender and the city changes hands (6.8, 6.8.1)."""
    p = state.data.params
    city = c.city
    if not c.hit:
        units = [d for d in c.defenders if d in state.stack_of and cdef(state, d).land]
        if units:
            offer_counter(state, c, units, 0, events)
        return
    for d in [d for d in c.defenders if d in state.stack_of]:
        cd = cdef(state, d)
        if cd.leader:
            kill_leader(state, d, events, "the city surrenders")
        elif cd.kind == "fleet":
            steps = cf(state, d)
            remove_counter(state, d, "graveyard")
            events.append(Message(f"{cd.name} is destroyed in port"))
            sign = -1 if cd.side == SPAIN else 1
            adjust_morale(state, sign * p.morale_fleet_step * steps, "fleet lost in port",
                          events)
        else:
            remove_counter(state, d, box_for(state, d))
            events.append(Message(f"{cd.name} surrenders"))
    name = state.data.spaces[city].name
    if c.attacker == SPAIN:
        state.city_owner.pop(city, None)
        adjust_morale(state, p.morale_siege, f"{name} retaken", events)
        events.append(Message(f"Spain retakes {name}"))
        return
    owner = city_taker(state, c)
    state.city_owner[city] = owner
    adjust_morale(state, -p.morale_siege, f"{name} lost", events)
    victors = "Filipinos" if owner == FILIPINO else "Americans"
    events.append(Message(f"{name} falls to the {victors}"))


def city_taker(state: FilState, c: Combat) -> str:
    """The United States take the city when the Filipinos have no Artillery, when they bring
    more CF, on a tie (GAP-FIL-27) or by a card (6.8.1)."""
    units = [u for u in c.attackers if u in state.stack_of]
    has_artillery = state.artillery == "in_play" and any(
        state.artillery_holder in state.members(u) for u in units)
    fil = sum(cf(state, u) for u in units if cdef(state, u).faction == FILIPINO)
    us = sum(cf(state, u) for u in units if cdef(state, u).faction == USA)
    if not has_artillery or (c.us_takes_city and us):
        return USA
    return FILIPINO if fil > us else USA


def intercept(state: FilState, prompt: Prompt, stack: str, events: list[Event]) -> None:
    """The besieger must first fight the intercepting stack, at no cost (6.8.3)."""
    units = [u for u in prompt.units if u in state.stack_of]
    defenders = state.members(stack)
    events.append(Message(f"{cdef(state, stack).name}'s stack intercepts the siege"))
    acf = attacking_cf(state, units)
    state.combat = None
    start(state, "land", other(prompt.player), units, acf, defenders, events, then="siege")
    assert state.combat is not None
    state.combat.siege_units = tuple(units)
    state.combat.siege_city = prompt.city


def province_stack_space(state: FilState, cid: str) -> str | None:
    return province_of(state, state.loc[cid])
