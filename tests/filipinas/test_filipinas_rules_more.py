"""Control, markers, leaders entering play, exile, the Artillery, cities retaken and the action
lists of each side (4.2.3, 5.1.2, 5.2.1, 6.3.3, 6.8, 6.13.4, 6.13.5)."""

from __future__ import annotations

from helpers import RULES, empty_position, play, put, ready

from filipinas.rules import actions as A
from filipinas.rules.board import control
from filipinas.rules.resources import income
from filipinas.rules.state import Phase


def _pos(scenario, rolls=(), **kw):
    s = empty_position(scenario, rolls, **kw)
    put(s, "tarlac", "tarlac_corps", reduced=["tarlac_corps"])
    return s


def legal(s):
    return RULES.legal_actions(s)


def test_control_of_provinces(scenario):
    """FIL-121..FIL-124: Spanish by default; partial with both; Filipino with Filipino units
    alone unless Spain holds the city there; leaders never count."""
    s = _pos(scenario)
    assert control(s, "bulacan") == "spain" and control(s, "tarlac") == "filipino"
    put(s, "tarlac", "marina")
    assert control(s, "tarlac") == "partial"
    put(s, "manila", "bulacan_corps")
    assert control(s, "manila") == "partial"  # the Spanish city of Manila
    put(s, "pampanga", "aguinaldo")
    assert control(s, "pampanga") == "spain"
    s.city_owner["cavite_city"] = "filipino"
    assert control(s, "cavite") == "filipino"


def test_baler_marker(scenario):
    """FIL-086..FIL-088: Últimos de Filipinas ties a Filipino stack down until the end of the
    turn; the marker goes when only a leader is left."""
    s = _pos(scenario, [6, 6], ap=(3, 5), hands=([], ["ultimos_de_filipinas"]))
    put(s, "bulacan", "aguinaldo", "bulacan_corps", reduced=["bulacan_corps"])
    put(s, "bulacan", "marina")
    s.active = "spain"
    ready(s)
    play(s, A.PlayCard("ultimos_de_filipinas", ("bulacan_corps",)))
    assert {"aguinaldo", "bulacan_corps"} <= s.baler
    play(s, A.EndRound())
    assert not any(getattr(a, "stack", None) == "bulacan_corps" or
                   "bulacan_corps" in getattr(a, "units", ()) for a in legal(s))
    play(s, A.EndRound())
    s.targets.add("bulacan_corps")
    play(s, A.Attack(("marina",), "bulacan_corps"))  # a 6 locates it, a 6 destroys it
    assert s.loc["bulacan_corps"] == "filipino_troops" and "aguinaldo" not in s.baler


def test_appointment_of_polavieja(scenario):
    """FIL-029, FIL-274, FIL-275: Polavieja and Lachambre enter play and give 2 AP at once; the
    Captain General before him is recalled."""
    s = _pos(scenario, ap=(1, 3), hands=([], ["appointment_of_polavieja"]))
    put(s, "manila_city", "blanco")
    s.active = "spain"
    ready(s)
    play(s, A.PlayCard("appointment_of_polavieja"))
    assert s.ap["spain"] == 5
    assert s.loc["polavieja"] == "manila_city" and s.loc["lachambre"] == "manila_city"
    assert s.loc["blanco"] == "recalled"


def test_biak_na_bato_exile(scenario):
    """FIL-271, FIL-272, FIL-113: Aguinaldo to Hong Kong, no LF, minimum 1 AP, and no defeat by
    annihilation while he is away."""
    s = _pos(scenario, ap=(2, 3), hands=(["peace_of_biak_na_bato"], []))
    put(s, "cavite", "aguinaldo")
    ready(s)
    play(s, A.PlayCard("peace_of_biak_na_bato"))
    assert s.loc["aguinaldo"] == "hong_kong" and s.exiled and s.biak
    s.ap = {"filipino": 0, "spain": 0}
    assert income(s, "filipino").lf == 0
    s.take_off("tarlac_corps", "filipino_troops")
    ready(s)
    assert s.outcome is None


def test_sagasta_buys_the_rebels(scenario):
    """6.13.4: with Sagasta in power, the corps with Aguinaldo lay down their arms."""
    s = _pos(scenario, ap=(2, 3), hands=([], ["sagasta_buys_the_rebels"]))
    put(s, "cavite", "aguinaldo", "cavite_corps")
    s.active = "spain"
    ready(s)
    assert not any(isinstance(a, A.PlayCard) for a in legal(s))
    s.government = "sagasta"
    play(s, A.PlayCard("sagasta_buys_the_rebels"))
    assert s.loc["cavite_corps"] == "filipino_troops" and s.loc["aguinaldo"] == "hong_kong"


def test_filipino_artillery_card(scenario):
    """FIL-065, FIL-066, FIL-069, GAP-FIL-21: with Bonifacio if Aguinaldo is out; the counter
    goes to the Filipino Troops box when its stack is destroyed."""
    s = _pos(scenario, [6, 6], ap=(2, 3), hands=(["filipino_artillery"], []))
    put(s, "manila", "bonifacio", "magdiwan")
    put(s, "manila", "marina", "primo_de_rivera")
    ready(s)
    play(s, A.PlayCard("filipino_artillery"))
    assert s.artillery == "in_play" and s.artillery_holder == "bonifacio"
    play(s, A.EndRound())
    play(s, A.Attack(("marina",), "magdiwan"))
    assert s.loc["magdiwan"] == "filipino_troops" and s.artillery_holder == "bonifacio"
    s.take_off("bonifacio", "graveyard")
    from filipinas.rules.forces import transfer_artillery
    s.artillery_holder = "bonifacio"
    transfer_artillery(s, "bonifacio")
    assert s.artillery == "lost"


def test_spain_retakes_a_city_and_fleets_in_port(scenario):
    """FIL-068, FIL-190, FIL-232..FIL-234, FIL-070: the Artillery adds nothing to a defence; Spain
    besieges a Filipino city; success removes the
    marker, +1 Morale; a failed siege allows a counterattack from the city."""
    s = _pos(scenario, [6], ap=(2, 5), morale=5)
    s.city_owner["cavite_city"] = "filipino"
    put(s, "cavite_city", "cavite_corps", reduced=["cavite_corps"])
    put(s, "cavite", "marina", "cornell", "lachambre")
    s.active = "spain"
    s.artillery, s.artillery_holder = "in_play", "cavite_corps"
    ready(s)
    from filipinas.rules.combat import city_defence
    assert city_defence(s, "cavite_city") == 2
    play(s, A.Attack(("marina", "cornell"), "cavite_city"))
    assert "cavite_city" not in s.city_owner and s.morale == 6 and s.artillery == "lost"
    assert s.loc["cavite_corps"] == "filipino_troops"
    s2 = _pos(scenario, [1], ap=(2, 5))
    s2.city_owner["cavite_city"] = "filipino"
    put(s2, "cavite_city", "cavite_corps", reduced=["cavite_corps"])
    put(s2, "cavite", "marina", "cornell")
    s2.active = "spain"
    ready(s2)
    play(s2, A.Attack(("marina", "cornell"), "cavite_city"))
    assert s2.decision.kind == "counterattack" and s2.decision.player == "filipino"


def test_camara_squadron_goes_home_without_loss(scenario):
    """FIL-185, FIL-186, GAP-FIL-31: Cámara arrives at Sea; with no friendly port at the end of
    the turn it leaves, with no Morale loss; the Asia Fleet would cost 2 per CF."""
    s = _pos(scenario, ap=(0, 2), hands=([], ["camara_squadron"]))
    s.us_at_war = True
    s.city_owner.update({"manila_city": "usa", "cavite_city": "filipino"})
    s.active = "spain"
    ready(s)
    play(s, A.PlayCard("camara_squadron"))
    assert s.loc["camara_fleet"] == "sea" and s.ap["spain"] == 3
    s.ap = {"filipino": 0, "spain": 0}
    morale = s.morale
    play(s, A.EndRound())
    assert s.loc["camara_fleet"] == "graveyard" and s.loc["camara"] == "graveyard"
    assert s.morale == morale


def test_action_lists_per_side(scenario):
    """FIL-131..FIL-134, FIL-187, FIL-200, FIL-211: only the Filipino plunders and hides; only
    Spain disperses, reinforces, repatriates, builds lines; a regular stack is attacked with no
    location; a stack may attack whole or with one unit split off for free."""
    s = _pos(scenario, [6], ap=(3, 5))
    put(s, "bulacan", "bulacan_corps", "laguna_corps", reduced=["laguna_corps"])
    put(s, "bulacan", "marina", "cornell")
    put(s, "manila_city", "blanco")
    ready(s)
    kinds = {type(a).__name__ for a in legal(s)}
    assert {"Plunder"} <= kinds and not kinds & {"Disperse", "Reinforce", "Repatriate",
                                                  "BuildLine"}
    play(s, A.EndRound())
    kinds = {type(a).__name__ for a in legal(s)}
    assert {"Disperse", "Reinforce", "Repatriate", "BuildLine"} <= kinds
    assert not kinds & {"Plunder", "Hide"}
    assert A.Attack(("marina",), "bulacan_corps") in legal(s)
    play(s, A.Attack(("marina", "cornell"), "bulacan_corps"))
    assert len(s.dice.log) == 1  # no location roll against a regular stack


def test_coordinated_parts_leave_no_room_for_the_opponent(scenario):
    """FIL-137, FIL-140: after the first action the decision stays with the same side; a
    leaderless attack coordinated costs 2 + 1."""
    s = _pos(scenario, [1, 1], ap=(9, 5))
    put(s, "bulacan", "bulacan_corps")
    put(s, "bulacan", "marina")
    ready(s)
    play(s, A.Move("tarlac_corps", "pampanga"))
    assert s.decision.player == "filipino" and s.phase == Phase.ACTION
    play(s, A.Attack(("bulacan_corps",), "marina"))
    assert s.ap["filipino"] == 9 - 1 - 3


def test_recruit_names_the_province_first(scenario):
    """FIL-154: the action names the Province (and the corps) before the roll."""
    s = _pos(scenario, [1], ap=(2, 5))
    ready(s)
    events = play(s, A.Recruit("pampanga", "pampanga_corps"))
    assert "Recruitment in Pampanga" in str(events[0])


def test_repatriation_to_mindanao_is_only_a_move(scenario):
    """FIL-179: coastal transport to Mindanao costs no Morale."""
    s = _pos(scenario, ap=(0, 2))
    put(s, "manila", "marina")
    s.active = "spain"
    ready(s)
    play(s, A.Move("marina", "mindanao", "coastal"))
    assert s.morale == 10 and s.loc["marina"] == "mindanao"


def test_naval_morale_and_political_track_effects(scenario):
    """FIL-082, FIL-083, FIL-085: cards move Morale and the US track."""
    s = _pos(scenario, ap=(1, 3), hands=(["martyrdom_of_rizal"], []))
    ready(s)
    play(s, A.PlayCard("martyrdom_of_rizal"))
    assert s.morale == 9 and s.us_level == 2
