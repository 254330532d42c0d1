"""Whole games: random playouts through legal_actions/apply with the invariants checked after
every action, determinism, saves, undo and hidden information (DESIGN.md §2, §3, §6)."""

from __future__ import annotations

import json
import random

import pytest
from baler_fixtures import RULES, new_game, scenario

from baler.rules.actions import ACTION_TYPES, Done
from engine.core.actions import ActionCodec, IllegalActionError
from engine.core.saves import read_save, restore, write_save
from engine.core.session import Session


def playout(seed: int, check: bool = True) -> tuple[object, int]:
    st = new_game(seed)
    rng = random.Random(seed)
    actions = 0
    while RULES.result(st) is None:
        legal = RULES.legal_actions(st)
        assert legal, f"seed {seed}: no legal action at {st.decision}"
        RULES.apply(st, rng.choice(legal))
        actions += 1
        if check:
            broken = RULES.check_invariants(st)
            assert not broken, f"seed {seed}, action {actions}: {broken}"
        assert actions < 20_000
    return st, actions


@pytest.mark.parametrize("seed", range(40))
def test_random_playouts_keep_every_invariant(seed: int) -> None:
    """Every unit in exactly one place, stacking limits with their two exceptions (BAL-010..012),
    tracks in range (BAL-017, BAL-023), all 55 cards accounted for; the game always ends within six
    turns (BAL-014); every die is a d6 (BAL-001)."""
    st, _ = playout(seed)
    assert {roll.die for roll in st.dice.log} == {"d6"}  # type: ignore[attr-defined]
    result = RULES.result(st)
    assert result is not None and result.winner in ("spanish", "philippine")
    assert 1 <= st.turn <= 6


def test_same_seed_same_game() -> None:
    a, _ = playout(7, check=False)
    b, _ = playout(7, check=False)
    assert RULES.state_hash(a) == RULES.state_hash(b)


def test_illegal_action_is_refused_before_any_change() -> None:
    st = new_game(2)
    before = RULES.state_hash(st)
    with pytest.raises(IllegalActionError):
        RULES.apply(st, ACTION_TYPES[-1]())
    assert RULES.state_hash(st) == before


def test_views_never_show_the_other_hand_or_face_down_card() -> None:
    """BAL-058, DESIGN §3: a side's view holds its own hand only, and never the other side's face-
    down initiative card, drawn Fog of War card or bag contents."""
    st = new_game(5)
    rng = random.Random(5)
    for _ in range(400):
        if RULES.result(st) is not None:
            break
        for side in ("spanish", "philippine"):
            other = "philippine" if side == "spanish" else "spanish"
            seen = RULES.view(st, side)
            assert seen["hand"] == list(st.hands[side])  # type: ignore[index]
            text = json.dumps(seen["hand"]) + json.dumps(seen["face_down"])
            text += json.dumps(seen["fow_drawn"])
            for card in st.hands[other]:  # type: ignore[index]
                assert card not in text
            bag = "es-bag" if other == "spanish" else "ph-bag"
            assert bag not in seen["units"].values()
        RULES.apply(st, rng.choice(RULES.legal_actions(st)))


def test_save_and_restore_round_trip(tmp_path) -> None:  # type: ignore[no-untyped-def]
    session = Session(RULES, scenario(), 11)
    rng = random.Random(11)
    for _ in range(150):
        session.play(rng.choice(session.legal_actions()))
    path = tmp_path / "baler.json"
    write_save(path, session)
    loaded = restore(read_save(path), RULES, scenario())
    assert loaded.state_hash() == session.state_hash()
    codec = ActionCodec(RULES.action_types)
    for entry in session.history[:20]:
        assert codec.decode(json.loads(json.dumps(codec.encode(entry.action)))) == entry.action


def test_undo_of_an_own_action_without_dice() -> None:
    """DESIGN §3: a choice that rolls, draws and reveals nothing (declining a support card) can be
    taken back by the player who made it."""
    session = Session(RULES, scenario(), 4)
    rng = random.Random(4)
    while session.decision.kind != "support-card":
        session.play(rng.choice(session.legal_actions()))
    before = session.state_hash()
    session.play(Done())
    assert session.can_undo()
    session.undo()
    assert session.state_hash() == before


@pytest.mark.soak
@pytest.mark.parametrize("block", range(10))
def test_soak_many_random_games(block: int) -> None:
    """The soak: 500 random games, invariants after every action."""
    for seed in range(1000 + 50 * block, 1050 + 50 * block):
        playout(seed)
