"""The scenario "after the Peace of Biak-na-Bató" (scenarios/filipinas/biak_na_bato.yaml): turns
5 to 7 from the position of January 1898, and the setup fields it needs: the starting turn, the
cards already played with their lasting effects, counters lying in boxes."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest
from helpers import RULES

from engine.core.game import Scenario
from engine.data.schema import ScenarioError, load_scenario
from filipinas.rules.resources import income
from filipinas.rules.state import FilState
from filipinas.schema import SCHEMAS

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = ROOT / "scenarios" / "filipinas" / "biak_na_bato.yaml"
PLAYED = ("cry_of_pugad_lawin", "martyrdom_of_rizal", "appointment_of_polavieja",
          "tejeros_convention", "appointment_of_primo_de_rivera", "assassination_of_canovas",
          "peace_of_biak_na_bato")


@cache
def scenario() -> Scenario:
    return load_scenario(MANIFEST, SCHEMAS)


def test_the_game_opens_in_turn_5_after_biak_na_bato() -> None:
    st = RULES.new_game(scenario(), 1)
    assert st.turn == 5 and st.data.last_turn == 7
    assert (st.government, st.canovas_dead, st.exiled, st.biak) == ("sagasta", True, True, True)
    assert st.loc["aguinaldo"] == "hong_kong" and "aguinaldo" in st.stack_of
    assert st.loc["bonifacio"] == "graveyard" and "bonifacio" not in st.stack_of
    assert st.loc["primo_de_rivera"] == "manila_city"
    assert {st.loc[c] for c in ("blanco", "polavieja", "lachambre")} == {"recalled"}
    assert "tarlac_corps" in st.reduced
    in_play = [c for d in st.decks.values() for c in d] + [c for h in st.hands.values() for c in h]
    assert set(PLAYED) == set(st.out) and not set(PLAYED) & set(in_play)
    assert (st.morale, st.us_level) == (6, 8)
    assert RULES.check_invariants(st) == []


def test_the_starting_ap_are_the_calculation_of_5_1_1_for_the_position() -> None:
    """The note's arithmetic: Spain 7 from the Provinces and 1 from Primo de Rivera; the
    Filipinos 1 from Tarlac, the exiled Aguinaldo adding nothing, the minimum of 1 after the
    Peace of Biak-na-Bató (5.1.1, 6.13.4)."""
    st = RULES.new_game(scenario(), 1)
    spain, filipino = income(st, "spain"), income(st, "filipino")
    assert (spain.income, spain.lf) == (st.ap["spain"], 1) == (8, 1)
    assert filipino.income == st.ap["filipino"] == 1
    assert (filipino.lf, filipino.minimum) == (0, 1)


def play(seed: int) -> FilState:
    st = RULES.new_game(scenario(), seed)
    rng = random.Random(seed)
    for n in range(20_000):
        if RULES.result(st) is not None:
            return st
        RULES.apply(st, rng.choice(RULES.legal_actions(st)))
        broken = RULES.check_invariants(st)
        assert not broken, f"seed {seed}, action {n}: {broken}"
    raise AssertionError(f"seed {seed}: no end after 20,000 actions")


@pytest.mark.parametrize("seed", range(8))
def test_random_playouts_end_by_turn_7(seed: int) -> None:
    """Seeded random play to the end with every invariant holding. Aguinaldo stays in exile
    until the United States enter the war, so the Filipinos never lose for having no unit left
    (5.3.3): the game ends by a surrender or at the end of turn 7."""
    st = play(seed)
    result = RULES.result(st)
    assert result is not None and 5 <= st.turn <= 7
    assert result.winner in ("filipino", "spain", None)
    assert "No Filipino unit is left" not in result.reason


def _edited(tmp_path: Path, old: str, new: str) -> Path:
    folder = tmp_path / "filipinas"
    folder.mkdir()
    for f in MANIFEST.parent.glob("*.yaml"):
        (folder / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    setup = folder / "setup_1898.yaml"
    text = setup.read_text(encoding="utf-8")
    assert old in text
    setup.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder / MANIFEST.name


@pytest.mark.parametrize(("old", "new", "expected"), [
    ("cards_out:", "card_out:", "did you mean 'cards_out'"),
    ("  - peace_of_biak_na_bato\n", "", "list the card that sent him there (6.13.4)"),
    ("government: sagasta", "government: canovas", "Cánovas is dead"),
    ("turn: 5", "turn: 9", "turn 9 is not on the turn track (1-7)"),
    ("  - tejeros_convention\n", "  - tejeros_convention\n  - tejeros_convention\n",
     "tejeros_convention is listed twice"),
    ("  - tejeros_convention\n", "  - tejeros_convencion\n", "tejeros_convencion"),
    ("{counters: [galbis], space: bulacan}", "{counters: [galbis, desierto], space: bulacan}",
     "desierto is placed more than once"),
    ("reduced: [tarlac_corps]", "reduced: [magdiwan]", "magdiwan is not a two-step counter"),
])
def test_setup_mistakes_are_reported_at_their_line(tmp_path: Path, old: str, new: str,
                                                   expected: str) -> None:
    """DESIGN §4: the new setup fields are checked like the others, with their file:line."""
    with pytest.raises(ScenarioError) as err:
        load_scenario(_edited(tmp_path, old, new), SCHEMAS)
    text = str(err.value)
    assert "setup_1898.yaml:" in text
    assert expected in text
