"""The Spanish infirmary: admission, death in the graveyard, discharge and expansion (rulebook
"Spanish infirmary", "Healing units", "Expanding the infirmary")."""

from __future__ import annotations

from baler_fixtures import ES, PH, act, cleared, kind, legal, place, run

from baler.rules import infirmary
from baler.rules.actionphase import ActionPhaseTask
from baler.rules.actions import Done, PlaceUnit, TakeAction


def test_infirmary_starts_with_beds_4_to_6_closed() -> None:
    """BAL-020, BAL-189."""
    st = cleared()
    assert len(st.data.beds) == 6 and st.beds_open == 3


def test_example_infirmary_1_chamizo_garcia_and_mir_brils() -> None:
    """BAL-190, BAL-191: Chamizo García takes bed 3; Mir Brils pushes him to bed 2; a third patient
    pushes both again and takes bed 3."""
    st = cleared()
    infirmary.admit(st, "es-chamizo-garcia", [], "wounded")
    assert st.loc["es-chamizo-garcia"] == "bed-3"
    infirmary.admit(st, "es-mir-brils", [], "wounded")
    assert (st.loc["es-chamizo-garcia"], st.loc["es-mir-brils"]) == ("bed-2", "bed-3")
    infirmary.admit(st, "es-donat-pastor", [], "wounded")
    assert [u for _, u in infirmary.patients(st)] == [
        "es-chamizo-garcia", "es-mir-brils", "es-donat-pastor"]


def test_example_infirmary_2_donat_pastor_dies() -> None:
    """BAL-192: a full infirmary with bed 4 open: a new patient pushes Donat Pastor from bed 1 into
    the graveyard; the Philippine side takes him and scores 1 VP."""
    st = cleared()
    st.beds_open = 4
    place(st, {"es-donat-pastor": "bed-1", "es-mir-brils": "bed-2",
               "es-chamizo-garcia": "bed-3", "es-jose-pestana": "bed-4"})
    infirmary.admit(st, "es-gopar-hernandez", [], "wounded")
    assert st.loc["es-donat-pastor"] == "ph-eliminated"
    assert st.loc["es-gopar-hernandez"] == "bed-4"
    assert st.vp[PH] == 1


def test_a_leader_dying_in_the_infirmary_scores_2() -> None:
    """BAL-192: a leader pushed into the graveyard is worth 2 VP."""
    st = cleared()
    place(st, {"es-alonso-zayas": "bed-1", "es-mir-brils": "bed-2", "es-chamizo-garcia": "bed-3"})
    infirmary.admit(st, "es-gopar-hernandez", [], "wounded")
    assert st.vp[PH] == 2


def _action_phase(st: object, hand: list[str]) -> None:
    st.hands[ES] = list(hand)  # type: ignore[attr-defined]
    run(st, ActionPhaseTask(side="spanish"))  # type: ignore[arg-type]


def test_example_infirmary_discharge_bed_2_healed() -> None:
    """BAL-194, BAL-219: heal the patient in bed 2: beds 3 and 4 move down one bed; the healed
    soldier goes to a detachment space of the player's choice."""
    st = cleared()
    st.beds_open = 4
    place(st, {"es-donat-pastor": "bed-1", "es-mir-brils": "bed-2",
               "es-chamizo-garcia": "bed-3", "es-jose-pestana": "bed-4"})
    _action_phase(st, ["es-01", "es-02"])
    act(st, TakeAction("heal-one", target="es-mir-brils"))
    assert kind(st) == "place-healed"
    act(st, PlaceUnit("es-mir-brils", "es-det-34-3"))
    assert st.loc["es-mir-brils"] == "es-det-34-3"
    assert [u for _, u in infirmary.patients(st)] == [
        "es-donat-pastor", "es-chamizo-garcia", "es-jose-pestana"]
    assert st.loc["es-jose-pestana"] == "bed-3"


def test_example_healing_units_beds_2_and_3() -> None:
    """BAL-218, GAP-BAL-45: Heal units, option 1: the two patients nearest the graveyard, in beds 2
    and 3 (bed 1 is empty), go into the bag; bed 4 stays where it is."""
    st = cleared()
    st.beds_open = 4
    place(st, {"es-mir-brils": "bed-2", "es-chamizo-garcia": "bed-3", "es-jose-pestana": "bed-4"})
    _action_phase(st, ["es-01", "es-02"])
    act(st, TakeAction("heal-two"))
    assert st.loc["es-mir-brils"] == "es-bag" and st.loc["es-chamizo-garcia"] == "es-bag"
    assert st.loc["es-jose-pestana"] == "bed-4"


def test_healed_leader_returns_to_his_space_and_full_detachment_sends_soldiers_to_bag() -> None:
    """BAL-219: a healed leader goes to his named space; a healed soldier with no free detachment
    space goes into the bag."""
    st = cleared()
    place(st, {"es-alonso-zayas": "bed-2", "es-mir-brils": "bed-3"})
    soldiers = [u for u, i in st.data.units.items()
                if i.side is ES and i.kind.value == "soldier" and u != "es-mir-brils"]
    spaces = [s for s, (row, _) in st.data.detachment.items() if row != "1-2"]
    place(st, dict(zip(soldiers, spaces, strict=False)))
    _action_phase(st, ["es-01", "es-07"])
    act(st, TakeAction("heal-one", target="es-alonso-zayas"))
    assert st.loc["es-alonso-zayas"] == "es-det-12-2"
    assert st.loc["es-mir-brils"] == "bed-3"
    assert not any(a.name.startswith("heal") for a in legal(st) if isinstance(a, TakeAction))


def test_expanding_the_infirmary_opens_bed_4_once_per_phase() -> None:
    """BAL-217, BAL-110: 2 AP open bed 4; the special action cannot be repeated this phase."""
    st = cleared()
    _action_phase(st, ["es-07", "es-04"])
    act(st, TakeAction("expand-infirmary"))
    assert st.beds_open == 4
    assert TakeAction("expand-infirmary") not in legal(st)
    act(st, Done())
