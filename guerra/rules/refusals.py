"""Why an action is refused (DESIGN §8, "every refusal names its rule"): `diagnose` finds the
specific cause of an action that `legal_actions` does not list and names the section.

Each cause has one message template in `CAUSES` (no two causes share one), filled in with the
counters and places concerned. `diagnose` runs only when an action is refused, so it may look
at the state at leisure; it never changes it.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import Action
from engine.core.graphsearch import reachable
from engine.core.hexgrid import Hex, hex_distance
from guerra.rules import combat, conversion, naval
from guerra.rules.actions import (
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
from guerra.rules.counters import name, next_from_pool
from guerra.rules.data import Kind, Level, Side, Terrain
from guerra.rules.fec import can_spend
from guerra.rules.movement import enemy_zoc_cells, weather_cut
from guerra.rules.provinces import zones
from guerra.rules.reinforcements import families_for, placement_hexes
from guerra.rules.state import CombatStage, GuerraState, Phase, Unit, Where, side_of_seat

CAUSES: dict[str, tuple[str, str]] = {
    "over": ("The war is over.", "5"),
    "step": ("{what} is not part of this step of the turn: {prompt}.", "14"),
    "unlisted": ("{what} is not one of the choices now.", "14"),
    "options": ("Section 3 allows two players, three (two Nationalists) or four; the level "
                "is basic, intermediate or advanced.", "3"),
    "no_counter": ("There is no counter {unit} in this game.", "2.4"),
    # placement (sections 6, 10)
    "place_family": ("The counter to place now is {family}, not {wrong}.", "10"),
    "place_mix": ("No more {wrong} counters by population this turn: of every three counters "
                  "two are army counters and one a garrison.", "10"),
    "place_kind": ("Reinforcements by population factors are army or garrison counters of "
                   "your side, not {wrong}.", "10"),
    "pool_empty": ("No {wrong} counter is left to bring on: the counter mix is a limit.",
                   "2.4"),
    "africa_hex": ("The Army of Africa starts on a land hex of North Africa.", "6"),
    "africa_full": ("That hex of North Africa already holds the most counters it may.", "6"),
    "paid_by": ("This counter was paid for by the population factors of {provinces}: it is "
                "placed on the capital of one of them or a hex next to it inside them.", "10"),
    "own_capital": ("A turn reinforcement arrives on an own provincial capital or a hex next "
                    "to it.", "10"),
    "port_sea": ("A naval reinforcement arrives on a sea hex next to an own port.", "10"),
    "place_zoc": ("Reinforcements may not be received in the control zone of enemy "
                  "counters.", "10"),
    "place_land": ("A land counter goes only on land hexes.", "7"),
    "garrison_mountain": ("Garrison counters may not enter or cross mountain hexes.", "7 1b"),
    "enemy_shares": ("Counters of both sides are never in the same hex (air counters apart).",
                     "7"),
    "land_stacking": ("{place} already holds as many of your land counters as it may "
                      "({limit}).", "8"),
    "naval_stacking": ("That sea hex already holds as many of your naval counters as it may "
                       "({limit}).", "8"),
    "air_stacking": ("That hex already holds {limit} of your air counters.", "8"),
    "enemy_region": ("North Africa is Nationalist ground: Republican counters do not enter "
                     "it.", "6"),
    # conversion (section 12)
    "convert_two": ("Two different garrison counters are converted together.", "12"),
    "convert_garrison": ("{unit} is not one of your garrison counters on the map.", "12"),
    "convert_at": ("The army counter appears on the hex of one of the two garrisons.", "12"),
    "convert_zone": ("{first} and {second} are not in own provinces joined by land through "
                     "own provinces (a province in dispute breaks the line).", "12"),
    "convert_order": ("Name the pair as the choices do: {first} first, then {second}.", "12"),
    "convert_same_hex": ("Both garrisons stand on one hex: name the first of them as the "
                         "place of the army counter.", "12"),
    "convert_cap": ("The conversion table allows no more conversions this turn.", "12"),
    "convert_army_pool": ("No army counter is left to convert garrisons into.", "12"),
    # movement (section 7)
    "select_pending": ("{unit} is selected: move it or let it stay before choosing another.",
                       "7"),
    "not_on_map": ("{unit} is not on the map.", "7"),
    "aboard": ("{unit} is aboard a naval counter: it travels with it and lands at an own "
               "port.", "7.1"),
    "enemy_counter": ("{unit} belongs to the other side.", "3"),
    "other_seat": ("{unit} is commanded by the other player of your side.", "3"),
    "moved": ("{unit} has already moved this turn: it is immobilised until the next.", "7"),
    "naval_allowance": ("The naval-use roll lets the {side} use only {n} naval counter(s) this "
                        "turn, and they are all in use.", "7 2"),
    "readapt_air": ("Only air counters make a readaptation move.", "7 3"),
    "readapted": ("{unit} has already made its readaptation move this turn.", "7 3"),
    "nothing_selected": ("Select a counter first, then the hex it moves to.", "7"),
    "off_board": ("That hex is not on the board.", "2.1"),
    "same_hex": ("{unit} is already there: let it stay instead.", "7"),
    "readapt_target": ("A readaptation move ends on the capital hex of an own province or a "
                       "non-mountain hex next to it.", "7 3"),
    "readapt_range": ("A readaptation move covers at most {n} hexes.", "7 3"),
    "enemy_air_hex": ("Air counters never end on or fly over a hex of enemy air counters.",
                      "7"),
    "air_range": ("{unit} flies at most {n} hexes with its movement factor.", "7 3"),
    "air_blocked": ("Enemy air counters bar every flight of {n} hexes to that hex.", "7"),
    "naval_sea": ("Naval counters stay on sea hexes.", "7"),
    "naval_roll_first": ("Beyond {base} hexes {unit} needs its movement die: roll it first.",
                         "7 2"),
    "naval_range": ("{unit} moves at most {n} hexes this turn (12 plus its die).", "7 2"),
    "naval_blocked": ("Naval counters bar every way there, or an enemy naval control zone "
                      "stops the move first.", "7"),
    "strait_army": ("Only army counters cross the Strait by the naval bridge.", "7.2"),
    "strait_limit": ("Only two land counters may pass the Strait a turn; {n} have crossed "
                     "already.", "7.2"),
    "strait_bridge": ("Crossing the Strait needs one of your naval counters on the Strait hex "
                      "as a bridge.", "7.2"),
    "strait_moved": ("Only a counter that has not moved this turn crosses the Strait.", "7.2"),
    "land_range": ("{unit} cannot get that far this turn: at most {n} hexes, mountain hexes "
                   "counting 2.", "7 1a"),
    "garrison_range": ("{unit} cannot get that far this turn: at most {n} hexes, and never "
                       "into or across a mountain hex.", "7 1b"),
    "fight_range": ("A move that ends next to an enemy counter uses the movement factor: at "
                    "most {n} hexes for {unit}.", "7"),
    "land_blocked": ("Every way there is barred: land counters neither pass through other land "
                     "counters nor beyond the first hex of an enemy control zone, and a counter "
                     "that enters an enemy province stays in it.", "7, 9.1"),
    "stay_nothing": ("No counter is selected to stay.", "7"),
    "roll_no_ship": ("Only a selected naval counter rolls its movement die.", "7 2"),
    "rolled": ("{unit} has rolled its movement die this turn already.", "7 2"),
    "finish_move": ("{unit} is selected: move it or let it stay first.", "7"),
    "surrender_late": ("Surrender is offered at the start of your movement, before any "
                       "counter moves.", "5"),
    # transport (section 7.1)
    "embark_army": ("Only army counters are transported: garrisons may not embark.", "7.1"),
    "embark_ship": ("{ship} is not one of your naval counters on the map.", "7.1"),
    "embark_fight": ("{unit} entered an enemy control zone and must fight: embarking uses the "
                     "displacement factor of a move that will not fight.", "7.1"),
    "embark_twice": ("{unit} has been aboard this turn already.", "7.1"),
    "embark_port": ("Counters embark at a port.", "7.1"),
    "embark_enemy_port": ("Counters embark at an own or disputed port, not an enemy one.",
                          "7.1"),
    "embark_adjacent": ("{ship} must stand on a sea hex next to the port of {unit}.", "7.1"),
    "ship_full": ("{ship} already carries two land counters.", "7.1"),
    "aboard_limit": ("No more than two land counters of a player may be aboard at once.",
                     "7.1"),
    "not_aboard": ("{unit} is not aboard a naval counter.", "7.1"),
    "land_adjacent": ("A counter disembarks on a port next to its naval counter.", "7.1"),
    "land_port": ("Counters disembark only at a port.", "7.1"),
    "land_own_port": ("Counters may embark in a port in dispute but disembark only at an own "
                      "port.", "7.1"),
    # combat (section 8)
    "must_fight": ("{unit} entered an enemy control zone and must still attack.", "7"),
    "fought": ("{unit} has fought (or given air support) in this combat phase already.", "8"),
    "attack_adjacent": ("{unit} is not next to {enemy}: combat is within the control zone.",
                        "8"),
    "attack_arm": ("Counters fight enemy counters of their own kind (land, naval or air).",
                   "8"),
    "attack_enemy": ("{enemy} is not an enemy counter on the map.", "8"),
    "join_adjacent": ("Every attacker must be next to every defender of the combat.", "8"),
    "join_limit": ("Without a stack a combat is at most two counters against two.", "8"),
    "join_stack": ("Against a city stack the whole stack defends; no other defender joins.",
                   "8"),
    "join_city_stack": ("{enemy} stands in a city stack: it is attacked in a combat of its "
                        "own.", "8"),
    "in_combat": ("{unit} is in this combat already.", "8"),
    "support_air": ("Only your air counters on the map give air support.", "8"),
    "support_target": ("Air support goes to a land counter of your side in this combat.", "8"),
    "support_range": ("{unit} is more than {n} hexes from {target}.", "8"),
    "support_used": ("{unit} has given its air support for this phase already.", "8"),
    "fec_level": ("Extra combat factors are used at the intermediate and advanced levels.",
                  "4"),
    "fec_short": ("The {side} have {n} F.E.C.: spending needs {cost}.", "11"),
    "loss_choice": ("Choose the loss among the counters marked: {unit} is not one of them.",
                    "8"),
}
"""Every cause of a refusal: its message template and the section it cites."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """One refused action: the cause (a key of `CAUSES`), the message and its section."""

    cause: str
    reason: str
    section: str


def _refuse(cause: str, **fields: object) -> Refusal:
    template, section = CAUSES[cause]
    return Refusal(cause, template.format(**fields), section)


_STEPS: dict[type[Action], tuple[str, tuple[Phase, ...]]] = {
    SetOptions: ("Choosing the options", (Phase.OPTIONS,)),
    PlaceCounter: ("Placing a counter", (Phase.AFRICA, Phase.POPULATION, Phase.FIXED)),
    Convert: ("Converting garrisons", (Phase.CONVERSION,)),
    EndConversions: ("Ending the conversions", (Phase.CONVERSION,)),
    Select: ("Choosing a counter to move", (Phase.MOVEMENT, Phase.READAPTATION)),
    MoveTo: ("A move", (Phase.MOVEMENT, Phase.READAPTATION)),
    Stay: ("Letting a counter stay", (Phase.MOVEMENT, Phase.READAPTATION)),
    RollNavalMovement: ("The naval movement die", (Phase.MOVEMENT,)),
    Embark: ("Embarking", (Phase.MOVEMENT,)),
    Disembark: ("Disembarking", (Phase.MOVEMENT,)),
    EndMovement: ("Ending the movement", (Phase.MOVEMENT,)),
    Surrender: ("Surrender", (Phase.MOVEMENT,)),
    Attack: ("Declaring a combat", (Phase.COMBAT,)),
    EndCombats: ("Ending the combats", (Phase.COMBAT,)),
    AddAttacker: ("Adding an attacker", (Phase.COMBAT,)),
    AddDefender: ("Adding a defender", (Phase.COMBAT,)),
    Support: ("Air support", (Phase.COMBAT,)),
    Resolve: ("Rolling the attack", (Phase.COMBAT,)),
    DefenceReady: ("Rolling the defence", (Phase.COMBAT,)),
    TakeLoss: ("Choosing a loss", (Phase.COMBAT,)),
    EndReadaptation: ("Ending the readaptation", (Phase.READAPTATION,)),
}

_COMBAT_STAGE: dict[type[Action], tuple[CombatStage | None, ...]] = {
    Attack: (None,), EndCombats: (None,), AddAttacker: (CombatStage.SETUP,),
    AddDefender: (CombatStage.SETUP,), Resolve: (CombatStage.SETUP,),
    Support: (CombatStage.SETUP, CombatStage.DEFENCE), DefenceReady: (CombatStage.DEFENCE,),
    TakeLoss: (CombatStage.LOSSES,),
}


def diagnose(state: GuerraState, action: Action) -> Refusal:
    """The specific reason `action` is not legal now (call it only for a refused action)."""
    if state.phase is Phase.OVER:
        return _refuse("over")
    what, phases = _STEPS.get(type(action), (action.describe(), ()))
    stage_ok = True
    if state.phase is Phase.COMBAT and type(action) in _COMBAT_STAGE:
        current = state.combat.stage if state.combat is not None else None
        stage_ok = current in _COMBAT_STAGE[type(action)]
    if state.phase not in phases or not stage_ok:
        return _refuse("step", what=what, prompt=state.decision.prompt)
    refusal = _specific(state, action)
    return refusal if refusal is not None else _refuse("unlisted", what=what)


def _specific(state: GuerraState, action: Action) -> Refusal | None:
    if isinstance(action, SetOptions):
        return _refuse("options")
    if isinstance(action, PlaceCounter):
        return _placement(state, action)
    if isinstance(action, Convert):
        return _conversion(state, action)
    if isinstance(action, Select):
        return _select(state, action)
    if isinstance(action, MoveTo):
        return _move(state, Hex(action.q, action.r))
    if isinstance(action, Stay):
        return _refuse("stay_nothing")
    if isinstance(action, RollNavalMovement):
        return _roll(state)
    if isinstance(action, Embark):
        return _embark(state, action)
    if isinstance(action, Disembark):
        return _disembark(state, action)
    if isinstance(action, EndMovement | EndReadaptation) and state.selected is not None:
        return _refuse("finish_move", unit=_name(state, state.selected))
    if isinstance(action, Surrender):
        return _refuse("surrender_late")
    return _combat(state, action)


def _name(state: GuerraState, uid: str) -> str:
    unit = state.units.get(uid)
    return uid if unit is None else name(state, unit)


def _own_counter(state: GuerraState, uid: str) -> Refusal | None:
    """The common checks of a counter the player deciding now must command."""
    unit = state.units.get(uid)
    if unit is None:
        return _refuse("no_counter", unit=uid)
    player = state.decision.player or ""
    if not player or unit.side is not side_of_seat(player):
        return _refuse("enemy_counter", unit=name(state, unit))
    if unit.player != player:
        return _refuse("other_seat", unit=name(state, unit))
    return None


# --- placement --------------------------------------------------------------------------------


def _placement(state: GuerraState, action: PlaceCounter) -> Refusal | None:
    data = state.data
    h = Hex(action.q, action.r)
    family = data.families.get(action.family)
    wrong = family.name if family is not None else action.family
    if state.phase is Phase.AFRICA:
        unit = state.units[state.africa_left[0]]
        if action.family != unit.family:
            return _refuse("place_family", family=data.families[unit.family].name, wrong=wrong)
        territory = data.board.territory.get(h)
        if territory not in data.regions or data.board.terrain.get(h) is None:
            return _refuse("africa_hex")
        return _refuse("africa_full")
    pending = state.placements[0]
    if pending.family is not None and action.family != pending.family:
        return _refuse("place_family", family=data.families[pending.family].name, wrong=wrong)
    if pending.family is None:
        mix = data.population_families[pending.side]
        if action.family not in mix:
            return _refuse("place_kind", wrong=wrong)
        if action.family not in families_for(state, pending):
            left = state.mix_left[pending.side][mix.index(action.family)]
            return _refuse("place_mix" if left <= 0 else "pool_empty", wrong=wrong)
    elif next_from_pool(state, action.family) is None:
        return _refuse("pool_empty", wrong=wrong)
    if h in placement_hexes(state, pending, action.family):
        return None
    return _place_hex(state, pending.zone, pending.family is None, pending.side, action.family,
                      h)


def _place_hex(state: GuerraState, paid_by: tuple[str, ...], by_population: bool, side: Side,
               family: str, h: Hex) -> Refusal:
    data = state.data
    board = data.board
    kind = data.families[family].kind
    if h not in board.terrain:
        return _refuse("off_board")
    if kind is Kind.NAVAL:
        if not board.is_sea(h):
            return _refuse("naval_sea")
        if board.index[h] in enemy_zoc_cells(state, side, Kind.NAVAL):
            return _refuse("place_zoc")
        here = state.naval_at.get(h, [])
        if here and state.units[here[0]].side is not side:
            return _refuse("enemy_shares")
        if len(here) >= data.stacking.naval:
            return _refuse("naval_stacking", limit=data.stacking.naval)
        return _refuse("port_sea")
    if kind is Kind.AIR:
        here = state.air_at.get(h, [])
        if here and state.units[here[0]].side is not side:
            return _refuse("enemy_air_hex")
        if len(here) >= data.stacking.air:
            return _refuse("air_stacking", limit=data.stacking.air)
    near = _near_capitals(state, paid_by if by_population else
                          tuple(p for p in data.provinces if state.status[p] is side))
    territory = board.territory.get(h)
    if h not in near or (by_population and territory not in paid_by):
        if by_population:
            provinces = ", ".join(data.provinces[p].name for p in paid_by)
            return _refuse("paid_by", provinces=provinces)
        return _refuse("own_capital")
    terrain = board.terrain[h]
    if terrain is not Terrain.LAND and terrain is not Terrain.MOUNTAIN:
        return _refuse("place_land")
    if terrain is Terrain.MOUNTAIN and kind is Kind.GARRISON:
        return _refuse("garrison_mountain")
    region = data.regions.get(territory or "")
    if region is not None and region.side is not side:
        return _refuse("enemy_region")
    if board.index[h] in enemy_zoc_cells(state, side, kind):
        return _refuse("place_zoc")
    return _land_occupied(state, side, h) or _refuse("own_capital")


def _near_capitals(state: GuerraState, provinces: tuple[str, ...]) -> set[Hex]:
    board = state.data.board
    near: set[Hex] = set()
    for p in provinces:
        capital = board.capitals[p]
        near.add(capital)
        near.update(board.cells[j] for j in board.adjacent[board.index[capital]])
    return near


def _land_occupied(state: GuerraState, side: Side, h: Hex) -> Refusal | None:
    here = state.land_at.get(h)
    if not here:
        return None
    if state.units[here[0]].side is not side:
        return _refuse("enemy_shares")
    limit = state.data.stack_limit(h)
    if len(here) >= limit:
        return _refuse("land_stacking", place=_place(state, h), limit=limit)
    return None


def _place(state: GuerraState, h: Hex) -> str:
    city = state.data.board.cities.get(h)
    return city.name if city is not None else "That hex"


# --- conversion -------------------------------------------------------------------------------


def _conversion(state: GuerraState, action: Convert) -> Refusal | None:
    if action.first == action.second:
        return _refuse("convert_two")
    side = side_of_seat(state.player)
    for uid in (action.first, action.second):
        unit = state.units.get(uid)
        if (unit is None or unit.player != state.player or unit.kind is not Kind.GARRISON
                or unit.where is not Where.MAP):
            return _refuse("convert_garrison", unit=_name(state, uid))
    if action.at not in (action.first, action.second):
        return _refuse("convert_at")
    if conversion.conversions_left(state, side) == 0:
        return _refuse("convert_cap")
    if next_from_pool(state, state.data.conversion_family[side]) is None:
        return _refuse("convert_army_pool")
    territory = state.data.board.territory
    first, second = state.units[action.first], state.units[action.second]
    assert first.hex is not None and second.hex is not None
    joined = any(territory[first.hex] in z and territory[second.hex] in z
                 for z in zones(state, side))
    if not joined:
        return _refuse("convert_zone", first=name(state, first), second=name(state, second))
    listed = conversion.conversion_actions(state, state.player)
    if Convert(action.second, action.first, action.at) in listed:
        return _refuse("convert_order", first=name(state, second), second=name(state, first))
    if first.hex == second.hex:
        return _refuse("convert_same_hex")
    return None


# --- movement ---------------------------------------------------------------------------------


def _select(state: GuerraState, action: Select) -> Refusal | None:
    if state.selected is not None:
        return _refuse("select_pending", unit=_name(state, state.selected))
    refusal = _own_counter(state, action.unit)
    if refusal is not None:
        return refusal
    unit = state.units[action.unit]
    if unit.where is Where.ABOARD:
        return _refuse("aboard", unit=name(state, unit))
    if unit.where is not Where.MAP:
        return _refuse("not_on_map", unit=name(state, unit))
    if state.phase is Phase.READAPTATION:
        if unit.kind is not Kind.AIR:
            return _refuse("readapt_air")
        return _refuse("readapted", unit=name(state, unit))
    if unit.moved:
        return _refuse("moved", unit=name(state, unit))
    if unit.kind is Kind.NAVAL and not naval.usable(state, unit):
        return _allowance(state, unit.side)
    return None


def _allowance(state: GuerraState, side: Side) -> Refusal:
    return _refuse("naval_allowance", side=side.label, n=state.naval_allowance.get(side, 0))


def _move(state: GuerraState, h: Hex) -> Refusal | None:
    if state.selected is None:
        return _refuse("nothing_selected")
    unit = state.units[state.selected]
    board = state.data.board
    if h not in board.terrain:
        return _refuse("off_board")
    if h == unit.hex:
        return _refuse("same_hex", unit=name(state, unit))
    assert unit.hex is not None
    if state.phase is Phase.READAPTATION:
        return _readaptation(state, unit, h)
    if unit.kind is Kind.AIR:
        return _air(state, unit, h, state.data.movement.air_movement, "air_range")
    if unit.kind is Kind.NAVAL:
        return _naval(state, unit, h)
    return _land(state, unit, h)


def _air(state: GuerraState, unit: Unit, h: Hex, budget: int, too_far: str) -> Refusal:
    assert unit.hex is not None
    here = state.air_at.get(h, [])
    if here and state.units[here[0]].side is not unit.side:
        return _refuse("enemy_air_hex")
    if len([i for i in here if i != unit.id]) >= state.data.stacking.air:
        return _refuse("air_stacking", limit=state.data.stacking.air)
    if hex_distance(unit.hex, h) > budget:
        return _refuse(too_far, unit=name(state, unit), n=budget)
    return _refuse("air_blocked", n=budget)


def _readaptation(state: GuerraState, unit: Unit, h: Hex) -> Refusal:
    board = state.data.board
    own = tuple(p for p in state.data.provinces if state.status[p] is unit.side)
    capitals = {board.capitals[p] for p in own}
    near = {x for x in _near_capitals(state, own)
            if x in capitals or board.terrain.get(x) is not Terrain.MOUNTAIN}
    if h not in near:
        return _refuse("readapt_target")
    return _air(state, unit, h, state.data.movement.air_readaptation, "readapt_range")


def _naval(state: GuerraState, unit: Unit, h: Hex) -> Refusal:
    data = state.data
    if not data.board.is_sea(h):
        return _refuse("naval_sea")
    here = state.naval_at.get(h, [])
    if here and state.units[here[0]].side is not unit.side:
        return _refuse("enemy_shares")
    if len(here) >= data.stacking.naval:
        return _refuse("naval_stacking", limit=data.stacking.naval)
    assert unit.hex is not None
    base = data.movement.naval_movement
    distance = hex_distance(unit.hex, h)
    if unit.naval_roll == 0 and base < distance <= base + max(data.die.faces):
        return _refuse("naval_roll_first", base=base, unit=name(state, unit))
    if distance > base + unit.naval_roll:
        return _refuse("naval_range", unit=name(state, unit), n=base + unit.naval_roll)
    return _refuse("naval_blocked")


def _land(state: GuerraState, unit: Unit, h: Hex) -> Refusal:
    data = state.data
    board = data.board
    terrain = board.terrain[h]
    if terrain is not Terrain.LAND and terrain is not Terrain.MOUNTAIN:
        return _refuse("place_land")
    if terrain is Terrain.MOUNTAIN and unit.kind is Kind.GARRISON:
        return _refuse("garrison_mountain")
    occupied = _land_occupied(state, unit.side, h)
    if occupied is not None:
        return occupied
    territory = board.territory.get(h)
    region = data.regions.get(territory or "")
    if region is not None and region.side is not unit.side:
        return _refuse("enemy_region")
    assert unit.hex is not None
    start = board.territory.get(unit.hex)
    if start in data.regions and territory not in data.regions:
        crossing = _strait(state, unit)
        if crossing is not None:
            return crossing
    mv = data.movement
    cut = weather_cut(state, unit)
    if unit.kind is Kind.ARMY:
        move_f = mv.landing_movement if unit.landed else mv.army_movement
        best = max(mv.army_displacement_own, mv.army_displacement_disputed,
                   mv.army_displacement_early)
        if unit.landed:
            best = mv.landing_displacement
        elif state.turn <= mv.early_turns:
            best = mv.army_displacement_early
        if state.turn >= mv.road_from_turn and not unit.landed:
            best += mv.road_bonus
            move_f += mv.road_bonus
    else:
        move_f = best = mv.garrison_movement
    move_f, best = max(0, move_f - cut), max(0, best - cut)
    found = _terrain_reach(state, unit, best)
    spent = found.get(board.index[h])
    if spent is None:
        too_far = "garrison_range" if unit.kind is Kind.GARRISON else "land_range"
        return _refuse(too_far, unit=name(state, unit), n=best)
    if board.index[h] in enemy_zoc_cells(state, unit.side, unit.kind) and spent > move_f:
        return _refuse("fight_range", unit=name(state, unit), n=move_f)
    return _refuse("land_blocked")


def _strait(state: GuerraState, unit: Unit) -> Refusal | None:
    """Why a counter in North Africa cannot cross to the peninsula (section 7.2)."""
    data = state.data
    if unit.kind is not Kind.ARMY:
        return _refuse("strait_army")
    if unit.moved or unit.landed:
        return _refuse("strait_moved")
    if state.strait_crossings >= data.transport.strait_per_turn:
        return _refuse("strait_limit", n=state.strait_crossings)
    strait = data.board.strait
    if strait is None or not any(state.units[i].side is unit.side
                                 for i in state.naval_at.get(strait, ())):
        return _refuse("strait_bridge")
    return None


def _terrain_reach(state: GuerraState, unit: Unit, budget: int) -> dict[int, float]:
    """Cells within `budget` over land by terrain alone (mountains cost 2, none for a
    garrison), ignoring counters and provinces: what is out of it is simply too far."""
    assert unit.hex is not None
    board = state.data.board
    terrain_at = board.terrain_at
    mountain_cost = state.data.movement.mountain_cost
    garrison = unit.kind is Kind.GARRISON

    def cost(a: int, b: int) -> float | None:
        t = terrain_at[b]
        if t is Terrain.LAND:
            return 1
        if t is Terrain.MOUNTAIN and not garrison:
            return mountain_cost
        return None

    strait = board.index[board.strait] if board.strait is not None else -1

    def cost_with_strait(a: int, b: int) -> float | None:
        if b == strait:
            return 0
        return cost(a, b)

    return reachable(board.index[unit.hex], budget, board.adjacent.__getitem__,
                     cost_with_strait)


def _roll(state: GuerraState) -> Refusal:
    if state.selected is None or state.units[state.selected].kind is not Kind.NAVAL:
        return _refuse("roll_no_ship")
    return _refuse("rolled", unit=_name(state, state.selected))


# --- transport --------------------------------------------------------------------------------


def _embark(state: GuerraState, action: Embark) -> Refusal | None:
    if state.selected is not None:
        return _refuse("finish_move", unit=_name(state, state.selected))
    refusal = _own_counter(state, action.unit)
    if refusal is not None:
        return refusal
    data = state.data
    unit = state.units[action.unit]
    if unit.kind is not Kind.ARMY:
        return _refuse("embark_army")
    if unit.where is Where.ABOARD:
        return _refuse("aboard", unit=name(state, unit))
    if unit.where is not Where.MAP:
        return _refuse("not_on_map", unit=name(state, unit))
    ship = state.units.get(action.ship)
    if (ship is None or ship.kind is not Kind.NAVAL or ship.player != unit.player
            or ship.where is not Where.MAP):
        return _refuse("embark_ship", ship=_name(state, action.ship))
    if unit.must_fight:
        return _refuse("embark_fight", unit=name(state, unit))
    if unit.shipped:
        return _refuse("embark_twice", unit=name(state, unit))
    assert unit.hex is not None and ship.hex is not None
    city = data.board.cities.get(unit.hex)
    if city is None or city.id not in data.ports:
        return _refuse("embark_port")
    if state.status.get(city.province) is unit.side.enemy:
        return _refuse("embark_enemy_port")
    if hex_distance(ship.hex, unit.hex) != 1:
        return _refuse("embark_adjacent", ship=name(state, ship), unit=name(state, unit))
    if len(ship.cargo) >= data.transport.per_naval_counter:
        return _refuse("ship_full", ship=name(state, ship))
    aboard = sum(1 for u in state.units.values()
                 if u.player == unit.player and u.where is Where.ABOARD)
    if aboard >= data.transport.per_player_at_once:
        return _refuse("aboard_limit")
    if not naval.usable(state, ship):
        return _allowance(state, ship.side)
    return None


def _disembark(state: GuerraState, action: Disembark) -> Refusal | None:
    if state.selected is not None:
        return _refuse("finish_move", unit=_name(state, state.selected))
    refusal = _own_counter(state, action.unit)
    if refusal is not None:
        return refusal
    data = state.data
    unit = state.units[action.unit]
    if unit.where is not Where.ABOARD or unit.carrier is None:
        return _refuse("not_aboard", unit=name(state, unit))
    ship = state.units[unit.carrier]
    if not naval.usable(state, ship):
        return _allowance(state, ship.side)
    h = Hex(action.q, action.r)
    if h not in data.board.terrain:
        return _refuse("off_board")
    assert ship.hex is not None
    if hex_distance(ship.hex, h) != 1:
        return _refuse("land_adjacent")
    city = data.board.cities.get(h)
    if city is None or city.id not in data.ports:
        return _refuse("land_port")
    if state.status.get(city.province) is not unit.side:
        return _refuse("land_own_port")
    return _land_occupied(state, unit.side, h)


# --- combat -----------------------------------------------------------------------------------


def _combat(state: GuerraState, action: Action) -> Refusal | None:
    c = state.combat
    if isinstance(action, EndCombats):
        due = combat.obligations(state, state.player)
        return _refuse("must_fight", unit=name(state, due[0])) if due else None
    if isinstance(action, Attack):
        return _attack(state, action)
    if isinstance(action, Resolve | DefenceReady):
        side = side_of_seat(state.decision.player or "")
        if not action.fec or can_spend(state, side):
            return None
        assert state.options is not None
        if state.options.level is Level.BASIC:
            return _refuse("fec_level")
        return _refuse("fec_short", side=side.label, n=state.fec[side], cost=state.data.fec_cost)
    assert c is not None
    if isinstance(action, AddAttacker):
        return _join(state, action.unit, attacker=True)
    if isinstance(action, AddDefender):
        return _join(state, action.unit, attacker=False)
    if isinstance(action, Support):
        return _support(state, action)
    if isinstance(action, TakeLoss):
        return _refuse("loss_choice", unit=_name(state, action.unit))
    return None


def _attack(state: GuerraState, action: Attack) -> Refusal | None:
    refusal = _own_counter(state, action.attacker)
    if refusal is not None:
        return refusal
    unit = state.units[action.attacker]
    if unit.where is not Where.MAP:
        return _refuse("not_on_map", unit=name(state, unit))
    if not combat.can_attack(unit):
        return _refuse("fought", unit=name(state, unit))
    if unit.kind is Kind.NAVAL and not naval.usable(state, unit):
        return _allowance(state, unit.side)
    enemy = state.units.get(action.defender)
    if enemy is None or enemy.side is unit.side or enemy.where is not Where.MAP:
        return _refuse("attack_enemy", enemy=_name(state, action.defender))
    if enemy.kind.arm != unit.kind.arm:
        return _refuse("attack_arm")
    assert unit.hex is not None and enemy.hex is not None
    if hex_distance(unit.hex, enemy.hex) != 1:
        return _refuse("attack_adjacent", unit=name(state, unit), enemy=name(state, enemy))
    return None


def _join(state: GuerraState, uid: str, attacker: bool) -> Refusal | None:
    c = state.combat
    assert c is not None
    unit = state.units.get(uid)
    if unit is None:
        return _refuse("no_counter", unit=uid)
    if uid in c.attackers or uid in c.defenders:
        return _refuse("in_combat", unit=name(state, unit))
    first = state.units[c.attackers[0]]
    if attacker:
        refusal = _own_counter(state, uid)
        if refusal is not None:
            return refusal
        if unit.where is not Where.MAP:
            return _refuse("not_on_map", unit=name(state, unit))
        if not combat.can_attack(unit):
            return _refuse("fought", unit=name(state, unit))
        if unit.kind is Kind.NAVAL and not naval.usable(state, unit):
            return _allowance(state, unit.side)
    else:
        if c.stack:
            return _refuse("join_stack")
        if unit.side is first.side or unit.where is not Where.MAP:
            return _refuse("attack_enemy", enemy=name(state, unit))
    if unit.kind.arm != first.kind.arm:
        return _refuse("attack_arm")
    assert unit.hex is not None
    if not attacker and unit.kind.is_land and combat.is_city_stack(state, unit.hex):
        return _refuse("join_city_stack", enemy=name(state, unit))
    others = c.defenders if attacker else c.attackers
    if not all(hex_distance(unit.hex, state.units[o].hex) == 1  # type: ignore[arg-type]
               for o in others):
        return _refuse("join_adjacent")
    return _refuse("join_limit")


def _support(state: GuerraState, action: Support) -> Refusal | None:
    c = state.combat
    assert c is not None
    refusal = _own_counter(state, action.air)
    if refusal is not None:
        return refusal
    air = state.units[action.air]
    if air.kind is not Kind.AIR or air.where is not Where.MAP:
        return _refuse("support_air")
    defence = c.stage is CombatStage.DEFENCE
    targets = c.defenders if defence else c.attackers
    target = state.units.get(action.unit)
    first = state.units[targets[0]]
    if target is None or action.unit not in targets or not first.kind.is_land:
        return _refuse("support_target")
    used = {a for a, _ in (c.defence_support if defence else c.attack_support)}
    if action.air in used or (air.air_defence if defence else (air.air_attack or air.fought)):
        return _refuse("support_used", unit=name(state, air))
    reach = state.data.movement.air_support_range
    assert air.hex is not None and target.hex is not None
    if hex_distance(air.hex, target.hex) > reach:
        return _refuse("support_range", unit=name(state, air), n=reach,
                       target=name(state, target))
    return None
