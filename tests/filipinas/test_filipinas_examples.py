"""Every worked example of the rulebook, with the rolls it states (5.1.1, 5.2.3, 6.1, 6.6, 6.7,
9.1) and the setup of 8.0."""

from __future__ import annotations

from helpers import RULES, empty_position, play, put, ready

from engine.core.dice import ScriptedDice
from filipinas.rules import actions as A
from filipinas.rules.resources import income, province_income2
from filipinas.rules.state import Kind


def test_example_resources_turn_3(scenario):
    """5.1.1: Spain holds every Province but Manila and Cavite (partial); Tarlac is sacked:
    5.5 from the Provinces, rounded down to 5; the Filipino gets 2 (FIL-108..FIL-116, FIL-120,
    FIL-072, FIL-074)."""
    s = RULES.from_position(scenario, {
        "turn": 3,
        "ap": {"filipino": 0, "spain": 0},
        "placements": [
            {"counters": ["desierto"], "space": "manila"},
            {"counters": ["bulacan_corps"], "space": "manila", "reduced": ["bulacan_corps"]},
            {"counters": ["mindanao_1"], "space": "cavite"},
            {"counters": ["cavite_corps"], "space": "cavite", "reduced": ["cavite_corps"]},
        ],
        "markers": {"sacked": ["tarlac"]},
    }, start=False)
    assert province_income2(s, "spain") == 11  # 5.5 in half points
    assert province_income2(s, "filipino") == 4
    spain = income(s, "spain")
    assert spain.provinces2 // 2 == 5
    fil = income(s, "filipino")
    assert fil.provinces2 == 4 and fil.lf == 0
    # turn 3 is wet (May-August): the −1 comes after the Provinces; the minimum of 2 holds
    assert spain.income == 4 and fil.total == 2


def test_setup_resources_equal_a_dry_turn_calculation(scenario):
    """8.0: the starting 7 and 5 AP are what 5.1.1 gives for the setup position on a dry turn
    with the reconstructed leader factors (FIL-296, FIL-266, FIL-077, GAP-FIL-08, GAP-FIL-12)."""
    s = RULES.new_game(scenario, 1)
    assert s.ap == {"filipino": 5, "spain": 7}
    assert len(s.hands["filipino"]) == 5 and len(s.hands["spain"]) == 5
    s.ap = {"filipino": 0, "spain": 0}
    assert income(s, "spain").total == 7 and income(s, "filipino").total == 5


def test_example_recruitment_in_batangas(scenario):
    """6.1: Morale 4, Batangas without Spanish units, Aguinaldo there: +2, so a 3 succeeds and
    the new Guerrilla gets a Target marker (FIL-153..FIL-155, FIL-159, FIL-162..FIL-164)."""
    s = empty_position(scenario, [3], morale=4)
    put(s, "batangas", "aguinaldo")
    put(s, "cavite", "cavite_corps", reduced=["cavite_corps"])
    ready(s)
    before = s.ap["filipino"]
    events = play(s, A.Recruit("batangas", "batangas_corps"))
    assert s.ap["filipino"] == before - 1
    assert s.loc["batangas_corps"] == "batangas" and "batangas_corps" in s.reduced
    assert "batangas_corps" in s.targets
    assert any("3 (Spanish Morale 4 +1, leader in the Province +1) = 5" in str(e)
               for e in events)


def test_example_recruitment_fails_on_a_two(scenario):
    s = empty_position(scenario, [2], morale=4)
    put(s, "batangas", "aguinaldo")
    put(s, "tarlac", "tarlac_corps", reduced=["tarlac_corps"])
    ready(s)
    play(s, A.Recruit("batangas", "batangas_corps"))
    assert s.loc["batangas_corps"] == "filipino_troops"


def _bulacan_search(scenario, rolls):
    """Two Search and Destroy brigades in Bulacan with Magdiwan, the Spanish round (built
    through the rules' door for positions, engine.core.position)."""
    return RULES.from_position(scenario, {
        "turn": 2,
        "active": "spain",
        "ap": {"filipino": 3, "spain": 5},
        "placements": [
            {"counters": ["marina"], "space": "bulacan"},
            {"counters": ["cornell"], "space": "bulacan"},
            {"counters": ["magdiwan"], "space": "bulacan"},
            {"counters": ["cavite_corps"], "space": "manila", "reduced": ["cavite_corps"]},
        ],
        "markers": {"search": ["marina", "cornell"]},
        "cards": {"hands": {"filipino": [], "spain": []}},
    }, dice=ScriptedDice(rolls))


def test_example_locating_the_magdiwan(scenario):
    """6.6: two CF 2 Search and Destroy brigades in Bulacán, coordinated: 3 AP — one Locate
    (1 AP) per brigade, general or not, and one for the coordination — 4 dice at +2;
    rolls 1, 4, 5, 5 → three columns locate the hidden Magdiwan, which is marked (FIL-199,
    FIL-202, FIL-203, FIL-204..FIL-210, FIL-248, FIL-019, FIL-006, FIL-002, FIL-051)."""
    s = _bulacan_search(scenario, [1, 4, 5, 5, 3])
    events = play(s, A.Attack(("marina", "cornell"), "magdiwan"))
    assert s.ap["spain"] == 2
    assert "magdiwan" in s.targets
    assert s.dice.log[0].values == (1,) and len(s.dice.log) == 5
    # +2 a die (Search and Destroy, equal CF) and no Target +1: the Guerrilla was hidden (FIL-051)
    assert any("1+2=3, 4+2=6 located, 5+2=7 located, 5+2=7 located" in str(e) for e in events)


def test_example_combat_three_columns_miss(scenario):
    """6.7: three columns (CF 3) against the Magdiwan (CF 1): +2; a 3 gives 5, no hit. The
    Guerrilla may counterattack at −2, hopeless (FIL-212..FIL-215, FIL-217, FIL-219, FIL-222,
    GAP-FIL-26)."""
    s = _bulacan_search(scenario, [1, 4, 5, 5, 3])
    events = play(s, A.Attack(("marina", "cornell"), "magdiwan"))
    assert any("CF 3 against 1 +2" in str(e) and "= 5: no hit" in str(e) for e in events)
    assert s.loc["magdiwan"] == "bulacan" and s.morale == 10
    assert s.pending[-1].kind == Kind.COUNTERATTACK
    s.dice.push(6)
    events = play(s, A.Counterattack())
    assert any("CF 1 against 3 -2" in str(e) and "= 4: no hit" in str(e) for e in events)


def test_example_combat_three_columns_hit_on_four(scenario):
    """6.7: a natural 4 or more eliminates the Guerrilla to the Filipino Troops box and raises
    Morale by 1 (FIL-015, FIL-017, FIL-219, FIL-221)."""
    s = _bulacan_search(scenario, [1, 4, 5, 5, 4])
    s.morale = 8
    play(s, A.Attack(("marina", "cornell"), "magdiwan"))
    assert s.loc["magdiwan"] == "filipino_troops"
    assert s.morale == 9
    assert not s.pending or s.pending[-1].kind != Kind.COUNTERATTACK


def _batangas_91(scenario, rolls):
    s = empty_position(scenario, rolls, turn=4, ap=(4, 6), morale=4,
                       hands=(["isthmus_of_noveleta"], ["spanish_artillery", "to_the_bayonet"]))
    put(s, "batangas", "bonifacio", "magdiwan")
    put(s, "batangas", "primo_de_rivera", "desierto")
    put(s, "batangas", "mindanao_1")
    put(s, "tarlac", "tarlac_corps", reduced=["tarlac_corps"])
    s.search.add("desierto")
    ready(s)
    return s


def test_example_plunder_protect_search_and_destroy(scenario):
    """9.1 in full: plunder (Morale 4 → 3), Protect the Fields, the Filipino 6 at 1 against 1
    (Mindanao brigade to CF 1, Morale 2, no counterattack), then the column search (1 and 4 at
    +3), the card duel (+1, −1, +1) and the 4 that destroys the Guerrilla (Morale 3)
    (FIL-014, FIL-025, FIL-240, FIL-043..FIL-053, FIL-081, FIL-188, FIL-204, FIL-216, FIL-218,
    FIL-220, FIL-223, FIL-225, FIL-243, FIL-246, FIL-247, FIL-253, FIL-130, FIL-257,
    FIL-273)."""
    s = _batangas_91(scenario, [6, 1, 4, 4])
    play(s, A.Plunder("magdiwan"))
    assert "batangas" in s.sacked and "magdiwan" in s.targets and s.morale == 3
    assert s.ap["filipino"] == 3
    play(s, A.EndRound())
    play(s, A.Disperse("mindanao_1", "protect"))
    assert s.ap["spain"] == 5
    play(s, A.EndRound())
    assert A.Plunder("magdiwan") not in RULES.legal_actions(s)
    events = play(s, A.Attack(("magdiwan",), "mindanao_1"))
    assert any("CF 1 against 1 +0" in str(e) and "= 6: hit" in str(e) for e in events)
    assert "mindanao_1" in s.reduced and s.morale == 2 and s.ap["filipino"] == 2
    assert not s.pending  # no counterattack after a hit
    play(s, A.EndRound())
    events = play(s, A.Attack(("desierto",), "magdiwan"))
    assert s.ap["spain"] == 4
    # Target +1, equal CF +1, Search and Destroy +1 on each of the two columns (FIL-051, FIL-204)
    assert any("1+3=4, 4+3=7 located" in str(e) for e in events)
    assert s.pending[-1].kind == Kind.COMBAT_CARDS and s.pending[-1].player == "spain"
    play(s, A.PlayCard("spanish_artillery"))
    assert s.pending[-1].player == "filipino"
    play(s, A.PlayCard("isthmus_of_noveleta"))
    # neither side holds another combat card: the window closes by itself and the die is rolled
    events = play(s, A.PlayCard("to_the_bayonet"))
    assert s.loc["magdiwan"] == "filipino_troops"
    assert s.morale == 3
    assert s.loc["bonifacio"] == "batangas" and "bonifacio" in s.targets
    assert [r.values for r in s.dice.log] == [(6,), (1,), (4,), (4,)]
    text = " ".join(str(e) for e in events)
    assert "CF 1 against 1 +0" in text and "Primo de Rivera's Tactical Factor +1" in text
    assert "= 6: hit" in text


def test_example_second_plunder_of_the_turn_gives_one_ap(scenario):
    """9.1 note: a second plunder in the same turn gives the Filipino 1 AP at once (FIL-047)."""
    s = _batangas_91(scenario, [])
    play(s, A.Plunder("magdiwan"))
    play(s, A.Plunder("tarlac_corps"))
    # 4 AP − 1 − (1 + 1 coordination) + 1 for the second plunder
    assert s.ap["filipino"] == 2 and s.morale == 2


def test_example_action_rounds(scenario):
    """5.2.3: the Filipino recruits with a card and plunders (1 AP left), Spain plays a card
    (1 AP left), both pass and both carry 1 AP into the next turn (FIL-141..FIL-143, FIL-256,
    FIL-258, GAP-FIL-15)."""
    s = empty_position(scenario, [5], ap=(2, 1),
                       hands=(["recruits_from_the_barrios"], ["patriotic_subscription"]))
    put(s, "tarlac", "tarlac_corps", reduced=["tarlac_corps"])
    put(s, "manila", "desierto")
    ready(s)
    play(s, A.PlayCard("recruits_from_the_barrios", ("bulacan", "bulacan_corps")))
    assert s.loc["bulacan_corps"] == "bulacan"
    play(s, A.Plunder("tarlac_corps"))
    play(s, A.EndRound())
    assert s.ap == {"filipino": 1, "spain": 1}
    play(s, A.PlayCard("patriotic_subscription"))
    play(s, A.EndRound())
    play(s, A.EndRound())
    assert s.active == "spain" and s.ap == {"filipino": 1, "spain": 1}
    events = play(s, A.EndRound())
    assert s.turn == 3
    carried = [str(e) for e in events if "carried over" in str(e)]
    assert len(carried) == 2 and all("with 1 carried over" in t for t in carried)


def test_example_coordinated_search_by_three_brigades(scenario):
    """5.2.2.1: three unstacked brigades in Manila go into Search and Destroy as one Coordinated
    Action for 4 AP (1 + 1 + 1, and 1 more); their attack comes with the action; the 6 columns
    roll 6 location dice, and the 6 CF that locate attack the Guerrilla together (FIL-138,
    FIL-135, FIL-248, FIL-206, FIL-245)."""
    s = empty_position(scenario, [5, 5, 5, 5, 5, 5, 1], ap=(2, 6))
    put(s, "manila", "desierto")
    put(s, "manila", "marina")
    put(s, "manila", "cornell")
    put(s, "manila", "tarlac_corps", reduced=["tarlac_corps"])
    s.active = "spain"
    ready(s)
    for brigade in ("desierto", "marina", "cornell"):
        play(s, A.Disperse(brigade, "search"))
    assert s.ap["spain"] == 2  # 6 − 4
    events = play(s, A.Attack(("desierto", "marina", "cornell"), "tarlac_corps"))
    assert s.ap["spain"] == 2
    assert [r.purpose for r in s.dice.log] == ["location"] * 6 + ["land"]
    text = " ".join(str(e) for e in events)
    assert "located by 6 column(s)" in text and "CF 6 against 1 +5" in text
    assert s.loc["tarlac_corps"] == "filipino_troops"
