"""Helpers for the Guerra tests: small hand-made maps and scenarios, and quick state set-ups.

A hand-made map is drawn as rows of characters (odd rows shifted right, like the real map): "."
sea, a lower-case letter a land hex of the province the legend names, the same letter in upper
case a mountain hex of that province, "P" Portugal.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from engine.core.dice import Dice, Die, ScriptedDice
from engine.core.game import Scenario
from engine.core.hexgrid import ODD, Hex, OffsetCoord, roffset_to_cube
from guerra.rules import GuerraRules
from guerra.rules.actions import SetOptions
from guerra.rules.counters import next_from_pool, place
from guerra.rules.data import Side
from guerra.rules.state import GuerraState, Unit

ROOT = Path(__file__).resolve().parents[2]
SCENARIO_DIR = ROOT / "scenarios" / "guerra"
MANIFEST = SCENARIO_DIR / "july_1936.yaml"


@cache
def _yaml(name: str) -> dict[str, Any]:
    with open(SCENARIO_DIR / name, encoding="utf-8") as f:
        data: dict[str, Any] = yaml.safe_load(f)
    return data


class FallbackDice(ScriptedDice):
    """Scripted rolls first (the ones a test states), then seeded rolls for the rest."""

    def _face(self, die: Die) -> int:
        if not self.script:
            return die.faces[self._rng.randrange(len(die.faces))]
        return super()._face(die)


def real_doc(kind: str) -> dict[str, Any]:
    """A copy of one of the project's scenario documents (plain data)."""
    return copy.deepcopy(_yaml(f"{kind}.yaml"))


def h(col: int, row: int) -> Hex:
    """The hex at "col,row" of a map."""
    return roffset_to_cube(ODD, OffsetCoord(col, row))


def make_map(
    rows: list[str],
    legend: Mapping[str, str],
    cities: Iterable[tuple[str, int, int, int, str, bool, bool]] = (),
    roads: Iterable[list[tuple[int, int]]] = (),
    strait: tuple[int, int] | None = None,
) -> dict[str, Any]:
    """A `map` document: `legend` maps a lower-case letter to a territory id; cities are
    (id, col, row, size, province, capital, port)."""
    height, width = len(rows), len(rows[0])
    letters = {t: chr(ord("a") + i) for i, t in enumerate(sorted(set(legend.values())))}
    terrain_rows, province_rows = [], []
    for row in rows:
        assert len(row) == width, row
        t_row, p_row = "", ""
        for ch in row:
            if ch == ".":
                t_row += "."
                p_row += "."
            elif ch == "P":
                t_row += "P"
                p_row += "."
            else:
                t_row += "m" if ch.isupper() else "l"
                p_row += letters[legend[ch.lower()]]
        terrain_rows.append(t_row)
        province_rows.append(p_row)
    doc: dict[str, Any] = {
        "game": "guerra",
        "kind": "map",
        "layout": {"orientation": "pointy", "offset": "odd-r", "km_per_hex": 25},
        "width": width,
        "height": height,
        "terrain": "\n".join(terrain_rows) + "\n",
        "terrain_legend": {".": "sea", "l": "land", "m": "mountain", "P": "portugal"},
        "provinces": "\n".join(province_rows) + "\n",
        "province_legend": {v: k for k, v in letters.items()},
        "cities": [
            {"id": cid, "name": cid.title(), "hex": f"{c},{r}", "size": size,
             "province": prov, "capital": cap, "port": port}
            for cid, c, r, size, prov, cap, port in cities
        ],
        "roads": [{"id": f"road{i}", "hexes": [f"{c},{r}" for c, r in road]}
                  for i, road in enumerate(roads)],
    }
    if strait is not None:
        doc["strait"] = {"hex": f"{strait[0]},{strait[1]}"}
    return doc


def province(pid: str, initial: str, population: int = 1, *, capital: str | None = None,
             economic: int = 0, morale: int = 0, port: int = 0, sector: str = "north",
             zone: str = "A") -> dict[str, Any]:
    return {"id": pid, "name": pid.replace("_", " ").title(), "capital": capital or pid,
            "initial": initial, "population": population, "economic": economic,
            "morale": morale, "port": port, "sector": sector, "weather_zone": zone}


def scenario(map_doc: dict[str, Any], provinces: list[dict[str, Any]],
             regions: list[dict[str, Any]] | None = None,
             placements: list[dict[str, Any]] | None = None,
             ports: list[str] | None = None, **replace: dict[str, Any]) -> Scenario:
    """A scenario with a hand-made map and provinces and the project's tables."""
    docs: dict[str, Any] = {kind: real_doc(kind) for kind in (
        "counters", "setup", "reinforcements", "naval_use", "conversions", "weather", "turns",
        "city_stack_table")}
    docs["map"] = map_doc
    docs["provinces"] = {"game": "guerra", "kind": "provinces", "provinces": provinces,
                         "regions": regions or [], "ports": ports or []}
    docs["setup"]["placements"] = placements or []
    docs.update(replace)
    return Scenario("guerra", "test", "Test", "test.yaml", str(id(docs)).rjust(64, "0"), docs)


def start(sc: Scenario, rolls: Iterable[int] = (), *, level: str = "advanced",
          nationalists: int = 1, republicans: int = 1, tie_ends: bool = True,
          first: Side = Side.NATIONALIST) -> tuple[GuerraRules, GuerraState]:
    """A game past the options and the first-player roll, in turn 1's first movement phase.

    The scripted dice first give the first-player roll (5 against 2 for `first`), then `rolls`.
    """
    rules = GuerraRules()
    script = [5, 2] if first is Side.NATIONALIST else [2, 5]
    dice = FallbackDice([*script, *rolls])
    state = rules.new_game(sc, 0, dice)
    rules.apply(state, SetOptions(level, nationalists, republicans, tie_ends))
    return rules, state


def put(state: GuerraState, family: str, hex_: Hex, player: str | None = None) -> Unit:
    """Put the next counter of `family` on a hex (test set-up, outside the sequence)."""
    unit = next_from_pool(state, family)
    assert unit is not None
    place(state, unit, hex_, player or unit.side.value, "set up by the test")
    return unit


def seeded(seed: int) -> Dice:
    return Dice(seed)


@cache
def real_scenario() -> Scenario:
    """The project's scenario, loaded and checked like the game does."""
    from engine.data.schema import load_scenario
    from guerra.schema import SCHEMAS

    return load_scenario(MANIFEST, SCHEMAS)


def real_start(rolls: Iterable[int] = (), africa: Iterable[Hex] = (), **options: Any
               ) -> tuple[GuerraRules, GuerraState]:
    """The real scenario past the options, with the three Army of Africa counters placed on
    `africa` (default: the first legal hex each time) and the first-player roll scripted."""
    from guerra.rules.actions import PlaceCounter

    rules = GuerraRules()
    first = options.pop("first", Side.NATIONALIST)
    script = [5, 2] if first is Side.NATIONALIST else [2, 5]
    dice = FallbackDice([*script, *rolls])
    state = rules.new_game(real_scenario(), 0, dice)
    rules.apply(state, SetOptions(options.get("level", "advanced"),
                                  options.get("nationalists", 1), options.get("republicans", 1),
                                  options.get("tie_ends", True)))
    spots = list(africa)
    while state.africa_left:
        legal = rules.legal_actions(state)
        if spots:
            target = spots.pop(0)
            action = next(a for a in legal if isinstance(a, PlaceCounter)
                          and (a.q, a.r) == (target.q, target.r))
        else:
            action = legal[0]
        rules.apply(state, action)
    return rules, state


def city(state: GuerraState, city_id: str) -> Hex:
    return state.data.board.city_by_id[city_id].hex


def units_at(state: GuerraState, hex_: Hex) -> list[Unit]:
    return [state.units[i] for i in state.land_at.get(hex_, [])]


def real_empty(**replace: dict[str, Any]) -> Scenario:
    """The real map and provinces with no counter set up (placements emptied)."""
    docs = dict(real_scenario().documents)
    setup = copy.deepcopy(docs["setup"])
    setup["placements"] = []
    docs["setup"] = setup
    docs.update(replace)
    return Scenario("guerra", "empty", "Empty", "empty.yaml", "e" * 64, docs)


def border(state: GuerraState, inside: str, outside: str) -> list[Hex]:
    """Hexes of province `inside` next to a hex of province `outside`, in order."""
    board = state.data.board
    found = []
    for x in board.territory_hexes[inside]:
        if any(board.territory_at[j] == outside for j in board.adjacent[board.index[x]]):
            found.append(x)
    return found


PASSES = ("EndMovement", "EndCombats", "EndReadaptation", "EndConversions")


def pass_turn(rules: GuerraRules, state: GuerraState) -> list[Any]:
    """Play on to the next turn (or the end) passing every choice that can be passed; other
    decisions (placements) take the first legal action. Returns the events."""
    turn = state.turn
    events: list[Any] = []
    while state.turn == turn and rules.result(state) is None:
        legal = rules.legal_actions(state)
        passing = [a for a in legal if type(a).__name__ in PASSES]
        if state.selected is not None:
            passing = [a for a in legal if type(a).__name__ == "Stay"]
        events += rules.apply(state, passing[0] if passing else legal[0])
    return events
