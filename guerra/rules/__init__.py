"""The rules of La Guerra de España as a state machine (DESIGN §2): `GuerraRules`.

Seats: "nationalist" and "republican" play a whole side in a game of two; in a game of 3-4 they
command the northern sector and "nationalist_2"/"republican_2" the southern one (section 3).
`Decision.player` is always the seat that must answer; results name the winning side.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from engine.core.actions import Action, Event, IllegalActionError
from engine.core.dice import Dice
from engine.core.game import Result, Scenario, stable_hash
from engine.core.hexgrid import Hex
from guerra.rules import combat, conversion, hidden, naval, noeffect, sequence
from guerra.rules import position as positions
from guerra.rules.actions import (
    ACTION_TYPES,
    AddAttacker,
    AddDefender,
    Attack,
    Convert,
    DefenceReady,
    Disembark,
    Embark,
    EndCombats,
    EndConversions,
    EndMovement,
    EndReadaptation,
    MoveTo,
    PlaceCounter,
    Resolve,
    RollNavalMovement,
    Select,
    SetOptions,
    Stay,
    Support,
    Surrender,
    TakeLoss,
)
from guerra.rules.counters import ids_of_kind, ids_of_side, move, next_from_pool, place
from guerra.rules.data import GuerraData, Kind, Level, Side, hex_label
from guerra.rules.invariants import check
from guerra.rules.movement import air_reach, land_reach, naval_reach, readaptation_reach
from guerra.rules.provinces import owned
from guerra.rules.refusals import diagnose
from guerra.rules.reinforcements import families_for, placement_hexes
from guerra.rules.setup import load_data
from guerra.rules.state import (
    SEATS,
    CombatStage,
    GuerraState,
    Options,
    Phase,
    Unit,
    Where,
    side_of_seat,
)
from guerra.rules.victory import population_score, surrender_result

__all__ = ["GuerraRules", "GuerraState", "SEATS"]

_PLAYER_SETUPS = ((1, 1), (2, 1), (2, 2))
"""Players per side allowed by section 3: 2 players, 3 (two Nationalists), 4."""


class GuerraRules:
    """The rules object of La Guerra de España."""

    game_id = "guerra"
    sides: tuple[str, ...] = SEATS
    action_types: tuple[type[Action], ...] = ACTION_TYPES
    determinize = staticmethod(hidden.determinize)

    def __init__(self) -> None:
        self._data: dict[str, GuerraData] = {}

    # --- setting up -----------------------------------------------------------------------------

    def new_game(self, scenario: Scenario, seed: int, dice: Dice | None = None) -> GuerraState:
        """The scenario's setup is a position (guerra.rules.position): the start of the war,
        or, with its position keys, any moment at the start of a step of section 14."""
        return self.from_position(scenario, {}, seed, dice)

    def from_position(self, scenario: Scenario, position: Mapping[str, Any], seed: int = 0,
                      dice: Dice | None = None, *, start: bool = True) -> GuerraState:
        return positions.from_position(scenario, position,
                                       dice if dice is not None else Dice(seed), start,
                                       self.scenario_data(scenario))

    def scenario_data(self, scenario: Scenario) -> GuerraData:
        """The scenario's printed data, read once per scenario (the game screen shares it)."""
        data = self._data.get(scenario.sha256)
        if data is None:
            data = load_data(scenario.documents)
            self._data[scenario.sha256] = data
        return data

    def to_position(self, state: GuerraState) -> dict[str, Any]:
        return positions.to_position(state)

    # --- legal actions --------------------------------------------------------------------------

    def legal_actions(self, state: GuerraState) -> list[Action]:
        phase = state.phase
        if phase is Phase.OVER:
            return []
        if phase is Phase.OPTIONS:
            return [SetOptions(level.value, n, r, tie) for level in Level
                    for n, r in _PLAYER_SETUPS for tie in (True, False)]
        if phase is Phase.AFRICA:
            return self._africa_actions(state)
        if phase in (Phase.POPULATION, Phase.FIXED):
            pending = state.placements[0]
            return [_place_counter(f, h) for f in families_for(state, pending)
                    for h in placement_hexes(state, pending, f)]
        if phase is Phase.CONVERSION:
            return [*conversion.conversion_actions(state, state.player), EndConversions()]
        if phase is Phase.MOVEMENT:
            return self._movement_actions(state)
        if phase is Phase.COMBAT:
            return self._combat_actions(state)
        return self._readaptation_actions(state)

    def _africa_actions(self, state: GuerraState) -> list[Action]:
        """Section 6: any land hex of North Africa; the counters may stack there."""
        unit = state.units[state.africa_left[0]]
        data = state.data
        actions: list[Action] = []
        for rid, region in data.regions.items():
            if region.side is not unit.side:
                continue
            for h in data.board.territory_hexes[rid]:
                if len(state.land_at.get(h, ())) < data.stack_limit(h):
                    actions.append(_place_counter(unit.family, h))
        return actions

    def _movement_actions(self, state: GuerraState) -> list[Action]:
        if state.selected is not None:
            actions: list[Action] = _moves_to(state)
            unit = state.units[state.selected]
            if unit.kind is Kind.NAVAL and unit.naval_roll == 0:
                actions.append(RollNavalMovement())
            actions.append(Stay())
            return actions
        player, on_map, naval_kind = state.player, Where.MAP, Kind.NAVAL
        key = (state.turn, player)
        last = state.movable
        candidates = last[1] if last is not None and last[0] == key else \
            ids_of_side(state, side_of_seat(player))
        units = state.units
        # `_movable`, inline
        listed = [i for i in candidates
                  if (unit := units[i]).player == player and unit.where is on_map
                  and not unit.moved and (unit.kind is not naval_kind or naval.usable(state, unit))]
        state.movable = (key, tuple(listed))
        actions = list(map(_select_action, listed))
        actions += naval.transport_actions(state, state.player)
        actions.append(EndMovement())
        if not state.acted:
            actions.append(Surrender())
        return actions

    def _combat_actions(self, state: GuerraState) -> list[Action]:
        c = state.combat
        if c is None:
            actions = combat.attack_actions(state, state.player)
            if not combat.obligations(state, state.player):
                actions.append(EndCombats())
            return actions
        if c.stage is CombatStage.SETUP:
            return combat.setup_actions(state)
        if c.stage is CombatStage.DEFENCE:
            return combat.defence_actions(state)
        return combat.loss_actions(state)

    def _readaptation_actions(self, state: GuerraState) -> list[Action]:
        if state.selected is not None:
            return [*_moves_to(state), Stay()]
        units = state.units  # the aircraft, in the order of state.units
        actions: list[Action] = [_select_action(i) for i in ids_of_kind(state, Kind.AIR)
                                 if _readaptable(state, units[i])]
        actions.append(EndReadaptation())
        return actions

    # --- applying -------------------------------------------------------------------------------

    def apply(self, state: GuerraState, action: Action) -> list[Event]:
        if not self._is_legal(state, action):
            raise IllegalActionError(*_why(state, action))
        return self.apply_legal(state, action)

    def apply_legal(self, state: GuerraState, action: Action) -> list[Event]:
        """`apply` for an action taken from `legal_actions(state)` of this very state, which
        is not checked again (engine `RulesExtras`: headless playouts)."""
        events = self._apply(state, action)
        sequence.set_decision(state)
        return events

    def _is_legal(self, state: GuerraState, action: Action) -> bool:
        """Whether `action` is among `legal_actions(state)`; the commonest answers (selecting,
        moving, staying) are checked directly by the same tests that list them, so a playout
        does not build every legal action twice."""
        phase = state.phase
        if phase is Phase.MOVEMENT or phase is Phase.READAPTATION:
            if isinstance(action, MoveTo):
                return state.selected is not None and Hex(action.q, action.r) in state.reach
            if isinstance(action, Stay):
                return state.selected is not None
            if isinstance(action, Select):
                unit = state.units.get(action.unit)
                if state.selected is not None or unit is None:
                    return False
                if phase is Phase.MOVEMENT:
                    return _movable(state, unit)
                return _readaptable(state, unit)
        return action in self.legal_actions(state)

    def _apply(self, state: GuerraState, action: Action) -> list[Event]:
        if not isinstance(action, _KEEP_MOVABLE):
            state.movable = None
        if isinstance(action, SetOptions):
            state.options = Options(Level(action.level), action.nationalist_players,
                                    action.republican_players, action.tie_ends_game)
            return sequence.after_options(state)
        if isinstance(action, PlaceCounter):
            return self._place(state, action)
        if isinstance(action, Convert):
            events = conversion.convert(state, action)
            if not conversion.conversion_actions(state, state.player):
                events += sequence.next_conversion(state)
            return events
        if isinstance(action, EndConversions):
            return sequence.next_conversion(state)
        if isinstance(action, Select):
            return self._select(state, action)
        if isinstance(action, MoveTo):
            return self._move(state, Hex(action.q, action.r))
        if isinstance(action, Stay):
            return self._stay(state)
        if isinstance(action, RollNavalMovement):
            assert state.selected is not None
            ship = state.units[state.selected]
            events = naval.roll_movement(state, ship)
            state.reach = naval_reach(state, ship)
            return events
        if isinstance(action, Embark):
            state.acted = True
            return naval.embark(state, action)
        if isinstance(action, Disembark):
            state.acted = True
            return naval.disembark(state, action)
        if isinstance(action, EndMovement):
            return sequence.end_movement(state)
        if isinstance(action, Surrender):
            return sequence.finish(state, surrender_result(state, side_of_seat(state.player)))
        if isinstance(action, EndReadaptation):
            return sequence.next_readaptation(state)
        return self._apply_combat(state, action)

    def _place(self, state: GuerraState, action: PlaceCounter) -> list[Event]:
        h = Hex(action.q, action.r)
        if state.phase is Phase.AFRICA:
            africa = state.units[state.africa_left.pop(0)]
            events = place(state, africa, h, africa.player, "is placed")
            if not state.africa_left:
                events += sequence.roll_first_player(state)
            return events
        pending = state.placements.pop(0)
        unit = next_from_pool(state, action.family)
        assert unit is not None
        if pending.family is None:
            army_family = state.data.population_families[pending.side][0]
            state.mix_left[pending.side][0 if action.family == army_family else 1] -= 1
        events = place(state, unit, h, pending.player, "arrives as a reinforcement")
        return events + sequence.next_placement(state)

    def _select(self, state: GuerraState, action: Select) -> list[Event]:
        unit = state.units[action.unit]
        if state.phase is Phase.READAPTATION:
            state.reach = readaptation_reach(state, unit)
        else:
            state.acted = True
            if unit.kind is Kind.NAVAL:
                state.reach = naval_reach(state, unit)
            elif unit.kind is Kind.AIR:
                state.reach = air_reach(state, unit)
            else:
                state.reach = land_reach(state, unit)
        state.selected = unit.id
        return []

    def _move(self, state: GuerraState, h: Hex) -> list[Event]:
        assert state.selected is not None
        unit = state.units[state.selected]
        reach = state.reach[h]
        if unit.kind is Kind.NAVAL:
            naval.use(state, unit)
        events = move(state, unit, h)
        if state.phase is Phase.READAPTATION:
            unit.readapted = True
        else:
            unit.moved = True
            unit.landed = False
            unit.must_fight = reach.fight
            if reach.bridge:
                state.strait_crossings += 1
        state.selected = None
        state.reach = {}
        return events

    def _stay(self, state: GuerraState) -> list[Event]:
        assert state.selected is not None
        unit = state.units[state.selected]
        if state.phase is Phase.READAPTATION:
            unit.readapted = True
        else:
            unit.moved = True
        state.selected = None
        state.reach = {}
        return []

    def _apply_combat(self, state: GuerraState, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, EndCombats):
            return sequence.end_combats(state)
        c = state.combat
        if isinstance(action, Attack):
            events += combat.open_combat(state, action)
        elif isinstance(action, AddAttacker):
            events += combat.add_attacker(state, action)
        elif isinstance(action, AddDefender):
            assert c is not None
            c.defenders.append(action.unit)
        elif isinstance(action, Support):
            events += combat.add_support(state, action)
        elif isinstance(action, Resolve):
            assert c is not None
            c.attacker_fec = action.fec
            c.stage = CombatStage.DEFENCE
        elif isinstance(action, DefenceReady):
            assert c is not None
            c.defender_fec = action.fec
            events += combat.resolve(state)
        elif isinstance(action, TakeLoss):
            events += combat.take_loss(state, action)
        return events + _automatic_combat_steps(state)

    # --- queries --------------------------------------------------------------------------------

    def view(self, state: GuerraState, player: str | None) -> dict[str, Any]:
        """Everything is public in this game: the whole board, tracks and tables."""
        units = {
            u.id: {
                "family": u.family, "side": u.side.value, "kind": u.kind.value,
                "player": u.player, "where": u.where.value,
                "hex": hex_label(u.hex) if u.hex is not None else None,
                "carrier": u.carrier, "cargo": list(u.cargo), "moved": u.moved,
                "fought": u.fought, "must_fight": u.must_fight, "readapted": u.readapted,
            }
            for u in state.units.values() if u.where is not Where.POOL
        }
        options = state.options
        return {
            "turn": state.turn,
            "period": state.data.periods.get(state.data.weather_turn(state.turn), ""),
            "phase": state.phase.value,
            "player": state.decision.player,
            "viewer": player,
            "first_side": state.first_side.value if state.first_side else None,
            "units": units,
            "provinces": {p: ("disputed" if s is None else s.value)
                          for p, s in state.status.items()},
            "fec": {s.value: v for s, v in state.fec.items()},
            "weather": sorted(state.weather),
            "naval_allowance": {s.value: v for s, v in state.naval_allowance.items()},
            "selected": state.selected,
            "reach": {hex_label(h): {"fight": r.fight, "road": r.road, "bridge": r.bridge}
                      for h, r in state.reach.items()},
            "options": None if options is None else {
                "level": options.level.value,
                "nationalist_players": options.nationalist_players,
                "republican_players": options.republican_players,
                "tie_ends_game": options.tie_ends_game,
            },
            "acting": state.acting.value if state.acting else None,
            "combat": _combat_view(state),
        }

    def result(self, state: GuerraState) -> Result | None:
        return state.outcome

    def state_hash(self, state: GuerraState) -> str:
        units = [
            (u.id, u.player, u.where.value, u.hex, u.carrier, tuple(u.cargo), u.moved, u.fought,
             u.must_fight, u.landed, u.shipped, u.naval_roll, u.air_attack, u.air_defence,
             u.readapted)
            for u in state.units.values()
        ]
        return stable_hash(
            state.dice, state.turn, state.phase, state.options, state.first_side, state.acting,
            state.queue, state.player, units, state.status, state.last_owner, state.fec,
            state.fec_losses, sorted(state.weather), state.naval_allowance,
            sorted(state.naval_used), state.strait_crossings, state.conversions_done,
            state.placements, state.mix_left, state.acted, state.selected, state.combat,
            state.africa_left, state.outcome,
        )

    def reaction_default(self, state: GuerraState) -> Action | None:
        """The answer that declines the game's only reaction window: the defender's step of a
        combat (air support in defence, F.E.C.; sections 8 and 11), declined by defending
        without either. Every other decision is the acting player's own (None)."""
        c = state.combat
        if state.phase is Phase.COMBAT and c is not None and c.stage is CombatStage.DEFENCE:
            return DefenceReady(False)
        return None

    def no_effect_reason(self, state: GuerraState, action: Action) -> str | None:
        """Why a legal answer would change nothing now (guerra.rules.noeffect); None when it
        does something."""
        return noeffect.no_effect_reason(state, action)

    def holds_secrets(self, state: GuerraState, side: str) -> bool:
        """Nothing is hidden in this game (see `view`): no seat ever holds a secret, so a
        hot-seat screen passes between seats without the black hand-off screen."""
        return False

    def check_invariants(self, state: GuerraState) -> list[str]:
        return check(state)

    def turn_scores(self, state: GuerraState) -> dict[str, dict[str, int]]:
        """The scoreboard the balance lab charts by turn: provinces owned (section 5c) and
        their population factors (section 5d), per side."""
        return {"provinces": {s.value: len(owned(state, s)) for s in Side},
                "population factors": {s.value: population_score(state, s) for s in Side}}

    # --- helpers for interfaces and agents ------------------------------------------------------

    def seats(self, state: GuerraState) -> tuple[str, ...]:
        """The seats in play (after the options are chosen), first side's seats first."""
        if state.options is None:
            return (Side.NATIONALIST.value,)
        return tuple(seat for side in Side for seat in state.seats(side))

    def side_of(self, seat: str) -> str:
        """The side ("nationalist" or "republican") a seat plays."""
        return side_of_seat(seat).value


@functools.cache
def _move_to(h: Hex) -> MoveTo:
    """The action of moving to `h`: actions are frozen values, so the legal lists of every
    selection share one per hex instead of building hundreds each time."""
    return MoveTo(h.q, h.r)


def _moves_to(state: GuerraState) -> list[Action]:
    """The moves of the selected counter, in hex order: the board's cells are numbered in hex
    order, so the cell numbers are sorted instead of the hexes, and each cell's action is
    looked up in a table worked out once per scenario."""
    board = state.data.board
    moves: tuple[MoveTo, ...] = state.data.memo(
        "move actions", lambda: tuple(map(_move_to, board.cells)))
    return list(map(moves.__getitem__, sorted(map(board.index.__getitem__, state.reach))))


@functools.cache
def _place_counter(family: str, h: Hex) -> PlaceCounter:
    """The action of placing a counter of `family` on `h`, shared like `_move_to`'s."""
    return PlaceCounter(family, h.q, h.r)


_KEEP_MOVABLE = (Select, MoveTo, Stay, RollNavalMovement)
"""The actions after which the counters that may be selected are among those that could be
before (`GuerraState.movable`): a move or a naval roll only uses up counters and ships."""


@functools.cache
def _select_action(unit: str) -> Select:
    """The action of selecting `unit`, shared like `_move_to`'s."""
    return Select(unit)


def _movable(state: GuerraState, unit: Unit) -> bool:
    """A counter the player moving now may select (section 7): on the map, not moved yet, a
    naval counter within the naval-use roll (section 7 2)."""
    if unit.player != state.player or unit.where is not Where.MAP or unit.moved:
        return False
    return unit.kind is not Kind.NAVAL or naval.usable(state, unit)


def _readaptable(state: GuerraState, unit: Unit) -> bool:
    """An aircraft of the player readapting now that has not readapted (section 7 3)."""
    return (unit.player == state.player and unit.kind is Kind.AIR
            and unit.where is Where.MAP and not unit.readapted)


def _combat_view(state: GuerraState) -> dict[str, Any] | None:
    """The combat being declared or resolved: who fights whom, the air support, the F.E.C.
    spent and the combined combat factors as they stand (sections 8, 11, 13)."""
    c = state.combat
    if c is None:
        return None
    attack, defence = combat.combat_factors(state, c)
    return {
        "stage": c.stage.value,
        "attacker_player": c.attacker_player,
        "defender_player": c.defender_player,
        "attackers": list(c.attackers),
        "defenders": list(c.defenders),
        "stack": c.stack,
        "attack_support": [list(pair) for pair in c.attack_support],
        "defence_support": [list(pair) for pair in c.defence_support],
        "attacker_fec": c.attacker_fec,
        "defender_fec": c.defender_fec,
        "attack": attack,
        "defence": defence,
        "attacker_losses": c.attacker_losses,
        "defender_losses": c.defender_losses,
    }


def _automatic_combat_steps(state: GuerraState) -> list[Event]:
    """Skip the defender's step when it has nothing to add (no air support, no F.E.C.), then
    pass on when the acting player has no combat left to open."""
    events: list[Event] = []
    c = state.combat
    if c is not None and c.stage is CombatStage.DEFENCE and not c.defence_support and \
            combat.defence_actions(state) == [DefenceReady(False)]:
        events += combat.resolve(state)
    if state.combat is not None:
        return events
    return events + sequence.skip_idle_combat(state)


def _why(state: GuerraState, action: Action) -> tuple[str, str]:
    """A reason and the rule section for an action that is not legal now."""
    refusal = diagnose(state, action)
    return refusal.reason, refusal.section
