"""The status lines of the side panel: the turn template 1-16 with the period of the war, the
step of the sequence of play (section 14), the level of play, the F.E.C. tracks (section 11),
the weather (section 13), naval use, the provinces and population held (section 5) and the
combat being declared (section 8)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from guerra.rules.data import GuerraData
from guerra.ui.labels import LEVELS, PHASES, SIDE_WORDS, players_text

DONE, NOW, TO_COME = "■", "▣", "□"


def turn_template(data: GuerraData, turn: int) -> str:
    """The 16 boxes of the turn template grouped by year: done, current, to come."""
    years: dict[str, str] = {}
    for t in range(1, data.last_turn + 1):
        year = data.periods.get(t, "")[-4:]
        mark = DONE if t < turn else NOW if t == turn else TO_COME
        years[year] = years.get(year, "") + mark
    return "  ".join(f"{year} {marks}" for year, marks in years.items())


def _phase(view: Mapping[str, Any], seat_names: Mapping[str, str]) -> str:
    phase = str(view["phase"])
    text = PHASES.get(phase, phase)
    if phase in ("movement", "combat"):
        acting = SIDE_WORDS.get(view.get("acting") or "", "")
        text = f"{acting}: {text}"
    player = view.get("player")
    if phase == "options":
        # a table decision: whoever sits at this screen answers it, even for a computer's
        # seat, so the panel names no side (the seat banner says who has the screen)
        text += " — the table chooses"
    elif player and phase != "over":
        text += f" — {seat_names.get(player, player)} to play"
    return text


def status_lines(view: Mapping[str, Any], data: GuerraData, seat_names: Mapping[str, str],
                 zone_names: Mapping[str, str]) -> list[tuple[str, str]]:
    turn = view["turn"]
    last = data.last_turn
    head = f"{turn} of {last}, {view['period']}" if turn <= last else \
        f"{turn}: playing on after a tie (section 5d)"
    lines = [("Turn", head), ("Template", turn_template(data, turn)),
             ("Step", _phase(view, seat_names))]
    first = view.get("first_side")
    options = view.get("options")
    if options is None:
        lines.append(("Level", "to be chosen by the Nationalist player: basic (no F.E.C., "
                               "no weather), intermediate (F.E.C.) or advanced (F.E.C. and "
                               "weather, section 4)"))
    else:
        tie = "a tie ends the game" if options["tie_ends_game"] else "play on after a tie"
        level = LEVELS[options["level"]].split(" (")[0]
        players = players_text(options["nationalist_players"], options["republican_players"])
        lines.append(("Level", f"{level}, {players}, {tie}"))
        lines.append(("F.E.C.", _fec(view, data, options["level"])))
        lines.append(("Weather", _weather(view, data, zone_names, options["level"])))
    if first:
        lines.append(("First", f"the {SIDE_WORDS[first]} move first every turn"))
    navy = view.get("naval_allowance") or {}
    if navy and view["phase"] in ("movement", "combat"):
        lines.append(("Navy", "usable this turn: " + ", ".join(
            f"{SIDE_WORDS[s]} {n}" for s, n in sorted(navy.items()))))
    lines.append(("Provinces", _provinces(view, data)))
    combat = view.get("combat")
    if combat:
        lines.append(("Combat", _combat(view, combat)))
    if view.get("reach"):
        lines.append(("Marks", "dotted white: displacement, no combat; red hatched: "
                               "movement into an enemy control zone, it must attack"))
    return lines


def _fec(view: Mapping[str, Any], data: GuerraData, level: str) -> str:
    if level == "basic":
        return "not used at the basic level"
    fec = view["fec"]
    return (f"Nationalists {fec['nationalist']}, Republicans {fec['republican']} "
            f"(track {data.fec_min}…+{data.fec_max}; {data.fec_cost} buy +{data.fec_bonus})")


def _weather(view: Mapping[str, Any], data: GuerraData, zone_names: Mapping[str, str],
             level: str) -> str:
    if level != "advanced":
        return "not used below the advanced level"
    zones = view.get("weather") or []
    if not zones:
        return "no ZM marker this turn"
    boxes = {b.zone: b for b in data.weather_boxes.get(data.weather_turn(view["turn"]), ())}
    parts = []
    for zone in zones:
        box = boxes.get(zone)
        effect = ""
        if box is not None:
            per = "each counter" if box.per_counter else "each combat"
            effect = f": movement −{box.movement}, attack −{box.combat} for {per}"
        parts.append(f"ZM in zone {zone} ({zone_names.get(zone, '')}){effect}")
    return "; ".join(parts)


def _provinces(view: Mapping[str, Any], data: GuerraData) -> str:
    held: dict[str, list[str]] = {"nationalist": [], "republican": [], "disputed": []}
    for pid, state in view["provinces"].items():
        held[state].append(pid)
    pop = {side: sum(data.provinces[p].population for p in held[side])
           for side in ("nationalist", "republican")}
    return (f"Nationalists {len(held['nationalist'])} (population {pop['nationalist']}), "
            f"Republicans {len(held['republican'])} (population {pop['republican']}), "
            f"in dispute {len(held['disputed'])}; {data.victory_provinces} win")


def _combat(view: Mapping[str, Any], combat: Mapping[str, Any]) -> str:
    attackers, defenders = combat["attackers"], combat["defenders"]
    air_a, air_d = len(combat["attack_support"]), len(combat["defence_support"])
    text = f"{len(attackers)} attacker(s)"
    if air_a:
        text += f" + {air_a} air"
    if combat["attacker_fec"]:
        text += " + F.E.C."
    text += f" = {combat['attack']} against {len(defenders)} defender(s)"
    if air_d:
        text += f" + {air_d} air"
    if combat["defender_fec"]:
        text += " + F.E.C."
    text += f" = {combat['defence']}"
    if combat["stack"]:
        text += " (city stack: the city-stack table)"
    stage = {"setup": "declaring", "defence": "the defender answers",
             "losses": "losses to choose"}.get(combat["stage"], "")
    return f"{text}; {stage}"
