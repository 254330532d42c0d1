"""Blunders of the computer opponent in Heroes of Baler, each from a position of a real game
laid out through the rules' door (`from_position`), and the rules' query that says when an
answer changes nothing (`no_effect_reason`, baler.rules.noeffect; docs/ai.md, "Blunders").

The positions are those of seed 3 of Easy against Easy (`wargames ai-check baler --level
easy`): the opening of turn 1, the Philippine side holding the initiative, no trench built
and no artillery on the map.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
import yaml

from baler.ai import BalerAgent, easy, normal
from baler.ai.cards import AP_WORTH
from baler.ai.judge import LAST_TRENCH_GUARD, trench_worth
from baler.rules.actions import Decide, Done, ModifyDie, PlayCard, TakeAction
from baler.rules.combat import Shooting
from baler.rules.dicepool import dice_in_play
from baler.rules.state import DESTROYED, BalerState, Phase
from engine.ai.search import Budget
from engine.core.dice import ScriptedDice
from tests.baler.baler_fixtures import RULES, cleared, place, run, scenario

TRACKS = {"spanish": {"supply": 6, "morale": 6, "vp": 0},
          "philippine": {"supply": 3, "morale": 4, "vp": 0}}
SPANISH_HAND = ["es-04", "es-09", "es-03", "es-08", "es-05"]
REPAIR, DIGGING, NIGHT_ASSAULT, MARCH, VOLUNTEERS = "ph-02", "ph-05", "ph-04", "ph-09", "ph-06"


def opening(philippine_hand: list[str], phase: str = "events", initiative: str = "philippine",
            spanish_hand: list[str] | None = None, dice: Any = None) -> BalerState:
    """Turn 1 of seed 3 at the start of `phase`, with the given hands."""
    return RULES.from_position(scenario(), {
        "turn": 1, "phase": phase, "initiative": initiative, "tracks": TRACKS,
        "cards": {"hands": {"spanish": spanish_hand or SPANISH_HAND,
                            "philippine": philippine_hand}},
    }, seed=3, dice=dice)


def events_played(st: BalerState, choose: Any) -> list[str]:
    """The cards the Philippine side plays as events, each chosen by `choose(state, legal)`."""
    played = []
    while st.decision.player == "philippine" and st.decision.kind == "event-card":
        action = choose(st, RULES.legal_actions(st))
        assert isinstance(action, PlayCard)
        played.append(action.card)
        RULES.apply(st, action)
    return played


def test_the_query_says_why_repair_and_digging_would_change_nothing() -> None:
    st = opening([MARCH, NIGHT_ASSAULT, DIGGING, REPAIR])
    repair = RULES.no_effect_reason(st, PlayCard(REPAIR))
    digging = RULES.no_effect_reason(st, PlayCard(DIGGING))
    assert repair is not None and "no sabotaged trench section" in repair
    assert "'Repair'" in repair and '"Repair"' in repair
    assert digging is not None and "no empty trench space has 5 manpower" in digging
    assert RULES.no_effect_reason(st, PlayCard(NIGHT_ASSAULT)) is None
    assert RULES.no_effect_reason(st, PlayCard(MARCH)) is None


@pytest.mark.parametrize("seed", range(4))
def test_the_philippines_do_not_play_repair_with_no_trench_to_repair(seed: int) -> None:
    """Seed 3, action 3: the Easy Philippines played Repair as an event, with no trench
    section on the map, while Night Assault and March on the Manila Road were in hand; played
    to the end, either of those is worth 6-10 points more (150 paired plays)."""
    st = opening([MARCH, NIGHT_ASSAULT, VOLUNTEERS, REPAIR])
    agent = BalerAgent("philippine", seed)
    played = events_played(st, lambda s, legal: agent.choose(RULES, s, legal))
    assert REPAIR not in played
    assert VOLUNTEERS not in played  # every guard post is manned: nothing to reinforce
    assert sorted(played) == sorted([MARCH, NIGHT_ASSAULT])


def test_easy_keeps_useless_cards_too() -> None:
    st = opening([MARCH, NIGHT_ASSAULT, VOLUNTEERS, REPAIR])
    seat = easy("philippine", 5)
    played = events_played(st, lambda s, legal: seat.choose(RULES, s, legal))
    assert REPAIR not in played and VOLUNTEERS not in played


def test_normal_searches_no_card_that_would_change_nothing() -> None:
    """Normal's search tried other legal answers, Digging the Trenches among them with no
    trench space manned, and could keep one (a Normal game of the issue): answers that change
    nothing are left out of its root while useful ones exist."""
    st = opening([MARCH, NIGHT_ASSAULT, DIGGING, REPAIR])
    idle = {PlayCard(DIGGING), PlayCard(REPAIR)}
    for seed in range(2):
        seat = normal("philippine", seed, Budget(seconds=None, iterations=30, trees=1))
        action = seat.choose(RULES, copy.deepcopy(st), RULES.legal_actions(st))
        assert action not in idle
        searched = {a.action for a in seat.decider.last_values}
        assert searched and not searched & idle


def incursion_defence(attacker: tuple[int, ...], defender: tuple[int, ...]) -> BalerState:
    """Seed 3's opening in the action phase, Spanish initiative: the Spanish incursion in area
    1, where no trench is built and no gun stands, with scripted dice, up to the Philippine
    defender's modifiers."""
    dice = ScriptedDice((*attacker, *defender, 3, 3, 3, 3), ())
    st = opening([MARCH, NIGHT_ASSAULT], phase="action", initiative="spanish",
                 spanish_hand=["es-04", "es-09"], dice=dice)
    RULES.apply(st, TakeAction("attack-incursion", "1"))
    RULES.apply(st, Done())  # the Spanish attacker keeps its die
    assert (st.decision.player, st.decision.kind) == ("philippine", "modify-dice")
    return st


def test_no_morale_is_spent_to_cancel_a_success_that_has_nothing_to_sabotage() -> None:
    """The Philippine defender spent a level of morale (+1 on a 4) to cancel a Spanish
    success in an area with no trench and no artillery: the success had no target (rulebook
    "Incursion / 5. Target announcement"), so the level bought nothing."""
    st = incursion_defence((5,), (4, 2))
    table = dice_in_play(st)
    assert table is not None and table["pools"][1]["values"] == [4, 2]
    raise_four = ModifyDie(0, "plus1", "morale")
    assert raise_four in RULES.legal_actions(st)
    assert "counts the same" in (RULES.no_effect_reason(st, raise_four) or "")
    assert raise_four not in RULES.usable_reactions(st)
    for seed in range(4):
        answer = BalerAgent("philippine", seed).choose(RULES, st, RULES.legal_actions(st))
        assert answer == Done()


def test_a_success_that_cancels_a_sabotage_still_counts_for_the_defender() -> None:
    """The same incursion with a trench section in the area: the +1 that cancels the Spanish
    success saves the trench, and the query does not call it idle."""
    st = incursion_defence((5,), (4, 2))
    st.trenches["trench-a1-a"] = "operational"
    raise_four = ModifyDie(0, "plus1", "morale")
    assert RULES.no_effect_reason(st, raise_four) is None
    assert raise_four in RULES.usable_reactions(st)


def test_the_query_covers_a_track_at_its_end() -> None:
    st = opening([MARCH, NIGHT_ASSAULT], phase="action", initiative="spanish",
                 spanish_hand=["es-04", "es-09"])
    assert "morale is already at 6" in (RULES.no_effect_reason(st, TakeAction("raise-morale"))
                                        or "")
    assert RULES.no_effect_reason(st, TakeAction("movement")) is None


def spanish_events(cards: list[str], morale: int) -> BalerState:
    """The opening with the Spanish initiative and Spanish morale at `morale`, both of `cards`
    played as events and no support card: the first decision of their resolution."""
    tracks = {**TRACKS, "spanish": {**TRACKS["spanish"], "morale": morale}}
    st = RULES.from_position(scenario(), {
        "turn": 1, "phase": "events", "initiative": "spanish", "tracks": tracks,
        "cards": {"hands": {"spanish": [*cards, "es-04", "es-08", "es-05"],
                            "philippine": [MARCH, NIGHT_ASSAULT, VOLUNTEERS, REPAIR]}},
    }, seed=3)
    for card in cards:
        RULES.apply(st, PlayCard(card))
    RULES.apply(st, Done())  # no support card
    assert st.decision.kind == "resolve-event"
    return st


HYMNS, VEGETABLES = "es-10", "es-03"


@pytest.mark.parametrize("seed", range(3))
def test_an_event_that_changes_nothing_is_left_unresolved(seed: int) -> None:
    """Seeds 110 and 103 of Easy against Easy: the Spanish resolved 'Hymns in the nave' with
    their morale at 6 and 'Vegetables in the churchyard' with their supply at 6, the tops of
    the tracks, where stopping does the same. Now the event that does something is resolved
    first (with morale at 5, the Hymns), and the one that still changes nothing is left."""
    st = spanish_events([HYMNS, VEGETABLES], morale=5)
    agent = BalerAgent("spanish", seed)
    resolved = []
    while st.decision.player == "spanish" and st.decision.kind == "resolve-event":
        action = agent.choose(RULES, st, RULES.legal_actions(st))
        if isinstance(action, Done):
            break
        resolved.append(action.card)
        RULES.apply(st, action)
    assert resolved == [HYMNS]
    assert st.morale["spanish"] == 6
    st = spanish_events([HYMNS, VEGETABLES], morale=6)
    assert BalerAgent("spanish", seed).choose(RULES, st, RULES.legal_actions(st)) == Done()


def test_a_surveillance_marker_whose_bonus_cannot_count_stays_on_the_map() -> None:
    """Seed 114 of Easy against Easy: the Philippine side, already at the greatest firepower
    advantage (3) with no Spanish marker to take any away, activated its marker, which goes
    back to the reserve after the combat for nothing (rulebook "2. Surveillance"). It now
    keeps it; with a Spanish marker in the area the bonus can count, and it is activated."""
    area_1 = {"ph-soldier-17": "ph-12-a1a2", "ph-soldier-18": "ph-34-a1",
              "es-jose-pestana": "es-34-a1"}
    st = cleared()
    place(st, area_1)
    st.surveillance["philippine"].add("1")
    run(st, Shooting(attacker="spanish", area="1"), rolls=(2,))
    assert st.decision.kind == "surveillance" and st.decision.player == "philippine"
    assert BalerAgent("philippine", 1).choose(RULES, st, RULES.legal_actions(st)) \
        == Decide(False)
    st = cleared()
    place(st, area_1)
    st.surveillance["philippine"].add("1")
    st.surveillance["spanish"].add("1")
    run(st, Shooting(attacker="spanish", area="1"), rolls=(2,))
    RULES.apply(st, Decide(True))  # the Spanish marker may take firepower away
    assert BalerAgent("philippine", 1).choose(RULES, st, RULES.legal_actions(st)) \
        == Decide(True)


def _philippine_dice_window(ending: bool) -> BalerState:
    """A Spanish shooting in area 1 of the second shootings of turn 3, the Philippine side at
    the greatest firepower advantage and morale 2; its dice show a 2 and four 6s. With
    `ending`, the church walls are already destroyed in areas 2 and 3, so the game ends at this
    turn's Upkeep."""
    st = cleared()
    place(st, {"ph-soldier-17": "ph-12-a1a2", "ph-soldier-18": "ph-34-a1",
               "es-jose-pestana": "es-34-a1"})
    st.turn, st.phase = 3, Phase.SECOND_SHOOTINGS
    st.morale["spanish"], st.morale["philippine"] = 0, 2
    if ending:
        st.walls["2"] = st.walls["3"] = DESTROYED
    run(st, Shooting(attacker="spanish", area="1"), rolls=(2, 2, 6, 6, 6, 6))
    assert st.decision.kind == "modify-dice" and st.decision.player == "philippine"
    return st


@pytest.mark.parametrize("seed", range(3))
def test_morale_is_spent_on_a_die_when_the_game_ends_at_this_upkeep(seed: int) -> None:
    """Seed 8 of Normal Philippines against Easy, turn 3, second shootings, the walls destroyed
    in two areas: 16 victory points to 16 once the Upkeep scores them, the Spanish ahead on
    morale. The Philippine side kept a 2 to save its morale (2 levels), and lost the tie; a
    reroll wins one game in four, played to the end (+25 ± 10 points over 20 pairs). Once the
    game ends at this turn's Upkeep morale only breaks ties, and the die is rerolled; with the
    game going on, morale 2 is still kept."""
    agent = BalerAgent("philippine", seed)
    st = _philippine_dice_window(ending=True)
    assert agent.choose(RULES, st, RULES.legal_actions(st)) == ModifyDie(0, "reroll", "morale")
    st = _philippine_dice_window(ending=False)
    assert agent.choose(RULES, st, RULES.legal_actions(st)) == Done()


LAST_TURN = """
options: {us_arrival: attrition-turn-4, artillery_in_incursion_firepower: false,
  walls_destroyed_vp_any_cause: true, leaders_on_tcm: true}
tracks:
  spanish: {supply: 2, morale: 2, vp: 16}
  philippine: {supply: 2, morale: 4, vp: 12}
walls: {'1': wrecked, '2': damaged, '3': damaged, '4': intact}
trenches: [trench-a2-b]
sabotaged_trenches: []
infirmary_open_beds: 3
foreign_power: {space: tcm-2, power: us, us_strength: 4}
persistence_active: true
placements: {art-a2: ph-artillery-1, bed-2: es-martinez-souto, bed-3: es-planas-basaganas,
  es-34-a1: es-menor-ortega, es-34-a2: es-alcaide-bayona, es-34-a3: es-chamizo-garcia,
  es-34-a4: es-castillo-castillo, es-56-a1: es-catalan-valero, es-56-a2: es-pedrosa-carballeda,
  es-56-a3: es-rovira-mompo, es-56-a4: es-mateo-conesa, es-bell-tower: es-pineda-turan,
  es-det-12-1: es-de-las-morenas, es-det-12-2: es-alonso-zayas, es-det-12-4: es-vigil-de-quinones,
  es-det-12-5: es-gomez-carreno, es-det-34-1: es-caldentey-nadal, es-det-34-3: es-galvete-iturmendi,
  es-det-34-4: es-fabregat-fabregat, es-det-56-1: es-donat-pastor, es-det-56-2: es-bauza-fullana,
  es-det-56-3: es-larrode-paracuello, es-det-56-4: es-lafarga-abad, es-det-56-5: es-gallego-garcia,
  es-det-56-6: es-sanchez-cainzos, ph-12-a1a2: ph-soldier-32, ph-12-a3a4: ph-soldier-08,
  ph-34-a1: ph-soldier-09, ph-34-a2: ph-soldier-30, ph-34-a3: ph-soldier-34,
  ph-34-a4: ph-soldier-04,
  ph-56-a2a3: ph-soldier-26, ph-56-a4a1: ph-soldier-23, ph-barracks-1: ph-soldier-05,
  ph-barracks-2: ph-soldier-06, ph-barracks-3: ph-soldier-07, ph-barracks-4: ph-soldier-35,
  ph-barracks-5: ph-soldier-10, ph-barracks-6: ph-soldier-12, ph-barracks-7: ph-soldier-14,
  ph-barracks-8: ph-soldier-16}
eliminated: [ph-soldier-17, ph-soldier-21, ph-soldier-20, ph-soldier-29, ph-soldier-03,
  ph-soldier-15, ph-soldier-22, ph-artillery-2, ph-soldier-28, ph-soldier-31, ph-soldier-01,
  ph-soldier-25, ph-soldier-18, ph-artillery-4, ph-artillery-3, ph-soldier-19, es-jose-pestana,
  es-mir-brils, es-martin-cerezo, es-lopez-lario, es-gopar-hernandez, es-vila-gargante,
  es-alonso-medero, es-ripolles-cardona, es-navarro-leon, es-buades-tormo, es-castro-camarena]
territorial_troops: {space: tcm-1, units: [ph-soldier-24, ph-soldier-33, ph-soldier-11]}
boxes:
  es-det-12-6: [es-lopez, es-minaya]
  ph-bag: [ph-soldier-13, ph-soldier-27, ph-soldier-36, ph-soldier-02]
  ph-det-gomez-ortiz: [ph-gomez-ortiz]
  ph-det-luna-novicio: [ph-luna-novicio]
  ph-det-tecson: [ph-tecson]
  ph-det-villacorta: [ph-villacorta]
turn: 6
phase: events
initiative: philippine
exhausted: []
disabled: {}
surveillance: {spanish: [], philippine: ['4']}
shooting_markers: {}
firepower:
  '1': {level: 1, favours: spanish}
  '2': {level: 3, favours: philippine}
  '3': {level: 0, favours: null}
  '4': {level: 2, favours: spanish}
cards:
  hands:
    spanish: [es-06, es-03, es-05, es-10, es-08]
    philippine: [ph-03, ph-05, ph-06, sh-10]
  decks:
    spanish: [fs-03, fs-02, es-02, sh-02, es-04, es-07, es-01, sh-06, fp-02, es-09]
    philippine: [sh-03, ph-10, ph-07, ph-01, ph-04, ph-08, ph-02, ph-09]
  discards: {spanish: [], philippine: []}
  fow_decks: {spanish: [fs-07, fs-01, fs-08], philippine: [fp-05, fp-03, fp-06]}
  shared_deck: [sh-13, sh-11, sh-04, sh-14, sh-12, sh-16, sh-09, sh-07]
  shared_faceup: {A: sh-19, B: sh-08}
  removed: [fp-04, sh-17, fs-06, sh-05, fs-05, sh-18, sh-15, fp-07, sh-01, fp-01, fs-04, fp-08]
"""


def last_turn_events(turn: int, built: tuple[str, ...] = ()) -> BalerState:
    """Seed 68 of Easy against Easy: the events of the last turn (6), the Philippine side 12
    victory points to 16 behind, one trench section built (in area 2; `built` adds more), its
    one artillery piece in area 2, and Digging the trenches in hand with a trench space manned
    in area 4."""
    position = yaml.safe_load(LAST_TURN)
    position["turn"] = turn
    st = RULES.from_position(scenario(), position, seed=68)
    st.trenches.update({space: "operational" for space in built})
    return st


@pytest.mark.parametrize("seed", range(3))
def test_no_trench_is_dug_on_the_last_turn_when_it_can_neither_score_nor_guard(seed: int) -> None:
    """Seed 68, turn 6: the Philippine side played Digging the trenches as one of its two
    events, giving up 3 action points for a section that scores nothing (seven are missing)
    and guards no gun (area 4 holds none) before the game ends at this Upkeep; Fire from the
    houses instead was worth +24 ± 7 points, played to the end (100 pairs). On the last turn a
    section is worth only the points it completes and the gun it closes; a turn earlier, with
    four sections built, the same hand still digs."""
    agent = BalerAgent("philippine", seed)
    played = events_played(last_turn_events(6), lambda st, legal: agent.choose(RULES, st, legal))
    assert DIGGING not in played and "ph-03" in played
    four = ("trench-a1-a", "trench-a1-b", "trench-a2-a")
    played = events_played(last_turn_events(6, four),
                           lambda st, legal: agent.choose(RULES, st, legal))
    assert DIGGING not in played
    played = events_played(last_turn_events(5, four),
                           lambda st, legal: agent.choose(RULES, st, legal))
    assert DIGGING in played


def test_the_last_trench_section_is_still_worth_digging_on_the_last_turn() -> None:
    """The eighth working section scores 5 victory points and 1 more on turn 6, so on the last
    turn it is still worth its action points; so is a section that closes an artillery piece to
    this turn's incursions (both sections of its area standing)."""
    st = last_turn_events(6)
    assert trench_worth(st, 1) == 0.0
    spaces = list(st.data.trench_spaces)
    st.trenches = {s: "operational" for s in spaces if s != "trench-a4-a"}
    assert trench_worth(st, 1) > 4 * AP_WORTH
    st.trenches = {"trench-a4-b": "operational"}
    place(st, {"ph-artillery-1": "art-a4"})
    assert trench_worth(st, 1) == LAST_TRENCH_GUARD
    st.phase = Phase.SECOND_SHOOTINGS
    assert trench_worth(st, 1) == 0.0


def test_digging_the_trenches_counts_the_section_it_would_complete() -> None:
    """Digging the trenches priced its section at a flat 2.0 before the last turn, while the
    trench actions read `trench_worth`: the eighth working section's victory points, the
    guns guarded, the turns left. The card now reads the same worth, so the section that
    completes the trenches is worth its points by card too. Easy against Easy, seeds
    1001-3400: the Philippine side won 1,363 of 2,400 with it, 1,335 without."""
    from baler.ai.cards import card, event_worth
    from baler.rules.state import Side
    st = last_turn_events(5)
    digging = card(st, DIGGING)
    spaces = list(st.data.trench_spaces)
    st.trenches = {s: "operational" for s in spaces if s != "trench-a4-a"}
    assert trench_worth(st, 1) > 2.0 + 2.0
    assert event_worth(st, Side.PHILIPPINE, digging) == pytest.approx(trench_worth(st, 1))
    st.trenches = {}
    assert event_worth(st, Side.PHILIPPINE, digging) == pytest.approx(trench_worth(st, 1))
