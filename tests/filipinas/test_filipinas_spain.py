"""Spain's heuristics (filipinas.spain): the blunders the testers saw, each from a position of a
real game laid out through the rules' door (`from_position`), and the levers of the rulebook
the heuristics play (docs/ai.md, "Easy Spain").

The positions are Easy against Easy games (`wargames simulate filipinas --agents easy,easy`)
as they stood when Spain's round began, the decks left to their default (every card not in a
hand or played)."""

from __future__ import annotations

from typing import Any

from engine.ai.registry import make_agent
from engine.core.game import Scenario
from filipinas import PLUGIN
from filipinas.ai import FilipinasAgent
from filipinas.rules import FilipinasRules
from filipinas.rules import actions as A
from filipinas.rules.state import FilState
from filipinas.spain import SpainPolicy

RULES = FilipinasRules()


def stack(counters: list[str], space: str, reduced: list[str] | None = None) -> dict[str, Any]:
    return {"counters": counters, "space": space, "reduced": reduced or []}


def position(scenario: Scenario, seed: int, **keys: Any) -> FilState:
    base: dict[str, Any] = {"phase": "action", "active": "spain", "government": "canovas"}
    base.update(keys)
    return RULES.from_position(scenario, base, seed=seed)


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


def spain_turn(st: FilState, seed: int) -> list[tuple[int, A.PlayCard | Any]]:
    """Play on to the end of the turn with the Easy level on both sides; Spain's answers with
    the US track as it stood when each was chosen."""
    agents = {side: make_agent(PLUGIN, "easy", side, seed * 10 + i)
              for i, side in enumerate(RULES.sides)}
    turn = st.turn
    chosen = []
    while st.outcome is None and st.turn == turn:
        side = st.decision.player
        assert side is not None
        action = agents[side].choose(RULES, st, RULES.legal_actions(st))
        if side == "spain":
            chosen.append((st.us_level, action))
        RULES.apply(st, action)
    return chosen


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
