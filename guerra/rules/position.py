"""Positions of La Guerra de España (engine.core.position; DESIGN.md §8).

A position is the setup document (scenarios/guerra/setup.yaml: the initial placement by family
and city, the sectors) plus what a game in progress needs: the `options` chosen (level, players
per side, the tie agreement; without them the game waits for them, section 4), the `turn` and
`phase` of the sequence of play (section 14), the side that moves first (`first_side`, section
4) and the `acting` side of a movement or combat phase; `counters` on the map (`hex:
"col,row"`, and the `seat` commanding them when a side has two players) or aboard a naval
counter (`aboard`), the number of each family's counters `eliminated` (the others wait in their
pools); `control` of every province (section
9.1) and, for a province in dispute, its `last_owner`; the `fec` tracks and `fec_losses`
(section 11); `weather`, the zones with a ZM marker this turn (section 13); `naval_allowance`,
the naval counters each side may use this turn; and `africa`, the Army of Africa counters still
to be placed in the initial placement (section 6).

Phases a position may start at: `options` (nothing placed yet), `africa`,
`population_reinforcements` (the start of a turn after the first), `fixed_reinforcements`,
`conversion`, `movement`, `combat` and `readaptation`. What only exists inside a step (the
counter selected, a combat being declared, the reinforcements still to place, what each counter
did this turn) is not part of a position: the step starts afresh.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.dice import Dice
from engine.core.game import Decision, Scenario
from engine.core.hexgrid import Hex
from engine.core.position import PositionError, PositionPath, Reader, overlay
from guerra.rules import sequence
from guerra.rules.counters import name, place_name
from guerra.rules.data import GuerraData, Kind, Level, Side, Terrain, hex_label
from guerra.rules.setup import load_data, new_state, parse_hex
from guerra.rules.state import SEATS, GuerraState, Options, Phase, Where

PHASES = ("options", "africa", "population_reinforcements", "fixed_reinforcements",
          "conversion", "movement", "combat", "readaptation")
SIDE_NAMES = tuple(s.value for s in Side)
CONTROL = (*SIDE_NAMES, "disputed")
KEYS = ("placements", "sectors", "options", "turn", "phase", "first_side", "acting", "counters",
        "eliminated", "control", "last_owner", "fec", "fec_losses", "weather",
        "naval_allowance", "africa")
_PLAYERS = ((1, 1), (2, 1), (2, 2))
"""Players per side allowed by section 3."""


# --- reading a position --------------------------------------------------------------------


def from_position(scenario: Scenario, position: Mapping[str, Any], dice: Dice, start: bool,
                  data: GuerraData | None = None) -> GuerraState:
    """The state of `position` over `scenario` (see the module docstring); `data` is the
    scenario's printed data when the caller already loaded it."""
    base = scenario.documents["setup"]
    Reader(position).only({*KEYS, *base}, "a La Guerra de España position")
    setup = overlay(base, position)
    r = Reader(setup)
    # the printed data holds the initial placement, the sectors, and the side a scenario
    # makes move first, which the first roll reads (section 4)
    before_roll = setup.get("phase") in ("options", "africa", None)
    keys = ("placements", "sectors", "first_side") if before_roll else ("placements", "sectors")
    if data is None or any(setup.get(key) != base.get(key) for key in keys):
        data = _data(scenario, setup, r)
    state = new_state(data, dice)
    for unit in state.units.values():
        unit.where = Where.POOL
    for pid, province in data.provinces.items():
        state.status[pid] = state.last_owner[pid] = province.initial
    state.options = _options(r.at("options"))
    phase = r.at("phase").choice("the phase", PHASES,
                                 default="options" if state.options is None else "movement",
                                 section="14")
    last = data.last_turn + data.extra_turns
    state.turn = r.at("turn").integer("the turn", 1, last, default=1, section="4")
    if (phase == "options") != (state.options is None):
        raise r.at("options").fail("the options are chosen at the start and only then"
                                   if state.options is None else
                                   "a position at the options step has no options yet", "4")
    if phase in ("population_reinforcements", "fixed_reinforcements") and state.turn == 1:
        raise r.at("phase").fail("turn 1 has no reinforcements: the initial placement takes "
                                 "their place", "14")
    state.first_side = _side(r.at("first_side"), "the side that moves first")
    if state.first_side is None and phase not in ("options", "africa"):
        raise r.at("first_side").fail("the side that moves first is rolled for before the first "
                                 "movement; say which it is", "4")
    state.acting = _side(r.at("acting"), "the side acting")
    if phase in ("movement", "combat") and state.acting is None:
        state.acting = state.first_side
    given = _counters(state, r)
    if phase == "options" and given:
        raise r.at("counters").fail("the initial placement comes after the options are "
                                    "chosen: a position at the options step places nothing",
                                    "6")
    _control(state, r)
    _tracks(state, r)
    _africa(state, r.at("africa"), phase, given)
    _eliminated(state, r.at("eliminated"))
    _check(state, given)
    state.phase = _laid_out_phase(phase)
    if start:
        _start(state, phase)
    else:
        state.decision = Decision(None, "position", f"A position at the {phase} step")
    return state


def _data(scenario: Scenario, setup: Mapping[str, Any], r: Reader) -> GuerraData:
    """The printed data with the position's initial placement and sectors."""
    try:
        return load_data({**scenario.documents, "setup": setup})
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise r.at("placements").fail(f"the initial placement cannot be read ({err})", "6") \
            from None


def _options(r: Reader) -> Options | None:
    if not r.given:
        return None
    r.only(("level", "nationalist_players", "republican_players", "tie_ends_game"),
           "the options")
    level = Level(r.at("level").choice("the level", [lv.value for lv in Level], section="4"))
    nat = r.at("nationalist_players").integer("Nationalist players", 1, 2, default=1,
                                              section="3")
    rep = r.at("republican_players").integer("Republican players", 1, 2, default=1,
                                             section="3")
    if (nat, rep) not in _PLAYERS:
        raise r.fail("two, three (two Nationalists) or four players", "3")
    tie = r.at("tie_ends_game").flag("tie_ends_game", default=True)
    return Options(level, nat, rep, tie)


def _side(r: Reader, what: str) -> Side | None:
    return Side(r.choice(what, SIDE_NAMES)) if r.given else None


def _hex(data: GuerraData, r: Reader) -> Hex:
    label = r.text("the hex")
    try:
        h = parse_hex(label)
    except ValueError:
        raise r.fail(f"a hex is written \"column,row\", not {label!r}", "2.1") from None
    if h not in data.board.index:
        raise r.fail(f"hex {label} is off the map", "2.1")
    return h


def _counters(state: GuerraState, r: Reader) -> dict[str, PositionPath]:
    """Counters on the map, aboard naval counters and eliminated; the rest stay in their
    pools. Returns where each was given, for the refusals."""
    data = state.data
    given: dict[str, PositionPath] = {}
    aboard: list[tuple[str, Reader]] = []
    for uid, spec in r.at("counters").items("the counters"):
        if uid not in state.units:
            raise spec.fail(f"there is no counter {uid!r}", "2.4")
        spec.only(("hex", "aboard", "seat"), f"counter {uid}")
        unit = state.units[uid]
        given[uid] = spec.path
        unit.player = _seat(state, unit.side, spec.at("seat"))
        if spec.at("aboard").given:
            if spec.at("hex").given:
                raise spec.fail(f"{uid} is either on a hex or aboard, not both", "7.1")
            aboard.append((uid, spec))
            continue
        h = _hex(data, spec.at("hex"))
        if not spec.at("seat").given:
            territory = data.board.territory.get(h)
            unit.player = state.seat_for_sector(unit.side, data.sector_of(territory)) \
                if territory is not None else state.seats(unit.side)[0]
        _put(state, unit.id, h)
    for uid, spec in aboard:
        unit = state.units[uid]
        ship_id = spec.at("aboard").choice("the naval counter", state.units, section="7.1")
        ship = state.units[ship_id]
        if ship.kind is not Kind.NAVAL or ship.where is not Where.MAP:
            raise spec.at("aboard").fail(f"{ship_id} is not a naval counter on the map", "7.1")
        if ship.side is not unit.side:
            raise spec.at("aboard").fail(f"{ship_id} belongs to the other side", "7.1")
        if unit.kind is not Kind.ARMY:
            raise spec.fail("only army counters embark on naval transport", "7.1")
        unit.where = Where.ABOARD
        unit.carrier = ship_id
        ship.cargo.append(uid)
    return given


def _eliminated(state: GuerraState, r: Reader) -> None:
    """Counters of each family already lost: the last ones still in the pool, as a scenario's
    start loses them (a family's counters are alike; their numbers only tell them apart)."""
    for fid, count in r.items("the eliminated counters"):
        if fid not in state.data.families:
            raise count.fail(f"there is no family of counters {fid!r}", "2.4")
        n = count.integer(f"the {fid} counters eliminated", 0, section="8")
        pool = [u for uid, u in state.units.items() if u.family == fid
                and u.where is Where.POOL and uid not in state.africa_left]
        if n > len(pool):
            raise count.fail(f"only {len(pool)} {state.data.families[fid].name} counters are "
                             f"off the map to be eliminated, not {n}", "2.4")
        for unit in pool[len(pool) - n:]:
            unit.where = Where.ELIMINATED


def _seat(state: GuerraState, side: Side, r: Reader) -> str:
    if not r.given:
        return state.seats(side)[0]
    seats = state.seats(side)
    seat = r.choice("the seat", SEATS, section="3")
    if seat not in seats:
        raise r.fail(f"the {side.label} seats in this game are {', '.join(seats)}", "3")
    return seat


def _put(state: GuerraState, uid: str, h: Hex) -> None:
    """On the map without the side effects of a move (a position says the provinces' state
    itself)."""
    unit = state.units[uid]
    unit.hex = h
    unit.where = Where.MAP
    index = state.land_at if unit.kind.is_land else \
        state.naval_at if unit.kind is Kind.NAVAL else state.air_at
    index.setdefault(h, []).append(uid)
    if unit.kind.is_land:
        board = state.data.board
        territory = board.territory.get(h)
        if territory is not None:
            state.land_count[territory][unit.side] += 1
        i = board.index.get(h)
        if i is not None:  # the per-cell indexes of the movement searches (state.land_cells)
            state.land_cells[i] += 1
            state.land_side[i] = unit.side


def _control(state: GuerraState, r: Reader) -> None:
    """The province-control counters of the auxiliary table (section 9.1)."""
    provinces = state.data.provinces
    for pid, status in r.at("control").items("the control of the provinces"):
        if pid not in provinces:
            raise status.fail(f"there is no province {pid!r}", "9.1")
        value = status.choice(f"the control of {pid}", CONTROL, section="9.1")
        state.status[pid] = None if value == "disputed" else Side(value)
        state.last_owner[pid] = state.status[pid]
    for pid, owner in r.at("last_owner").items("the last owners"):
        if pid not in provinces:
            raise owner.fail(f"there is no province {pid!r}", "9")
        if state.status[pid] is not None:
            raise owner.fail(f"{provinces[pid].name} is not in dispute: its owner is its "
                             "controller", "9")
        state.last_owner[pid] = None if owner.data in (None, "disputed") \
            else Side(owner.choice("the last owner", SIDE_NAMES, section="9"))


def _tracks(state: GuerraState, r: Reader) -> None:
    data = state.data
    for key, what in (("fec", "F.E.C."), ("fec_losses", "F.E.C. losses"),
                      ("naval_allowance", "naval counters allowed")):
        r.at(key).only(SIDE_NAMES, f"the {what}")
        for side in Side:
            item = r.at(key).at(side.value)
            if key == "fec":
                state.fec[side] = item.integer(f"the {side.label} F.E.C.", data.fec_min,
                                               data.fec_max, default=data.fec_start,
                                               section="11")
            elif key == "fec_losses":
                state.fec_losses[side] = item.integer(f"the {side.label} F.E.C. losses", 0,
                                                      default=0, section="11")
            elif item.given:
                state.naval_allowance[side] = item.integer(
                    f"the {side.label} naval counters allowed", 0, section="7.1")
    boxes = {b.zone: b for b in data.weather_boxes.get(data.weather_turn(state.turn), ())}
    for item in r.at("weather").entries("the weather"):
        zone = item.choice("the weather zone", data.weather_zones, section="13")
        if zone not in boxes:
            raise item.fail(f"zone {zone} has no weather box in turn {state.turn}", "13")
        state.weather[zone] = boxes[zone]


def _africa(state: GuerraState, r: Reader, phase: str, given: dict[str, PositionPath]) -> None:
    """The Army of Africa counters still to place (section 6), each for the seat of its
    region's sector."""
    data = state.data
    if phase != "africa":
        if r.given and r.sequence("africa"):
            raise r.fail("counters wait for their Africa placement only in the africa step",
                         "6")
        return
    regions = {p.family: p.region for p in data.placements if p.region is not None}
    for item in r.entries("the Army of Africa counters to place"):
        uid = item.choice("the counter", state.units, section="6")
        unit = state.units[uid]
        if unit.family not in regions:
            raise item.fail(f"{uid} is not placed in a region at the start", "6")
        if uid in given or unit.where is not Where.POOL:
            raise item.fail(f"{uid} is already placed", "6")
        region = regions[unit.family]
        assert region is not None
        unit.player = state.seat_for_sector(unit.side, data.sector_of(region))
        state.africa_left.append(uid)
    if not state.africa_left:
        raise r.fail("the africa step needs the counters still to place", "6")


def placement_refusal(state: GuerraState, uid: str, h: Hex) -> tuple[str, str] | None:
    """Why counter `uid` may not stand on `h` (the reason and its section), None when it may;
    stacking and the other side are checked with the whole position."""
    data = state.data
    unit = state.units[uid]
    terrain = data.board.terrain.get(h)
    if unit.kind.is_land:
        if terrain not in (Terrain.LAND, Terrain.MOUNTAIN) or h not in data.board.territory:
            return "land counters stand on the land hexes of the provinces and regions", "2.1"
        if unit.kind is Kind.GARRISON and terrain is Terrain.MOUNTAIN:
            return "garrison counters never enter mountain hexes", "7"
        return None
    if unit.kind is Kind.NAVAL and terrain is not Terrain.SEA:
        return "naval counters stand on sea hexes", "7"
    return None


def _check(state: GuerraState, given: Mapping[str, PositionPath]) -> None:
    """Where each counter stands, stacking, one side per hex, then the rules' invariants."""
    data = state.data
    for uid, unit in state.units.items():
        if unit.where is Where.MAP and unit.hex is not None:
            why = placement_refusal(state, uid, unit.hex)
            if why is not None:
                raise PositionError(f"{name(state, unit)} cannot stand on hex "
                                    f"{hex_label(unit.hex)} ({place_name(state, unit.hex)}): "
                                    f"{why[0]}", why[1], given.get(uid, ()))
    for kind, index, limit in (("land", state.land_at, None),
                               ("naval", state.naval_at, data.stacking.naval),
                               ("air", state.air_at, data.stacking.air)):
        for h, ids in index.items():
            sides = {state.units[i].side for i in ids}
            if len(sides) > 1:
                raise PositionError(f"{kind} counters of both sides on {hex_label(h)}",
                                    "7", given.get(ids[-1], ()))
            most = data.stack_limit(h) if limit is None else limit
            if len(ids) > most:
                raise PositionError(f"{len(ids)} {kind} counters on {hex_label(h)}; the limit "
                                    f"there is {most}", "8", given.get(ids[-1], ()))
    for ship in state.units.values():
        if len(ship.cargo) > data.transport.per_naval_counter:
            raise PositionError(f"{ship.id} carries {len(ship.cargo)} counters; a naval "
                                f"counter carries {data.transport.per_naval_counter}", "7.1",
                                given.get(ship.cargo[-1], ()))
    from guerra.rules.invariants import check

    problems = check(state)
    if problems:
        raise PositionError(f"the position breaks a rule of the game: {problems[0]}")


def _laid_out_phase(phase: str) -> Phase:
    if phase == "population_reinforcements":
        return Phase.POPULATION
    if phase == "fixed_reinforcements":
        return Phase.FIXED
    return Phase(phase)


def _start(state: GuerraState, phase: str) -> None:
    """Begin the step the position names, running its automatic steps (section 14)."""
    if phase in ("options", "africa"):
        sequence.set_decision(state)
        return
    first = state.first_side
    assert first is not None
    if phase == "population_reinforcements":
        sequence.begin_turn(state)
    elif phase == "fixed_reinforcements":
        state.phase = Phase.POPULATION
        sequence.next_placement(state)
    elif phase == "conversion":
        sequence.start_conversions(state)
    elif phase == "movement":
        assert state.acting is not None
        sequence.start_half(state, state.acting)
    elif phase == "combat":
        assert state.acting is not None
        state.phase = Phase.COMBAT
        state.queue = list(state.seats(state.acting))
        state.player = state.queue.pop(0)
        sequence.skip_idle_combat(state)
    else:
        sequence.start_readaptation(state)
    sequence.set_decision(state)


# --- writing a position --------------------------------------------------------------------


def to_position(state: GuerraState) -> dict[str, Any]:
    """The position of `state`, every key written (see the module docstring)."""
    counters: dict[str, dict[str, str]] = {}
    for uid, unit in state.units.items():
        if unit.where is Where.MAP and unit.hex is not None:
            counters[uid] = {"hex": hex_label(unit.hex), "seat": unit.player}
        elif unit.where is Where.ABOARD and unit.carrier is not None:
            counters[uid] = {"aboard": unit.carrier, "seat": unit.player}
    options = None if state.options is None else {
        "level": state.options.level.value,
        "nationalist_players": state.options.nationalist_players,
        "republican_players": state.options.republican_players,
        "tie_ends_game": state.options.tie_ends_game,
    }
    phase = _position_phase(state.phase)
    return {
        "options": options,
        "turn": state.turn,
        "phase": phase,
        "first_side": _first_side(state),
        "acting": state.acting.value if state.acting is not None and phase in
        ("movement", "combat") else None,
        "counters": counters,
        "eliminated": _eliminated_counts(state),
        "control": {p: "disputed" if s is None else s.value for p, s in state.status.items()},
        "last_owner": {p: o.value if o is not None else None
                       for p, o in state.last_owner.items() if state.status[p] is None},
        "fec": {s.value: state.fec[s] for s in Side},
        "fec_losses": {s.value: state.fec_losses[s] for s in Side},
        "weather": sorted(state.weather),
        "naval_allowance": {s.value: n for s, n in state.naval_allowance.items()},
        "africa": list(state.africa_left) if state.phase is Phase.AFRICA else [],
    }


def _first_side(state: GuerraState) -> str | None:
    """The side moving first: rolled (section 4), or fixed by the scenario before the roll."""
    side = state.first_side
    if side is None and state.phase in (Phase.OPTIONS, Phase.AFRICA):
        side = state.data.start.first_side
    return side.value if side is not None else None


def _eliminated_counts(state: GuerraState) -> dict[str, int]:
    counts: dict[str, int] = {}
    for unit in state.units.values():
        if unit.where is Where.ELIMINATED:
            counts[unit.family] = counts.get(unit.family, 0) + 1
    return dict(sorted(counts.items()))


def _position_phase(phase: Phase) -> str:
    if phase is Phase.POPULATION:
        return "population_reinforcements"
    if phase is Phase.FIXED:
        return "fixed_reinforcements"
    if phase is Phase.OVER:
        return "readaptation"
    return phase.value
