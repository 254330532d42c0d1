"""Exhausted leaders (rulebook "Leaders", counter back: a leader activated in a command space is
flipped to his back, "exhausted", and "cannot be used again or moved for the remainder of the
turn"; BAL-049): wherever he goes in that turn, no movement may take him anywhere."""

from __future__ import annotations

from baler_fixtures import ES, PH, RULES, cleared, place, run

from baler.rules import infirmary
from baler.rules.actions import Choose, Move
from baler.rules.attrition import LossTask
from baler.rules.movement import MovementTask
from baler.rules.refusals import refuse
from baler.rules.state import BalerState
from baler.rules.upkeep import LeaderUpkeep


def _moves_of(st: BalerState, unit: str) -> list[Move]:
    return [a for a in RULES.legal_actions(st) if isinstance(a, Move) and a.unit == unit]


def test_a_leader_exhausted_in_his_command_post_is_not_moved_again_this_turn_wherever_he_is(
) -> None:
    """De las Morenas is exhausted in the military command post, falls ill (beriberi) and is
    healed back to his detachment space in the same turn. He is still exhausted, so the
    movements of that turn may not put him on a guard post (the game once offered nine), nor
    back in the command area; the refusal says why. After the Leaders step of the Upkeep he is
    face up and moves again."""
    st = cleared()
    st.turn, st.initiative = 2, ES
    place(st, {"es-de-las-morenas": "es-cmd-military"})
    st.exhausted = {"es-de-las-morenas"}
    run(st, LossTask(kind="beriberi", count=1), rolls=(2, 1, 1))
    assert st.loc["es-de-las-morenas"].startswith("bed-")
    infirmary.discharge(st, "es-de-las-morenas", None, [], "healed")
    home = st.loc["es-de-las-morenas"]
    assert home in st.data.detachment and "es-de-las-morenas" in st.exhausted

    run(st, MovementTask(side="spanish", moves_left=2))
    assert st.decision.kind == "movement"
    assert _moves_of(st, "es-de-las-morenas") == []
    others = [a for a in RULES.legal_actions(st) if isinstance(a, Move) and a.kind == "post"]
    assert others, "the other detachment units still move"
    post = st.data.side_posts(ES)[0]
    err = refuse(st, Move("post", "es-de-las-morenas", post))
    assert "exhausted" in err.reason and err.section == "Leaders"
    err = refuse(st, Move("command", "es-de-las-morenas", "es-cmd-military"))
    assert "exhausted" in err.reason and err.section == "Leaders"

    run(st, LeaderUpkeep(side="spanish"))
    assert "es-de-las-morenas" not in st.exhausted
    run(st, MovementTask(side="spanish", moves_left=2))
    assert Move("post", "es-de-las-morenas", post) in _moves_of(st, "es-de-las-morenas")


def test_an_exhausted_philippine_leader_in_his_detachment_stays_off_the_map_and_the_tcm() -> None:
    """A Philippine leader exhausted this turn and back in his detachment space goes neither to
    a guard post nor onto the territorial control map (leaders may go there: GAP-BAL-04)."""
    st = cleared()
    leader = next(u for u, info in st.data.units.items()
                  if info.side is PH and info.kind.value == "leader"
                  and st.loc[u] == info.home)
    st.exhausted = {leader}
    run(st, MovementTask(side="philippine", moves_left=2))
    assert _moves_of(st, leader) == []
    assert Move("tcm-place") in RULES.legal_actions(st)
    RULES.apply(st, Move("tcm-place"))
    assert st.decision.kind == "tcm-place"
    assert Choose(leader) not in RULES.legal_actions(st)
