"""The rules' view carries what the game screen shows: the options, the side acting, each
counter's cargo and obligations, and the combat being declared with its combined factors."""

from __future__ import annotations

from guerra_kit import city, put, real_start

from guerra.rules.actions import AddAttacker, Attack, EndMovement
from guerra.rules.data import Side


def test_the_view_shows_the_options_and_the_side_acting():
    rules, state = real_start(first=Side.NATIONALIST, level="intermediate")
    view = rules.view(state, None)
    assert view["options"] == {"level": "intermediate", "nationalist_players": 1,
                               "republican_players": 1, "tie_ends_game": True}
    assert view["acting"] == "nationalist"
    assert view["combat"] is None
    unit = next(iter(view["units"].values()))
    assert {"cargo", "must_fight", "readapted"} <= set(unit)


def test_the_view_shows_the_combat_with_its_combined_factors():
    rules, state = real_start(first=Side.NATIONALIST)
    target = city(state, "badajoz")
    board = state.data.board
    spots = [board.cells[j] for j in board.adjacent[board.index[target]]
             if board.terrain_at[j].value == "land" and board.cells[j] not in state.land_at]
    first = put(state, "nationalist_army", spots[0], "nationalist")
    second = put(state, "nationalist_army", spots[1], "nationalist")
    rules.apply(state, EndMovement())
    defender = state.land_at[target][0]
    rules.apply(state, Attack(first.id, defender))
    rules.apply(state, AddAttacker(second.id))
    combat = rules.view(state, None)["combat"]
    assert combat["stage"] == "setup"
    assert combat["attackers"] == [first.id, second.id]
    assert combat["defenders"] == [defender]
    assert (combat["attack"], combat["defence"]) == (4, 3)
    assert combat["stack"] is False


def test_log_lines_name_places_not_coordinates():
    """The log names the city or province of a move, never bare hex coordinates."""
    from guerra_kit import city, put, real_empty, start

    from guerra.rules.actions import MoveTo, Select

    rules, state = start(real_empty())
    army = put(state, "nationalist_army", city(state, "burgos"))
    rules.apply(state, Select(army.id))
    target = next(iter(sorted(state.reach)))
    events = rules.apply(state, MoveTo(target.q, target.r))
    text = events[0].text
    assert "from Burgos to " in text and "," not in text.split(" to ", 1)[1]
