"""Naval counters: the naval-use roll, the movement die and naval transport (sections 7 2, 7.1).

Each turn, before its naval moves, an army rolls the die and reads on the naval-use table how
many of its naval counters it may use (moving, attacking, embarking or disembarking counters,
GAP-GUE-42). A naval counter moves 12 hexes plus its own die roll; the roll is made only when
its player asks for the range beyond 12, so selecting a ship to look costs nothing. It carries
up to two army counters of its player, boarded at an own or disputed port next to it and
landed at an own port next to it; no player has more than two counters aboard at once
(GUE-099). An army counter that entered an enemy control zone owes a combat and cannot embark
(sections 7, 7.1). A counter that moved to reach the port stays where it lands; one that
boarded without moving may move on with the landing factors (5, or 4 to fight). No counter
boards twice in a turn.
"""

from __future__ import annotations

from engine.core.actions import Action, DiceRolled, Event, Message
from engine.core.hexgrid import Hex, hex_distance, hex_neighbors
from guerra.rules.actions import Disembark, Embark
from guerra.rules.counters import board, ids_of_kind, land, name
from guerra.rules.data import Kind, Side, Terrain
from guerra.rules.state import GuerraState, Unit, Where


def naval_use_roll(state: GuerraState, side: Side) -> list[Event]:
    """Roll for the naval counters `side` may use this turn (section 7 2)."""
    if not any(u.side is side and u.kind is Kind.NAVAL and u.where is Where.MAP
               for u in state.units.values()):
        state.naval_allowance[side] = 0
        return []
    roll = state.dice.roll_one(state.data.die, purpose="naval use")
    allowed = state.data.naval_use[roll]
    state.naval_allowance[side] = allowed
    return [DiceRolled(f"{side.label} naval use: rolled {roll}, {allowed} naval counter(s) may "
                       f"be used this turn (section 7)", values=(roll,),
                       die=state.data.die.name, purpose="naval use",
                       faces=state.data.die.faces)]


def usable(state: GuerraState, ship: Unit) -> bool:
    """Whether using `ship` stays within the naval-use roll (section 7 2)."""
    if ship.id in state.naval_used:
        return True
    used = sum(1 for s in state.naval_used if state.units[s].side is ship.side)
    return used < state.naval_allowance.get(ship.side, 0)


def use(state: GuerraState, ship: Unit) -> None:
    """Count `ship` as used this turn: it moves, embarks, lands or attacks (section 7 2,
    GAP-GUE-42). Selecting it to see where it may go does not count."""
    state.naval_used.add(ship.id)


def roll_movement(state: GuerraState, ship: Unit) -> list[Event]:
    """Roll `ship`'s movement die once a turn: 12 hexes plus the roll (section 7 2). The roll is
    made when the player asks for the range beyond 12, never on selection, and uses the ship."""
    use(state, ship)
    ship.naval_roll = state.dice.roll_one(state.data.die, purpose="naval movement")
    allowance = state.data.movement.naval_movement + ship.naval_roll
    return [DiceRolled(f"{name(state, ship)} rolls {ship.naval_roll}: moves up to "
                       f"{allowance} hexes (section 7)", values=(ship.naval_roll,),
                       die=state.data.die.name, purpose="naval movement",
                       faces=state.data.die.faces)]


def _port_approaches(state: GuerraState) -> frozenset[Hex]:
    """The hexes next to a port city, where a naval counter may take on or land counters
    (section 7.1); worked out once per scenario."""
    data = state.data

    def build() -> frozenset[Hex]:
        return frozenset(h for city in data.board.cities.values() if city.id in data.ports
                         for h in hex_neighbors(city.hex))

    return data.memo("port approaches", build)


def transport_actions(state: GuerraState, player: str) -> list[Action]:
    """Embarking and disembarking open to `player` now (section 7.1)."""
    data = state.data
    board_ = data.board
    actions: list[Action] = []
    units = state.units
    # Nothing to board or land when no naval counter on the map lies next to a port or
    # carries anything (a counter aboard is in its carrier's cargo: the invariants check it)
    # - the commonest answer, told without looking at every naval counter.
    approaches = _port_approaches(state)
    if not any(h in approaches or any(units[i].cargo for i in ids)
               for h, ids in state.naval_at.items()):
        return actions
    on_map, aboard = Where.MAP, Where.ABOARD
    # `usable`, with the ships already used counted once: a player's ships are of one side
    used, allowance = state.naval_used, state.naval_allowance
    left: dict[Side, bool] = {}
    ships = []
    for u in map(units.__getitem__, ids_of_kind(state, Kind.NAVAL)):
        if u.player != player or u.where is not on_map:
            continue
        if u.id not in used:
            free = left.get(u.side)
            if free is None:
                free = left[u.side] = sum(
                    1 for s in used if units[s].side is u.side) < allowance.get(u.side, 0)
            if not free:
                continue
        ships.append(u)
    if not ships:
        return actions
    # the same among the usable ships of the player
    if not any(ship.cargo or ship.hex in approaches for ship in ships):
        return actions
    # only army counters go aboard (section 7.1; the invariants check it)
    armies = [u for u in map(units.__getitem__, ids_of_kind(state, Kind.ARMY))
              if u.player == player and (u.where is on_map or u.where is aboard)]
    room = sum(1 for u in armies if u.where is aboard) < data.transport.per_player_at_once
    for unit in armies:
        if unit.where is on_map and room and not unit.shipped and not unit.must_fight:
            assert unit.hex is not None
            city = board_.cities.get(unit.hex)
            if city is None or city.id not in data.ports:
                continue
            if state.status.get(city.province) is unit.side.enemy:
                continue
            for ship in ships:
                assert ship.hex is not None
                if (len(ship.cargo) < data.transport.per_naval_counter
                        and hex_distance(ship.hex, unit.hex) == 1):
                    actions.append(Embark(unit.id, ship.id))
        elif unit.where is aboard:
            carrier = state.units[unit.carrier] if unit.carrier else None
            if carrier is None or carrier not in ships:
                continue
            assert carrier.hex is not None
            for h in hex_neighbors(carrier.hex):
                city = board_.cities.get(h)
                if (city is None or city.id not in data.ports
                        or state.status.get(city.province) is not unit.side):
                    continue
                here = state.land_at.get(h, [])
                if len(here) < data.stack_limit(h):
                    actions.append(Disembark(unit.id, h.q, h.r))
    return actions


def embark(state: GuerraState, action: Embark) -> list[Event]:
    unit, ship = state.units[action.unit], state.units[action.ship]
    use(state, ship)
    unit.shipped = True
    return board(state, unit, ship)


def disembark(state: GuerraState, action: Disembark) -> list[Event]:
    """Land a carried counter; it may move on only if it had not moved this turn (7.1)."""
    unit = state.units[action.unit]
    assert unit.carrier is not None
    use(state, state.units[unit.carrier])
    h = Hex(action.q, action.r)
    events = land(state, unit, h)
    unit.shipped = True
    if unit.moved:
        events.append(Message(f"{name(state, unit)} moved before boarding: it stays in port "
                              "until next turn (section 7.1)"))
    else:
        unit.landed = True
    return events


def coast_hexes(state: GuerraState, city_id: str) -> list[Hex]:
    """Sea hexes next to a city, the most open sea first: where naval counters start (section
    6: "the sea hexagon adjacent to the city")."""
    board_ = state.data.board
    city = board_.city_by_id[city_id]

    def closed(h: Hex) -> int:
        return -sum(1 for n in hex_neighbors(h) if board_.terrain.get(n) is Terrain.SEA)

    return sorted((h for h in hex_neighbors(city.hex) if board_.terrain.get(h) is Terrain.SEA),
                  key=lambda h: (closed(h), h))
