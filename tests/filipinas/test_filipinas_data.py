"""The board, counters, cards and setup as data (4.1-4.3, 6.13, 8.0)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import RULES

from engine.data.schema import ScenarioError, load_scenario
from filipinas.rules.setup import build_data
from filipinas.schema import SCHEMAS

NAMED_CARDS = {
    "reconcentration": "Reconcentration", "fortified_lines": "Fortified Lines",
    "zapote_line": "Zapote Line", "peace_of_biak_na_bato": "Peace of Biak-na-Bató",
    "sagasta_buys_the_rebels": "Sagasta Buys the Rebels",
    "ultimos_de_filipinas": "Últimos de Filipinas",
    "appointment_of_polavieja": "Appointment of Polavieja",
    "spanish_artillery": "Spanish Artillery", "isthmus_of_noveleta": "Isthmus of Noveleta",
    "to_the_bayonet": "To the Bayonet!", "filipino_artillery": "Filipino Artillery",
    "cavite": "Cavite",
}


def test_counter_mix_is_73(scenario):
    """FIL-003: 73 counters; FIL-004/FIL-018: units of CF 1 or 2, Spanish and American ones
    with two steps (the Asia Fleet excepted, GAP-FIL-08)."""
    doc = scenario.documents["counters"]
    total = len(doc["units"]) + len(doc["leaders"]) + sum(m["count"] for m in doc["markers"])
    assert total == 73
    data = build_data(scenario)
    for c in data.counters.values():
        if c.leader:
            continue
        assert set(c.cf) <= {1, 2}
        if c.faction in ("spain", "usa") and c.kind == "brigade":
            assert c.cf == (2, 1)
    assert {m["section"] for m in doc["markers"]} >= {f"4.2.3.{i}" for i in range(1, 17)}


def test_leaders_and_fleets(scenario):
    """FIL-005, FIL-026..FIL-028, FIL-037: fleets by firepower, LF/TF, anchors, stars."""
    d = build_data(scenario).counters
    assert d["us_fleet"].cf[0] > d["asia_fleet"].cf[0] and d["camara_fleet"].cf[0] == 2
    assert d["primo_de_rivera"].tf == 1 and d["bonifacio"].tf == 0
    assert d["polavieja"].lf + d["lachambre"].lf == 2
    assert d["merritt"].lf + d["dewey"].lf == 3
    assert all(d[a].admiral for a in ("montojo", "camara", "dewey"))
    spanish = [c for c in d.values() if c.leader and c.side == "spain"]
    assert {c.id for c in spanish if not c.captain_general} == {"lachambre", "montojo", "camara"}


def test_map(scenario):
    """FIL-001, FIL-071, FIL-191, FIL-096..FIL-105: turns of four months on a track, six Provinces
    (Manila and Cavite 2, the rest 1), two cities and ports,
    the two Fortified Lines, the Sea, Hong Kong, Visayas, Mindanao and the boxes (GAP-FIL-06)."""
    data = build_data(scenario)
    luzon = data.luzon
    assert len(luzon) == 6
    assert {p for p in luzon} >= {"manila", "cavite", "batangas", "bulacan", "tarlac"}
    assert {p: data.spaces[p].resources2 for p in luzon} == {
        "tarlac": 2, "pampanga": 2, "bulacan": 2, "manila": 4, "cavite": 4, "batangas": 2}
    assert set(data.cities) == {"manila_city", "cavite_city"}
    assert data.spaces["manila_city"].captaincy
    assert {data.spaces[ln].joins for ln in data.lines} == {("cavite", "manila"),
                                                           ("cavite", "batangas")}
    land = [n for n in data.board.neighbors("cavite") if data.spaces[n].kind == "province"]
    assert sorted(land) == ["batangas", "manila"]
    for box in ("filipino_troops", "spanish_troops", "graveyard", "spanish_government",
                "reconcentration_box", "hong_kong", "visayas", "mindanao", "sea"):
        assert box in data.spaces
    assert data.wet_turns == frozenset({3, 6}) and data.last_turn == 7


def test_every_named_card_exists(scenario):
    """GAP-FIL-01: each card the rulebook names, and the four decks (FIL-265)."""
    data = build_data(scenario)
    for cid, name in NAMED_CARDS.items():
        assert data.cards[cid].name == name
    assert data.cards["spanish_artillery"].effect == {"combat_roll": 1}
    assert data.cards["isthmus_of_noveleta"].effect == {"combat_roll": -1}
    assert data.cards["isthmus_of_noveleta"].reaction
    assert {c.deck for c in data.cards.values()} == {"spanish", "filipino", "usa_spanish",
                                                      "usa_filipino"}
    assert all(c.flavour for c in data.cards.values())


def test_setup(scenario):
    """FIL-296..FIL-307, FIL-008: the position of 8.0."""
    s = RULES.new_game(scenario, 5)
    assert s.ap == {"filipino": 5, "spain": 7} and s.morale == 10 and s.us_level == 1
    assert s.government == "canovas" and s.turn == 1
    assert s.loc["blanco"] == "manila_city"
    assert s.members("bonifacio") == ["magdiwan", "bonifacio"]
    assert s.loc["desierto"] == "manila" and s.stack_of["desierto"] != s.stack_of["magdiwan"]
    assert s.members("aguinaldo") == ["cavite_corps", "aguinaldo"] and "cavite_corps" in s.reduced
    assert s.loc["mindanao_1"] == "mindanao"
    assert s.members("asia_fleet") == ["asia_fleet", "montojo"]
    assert s.loc["marina"] == "spanish_troops" and s.loc["tarlac_corps"] == "filipino_troops"
    assert s.loc["us_fleet"] == "united_states"
    assert len(s.decks["usa_spanish"]) == 5 and len(s.decks["usa_filipino"]) == 5
    assert len(s.hands["filipino"]) == 5 and len(s.hands["spain"]) == 5


def test_schema_reports_bad_data(tmp_path):
    """DESIGN.md §4: an unknown key and a broken reference are reported with their place."""
    src = Path(__file__).resolve().parents[2] / "scenarios" / "filipinas"
    for f in src.glob("*.yaml"):
        (tmp_path / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    setup = tmp_path / "setup.yaml"
    setup.write_text(setup.read_text(encoding="utf-8").replace(
        "{counters: [blanco], space: manila_city}", "{counters: [blanko], space: manila_city}"),
        encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        load_scenario(tmp_path / "standard.yaml", SCHEMAS)
    assert "setup.yaml" in str(err.value) and "blanko" in str(err.value)
