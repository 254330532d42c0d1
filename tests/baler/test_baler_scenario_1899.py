"""The learning scenario "the Americans arrive, 1899" (scenarios/baler/americans_1899.yaml):
turns 4 to 6 from a position the setup file describes (rulebook "The outer area": the US flag
on turn 4), and the setup fields it needs: the starting turn, eliminated counters, patients in
the infirmary, troops on the territorial control map, the power on that map."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest
from baler_fixtures import ES, PH, RULES

from baler.rules.state import ES_ELIMINATED, PH_ELIMINATED, BalerState, Phase
from baler.schema import SCHEMAS
from engine.core.game import Scenario
from engine.data.schema import ScenarioError, load_scenario

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = ROOT / "scenarios" / "baler" / "americans_1899.yaml"


@cache
def scenario() -> Scenario:
    return load_scenario(MANIFEST, SCHEMAS)


def new_game(seed: int = 1) -> BalerState:
    return RULES.new_game(scenario(), seed)


def test_the_game_opens_in_turn_4_with_the_position_of_1899() -> None:
    st = new_game()
    assert (st.turn, st.phase) == (4, Phase.INITIATIVE)
    assert scenario().title.startswith("Heroes of Baler: the Americans arrive")
    for leader in ("es-de-las-morenas", "es-alonso-zayas", "es-gomez-carreno"):
        assert st.loc[leader] == PH_ELIMINATED
    assert st.loc["ph-soldier-09"] == ES_ELIMINATED
    assert [st.occupant(b) for b in st.data.beds[:4]] == [
        "es-castro-camarena", "es-navarro-leon", "es-donat-pastor", None]
    assert st.beds_open == 4
    assert st.units_at("tcm-4") == ["ph-soldier-23", "ph-soldier-24"]
    assert (st.power, st.power_space) == ("spain", 5)
    assert st.walls == {"1": 1, "2": 0, "3": 0, "4": 0}
    assert (st.vp[ES], st.vp[PH]) == (0, 0)
    assert RULES.check_invariants(st) == []


def play(seed: int) -> tuple[BalerState, list[str]]:
    """A seeded random game to the end, invariants checked after every action; the powers on
    the territorial control map seen at each turn's start."""
    st = new_game(seed)
    rng = random.Random(seed)
    powers: list[str] = []
    turn = 0
    for n in range(20_000):
        if RULES.result(st) is not None:
            return st, powers
        if st.turn != turn:
            turn = st.turn
            powers.append(st.power)
        RULES.apply(st, rng.choice(RULES.legal_actions(st)))
        broken = RULES.check_invariants(st)
        assert not broken, f"seed {seed}, action {n}: {broken}"
    raise AssertionError(f"seed {seed}: no end after 20,000 actions")


@pytest.mark.parametrize("seed", range(8))
def test_random_playouts_end_within_turns_4_to_6(seed: int) -> None:
    """Seeded random play to the end with every invariant holding; the United States replace
    Spain on the territorial map in turn 4 (rulebook "The United States and the Territorial
    control map"), so every later turn starts with the US marker."""
    st, powers = play(seed)
    result = RULES.result(st)
    assert result is not None and result.winner in ("spanish", "philippine")
    assert 4 <= st.turn <= 6
    assert powers[0] == "spain" and all(p == "us" for p in powers[1:])


def _edited(tmp_path: Path, old: str, new: str) -> Path:
    folder = tmp_path / "baler"
    folder.mkdir()
    for f in MANIFEST.parent.glob("*.yaml"):
        (folder / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    setup = folder / "setup_1899.yaml"
    text = setup.read_text(encoding="utf-8")
    assert old in text
    setup.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder / MANIFEST.name


def _problems(manifest: Path) -> str:
    with pytest.raises(ScenarioError) as err:
        load_scenario(manifest, SCHEMAS)
    return str(err.value)


@pytest.mark.parametrize(("old", "new", "expected"), [
    ("territorial_troops:", "territorial_trops:", "did you mean 'territorial_troops'"),
    ("turn: 4", "turn: 7", "at most 6, got 7"),
    ("bed-3: es-donat-pastor", "bed-5: es-donat-pastor", "bed-5 cannot hold a unit at start "
                                                           "(a closed bed)"),
    ("space: tcm-4, units", "space: tcm-5, units", "below the foreign power's"),
    ("units: [ph-soldier-23, ph-soldier-24]", "units: [ph-soldier-23, ph-artillery-2]",
     "ph-artillery-2 cannot stand on the territorial control map"),
    ("  - ph-soldier-16\n", "  - ph-soldier-16\n  - ph-soldier-17\n",
     "ph-soldier-17 is placed more than once"),
    ("foreign_power: {space: tcm-5", "foreign_power: {space: tcm-1", "never in Baler"),
    ("power: spain}", "power: usa}", "expected 'spain', 'us' or 'none'"),
])
def test_setup_mistakes_are_reported_at_their_line(tmp_path: Path, old: str, new: str,
                                                   expected: str) -> None:
    """DESIGN §4: the new setup fields are checked like the others, with their file:line."""
    text = _problems(_edited(tmp_path, old, new))
    assert "setup_1899.yaml:" in text
    assert expected in text
