"""The contract every registered game keeps (DESIGN.md §6), run on each scenario of each plugin
and on Skirmish.

Seeded random playouts reach an end with the invariants holding after every action; `apply`
never raises on a legal action and refuses an illegal one without changing the state; the same
seed gives the same game; saves round-trip; logs never show a viewer what it may not see.
"""

from __future__ import annotations

import random

import pytest

from engine import plugins
from engine.ai.agent import RandomAgent
from engine.core.actions import ActionCodec, IllegalActionError
from engine.core.game import GamePlugin
from engine.core.saves import read_save, restore, write_save
from engine.loading import load_game_scenario
from engine.sim import playout
from toygame import PLUGIN as SKIRMISH

GAMES: dict[str, GamePlugin] = {**plugins.discover(), SKIRMISH.id: SKIRMISH}
SEEDS = (1, 2, 3)
SCENARIOS = [
    pytest.param((game, path), id=f"{game}/{path.stem}")
    for game, plugin in sorted(GAMES.items())
    for path in plugins.scenario_files(plugin)
]
"""Every scenario each game ships: a second scenario keeps the contract as the first does."""


@pytest.fixture(scope="module", params=SCENARIOS)
def game(request):
    game_id, path = request.param
    plugin = GAMES[game_id]
    return plugin, load_game_scenario(plugin, path)


def random_playout(plugin, scenario, seed):
    agents = {side: RandomAgent(seed * 31 + i) for i, side in enumerate(plugin.sides)}
    return playout(plugin, scenario, seed, agents, check=True)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_ends_with_invariants_holding(game, seed):
    plugin, scenario = game
    session = random_playout(plugin, scenario, seed)
    result = session.result()
    assert result is not None
    assert result.winner is None or result.winner in plugin.sides
    assert plugin.rules.legal_actions(session.state) == []


def test_same_seed_same_game(game):
    plugin, scenario = game
    a = random_playout(plugin, scenario, 5)
    b = random_playout(plugin, scenario, 5)
    assert [e.action for e in a.history] == [e.action for e in b.history]
    assert [e.events for e in a.history] == [e.events for e in b.history]
    assert a.state_hash() == b.state_hash()


def test_deciding_player_is_a_side_while_the_game_runs(game):
    plugin, scenario = game
    session = random_playout(plugin, scenario, 2)
    for n in range(0, len(session.history), max(1, len(session.history) // 20)):
        state = session.state_at(n)
        assert state.decision.player in plugin.sides


def test_actions_round_trip_through_json(game):
    plugin, scenario = game
    codec = ActionCodec(plugin.rules.action_types)
    session = random_playout(plugin, scenario, 3)
    for entry in session.history:
        assert codec.decode(codec.encode(entry.action)) == entry.action


def test_save_and_load_round_trip(game, tmp_path):
    plugin, scenario = game
    session = random_playout(plugin, scenario, 4)
    session.rewind(len(session.history) // 2)
    path = tmp_path / "save.json"
    write_save(path, session)
    back = restore(read_save(path), plugin.rules, scenario)
    assert back.state_hash() == session.state_hash()


def test_illegal_actions_are_refused_without_change(game):
    plugin, scenario = game
    session = random_playout(plugin, scenario, 6)
    rng = random.Random(0)
    pool = [e.action for e in session.history]
    for n in sorted(rng.sample(range(len(session.history)), min(15, len(session.history)))):
        state = session.state_at(n)
        legal = plugin.rules.legal_actions(state)
        for action in rng.sample(pool, min(10, len(pool))):
            if action in legal:
                continue
            before = plugin.rules.state_hash(state)
            with pytest.raises(IllegalActionError):
                plugin.rules.apply(state, action)
            assert plugin.rules.state_hash(state) == before


def test_logs_hide_what_a_viewer_may_not_see(game):
    plugin, scenario = game
    session = random_playout(plugin, scenario, 7)
    for viewer in (*plugin.sides, None):
        for _, event in session.log(viewer):
            assert event.visible_to is None or viewer in event.visible_to


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_descriptor_names_every_side_in_seat_order(game_id):
    """A game's rules may be made when first used (`lazy_rules`, so listing the games does not
    import them): until then its sides are the keys of its `side_names`, which must be the
    rules' sides in seat order."""
    plugin = GAMES[game_id]
    assert tuple(plugin.side_names) == tuple(plugin.rules.sides) == plugin.sides
