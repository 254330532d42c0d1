"""The Persistence marker on every Philippine die roll it can change (rulebook "Persistence":
"you can use it at any time during the turn (and not only in combat) as if it were a morale
modifier to reroll or add 1 to a die result"; GAP-BAL-40). Scripted dice throughout."""

from __future__ import annotations

from baler_fixtures import (
    ES,
    PH,
    act,
    cleared,
    halted,
    kind,
    legal,
    place,
    run,
    script_done,
    texts,
)

from baler.rules import BalerRules
from baler.rules.actions import Decide, Done, ModifyDie, Move
from baler.rules.combat import Shooting
from baler.rules.dicepool import dice_in_play
from baler.rules.movement import MovementTask
from baler.rules.state import BalerState
from baler.rules.tcm import UsAdvance
from baler.rules.upkeep import LeaderUpkeep

PLUS = ModifyDie(0, "plus1", "persistence")
REROLL = ModifyDie(0, "reroll", "persistence")


def _us_support(rolls: tuple[int, ...], persistence: bool = True) -> BalerState:
    """Turn 5: Simón Tecson goes to the US Support command post with one movement."""
    st = cleared()
    st.turn, st.persistence = 5, persistence
    run(st, MovementTask(side="philippine", moves_left=1), rolls=rolls)
    act(st, Move("command", "ph-tecson", "ph-cmd-us-support"))
    return st


def test_persistence_on_the_us_support_die() -> None:
    """"Turns 4 to 6: Roll a die. If the result is 3 to 6, place an artillery piece": a 2 raised
    to 3 by Persistence brings the artillery piece, and the marker turns inactive."""
    st = _us_support((2,))
    assert kind(st) == "persistence"
    assert set(legal(st)) == {PLUS, REROLL, Done()}
    view = dice_in_play(st)
    assert view is not None and view["pools"][0]["values"] == [2]
    act(st, PLUS)
    assert kind(st) == "place-artillery" and not st.persistence
    assert script_done(st)


def test_persistence_reroll_on_the_us_support_die_and_declining_it() -> None:
    """A reroll replaces the die (2, rerolled 5: the piece arrives); declining keeps the 2 (no
    artillery) and the marker stays active for a later roll."""
    st = _us_support((2, 5))
    act(st, REROLL)
    assert kind(st) == "place-artillery" and script_done(st)
    st = _us_support((2,))
    events = act(st, Done())
    assert "No artillery arrives this time" in texts(events)
    assert st.persistence and kind(st) != "place-artillery"


def test_no_window_on_the_us_support_die_without_an_active_marker() -> None:
    st = _us_support((2,), persistence=False)
    assert kind(st) != "persistence"
    assert not st.persistence


def test_persistence_on_the_leaders_step_die() -> None:
    """Upkeep, Leaders: a Philippine leader in the military command post rolls 1 (disabled);
    Persistence rerolls it into a 6 and he stays face up in the command area."""
    st = cleared()
    place(st, {"ph-tecson": "ph-cmd-military"})
    st.persistence = True
    run(st, LeaderUpkeep(side="philippine"), rolls=(1, 6))
    assert kind(st) == "persistence"
    act(st, REROLL)
    assert st.loc["ph-tecson"] == "ph-cmd-military" and "ph-tecson" not in st.disabled
    assert halted(st) and script_done(st) and not st.persistence


def test_persistence_plus_one_on_the_leaders_step_die_and_none_for_spain() -> None:
    """A 1 raised to 2 sends the leader back to his detachment instead of disabling him; a
    Spanish leader's die is never offered to the Philippine marker."""
    st = cleared()
    place(st, {"ph-tecson": "ph-cmd-leadership"})
    st.persistence = True
    run(st, LeaderUpkeep(side="philippine"), rolls=(1,))
    act(st, PLUS)
    assert st.loc["ph-tecson"] == "ph-det-tecson" and "ph-tecson" not in st.disabled
    st = cleared()
    place(st, {"es-martin-cerezo": "es-cmd-military"})
    st.persistence = True
    run(st, LeaderUpkeep(side="spanish"), rolls=(1,))
    assert halted(st) and "es-martin-cerezo" in st.disabled and st.persistence


def test_persistence_on_the_surveillance_die() -> None:
    """A Spanish shooting in area 2 (Philippine firepower 2), both sides activate their markers:
    the Spanish 4 gives +1; the Philippine 2 gives nothing, raised to 3 by Persistence it gives
    +1 too, so the firepower stays at Philippine 2 (rulebook "2. Surveillance")."""
    st = cleared()
    place(st, {"es-fabregat-fabregat": "es-bell-tower", "es-jose-pestana": "es-34-a2",
               "es-gopar-hernandez": "es-56-a2", "ph-tecson": "ph-12-a1a2",
               "ph-soldier-17": "ph-56-a2a3", "ph-artillery-1": "art-a2"})
    st.surveillance[ES].add("2")
    st.surveillance[PH].add("2")
    st.persistence = True
    run(st, Shooting(attacker="spanish", area="2"), rolls=(4, 2))
    act(st, Decide(True))
    act(st, Decide(True))
    assert kind(st) == "persistence" and st.decision.player == PH.value
    view = dice_in_play(st)
    assert view is not None and view["pools"][0]["values"] == [2]
    st.dice.push(3)  # the Spanish attacker's one die once the firepower is settled
    act(st, PLUS)
    task = st.stack[-1]
    assert isinstance(task, Shooting)
    assert (task.fp, task.fp_side) == (2, PH.value)
    assert not st.persistence and task.surv_spent == [ES.value, PH.value]


def test_casualty_location_rolls_offer_no_window() -> None:
    """GAP-BAL-40: "You can only modify combat rolls, not the rolls for resolving casualties":
    the location die of a casualty opens no Persistence window."""
    st = cleared()
    place(st, {"ph-soldier-17": "ph-12-a1a2", "ph-soldier-18": "ph-34-a1",
               "es-jose-pestana": "es-34-a1"})
    st.persistence = True
    st.morale[ES] = st.morale[PH] = 0
    run(st, Shooting(attacker="spanish", area="1"), rolls=(6, 1, 1, 1, 1, 1, 1))
    assert kind(st) == "modify-dice" and st.decision.player == PH.value
    act(st, Done())
    assert halted(st) and script_done(st) and st.persistence
    assert st.loc["ph-soldier-17"] == "es-eliminated"


def _us_turn(rolls: tuple[int, ...], persistence: bool = True) -> BalerState:
    """Turn 4, the US marker in Manila (space 5), the Philippine troops off the map."""
    st = cleared()
    st.turn, st.power, st.power_space, st.persistence = 4, "us", 5, persistence
    run(st, UsAdvance(), rolls=rolls)
    return st


def test_persistence_on_the_us_advance_die() -> None:
    """"The Philippine side, after resolving the attrition, rolls two dice to determine the
    behavior of the US": both are Philippine die rolls, so the marker may change them. Strength
    2 (4) is kept; the advance 6 (3 steps) is rerolled into a 1: the marker moves one step only,
    from Manila to space 4."""
    st = _us_turn((2, 6, 1))
    assert kind(st) == "persistence" and "strength" in st.decision.prompt
    view = dice_in_play(st)
    assert view is not None and view["pools"][0]["values"] == [2]
    act(st, Done())
    assert kind(st) == "persistence" and "advance" in st.decision.prompt
    assert st.us_strength == 4 and st.persistence
    act(st, REROLL)
    assert halted(st) and script_done(st) and not st.persistence
    assert st.power_space == 4


def test_persistence_plus_one_on_the_us_strength_die() -> None:
    """The strength die is read on its table after the marker: a 3 (strength 4) raised to 4
    shows strength 5 (a legal choice, if a poor one); the advance die then opens no window, the
    marker being spent."""
    st = _us_turn((3, 1))
    act(st, PLUS)
    assert st.us_strength == 5 and not st.persistence
    assert halted(st) and script_done(st) and st.power_space == 4


def test_no_window_on_the_us_dice_without_an_active_marker() -> None:
    st = _us_turn((6, 5), persistence=False)
    assert halted(st) and script_done(st)
    assert st.us_strength == 5 and st.power_space == 2


def test_reaction_default_declines_each_reaction_window() -> None:
    """Engine RulesExtras.reaction_default: Done for the dice-modifier and Persistence windows,
    No for a surveillance marker, None for every other decision; always a legal answer."""
    rules = BalerRules()
    st = _us_support((2,))
    assert rules.reaction_default(st) == Done() and Done() in legal(st)
    st = cleared()
    place(st, {"es-jose-pestana": "es-34-a2", "ph-soldier-17": "ph-56-a2a3"})
    st.surveillance[ES].add("2")
    st.morale[ES] = 3
    run(st, Shooting(attacker="spanish", area="2"), rolls=(1, 2, 2, 2))
    assert kind(st) == "surveillance" and rules.reaction_default(st) == Decide(False)
    act(st, Decide(False))
    assert kind(st) == "modify-dice" and rules.reaction_default(st) == Done()
    st = cleared()
    run(st, MovementTask(side="philippine", moves_left=2))
    assert kind(st) == "movement" and rules.reaction_default(st) is None
