"""Phase 3 - Attrition: Spanish supply, beriberi and desertion; Philippine supply and morale;
the United States on the territorial control map (rulebook "Attrition Phase")."""

from __future__ import annotations

from baler_fixtures import ES, PH, act, cleared, halted, kind, legal, place, run, script_done

from baler.rules.actions import Choose, Done, ModifyDie
from baler.rules.attrition import LossTask, PhilippineAttrition, SpanishAttrition
from baler.rules.tcm import TcmCombat, UsAdvance


def test_example_spanish_attrition_supply_4_morale_2() -> None:
    """BAL-075..078: supply 4, morale 2, a roll of 2: supply falls to 2, two units fall ill and one
    deserts (1 VP for the Philippine side)."""
    st = cleared()
    st.supply[ES], st.morale[ES] = 4, 2
    draws = ("es-mateo-conesa", "es-mir-brils", "es-alcaide-bayona")
    run(st, SpanishAttrition(), rolls=(2, 1, 3, 5), draws=draws)
    assert halted(st) and script_done(st)
    assert st.supply[ES] == 2
    assert st.loc["es-mateo-conesa"] == "bed-2" and st.loc["es-mir-brils"] == "bed-3"
    assert st.loc["es-alcaide-bayona"] == "ph-eliminated"
    assert st.vp[PH] == 1


def test_spanish_attrition_high_supply_and_morale_costs_nothing() -> None:
    """BAL-076, BAL-077: supply 6 - 1 = 5 and morale 3: no illness, no desertion."""
    st = cleared()
    st.supply[ES], st.morale[ES] = 6, 3
    run(st, SpanishAttrition(), rolls=(5,))
    assert halted(st) and script_done(st)
    assert st.supply[ES] == 5 and st.vp[PH] == 0


def test_example_beriberi_losses_alonso_zayas() -> None:
    """BAL-079..084: two losses; a 3 draws a unit from the bag into the infirmary; a 6 goes to the
    detachment: row die 2 (leader row), column die 2: Alonso Zayas, away in the command area, falls
    ill. Bag units are admitted first."""
    st = cleared()
    place(st, {"es-alonso-zayas": "es-cmd-military"})
    run(st, LossTask(kind="beriberi", count=2), rolls=(3, 6, 2, 2), draws=("es-mateo-conesa",))
    assert halted(st) and script_done(st)
    assert st.loc["es-mateo-conesa"] == "bed-2"
    assert st.loc["es-alonso-zayas"] == "bed-3"


def test_example_beriberi_falls_on_de_las_morenas_when_zayas_is_gone() -> None:
    """BAL-085: Alonso Zayas already in the infirmary: the loss moves left to De las Morenas, who is
    on a guard post and goes to the infirmary."""
    st = cleared()
    place(st, {"es-alonso-zayas": "bed-1", "es-de-las-morenas": "es-34-a2"})
    run(st, LossTask(kind="beriberi", count=1), rolls=(2, 1, 2))
    assert st.loc["es-de-las-morenas"] == "bed-3"
    assert halted(st) and script_done(st)


def test_spanish_attrition_supply_3_one_ill_and_morale_1_one_deserter() -> None:
    """BAL-075..077: supply 5 and a roll of 4 (1-4: -2) leave supply 3: one unit falls ill; morale 1
    makes one unit desert (1 VP)."""
    st = cleared()
    st.supply[ES], st.morale[ES] = 5, 1
    draws = ("es-mateo-conesa", "es-mir-brils")
    run(st, SpanishAttrition(), rolls=(4, 1, 3), draws=draws)
    assert halted(st) and script_done(st)
    assert st.supply[ES] == 3
    assert st.loc["es-mateo-conesa"] == "bed-3" and st.loc["es-mir-brils"] == "ph-eliminated"
    assert st.vp[PH] == 1


def test_spanish_attrition_supply_0_three_ill_and_morale_0_two_deserters() -> None:
    """BAL-075..078: supply 1 and a roll of 6 (5-6: -1) leave supply 0: three units fall ill, all
    before morale 0 makes two units desert (2 VP)."""
    st = cleared()
    st.supply[ES], st.morale[ES] = 1, 0
    ill = ("es-mateo-conesa", "es-mir-brils", "es-donat-pastor")
    deserters = ("es-navarro-leon", "es-lafarga-abad")
    run(st, SpanishAttrition(), rolls=(6, 1, 3, 5, 1, 3), draws=ill + deserters)
    assert halted(st) and script_done(st)
    assert st.supply[ES] == 0
    assert [st.loc[u] for u in ill] == ["bed-1", "bed-2", "bed-3"]
    assert all(st.loc[u] == "ph-eliminated" for u in deserters) and st.vp[PH] == 2


def test_beriberi_leader_row_wraps_from_column_1_to_6_and_asks_for_a_friar() -> None:
    """BAL-085, BAL-086: De las Morenas eliminated, so the test wraps to column 6 where both friars
    stand: the Spanish player picks one."""
    st = cleared()
    place(st, {"es-de-las-morenas": "ph-eliminated"})
    run(st, LossTask(kind="beriberi", count=1), rolls=(4, 1, 1))
    assert kind(st) == "friar"
    assert set(legal(st)) == {Choose("es-lopez"), Choose("es-minaya")}
    act(st, Choose("es-minaya"))
    assert st.loc["es-minaya"] == "bed-3" and st.loc["es-lopez"] == "es-det-12-6"
    assert halted(st) and script_done(st)


def test_beriberi_soldier_row_scans_left_and_wraps() -> None:
    """BAL-081, BAL-082: row 3-4, column 2 empty, column 1 empty: wrap to column 6."""
    st = cleared()
    place(st, {"es-vila-gargante": "es-det-34-6", "es-pineda-turan": "es-det-34-4"})
    run(st, LossTask(kind="beriberi", count=1), rolls=(2, 3, 2))
    assert st.loc["es-vila-gargante"] == "bed-3"
    assert halted(st) and script_done(st)


def test_beriberi_empty_row_draws_from_the_bag() -> None:
    """BAL-083: row 5-6 empty while row 3-4 has units: a unit is drawn from the bag."""
    st = cleared()
    place(st, {"es-vila-gargante": "es-det-34-6"})
    run(st, LossTask(kind="beriberi", count=1), rolls=(2, 5, 4), draws=("es-navarro-leon",))
    assert st.loc["es-navarro-leon"] == "bed-3"
    assert st.loc["es-vila-gargante"] == "es-det-34-6"


def test_desertion_never_takes_a_leader() -> None:
    """BAL-087, BAL-088, BAL-089: the leader row sends the deserter to be drawn from the bag; the
    deserter joins the Philippine side for 1 VP."""
    st = cleared()
    run(st, LossTask(kind="desertion", count=1), rolls=(4, 1), draws=("es-navarro-leon",))
    assert st.loc["es-navarro-leon"] == "ph-eliminated"
    assert st.loc["es-de-las-morenas"] == "es-det-12-1"
    assert st.vp[PH] == 1
    assert halted(st) and script_done(st)


def test_desertion_column_6_scores_nothing() -> None:
    """BAL-090, GAP-BAL-42: the column die shows 6: the deserter still changes sides but scores no
    VP."""
    st = cleared()
    place(st, {"es-pedrosa-carballeda": "es-det-56-6"})
    run(st, LossTask(kind="desertion", count=1), rolls=(2, 6, 6))
    assert st.loc["es-pedrosa-carballeda"] == "ph-eliminated"
    assert st.vp[PH] == 0


def test_example_philippine_attrition_space_2() -> None:
    """BAL-091..094, GAP-BAL-16: a roll of 1 with troops on space 2 (modifier 0): supply 4 falls by
    2 to 2, which costs 1 morale: 6 to 5."""
    st = cleared()
    place(st, {"ph-soldier-17": "tcm-2"})
    st.power_space = 3
    st.supply[PH], st.morale[PH] = 4, 6
    run(st, PhilippineAttrition(), rolls=(1,))
    assert halted(st) and script_done(st)
    assert st.supply[PH] == 2 and st.morale[PH] == 5
    assert st.loc["ph-soldier-17"] == "tcm-2"  # BAL-094: no unit is lost to attrition


def test_philippine_attrition_modifier_and_morale_losses() -> None:
    """BAL-092, BAL-093: a 5 on space 4 (+2) keeps supply; supply 1 costs 2 morale."""
    st = cleared()
    place(st, {"ph-soldier-17": "tcm-4"})
    st.power_space = 5
    st.supply[PH], st.morale[PH] = 1, 6
    run(st, PhilippineAttrition(), rolls=(5,))
    assert st.supply[PH] == 1 and st.morale[PH] == 4


def test_philippine_attrition_3_to_5_loses_1_and_supply_3_costs_1_morale() -> None:
    """BAL-091..093: a 2 on space 3 (+1) reads 3: supply 4 loses 1 to 3, which costs 1 morale;
    with no troops on the map (-1, GAP-BAL-08) a 4 reads 3: supply 1 loses 1 to 0, which costs 3
    morale."""
    st = cleared()
    place(st, {"ph-soldier-17": "tcm-3"})
    st.power_space = 4
    st.supply[PH], st.morale[PH] = 4, 6
    run(st, PhilippineAttrition(), rolls=(2,))
    assert halted(st) and script_done(st)
    assert (st.supply[PH], st.morale[PH]) == (3, 5)
    st = cleared()
    st.supply[PH], st.morale[PH] = 1, 6
    run(st, PhilippineAttrition(), rolls=(4,))
    assert halted(st) and script_done(st)
    assert (st.supply[PH], st.morale[PH]) == (0, 3)


def test_example_us_arrival_in_turn_4() -> None:
    """BAL-095..099, BAL-270, BAL-282, BAL-286, GAP-BAL-01, GAP-BAL-03: turn 4: the US marker
    replaces Spain in Manila showing 4. Strength roll 2 (stays 4), advance roll 6 (3 steps): 5 to 4,
    then 3 where the Philippine troops are: the US win, the Philippines lose a unit and retreat to
    2, the US hold 3; the third step meets them on 2: a tie, and the US go back to 3."""
    st = cleared()
    st.turn = 4
    st.power_space = 4
    place(st, {"ph-soldier-17": "tcm-3", "ph-soldier-01": "tcm-3"})
    rolls = (6, 2, 6, 5, 6, 2, 3, 1, 2, 3, 5, 2, 2, 2, 6, 2)
    run(st, PhilippineAttrition(), rolls=rolls)
    assert st.power == "us" and st.us_strength == 4
    assert kind(st) == "modify-dice"
    act(st, Done())
    assert kind(st) == "tcm-loss"
    act(st, Choose("ph-soldier-01"))
    assert st.loc["ph-soldier-01"] == "ph-bag"
    assert st.loc["ph-soldier-17"] == "tcm-2" and st.power_space == 3
    act(st, Done())
    assert halted(st) and script_done(st)
    assert st.loc["ph-soldier-17"] == "tcm-2" and st.power_space == 3


def test_example_tcm_combat_us_strength_4_against_factors_3_2_1() -> None:
    """BAL-277..286, GAP-BAL-02: the US (strength 4, 4 dice) attack the stack of factors 3, 2 and 1,
    which rolls only 5 dice. First combat: 2 US successes against 3: the US go back to space 4.
    Second: the US win; the Philippines lose the factor-1 unit into the bag and retreat to space 2;
    the US hold space 3."""
    st = cleared()
    st.turn, st.power, st.power_space, st.us_strength = 4, "us", 4, 4
    place(st, {"ph-soldier-29": "tcm-3", "ph-soldier-17": "tcm-3", "ph-soldier-01": "tcm-3"})
    rolls = (1, 2, 5, 6, 1, 1, 5, 5, 6, 1, 2, 5, 6, 6, 1, 1, 2, 3, 4, 5)
    events = run(st, UsAdvance(), rolls=rolls)
    counts = [len(e.values) for e in events if getattr(e, "purpose", "") == "territorial combat"]
    assert counts == [4, 5]
    act(st, Done())
    assert kind(st) == "modify-dice"
    assert st.power_space == 4 and st.loc["ph-soldier-29"] == "tcm-3"
    act(st, Done())
    act(st, Choose("ph-soldier-01"))
    assert halted(st) and script_done(st)
    assert st.loc["ph-soldier-01"] == "ph-bag"
    assert st.loc["ph-soldier-29"] == "tcm-2" and st.power_space == 3


def test_us_cannot_enter_baler() -> None:
    """BAL-099, GAP-BAL-47: steps that would enter Baler are lost."""
    st = cleared()
    st.turn, st.power, st.power_space = 5, "us", 3
    run(st, UsAdvance(), rolls=(4, 6))
    assert st.power_space == 2 and st.us_strength == 5
    assert halted(st) and script_done(st)


def test_morale_may_be_spent_on_several_dice_on_the_territorial_map() -> None:
    """GAP-BAL-18, GAP-BAL-47: on the map the Philippine side may spend morale on more than one die
    (each die once); no command or leader modifier there."""
    st = cleared()
    st.turn, st.power, st.power_space, st.us_strength = 4, "us", 3, 4
    place(st, {"ph-soldier-29": "tcm-2"})
    st.morale[PH] = 3
    run(st, UsAdvance(), rolls=(1, 1, 5, 5, 2, 2, 1, 2, 4, 6))
    act(st, ModifyDie(0, "reroll", "morale"))
    act(st, ModifyDie(1, "plus1", "morale"))
    assert st.morale[PH] == 1
    assert {a.source for a in legal(st) if isinstance(a, ModifyDie)} == {"morale"}


def test_spain_wins_a_territorial_combat_without_losses_and_the_stack_goes_back() -> None:
    """BAL-278, BAL-279, BAL-281: the stack on Baler (factors 1 + 1: 2 dice) attacks Spain (3 dice)
    on space 2 and gets fewer successes: nobody is lost, the stack stays on space 1 and Spain on
    space 2."""
    st = cleared()
    place(st, {"ph-soldier-01": "tcm-1", "ph-soldier-02": "tcm-1"})
    st.morale[PH] = 0
    events = run(st, TcmCombat(attacker="philippine", from_space=1, target=2),
                 rolls=(1, 5, 5, 6, 1))
    assert halted(st) and script_done(st)
    assert [len(e.values) for e in events if getattr(e, "purpose", "") == "territorial combat"
            ] == [2, 3]
    assert st.units_at("tcm-1") == ["ph-soldier-01", "ph-soldier-02"] and st.power_space == 2


def test_philippines_beat_a_defending_us_which_retreats_toward_manila() -> None:
    """BAL-285: the stack on space 2 (factors 3 + 2: 5 dice) attacks the US (strength 4) on space 3
    and gets more successes: the US marker retreats to space 4 and the stack must move into
    space 3; nobody is lost."""
    st = cleared()
    st.turn, st.power, st.power_space, st.us_strength = 4, "us", 3, 4
    place(st, {"ph-soldier-29": "tcm-2", "ph-soldier-17": "tcm-2"})
    st.morale[PH] = 0
    run(st, TcmCombat(attacker="philippine", from_space=2, target=3),
        rolls=(5, 5, 6, 1, 2, 1, 2, 3, 5))
    assert halted(st) and script_done(st)
    assert st.power_space == 4
    assert st.units_at("tcm-3") == ["ph-soldier-29", "ph-soldier-17"]
