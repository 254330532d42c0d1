"""Which answers of Baler's reaction windows are worth offering (baler/rules/reactions.py, engine
`RulesExtras`), and the hot-seat screen passing a window with none (docs/hotseat.md). Scripted
dice throughout."""

from __future__ import annotations

import pygame
import pytest
from baler_fixtures import ES, PH, act, cleared, halted, kind, legal, place, run, scenario

from baler import PLUGIN
from baler.rules import BalerRules
from baler.rules.actions import Decide, Done, ModifyDie, TakeAction
from baler.rules.combat import Shooting
from baler.rules.effects import AttackChoice
from baler.rules.state import BalerState
from baler.rules.tcm import UsAdvance
from engine.core.session import Session
from engine.ui import hotseat
from uitest import DT, make_app, start_game

RULES = BalerRules()
AREA_1 = {"ph-soldier-17": "ph-12-a1a2", "ph-soldier-18": "ph-34-a1",
          "es-jose-pestana": "es-34-a1"}


def _philippine_window(defence: tuple[int, ...], morale: int = 3) -> BalerState:
    """A Spanish shooting in area 1 (Philippine firepower 3): the Spanish die is a 2 and the
    Spanish side has no modifier (morale 0); the Philippine defender's five dice wait."""
    st = cleared()
    place(st, AREA_1)
    st.morale[ES], st.morale[PH] = 0, morale
    run(st, Shooting(attacker="spanish", area="1"), rolls=(2, *defence))
    assert kind(st) == "modify-dice" and st.decision.player == PH.value
    return st


def test_a_die_at_its_best_face_gives_nothing_to_modify() -> None:
    """Rulebook "3. Dice roll": a 6 kills, a 5 wounds. Five 6s cannot be bettered: no modifier
    is usable, so the window is not worth offering."""
    st = _philippine_window((6, 6, 6, 6, 6))
    assert any(isinstance(a, ModifyDie) for a in legal(st))  # the rules still allow them
    assert RULES.usable_reactions(st) == [] and RULES.better_reactions(st) == []
    assert RULES.reaction_default(st) == Done()


def test_only_modifications_that_can_change_a_result_are_usable() -> None:
    """A 5 (a wound) gains from +1 (a kill) or a reroll; a 2 gains only from a reroll (3 wounds
    no one); a 6 gains from nothing. The morale modifier costs morale, so none is better than
    finishing."""
    st = _philippine_window((6, 5, 2, 6, 6))
    usable = set(RULES.usable_reactions(st))
    assert usable == {ModifyDie(1, "plus1", "morale"), ModifyDie(1, "reroll", "morale"),
                      ModifyDie(2, "reroll", "morale")}
    assert RULES.better_reactions(st) == []


def test_a_free_reroll_of_a_die_at_its_worst_face_is_better_than_finishing() -> None:
    """Rulebook "Leader on the map modifier": a leader on a guard post of the area rerolls a die
    for nothing. On a 2 (a miss) that can only help: better than finishing; on a 5 it could lose
    the wound: usable, not better."""
    st = cleared()
    place(st, {**AREA_1, "ph-tecson": "ph-56-a4a1"})
    st.morale[ES], st.morale[PH] = 0, 0
    run(st, Shooting(attacker="spanish", area="1"), rolls=(2, 2, 5, 6, 6, 6))
    assert kind(st) == "modify-dice" and st.decision.player == PH.value
    assert RULES.better_reactions(st) == [ModifyDie(0, "reroll", "leader")]
    assert ModifyDie(1, "reroll", "leader") in RULES.usable_reactions(st)


def test_a_surveillance_marker_that_cannot_add_firepower_is_not_usable() -> None:
    """Rulebook "2. Surveillance": the firepower never passes 3. The Philippine side already
    holds 3 and the Spanish have no marker in the area: its own marker could add nothing."""
    st = cleared()
    place(st, AREA_1)
    st.surveillance[PH].add("1")
    run(st, Shooting(attacker="spanish", area="1"), rolls=(2,))
    assert kind(st) == "surveillance" and st.decision.player == PH.value
    assert RULES.reaction_default(st) == Decide(False)
    assert RULES.usable_reactions(st) == []
    st = cleared()
    place(st, AREA_1)
    st.surveillance[PH].add("1")
    st.surveillance[ES].add("1")
    run(st, Shooting(attacker="spanish", area="1"), rolls=(2,))
    act(st, Decide(True))  # the Spanish marker may take firepower away: the Philippine one counts
    assert RULES.usable_reactions(st) == [Decide(True)]


def test_persistence_on_the_us_dice_only_where_a_lower_result_can_come() -> None:
    """The weaker and slower the US the better for the Philippine side: a strength die of 4
    (strength 5) may be rerolled into 1-3 (strength 4), +1 changes nothing; an advance die of 1
    (one step) cannot be bettered at all."""
    st = cleared()
    st.turn, st.power, st.power_space, st.persistence = 4, "us", 5, True
    run(st, UsAdvance(), rolls=(4,))
    assert kind(st) == "persistence"
    assert RULES.usable_reactions(st) == [ModifyDie(0, "reroll", "persistence")]
    st.dice.push(1)
    act(st, Done())
    assert kind(st) == "persistence" and "advance" in st.decision.prompt
    assert RULES.usable_reactions(st) == []


def test_a_fog_of_war_card_without_the_morale_to_keep_it_is_given_by_force() -> None:
    """Rulebook "Fog of War": keeping the card costs 1 morale, "if you lack sufficient morale,
    you must choose the alternative option" — everyone sees the morale track."""
    from baler.rules.upkeep import FOW_KEEP, UpkeepTask

    st = cleared()
    st.initiative = ES
    task = UpkeepTask(step=FOW_KEEP)
    first = st.turn_order()[0]
    st.fow_drawn[first] = st.fow_decks[first.enemy][-1]
    st.morale[first] = 0
    run(st, task)
    assert kind(st) == "fow-keep" and st.decision.private
    assert legal(st) == [Decide(False)] and RULES.forced_answer(st) == Decide(False)
    st.morale[first] = 1
    assert RULES.forced_answer(st) is None


# --- on the hot-seat screen ----------------------------------------------------------------

def _event_attack(defence: tuple[int, ...]) -> Session:
    """The Spanish side chooses the shooting an event launches in area 1; the Philippine
    defender will roll `defence`; the Spanish casualty location die is a 3."""
    st = cleared()
    place(st, AREA_1)
    st.morale[ES], st.morale[PH] = 0, 3
    run(st, AttackChoice(side="spanish", kind="shooting"), rolls=(2, *defence, 3))
    assert kind(st) == "event-attack" and not st.decision.private
    return Session(RULES, scenario(), 1, st)


@pytest.mark.ui
@pytest.mark.usefixtures("user_data")
def test_the_philippine_window_with_nothing_usable_passes_without_a_handoff() -> None:
    app = make_app()
    session = _event_attack((6, 6, 6, 6, 6))
    scene = start_game(app, PLUGIN, session, {"spanish": "human", "philippine": "human"})
    assert scene.seat == "spanish" and scene.handoff is None
    scene.play(TakeAction("attack-shooting", "1"))
    app.step(DT)
    assert scene.handoffs == 0 and scene.seat == "spanish"
    assert halted(session.state)
    window = [e for e in session.history if e.player == "philippine"]
    assert [e.action for e in window] == [Done()]
    notes = [line.text for line in scene.panel.log if line.kind == "note"]
    assert any(n.startswith("Philippine") and hotseat.NO_USE in n for n in notes)
    pygame.event.clear()


@pytest.mark.ui
@pytest.mark.usefixtures("user_data")
def test_the_philippine_window_with_a_usable_modifier_goes_to_the_philippine_player() -> None:
    """The window is not private (dice and morale are public): the Philippine player answers it
    on the public view, without the black screen."""
    app = make_app()
    session = _event_attack((6, 5, 2, 6, 6))
    scene = start_game(app, PLUGIN, session, {"spanish": "human", "philippine": "human"})
    scene.play(TakeAction("attack-shooting", "1"))
    app.step(DT)
    assert session.decision.player == "philippine" and session.decision.kind == "modify-dice"
    assert scene.seat == "philippine" and scene.viewer is None
    assert scene.handoff is None and scene.handoffs == 0
    assert not [line for line in scene.panel.log if line.kind == "note"]
    pygame.event.clear()
