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
    assert data.posts["es-bell-tower"].areas == frozenset("1234")
    shared = {p.id: p.areas for p in data.posts.values()
              if p.side is PH and p.label in ("1-2", "5-6")}
    assert all(len(a) == 2 for a in shared.values()) and len(shared) == 4
    assert shared["ph-56-a4a1"] == frozenset({"1", "4"})
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
