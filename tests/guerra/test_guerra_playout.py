"""Random games through `legal_actions`/`apply` over several seeds, with every invariant checked
after every action: no two sides in one hex except aircraft over enemy counters, stacking limits,
F.E.C. within the track, province states consistent with the counters, each counter in one
place. Replays from the same seed reproduce the game exactly."""

from __future__ import annotations

import copy
import dataclasses
import functools
import random

import pytest
from guerra_kit import real_scenario

from engine.ai.agent import RandomAgent
from engine.core.game import GamePlugin
from engine.core.session import Session
from engine.sim import playout
from guerra.rules import GuerraRules
from guerra.rules.actions import SetOptions, Surrender


@functools.cache
def random_game(seed: int, options: SetOptions | None = None, concede: bool = False):
    rules = GuerraRules()
    session = Session(rules, real_scenario(), seed)
    rng = random.Random(seed)
    if options is not None:
        session.play(options)
    while session.result() is None:
        legal = rules.legal_actions(session.state)
        assert legal, "no legal action but no result"
        if not concede:
            legal = [a for a in legal if not isinstance(a, Surrender)] or legal
        action = rng.choice(legal)
        session.play(action, check_legal=False)
        broken = rules.check_invariants(session.state)
        assert not broken, f"seed {seed}, action {len(session.history)} {action}: {broken}"
    return session


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_keep_every_invariant(seed):
    """Checklist: GUE-062, GUE-136, GUE-137."""
    session = random_game(seed)
    result = session.result()
    assert result is not None
    assert session.state.turn <= 32


def test_a_four_player_advanced_game_keeps_every_invariant():
    session = random_game(7, SetOptions("advanced", 2, 2, False))
    seats = {e.player for e in session.history}
    assert {"nationalist_2", "republican_2"} <= seats


def test_the_same_seed_replays_the_same_game():
    first = random_game(1)
    rules = first.rules
    replay = Session(rules, real_scenario(), 1)
    for entry in first.history:
        replay.play(entry.action)
    assert rules.state_hash(replay.state) == rules.state_hash(first.state)


def test_undo_steps_back_over_a_move():
    rules = GuerraRules()
    session = Session(rules, real_scenario(), 3)
    session.play(SetOptions("basic", 1, 1, True))
    while session.state.africa_left:
        session.play(rules.legal_actions(session.state)[0])
    before = rules.state_hash(session.state)
    select = next(a for a in rules.legal_actions(session.state) if type(a).__name__ == "Select"
                  and session.state.units[a.unit].kind.is_land)
    session.play(select)
    session.play(rules.legal_actions(session.state)[0])
    session.undo()
    session.undo()
    assert rules.state_hash(session.state) == before


def test_state_copies_share_no_mutable_part_but_the_printed_data():
    session = random_game(2)
    state = session.state_at(len(session.history) // 2)
    twin = copy.deepcopy(state)
    assert twin.data is state.data
    for f in dataclasses.fields(state):
        mine, theirs = getattr(state, f.name), getattr(twin, f.name)
        if f.name == "data" or mine is None:
            continue
        if isinstance(mine, dict | list | set) or (
                dataclasses.is_dataclass(mine) and not type(mine).__dataclass_params__.frozen):
            assert mine is not theirs, f.name
    for uid, unit in state.units.items():
        assert twin.units[uid] is not unit and twin.units[uid].cargo is not unit.cargo
        assert twin.units[uid] == unit
    for h, ids in state.land_at.items():
        assert twin.land_at[h] is not ids
    rules = GuerraRules()
    assert rules.state_hash(twin) == rules.state_hash(state)


def test_the_engine_playout_with_random_agents_on_every_seat():
    """What `wargames simulate` does: random agents on all four seats, surrender included."""
    plugin = GamePlugin(id="guerra", title="La Guerra de España", rules=GuerraRules(),
                        side_names={s: s for s in GuerraRules.sides}, scenarios_dir="",
                        default_scenario="", schemas="guerra.schema:SCHEMAS", ui="")
    for seed in (1, 2):
        agents = {seat: RandomAgent(seed * 31 + i) for i, seat in enumerate(plugin.sides)}
        session = playout(plugin, real_scenario(), seed, agents, check=True)
        result = session.result()
        assert result is not None and result.winner in (None, "nationalist", "republican")


def test_the_remembered_selectable_counters_are_the_ones_listed_afresh():
    """`_movement_actions` looks for the counters to select among the last list's
    (`GuerraState.movable`) while only selections, moves, stays and naval rolls happen; a
    four-player game (with a boarding) lists the same actions as a fresh look."""
    first = random_game(7, SetOptions("advanced", 2, 2, False))
    rules = first.rules
    replay = Session(rules, real_scenario(), 7)
    remembered = 0
    for entry in first.history:
        state = replay.state
        if state.phase.name == "MOVEMENT" and state.selected is None:
            remembered += state.movable is not None
            fresh = copy.deepcopy(state)
            fresh.movable = None
            assert rules.legal_actions(state) == rules.legal_actions(fresh)
        replay.play(entry.action)
    assert remembered > 100
