"""Combat (section 8) with air support, F.E.C. (section 11) and weather (section 13).

A combat is declared before any die is rolled: one or more counters of the acting player
against one or more adjacent enemy counters of the same arm (land, naval, air), every attacker
next to every defender (GAP-GUE-38); without stacks at most 2 against 2. Air counters within 3
hexes may support land counters, +1 each. The attacker then says whether it spends F.E.C., the
defender adds its air support and says the same. Normal combat: each side rolls the die and
multiplies by its combined combat factor; the higher product wins and every counter of the
other side engaged in the combat is eliminated (GAP-GUE-37); a tie leaves all in place. A
combat against a stack of land counters in a city is resolved on the city-stack table and the
losing players choose their losses.
"""

from __future__ import annotations

from engine.core.actions import Action, DiceRolled, Event, Message
from engine.core.hexgrid import Hex, hex_distance, hex_neighbors
from guerra.rules.actions import (
    AddAttacker,
    AddDefender,
    Attack,
    DefenceReady,
    Resolve,
    Support,
    TakeLoss,
)
from guerra.rules.counters import eliminate, ids_of_kind, ids_of_side, name, place_name, unit_order
from guerra.rules.data import Kind, Side, Terrain
from guerra.rules.fec import can_spend, spend
from guerra.rules.naval import usable
from guerra.rules.state import Combat, CombatStage, GuerraState, Unit, Where, side_of_seat
from guerra.rules.weather import attack_cut


def arms_at(state: GuerraState, arm: str) -> dict[Hex, list[str]]:
    """The counters of an arm on the map, by hex."""
    if arm == "land":
        return state.land_at
    return state.naval_at if arm == "naval" else state.air_at


def can_attack(unit: Unit) -> bool:
    """A counter fights once in its own attacking phase; an air counter either fights or
    supports (section 8)."""
    if unit.where is not Where.MAP or unit.fought:
        return False
    return not (unit.kind is Kind.AIR and unit.air_attack)


def may_attack(state: GuerraState, unit: Unit) -> bool:
    """`can_attack`, and a naval counter must be one of those the naval-use roll lets its army
    use this turn: attacking uses it, defending does not (section 7 2, GAP-GUE-42)."""
    return can_attack(unit) and (unit.kind is not Kind.NAVAL or usable(state, unit))


def _engage(state: GuerraState, unit: Unit) -> None:
    """A naval counter declared as an attacker counts against the naval-use roll at once, so
    two attackers cannot share the last counter allowed (section 7 2)."""
    if unit.kind is Kind.NAVAL:
        state.naval_used.add(unit.id)


def is_city_stack(state: GuerraState, h: Hex) -> bool:
    """Two or more land counters on a city hex: combat on the city-stack table (section 8)."""
    return h in state.data.board.cities and len(state.land_at.get(h, ())) >= 2


def attack_actions(state: GuerraState, player: str) -> list[Action]:
    """Every combat the acting player may open: an own counter against an adjacent enemy
    counter of the same arm (section 8)."""
    actions: list[Action] = []
    units, board = state.units, state.data.board
    cells, adjacent, at = board.cells, board.adjacent, board.index
    # a seat commands only its side's counters (the invariants check it); the neighbours in
    # `hex_neighbors` order, off-map ones left out (no counter stands there); the side of the
    # land counters on each cell (`GuerraState.land_side`) tells a land counter's enemy
    # neighbours without looking up every neighbouring hex
    side = side_of_seat(player)
    enemy, land_side, land_at = side.enemy, state.land_side, state.land_at
    on_map, air, naval = Where.MAP, Kind.AIR, Kind.NAVAL
    for uid in ids_of_side(state, side):
        unit = units[uid]
        # `may_attack`, inline
        if unit.player != player or unit.where is not on_map or unit.fought:
            continue
        kind = unit.kind
        if (kind is air and unit.air_attack) or (kind is naval and not usable(state, unit)):
            continue
        assert unit.hex is not None
        if kind.is_land:
            for j in adjacent[at[unit.hex]]:
                if land_side[j] is enemy:
                    for other in land_at[cells[j]]:
                        actions.append(Attack(unit.id, other))
            continue
        index = arms_at(state, unit.kind.arm)
        for j in adjacent[at[unit.hex]]:
            for other in index.get(cells[j], ()):
                if units[other].side is not side:
                    actions.append(Attack(unit.id, other))
    return actions


def obligations(state: GuerraState, player: str) -> list[Unit]:
    """Counters that entered an enemy control zone this turn and must still fight an adjacent
    enemy (section 7)."""
    due = []
    units = state.units
    for uid in ids_of_side(state, side_of_seat(player)):  # as in `attack_actions`
        unit = units[uid]
        if unit.player == player and unit.must_fight and may_attack(state, unit):
            assert unit.hex is not None
            index = arms_at(state, unit.kind.arm)
            if any(units[o].side is not unit.side
                   for n in hex_neighbors(unit.hex) for o in index.get(n, ())):
                due.append(unit)
    return due


def open_combat(state: GuerraState, action: Attack) -> list[Event]:
    """Start declaring a combat (section 8): against a city stack, the whole stack defends."""
    attacker = state.units[action.attacker]
    defender = state.units[action.defender]
    assert defender.hex is not None
    stack = defender.kind.is_land and is_city_stack(state, defender.hex)
    defenders = list(state.land_at[defender.hex]) if stack else [defender.id]
    state.combat = Combat(attacker.player, defender.player, [attacker.id], defenders, stack)
    _engage(state, attacker)
    what = "the stack in" if stack else ""
    return [Message(f"{name(state, attacker)} attacks {what} {name(state, defender)} "
                    f"(section 8)".replace("  ", " "))]


def _adjacent_to_all(state: GuerraState, unit: Unit, others: list[str]) -> bool:
    assert unit.hex is not None
    return all(hex_distance(unit.hex, state.units[o].hex) == 1  # type: ignore[arg-type]
               for o in others)


def _within_limits(state: GuerraState, attackers: list[str], defenders: list[str],
                   stack: bool) -> bool:
    """Without stacks a combat is at most 2 against 2 (section 8)."""
    limit = state.data.max_without_stacks
    if len(attackers) <= limit and len(defenders) <= limit:
        return True
    if stack:
        return True
    for group in (attackers, defenders):
        hexes = [state.units[u].hex for u in group]
        if len(set(hexes)) < len(hexes):
            return True
    return False


def counters_around(state: GuerraState, h: Hex | None, arm: str, side: Side) -> list[Unit]:
    """The counters of `side` and `arm` on the map next to `h`, in the order of `state.units`
    (the order the legal answers are listed in)."""
    if h is None:
        return []
    units, at = state.units, arms_at(state, arm)
    found = [units[uid] for near in hex_neighbors(h) for uid in at.get(near, ())
             if units[uid].side is side]
    order = unit_order(state)
    found.sort(key=lambda u: order[u.id])
    return found


def setup_actions(state: GuerraState) -> list[Action]:
    """The attacker's declaration: more attackers, more defenders, air support, then roll."""
    combat = state.combat
    assert combat is not None
    first = state.units[combat.attackers[0]]
    arm = first.kind.arm
    actions: list[Action] = []
    units = state.units
    # each loop looks at one side's counters of the combat's arm only, on the hexes next to
    # the other side's first counter: the attacking player's are the first attacker's side's,
    # the defenders the other side's, and a counter must stand next to every counter on the
    # other side of the combat
    for unit in counters_around(state, units[combat.defenders[0]].hex, arm, first.side):
        if unit.id in combat.attackers or unit.where is not Where.MAP:
            continue
        if (unit.player == combat.attacker_player and unit.kind.arm == arm
                and may_attack(state, unit)
                and _adjacent_to_all(state, unit, combat.defenders)
                and _within_limits(state, [*combat.attackers, unit.id], combat.defenders,
                                   combat.stack)):
            actions.append(AddAttacker(unit.id))
    if not combat.stack:
        for unit in counters_around(state, first.hex, arm, first.side.enemy):
            if (unit.side is not first.side and unit.where is Where.MAP
                    and unit.kind.arm == arm and unit.id not in combat.defenders
                    and unit.hex is not None
                    and not (unit.kind.is_land and is_city_stack(state, unit.hex))
                    and _adjacent_to_all(state, unit, combat.attackers)
                    and _within_limits(state, combat.attackers, [*combat.defenders, unit.id],
                                       False)):
                actions.append(AddDefender(unit.id))
    if arm == "land":
        used = {a for a, _ in combat.attack_support}
        actions += _support_actions(state, combat.attacker_player, combat.attackers, used,
                                    defence=False)
    actions.append(Resolve(False))
    if can_spend(state, first.side):
        actions.append(Resolve(True))
    return actions


def add_attacker(state: GuerraState, action: AddAttacker) -> list[Event]:
    """Another counter of the acting player joins the attack being declared (section 8)."""
    combat = state.combat
    assert combat is not None
    unit = state.units[action.unit]
    combat.attackers.append(unit.id)
    _engage(state, unit)
    assert unit.hex is not None
    return [Message(f"{name(state, unit)} from {place_name(state, unit.hex)} joins the attack "
                    "(section 8)")]


def _support_actions(state: GuerraState, player: str, targets: list[str], used: set[str],
                     defence: bool) -> list[Action]:
    """Air counters of `player` that may still support one of `targets` (section 8): within 3
    hexes, once in their own attacking phase, once in the enemy's."""
    reach = state.data.movement.air_support_range
    actions: list[Action] = []
    units = state.units
    for air in map(units.__getitem__, ids_of_kind(state, Kind.AIR)):
        if (air.player != player or air.where is not Where.MAP
                or air.id in used):
            continue
        if (air.air_defence if defence else (air.air_attack or air.fought)):
            continue
        assert air.hex is not None
        for t in targets:
            target = state.units[t]
            if target.hex is not None and hex_distance(air.hex, target.hex) <= reach:
                actions.append(Support(air.id, t))
    return actions


def defence_actions(state: GuerraState) -> list[Action]:
    """The defender's answer: air support in defence, then F.E.C. or not (sections 8, 11)."""
    combat = state.combat
    assert combat is not None
    defender = state.units[combat.defenders[0]]
    actions: list[Action] = []
    if defender.kind.is_land:
        used = {a for a, _ in combat.defence_support}
        actions += _support_actions(state, combat.defender_player, combat.defenders, used,
                                    defence=True)
    actions.append(DefenceReady(False))
    if can_spend(state, defender.side):
        actions.append(DefenceReady(True))
    return actions


def add_support(state: GuerraState, action: Support) -> list[Event]:
    combat = state.combat
    assert combat is not None
    air, target = state.units[action.air], state.units[action.unit]
    if combat.stage is CombatStage.SETUP:
        combat.attack_support.append((action.air, action.unit))
    else:
        combat.defence_support.append((action.air, action.unit))
    return [Message(f"{name(state, air)} supports {name(state, target)} (+1, section 8)")]


def defence_factor(state: GuerraState, unit: Unit) -> int:
    """A counter's defending combat factor: 2, +1 for a land counter on a mountain or city hex
    (section 8)."""
    factor = state.data.combat_factor
    if unit.kind.is_land and unit.hex is not None:
        board = state.data.board
        if unit.hex in board.cities or board.terrain[unit.hex] is Terrain.MOUNTAIN:
            factor += state.data.terrain_defence_bonus
    return factor


def combat_factors(state: GuerraState, combat: Combat) -> tuple[int, int]:
    """Combined combat factors of attacker and defender (sections 8, 11 and 13)."""
    data = state.data
    attackers = [state.units[u] for u in combat.attackers]
    attack = data.combat_factor * len(attackers)
    attack += data.air_support_bonus * len(combat.attack_support)
    attack += data.fec_bonus if combat.attacker_fec else 0
    attack = max(0, attack - attack_cut(state, attackers))
    defence = sum(defence_factor(state, state.units[u]) for u in combat.defenders)
    defence += data.air_support_bonus * len(combat.defence_support)
    defence += data.fec_bonus if combat.defender_fec else 0
    return attack, defence


def stack_result(state: GuerraState, factor_diff: int, die_diff: int) -> tuple[int, int]:
    """Losses (attacker, defender) read on the city-stack table (section 8); differences beyond
    the printed columns use the first or last column (GAP-GUE-06)."""
    columns = state.data.stack_columns
    column = max(columns[0], min(columns[-1], factor_diff))
    return state.data.stack_results[(column, die_diff)]


def _sides(state: GuerraState, uids: list[str]) -> str:
    """The counters of one side of a combat with where each stands, for the log."""
    names = []
    for uid in uids:
        unit = state.units[uid]
        names.append(name(state, unit) if unit.hex is None
                     else f"{name(state, unit)} ({place_name(state, unit.hex)})")
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]


def resolve(state: GuerraState) -> list[Event]:
    """Roll the dice and apply the result (section 8)."""
    combat = state.combat
    assert combat is not None
    data = state.data
    attackers = [state.units[u] for u in combat.attackers]
    side = attackers[0].side
    events: list[Event] = []
    if combat.attacker_fec:
        events += spend(state, side)
    if combat.defender_fec:
        events += spend(state, side.enemy)
    attack, defence = combat_factors(state, combat)
    events.append(Message(f"Combat: {_sides(state, combat.attackers)} against "
                          f"{_sides(state, combat.defenders)}"))
    roll_a = state.dice.roll_one(data.die, purpose="attack")
    roll_d = state.dice.roll_one(data.die, purpose="defence")
    events.append(DiceRolled(f"Attacker rolls {roll_a} × {attack} = {roll_a * attack}",
                             values=(roll_a,), die=data.die.name, purpose="attack",
                             faces=data.die.faces))
    events.append(DiceRolled(f"Defender rolls {roll_d} × {defence} = {roll_d * defence}",
                             values=(roll_d,), die=data.die.name, purpose="defence",
                             faces=data.die.faces))
    for unit in attackers:
        unit.fought = True
        if unit.kind is Kind.AIR:
            unit.air_attack = True
    for air, _ in combat.attack_support:
        state.units[air].air_attack = True
    for air, _ in combat.defence_support:
        state.units[air].air_defence = True
    if combat.stack:
        lose_a, lose_d = stack_result(state, attack - defence, roll_a - roll_d)
        combat.attacker_losses = min(lose_a, len(combat.attackers))
        combat.defender_losses = min(lose_d, len(combat.defenders))
        events.append(Message(f"City-stack table: factors {attack - defence:+d}, dice "
                              f"{roll_a - roll_d:+d}: attacker loses {lose_a}, defender loses "
                              f"{lose_d} (section 8)"))
        return events + settle_losses(state)
    a, d = roll_a * attack, roll_d * defence
    if a > d:
        events.append(Message(f"{a} beats {d}: the defence is eliminated (section 8)"))
        for u in combat.defenders:
            events += eliminate(state, state.units[u], "combat, section 8")
    elif d > a:
        events.append(Message(f"{d} beats {a}: the attack is eliminated (section 8)"))
        for u in combat.attackers:
            events += eliminate(state, state.units[u], "combat, section 8")
    else:
        events.append(Message(f"{a} against {d}: a tie, both stay (section 8)"))
    state.combat = None
    return events


def settle_losses(state: GuerraState) -> list[Event]:
    """Take city-stack losses: when a side loses all it engaged there is nothing to choose;
    otherwise the losing player chooses (section 8), attacker first."""
    combat = state.combat
    assert combat is not None
    events: list[Event] = []
    for group, attr in ((combat.attackers, "attacker_losses"),
                        (combat.defenders, "defender_losses")):
        alive = [u for u in group if state.units[u].where is not Where.ELIMINATED]
        due = getattr(combat, attr)
        if due and due >= len(alive):
            for u in alive:
                events += eliminate(state, state.units[u], "city-stack table, section 8")
            setattr(combat, attr, 0)
    if combat.attacker_losses or combat.defender_losses:
        combat.stage = CombatStage.LOSSES
    else:
        state.combat = None
    return events


def loss_chooser(combat: Combat) -> str:
    return combat.attacker_player if combat.attacker_losses else combat.defender_player


def loss_actions(state: GuerraState) -> list[Action]:
    combat = state.combat
    assert combat is not None
    group = combat.attackers if combat.attacker_losses else combat.defenders
    return [TakeLoss(u) for u in group if state.units[u].where is not Where.ELIMINATED]


def take_loss(state: GuerraState, action: TakeLoss) -> list[Event]:
    combat = state.combat
    assert combat is not None
    events = eliminate(state, state.units[action.unit], "chosen loss, section 8")
    if combat.attacker_losses:
        combat.attacker_losses -= 1
    else:
        combat.defender_losses -= 1
    return events + settle_losses(state)
