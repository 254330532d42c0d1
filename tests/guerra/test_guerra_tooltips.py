"""Counter tooltips of La Guerra de España: the factors in force this turn (an army's
displacement is 7 in turns 1-3, section 7 1a) and the terrain the counter stands on."""

from __future__ import annotations

from engine.core.session import Session
from engine.loading import load_game_scenario
from guerra import PLUGIN
from guerra.rules.actions import SetOptions
from guerra.ui.gameui import GuerraUI

SCENARIO = load_game_scenario(PLUGIN)


def _notes(turn: int) -> dict[str, str]:
    session = Session(PLUGIN.rules, SCENARIO, 4)
    session.play(SetOptions("advanced", 1, 1, True))
    ui = GuerraUI(PLUGIN, SCENARIO)
    view = PLUGIN.rules.view(session.state, "nationalist")
    view["turn"] = turn
    ui.sync(view, "nationalist")
    return {uid: ui.board.counter_notes[uid] for uid, u in view["units"].items()
            if u["kind"] == "army" and u["hex"]}


def test_an_army_shows_the_displacement_of_the_first_three_turns_then_the_usual_one() -> None:
    notes = _notes(1)
    assert notes
    assert all("displacement 7 (turns 1-3, section 7 1a)" in n for n in notes.values())
    assert not any("own /" in n for n in notes.values())
    later = _notes(4)
    assert all("own /" in n and "turns 1-3" not in n for n in later.values())


def test_a_counter_names_the_terrain_it_stands_on() -> None:
    notes = _notes(1)
    assert all(n.splitlines()[0].endswith((", land", ", mountain (2 movement points, +1 in "
                                             "defence)"))
               for n in notes.values()), list(notes.values())[:3]
