"""The sequence of play (section 14) as a state machine: `state.phase` and the queues say which
step waits for whom; the automatic steps run here until the next real decision.

Turn 1: initial placement (section 6, the Army of Africa placed by the Nationalists), control
markers (9.1), the first-player roll (section 4), then each side's movement and combats. Turns
2-16: 1 reinforcements by population, 2 turn reinforcements, 3 conversions, 4 F.E.C., 5 weather,
6-7 each side's movement and combats (first player first), 8 air readaptation, 9 control.
In a side with two players the seats act in turn: all movements first, then all combats
(section 7: every movement before any combat).
"""

from __future__ import annotations

from engine.core.actions import DiceRolled, Event, GameOver, Message, PhaseStarted, TurnEnded
from engine.core.game import Decision, Result
from engine.core.hexgrid import Hex, hex_distance
from guerra.rules import combat, fec, naval, reinforcements, weather
from guerra.rules.conversion import conversion_actions
from guerra.rules.counters import name, next_from_pool, place, reset_turn_flags
from guerra.rules.data import Kind, Side
from guerra.rules.provinces import update_control
from guerra.rules.state import CombatStage, GuerraState, Phase, Unit, Where
from guerra.rules.victory import end_of_turn_result


def set_decision(state: GuerraState) -> None:
    """Say who decides what now (DESIGN §2)."""
    phase = state.phase
    if phase is Phase.OVER:
        state.decision = Decision(None, "over", "The war is over")
    elif phase is Phase.OPTIONS:
        state.decision = Decision(Side.NATIONALIST.value, "options",
                                  "Choose the level, the players and the tie agreement", "4",
                                  table=True)
    elif phase is Phase.AFRICA:
        unit = state.units[state.africa_left[0]]
        state.decision = Decision(unit.player, "place",
                                  f"Place {name(state, unit)} in North Africa", "6")
    elif phase in (Phase.POPULATION, Phase.FIXED):
        pending = state.placements[0]
        data = state.data
        if pending.family is None:
            paid = ", ".join(data.provinces[p].name for p in pending.zone)
            what = f"an army or garrison counter paid by {paid}, in one of them"
        else:
            family = data.families[pending.family]
            what = f"{family.name} ({family.kind.value}) from the turn table"
        state.decision = Decision(pending.player, "place", f"Place {what}", "10")
    elif phase is Phase.CONVERSION:
        state.decision = Decision(state.player, "conversion",
                                  "Convert pairs of garrisons into army counters", "12")
    elif phase is Phase.MOVEMENT:
        if state.selected is not None:
            state.decision = Decision(state.player, "destination",
                                      f"Move {name(state, state.units[state.selected])}", "7")
        else:
            state.decision = Decision(state.player, "movement",
                                      "Move your counters, then end the movement", "7")
    elif phase is Phase.COMBAT:
        c = state.combat
        if c is None:
            state.decision = Decision(state.player, "combat",
                                      "Declare a combat or end the combats", "8")
        elif c.stage is CombatStage.SETUP:
            state.decision = Decision(c.attacker_player, "combat_setup",
                                      "Add attackers, defenders or air support, then roll", "8")
        elif c.stage is CombatStage.DEFENCE:
            state.decision = Decision(c.defender_player, "combat_defence",
                                      "Add air support in defence, then defend", "8")
        else:
            state.decision = Decision(combat.loss_chooser(c), "losses",
                                      "Choose a counter to lose", "8")
    else:
        if state.selected is not None:
            state.decision = Decision(state.player, "readaptation_destination",
                                      f"Readapt {name(state, state.units[state.selected])}",
                                      "7")
        else:
            state.decision = Decision(state.player, "readaptation",
                                      "Readaptation movements of the air force", "14")


# --- the start of the game -----------------------------------------------------------------------


def after_options(state: GuerraState) -> list[Event]:
    """Initial placement (section 6), then the Army of Africa placement or the first roll."""
    data = state.data
    events: list[Event] = [PhaseStarted("Initial placement (section 6)", phase="setup",
                                        turn=state.turn)]
    for placement in data.placements:
        family = data.families[placement.family]
        if placement.region is not None:
            free = [u for u in state.units.values() if u.family == placement.family
                    and u.where is Where.POOL and u.id not in state.africa_left]
            for reserved in free[: placement.count]:
                reserved.player = state.seat_for_sector(family.side,
                                                        data.sector_of(placement.region))
                state.africa_left.append(reserved.id)
            continue
        for _ in range(placement.count):
            unit = next_from_pool(state, placement.family)
            assert unit is not None, f"not enough {placement.family} counters"
            if placement.hex is not None:
                events += _place_on_hex(state, unit, placement.hex)
                continue
            assert placement.city is not None
            city = data.board.city_by_id[placement.city]
            player = state.seat_for_sector(family.side, data.sector_of(city.province))
            if family.kind is Kind.NAVAL:
                spot = next(h for h in naval.coast_hexes(state, city.id)
                            if len(state.naval_at.get(h, ())) < data.stacking.naval)
                events += place(state, unit, spot, player, "starts")
            else:
                events += place(state, unit, city.hex, player, "starts")
    if state.africa_left:
        state.phase = Phase.AFRICA
        return events
    return events + roll_first_player(state)


def _place_on_hex(state: GuerraState, unit: Unit, h: Hex) -> list[Event]:
    """A counter a scenario puts on a given hex, for the seat of the sector it stands in (the
    nearest province's sector at sea)."""
    data = state.data
    territory = data.board.territory.get(h)
    if territory is None:
        territory = min(data.provinces, key=lambda p: hex_distance(data.board.capitals[p], h))
    player = state.seat_for_sector(unit.side, data.sector_of(territory))
    return place(state, unit, h, player, "starts")


def roll_first_player(state: GuerraState) -> list[Event]:
    """Both sides roll; the higher moves first in every turn, ties roll again (section 4,
    GAP-GUE-18); a scenario may fix the first side instead."""
    events: list[Event] = []
    if state.data.start.first_side is not None:
        state.first_side = state.data.start.first_side
        events.append(Message(f"The {state.first_side.label} move first in every turn "
                              "(the scenario)"))
        return events + begin_turn(state)
    while True:
        nat = state.dice.roll_one(state.data.die, purpose="first player")
        rep = state.dice.roll_one(state.data.die, purpose="first player")
        events.append(DiceRolled(f"First player: Nationalists {nat}, Republicans {rep}",
                                 values=(nat, rep), die=state.data.die.name,
                                 faces=state.data.die.faces,
                                 purpose="first player"))
        if nat != rep:
            break
    state.first_side = Side.NATIONALIST if nat > rep else Side.REPUBLICAN
    events.append(Message(f"The {state.first_side.label} move first in every turn (section 4)"))
    return events + begin_turn(state)


# --- a turn --------------------------------------------------------------------------------------


def begin_turn(state: GuerraState) -> list[Event]:
    period = state.data.periods.get(state.data.weather_turn(state.turn), "")
    events: list[Event] = [PhaseStarted(f"Turn {state.turn}: {period}", phase="turn",
                                        turn=state.turn)]
    for unit in state.units.values():
        reset_turn_flags(unit)
    state.naval_used.clear()
    state.strait_crossings = 0
    for side in Side:
        state.conversions_done[side] = 0
    if state.turn == 1:
        return events + start_half(state, _first(state))
    state.phase = Phase.POPULATION
    events.append(PhaseStarted("Reinforcements by population factors (section 10)",
                               phase="population_reinforcements", turn=state.turn))
    for side in _order(state):
        events += reinforcements.queue_population(state, side)
    return events + next_placement(state)


def _first(state: GuerraState) -> Side:
    assert state.first_side is not None
    return state.first_side


def _order(state: GuerraState) -> tuple[Side, Side]:
    first = _first(state)
    return first, first.enemy


def next_placement(state: GuerraState) -> list[Event]:
    """Ask for the next reinforcement counter, skipping those with nowhere to go (GAP-GUE-48:
    such a counter is lost); then move on to the next step."""
    events: list[Event] = []
    while state.placements:
        pending = state.placements[0]
        if any(reinforcements.placement_hexes(state, pending, f)
               for f in reinforcements.families_for(state, pending)):
            return events
        state.placements.pop(0)
        events.append(Message(f"A {pending.side.label} reinforcement counter has no legal hex "
                              "and is lost (section 10)"))
    if state.phase is Phase.POPULATION:
        state.phase = Phase.FIXED
        events.append(PhaseStarted("Reinforcements from the turn table (section 10)",
                                   phase="fixed_reinforcements", turn=state.turn))
        for side in _order(state):
            events += reinforcements.queue_fixed(state, side)
        return events + next_placement(state)
    return events + start_conversions(state)


def start_conversions(state: GuerraState) -> list[Event]:
    """Step 3: each player may convert garrisons, first player's side first (section 12)."""
    events: list[Event] = []
    if state.turn >= state.data.conversion_from_turn:
        state.phase = Phase.CONVERSION
        state.queue = [seat for side in _order(state) for seat in state.seats(side)]
        events.append(PhaseStarted("Conversion of garrisons (section 12)", phase="conversion",
                                   turn=state.turn))
        return events + next_conversion(state)
    return events + after_conversions(state)


def next_conversion(state: GuerraState) -> list[Event]:
    while state.queue:
        state.player = state.queue.pop(0)
        if conversion_actions(state, state.player):
            return []
    return after_conversions(state)


def after_conversions(state: GuerraState) -> list[Event]:
    """Steps 4 and 5: F.E.C. accounting and weather, by the level of play (section 4)."""
    assert state.options is not None
    events: list[Event] = []
    level = state.options.level
    if level.uses_fec and state.turn >= state.data.fec_from_turn:
        events.append(PhaseStarted("Extra combat factors (section 11)", phase="fec",
                                   turn=state.turn))
        events += fec.accounting(state)
    if level.uses_weather:
        events.append(PhaseStarted("Meteorological factor (section 13)", phase="weather",
                                   turn=state.turn))
        events += weather.roll_weather(state)
    return events + start_half(state, _first(state))


def start_half(state: GuerraState, side: Side) -> list[Event]:
    """Steps 6 and 7: one side's movements, then its combats (sections 7, 8)."""
    state.acting = side
    state.phase = Phase.MOVEMENT
    events: list[Event] = [PhaseStarted(f"{side.label}: movement (section 7)", phase="movement",
                                        turn=state.turn)]
    events += naval.naval_use_roll(state, side)
    state.queue = list(state.seats(side))
    state.player = state.queue.pop(0)
    state.acted = False
    return events


def end_movement(state: GuerraState) -> list[Event]:
    state.selected = None
    state.reach = {}
    if state.queue:
        state.player = state.queue.pop(0)
        state.acted = False
        return []
    assert state.acting is not None
    state.phase = Phase.COMBAT
    state.queue = list(state.seats(state.acting))
    events: list[Event] = [PhaseStarted(f"{state.acting.label}: combats (section 8)",
                                        phase="combat", turn=state.turn)]
    state.player = state.queue.pop(0)
    return events + skip_idle_combat(state)


def skip_idle_combat(state: GuerraState) -> list[Event]:
    """A player with no combat to open and none due passes on at once."""
    if combat.attack_actions(state, state.player):
        return []
    return end_combats(state)


def end_combats(state: GuerraState) -> list[Event]:
    if state.queue:
        state.player = state.queue.pop(0)
        return skip_idle_combat(state)
    if state.acting is _first(state):
        return start_half(state, _first(state).enemy)
    return start_readaptation(state)


def start_readaptation(state: GuerraState) -> list[Event]:
    """Step 8: air readaptation, first player's side first (section 14)."""
    state.phase = Phase.READAPTATION
    state.acting = None
    state.queue = [seat for side in _order(state) for seat in state.seats(side)]
    return [PhaseStarted("Readaptation of the air force (section 14)", phase="readaptation",
                         turn=state.turn)] + next_readaptation(state)


def next_readaptation(state: GuerraState) -> list[Event]:
    state.selected = None
    state.reach = {}
    while state.queue:
        state.player = state.queue.pop(0)
        if any(u.player == state.player and u.kind is Kind.AIR and u.where is Where.MAP
               for u in state.units.values()):
            return []
    return end_turn(state)


def end_turn(state: GuerraState) -> list[Event]:
    """Step 9: control table, end of the turn, victory (sections 5, 9.1, 13)."""
    events = update_control(state)
    events += weather.clear_weather(state)
    events.append(TurnEnded(f"End of turn {state.turn}", turn=state.turn))
    outcome = end_of_turn_result(state)
    if outcome is not None:
        return events + finish(state, outcome)
    state.turn += 1
    return events + begin_turn(state)


def finish(state: GuerraState, outcome: Result) -> list[Event]:
    state.outcome = outcome
    state.phase = Phase.OVER
    state.selected = None
    state.combat = None
    state.queue = []
    winner = Side(outcome.winner).label if outcome.winner else "Nobody"
    return [GameOver(f"{winner} win: {outcome.reason}" if outcome.winner
                     else f"No winner: {outcome.reason}", winner=outcome.winner)]
