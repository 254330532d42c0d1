"""Rules corrections built from the rulebook's own sentences, with scripted dice: unstacking
(6.3), the Search and Destroy combat factor (4.2.3.4, 6.9.2), the bot's naval advantage
(10.4 step 2) and the bot's counter-guerrilla moves (10.3 S5/S6)."""

from __future__ import annotations

from helpers import RULES, empty_position, play, put, ready

from filipinas.bot import SpanishBot
from filipinas.rules import actions as A
from filipinas.rules.sequence import cost


def _spain(scenario, rolls=(), **kw):
    s = empty_position(scenario, rolls, **kw)
    s.active = "spain"
    return s


def _unstacking(scenario):
    s = _spain(scenario, ap=(5, 5))
    put(s, "visayas", "bisayas")  # a Filipino unit on the board: the game goes on (5.3.3)
    put(s, "tarlac", "marina", "cornell", "jaramillo")
    ready(s)
    return s


# --- 6.3: "unstacking costs 1 AP for each unit unstacked" ---------------------------------------

def test_two_units_unstacked_in_one_round_cost_two_ap(scenario):
    """FIL-176, GAP-FIL-30 (6.3): two units out of a stack in one round cost 2 AP, not 1 + 1 + the
    coordination AP."""
    s = _unstacking(scenario)
    assert cost(s, "spain", A.Split("marina")) == 1
    play(s, A.Split("marina"))
    assert cost(s, "spain", A.Split("cornell")) == 1
    play(s, A.Split("cornell"))
    assert s.ap["spain"] == 3
    assert len({s.stack_of[c] for c in ("marina", "cornell", "jaramillo")}) == 3


def test_unstacking_then_another_action_is_still_coordinated(scenario):
    """FIL-176, FIL-136 (5.2.2.1): an unstacking and a move in one round are two actions: 1 + 1 + 1
    AP."""
    s = _unstacking(scenario)
    play(s, A.Split("marina"))
    assert cost(s, "spain", A.Move("marina", "pampanga", "land")) == 2


def test_the_unstacking_price_starts_again_next_round(scenario):
    """FIL-176 (6.3, 5.2.3): the next round's unstacking is a new action again."""
    s = _unstacking(scenario)
    play(s, A.Split("marina"))
    play(s, A.EndRound())
    play(s, A.EndRound())
    play(s, A.Move("cornell", "pampanga", "land"))
    assert cost(s, "spain", A.Split("jaramillo")) == 2  # now it coordinates with the move


# --- 4.2.3.4: "its combat factor is temporarily reduced to 1" -----------------------------------

def test_a_search_and_destroy_brigade_attacks_a_regular_stack_at_one(scenario):
    """FIL-054, GAP-FIL-19 (4.2.3.4): with no location to count columns (6.9.2 note), the brigade
    in Search and Destroy attacks at CF 1."""
    s = _spain(scenario, [4], ap=(5, 5))
    put(s, "bulacan", "marina")
    put(s, "bulacan", "bulacan_corps")
    s.search.add("marina")
    ready(s)
    events = play(s, A.Attack(("marina",), "bulacan_corps"))
    assert any("CF 1 against 2 -1" in str(e) and "= 3: no hit" in str(e) for e in events)


def test_a_search_and_destroy_brigade_counterattacks_at_one(scenario):
    """FIL-054, GAP-FIL-19 (4.2.3.4, 6.7): attacked at CF 1, the brigade strikes back at CF 1
    too."""
    s = empty_position(scenario, [1, 5], ap=(5, 7))
    put(s, "bulacan", "marina")
    put(s, "bulacan", "bulacan_corps")
    s.search.add("marina")
    ready(s)
    events = play(s, A.Attack(("bulacan_corps",), "marina"))
    assert any("CF 2 against 1 +1" in str(e) and "= 2: no hit" in str(e) for e in events)
    events = play(s, A.Counterattack())
    assert any("CF 1 against 2 -1" in str(e) and "= 4: no hit" in str(e) for e in events)


def test_located_columns_still_attack_with_one_cf_each(scenario):
    """FIL-054, FIL-053 (6.9.2), the printed exception: both columns of a CF 2 brigade locate, so
    it attacks with CF 2."""
    s = _spain(scenario, [6, 6, 6], ap=(5, 5))
    put(s, "tarlac", "marina")
    put(s, "tarlac", "tarlac_corps", reduced=["tarlac_corps"])
    ready(s)
    play(s, A.Disperse("marina", "search"))
    events = play(s, A.Attack(("marina",), "tarlac_corps"))
    assert any("CF 2 against 1 +1" in str(e) for e in events)


def test_a_search_and_destroy_brigade_besieges_at_one(scenario):
    """FIL-054, FIL-228, GAP-FIL-19 (4.2.3.4, 6.8): a siege is an attack like any other; the
    brigade in columns brings CF 1 against Cavite's defence of 1 + a CF 1 corps = 2, too little
    to besiege; regrouped it brings its CF 2 and may."""
    s = _spain(scenario, ap=(2, 5))
    s.city_owner["cavite_city"] = "filipino"
    put(s, "cavite_city", "cavite_corps", reduced=["cavite_corps"])
    put(s, "cavite", "marina")
    put(s, "manila_city", "blanco")
    s.search.add("marina")
    ready(s)
    siege = A.Attack(("marina",), "cavite_city")
    assert siege not in RULES.legal_actions(s)
    s.search.discard("marina")
    assert siege in RULES.legal_actions(s)


def test_a_search_and_destroy_brigade_in_a_city_defends_it_at_one(scenario):
    """FIL-054, FIL-229, GAP-FIL-19 (4.2.3.4, 6.8, 6.9.2: "A unit in 'Search and Destroy' keeps
    its marker when it moves"): Manila defends with 1 + 1 for the brigade in columns inside, not
    1 + 2, so the Americans' CF 2 may besiege it; the besiegers roll a 6 and take the city."""
    s = empty_position(scenario, [6], ap=(5, 7))
    s.us_at_war = True
    put(s, "manila_city", "marina")
    s.search.add("marina")
    put(s, "manila", "us_anderson")
    ready(s)
    from filipinas.rules.combat import city_defence

    assert city_defence(s, "manila_city") == 2
    siege = A.Attack(("us_anderson",), "manila_city")
    assert siege in RULES.legal_actions(s)
    events = play(s, siege)
    assert any("strength 2 against defence 2" in str(e) for e in events)
    assert s.city_owner.get("manila_city") == "usa"


# --- 10.4 step 2: "superiority of modifiers to the die or of factors" ---------------------------

def _at_war(scenario):
    s = _spain(scenario, ap=(3, 3))
    s.us_at_war = True
    return s


def test_u2_attacks_with_superior_factors_and_no_net_modifier(scenario):
    """FIL-336 (10.4 U2): CF 2 against 1 with Dewey's TF 1 cancelling it (net 0) is still an
    advantage of factors, so the bot attacks."""
    s = _at_war(scenario)
    put(s, "sea", "camara_fleet", "camara")
    put(s, "sea", "us_fleet", "dewey", reduced=["us_fleet"])
    ready(s)
    bot = SpanishBot("spain", 1)
    action = bot.choose(RULES, s, RULES.legal_actions(s))
    assert action == A.Attack(("camara_fleet",), "us_fleet") and bot.last_step == "U2"
    assert bot.last_reason.startswith("Spanish bot, §10.4 step 2")


def test_u2_does_not_attack_with_equal_factors_and_no_modifier(scenario):
    """FIL-336 (10.4 U2): CF 2 against 2 with no modifier of Spain's own roll is no advantage."""
    s = _at_war(scenario)
    put(s, "sea", "camara_fleet", "camara")
    put(s, "sea", "us_fleet", "dewey")
    ready(s)
    bot = SpanishBot("spain", 1)
    action = bot.choose(RULES, s, RULES.legal_actions(s))
    assert bot.last_step != "U2" and not isinstance(action, A.Attack)


# --- 10.3 S5/S6: the bot never strips a Province the enemy holds --------------------------------

def test_the_bot_keeps_its_only_brigade_beside_an_entrenched_guerrilla(scenario):
    """FIL-328, GAP-FIL-37 (10.3 S5), seen in play: S5 took the only Brigade out of Manila, whose
    Guerrilla had entrenched (and so was no Guerrilla for 6.14), towards a Guerrilla in
    Batangas; when the Magdiwan left its trench the next round's S5 brought a Brigade back. A
    Province holding an enemy combat unit is not "a Province with no Guerrillas" for the bot."""
    s = _spain(scenario, ap=(3, 3), morale=4)
    put(s, "manila", "desierto")
    put(s, "manila", "magdiwan", "bonifacio")
    s.entrenched.add("magdiwan")
    put(s, "batangas", "batangas_corps", reduced=["batangas_corps"])
    put(s, "tarlac", "marina")
    ready(s)
    for seed in range(20):
        bot = SpanishBot("spain", seed)
        action = bot.choose(RULES, s, RULES.legal_actions(s))
        assert not (isinstance(action, A.Move) and action.stack == "desierto"), action
        if bot.last_step == "S5":
            assert action in (A.Move("marina", "batangas", "coastal"),)
    s.take_off("marina", "spanish_troops")
    bot = SpanishBot("spain", 0)
    action = bot.choose(RULES, s, RULES.legal_actions(s))
    assert not (isinstance(action, A.Move) and action.stack == "desierto"), action


def test_the_bot_does_not_leave_a_strong_filipino_stack_to_chase_another(scenario):
    """FIL-330, GAP-FIL-37 (10.3 S6): a Brigade facing a CF 2 corps is not taken away to face
    another one (the next round would bring it back)."""
    s = _spain(scenario, ap=(3, 3), morale=4)
    put(s, "cavite", "mindanao_1")
    put(s, "cavite", "cavite_corps")
    put(s, "tarlac", "tarlac_corps")
    ready(s)
    for seed in range(20):
        bot = SpanishBot("spain", seed)
        action = bot.choose(RULES, s, RULES.legal_actions(s))
        assert not (isinstance(action, A.Move) and action.stack == "mindanao_1"), action


def test_every_bot_choice_names_its_step(scenario):
    """FIL-316, GAP-FIL-37 (10.3): the log line of each bot choice cites its §10 step, with printed
    names only."""
    s = _spain(scenario, ap=(3, 3), morale=4)
    put(s, "tarlac", "tarlac_corps", reduced=["tarlac_corps"])
    put(s, "pampanga", "marina")
    ready(s)
    bot = SpanishBot("spain", 3)
    action = bot.choose(RULES, s, RULES.legal_actions(s))
    assert bot.last_step == "S5" and isinstance(action, A.Move)
    assert bot.last_reason.startswith("Spanish bot, §10.3 step 5 (counter-guerrilla move)")
    assert "Marina Brigade" in bot.last_reason and "marina" not in bot.last_reason
    play(s, action)
    action = bot.choose(RULES, s, RULES.legal_actions(s))
    assert action == A.EndRound() and "at most 1 AP a round" in bot.last_reason
