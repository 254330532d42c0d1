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


def test_every_printed_number_is_in_the_data(scenario):
    """Each number the rulebook prints, read from the YAML exactly as printed (DESIGN.md §4):
    FIL-153/158/159 (6.1), FIL-259/260/261 (6.12), FIL-061 (6.13.2), FIL-047 (6.11),
    FIL-045/079/080/081/082/294 (4.2.3.13, 7.1.1), FIL-063/064/269 (5.3, 6.13.1), FIL-073/
    FIL-116/FIL-117 (5.1.1), FIL-084 (7.0), FIL-145..147 (5.3.1), FIL-167/168/170 (6.2),
    FIL-204 (6.6), FIL-022 (4.2.1), FIL-228/230/237 (6.8), FIL-075/093/196 (6.13.2, 6.13.3,
    6.14), FIL-293 (7.1), FIL-031/139/135/288 (5.2), FIL-267/268/307 (6.13), FIL-049/054,
    FIL-285 (7.0: one card each), FIL-296..FIL-298 (8.0), FIL-097 (4.3), FIL-111 (5.1.1 III),
    and the solo bot's 1 AP, Morale 5, 1-2 and strength 2 (10.3: FIL-316, FIL-320, FIL-325)."""
    t = scenario.documents["tables"]
    lim, cost, mor = t["limits"], t["costs"], t["morale"]
    assert t["recruitment"] == {"success_on": 5, "spanish_morale_at_least": 6,
                                "filipino_morale_at_most": 5, "modifier": 1, "cavite": "cavite"}
    assert t["political"] == {"success_on": 5, "us_step": 1}
    assert t["fortified_line"] == {"cross_on": 5, "attack_modifier": -1}
    assert t["zapote"]["attack_modifier"] == -1 and t["entrenchment"]["attack_modifier"] == -1
    assert t["convoy"]["escort_modifier"] == -1
    assert {k: v for k, v in t["location"].items() if k != "note"} == {
        "located_on": 6, "target": 1, "search_and_destroy": 1, "equal_or_lower_cf": 1,
        "lone_leader_rolls": 2, "lone_leader_cf": 0}
    assert {k: v for k, v in t["siege"].items()} == {"hit_on": 6, "defence_value": 1,
                                                      "naval_support": 1}
    assert t["protect_cf"] == 1 and t["search_cf"] == 1
    assert cost == {"action": 1, "attack_without_general": 2, "convoy_without_general": 2,
                    "coordination": 1, "cards_for_one_ap": 2, "ap_for_cards": 1}
    assert {k: lim[k] for k in ("minimum_ap", "minimum_ap_after_biak", "hand", "start_hand",
                                "reinforcements_per_round", "no_reinforcements_at_morale",
                                "plunders_for_ap", "ap_for_plunders", "usa_cards_dealt",
                                "wet_turn", "reconcentration", "us_entry")} == {
        "minimum_ap": 2, "minimum_ap_after_biak": 1, "hand": 5, "start_hand": 5,
        "reinforcements_per_round": 2, "no_reinforcements_at_morale": 1, "plunders_for_ap": 2,
        "ap_for_plunders": 1, "usa_cards_dealt": 1, "wet_turn": -1, "reconcentration": -1,
        "us_entry": 10}
    assert {k: lim[k] for k in lim if k.startswith("solo_")} == {
        "solo_max_ap": 1, "solo_reinforce_morale_at_most": 5, "solo_protect_up_to": 2,
        "solo_regular_strength": 2}
    assert {k: v for k, v in mor.items() if k != "bands"} == {
        "reinforcement": -1, "repatriation": 1, "plunder": -1, "battle": 1, "siege": 1,
        "fleet_step": 2, "leader_lost": 1}
    assert [(b["from_"], b["to"], b["cities"]) for b in mor["bands"]] == [
        (6, 10, 2), (2, 5, 1), (1, 1, 0)]
    assert t["end_of_turn"] == {"canovas": {"us": 2, "morale": 0},
                                "sagasta": {"us": 1, "morale": -1}, "reconcentration_us": 1}
    data = build_data(scenario)
    assert data.params.cards_for(5) == 2
    setup = scenario.documents["setup"]
    assert setup["ap"] == {"spain": 7, "filipino": 5}
    assert setup["morale"] == 10 and setup["us_intervention"] == 1
    sp = data.spaces
    assert {p: (sp[p].resources2, sp[p].sacked_partial2) for p in data.luzon} == {
        "tarlac": (2, 0), "pampanga": (2, 0), "bulacan": (2, 0), "batangas": (2, 0),
        "manila": (4, 1), "cavite": (4, 1)}
