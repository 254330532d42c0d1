"""The scenario "the Ebro, summer 1938" (scenarios/guerra/ebro_1938.yaml): turns 13 to 16 from
the position of July 1938, and the setup fields it needs: the starting turn, province owners,
counters on given hexes, F.E.C. held, counters already lost and the side moving first."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest

from engine.core.game import Scenario
from engine.data.schema import ScenarioError, load_scenario
from guerra.rules import GuerraRules
from guerra.rules.actions import SetOptions
from guerra.rules.data import Side
from guerra.rules.setup import parse_hex
from guerra.rules.state import GuerraState, Phase, Where
from guerra.schema import SCHEMAS

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = ROOT / "scenarios" / "guerra" / "ebro_1938.yaml"
RULES = GuerraRules()
NAT, REP = Side.NATIONALIST, Side.REPUBLICAN
DISPUTED = {"tarragona", "castellon", "badajoz", "cordoba", "granada", "toledo"}


@cache
def scenario() -> Scenario:
    return load_scenario(MANIFEST, SCHEMAS)


def started(seed: int = 1, players: int = 1) -> GuerraState:
    state = RULES.new_game(scenario(), seed)
    RULES.apply(state, SetOptions("advanced", players, players, True))
    return state


def owned(state: GuerraState, side: Side) -> list[str]:
    return [p for p, owner in state.status.items() if owner is side]


def test_before_the_options_the_owners_fec_and_losses_are_those_of_1938() -> None:
    state = RULES.new_game(scenario(), 1)
    assert state.turn == 13 and state.phase is Phase.OPTIONS
    assert state.status["castellon"] is NAT and state.last_owner["castellon"] is NAT
    assert state.status["tarragona"] is REP and state.status["zaragoza"] is NAT
    assert (len(owned(state, NAT)), len(owned(state, REP))) == (34, 13)
    assert (state.fec[NAT], state.fec[REP]) == (35, 27)
    lost = {f: sum(1 for u in state.units.values()
                   if u.family == f and u.where is Where.ELIMINATED)
            for f in ("international_brigades", "ctv", "nationalist_navy", "republican_navy",
                      "republican_air", "nationalist_army")}
    assert lost == {"international_brigades": 2, "ctv": 2, "nationalist_navy": 1,
                    "republican_navy": 1, "republican_air": 2, "nationalist_army": 0}


def test_the_placement_puts_six_provinces_in_dispute_and_the_republic_moves_first() -> None:
    """Section 9: enemy land counters in a province put it in dispute; the scenario fixes the
    first side, so no die is rolled for it (section 4); turn 13 opens with the reinforcements
    by population (section 14), the fixed table having no row after turn 12."""
    state = started()
    assert {p for p, owner in state.status.items() if owner is None} == DISPUTED
    assert (len(owned(state, NAT)), len(owned(state, REP))) == (29, 12)
    population = {side: sum(state.data.provinces[p].population for p in owned(state, side))
                  for side in (NAT, REP)}
    assert population == {NAT: 107, REP: 76}
    assert state.first_side is REP
    assert not [roll for roll in state.dice.log if roll.purpose == "first player"]
    assert state.phase is Phase.POPULATION and state.decision.player == "republican"
    assert not [row for row in state.data.fixed if row.turn >= 13]
    at = {h: [state.units[u].family for u in ids] for h, ids in state.land_at.items()}
    assert at[parse_hex("36,17")] == ["army_of_africa"]
    assert at[parse_hex("36,16")] == ["international_brigades"]
    assert RULES.check_invariants(state) == []


def test_counters_on_a_hex_belong_to_the_seat_of_their_sector() -> None:
    """Section 3, GAP-GUE-19: with two players a side, a counter placed on a hex is commanded
    by the player of the sector its province lies in."""
    state = started(players=2)
    by_hex = {state.units[ids[0]].hex: state.units[ids[0]].player
              for ids in state.land_at.values()}
    assert by_hex[parse_hex("17,27")] == "republican_2"     # Badajoz, southern sector
    assert by_hex[parse_hex("36,15")] == "republican"       # Tarragona, northern sector
    assert by_hex[parse_hex("36,17")] == "nationalist"


@pytest.mark.parametrize("seed", range(2))
def test_random_playouts_end_by_turn_16(seed: int) -> None:
    """Seeded random play to the end with every invariant holding (DESIGN §6)."""
    state = RULES.new_game(scenario(), seed)
    rng = random.Random(seed)
    for n in range(20_000):
        if RULES.result(state) is not None:
            break
        RULES.apply(state, rng.choice(RULES.legal_actions(state)))
        broken = RULES.check_invariants(state)
        assert not broken, f"seed {seed}, action {n}: {broken}"
    result = RULES.result(state)
    assert result is not None and state.turn >= 13
    assert result.winner in ("nationalist", "republican", None)


def _edited(tmp_path: Path, old: str, new: str) -> Path:
    folder = tmp_path / "guerra"
    folder.mkdir()
    for f in MANIFEST.parent.glob("*.yaml"):
        (folder / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    setup = folder / "setup_1938.yaml"
    text = setup.read_text(encoding="utf-8")
    assert old in text
    setup.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder / MANIFEST.name


@pytest.mark.parametrize(("old", "new", "expected"), [
    ("first_side:", "first_sid:", "did you mean 'first_side'"),
    ("turn: 13", "turn: 17", "at most 16, got 17"),
    ('{family: nationalist_army, hex: "37,18"}', '{family: nationalist_army, hex: "40,18"}',
     "hex 40,18 is not in a province or region"),
    ('{family: republican_army, hex: "36,15"}', '{family: republican_army, hex: "15,44"}',
     "no republican counter may stand in Spanish North Africa"),
    ('{family: republican_army, hex: "37,15"}', '{family: republican_army, hex: "36,15"}',
     "more than 1 land counters on hex 36,15 (section 8)"),
    ("  badajoz: nationalist", "  north_africa: nationalist", "north_africa is not a province"),
    ("  badajoz: nationalist", "  badajos: nationalist", "badajos"),
    ("fec: {nationalist: 35,", "fec: {nationalist: 90,", "90 is off the F.E.C. track"),
    ('{family: ctv, hex: "32,21"}', '{family: ctv, hex: "32,21", city: teruel}',
     "one of 'city', 'region' or 'hex'"),
    ("  ctv: 2  ", "  ctv: 4  ", "more ctv counters than the 5 of the counter mix"),
    ('{family: republican_army, hex: "29,21"}', '{family: republican_army, hex: "29-21"}',
     "29-21"),
])
def test_setup_mistakes_are_reported_at_their_line(tmp_path: Path, old: str, new: str,
                                                   expected: str) -> None:
    """DESIGN §4: the new setup fields are checked like the others, with their file:line."""
    with pytest.raises(ScenarioError) as err:
        load_scenario(_edited(tmp_path, old, new), SCHEMAS)
    text = str(err.value)
    assert "setup_1938.yaml:" in text
    assert expected in text
