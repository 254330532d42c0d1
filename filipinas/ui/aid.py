"""The F1 player aid: how to play on this screen, the sequence of play, the action costs and
the Help Sheet tables, every number read from the scenario's tables.yaml and map.yaml, and the
cards of each deck from cards.yaml."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.ui.adapter import AidPage
from filipinas.rules.setup import GameData
from filipinas.ui.labels import card_line


def _signed(value: int) -> str:
    return f"{value:+d}".replace("-", "−")


def pages(documents: Mapping[str, Any], data: GameData) -> list[AidPage]:
    t = documents["tables"]
    track = documents["map"]["turns"]["track"]
    return [_bulleted(page) for page in (
        _screen(),
        _sequence(t, track),
        _costs(t),
        _combat(t),
        _other_rolls(t),
        _resources_morale(t),
        *_cards(data),
    )]


def _bulleted(page: AidPage) -> AidPage:
    """A mark before each entry, so entries that wrap stay apart: numbered steps keep their
    number, the lines that follow a step get a dash, the others a bullet."""
    def mark(line: str) -> str:
        if re.match(r"\d+\. ", line):
            return line
        return f"   – {line.strip()}" if line.startswith(" ") else f"• {line}"

    return AidPage(page.title, tuple(mark(line) for line in page.lines))


def _screen() -> AidPage:
    return AidPage("Playing on this screen", (
        "Click one of your stacks to select it: the spaces it can move to and the enemy stacks "
        "it can attack are marked, and the panel lists every action of the stack with its AP "
        "cost.",
        "Click the selected stack again to pick the counter under the pointer alone (a leader "
        "moving alone, a unit unstacking or attacking alone).",
        "Coordinated Action: with one Search and Destroy brigade selected, click another in the "
        "same Province to join them, then click the Guerrilla to locate and attack it together "
        "(5.2.2.1, 6.9.2). Any second action in the same round costs 1 AP more.",
        "Click a Province with nothing selected to recruit or bring reinforcements there; click "
        "a Fortified Line box to build it.",
        "Cards are played from the panel (free); cards with many targets are played by "
        "clicking their target on the map.",
        "Hover a stack to spread its counters; hover anything for its name.",
        "Esc deselects; Ctrl+Z undoes (not past a die roll); wheel or +/− zooms; drag pans.",
    ))


def _sequence(t: Mapping[str, Any], track: list[Mapping[str, Any]]) -> AidPage:
    lim = t["limits"]
    wet = ", ".join(str(x["turn"]) for x in track if x["season"] == "wet")
    eot = t["end_of_turn"]
    return AidPage("Sequence of play (5.0)", (
        f"{len(track)} turns of four months; wet turns ({wet}): {_signed(lim['wet_turn'])} AP.",
        "1. Administration (5.1): Resources = Provinces controlled (half when partial or "
        "sacked) + leaders' LF, − wet turn, − Reconcentration, rounded down; at least "
        f"{lim['minimum_ap']} AP ({lim['minimum_ap_after_biak']} for the Filipinos after "
        f"Biak-na-Bató). Unused AP carry over, up to {t['resource_table']['max']}.",
        f"   Draw cards by the Resources box (see the Resources page); hand limit "
        f"{lim['hand']}. Sacked, Target and Baler markers come off.",
        "2. Action Phase (5.2): rounds alternate, the Filipinos first. In a round: pass, or "
        "one action (or a Coordinated Action), and any cards. Two passes in a row end it.",
        "   Reaction cards (red titles) are played in the other player's round: in a combat, "
        "against a card marked 1, or in answer to an action.",
        f"3. End of turn (5.3): Cánovas {_signed(eot['canovas']['us'])} US Intervention; "
        f"Sagasta {_signed(eot['sagasta']['us'])} US and {_signed(eot['sagasta']['morale'])} "
        f"Morale; Reconcentration {_signed(eot['reconcentration_us'])} US; fleets at Sea "
        "return to port; victory check.",
        "Victory (5.3): Spain surrenders when the Filipinos hold the cities its Morale band "
        "asks (see Morale); with a city in American hands the game is a draw. Spain wins if "
        "the last turn ends without surrender, or at once if no Filipino unit is left "
        "(unless Aguinaldo is in exile or the United States are at war).",
    ))


def _costs(t: Mapping[str, Any]) -> AidPage:
    c = t["costs"]
    one = c["action"]
    return AidPage("Action costs (5.2)", (
        f"Every action: {one} AP. Cards: free. Trade {c['cards_for_one_ap']} cards: +1 AP.",
        f"Attack or siege without a general in the Province (or the Captain General in the "
        f"Captaincy of Manila): {c['attack_without_general']} AP.",
        f"Convoy or landing without Merritt: {c['convoy_without_general']} AP.",
        f"Coordinated Action (a second action in the same round, or several stacks acting "
        f"together): +{c['coordination']} AP once per round.",
        "Filipinos: Recruit, Move, Plunder, Hide, Political Action, Attack/Besiege, Entrench, "
        "Stack/Unstack, a leader moving alone.",
        "Americans (with the Filipino AP): Move, convoy and landing, Attack/Besiege.",
        "Spain: Recruit (restore a brigade), Move (also coastal transport), Disperse (Protect "
        "the Fields, Search and Destroy) or Regroup, Reinforcements (1 AP per brigade, at "
        f"most {t['limits']['reinforcements_per_round']} a round), Repatriate, Build a "
        "Fortified Line, Political Action (US track or government), end Reconcentration, "
        "Attack/Besiege, Entrench.",
        "Search and Destroy covers the location and attack of that brigade in the same round.",
    ))


def _combat(t: Mapping[str, Any]) -> AidPage:
    loc, siege = t["location"], t["siege"]
    return AidPage("Combat, location and sieges (6.6-6.8)", (
        f"Combat Table: one die + attacker CF − defender CF + modifiers; a hit on "
        f"{t['combat']['hit_on']} or more. A hit flips a CF 2 counter and removes a CF 1.",
        f"Modifiers: + the attacking leader's TF, − the defending leader's TF; entrenched "
        f"defender {_signed(t['entrenchment']['attack_modifier'])}; defender on a Fortified "
        f"Line {_signed(t['fortified_line']['attack_modifier'])}; Zapote Line "
        f"{_signed(t['zapote']['attack_modifier'])}; a US fleet escorting transports "
        f"{_signed(t['convoy']['escort_modifier'])}; cards.",
        "A missed attack may be answered by a free counterattack.",
        f"Guerrilla Location Table: one die per column, located on {loc['located_on']}+; "
        f"Target {_signed(loc['target'])}, Search and Destroy "
        f"{_signed(loc['search_and_destroy'])}, column CF not above the Guerrilla's "
        f"{_signed(loc['equal_or_lower_cf'])}. A Search and Destroy brigade rolls once per CF.",
        f"A lone Filipino leader: {loc['lone_leader_rolls']} location rolls; found, he dies.",
        f"Siege: strength at least the city's Defence Value ({siege['defence_value']} + the CF "
        f"inside); a hit on {siege['hit_on']}+ (leaders' TF, naval support "
        f"{_signed(siege['naval_support'])}); all defenders surrender. Filipinos besiege only "
        "with the Artillery.",
        f"Protect the Fields / Search and Destroy brigades defend at CF {t['protect_cf']}.",
    ))


def _other_rolls(t: Mapping[str, Any]) -> AidPage:
    r = t["recruitment"]
    return AidPage("Recruitment, politics and lines (6.1, 6.12, 6.13)", (
        f"Recruitment succeeds on {r['success_on']}+.",
        f"Spain {_signed(r['modifier'])} with Morale {r['spanish_morale_at_least']} or more.",
        f"Filipinos {_signed(r['modifier'])} each: Morale {r['filipino_morale_at_most']} or "
        f"less, the United States at war, recruiting in Cavite, a leader in the Province.",
        "A recruited Guerrilla takes a Target marker.",
        f"Political Action succeeds on {t['political']['success_on']}+: the Filipinos push "
        "the US track up one, Spain holds it down one, or changes the government once.",
        f"Crossing an active Fortified Line: {t['fortified_line']['cross_on']}+ (a Guerrilla "
        "is marked even if it fails).",
    ))


def _resources_morale(t: Mapping[str, Any]) -> AidPage:
    cards = "; ".join(f"{b['from_']}-{b['to']} AP: {b['cards']} card{'s' * (b['cards'] != 1)}"
                      for b in t["resource_table"]["cards"])
    m = t["morale"]
    bands = "; ".join(f"Morale {b['from_']}-{b['to']}: {b['cities']} city(ies)"
                      for b in m["bands"])
    return AidPage("Resources and Spanish Morale (5.1.3, 4.2.3.13, 5.3.1)", (
        f"Cards drawn: {cards}.",
        f"Morale: reinforcement {_signed(m['reinforcement'])} per brigade, repatriation "
        f"{_signed(m['repatriation'])}, plunder {_signed(m['plunder'])}, each battle hit "
        f"±{m['battle']}, siege ±{m['siege']}, fleet step ±{m['fleet_step']}, Spanish leader "
        f"lost −{m['leader_lost']}.",
        f"Cities the Filipinos must hold for Spain to surrender: {bands}.",
        f"United States: war at {t['limits']['us_entry']} on the Intervention track.",
    ))


def _cards(data: GameData) -> list[AidPage]:
    decks = (("filipino", "Filipino cards"), ("spanish", "Spanish cards"),
             ("usa_filipino", "'USA at War' cards (Filipino)"),
             ("usa_spanish", "'USA at War' cards (Spanish)"))
    out = []
    for deck, title in decks:
        lines = tuple(card_line(c, data) for c in data.cards.values() if c.deck == deck)
        if lines:
            out.append(AidPage(title, lines))
    return out
