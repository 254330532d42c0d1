"""The scenario data: board, counters, cards, tables and deployment (rulebook "Components",
"The board", "Cards", "Military units", "Initial deployment")."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from baler_fixtures import ES, MANIFEST, PH, RULES, cleared, new_game, place, scenario

from baler.rules.state import BAGS, Kind, Side
from baler.schema import SCHEMAS
from engine.data.schema import ScenarioError, load_scenario


def test_scenario_loads_with_every_kind() -> None:
    """BAL-055, GAP-BAL-31: the deployment the Playbook would give is a recorded scenario."""
    docs = scenario().documents
    assert {"board", "units", "cards", "tables", "setup"} <= set(docs)


def test_four_areas_with_their_posts() -> None:
    """BAL-002, BAL-005, BAL-006, BAL-009, GAP-BAL-23: four areas; per area Spanish posts 2, 3-4,
    5-6 and Philippine posts 1-2, 3-4, 5-6; the bell tower in all four areas; each Philippine 1-2
    and 5-6 post in two areas; one artillery post per area."""
    st = new_game()
    data = st.data
    assert data.areas == ("1", "2", "3", "4")
    for area in data.areas:
        es = sorted(data.posts[p].label for p in data.area_posts(ES, area))
        ph = sorted(data.posts[p].label for p in data.area_posts(PH, area))
        assert es == ["2", "3-4", "5-6"] and ph == ["1-2", "3-4", "5-6"]
    assert data.posts["es-bell-tower"].areas == ("1", "2", "3", "4")
    shared = {p.id: p.areas for p in data.posts.values()
              if p.side is PH and p.label in ("1-2", "5-6")}
    assert all(len(a) == 2 for a in shared.values()) and len(shared) == 4
    assert shared["ph-56-a4a1"] == ("1", "4")
    assert len(data.artillery_posts) == 4


def test_firepower_and_wall_tracks_per_area() -> None:
    """BAL-003, BAL-004: a firepower level 0-3 with the favoured side per area, and walls from
    Intact to Destroyed."""
    st = new_game()
    assert set(st.firepower) == set(st.walls) == set(st.data.areas)
    assert st.data.tables["walls"] == ["intact", "damaged", "wrecked", "destroyed"]
    assert all(0 <= v <= 3 for v in st.firepower.values())


def test_two_trench_spaces_per_area() -> None:
    """BAL-008: eight trench spaces, two per area, each built section operational or sabotaged."""
    st = new_game()
    assert all(len(t) == 2 for t in st.data.trenches_by_area.values())
    assert len(st.data.trench_spaces) == 8


def test_spanish_area_detachment_infirmary_command() -> None:
    """BAL-018..021: the Spanish detachment has a leader row 1-2 and soldier rows 3-4 and 5-6 with
    columns 1-6; the leader row names its leaders (the friars share column 6); six beds; three
    command posts."""
    st = new_game()
    data = st.data
    assert sorted({row for row, _ in data.detachment.values()}) == ["1-2", "3-4", "5-6"]
    assert sorted(col for row, col in data.detachment.values() if row == "3-4") == [1, 2, 3, 4,
                                                                                 5, 6]
    assert data.units["es-alonso-zayas"].home == data.detachment_grid[("1-2", 2)]
    assert data.units["es-de-las-morenas"].home == data.detachment_grid[("1-2", 1)]
    assert data.units["es-lopez"].home == data.units["es-minaya"].home == "es-det-12-6"
    assert sorted(r for s, r in data.command_posts.values() if s is ES) == [
        "medical", "military", "religious"]


def test_philippine_area_detachment_barracks_command_and_tcm() -> None:
    """BAL-024..026: a named detachment space per leader, barracks, three command posts (military,
    leadership, US support) and the territorial map from Baler (1) to Manila (5)."""
    st = new_game()
    data = st.data
    leaders = [u for u, i in data.units.items() if i.side is PH and i.kind is Kind.LEADER]
    assert sorted(data.units[u].home for u in leaders) == sorted(data.ph_leader_spaces)
    assert len(data.barracks) == 8
    assert sorted(r for s, r in data.command_posts.values() if s is PH) == [
        "leadership", "military", "us-support"]
    assert data.tcm_names[0] == "Baler" and data.tcm_names[4] == "Manila"


def test_eliminated_units_values() -> None:
    """BAL-022, BAL-028, GAP-BAL-09: 1 VP per soldier, 2 per leader, 1 per artillery piece."""
    victory = new_game().data.tables["victory"]
    assert (victory["soldier"], victory["leader"], victory["artillery"]) == (1, 2, 1)


def test_cards_55_in_three_types() -> None:
    """BAL-030, BAL-031, BAL-035, GAP-BAL-30: 55 cards: 10 faction cards per side, shared cards and
    Fog of War cards per side; each with AP, initiative, 0-2 icons, a main event and (except Fog of
    War cards) a secondary event."""
    cards = new_game().data.cards
    assert len(cards) == 55
    kinds = Counter((c.owner, c.fow) for c in cards.values())
    assert kinds[("spanish", False)] == kinds[("philippine", False)] == 10
    assert kinds[("spanish", True)] == kinds[("philippine", True)] == 8
    assert kinds[("shared", False)] == 19
    for card in cards.values():
        assert card.main and len(card.icons) <= 2 and card.title and card.flavour
        assert bool(card.secondary) != card.fow


def test_fog_of_war_decks_start_on_the_opposing_side_and_hands_hold_6() -> None:
    """BAL-027, BAL-029, BAL-040, GAP-BAL-12: each side's Fog of War deck is drawn only by the
    enemy; the shared deck and face-up cards A and B are set out; six-card hands."""
    st = new_game()
    assert all(st.data.cards[c].fow and st.data.cards[c].owner == "philippine"
               for c in st.fow_decks[PH])
    assert st.shared_faceup["A"] and st.shared_faceup["B"]
    assert len(st.hands[ES]) == len(st.hands[PH]) == 6


def test_units_names_factors_and_bags() -> None:
    """BAL-044..051, BAL-053, GAP-BAL-22, GAP-BAL-32: named Spanish soldiers and leaders, generic
    Philippine soldiers; combat 1-3, manpower 0-3; leaders with rank 1-3, Spanish types; soldiers
    start in posts, detachment or their own bag; leaders never in a bag."""
    st = new_game()
    units = st.data.units.values()
    for u in units:
        if u.kind is Kind.SOLDIER:
            assert 1 <= u.combat <= 3 and 0 <= u.manpower <= 3
        if u.kind is Kind.LEADER:
            assert 1 <= u.rank <= 3 and u.manpower == 0
            assert (u.leader_type in ("military", "medical", "religious")) == (u.side is ES)
    names = {u.name for u in units}
    assert {"Fabregat Fabregat", "Buades Tormo", "Simón Tecson", "Saturnino Martín Cerezo",
            "Cándido Gómez Carreño"} <= names
    for side in (ES, PH):
        assert all(st.data.units[u].side is side and st.data.units[u].kind is Kind.SOLDIER
                   for u in st.units_at(BAGS[side]))
    assert st.data.units["es-gomez-carreno"].combat == 1


def test_starting_deployment_markers() -> None:
    """GAP-BAL-31: beds 4-6 closed, Spain on space 2, leaders in their spaces, walls intact."""
    st = new_game()
    assert st.beds_open == 3 and st.power == "spain" and st.power_space == 2
    assert all(st.loc[u] == i.home for u, i in st.data.units.items() if i.kind is Kind.LEADER)
    assert not any(st.walls.values())
    assert RULES.check_invariants(st) == []


def test_invariants_catch_a_unit_on_an_enemy_post_and_overstacking() -> None:
    """BAL-010, BAL-011, BAL-013: one counter per space (the friars' space holds two); no unit on a
    post of the other colour."""
    st = cleared()
    assert RULES.check_invariants(st) == []
    place(st, {"es-gopar-hernandez": "ph-34-a1"})
    assert any("stands on ph-34-a1" in p for p in RULES.check_invariants(st))
    st = cleared()
    place(st, {"es-gopar-hernandez": "es-34-a1", "es-buades-tormo": "es-34-a1"})
    assert any("holds 2 counters" in p for p in RULES.check_invariants(st))


def test_vp_keep_counting_past_20() -> None:
    """BAL-016: the VP track is unbounded (the marker flips to +20)."""
    st = cleared()
    st.vp[Side.PHILIPPINE] = 23
    assert RULES.check_invariants(st) == []


def test_bad_card_data_is_reported_with_its_place(tmp_path: Path) -> None:
    """DESIGN §4: a broken effect is reported at its file and line."""
    folder = tmp_path / "baler"
    folder.mkdir()
    for f in MANIFEST.parent.glob("*.yaml"):
        (folder / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    cards = folder / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    text = text.replace("{supply: {amount: 1}}", "{supply: {amont: 1}}", 1)
    cards.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        load_scenario(folder / "siege.yaml", SCHEMAS)
    assert "cards.yaml" in str(err.value) and "amont" in str(err.value)


def test_printed_tables_match_the_rulebook() -> None:
    """BAL-014, BAL-017, BAL-075..077, BAL-081, BAL-091..093, BAL-096, BAL-097, BAL-108, BAL-110,
    BAL-114, BAL-121, BAL-124, BAL-127, BAL-130, BAL-132, BAL-135, BAL-139, BAL-152, BAL-154,
    BAL-170, BAL-171, BAL-173, BAL-206, BAL-209, BAL-211, BAL-221, BAL-223, BAL-224, BAL-230..234,
    BAL-246..248, BAL-255, BAL-261, BAL-264, BAL-266, BAL-268, BAL-279: every number the
    rulebook prints is used exactly in tables.yaml (lists indexed by a die are for faces 1-6;
    lists indexed by a track are for levels 0-6)."""
    t = new_game().data.tables
    assert (t["turns"], t["hand_size"], t["track_max"]) == (6, 6, 6)
    assert (t["max_combat_dice"], t["max_firepower"]) == (5, 3)
    assert t["base_dice"] == {"attacker": 1, "defender": 2}
    es = t["spanish_attrition"]
    assert es["supply_loss_by_roll"] == [2, 2, 2, 2, 1, 1]
    assert es["ill_by_supply"] == [3, 3, 2, 1, 0, 0, 0]
    assert es["deserters_by_morale"] == [2, 1, 1, 0, 0, 0, 0]
    assert es["loss_row_by_roll"] == ["1-2", "1-2", "3-4", "3-4", "5-6", "5-6"]
    assert es["deserter_without_vp_column"] == 6
    ph = t["philippine_attrition"]
    assert ph["supply_loss_by_roll"] == [2, 2, 1, 1, 1, 0]
    assert ph["morale_loss_by_supply"] == [3, 2, 1, 1, 0, 0, 0]
    power = t["foreign_power"]
    assert (power["spain_strength"], power["us_start_strength"], power["us_turns"]) == (
        3, 4, [4, 5, 6])
    assert power["us_strength_by_roll"] == [4, 4, 4, 5, 5, 5]
    assert power["us_steps_by_roll"] == [1, 2, 2, 2, 3, 3]
    assert (t["tcm_combat_success"], t["tcm_stack_limit"]) == ([5, 6], 3)
    assert t["actions"] == {"basic_cost": 1, "repeat_cost": 2, "basic_max_uses": 2,
                            "special_cost": 2, "movements_per_action": 2}
    assert [(o["supply"], o["morale"]) for o in t["spanish_supply_action"]] == [
        (0, -1), (0, 0), (1, 0), (1, 0), (1, 0), (2, 0)]
    assert t["philippine_supply_action"] == [1, 1, 2, 2, 2, 3]
    assert t["repair"] == {"spanish_manpower": 4, "philippine_manpower": 5, "supply_cost": 1}
    assert t["trench"] == {"manpower": 5, "supply_cost": 1, "per_phase": 2}
    assert t["raise_morale"] == 2
    assert t["surveillance"] == {"markers": 4, "bonus_by_roll": [0, 0, 1, 1, 2, 2]}
    assert t["shooting"] == {"kill": [6], "injury": [5]}
    assert t["philippine_location_by_roll"] == ["1-2", "1-2", "3-4", "3-4", "5-6", "5-6"]
    assert t["spanish_location_by_roll"] == ["walls", "2", "3-4", "3-4", "5-6", "5-6"]
    assert t["incursion"] == {"success": [5, 6], "attacker_injury": [1], "max_targets": 2}
    assert t["artillery_attack"] == {"attacker_dice": 2, "defender_dice": 1,
                                     "success": [4, 5, 6], "shrapnel": [6], "max_levels": 2}
    assert t["walls"] == ["intact", "damaged", "wrecked", "destroyed"]
    assert t["leader_upkeep_by_roll"] == ["disabled", "detachment", "detachment", "detachment",
                                          "detachment", "stay"]
    assert (t["leadership_morale_by_rank"], t["religious_morale"]) == ([1, 1, 2], 1)
    carreno = new_game().data.units["es-gomez-carreno"]
    assert (carreno.early_morale_boost, carreno.early_until_turn) == (2, 3)
    assert t["us_support"] == {"certain_until_turn": 3, "success_from_turn_4": [3, 4, 5, 6]}
    assert t["fow_keep_morale_cost"] == 1
    victory = dict(t["victory"])
    assert victory.pop("artillery") == 1  # GAP-BAL-09: the incursion procedure's number
    assert victory == {
        "soldier": 1, "leader": 2, "walls_destroyed": 1, "all_trenches": 5,
        "all_trenches_last_turn_extra": 1, "tcm_turns": [3, 6], "tcm_space_vp": {"3": 1, "4": 2},
        "walls_last_turn_none_wrecked": 1, "walls_last_turn_all_intact": 2,
        "destroyed_areas_to_end": 2, "destroyed_areas_vp": 6, "automatic_lead": 15,
    }


def test_printed_board_numbers() -> None:
    """BAL-009, BAL-020, BAL-024, BAL-091, BAL-124, BAL-189, BAL-208, BAL-268, GAP-BAL-08: four
    artillery posts and pieces, six beds of which 1-3 open at the start, the territorial map
    from Baler (1) to Manila (5) with the die modifiers -1, 0, +1, +2 for spaces 1-4, Spain on
    space 2."""
    st = new_game()
    data = st.data
    assert len(data.artillery_posts) == 4
    assert sum(1 for u in data.units.values() if u.kind is Kind.ARTILLERY) == 4
    assert len(data.beds) == 6 and st.beds_open == 3
    assert len(data.tcm) == 5 and data.tcm_modifiers == (-1, 0, 1, 2, None)
    assert st.power == "spain" and st.power_space == 2
