"""The player aid (F1): the sequence of play, the action costs, the attrition and supply
tables, combat and victory points — every number read from the scenario's tables.yaml."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.ui.adapter import AidPage, AidTable


def _by_roll(values: Sequence[Any]) -> str:
    """A table indexed by a die: "1: a · 2: b · …"."""
    return " · ".join(f"{face}: {value}" for face, value in enumerate(values, 1))


def _by_level(values: Sequence[Any]) -> str:
    return " · ".join(f"{level}: {value}" for level, value in enumerate(values))


def _faces(faces: Sequence[int]) -> str:
    return "/".join(str(f) for f in faces)


def sequence_page(t: dict[str, Any]) -> AidPage:
    return AidPage("Sequence of play", (
        f"A game lasts {t['turns']} turns. Each turn, in order:",
        "1 Initiative — each side lays a card face down; the higher initiative value wins "
        "(tie: the holder keeps it; turn 1: the Philippine side). An own Fog of War card laid "
        "here has its event resolved.",
        "2 Events — two event cards each, initiative side first; a support card may boost "
        "them (matching icon; a star on the support card matches any) to trigger secondary "
        "events.",
        "3 Attrition — Spanish supply roll, beriberi and desertion; Philippine supply roll "
        "with the territorial modifier; from turn 4 the US strength and advance rolls.",
        "4 First shootings — the initiative side shoots in two areas (mandatory).",
        "5 Action — the cards left give action points, spent on basic and special actions.",
        "6 Second shootings — the other side shoots in the two other areas.",
        "7 Upkeep — victory points and automatic victory; Fog of War (keep or give, take a "
        "shared card); man the posts from the bag; leaders roll; next turn (hands refilled to "
        f"{t['hand_size']}).",
    ))


def actions_page(t: dict[str, Any]) -> AidPage:
    a = t["actions"]
    repair = t["repair"]
    trench = t["trench"]
    return AidPage("Action costs", (
        f"Basic actions: {a['basic_cost']} AP, a second time {a['repeat_cost']} AP, never a "
        f"third ({a['basic_max_uses']} uses at most).",
        "  Attack (shooting, incursion or artillery), never the same area twice in a phase",
        f"  Movement: {a['movements_per_action']} movements of any type",
        f"  Surveillance: a marker in an area ({t['surveillance']['markers']} per side)",
        "  Supply: a roll on your supply table",
        f"  Repair: Spanish walls with {repair['spanish_manpower']} manpower in the area, "
        f"Philippine trench with {repair['philippine_manpower']}; {repair['supply_cost']} "
        "supply",
        f"Special actions: {a['special_cost']} AP each, once per phase.",
        "  Spanish: expand the infirmary, heal units (two lowest beds, or one of your choice), "
        f"USS Yorktown (turns {t['foreign_power']['us_turns'][0]}-"
        f"{t['foreign_power']['us_turns'][-1]}), raise the morale "
        f"(+{t['raise_morale']})",
        f"  Philippine: trench section I, then II ({trench['manpower']} manpower beside it, "
        f"{trench['supply_cost']} supply), raise the morale (+{t['raise_morale']}), "
        "Persistence",
    ))


def attrition_page(t: dict[str, Any]) -> AidPage:
    es = t["spanish_attrition"]
    ph = t["philippine_attrition"]
    us = t["foreign_power"]
    return AidPage("Attrition tables", (
        f"Spanish supply loss, by roll: {_by_roll(es['supply_loss_by_roll'])}",
        f"Units ill with beriberi, by the new supply: {_by_level(es['ill_by_supply'])}",
        f"Deserters, by morale: {_by_level(es['deserters_by_morale'])}",
        "Each loss: odd = a unit drawn from the bag, even = row and column dice in the "
        f"detachment (rows by roll: {_by_roll(es['loss_row_by_roll'])}); a deserter found "
        f"with a column {es['deserter_without_vp_column']} scores no VP.",
        f"Philippine supply loss, by modified roll: {_by_roll(ph['supply_loss_by_roll'])}",
        f"Philippine morale loss, by supply: {_by_level(ph['morale_loss_by_supply'])}",
        "Territorial modifier: the space of the Philippine troops (1 Baler … 4), none on the "
        "map counts as Baler.",
        f"US (turns {us['us_turns'][0]}-{us['us_turns'][-1]}): strength by roll "
        f"{_by_roll(us['us_strength_by_roll'])}; steps by roll "
        f"{_by_roll(us['us_steps_by_roll'])}.",
    ))


def supply_page(t: dict[str, Any]) -> AidPage:
    es = " · ".join(f"{i}: supply {row['supply']:+d}" + (f", morale {row['morale']:+d}"
                                                          if row["morale"] else "")
                    for i, row in enumerate(t["spanish_supply_action"], 1))
    return AidPage("Supply tables", (
        f"Spanish supply action, by roll: {es}",
        "Philippine supply action, by roll with the territorial modifier: "
        f"{_by_roll(t['philippine_supply_action'])}",
        "Modified rolls below 1 read as 1, above 6 as 6. Supply and morale run 0 to "
        f"{t['track_max']}; gains over {t['track_max']} are lost.",
    ))


def combat_page(t: dict[str, Any]) -> AidPage:
    base = t["base_dice"]
    art = t["artillery_attack"]
    inc = t["incursion"]
    return AidPage("Combat", (
        f"Dice: attacker {base['attacker']}, defender {base['defender']}, plus the firepower "
        f"(0-{t['max_firepower']}) for the stronger side; at most {t['max_combat_dice']} "
        "dice.",
        f"Surveillance bonus, by roll: {_by_roll(t['surveillance']['bonus_by_roll'])}",
        f"Shooting: {_faces(t['shooting']['kill'])} kills, {_faces(t['shooting']['injury'])} "
        "wounds.",
        f"Philippine casualty post, by roll: {_by_roll(t['philippine_location_by_roll'])}",
        f"Spanish casualty post, by roll: {_by_roll(t['spanish_location_by_roll'])}",
        f"Incursion: {_faces(inc['success'])} succeed, each success cancels one of the enemy; "
        f"at most {inc['max_targets']} targets; each {_faces(inc['attacker_injury'])} rolled "
        "wounds an attacker.",
        f"Artillery: {art['attacker_dice']} dice against {art['defender_dice']}; "
        f"{_faces(art['success'])} succeed; at most {art['max_levels']} wall levels; each "
        f"{_faces(art['shrapnel'])} left wounds a defender (shrapnel).",
        f"Territorial control map: {_faces(t['tcm_combat_success'])} succeed; stack limit "
        f"{t['tcm_stack_limit']}.",
        "Modifiers: morale (−1 morale: +1 or reroll), command (military leader: one die per "
        "rank), leader on the map (a reroll), Persistence, cards. A die is modified once; "
        "morale and command never in the same combat.",
    ))


def victory_page(t: dict[str, Any]) -> AidPage:
    v = t["victory"]
    spaces = ", ".join(f"space {s}: {p}" for s, p in v["tcm_space_vp"].items())
    return AidPage("Victory points and leaders", (
        f"Eliminated: soldier {v['soldier']}, leader {v['leader']}, artillery piece "
        f"{v['artillery']}; a patient pushed into the graveyard also scores.",
        f"Walls of an area destroyed: {v['walls_destroyed']} (Philippine).",
        f"All eight trench sections operational in the Upkeep: {v['all_trenches']} "
        f"(+{v['all_trenches_last_turn_extra']} in the last turn).",
        f"Territorial control map in turns {', '.join(map(str, v['tcm_turns']))}: {spaces}.",
        f"Last turn walls: all Intact {v['walls_last_turn_all_intact']}, none Wrecked or "
        f"Destroyed {v['walls_last_turn_none_wrecked']} (Spanish).",
        f"Automatic end: walls destroyed in {v['destroyed_areas_to_end']} areas "
        f"(+{v['destroyed_areas_vp']} Philippine), or a lead of {v['automatic_lead']} VP.",
        f"Leaders in the command area, by roll: {_by_roll(t['leader_upkeep_by_roll'])}.",
    ))


def dice_page(t: dict[str, Any]) -> AidPage:
    """The die-roll tables side by side, one row per face."""
    spanish = t["spanish_supply_action"]
    rows = []
    for face in range(6):
        es = spanish[face]
        es_text = ", ".join(f"{k} {int(v):+d}" for k, v in es.items() if v) or "nothing"
        rows.append((
            str(face + 1), es_text, f"+{t['philippine_supply_action'][face]} supply",
            f"-{t['philippine_attrition']['supply_loss_by_roll'][face]} supply",
            f"+{t['surveillance']['bonus_by_roll'][face]}",
            str(t["leader_upkeep_by_roll"][face]),
            str(t["spanish_location_by_roll"][face]), str(t["philippine_location_by_roll"][face]),
        ))
    table = AidTable(("Die", "Spanish supply action", "Philippine supply action",
                      "Philippine attrition", "Surveillance", "Leader at Upkeep",
                      "Spanish casualty", "Philippine casualty"), tuple(rows),
                     "Die-roll tables (Philippine rolls take the territorial map modifier)")
    return AidPage("Die-roll tables", ("Each row is the face rolled.",), (table,))


def pages(tables: dict[str, Any]) -> list[AidPage]:
    """The game's pages; the engine adds the counter legend (GameUI.legend) as the last one."""
    return [sequence_page(tables), actions_page(tables), attrition_page(tables),
            supply_page(tables), combat_page(tables), victory_page(tables), dice_page(tables)]
