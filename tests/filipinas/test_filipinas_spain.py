"""Spain's heuristics (filipinas.spain): the blunders the testers saw, each from a position of a
real game laid out through the rules' door (`from_position`), and the levers of the rulebook
the heuristics play (docs/ai.md, "Easy Spain").

The positions are Easy against Easy games (`wargames simulate filipinas --agents easy,easy`)
as they stood when Spain's round began, the decks left to their default (every card not in a
hand or played)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.ai.reasons import Asked, tell
from engine.ai.registry import make_agent
from engine.core.game import Scenario
from filipinas import PLUGIN
from filipinas.ai import FilipinasAgent
from filipinas.reasons import REASONS
from filipinas.rules import FilipinasRules
from filipinas.rules import actions as A
from filipinas.rules.state import FilState
from filipinas.spain import SpainPolicy
from filipinas.spain.picture import Picture

RULES = FilipinasRules()


def stack(counters: list[str], space: str, reduced: list[str] | None = None) -> dict[str, Any]:
    return {"counters": counters, "space": space, "reduced": reduced or []}


def position(scenario: Scenario, seed: int, **keys: Any) -> FilState:
    base: dict[str, Any] = {"phase": "action", "active": "spain", "government": "canovas"}
    base.update(keys)
    return RULES.from_position(scenario, base, seed=seed)


def chosen(st: FilState) -> list[Any]:
    """Spain's heuristics' answer at `st` under each of three tie-break seeds."""
    legal = RULES.legal_actions(st)
    return [SpainPolicy("spain", seed).choose(RULES, st, legal) for seed in range(3)]


def seed_16(scenario: Scenario) -> FilState:
    """Seed 16, turn 1, action 13: the Filipinos have spent their AP plundering five
    Provinces; Spain, 7 AP and the US track at 1, holds Spanish Diplomacy."""
    return position(
        scenario, 16, turn=1, ap={"filipino": 0, "spain": 7}, morale=5, us_intervention=1,
        plunders=5, placements=[
            stack(["blanco"], "manila_city"), stack(["magdiwan", "bonifacio"], "manila"),
            stack(["desierto"], "manila"), stack(["mindanao_1"], "mindanao"),
            stack(["asia_fleet", "montojo"], "cavite_city"),
            stack(["cavite_corps", "aguinaldo"], "batangas", ["cavite_corps"]),
            stack(["tarlac_corps"], "tarlac", ["tarlac_corps"])],
        markers={"target": ["cavite_corps", "tarlac_corps"],
                 "sacked": ["batangas", "bulacan", "cavite", "pampanga", "tarlac"]},
        cards_out=["katipunan_uprising", "recruits_from_the_barrios", "revolutionary_taxes",
                   "ambush", "zapote_line"],
        cards={"hands": {"filipino": [], "spain": [
            "friars_informants", "spanish_diplomacy", "patriotic_subscription",
            "ultimos_de_filipinas", "loyal_volunteers"]}})


def seed_1(scenario: Scenario) -> FilState:
    """Seed 1, turn 1, action 12: Spain holds the three appointment cards with Blanco in the
    Captaincy."""
    return position(
        scenario, 1, turn=1, ap={"filipino": 0, "spain": 7}, morale=6, us_intervention=1,
        plunders=4, placements=[
            stack(["blanco"], "manila_city"), stack(["desierto"], "manila"),
            stack(["cavite_corps", "aguinaldo"], "cavite"), stack(["mindanao_1"], "mindanao"),
            stack(["asia_fleet", "montojo"], "cavite_city"), stack(["bisayas"], "visayas"),
            stack(["magdiwan", "bonifacio"], "batangas"), stack(["morong_corps"], "cavite")],
        markers={"target": ["bisayas", "cavite_corps", "magdiwan", "morong_corps"],
                 "sacked": ["batangas", "cavite", "manila", "visayas"], "zapote": True},
        cards_out=["katipunan_uprising", "censorship", "visayas_revolt",
                   "recruits_from_the_barrios", "zapote_line"],
        cards={"hands": {"filipino": ["isthmus_of_noveleta"], "spain": [
            "appointment_of_augusti", "appointment_of_polavieja", "sagasta_buys_the_rebels",
            "appointment_of_primo_de_rivera"]}})


def seed_2(scenario: Scenario, lachambre: str = "manila_city",
           coordinated: bool = True) -> FilState:
    """Seed 2, turn 2, action 52 (docs/ai-runs/blunders/filipinas-easy): 1st Mindanao Brigade
    hunts the Bulacán band in Tarlac in Search and Destroy columns, Lachambre (Tactical Factor
    1) waits in Manila with Polavieja, Spain has 3 AP. `coordinated`: as in that game, in the
    middle of a Coordinated Action (three actions paid for this round, each further one 1 AP,
    5.2.2.1), which a position does not hold; else at the start of Spain's round."""
    st = position(
        scenario, 2, turn=2, ap={"filipino": 1, "spain": 3}, morale=8, us_intervention=3,
        placements=[
            stack(["cavite_corps", "aguinaldo"], "cavite"),
            stack(["asia_fleet", "montojo"], "cavite_city"), stack(["polavieja"], "manila_city"),
            stack(["lachambre"], lachambre), stack(["bulacan_corps"], "tarlac", ["bulacan_corps"]),
            stack(["tarlac_corps"], "manila", ["tarlac_corps"]), stack(["desierto"], "manila"),
            stack(["mindanao_1"], "tarlac"), stack(["bonifacio"], "graveyard"),
            stack(["blanco"], "recalled")],
        markers={"target": ["bulacan_corps", "tarlac_corps"], "search": ["mindanao_1"],
                 "protect": ["desierto"], "baler": ["tarlac_corps"],
                 "lines": ["line_cavite_manila"], "zapote": True},
        cards_out=["recruits_from_the_barrios", "zapote_line", "hong_kong_junta",
                   "appointment_of_polavieja", "patriotic_subscription", "katipunan_spies",
                   "fortified_lines", "spanish_artillery", "katipunan_uprising",
                   "ultimos_de_filipinas", "spanish_diplomacy"],
        cards={"hands": {"filipino": ["peace_of_biak_na_bato"],
                         "spain": ["friars_informants", "appointment_of_augusti"]}})
    if coordinated:
        st.round_count, st.round_surcharged, st.round_did = 3, True, True
    return st


def spain_turn(st: FilState, seed: int) -> list[tuple[int, A.PlayCard | Any]]:
    """Play on to the end of the turn with the Easy level on both sides; Spain's answers with
    the US track as it stood when each was chosen."""
    agents = {side: make_agent(PLUGIN, "easy", side, seed * 10 + i)
              for i, side in enumerate(RULES.sides)}
    turn = st.turn
    answers = []
    while st.outcome is None and st.turn == turn:
        side = st.decision.player
        assert side is not None
        action = agents[side].choose(RULES, st, RULES.legal_actions(st))
        if side == "spain":
            answers.append((st.us_level, action))
        RULES.apply(st, action)
    return answers


def test_spanish_diplomacy_is_not_played_with_the_us_track_at_its_minimum(scenario):
    """Easy Spain played Spanish Diplomacy with the US Intervention track at 1, where its −1
    moves nothing (7.0): the card now ranks below ending the round, and the Spanish turn
    plays it only if the track has risen."""
    st = seed_16(scenario)
    legal = RULES.legal_actions(st)
    diplomacy = A.PlayCard("spanish_diplomacy")
    assert diplomacy in legal
    ranked = SpainPolicy("spain", 1).rank(RULES, st, legal)
    assert ranked.index(diplomacy) > ranked.index(A.EndRound())
    assert ranked[0] != A.EndRound()  # there is something useful to do
    for seed in range(3):
        played = spain_turn(seed_16(scenario), seed)
        assert played
        assert all(level > 1 for level, action in played if action == diplomacy)


def test_one_appointment_and_not_a_chain_of_them(scenario):
    """Easy Spain appointed Polavieja and then Primo de Rivera in the same round: the second
    recalls the first for good (6.13.5) and brings nothing but the AP of this turn. Now only
    Polavieja comes (Lachambre with him, the better Captain General), and the other two cards
    stay in hand."""
    for seed in range(3):
        played = [a for _, a in spain_turn(seed_1(scenario), seed)
                  if isinstance(a, A.PlayCard) and a.card.startswith("appointment")]
        assert played == [A.PlayCard("appointment_of_polavieja")]


def test_the_policy_is_the_easy_level_and_the_spanish_side_of_the_heuristics(scenario):
    easy = make_agent(PLUGIN, "easy", "spain", 3)
    assert isinstance(easy.decider.policy.spain, SpainPolicy)  # type: ignore[attr-defined]
    st = seed_16(scenario)
    legal = RULES.legal_actions(st)
    agent = FilipinasAgent("spain", 4)
    assert agent.rank(RULES, st, legal)[0] == agent.choose(RULES, st, legal)
    assert sorted(map(repr, agent.rank(RULES, st, legal))) == sorted(map(repr, legal))


def test_the_leader_joins_the_columns_before_they_attack(scenario):
    """Easy Spain attacked the Bulacán band with 1st Mindanao Brigade alone (22 % to destroy
    it) while Lachambre, whose Tactical Factor counts only stacked with the attackers (6.7),
    waited in Manila: played out, joining first was worth 24 points of Spain's chance to win
    (docs/ai.md, "Blunders"). Now Lachambre joins the columns, then they attack led by him;
    where he already stands in their Province, he stacks with them; at the start of a round
    he joins them all the same (the attack then waits for the next round, 1 AP)."""
    attack = A.Attack(("mindanao_1",), "bulacan_corps")
    joins = A.MoveLeader("lachambre", "tarlac", "mindanao_1")
    st = seed_2(scenario)
    legal = RULES.legal_actions(st)
    assert attack in legal and joins in legal
    assert chosen(st) == [joins] * 3
    assert [make_agent(PLUGIN, "easy", "spain", seed).choose(RULES, st, legal)
            for seed in range(3)] == [joins] * 3
    RULES.apply(st, joins)
    assert st.active == "spain"
    assert SpainPolicy("spain", 0).choose(RULES, st, RULES.legal_actions(st)) == attack

    st = seed_2(scenario, coordinated=False)
    assert SpainPolicy("spain", 0).choose(RULES, st, RULES.legal_actions(st)) == joins

    st = seed_2(scenario, lachambre="tarlac")
    legal = RULES.legal_actions(st)
    stacks = [a for a in legal if isinstance(a, A.Merge)
              and {a.stack, a.into} == {"lachambre", "mindanao_1"}]
    assert stacks
    assert SpainPolicy("spain", 0).choose(RULES, st, legal) in stacks


def seed_2_turn_5(scenario: Scenario, **changes: Any) -> FilState:
    """Seed 2 of Normal Spain against Easy Filipinos, turn 5, action 96: Spain has 9 AP and
    Morale 8; 1st Mindanao Brigade protects the fields of Cavite, where the Cavite corps stands
    entrenched with Aguinaldo; the United States are about to enter the war (the track at 9)."""
    keys: dict[str, Any] = dict(
        turn=5, ap={"filipino": 0, "spain": 9}, morale=8, us_intervention=9, plunders=1,
        placements=[
            stack(["cavite_corps", "aguinaldo"], "cavite"),
            stack(["asia_fleet", "montojo"], "cavite_city"),
            stack(["polavieja"], "manila_city"),
            stack(["desierto", "lachambre"], "pampanga"),
            stack(["mindanao_1"], "cavite"),
            stack(["tarlac_corps"], "batangas", ["tarlac_corps"]),
            stack(["bonifacio"], "graveyard"), stack(["blanco"], "recalled")],
        markers={"target": ["tarlac_corps"], "protect": ["mindanao_1"], "search": ["desierto"],
                 "entrenched": ["cavite_corps"], "sacked": ["batangas"],
                 "lines": ["line_cavite_manila"], "zapote": True},
        cards_out=["recruits_from_the_barrios", "zapote_line", "hong_kong_junta",
                   "appointment_of_polavieja", "fortified_lines", "patriotic_subscription",
                   "katipunan_spies", "spanish_artillery", "katipunan_uprising",
                   "ultimos_de_filipinas", "spanish_diplomacy", "cry_of_pugad_lawin",
                   "appointment_of_augusti", "appointment_of_primo_de_rivera", "bolo_charge",
                   "martyrdom_of_rizal", "censorship", "friars_informants", "reconcentration",
                   "trenches", "loyal_principales"],
        cards={"hands": {"filipino": ["peace_of_biak_na_bato"],
                         "spain": ["loyal_volunteers", "to_the_bayonet", "diplomatic_note",
                                   "macabebe_scouts"]}})
    keys.update(changes)
    return position(scenario, 2, **keys)


def test_a_city_held_by_one_brigade_of_two_counts_a_mass_desertion(scenario):
    """Spain moved the brigade into Cavite city: Defence 3 against the corps' 2, safe as the
    board stood. With the United States at war next turn, a Mass Desertion took a step from
    it, the corps besieged the city at 2 against 2 until it fell, and Spain lost; two Brigades
    from Spain in the Province intercepted every siege instead (played to the end, +30 ± 13
    points of Spain's chance; docs/ai.md, "Blunders"). Spain now counts the chance that the
    Filipinos hold such a card (6.8; `Picture.desertion_odds`) and sends the Brigades; before
    the war is near, no Filipino hand can hold one, and the move into the city still ranks
    above the Brigades."""
    reinforce = A.Reinforce(("cavite", "cavite"), stacked=True)
    into_city = A.Move("mindanao_1", "cavite_city", "land")
    st = seed_2_turn_5(scenario)
    legal = RULES.legal_actions(st)
    assert reinforce in legal and into_city in legal
    assert all(isinstance(a, A.Reinforce) and a.dests == ("cavite", "cavite")
               for a in chosen(st))
    st = seed_2_turn_5(scenario, us_intervention=3)
    worth = {a: v for v, a, _ in SpainPolicy("spain", 0).scored(st, RULES.legal_actions(st))}
    assert worth[into_city] > worth[reinforce]


def seed_5_turn_4(scenario: Scenario, spain_ap: int = 13) -> FilState:
    """Seed 5 of Normal Spain against Easy Filipinos, turn 4, action 55: under Sagasta, Morale
    3, Aguinaldo exiled; 1st Mindanao Brigade protects the fields of Tarlac, where the band of
    Magdiwan and Bonifacio stands; Lachambre (Tactical Factor 1) waits in Manila."""
    return position(
        scenario, 5, turn=4, ap={"filipino": 1, "spain": spain_ap}, morale=3,
        us_intervention=6, government="sagasta", exiled=True, biak=True, canovas_dead=True,
        placements=[
            stack(["asia_fleet", "montojo"], "cavite_city"), stack(["aguinaldo"], "hong_kong"),
            stack(["pampanga_corps"], "bulacan", ["pampanga_corps"]),
            stack(["desierto"], "bulacan"), stack(["magdiwan", "bonifacio"], "tarlac"),
            stack(["mindanao_1"], "tarlac"), stack(["polavieja"], "manila_city"),
            stack(["lachambre"], "manila_city"),
            stack(["blanco", "primo_de_rivera"], "recalled")],
        markers={"target": ["magdiwan"], "protect": ["desierto", "mindanao_1"]},
        cards_out=["la_solidaridad", "cry_of_pugad_lawin", "recruits_from_the_barrios",
                   "bolo_charge", "zapote_line", "patriotic_subscription", "reconcentration",
                   "diplomatic_note", "friars_informants", "assassination_of_canovas",
                   "sagasta_buys_the_rebels", "barrio_warning",
                   "appointment_of_primo_de_rivera", "fortified_lines", "macabebe_scouts",
                   "blockhouses", "martyrdom_of_rizal", "appointment_of_polavieja"],
        cards={"hands": {"filipino": [], "spain": ["expeditionary_battalions", "guardia_civil",
                                                   "loyal_principales", "spanish_artillery"]}})


def test_a_general_joins_for_every_attack_the_ap_left_buy(scenario):
    """Spain attacked the band with the Brigade alone (17 % to destroy it) while Lachambre
    waited in Manila, at 13 AP and again at 8: played to the end, joining first was worth
    +25 ± 10 and +30 ± 11 points (docs/ai.md, "Blunders"). His Tactical Factor (22 % a try)
    was counted in the next attack only; he leads every attack the stack makes while he stays
    (6.7), so it now counts in as many as the AP left buy, four at most (`LED_ATTACKS`). With
    a single AP left after joining, the attack alone still comes first."""
    attack = A.Attack(("mindanao_1",), "magdiwan")
    joins = A.MoveLeader("lachambre", "tarlac", "mindanao_1")
    for ap in (13, 8):
        st = seed_5_turn_4(scenario, spain_ap=ap)
        legal = RULES.legal_actions(st)
        assert attack in legal and joins in legal
        assert chosen(st) == [joins] * 3
    st = seed_5_turn_4(scenario, spain_ap=2)
    worth = {a: v for v, a, _ in SpainPolicy("spain", 0).scored(st, RULES.legal_actions(st))}
    assert worth[attack] > worth[joins]


def seed_13(scenario: Scenario) -> FilState:
    """Seed 13, turn 1, action 11 (docs/ai-runs/blunders/filipinas-easy): Cánovas is dead,
    Morale 4 under Sagasta; the Cavite corps, with Aguinaldo and the Filipino Artillery, has
    taken Cavite city; Spain, 7 AP, holds Sagasta Buys the Rebels."""
    return position(
        scenario, 13, turn=1, ap={"filipino": 0, "spain": 7}, morale=4, us_intervention=1,
        government="sagasta", canovas_dead=True, plunders=2, placements=[
            stack(["blanco"], "manila_city"), stack(["desierto"], "manila"),
            stack(["cavite_corps", "aguinaldo"], "cavite", ["cavite_corps"]),
            stack(["mindanao_1"], "mindanao"), stack(["magdiwan", "bonifacio"], "bulacan"),
            stack(["laguna_corps"], "bulacan", ["laguna_corps"]),
            stack(["asia_fleet", "montojo"], "graveyard")],
        markers={"target": ["cavite_corps", "laguna_corps", "magdiwan"],
                 "sacked": ["cavite", "manila"],
                 "artillery": {"state": "in_play", "holder": "aguinaldo"}},
        cities={"cavite_city": "filipino"},
        cards_out=["assassination_of_canovas", "filipino_artillery", "ambush", "blockhouses",
                   "la_solidaridad", "recruits_from_the_barrios"],
        cards={"hands": {"filipino": [], "spain": [
            "sagasta_buys_the_rebels", "ultimos_de_filipinas", "spanish_artillery",
            "appointment_of_augusti"]}})


def test_a_brigade_goes_to_besiege_the_city_whose_loss_ends_the_game(scenario):
    """Spain bought the rebels (the corps that held Cavite city laid down its arms), then
    spent its 7 AP on the bands of Bulacán and surrendered at the End of Turn with Morale 3
    and Cavite city lost (5.3.1): played to the end, it never won (0 % over 100 pairs). A
    Brigade in the Province may besiege the empty city at 1 AP a try (6.8); a move was worth
    only the fields and the cities still held. It now counts the sieges the AP left pay
    (`SpainPolicy._retake`): the Brigade goes to Cavite and besieges, and Spain wins 41 %
    after the card. Once a Brigade there besieges, a second one is not sent for the siege."""
    st = seed_13(scenario)
    buy = A.PlayCard("sagasta_buys_the_rebels")
    legal = RULES.legal_actions(st)
    assert buy in legal
    assert SpainPolicy("spain", 0).choose(RULES, st, legal) == buy
    RULES.apply(st, buy)
    assert "cavite_corps" not in st.stack_of
    assert all(isinstance(a, A.Move) and a.dest == "cavite" for a in chosen(st))
    RULES.apply(st, A.Move("desierto", "cavite", "land"))
    policy = SpainPolicy("spain", 0)
    assert policy.choose(RULES, st, RULES.legal_actions(st)) == \
        A.Attack(("desierto",), "cavite_city")
    worth = {a: v for v, a, _ in policy.scored(st, RULES.legal_actions(st))}
    assert all(v <= 0.5 for a, v in worth.items()
               if isinstance(a, A.Move) and a.dest == "cavite")


def seed_17_turn_2(scenario: Scenario) -> FilState:
    """Seed 17, played on from turn 1, action 8 (docs/ai-runs/blunders/
    filipinas-normal-filipino-after) by the heuristics: the Cavite corps, Aguinaldo and the
    Filipino Artillery with it, has taken Cavite city and brought the Morale down to 3, so
    Spain surrenders at this End of Turn unless it retakes the city (5.3.1). The Filipinos
    have no AP; Spain has 9, the 1st Mindanao Brigade in columns with Lachambre in Manila."""
    return position(
        scenario, 17, turn=2, ap={"filipino": 0, "spain": 9}, morale=3, us_intervention=3,
        placements=[
            stack(["cavite_corps", "aguinaldo"], "cavite"), stack(["polavieja"], "manila_city"),
            stack(["mindanao_1", "lachambre"], "manila"),
            stack(["desierto", "asia_fleet", "montojo", "bonifacio"], "graveyard"),
            stack(["blanco"], "recalled")],
        markers={"search": ["mindanao_1"],
                 "artillery": {"state": "in_play", "holder": "aguinaldo"}},
        cities={"cavite_city": "filipino"},
        cards_out=["martyrdom_of_rizal", "censorship", "barrio_warning", "trenches",
                   "appointment_of_polavieja", "ambush", "fortified_lines",
                   "filipino_artillery", "telegraph"],
        cards={"hands": {"filipino": ["peace_of_biak_na_bato"], "spain": [
            "macabebe_scouts", "diplomatic_note", "loyal_principales", "spanish_artillery"]}})


def test_with_the_game_on_a_lost_city_the_brigade_besieges_it_and_does_not_go_back(scenario):
    """Seed 17 (above): each siege has 1 chance in 12 (the corps beside the city intercepts
    first, 6.8.3), and the move to Cavite counted three of them. Once there, one siege was
    judged not worth its AP and Manila's safety was worth more, so the Brigade went back to
    Manila, then to Cavite again, six AP spent on moves and no siege. A siege is counted
    only when it is worth its AP; all the AP count when the city is the surrender at this End
    of Turn; and the danger to Manila next turn counts only if Spain is still at war then.
    The Brigade goes to Cavite and besieges, as long as its AP last."""
    st = seed_17_turn_2(scenario)
    assert all(isinstance(a, A.Move) and a.dest == "cavite" for a in chosen(st))
    RULES.apply(st, A.Move("mindanao_1", "cavite", "land"))
    RULES.apply(st, A.EndRound())
    while st.decision.player != "spain":
        RULES.apply(st, A.EndRound())
    siege = A.Attack(("mindanao_1",), "cavite_city")
    assert chosen(st) == [siege] * 3
    worth = {a: v for v, a, _ in SpainPolicy("spain", 0).scored(st, RULES.legal_actions(st))}
    assert all(v < 0 for a, v in worth.items() if isinstance(a, A.Move))


def test_an_entrenched_band_is_attacked_for_its_life_and_not_for_a_step(scenario):
    """Seed 23, turn 1, action 17 (docs/ai-runs/blunders/filipinas-normal-filipino-after):
    the Filipinos entrenched the band of Magdiwan and Bonifacio in Pampanga (Trenches of
    Cavite), out of AP; Lachambre has joined the 1st Mindanao Brigade there to lead the
    attack. An entrenched band is no longer a Guerrilla (6.14): it is attacked as a regular
    stack, at -1, and a hit still destroys it, its CF being 1. The attack was priced as a step
    of a stack, not as the band, so the Brigade left for Batangas and the Filipinos gained
    29 ± 6 points by entrenching (100 pairs to the end; none now)."""
    st = position(
        scenario, 23, turn=1, ap={"filipino": 0, "spain": 8}, morale=5, us_intervention=1,
        plunders=4, placements=[
            stack(["desierto"], "manila"), stack(["asia_fleet", "montojo"], "cavite_city"),
            stack(["cavite_corps", "aguinaldo"], "batangas", ["cavite_corps"]),
            stack(["magdiwan", "bonifacio"], "pampanga"), stack(["polavieja"], "manila_city"),
            stack(["mindanao_1", "lachambre"], "pampanga"), stack(["blanco"], "recalled")],
        markers={"baler": ["bonifacio", "magdiwan"], "entrenched": ["magdiwan"],
                 "sacked": ["batangas", "bulacan", "cavite", "manila"],
                 "target": ["cavite_corps", "magdiwan"]},
        cards_out=["la_solidaridad", "tejeros_convention", "zapote_line",
                   "appointment_of_polavieja", "reconcentration", "katipunan_spies",
                   "telegraph", "ultimos_de_filipinas", "trenches"],
        cards={"hands": {"filipino": [], "spain": ["loyal_volunteers"]}})
    attack = A.Attack(("mindanao_1",), "magdiwan")
    assert attack in RULES.legal_actions(st)
    assert chosen(st) == [attack] * 3


def test_when_the_end_of_turn_is_the_surrender_no_ap_are_kept_for_the_fields(scenario):
    """Seed 19, played on from turn 4, action 67 (docs/ai-runs/blunders/filipinas-easy-after)
    by the heuristics: under Sagasta at Morale 6, with Cavite city lost, Spain surrenders at
    this End of Turn (5.3.1) unless it retakes the city. It besieged once, then ended the
    round with 5 AP: each AP under the reserve kept for the fields (RESERVE, the Filipinos
    have 3 AP) cost more than a siege's 3 % chance was worth. The fields count only if Spain
    is still at war after this End of Turn; the sieges go on."""
    st = position(
        scenario, 19, turn=4, ap={"filipino": 3, "spain": 5}, morale=6, us_intervention=6,
        government="sagasta", canovas_dead=True, biak=True, exiled=True, placements=[
            stack(["mindanao_1"], "mindanao"), stack(["moros"], "mindanao"),
            stack(["primo_de_rivera"], "manila_city"),
            stack(["cavite_corps"], "bulacan", ["cavite_corps"]), stack(["mindanao_2"], "bulacan"),
            stack(["laguna_corps"], "manila", ["laguna_corps"]), stack(["desierto"], "manila"),
            stack(["pampanga_corps"], "cavite", ["pampanga_corps"]), stack(["marina"], "cavite"),
            stack(["aguinaldo"], "hong_kong"),
            stack(["asia_fleet", "montojo", "bonifacio"], "graveyard"),
            stack(["blanco"], "recalled")],
        markers={"artillery": {"state": "lost"}, "lines": ["line_cavite_manila"],
                 "protect": ["desierto", "marina", "mindanao_1", "mindanao_2"]},
        cities={"cavite_city": "filipino"},
        cards_out=["filipino_artillery", "cry_of_pugad_lawin", "moro_uprising", "zapote_line",
                   "barrio_warning", "patriotic_subscription", "appointment_of_primo_de_rivera",
                   "to_the_bayonet", "fortified_lines", "recruits_from_the_barrios",
                   "spanish_artillery", "katipunan_uprising", "ultimos_de_filipinas",
                   "appointment_of_augusti", "macabebe_scouts", "assassination_of_canovas",
                   "sagasta_buys_the_rebels", "spanish_diplomacy", "blockhouses"],
        cards={"hands": {"filipino": ["peace_of_biak_na_bato", "tejeros_convention"],
                         "spain": ["diplomatic_note"]}})
    assert Picture.of(st).surrender_odds() == 1.0
    assert chosen(st) == [A.Attack(("marina",), "cavite_city")] * 3


def test_with_the_game_on_a_lost_city_a_brigade_sets_off_for_it_two_moves_away(scenario):
    """Seed 19, turn 3, action 42 (docs/ai-runs/blunders/filipinas-easy-after2): Morale 5
    and Cavite city lost, so Spain surrenders at this End of Turn (5.3.1). Its one Brigade
    on Luzon, Desierto, stands in Manila city with Polavieja and Lachambre, two moves from
    Cavite's Province; a move counted sieges only into the city's Province, so Lachambre
    joined Desierto in the city and Spain ended the round (played to the end: +55 ± 11
    points for the move, none now). A move next to the city's Province counts the sieges
    left after one more move, when the End of Turn is the surrender."""
    st = position(
        scenario, 19, turn=3, ap={"filipino": 2, "spain": 10}, morale=5, us_intervention=5,
        plunders=1, placements=[
            stack(["mindanao_1"], "mindanao"), stack(["moros"], "mindanao"),
            stack(["pampanga_corps"], "cavite", ["pampanga_corps"]),
            stack(["desierto"], "manila_city"),
            stack(["cavite_corps", "aguinaldo"], "manila", ["cavite_corps"]),
            stack(["tarlac_corps"], "pampanga", ["tarlac_corps"]),
            stack(["bulacan_corps"], "batangas", ["bulacan_corps"]),
            stack(["polavieja"], "manila_city"), stack(["lachambre"], "manila_city"),
            stack(["asia_fleet", "montojo", "bonifacio"], "graveyard"),
            stack(["blanco", "primo_de_rivera"], "recalled")],
        markers={"artillery": {"state": "in_play", "holder": "aguinaldo"},
                 "baler": ["tarlac_corps"], "lines": ["line_cavite_manila"],
                 "protect": ["mindanao_1"], "sacked": ["manila"],
                 "target": ["bulacan_corps", "cavite_corps"], "zapote": True},
        cities={"cavite_city": "filipino"},
        cards_out=["filipino_artillery", "cry_of_pugad_lawin", "moro_uprising", "zapote_line",
                   "barrio_warning", "patriotic_subscription", "to_the_bayonet",
                   "appointment_of_primo_de_rivera", "fortified_lines",
                   "recruits_from_the_barrios", "spanish_artillery", "appointment_of_augusti",
                   "katipunan_uprising", "appointment_of_polavieja", "ultimos_de_filipinas"],
        cards={"hands": {"filipino": ["peace_of_biak_na_bato"],
                         "spain": ["diplomatic_note", "macabebe_scouts",
                                   "sagasta_buys_the_rebels"]}})
    assert Picture.of(st).surrender_odds() == 1.0
    # Desierto sets off now, or first takes Lachambre (Tactical Factor 1) along for the siege
    # (`SACKED`: the sacked fields of Manila Province count less on the way)
    first = chosen(st)
    assert set(first) <= {A.Move("desierto", "manila", "land"), A.Merge("desierto", "lachambre")}
    policy = SpainPolicy("spain", 0)
    for _ in range(2):
        action = policy.choose(RULES, st, RULES.legal_actions(st))
        RULES.apply(st, action)
        if action == A.Move("desierto", "manila", "land"):
            break
    assert action == A.Move("desierto", "manila", "land")
    assert policy.last_reason.endswith("on the way to besiege Cavite")


def seed_32(scenario: Scenario, spain_ap: int = 0) -> FilState:
    """Seed 32, turn 3, action 64 (docs/ai-runs/blunders/filipinas-normal-spain-after): both
    sides have spent their AP; the 1st Mindanao Brigade, in Search and Destroy columns with
    Lachambre, stands in Manila with the reduced Laguna corps, a Target on it; Spain holds
    Blockhouses, Expeditionary Battalions and Spanish Artillery."""
    return position(
        scenario, 32, turn=3, ap={"filipino": 0, "spain": spain_ap}, morale=9,
        us_intervention=7, placements=[
            stack(["cavite_corps", "aguinaldo"], "cavite"),
            stack(["asia_fleet", "montojo"], "cavite_city"), stack(["polavieja"], "manila_city"),
            stack(["desierto"], "cavite_city"), stack(["laguna_corps"], "manila", ["laguna_corps"]),
            stack(["mindanao_1", "lachambre"], "manila"), stack(["bonifacio"], "graveyard"),
            stack(["blanco"], "recalled")],
        markers={"target": ["laguna_corps"], "search": ["mindanao_1"], "zapote": True},
        cards_out=["barrio_warning", "zapote_line", "appointment_of_polavieja",
                   "ultimos_de_filipinas", "to_the_bayonet", "ambush", "tejeros_convention",
                   "hong_kong_junta", "spanish_diplomacy", "katipunan_spies",
                   "appointment_of_augusti", "reconcentration", "martyrdom_of_rizal",
                   "fortified_lines", "friars_informants"],
        cards={"hands": {"filipino": [], "spain": [
            "blockhouses", "expeditionary_battalions", "spanish_artillery"]}})


def test_with_no_ap_left_two_cards_buy_one_more_hunt_before_the_turn_ends(scenario):
    """Spain ended the turn with no AP while its columns stood beside a reduced band with a
    Target (52 % to destroy it for 1 AP): played to the end, trading Blockhouses and
    Expeditionary Battalions for 1 AP (6.13) was worth +18 ± 7 points (100 pairs). The trade
    counted the AP at what it is worth carried over (5.2.3); with none left, it is now worth
    the action it pays for before the turn ends (`SpainPolicy._bought`). With an AP of its
    own, Spain attacks without giving up the cards."""
    st = seed_32(scenario)
    trade = A.TradeCards("blockhouses", "expeditionary_battalions")
    legal = RULES.legal_actions(st)
    assert trade in legal
    assert chosen(st) == [trade] * 3
    RULES.apply(st, trade)
    hunt = A.Attack(("mindanao_1",), "laguna_corps")
    assert SpainPolicy("spain", 0).choose(RULES, st, RULES.legal_actions(st)) == hunt
    st = seed_32(scenario, spain_ap=1)
    assert SpainPolicy("spain", 0).choose(RULES, st, RULES.legal_actions(st)) == hunt


def seed_37(scenario: Scenario) -> FilState:
    """Seed 37, turn 1, action 11 (docs/ai-runs/blunders/filipinas-normal-spain-after): Morale
    6 under Cánovas; the reduced Cavite corps, with Aguinaldo and the Filipino Artillery, has
    taken Cavite city; the 1st Mindanao Brigade and Lachambre stand in Cavite, the Desierto
    Brigade protects the fields of Manila; Spain 5 AP, the Filipinos 1 and four cards."""
    return position(
        scenario, 37, turn=1, ap={"filipino": 1, "spain": 5}, morale=6, us_intervention=1,
        plunders=2, placements=[
            stack(["magdiwan", "bonifacio"], "manila"), stack(["desierto"], "manila"),
            stack(["cavite_corps", "aguinaldo"], "cavite", ["cavite_corps"]),
            stack(["polavieja"], "manila_city"), stack(["mindanao_1", "lachambre"], "cavite"),
            stack(["asia_fleet", "montojo"], "graveyard"), stack(["blanco"], "recalled")],
        markers={"target": ["cavite_corps", "magdiwan"], "protect": ["desierto"],
                 "sacked": ["cavite", "manila"],
                 "artillery": {"state": "in_play", "holder": "aguinaldo"}},
        cities={"cavite_city": "filipino"},
        cards_out=["filipino_artillery", "appointment_of_polavieja", "patriotic_subscription"],
        cards={"hands": {
            "filipino": ["la_solidaridad", "barrio_warning", "moro_uprising", "hong_kong_junta"],
            "spain": ["diplomatic_note", "fortified_lines", "friars_informants"]}})


def test_at_morale_6_with_a_city_lost_the_next_step_is_the_surrender(scenario):
    """At Morale 6 with Cavite city lost, Spain protected the fields of Cavite (already
    sacked) and then attacked the corps, until a Filipino card took the Morale to 5 and Spain
    surrendered with one city taken (5.3.1): played to the end, besieging the city at once was
    worth +17 ± 4 points (100 pairs). The siege counted the game only when the Morale as it
    stands was a surrender; one step less is, and a plunder or a Morale card takes it
    (`Picture.surrender_odds`). With both cities held, the odds are nil."""
    st = seed_37(scenario)
    assert Picture.of(st).surrender_odds() > 0.5
    siege = A.Attack(("mindanao_1",), "cavite_city")
    legal = RULES.legal_actions(st)
    assert siege in legal
    assert chosen(st) == [siege] * 3
    st.city_owner.pop("cavite_city")
    assert Picture.of(st).surrender_odds() == 0.0


def seed_32_turn_4(scenario: Scenario) -> FilState:
    """Seed 32, turn 4, action 71 (docs/ai-runs/blunders/filipinas-easy-after): the Filipinos
    have spent their AP; the Cavite corps at full strength stands with Aguinaldo in Cavite,
    where the Desierto Brigade protects the fields; Spain has 9 AP at Morale 8."""
    return position(
        scenario, 32, turn=4, ap={"filipino": 0, "spain": 9}, morale=8, us_intervention=9,
        plunders=1, placements=[
            stack(["cavite_corps", "aguinaldo"], "cavite"), stack(["desierto"], "cavite"),
            stack(["asia_fleet", "montojo"], "cavite_city"), stack(["polavieja"], "manila_city"),
            stack(["mindanao_1", "lachambre"], "manila"), stack(["morong_corps"], "batangas"),
            stack(["bonifacio"], "graveyard"), stack(["blanco"], "recalled")],
        markers={"target": ["morong_corps"], "protect": ["desierto", "mindanao_1"],
                 "sacked": ["batangas"], "zapote": True},
        cards_out=["barrio_warning", "zapote_line", "appointment_of_polavieja",
                   "ultimos_de_filipinas", "to_the_bayonet", "ambush", "tejeros_convention",
                   "hong_kong_junta", "spanish_diplomacy", "katipunan_spies",
                   "appointment_of_augusti", "reconcentration", "martyrdom_of_rizal",
                   "fortified_lines", "friars_informants", "macabebe_scouts"],
        cards={"hands": {"filipino": ["isthmus_of_noveleta"], "spain": [
            "blockhouses", "expeditionary_battalions", "spanish_artillery",
            "sagasta_buys_the_rebels", "guardia_civil"]}})


def test_two_brigades_from_spain_arrive_stacked_to_attack_a_regular_stack(scenario):
    """Spain brought two Brigades to Cavite apart, each too weak alone against the Cavite
    corps and Aguinaldo, and sent them into the city: played to the end, the same Brigades
    stacked (6.2), which attack as one unit at CF 4 (6.3, 6.7), were worth +45 ± 5 points
    (100 pairs). Arriving stacked now counts that attack against the best of one Brigade alone,
    up to the Stack action it saves (`SpainPolicy._stacked_attack`); with no AP left to pay
    for the attack, apart stays the better (columns apart hunt bands better, 6.6)."""
    st = seed_32_turn_4(scenario)
    legal = RULES.legal_actions(st)
    stacked = A.Reinforce(("cavite", "cavite"), stacked=True)
    assert stacked in legal
    assert chosen(st) == [stacked] * 3
    st.ap["spain"] = 2
    worth = {a: v for v, a, _ in SpainPolicy("spain", 0).scored(st, RULES.legal_actions(st))}
    assert worth[stacked] < worth[A.Reinforce(("cavite", "cavite"))]


SEED_18_OUT = (
    "katipunan_uprising", "cry_of_pugad_lawin", "revolutionary_taxes", "hong_kong_junta",
    "appointment_of_primo_de_rivera", "expeditionary_battalions", "spanish_artillery",
    "bolo_charge", "moro_uprising", "to_the_bayonet", "loyal_principales",
    "recruits_from_the_barrios", "blockhouses", "appointment_of_polavieja",
    "isthmus_of_noveleta", "appointment_of_augusti", "macabebe_scouts", "visayas_revolt",
    "censorship", "ultimos_de_filipinas")
"""The cards out of play by seed 18's turn 5 (docs/ai-runs/blunders/filipinas-easy-after): both
of its positions below start from them."""


def seed_18_turn_6(scenario: Scenario) -> FilState:
    """Seed 18, turn 6, action 123 (docs/ai-runs/blunders/filipinas-easy-after): Morale 3, the
    United States at war; the reduced Cavite corps with Aguinaldo and the Filipino Artillery
    stands in Manila beside the 2nd Mindanao Brigade; the Filipinos have no AP left, Spain 6."""
    return position(
        scenario, 18, turn=6, ap={"filipino": 0, "spain": 6}, morale=3, us_intervention=10,
        plunders=2, us_at_war=True, placements=[
            stack(["asia_fleet", "montojo"], "cavite_city"), stack(["moros"], "mindanao"),
            stack(["mindanao_1"], "mindanao"), stack(["polavieja"], "manila_city"),
            stack(["us_fleet", "dewey"], "hong_kong"),
            stack(["us_anderson", "us_greene", "merritt"], "hong_kong"),
            stack(["tarlac_corps"], "batangas", ["tarlac_corps"]),
            stack(["cavite_corps", "aguinaldo"], "manila", ["cavite_corps"]),
            stack(["mindanao_2"], "manila"), stack(["camara_fleet", "camara"], "sea"),
            stack(["desierto", "lachambre"], "cavite_city"), stack(["bonifacio"], "graveyard"),
            stack(["blanco", "primo_de_rivera"], "recalled")],
        markers={"target": ["cavite_corps", "tarlac_corps"], "protect": ["mindanao_1"],
                 "sacked": ["batangas", "bulacan"],
                 "artillery": {"state": "in_play", "holder": "aguinaldo"}},
        cards_out=[*SEED_18_OUT, "fortified_lines", "diplomatic_note", "mass_desertion",
                   "la_solidaridad", "honour_of_spain", "loyal_volunteers", "camara_squadron"],
        cards={"hands": {"filipino": ["trenches"],
                         "spain": ["guardia_civil", "defence_of_manila"]}})


def test_a_brigade_guarding_a_city_from_a_siege_does_not_disperse_beside_it(scenario):
    """At Morale 3, where one city lost is the surrender (5.3.1), the 2nd Mindanao Brigade
    protected the fields of Manila beside the corps holding the Filipino Artillery: dispersed,
    it intercepts a siege of Manila at CF 1 (4.2.3.2, 6.8.3), and ending the round was worth
    +34 ± 7 points (100 pairs, played to the end). Dispersing now counts the danger it adds to
    the city of its Province (`Picture.dispersal_shift`)."""
    st = seed_18_turn_6(scenario)
    for mode in ("protect", "search"):
        assert Picture.of(st).dispersal_shift("mindanao_2", mode) < -1.0
    legal = RULES.legal_actions(st)
    for mode in ("protect", "search"):
        assert A.Disperse("mindanao_2", mode) in legal
    assert not any(isinstance(a, A.Disperse) for a in chosen(st))
    st.artillery = "unused"
    for mode in ("protect", "search"):
        assert Picture.of(st).dispersal_shift("mindanao_2", mode) == 0.0


def seed_18_turn_5(scenario: Scenario) -> FilState:
    """Seed 18, turn 5, action 91 (docs/ai-runs/blunders/filipinas-easy-after): the Filipinos
    have spent their AP; the reduced Tarlac corps, a band with a Target, stands in Cavite
    beside the Desierto Brigade and Lachambre; Spain has 6 AP at Morale 5."""
    return position(
        scenario, 18, turn=5, ap={"filipino": 0, "spain": 6}, morale=5, us_intervention=9,
        placements=[
            stack(["asia_fleet", "montojo"], "cavite_city"), stack(["moros"], "mindanao"),
            stack(["mindanao_1"], "mindanao"), stack(["polavieja"], "manila_city"),
            stack(["tarlac_corps"], "cavite", ["tarlac_corps"]),
            stack(["cavite_corps", "aguinaldo"], "pampanga", ["cavite_corps"]),
            stack(["desierto", "lachambre"], "cavite"), stack(["mindanao_2"], "pampanga"),
            stack(["bonifacio"], "graveyard"), stack(["blanco", "primo_de_rivera"], "recalled")],
        markers={"target": ["cavite_corps", "tarlac_corps"], "protect": ["mindanao_1"],
                 "baler": ["aguinaldo", "cavite_corps"]},
        cards_out=list(SEED_18_OUT),
        cards={"hands": {"filipino": [],
                         "spain": ["guardia_civil", "diplomatic_note", "loyal_volunteers"]}})


def test_with_the_filipinos_out_of_ap_the_columns_hunt_as_often_as_spain_pays(scenario):
    """With the Filipinos out of AP, the Desierto Brigade protected the fields of Cavite from
    the reduced Tarlac band, which could neither move away nor plunder before the turn ended
    (5.2.3): Search and Destroy columns hunting it with the AP left were worth +17 ± 5 points
    (100 pairs, played to the end). The columns' hunts in what is left of the turn are now as
    many as Spain's AP pay, up to three (`Picture.hunts`); with an AP left to the Filipinos,
    the band may plunder first and the fields come first."""
    st = seed_18_turn_5(scenario)
    search = A.Disperse("desierto", "search")
    legal = RULES.legal_actions(st)
    assert search in legal
    assert chosen(st) == [search] * 3
    st.ap["filipino"] = 1
    assert SpainPolicy("spain", 0).choose(RULES, st, RULES.legal_actions(st)) != search


def seed_29(scenario: Scenario) -> FilState:
    """Seed 29, turn 1, action 14 (docs/ai-runs/blunders/filipinas-easy-after), at the start
    of Spain's next round: Sagasta governs at Morale 7; Magdiwan and Bonifacio stand in
    unsacked Manila beside the Desierto Brigade, Lachambre waits in Manila city; the Filipinos
    have spent their AP, Spain has 8."""
    return position(
        scenario, 29, turn=1, ap={"filipino": 0, "spain": 8}, morale=7, us_intervention=1,
        plunders=3, government="sagasta", canovas_dead=True, placements=[
            stack(["magdiwan", "bonifacio"], "manila"), stack(["desierto"], "manila"),
            stack(["asia_fleet", "montojo"], "cavite_city"),
            stack(["cavite_corps", "aguinaldo"], "batangas", ["cavite_corps"]),
            stack(["bulacan_corps"], "pampanga", ["bulacan_corps"]),
            stack(["polavieja"], "manila_city"), stack(["lachambre"], "manila_city"),
            stack(["mindanao_1"], "pampanga"), stack(["blanco"], "recalled")],
        markers={"target": ["bulacan_corps", "cavite_corps"],
                 "sacked": ["batangas", "bulacan", "cavite"]},
        cards_out=["assassination_of_canovas", "katipunan_uprising", "loyal_principales",
                   "la_solidaridad", "appointment_of_polavieja", "patriotic_subscription",
                   "katipunan_spies"],
        cards={"hands": {"filipino": ["bolo_charge"],
                         "spain": ["friars_informants", "ultimos_de_filipinas"]}})


def test_with_the_filipinos_out_of_ap_the_columns_hunt_first_and_protect_after(scenario):
    """Spain, in a round that had acted, played Últimos de Filipinas on Magdiwan (worth no
    more than ending the round: 0 ± 1 points) and then protected the fields of Manila and of
    Pampanga with 8 AP while the Filipinos had none: Search and Destroy columns hunting
    Magdiwan were worth +45 ± 6 points (100 pairs, played to the end). With the Filipinos out
    of AP, the columns may regroup and protect the fields after the hunts, before the band can
    plunder (6.9.1, 5.2.3), so they no longer count half a protection (`Picture.field_worth`)."""
    st = seed_29(scenario)
    search = A.Disperse("desierto", "search")
    legal = RULES.legal_actions(st)
    assert search in legal
    assert chosen(st) == [search] * 3


def test_the_baler_marker_holds_a_stack_out_of_ap_for_little(scenario):
    """Últimos de Filipinas ties a stack down until the End of Turn (4.2.3.15). In seed 29
    the Filipinos had no AP left, so the marker stopped only what a card giving AP might
    allow, yet it counted the siege of Manila city they could make in the first round of the
    next turn, after the marker is gone. Both its parts now count at the same fraction
    when the Filipinos are out of AP."""
    from filipinas.spain import cards as C
    st = seed_29(scenario)
    st.sacked.add("manila")  # no plunder to stop: the city's siege alone
    pic = Picture.of(st)
    siege = pic.city_danger("manila_city") * pic.city_stake("manila_city")
    assert siege > 0.0
    assert C.baler(pic, "magdiwan")[0] == pytest.approx(0.3 * siege)
    st.ap["filipino"] = 2
    pic = Picture.of(st)
    assert C.baler(pic, "magdiwan")[0] == pytest.approx(
        pic.city_danger("manila_city") * pic.city_stake("manila_city"))


def seed_39_normal(scenario: Scenario, sacked: tuple[str, ...] = ("cavite",)) -> FilState:
    """Normal Spain's seed 39, turn 2, action 30 (`docs/ai-runs/blunders/
    filipinas-normal-spain-after3`): Cavite, sacked this turn, holds the entrenched Cavite
    corps with Aguinaldo and the reduced Tarlac corps, a band Targeted, beside the 1st
    Mindanao in Search and Destroy; Desierto hunts in Batangas. Spain has 6 AP, the
    Filipinos 1."""
    return position(
        scenario, 39, turn=2, ap={"filipino": 1, "spain": 6}, morale=6, us_intervention=4,
        plunders=1,
        placements=[
            stack(["blanco"], "manila_city"), stack(["cavite_corps", "aguinaldo"], "cavite"),
            stack(["asia_fleet", "montojo"], "cavite_city"),
            stack(["tarlac_corps"], "cavite", ["tarlac_corps"]),
            stack(["mindanao_1"], "cavite"), stack(["desierto"], "batangas"),
            stack(["bonifacio"], "graveyard")],
        markers={"target": ["tarlac_corps"], "search": ["desierto", "mindanao_1"],
                 "entrenched": ["cavite_corps"], "sacked": list(sacked)},
        cards_out=["la_solidaridad", "revolutionary_taxes", "hong_kong_junta", "trenches",
                   "telegraph", "to_the_bayonet", "isthmus_of_noveleta", "macabebe_scouts",
                   "reconcentration"],
        cards={"hands": {"filipino": ["katipunan_spies"],
                         "spain": ["sagasta_buys_the_rebels", "blockhouses",
                                   "diplomatic_note"]}})


def test_no_brigade_regroups_to_guard_fields_already_sacked(scenario: Scenario) -> None:
    """Spain regrouped the 1st Mindanao out of its columns to protect the fields of Cavite,
    sacked this turn, where the band can plunder only next turn and is free to leave first.
    Played to the end, ending the round was worth 20 ± 6 points more (100 pairs; docs/ai.md,
    "Blunders"). A sacked Province's threat now counts at `SACKED`; with the fields of Cavite
    whole the regroup still comes first."""
    regroup = A.Regroup("mindanao_1")
    st = seed_39_normal(scenario)
    assert regroup in RULES.legal_actions(st)
    assert regroup not in chosen(st)
    assert chosen(seed_39_normal(scenario, sacked=())) == [regroup] * 3


def seed_7(scenario: Scenario, manila: tuple[str, ...] = ("desierto",)) -> FilState:
    """Seed 7, turn 1, action 13 of the Normal Spain cell after the third round: the Filipinos
    have plundered five Provinces and have no AP left; Spain, 8 AP, holds Fortified Lines.
    Desierto is the one Brigade in the Province of Manila, whose city Polavieja and Lachambre
    hold without a Brigade. Spain has already acted in this round (a position starts the round
    afresh), so a move now would be a Coordinated Action (5.2.2.1)."""
    st = position(
        scenario, 7, turn=1, ap={"filipino": 0, "spain": 8}, morale=5, us_intervention=1,
        plunders=5, placements=[
            *[stack([b], "manila") for b in manila],
            stack(["cavite_corps", "aguinaldo"], "cavite", ["cavite_corps"]),
            stack(["asia_fleet", "montojo"], "cavite_city"),
            stack(["magdiwan", "bonifacio"], "batangas"),
            stack(["bulacan_corps"], "bulacan", ["bulacan_corps"]),
            stack(["polavieja"], "manila_city"), stack(["lachambre"], "manila_city"),
            stack(["mindanao_1"], "cavite"), stack(["blanco"], "recalled")],
        markers={"target": ["bulacan_corps", "cavite_corps", "magdiwan"],
                 "sacked": ["batangas", "cavite", "manila", "pampanga", "tarlac"]},
        cards_out=["katipunan_uprising", "revolutionary_taxes", "peace_of_biak_na_bato",
                   "trenches", "appointment_of_polavieja"],
        cards={"hands": {"filipino": ["isthmus_of_noveleta"],
                         "spain": ["guardia_civil", "appointment_of_augusti", "macabebe_scouts",
                                   "fortified_lines"]}})
    st.round_count, st.round_did = 1, True
    return st


def test_the_fortified_line_takes_no_brigade_from_the_city_it_guards(scenario: Scenario) -> None:
    """Spain played Fortified Lines to put Desierto on the Cavite-Manila line, the one Brigade
    that would intercept a siege of Manila (6.8.3); on the line it stands in neither Province.
    Played to the end, moving him to Bulacán to hunt was worth 30-38 points more (100 pairs;
    docs/ai.md, "Blunders"). The line now counts what the city loses, as a move away counts
    it; with a second Brigade left in the Province the card is still worth more than ending
    the round."""
    def worths(st: FilState) -> tuple[float, float]:
        """The best worth of the card played, and that of ending the round."""
        scored = SpainPolicy().scored(st, RULES.legal_actions(st))
        card = max(v for v, a, _ in scored
                   if isinstance(a, A.PlayCard) and a.card == "fortified_lines")
        return card, next(v for v, a, _ in scored if isinstance(a, A.EndRound))

    alone = seed_7(scenario)
    assert not any(isinstance(a, A.PlayCard) for a in chosen(alone))
    card, end = worths(alone)
    assert card < end
    card, end = worths(seed_7(scenario, ("desierto", "mindanao_2")))
    assert card > end


def seed_77_normal(scenario: Scenario, filipino_ap: int = 1) -> FilState:
    """Normal Spain's seed 77, turn 4, action 70 (`docs/ai-runs/blunders/
    filipinas-normal-spain-after3`): Morale 4 under Sagasta; Desierto, with Lachambre, protects
    the fields of Cavite, where the reduced Bulacán corps stands Targeted. Spain has 4 AP, the
    Filipinos 1; Aguinaldo is in exile."""
    return position(
        scenario, 77, turn=4, ap={"filipino": filipino_ap, "spain": 4}, morale=4,
        government="sagasta", canovas_dead=True, exiled=True, biak=True, us_intervention=6,
        placements=[
            stack(["asia_fleet", "montojo"], "cavite_city"), stack(["bonifacio"], "pampanga"),
            stack(["bulacan_corps"], "cavite", ["bulacan_corps"]),
            stack(["desierto", "lachambre"], "cavite"), stack(["aguinaldo"], "hong_kong"),
            stack(["cavite_corps"], "pampanga", ["cavite_corps"]),
            stack(["polavieja"], "manila_city"), stack(["mindanao_1"], "graveyard"),
            stack(["blanco", "primo_de_rivera"], "recalled")],
        markers={"protect": ["desierto"], "target": ["bulacan_corps", "cavite_corps"],
                 "baler": ["cavite_corps"]},
        cards_out=["martyrdom_of_rizal", "visayas_revolt", "censorship", "revolutionary_taxes",
                   "to_the_bayonet", "bolo_charge", "blockhouses", "guardia_civil",
                   "katipunan_spies", "peace_of_biak_na_bato",
                   "appointment_of_primo_de_rivera", "appointment_of_augusti",
                   "assassination_of_canovas", "loyal_principales", "sagasta_buys_the_rebels",
                   "spanish_diplomacy", "telegraph", "recruits_from_the_barrios",
                   "ultimos_de_filipinas", "appointment_of_polavieja"],
        cards={"hands": {"filipino": [],
                         "spain": ["macabebe_scouts", "reconcentration", "diplomatic_note"]}})


def test_while_the_filipinos_hold_ap_a_long_shot_waits_for_what_they_do(
        scenario: Scenario) -> None:
    """Spain attacked the Bulacán corps with Desierto at 17 % while the Filipinos still held an
    AP to answer with. Played to the end, ending the round was worth 43 ± 6 points more (100
    pairs; docs/ai.md, "Blunders"). Ending the round is now worth `TEMPO` while the Filipinos
    hold AP; with none left, the attack still comes first."""
    attack = A.Attack(("desierto",), "bulacan_corps")
    st = seed_77_normal(scenario)
    assert attack in RULES.legal_actions(st)
    assert chosen(st) == [A.EndRound()] * 3
    reason = SpainPolicy("spain", 0).scored(st, RULES.legal_actions(st))[0][2]
    assert reason == "lets the Filipinos use their 1 AP first"
    assert chosen(seed_77_normal(scenario, filipino_ap=0)) == [attack] * 3


def seed_28_normal(scenario: Scenario, spain_ap: int = 5) -> FilState:
    """Normal Spain's seed 28, turn 1, action 14 (`docs/ai-runs/blunders/
    filipinas-normal-spain-after3`): Morale 9 under Cánovas, the Filipinos out of AP; Desierto
    in Search and Destroy columns in Manila, where the band of Magdiwan and Bonifacio stands;
    the reduced Laguna corps, Targeted, in Batangas."""
    return position(
        scenario, 28, turn=1, ap={"filipino": 0, "spain": spain_ap}, morale=9,
        us_intervention=1,
        placements=[
            stack(["magdiwan", "bonifacio"], "manila"), stack(["desierto"], "manila"),
            stack(["cavite_corps", "aguinaldo"], "cavite", ["cavite_corps"]),
            stack(["asia_fleet", "montojo"], "cavite_city"),
            stack(["laguna_corps"], "batangas", ["laguna_corps"]),
            stack(["mindanao_1"], "cavite"), stack(["primo_de_rivera"], "manila_city"),
            stack(["blanco"], "recalled")],
        markers={"target": ["laguna_corps"], "search": ["desierto"],
                 "artillery": {"state": "in_play", "holder": "aguinaldo"}},
        cards_out=["katipunan_uprising", "filipino_artillery", "blockhouses", "la_solidaridad",
                   "revolutionary_taxes", "appointment_of_primo_de_rivera"],
        cards={"hands": {"filipino": ["isthmus_of_noveleta"],
                         "spain": ["appointment_of_augusti", "loyal_principales",
                                   "spanish_artillery"]}})


def test_with_the_filipinos_out_of_ap_the_attack_comes_before_the_brigades_from_spain(
        scenario: Scenario) -> None:
    """Spain called two Brigades from Spain to Batangas (two steps of Morale for good) while
    Desierto's columns could attack Magdiwan's band in Manila and the Filipinos, out of AP, could
    only pass: the order of Spain's actions was free. Played to the end, attacking first was
    worth 17 ± 6 points more (100 pairs; docs/ai.md, "Blunders"). The attack now comes first
    while the AP pay for both; with too few AP for both, the heuristics' ranking stands."""
    attack = A.Attack(("desierto",), "magdiwan")
    st = seed_28_normal(scenario)
    legal = RULES.legal_actions(st)
    assert attack in legal and any(isinstance(a, A.Reinforce) for a in legal)
    assert chosen(st) == [attack] * 3
    best = SpainPolicy("spain", 0).scored(st, legal)[0]
    assert best[2].endswith("before Brigades are called from Spain")
    # the line a player reads says so too, in words (docs/screenshots/
    # filipinas-spain-attacks-first.png)
    told = tell(REASONS, Asked(RULES, st, "spain", attack, level="easy"))
    assert told.line.endswith("about 1 in 4 to destroy Magdiwan, before Brigades are called "
                              "from Spain"), told.line
    short = seed_28_normal(scenario, spain_ap=2)
    assert not any(why.endswith("before Brigades are called from Spain")
                   for _, _, why in SpainPolicy("spain", 0).scored(
                       short, RULES.legal_actions(short)))
