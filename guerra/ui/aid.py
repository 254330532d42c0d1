"""The F1 player aid of La Guerra de España: how to play on this screen, the sequence of play
(section 14), the summary table of movement factors (section 7), combat and the city-stack
table (section 8), the reinforcement tables (section 10), the naval-use, conversion and weather
tables and the victory conditions — every number read from the scenario's YAML."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.ui.adapter import AidPage
from guerra.rules.data import GuerraData


def pages(docs: Mapping[str, Any], data: GuerraData) -> list[AidPage]:
    return [_screen(), _sequence(data), _movement(data), _combat(docs, data),
            _reinforcements(docs, data), _tables(docs, data), _victory(data)]


def _screen() -> AidPage:
    return AidPage("Playing on this screen", (
        "• Click one of your counters to move it: the hexes it reaches are marked, dotted "
        "white for a displacement, red hatched for a move into an enemy control zone (it must "
        "then attack). Click a marked hex, or let it stay with the button.",
        "• Combats: click your counter, then the enemy counter; add more attackers, defenders "
        "and aircraft by clicking them, then roll with the button (spending F.E.C. or not).",
        "• Reinforcements: click a marked hex. Conversions: click two garrisons.",
        "• A counter on a port embarks from its choices; one aboard lands on a marked port.",
        "• Hover a stack to spread it, anything for its name. The mini-map (bottom right) "
        "shows the control of every province; click it to move the view.",
        "• Esc deselects; Ctrl+Z undoes (not past a die roll); wheel or +/− zooms; drag pans.",
    ))


def _sequence(data: GuerraData) -> AidPage:
    mix = data.reinforcement_mix
    return AidPage("Sequence of play (section 14)", (
        f"The war lasts {data.last_turn} turns of two months; the first player (die roll, "
        "section 4) moves first in every turn.",
        "Turn 1: initial placement (section 6), control markers, first-player roll, then "
        "steps 6-9.",
        f"1. Reinforcements by population factors, by zones of own provinces ({mix[0]} army "
        f"to {mix[1]} garrison), first player first.",
        "2. Reinforcements from the turn table.",
        f"3. Conversion of garrisons into army counters (from turn {data.conversion_from_turn}).",
        f"4. Extra combat factors (F.E.C., from turn {data.fec_from_turn}; intermediate and "
        "advanced levels).",
        "5. Meteorological factor (advanced level).",
        "6. First player: all movements (naval-use roll first), then all combats.",
        "7. Second player: all movements, then all combats.",
        "8. Readaptation of the air force.",
        "9. Control of provinces: a side on the capital of a province not its own, with no "
        "enemy land counter elsewhere in it, takes it. Victory check.",
    ))


def _movement(data: GuerraData) -> AidPage:
    mv = data.movement
    st = data.stacking
    return AidPage("Summary table of movement factors (section 7)", (
        f"Army: movement {mv.army_movement} (to fight); displacement {mv.army_displacement_own} "
        f"through own provinces, {mv.army_displacement_disputed} through provinces in "
        f"dispute; {mv.army_displacement_early} in turns 1-{mv.early_turns}; "
        f"{mv.landing_displacement} when landing ({mv.landing_movement} to fight).",
        f"Garrison: movement and displacement {mv.garrison_movement}; no mountains, no road "
        "bonus, no naval transport.",
        f"Naval: {mv.naval_movement} + one die per counter; the naval-use roll limits the "
        "counters used.",
        f"Air: movement {mv.air_movement} to fight or support; readaptation "
        f"{mv.air_readaptation} to an own capital or a hex next to it.",
        f"Road: +{mv.road_bonus} when the whole move is along the road, from turn "
        f"{mv.road_from_turn}. Mountain hexes cost {mv.mountain_cost}; a single point left is "
        "wasted.",
        "Control zone: the six hexes round a land or naval counter; entering one stops the "
        "move and forces a combat. No counter passes through another; no split moves.",
        f"Stacking: cities {st.by_city_size[2]}, provincial capitals {st.by_city_size[3]}, "
        f"Madrid and Barcelona {st.by_city_size[4]}, other hexes {st.other_land_hex}; "
        f"aircraft {st.air} a hex; naval {st.naval}.",
        f"Transport: {data.transport.per_naval_counter} army counters a naval counter, "
        f"{data.transport.per_player_at_once} aboard a player at once; the Strait bridge "
        f"carries {data.transport.strait_per_turn} a turn (section 7.2).",
    ))


def _result(cell: str) -> str:
    return cell.replace(" ", "+")


def _combat(docs: Mapping[str, Any], data: GuerraData) -> AidPage:
    table = docs["city_stack_table"]
    columns = table["factor_differences"]
    faces = ", ".join(str(f) for f in data.die.faces)
    lines = [
        f"Every counter has combat factor {data.combat_factor}. Each side rolls the die "
        f"({faces}) and multiplies by its combined factor; the higher product wins, the loser "
        "loses every counter engaged, a tie leaves both.",
        f"+{data.terrain_defence_bonus} to a land counter defending in a city or mountain hex; "
        f"+{data.air_support_bonus} per supporting aircraft within "
        f"{data.movement.air_support_range} hexes; +{data.fec_bonus} for {data.fec_cost} F.E.C.",
        f"Every attacker next to every defender; at most {data.max_without_stacks} against "
        f"{data.max_without_stacks} unless a stack is involved.",
        "City-stack table (attack factors minus defence factors across, attacker's die minus "
        "defender's down; AP: attacker loses, DP: defender loses; the loser chooses):",
        "Die \\ factors: " + " | ".join(f"{c:+d}" for c in columns),
    ]
    for row in table["rows"]:
        lines.append(f"Die {row['die']:+d}: " + " | ".join(_result(c) for c in row["results"]))
    return AidPage("Combat (section 8)", tuple(lines))


def _reinforcements(docs: Mapping[str, Any], data: GuerraData) -> AidPage:
    rdoc = docs["reinforcements"]
    pop = ", ".join(f"{row['turn']}: {row['republican']}/{row['nationalist']}"
                    for row in rdoc["population"])
    fixed: dict[int, list[str]] = {}
    for row in rdoc["fixed"]:
        fixed.setdefault(row["turn"], []).append(
            f"{row['count']} {data.families[row['family']].name}")
    lines = [
        "Population factors per counter, by turn (Republicans/Nationalists): " + pop + ".",
        f"Each zone of own provinces joined by land gives one counter per that many factors; "
        f"the rest is lost. Of every {sum(data.reinforcement_mix)}, "
        f"{data.reinforcement_mix[0]} army and {data.reinforcement_mix[1]} garrison.",
        "Placed on a capital of the zone or a hex next to it, in an own province, outside "
        "enemy control zones.",
        "Turn table (fixed reinforcements):",
    ]
    lines += [f"Turn {turn}: " + ", ".join(items) for turn, items in sorted(fixed.items())]
    return AidPage("Reinforcements (section 10)", tuple(lines))


def _tables(docs: Mapping[str, Any], data: GuerraData) -> AidPage:
    naval = ", ".join(f"die {row['roll']}: {row['counters']}"
                      for row in docs["naval_use"]["table"])
    conv = docs["conversions"]
    limits = ", ".join(f"turn {row['turn']}: {row['max']}" for row in conv["limits"])
    lines = [
        f"Naval use (section 7): {naval} naval counter(s).",
        f"Conversions (section 12): {conv['garrisons_per_army']} garrisons of one zone become "
        f"1 army counter; {limits}; unlimited from turn {conv['unlimited_from_turn']}.",
        "Weather (section 13, advanced level): the zone's die must show the value in its box; "
        "movement and attack cuts for the land counters of the zone (F per counter, C per "
        "combat):",
    ]
    zones = {z["id"]: z["name"] for z in docs["weather"]["zones"]}
    by_turn: dict[int, list[str]] = {}
    for b in docs["weather"]["boxes"]:
        per = "F" if b["per"] == "counter" else "C"
        by_turn.setdefault(b["turn"], []).append(
            f"{b['zone']} on {b['roll']}: −{b['movement']}/−{b['combat']}{per}")
    lines += [f"Turn {t}: " + "; ".join(items) for t, items in sorted(by_turn.items())]
    lines.append("Zones: " + "; ".join(f"{z} {name}" for z, name in zones.items()))
    lines.append(f"F.E.C. (section 11): track {data.fec_min} to +{data.fec_max}, start "
                 f"{data.fec_start}; each turn + economic, morale and port factors of own "
                 "provinces, minus morale and port factors of provinces lost.")
    return AidPage("Naval use, conversions, weather, F.E.C.", tuple(lines))


def _victory(data: GuerraData) -> AidPage:
    return AidPage("Who wins (section 5)", (
        "a) The enemy surrenders (the Surrender button, at the start of a movement).",
        "b) The enemy has no land counter left (checked at the end of each turn).",
        f"c) {data.victory_provinces} or more own provinces at the end of any turn (provinces "
        "in dispute count for nobody).",
        f"d) After turn {data.last_turn}: the population factors of own provinces; more than "
        f"{data.victory_margin} apart wins, otherwise a tie — which ends the game unless the "
        "players agreed to play on.",
    ))
