"""Attacks, leaders, counterattacks, sieges, fleets, convoys and victory (4.2.2, 5.3, 6.4-6.8,
7.1)."""

from __future__ import annotations

from helpers import RULES, empty_position, play, put, ready

from filipinas.rules import actions as A
from filipinas.rules.sequence import cost
from filipinas.rules.state import Kind


def _pos(scenario, rolls=(), **kw):
    s = empty_position(scenario, rolls, **kw)
    put(s, "tarlac", "tarlac_corps", reduced=["tarlac_corps"])
    return s


def legal(s):
    return RULES.legal_actions(s)


def test_attack_costs_and_the_telegraph(scenario):
    """FIL-031..FIL-033, FIL-139: 1 AP with a general in the Province or the Captain General
    in Manila (without his TF), 2 AP otherwise."""
    s = _pos(scenario, ap=(5, 7))
    put(s, "bulacan", "marina")
    put(s, "bulacan", "bulacan_corps")
    s.active = "spain"
    ready(s)
    attack = A.Attack(("marina",), "bulacan_corps")
    assert cost(s, "spain", attack) == 2
    put(s, "manila_city", "blanco")
    assert cost(s, "spain", attack) == 1
    s.dice.push(5)
    events = play(s, attack)
    assert not any("Tactical Factor" in str(e) for e in events)
    assert any("CF 2 against 2 +0" in str(e) for e in events)


def test_lone_leader_cannot_attack_and_is_hunted(scenario):
    """FIL-020..FIL-023, FIL-039: a lone Filipino leader is located with two rolls at strength
    0 and dies; a lone leader never attacks."""
    s = _pos(scenario, [1, 6], ap=(5, 7))
    put(s, "bulacan", "marina")
    put(s, "bulacan", "bonifacio")
    put(s, "manila_city", "blanco")
    ready(s)
    assert not any(isinstance(a, A.Attack) and "bonifacio" in a.units for a in legal(s))
    play(s, A.EndRound())
    play(s, A.Attack(("marina",), "bonifacio"))
    assert s.loc["bonifacio"] == "graveyard" and len(s.dice.log) == 1
    assert s.dice.log[0].values == (1, 6)


def test_lone_spanish_leader_dies_without_a_fallback(scenario):
    """FIL-016, FIL-040, FIL-042, GAP-FIL-18: a general left alone with no stack or city dies, −1
    Morale."""
    s = _pos(scenario, [6], ap=(5, 7))
    put(s, "bulacan", "primo_de_rivera", "marina", reduced=["marina"])
    put(s, "bulacan", "bulacan_corps", "laguna_corps")
    s.city_owner.update({"manila_city": "filipino", "cavite_city": "filipino"})
    ready(s)
    play(s, A.Attack(("bulacan_corps", "laguna_corps"), "marina"))
    assert s.loc["marina"] == "graveyard" and s.loc["primo_de_rivera"] == "graveyard"
    assert s.morale == 8  # −1 battle, −1 the general


def test_counterattack_after_a_miss_and_bolo_charge(scenario):
    """FIL-222..FIL-224: a miss allows a free counterattack; the Bolo Charge card allows one
    after a hit, at the CF before the hit."""
    s = _pos(scenario, [6, 2], ap=(5, 7), hands=(["bolo_charge"], []))
    put(s, "bulacan", "marina", "primo_de_rivera")
    put(s, "bulacan", "bulacan_corps")
    s.active = "spain"
    ready(s)
    play(s, A.Attack(("marina",), "bulacan_corps"))
    assert s.decision.kind == "combat_cards" and s.decision.player == "filipino"
    play(s, A.PlayCard("bolo_charge"))  # then the die: 6 + 1 (Primo de Rivera) hits
    assert "bulacan_corps" in s.reduced and s.morale == 10
    assert s.pending[-1].kind == Kind.COUNTERATTACK
    events = play(s, A.Counterattack())  # 2: CF 2 (before the hit) against 2, −1 for his TF
    assert any("CF 2 against 2 +0" in str(e) and "= 1: no hit" in str(e) for e in events)


def test_protect_and_search_brigades_defend_at_one(scenario):
    """FIL-049, FIL-054, FIL-243, GAP-FIL-19: attacked, they fight at CF 1 and lose a real step."""
    s = _pos(scenario, [6], ap=(5, 7))
    put(s, "bulacan", "marina")
    put(s, "bulacan", "bulacan_corps", "laguna_corps", reduced=["laguna_corps"])
    s.search.add("marina")
    ready(s)
    events = play(s, A.Attack(("bulacan_corps", "laguna_corps"), "marina"))
    assert any("CF 3 against 1 +2" in str(e) for e in events)
    assert "marina" in s.reduced


def test_search_and_destroy_attack_is_free_in_the_same_round(scenario):
    """FIL-201, FIL-245, FIL-246, FIL-249, FIL-250, FIL-252: the S&D action covers one
    locate-and-attack; in a later round a locate-and-attack costs the Locate's 1 AP, with no
    general needed (6.6); the brigade leaves its stack; the marker stays when it moves; regroup
    removes it."""
    s = _pos(scenario, [6, 6, 1], ap=(5, 5))
    put(s, "tarlac", "marina", "cornell")
    s.active = "spain"
    ready(s)
    play(s, A.Disperse("marina", "search"))
    assert s.members("marina") == ["marina"]
    attack = A.Attack(("marina",), "tarlac_corps")
    assert cost(s, "spain", attack) == 0
    play(s, attack)  # both columns find it (6, 6 at +2); the attack rolls 1 and misses
    assert s.ap["spain"] == 4
    play(s, A.Decline())  # the Guerrilla does not counterattack
    play(s, A.EndRound())
    play(s, A.EndRound())
    assert cost(s, "spain", attack) == 1  # the normal Locate: 1 AP covers both, no general
    play(s, A.Move("marina", "pampanga"))
    assert "marina" in s.search
    play(s, A.Regroup("marina"))
    assert "marina" not in s.search


def test_cannot_switch_dispersal_directly(scenario):
    """FIL-241, FIL-242, FIL-244, FIL-251: one Protect marker per Province; no switch without
    regrouping; stacking a dispersed brigade removes its marker; joint searches only against
    Guerrillas (never against regular units)."""
    s = _pos(scenario, ap=(5, 7))
    put(s, "tarlac", "marina")
    put(s, "tarlac", "cornell")
    s.protect.add("marina")
    s.active = "spain"
    ready(s)
    assert A.Disperse("marina", "search") not in legal(s)
    assert A.Disperse("cornell", "protect") not in legal(s)
    assert A.Disperse("cornell", "search") in legal(s)
    put(s, "tarlac", "bulacan_corps", "laguna_corps")
    put(s, "tarlac", "jaramillo")
    put(s, "tarlac", "galbis")
    s.search.update({"jaramillo", "galbis"})
    assert not any(isinstance(a, A.Attack) and len(a.units) == 2 and a.target == "bulacan_corps"
                   and set(a.units) == {"jaramillo", "galbis"} for a in legal(s))
    assert any(isinstance(a, A.Attack) and set(a.units) == {"jaramillo", "galbis"}
               and a.target == "tarlac_corps" for a in legal(s))
    play(s, A.Merge("marina", "cornell"))
    assert "marina" not in s.protect


def _siege(scenario, rolls, **kw):
    s = _pos(scenario, rolls, **kw)
    put(s, "manila_city", "blanco", "desierto")
    put(s, "manila", "marina")
    s.us_at_war = True
    put(s, "manila", "merritt", "us_anderson", "us_greene")
    s.landed.update({"us_anderson", "us_greene"})
    return s


def test_siege_with_interception(scenario):
    """FIL-226..FIL-231, FIL-235, FIL-238, FIL-239: strength 4 against 1 + 2; the Spanish
    intercept with the Marina brigade; a hit lets the siege go on; a 6 takes the city for the
    United States (no Filipino Artillery) and all defenders surrender."""
    s = _siege(scenario, [6, 5], ap=(5, 7))
    ready(s)
    play(s, A.Attack(("us_anderson", "us_greene"), "manila_city"))
    assert s.decision.kind == "intercept" and s.decision.player == "spain"
    play(s, A.Intercept("marina"))
    assert "marina" in s.reduced
    assert s.city_owner["manila_city"] == "usa"
    assert s.loc["blanco"] == "graveyard" and s.loc["desierto"] == "graveyard"
    assert s.morale == 8


def test_failed_interception_cancels_the_siege(scenario):
    s = _siege(scenario, [1], ap=(5, 7))
    ready(s)
    play(s, A.Attack(("us_anderson", "us_greene"), "manila_city"))
    play(s, A.Intercept("marina"))
    assert s.decision.kind == "counterattack" and "manila_city" not in s.city_owner


def test_filipinos_need_artillery_to_besiege(scenario):
    """FIL-067, FIL-227, FIL-236, FIL-237: with the Artillery the Filipinos besiege and keep
    the city; a friendly Fleet at Sea gives +1."""
    s = _pos(scenario, [5], ap=(5, 7))
    put(s, "cavite_city", "montojo")
    put(s, "cavite", "aguinaldo", "cavite_corps", "batangas_corps")
    ready(s)
    siege = A.Attack(("cavite_corps", "batangas_corps"), "cavite_city")
    assert siege not in legal(s)
    s.artillery, s.artillery_holder = "in_play", "aguinaldo"
    s.us_at_war = True
    put(s, "sea", "us_fleet", "dewey")
    events = play(s, siege)
    assert any("naval support +1" in str(e) for e in events)
    assert s.city_owner["cavite_city"] == "filipino" and s.loc["montojo"] == "graveyard"


def test_naval_battle_and_return_to_base(scenario):
    """FIL-128, FIL-181..FIL-184, FIL-189, FIL-294, FIL-295: Fleets need an Admiral, move port
    to Sea, cannot be attacked in port, lose 2 Morale per CF, return to port at the end."""
    s = _pos(scenario, [6], ap=(5, 7))
    s.us_at_war = True
    put(s, "hong_kong", "us_fleet", "dewey")
    put(s, "cavite_city", "asia_fleet", "montojo")
    ready(s)
    assert not any(isinstance(a, A.Attack) and a.target == "asia_fleet" for a in legal(s))
    play(s, A.Move("us_fleet", "sea", "naval"))
    play(s, A.EndRound())
    play(s, A.Move("asia_fleet", "sea", "naval"))
    play(s, A.EndRound())
    play(s, A.Attack(("us_fleet",), "asia_fleet"))
    assert s.loc["asia_fleet"] == "graveyard" and s.morale == 8
    assert s.decision.kind == "relocate" and s.decision.player == "spain"


def test_cavite_card_attacks_the_fleet_in_port(scenario):
    """FIL-189, 'Cavite': the card lets the American squadron attack the Spanish fleet in port."""
    s = _pos(scenario, [6], ap=(5, 7), hands=(["cavite"], []))
    s.us_at_war = True
    put(s, "sea", "us_fleet", "dewey")
    put(s, "cavite_city", "asia_fleet", "montojo")
    ready(s)
    play(s, A.PlayCard("cavite", ("asia_fleet",)))
    assert s.loc["asia_fleet"] == "graveyard" and s.morale == 8


def test_convoys(scenario):
    """FIL-287..FIL-293: 2 AP without a general, 1 with Merritt; land anywhere; once landed, by
    land only; an escorting Fleet fights at −1; transports alone are CF 0."""
    s = _pos(scenario, ap=(9, 7))
    s.us_at_war = True
    put(s, "hong_kong", "us_anderson")
    put(s, "hong_kong", "merritt", "us_greene")
    ready(s)
    assert cost(s, "filipino", A.Move("us_anderson", "sea", "convoy")) == 2
    play(s, A.Move("us_greene", "sea", "convoy"))
    assert s.ap["filipino"] == 8
    play(s, A.EndRound())
    play(s, A.EndRound())
    play(s, A.Move("us_greene", "tarlac", "landing"))
    assert s.loc["us_greene"] == "tarlac" and "us_greene" in s.landed
    assert not any(isinstance(a, A.Move) and a.stack == "us_greene" and a.mode != "land"
                   for a in legal(s))


def test_transports_alone_and_escort(scenario):
    s = _pos(scenario, [6], ap=(5, 7))
    s.us_at_war = True
    put(s, "sea", "us_anderson")
    put(s, "sea", "camara_fleet", "camara")
    s.active = "spain"
    ready(s)
    events = play(s, A.Attack(("camara_fleet",), "us_anderson"))
    assert any("CF 2 against 0 +2" in str(e) for e in events)
    assert "us_anderson" in s.reduced


def test_victory_by_morale_band(scenario):
    """FIL-145..FIL-150: Morale 6-10 needs both cities, 2-5 one, 1 none; a US city makes it a
    draw; otherwise Spain wins after the last turn."""
    from filipinas.rules.victory import end_of_turn_check

    s = _pos(scenario)
    s.morale = 7
    s.city_owner["manila_city"] = "filipino"
    assert not end_of_turn_check(s, [])
    s.morale = 5
    assert end_of_turn_check(s, []) and s.outcome.winner == "filipino"
    s = _pos(scenario)
    s.morale, s.outcome = 1, None
    assert end_of_turn_check(s, []) and s.outcome.winner == "filipino"
    s = _pos(scenario)
    s.morale = 4
    s.city_owner["cavite_city"] = "usa"
    assert end_of_turn_check(s, []) and s.outcome.winner is None
    s = _pos(scenario)
    s.turn = s.data.last_turn
    assert end_of_turn_check(s, []) and s.outcome.winner == "spain"


def test_annihilation(scenario):
    """FIL-151, FIL-152: no Filipino unit left loses at once, except in exile or at war."""
    s = _pos(scenario, [6, 6], ap=(1, 7))
    put(s, "tarlac", "marina")
    s.targets.add("tarlac_corps")
    put(s, "manila_city", "blanco")
    s.active = "spain"
    ready(s)
    s.exiled = True
    play(s, A.Attack(("marina",), "tarlac_corps"))
    assert s.loc["tarlac_corps"] == "filipino_troops" and s.outcome is None
    s.exiled = False
    play(s, A.EndRound())
    assert s.outcome is not None and s.outcome.winner == "spain"


def test_attack_cost_counts_a_general_in_the_city_or_in_the_stack(scenario):
    """FIL-031, FIL-139 (4.2.2, 5.2): a general in the Province — its city included — or
    stacked with the attacking units makes the attack cost 1 AP; with none it costs 2."""
    s = _pos(scenario, ap=(5, 7))
    s.city_owner["cavite_city"] = "filipino"
    put(s, "cavite_city", "cavite_corps")
    put(s, "cavite", "marina")
    ready(s)
    sortie = A.Attack(("cavite_corps",), "marina")
    assert cost(s, "filipino", sortie) == 2
    put(s, "cavite_city", "aguinaldo")
    assert cost(s, "filipino", sortie) == 1
    s2 = _pos(scenario, ap=(5, 7))
    s2.lines_built.add("line_cavite_manila")
    put(s2, "line_cavite_manila", "desierto", "lachambre")
    put(s2, "cavite", "cavite_corps", "batangas_corps")
    s2.active = "spain"
    ready(s2)
    assert cost(s2, "spain", A.Attack(("desierto",), "cavite_corps")) == 1
    s2.take_off("lachambre", "spanish_troops")
    assert cost(s2, "spain", A.Attack(("desierto",), "cavite_corps")) == 2


def test_search_and_destroy_covers_only_a_locate_and_attack(scenario):
    """FIL-245, FIL-251 (6.9.2): the Search and Destroy action pays for the location and the
    attack of a hidden Guerrilla in the same round; an attack on a regular stack needs no
    location and is paid as usual."""
    s = _pos(scenario, ap=(5, 5))
    put(s, "tarlac", "marina")
    put(s, "tarlac", "bulacan_corps", "laguna_corps")
    s.active = "spain"
    ready(s)
    play(s, A.Disperse("marina", "search"))
    assert cost(s, "spain", A.Attack(("marina",), "tarlac_corps")) == 0
    assert cost(s, "spain", A.Attack(("marina",), "bulacan_corps")) == 2 + 1


def test_a_brigade_protecting_the_fields_counterattacks_at_one(scenario):
    """FIL-049, FIL-222, GAP-FIL-19: spread in small posts, the brigade fights at CF 1 when
    attacked and also when it strikes back after the attacker's miss."""
    s = _pos(scenario, [1, 6], ap=(5, 7))
    put(s, "bulacan", "marina")
    put(s, "bulacan", "bulacan_corps")
    s.protect.add("marina")
    ready(s)
    events = play(s, A.Attack(("bulacan_corps",), "marina"))
    assert any("CF 2 against 1 +1" in str(e) and "no hit" in str(e) for e in events)
    events = play(s, A.Counterattack())
    assert any("CF 1 against 2 -1" in str(e) and "= 5: no hit" in str(e) for e in events)


def test_a_siege_needs_at_least_the_city_defence(scenario):
    """FIL-228, FIL-229: the city defends with 1 plus the CF of the units in it; a besieger
    weaker than that may not besiege, an equal one may."""
    s = _pos(scenario, ap=(2, 5))
    s.city_owner["cavite_city"] = "filipino"
    put(s, "cavite_city", "cavite_corps", reduced=["cavite_corps"])
    put(s, "cavite", "marina", reduced=["marina"])
    put(s, "manila_city", "blanco")
    s.active = "spain"
    ready(s)
    siege = A.Attack(("marina",), "cavite_city")
    assert siege not in legal(s)  # CF 1 against 1 + 1
    s.reduced.discard("marina")
    assert siege in legal(s)  # CF 2 against 2


def test_the_city_goes_to_the_faction_with_more_cf(scenario):
    """FIL-235, FIL-236, GAP-FIL-27 (6.8.1): with the Artillery, the Filipinos keep a city they
    take with more CF than the Americans; with fewer, or as many, it goes to the United States;
    without the Artillery it is always American."""
    from filipinas.rules.combat import city_taker
    from filipinas.rules.state import Combat

    s = _pos(scenario)
    s.us_at_war = True
    put(s, "manila", "aguinaldo", "cavite_corps", "batangas_corps", "us_anderson")
    s.landed.add("us_anderson")
    s.artillery, s.artillery_holder = "in_play", "aguinaldo"
    units = ["cavite_corps", "batangas_corps", "us_anderson"]
    siege = Combat("siege", "filipino", units, 6, [], 1, "manila_city", city="manila_city")
    assert city_taker(s, siege) == "filipino"  # 4 against 2
    s.reduced.update({"cavite_corps", "batangas_corps"})
    assert city_taker(s, siege) == "usa"  # 2 against 2
    s.reduced.discard("cavite_corps")
    assert city_taker(s, siege) == "filipino"  # 3 against 2
    s.artillery, s.artillery_holder = "unused", ""
    assert city_taker(s, siege) == "usa"


def test_locating_costs_one_ap_without_a_general(scenario):
    """FIL-202, FIL-203, FIL-022, GAP-FIL-16, GAP-FIL-22 (6.6, 4.2.1): a Locate costs 1 AP
    and the attack on the Guerrilla (or lone leader) it finds costs nothing more, with or
    without a general; the same brigade attacking a regular stack with no general pays 2
    (4.2.2, FIL-139)."""
    s = _pos(scenario, ap=(5, 7))
    put(s, "tarlac", "marina")
    put(s, "bulacan", "cornell")
    put(s, "bulacan", "bonifacio")
    put(s, "pampanga", "galbis")
    put(s, "pampanga", "pampanga_corps")
    s.active = "spain"
    ready(s)
    assert cost(s, "spain", A.Attack(("marina",), "tarlac_corps")) == 1
    assert cost(s, "spain", A.Attack(("cornell",), "bonifacio")) == 1
    assert cost(s, "spain", A.Attack(("galbis",), "pampanga_corps")) == 2


def test_both_cities_at_high_morale_and_the_american_draw(scenario):
    """FIL-145, FIL-148, FIL-149, FIL-151, FIL-152 (5.3.1-5.3.3): at Morale 6-10 the Filipinos
    win with both cities; if one of them is American it is a draw; once the United States are at
    war, losing every Filipino unit no longer ends the game."""
    from filipinas.rules.victory import annihilation_check, end_of_turn_check

    s = _pos(scenario)
    s.morale = 8
    s.city_owner.update({"manila_city": "filipino", "cavite_city": "filipino"})
    assert end_of_turn_check(s, []) and s.outcome.winner == "filipino"
    s = _pos(scenario)
    s.morale = 8
    s.city_owner.update({"manila_city": "filipino", "cavite_city": "usa"})
    assert end_of_turn_check(s, []) and s.outcome.winner is None
    s = _pos(scenario)
    s.take_off("tarlac_corps", "filipino_troops")
    s.us_at_war = True
    assert not annihilation_check(s, []) and s.outcome is None
    s.us_at_war = False
    assert annihilation_check(s, []) and s.outcome.winner == "spain"
