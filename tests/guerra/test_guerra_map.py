"""The hex map of La Guerra de España (scenarios/guerra/map.yaml) against the rulebook.

Checks the data itself with plain Python (the game's loader lives elsewhere): grid and legends,
the 47 provinces of §9.1, cities and their stacking classes (§8), the 18 ports of §7.1, roads,
the Strait of Gibraltar hex (§7.2), and the province neighbours the worked examples of §9, §10
and §12 rely on.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine.core.hexgrid import ODD, Hex, OffsetCoord, hex_neighbors, roffset_to_cube

MAP = Path(__file__).resolve().parents[2] / "scenarios" / "guerra" / "map.yaml"

NATIONALIST = {
    "alava", "avila", "burgos", "cadiz", "la_coruna", "leon", "logrono", "lugo", "navarra",
    "orense", "palencia", "pontevedra", "salamanca", "sevilla", "soria", "valladolid", "zamora",
}
REPUBLICAN = {
    "albacete", "alicante", "almeria", "badajoz", "barcelona", "castellon", "ciudad_real",
    "cuenca", "gerona", "guadalajara", "guipuzcoa", "jaen", "lerida", "madrid", "malaga",
    "murcia", "santander", "tarragona", "toledo", "valencia", "vizcaya",
}
IN_DISPUTE = {
    "asturias", "caceres", "cordoba", "granada", "huelva", "huesca", "segovia", "teruel",
    "zaragoza",
}
PROVINCES = NATIONALIST | REPUBLICAN | IN_DISPUTE
NORTH_AFRICA = "north_africa"
PORTS = {
    "san_sebastian", "bilbao", "santander", "gijon", "la_coruna", "pontevedra", "vigo", "huelva",
    "cadiz", "algeciras", "malaga", "almeria", "cartagena", "alicante", "valencia", "castellon",
    "tarragona", "barcelona",
}
SETUP_CITIES = {
    "sevilla", "burgos", "salamanca", "la_coruna", "pamplona", "cordoba", "granada", "oviedo",
    "huesca", "teruel", "valladolid", "caceres", "leon", "vigo", "cadiz", "madrid", "barcelona",
    "valencia", "murcia", "tarragona", "bilbao", "malaga", "jaen", "san_sebastian", "santander",
    "cuenca", "badajoz", "mieres", "alicante", "ciudad_real", "cartagena",
}
REAL_BORDERS = """
la_coruna: lugo pontevedra | lugo: pontevedra orense leon asturias | pontevedra: orense
orense: leon zamora | asturias: leon santander | santander: leon palencia burgos vizcaya
vizcaya: burgos alava guipuzcoa | guipuzcoa: alava navarra | alava: navarra logrono burgos
navarra: logrono zaragoza huesca | logrono: zaragoza soria burgos | leon: zamora valladolid palencia
palencia: burgos valladolid | burgos: soria segovia valladolid | soria: zaragoza guadalajara segovia
zamora: valladolid salamanca | valladolid: segovia avila salamanca | salamanca: avila caceres
avila: segovia madrid toledo caceres | segovia: guadalajara madrid | madrid: cuenca toledo
guadalajara: zaragoza teruel cuenca madrid | zaragoza: huesca lerida tarragona teruel
huesca: lerida | lerida: tarragona barcelona gerona | gerona: barcelona | barcelona: tarragona
tarragona: teruel castellon | teruel: castellon valencia cuenca | castellon: valencia
valencia: cuenca albacete alicante | cuenca: albacete ciudad_real toledo
toledo: ciudad_real badajoz caceres | caceres: badajoz | badajoz: ciudad_real cordoba sevilla huelva
ciudad_real: albacete jaen cordoba | albacete: alicante murcia granada jaen | alicante: murcia
murcia: granada almeria | almeria: granada | granada: jaen cordoba malaga | jaen: cordoba
cordoba: malaga sevilla | malaga: cadiz sevilla | sevilla: huelva cadiz | huelva: cadiz
"""
"""Provinces that share a border in reality (general geography; Huelva and Cádiz meet at the
mouth of the Guadalquivir)."""
OTHER_CITIES = {"vigo": "pontevedra", "gijon": "asturias", "mieres": "asturias",
                "algeciras": "cadiz", "cartagena": "murcia"}


def parse_hex(text: str) -> Hex:
    """The hex of a YAML id "col,row"."""
    col, row = (int(part) for part in text.split(","))
    return roffset_to_cube(ODD, OffsetCoord(col, row))


def cells(rows: str) -> dict[Hex, str]:
    """The character of each hex of a text-row grid."""
    return {
        roffset_to_cube(ODD, OffsetCoord(col, row)): char
        for row, line in enumerate(rows.splitlines())
        for col, char in enumerate(line)
    }


def connected(hexes: Iterable[Hex]) -> bool:
    """Whether the hexes form one piece."""
    todo = set(hexes)
    if not todo:
        return False
    start = next(iter(todo))
    seen = {start}
    queue = deque([start])
    while queue:
        for n in hex_neighbors(queue.popleft()):
            if n in todo and n not in seen:
                seen.add(n)
                queue.append(n)
    return seen == todo


@dataclass(frozen=True)
class Board:
    """The map file read into hexes."""

    data: Mapping[str, Any]
    terrain: dict[Hex, str]
    province: dict[Hex, str]
    cities: dict[str, Mapping[str, Any]]

    def kind(self, h: Hex) -> str | None:
        """Terrain name of a hex (sea, land, mountain, ...), None off the map."""
        char = self.terrain.get(h)
        return None if char is None else self.data["terrain_legend"][char]

    def hexes_of(self, province: str) -> set[Hex]:
        """The hexes of a province."""
        return {h for h, p in self.province.items() if p == province}

    def neighbours(self) -> dict[str, set[str]]:
        """Provinces (and North Africa) that share a hex side on land."""
        found: dict[str, set[str]] = {p: set() for p in self.province.values()}
        for h, p in self.province.items():
            for n in hex_neighbors(h):
                q = self.province.get(n)
                if q is not None and q != p:
                    found[p].add(q)
        return found


@pytest.fixture(scope="module")
def board() -> Board:
    with MAP.open(encoding="utf-8") as stream:
        data = yaml.safe_load(stream)
    legend = data["province_legend"]
    provinces = {h: legend[c] for h, c in cells(data["provinces"]).items() if c != "."}
    return Board(
        data,
        cells(data["terrain"]),
        provinces,
        {c["id"]: c for c in data["cities"]},
    )


def zones(neighbours: Mapping[str, set[str]], own: set[str]) -> list[set[str]]:
    """The groups of `own` provinces joined through own provinces only (§10)."""
    left = set(own)
    found = []
    while left:
        group = {left.pop()}
        queue = deque(group)
        while queue:
            for n in neighbours[queue.popleft()] & left:
                left.discard(n)
                group.add(n)
                queue.append(n)
        found.append(group)
    return found


def test_header_names_game_kind_layout_and_credits(board: Board) -> None:
    data = board.data
    assert data["game"] == "guerra" and data["kind"] == "map"
    assert data["layout"] == {"orientation": "pointy", "offset": "odd-r", "km_per_hex": 25}
    assert "Natural Earth" in data["note"] and "GeoNames" in data["note"]
    assert "CC BY 4.0" in data["note"]


def test_grid_rows_match_width_and_height(board: Board) -> None:
    width, height = board.data["width"], board.data["height"]
    for key in ("terrain", "provinces"):
        rows = board.data[key].splitlines()
        assert len(rows) == height, key
        assert {len(row) for row in rows} == {width}, key
    assert 1500 <= width * height <= 5000, "a few thousand hexes, sea included"


def test_legends_cover_every_character(board: Board) -> None:
    terrain_legend = board.data["terrain_legend"]
    assert set(terrain_legend.values()) == {
        "sea", "land", "mountain", "portugal", "france", "foreign"
    }
    assert set(board.terrain.values()) <= set(terrain_legend)
    province_legend = board.data["province_legend"]
    assert set(cells(board.data["provinces"]).values()) <= set(province_legend) | {"."}
    assert len(set(province_legend.values())) == len(province_legend), "one letter per province"


def test_every_land_hex_and_only_land_has_a_province(board: Board) -> None:
    land = {h for h in board.terrain if board.kind(h) in ("land", "mountain")}
    assert set(board.province) == land


def test_the_47_provinces_of_9_1_and_north_africa(board: Board) -> None:
    assert len(PROVINCES) == 47
    assert set(board.data["province_legend"].values()) == PROVINCES | {NORTH_AFRICA}


@pytest.mark.parametrize("province", sorted(PROVINCES))
def test_province_is_one_piece(board: Board, province: str) -> None:
    assert connected(board.hexes_of(province))


def test_north_africa_is_apart_from_the_peninsula(board: Board) -> None:
    africa = board.hexes_of(NORTH_AFRICA)
    assert africa and connected(africa)
    assert board.neighbours()[NORTH_AFRICA] == set()


def test_the_sea_is_one_body(board: Board) -> None:
    assert connected(h for h in board.terrain if board.kind(h) == "sea")


def test_every_province_has_one_capital_inside_it(board: Board) -> None:
    capitals = [c for c in board.cities.values() if c["capital"]]
    assert sorted(c["province"] for c in capitals) == sorted(PROVINCES)
    for city in board.cities.values():
        assert board.province[parse_hex(city["hex"])] == city["province"], city["id"]


def test_cities_named_by_setup_and_port_list_exist(board: Board) -> None:
    assert set(board.cities) >= SETUP_CITIES | PORTS
    for city_id, province in OTHER_CITIES.items():
        assert board.cities[city_id]["province"] == province
        assert not board.cities[city_id]["capital"]


def test_stacking_classes_of_section_8(board: Board) -> None:
    for city in board.cities.values():
        expected = 4 if city["id"] in ("madrid", "barcelona") else 3 if city["capital"] else 2
        assert city["size"] == expected, city["id"]
    assert board.cities["madrid"]["size"] == 4


def test_cities_stand_on_distinct_land_hexes_never_mountains(board: Board) -> None:
    spots = [parse_hex(c["hex"]) for c in board.cities.values()]
    assert len(set(spots)) == len(spots)
    for h in spots:
        assert board.kind(h) == "land"


def test_the_18_ports_are_coastal(board: Board) -> None:
    assert {c["id"] for c in board.cities.values() if c["port"]} == PORTS
    for city_id in PORTS:
        h = parse_hex(board.cities[city_id]["hex"])
        assert any(board.kind(n) == "sea" for n in hex_neighbors(h)), city_id


def test_roads_are_chains_of_adjacent_peninsular_land_hexes(board: Board) -> None:
    roads = board.data["roads"]
    assert len({r["id"] for r in roads}) == len(roads)
    road_hexes = {parse_hex(x) for r in roads for x in r["hexes"]}
    city_hexes = {parse_hex(c["hex"]) for c in board.cities.values()}
    for road in roads:
        chain = [parse_hex(x) for x in road["hexes"]]
        assert len(chain) >= 2, road["id"]
        for a, b in zip(chain, chain[1:], strict=False):
            assert b in hex_neighbors(a), (road["id"], a, b)
        for h in chain:
            assert board.kind(h) in ("land", "mountain"), (road["id"], h)
            assert board.province[h] != NORTH_AFRICA, (road["id"], h)
        for end in (chain[0], chain[-1]):
            others = {parse_hex(x) for r in roads if r is not road for x in r["hexes"]}
            assert end in city_hexes or end in others, (road["id"], end)
    assert parse_hex(board.cities["madrid"]["hex"]) in road_hexes


def test_strait_hex_joins_algeciras_and_north_africa(board: Board) -> None:
    strait = parse_hex(board.data["strait"]["hex"])
    assert board.kind(strait) == "sea"
    assert parse_hex(board.cities["algeciras"]["hex"]) in hex_neighbors(strait)
    assert any(board.province.get(n) == NORTH_AFRICA for n in hex_neighbors(strait))


def test_every_province_border_is_a_real_one(board: Board) -> None:
    real = {
        frozenset((a.strip(), b))
        for entry in REAL_BORDERS.replace("\n", " | ").split("|")
        if entry.strip()
        for a, rest in [entry.split(":")]
        for b in rest.split()
    }
    near = board.neighbours()
    on_map = {frozenset((p, q)) for p in PROVINCES for q in near[p]}
    assert on_map <= real, sorted(map(sorted, on_map - real))


def test_crossing_examples_of_section_9(board: Board) -> None:
    near = board.neighbours()
    assert "avila" in near["madrid"] and "salamanca" in near["avila"]
    assert "logrono" not in near["vizcaya"]
    assert "alava" in near["vizcaya"] and "logrono" in near["alava"]
    assert "segovia" in near["burgos"] and "guadalajara" in near["segovia"]
    assert "guadalajara" not in near["burgos"]


def test_reinforcement_zones_of_the_section_10_example(board: Board) -> None:
    near = board.neighbours()
    republican = sorted(map(sorted, zones(near, REPUBLICAN)))
    assert republican == sorted([
        sorted({"gerona", "barcelona", "lerida", "tarragona", "castellon", "valencia", "cuenca",
                "guadalajara", "madrid", "toledo", "badajoz", "ciudad_real", "jaen", "albacete",
                "alicante", "murcia", "almeria"}),
        sorted({"santander", "vizcaya", "guipuzcoa"}),
        ["malaga"],
    ])
    nationalist = sorted(map(sorted, zones(near, NATIONALIST)))
    assert nationalist == sorted([
        sorted(NATIONALIST - {"sevilla", "cadiz"}),
        sorted({"sevilla", "cadiz"}),
    ])
