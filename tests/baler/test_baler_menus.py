"""Board clicks at the GameUI level (DESIGN.md §8): a click on a place that offers actions opens
a menu with each action's cost and whether it rolls, draws, reveals or plays a card; options
not possible there say why with their section; only plain placements play at once."""

from __future__ import annotations

import re

from baler_fixtures import ES, PH, RULES, act, cleared, hand, place, run, scenario

from baler import PLUGIN
from baler.rules.actionphase import ActionPhaseTask
from baler.rules.actions import ModifyDie, PlaceUnit, TakeAction
from baler.rules.combat import Shooting
from baler.rules.manning import ManPosts
from baler.rules.state import BalerState
from baler.ui import menus
from baler.ui.gameui import BalerUI
from baler.ui.labels import ACTION_NAMES
from engine.ui.adapter import Click, MenuItem


def _ui(st: BalerState) -> tuple[BalerUI, Click]:
    ui = BalerUI(PLUGIN, scenario())
    player = st.decision.player
    ui.sync(RULES.view(st, player), player)
    return ui, Click()


def _click(st: BalerState, target: str) -> Click:
    ui, _ = _ui(st)
    return ui.on_click(target, None, RULES.legal_actions(st))


def _item(click: Click, action: object) -> MenuItem:
    return next(i for i in click.menu if i.action == action)


def _philippine_action_phase() -> BalerState:
    st = cleared()
    place(st, {"ph-soldier-08": "ph-12-a1a2", "ph-soldier-15": "ph-34-a1",
               "es-jose-pestana": "es-34-a1"})
    st.supply[PH] = 3
    hand(st, PH, "ph-05", "ph-09")
    run(st, ActionPhaseTask(side="philippine"))
    return st


def test_an_area_click_opens_a_menu_with_costs_and_greyed_options() -> None:
    st = _philippine_action_phase()
    answer = _click(st, "area-1")
    assert answer.action is None and answer.title == "Area 1 of the church map"
    shoot = _item(answer, TakeAction("attack-shooting", "1"))
    assert (shoot.cost, shoot.irreversible) == ("1 AP", True)
    surveillance = _item(answer, TakeAction("surveillance", "1"))
    assert (surveillance.label, surveillance.cost, surveillance.irreversible) == (
        "Surveillance marker in area 1", "1 AP", False)
    grey = [i for i in answer.menu if i.action is None]
    assert grey and all(i.reason.endswith(")") for i in grey)
    assert any("artillery piece" in i.reason and "(Artillery attack)" in i.reason for i in grey)
    st.dice.push(*[3] * 20)
    act(st, TakeAction("attack-shooting", "1"))
    while st.decision.kind != "action":
        act(st, RULES.legal_actions(st)[-1])
    again = _click(st, "area-2")
    assert _item(again, TakeAction("surveillance", "2")).cost == "1 AP"
    assert any(i.reason.startswith("Your side has attacked") for i in _click(st, "area-1").menu
               if i.action is None)


def test_a_trench_click_builds_nothing_by_itself() -> None:
    """One click built a trench and healed a unit: now it opens "Trench section I — 2 AP, 1
    supply" and nothing is spent until it is chosen."""
    st = _philippine_action_phase()
    before = RULES.state_hash(st)
    answer = _click(st, "trench-a1-a")
    trench = _item(answer, TakeAction("trench-1", target="trench-a1-a"))
    assert (trench.label, trench.cost) == ("Trench section I: Trench space A, area 1",
                                           "2 AP, 1 supply")
    assert RULES.state_hash(st) == before


def test_with_one_action_point_left_surveillance_is_still_a_menu() -> None:
    st = _philippine_action_phase()
    task = st.stack[-1]
    assert isinstance(task, ActionPhaseTask)
    task.ap = 1
    answer = _click(st, "area-3")
    assert answer.action is None and answer.menu
    assert all(i.cost in ("1 AP", "") for i in answer.menu if i.action is not None)
    trench = _click(st, "trench-a1-a")
    assert not any(isinstance(i.action, TakeAction) and i.action.name == "trench-1"
                   for i in trench.menu)


def test_a_trench_space_shows_its_trench_row_greyed_with_the_reason_it_cannot_be_built() -> None:
    """A newcomer finds where trenches are built: a click on a trench space in the Philippine
    action phase always shows the trench row, greyed with its rule when the section may not be
    built there (once it opened only the area's menu, or said nothing of trenches at all)."""
    st = _philippine_action_phase()
    # trench space A of area 1 has its posts manned; the other spaces lack the manpower
    others = [t for t in st.data.trench_spaces if t != "trench-a1-a"]
    lacking = _click(st, others[0])
    row = next(i for i in lacking.menu if i.label.startswith("Trench section I"))
    assert row.action is None and "manpower" in row.reason and "(Trench section I)" in \
        row.reason
    assert row.cost == "2 AP, 1 supply"
    assert lacking.title.startswith("Trench space")
    st.supply[PH] = 0
    poor = next(i for i in _click(st, "trench-a1-a").menu
                if i.label.startswith("Trench section I"))
    assert poor.action is None and "supply" in poor.reason
    st.supply[PH] = 3
    st.trenches["trench-a1-a"] = "operational"
    built = next(i for i in _click(st, "trench-a1-a").menu
                 if i.label.startswith("Trench section I"))
    assert built.action is None and "holds a trench section already" in built.reason
    # the Spanish side is never shown a row for the other side's special action
    spanish = cleared()
    hand(spanish, ES, "es-01", "es-02")
    run(spanish, ActionPhaseTask(side="spanish"))
    assert RULES.view(spanish, "spanish")["trench_refusals"] == {}


def test_a_die_click_offers_its_modifiers_with_their_costs() -> None:
    st = cleared()
    place(st, {"es-jose-pestana": "es-34-a2", "ph-soldier-17": "ph-56-a2a3"})
    st.morale[ES] = 3
    run(st, Shooting(attacker="spanish", area="2"), rolls=(4,))
    answer = _click(st, "die:0:0")
    reroll = _item(answer, ModifyDie(0, "reroll", "morale"))
    plus = _item(answer, ModifyDie(0, "plus1", "morale"))
    assert (reroll.cost, reroll.irreversible) == ("1 morale", True)
    assert (plus.cost, plus.irreversible) == ("1 morale", False)
    # issue 24: the cost is said once, in its column ("−1 morale — 1 morale" before)
    assert plus.label == "+1 to die 1 (4) → 5: morale modifier"
    assert reroll.label == "Reroll die 1 (4): morale modifier"
    # on a 2, +1 changes nothing the dice do: the row is greyed with why (no silent no-ops)
    low = cleared()
    place(low, {"es-jose-pestana": "es-34-a2", "ph-soldier-17": "ph-56-a2a3"})
    low.morale[ES] = 3
    run(low, Shooting(attacker="spanish", area="2"), rolls=(2,))
    why = RULES.no_effect_reason(low, ModifyDie(0, "plus1", "morale"))
    assert why is not None
    assert any(i.action is None and i.reason == why[:1].upper() + why[1:]
               for i in _click(low, "die:0:0").menu)


def test_a_track_cell_is_named_as_a_cell_and_table_places_by_name() -> None:
    """Issue 24: the walls' track says which box it is, not the walls' state ("Church walls,
    area 1: Wrecked" while they stood intact); a shared card space is not "shared-A"."""
    st = cleared()
    ui, _ = _ui(st)
    walls, firepower = ui.board.tooltip("walls-a1-2"), ui.board.tooltip("fp-a2-3")
    assert walls is not None and firepower is not None
    assert walls.startswith("Church walls track of area 1: the Wrecked box")
    assert firepower.startswith("Firepower track of area 2: the 3 box")
    assert menus.title(ui.where, "shared-A") == "Shared card space A"
    assert menus.title(ui.where, "deck-spanish") == "The Spanish draw deck"


def test_a_drawn_counter_is_placed_with_one_click() -> None:
    """Manning the posts spends, rolls and draws nothing more: the click places the counter."""
    st = cleared()
    run(st, ManPosts(side="philippine", target="posts"), draws=("ph-soldier-17",))
    spaces = [a for a in RULES.legal_actions(st) if isinstance(a, PlaceUnit)]
    answer = _click(st, spaces[0].dest)
    assert answer.action == spaces[0]


def test_every_card_has_a_face_for_the_viewer_and_hidden_ones_a_back() -> None:
    st = cleared()
    ui, _ = _ui(st)
    faces = ui.all_card_faces()
    assert len(faces) == len(st.data.cards) == 55
    for card in faces:
        assert card.title and ("AP", str(st.data.cards[card.id].ap)) in card.header
        assert card.sections[0][0] == "Event"
    boosted = ui.card_face("card:hand:es-04")
    assert boosted is not None
    assert ("Boosted event (needs supply 2 or more)", "Your morale +1") in boosted.sections
    hidden = ui.card_face("back:Philippine hand\n6 cards")
    assert hidden is not None and hidden.title == "Philippine hand"
    assert ui.card_face("deck-spanish") is not None


def test_legend_and_place_names() -> None:
    st = cleared()
    ui, _ = _ui(st)
    codes = dict(ui.legend())
    assert "2 ★3" in codes and "rank 3" in codes["2 ★3"]
    assert any(p.title == "Die-roll tables" and p.tables for p in ui.player_aid())
    line = ui.place_name("Spanish action: heal-one (es-fabregat-fabregat) on es-34-a2")
    assert line == "Spanish action: Heal units (Fabregat Fabregat) on Spanish post 3-4, area 2"


def test_a_drawn_counter_shows_its_factors_before_it_is_placed() -> None:
    st = cleared()
    run(st, ManPosts(side="philippine", target="posts"), draws=("ph-soldier-17",))
    assert st.decision.prompt == ("Place Filipino soldier (combat 2, manpower 1) on an empty "
                                  "guard post")


def test_markers_on_one_space_stand_side_by_side() -> None:
    """Two VP markers on one space and a surveillance marker beside a shooting marker each show
    most of their face; three units on the territorial control map say how many they are."""
    st = cleared()
    st.vp[ES] = st.vp[PH] = 7
    st.surveillance[ES].add("2")
    st.shooting_markers["2"] = PH
    for unit in ("ph-soldier-17", "ph-soldier-18", "ph-soldier-19"):
        st.place(unit, st.data.tcm[0])
    ui, _ = _ui(st)
    stacks = ui.board.map.stacks
    for space in ("vp-7", "markers-a2"):
        rects = [r for _, r in stacks.rects(space)]
        assert len(rects) == 2
        assert rects[1].left - rects[0].left >= 0.6 * rects[0].width
    labels = [spec.label for spec, _ in stacks.rects(st.data.tcm[0])]
    assert labels[-1] == "3 units"


def test_a_single_card_is_one_card_in_every_deck_and_pile_note() -> None:
    st = cleared()
    ui, _ = _ui(st)
    view = RULES.view(st, ES)
    view["deck_sizes"] = dict.fromkeys(view["deck_sizes"], 1)
    view["fow_deck_sizes"] = dict.fromkeys(view["fow_deck_sizes"], 1)
    view["shared_deck_size"] = 1
    view["discards"] = {side: pile[:1] or ["es-01"] for side, pile in view["discards"].items()}
    ui.sync(view, ES)
    targets = ("deck-spanish", "fow-deck-spanish", "shared-deck", "m:deck-spanish",
               "m:discard-spanish", "m:fow-spanish", "m:shared-deck")
    texts = [ui.board.tooltip(t) or "" for t in targets]
    assert any("1 card" in t for t in texts)
    assert not any("1 cards" in t for t in texts), [t for t in texts if "1 cards" in t]


def test_the_replay_on_the_board_names_actions_and_counters_as_the_log_does() -> None:
    import random

    from engine.core.session import Session
    from engine.net.local import LocalDoor
    from engine.ui.handoff import BoardReplay

    session = Session(PLUGIN.rules, scenario(), 5)
    rng = random.Random(5)
    while not any(isinstance(e.action, TakeAction) and "-" in e.action.name
                  for e in session.history):
        session.play(rng.choice(session.legal_actions()))
    ui = BalerUI(PLUGIN, scenario())
    door = LocalDoor(PLUGIN, session)
    raw = BoardReplay(door, ES, 0)
    named = BoardReplay(door, ES, 0, ui.place_name)
    raw_text = "\n".join(t for lines in raw.captions.values() for t in lines)
    text = "\n".join(t for lines in named.captions.values() for t in lines)
    ids = [i for i in (*ui.data.units, *ui.data.cards, *ACTION_NAMES) if "-" in i]
    assert any(i in raw_text for i in ids)  # the rules' log speaks in ids
    assert not [i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]
