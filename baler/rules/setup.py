"""Turn a scenario's validated documents into the static game data and the starting state
(rulebook "Initial deployment"; the deployment itself is in scenarios/baler/setup.yaml)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from baler.rules.queries import reevaluate_firepower
from baler.rules.state import (
    BAGS,
    ELIMINATED_BY,
    ES_ELIMINATED,
    PH_ELIMINATED,
    RESERVE,
    SIDES,
    WALLS,
    BalerState,
    CardInfo,
    Effect,
    GameData,
    Kind,
    Options,
    Post,
    Side,
    UnitInfo,
    centre,
)
from engine.core.dice import Dice
from engine.core.game import Scenario


def _effects(raw: list[Mapping[str, Any]]) -> tuple[Effect, ...]:
    out = []
    for item in raw:
        verb, args = next((k, v) for k, v in item.items() if v is not None)
        out.append(Effect(verb, tuple(sorted((k, _freeze(v)) for k, v in args.items()))))
    return tuple(out)


def _freeze(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def build_data(documents: Mapping[str, Any]) -> GameData:
    """The printed board, counters, cards and tables as frozen data."""
    board, units, cards = documents["board"], documents["units"], documents["cards"]
    tables, setup = documents["tables"], documents["setup"]
    areas = tuple(board["areas"])
    names: dict[str, str] = {}
    posts: dict[str, Post] = {}
    for p in board["guard_posts"]:
        areas_of = tuple(sorted(set(p["areas"])))
        posts[p["id"]] = Post(p["id"], Side(p["side"]), p["label"], p["name"], areas_of)
        names[p["id"]] = p["name"]
    posts_by_area = {
        (side, area): tuple(pid for pid, p in posts.items() if p.side is side and area in p.areas)
        for side in SIDES
        for area in areas
    }
    artillery_posts = {a["area"]: a["id"] for a in board["artillery_posts"]}
    names.update({a["id"]: a["name"] for a in board["artillery_posts"]})
    trench_spaces = {t["id"]: (t["area"], tuple(t["beside"])) for t in board["trench_spaces"]}
    names.update({t["id"]: t["name"] for t in board["trench_spaces"]})
    trenches_by_area = {
        area: tuple(t for t, (a, _) in trench_spaces.items() if a == area) for area in areas
    }
    detachment = {d["id"]: (d["row"], d["column"]) for d in board["spanish_detachment"]}
    for d in board["spanish_detachment"]:
        names[d["id"]] = f"Spanish detachment row {d['row']}, column {d['column']}"
    names.update({d["id"]: d["name"] for d in board["philippine_detachment"]})
    names.update({b: f"Philippine barracks {i}" for i, b in enumerate(board["barracks"], 1)})
    names.update({b: f"Infirmary bed {i}" for i, b in enumerate(board["infirmary"], 1)})
    names.update({c["id"]: c["name"] for c in board["command_posts"]})
    names.update({t["id"]: f"{t['name']} (territorial control map {t['number']})"
                  for t in board["territorial_control_map"]})
    names.update({b["id"]: b["name"] for b in board["boxes"]})
    names.update({centre(a): f"Centre of area {a}" for a in areas})
    tcm = sorted(board["territorial_control_map"], key=lambda t: t["number"])

    unit_info: dict[str, UnitInfo] = {}
    for s in units["soldiers"]:
        unit_info[s["id"]] = UnitInfo(
            s["id"], Side(s["side"]), Kind.SOLDIER, s["name"], s["combat"], s["manpower"]
        )
    for lead in units["leaders"]:
        unit_info[lead["id"]] = UnitInfo(
            lead["id"],
            Side(lead["side"]),
            Kind.LEADER,
            lead["name"],
            lead["combat"],
            0,
            lead["rank"],
            lead["type"],
            lead["home"],
            lead["early_morale_boost"],
            lead["early_until_turn"],
        )
    for a in units["artillery"]:
        unit_info[a["id"]] = UnitInfo(
            a["id"], Side(a["side"]), Kind.ARTILLERY, a["name"], a["combat"]
        )

    card_info: dict[str, CardInfo] = {}
    for c in cards["cards"]:
        secondary = c["secondary"]
        requires: tuple[tuple[str, Any], ...] = ()
        if secondary is not None:
            given = secondary["requires"].items()
            requires = tuple(sorted((k, v) for k, v in given if v is not None))
        card_info[c["id"]] = CardInfo(
            c["id"],
            c["title"],
            c["owner"],
            c["fow"],
            c["ap"],
            c["initiative"],
            tuple(c["icons"]),
            _effects(c["main"]),
            _effects(secondary["effects"]) if secondary is not None else (),
            requires,
            c["flavour"],
        )
    opts = setup.get("options") or {}
    return GameData(
        areas=areas,
        posts=posts,
        posts_by_area=posts_by_area,
        artillery_posts=artillery_posts,
        trench_spaces=trench_spaces,
        trenches_by_area=trenches_by_area,
        detachment=detachment,
        detachment_grid={rc: sid for sid, rc in detachment.items()},
        ph_leader_spaces=tuple(d["id"] for d in board["philippine_detachment"]),
        barracks=tuple(board["barracks"]),
        beds=tuple(board["infirmary"]),
        command_posts={c["id"]: (Side(c["side"]), c["role"]) for c in board["command_posts"]},
        tcm=tuple(t["id"] for t in tcm),
        tcm_names=tuple(t["name"] for t in tcm),
        tcm_modifiers=tuple(t["modifier"] for t in tcm),
        no_troops_modifier=board["no_troops_modifier"],
        names=names,
        units=unit_info,
        cards=card_info,
        tables=dict(tables),
        options=Options(**opts),
    )


def new_state(scenario: Scenario, dice: Dice, data: GameData | None = None) -> BalerState:
    """The starting position, with shuffled decks and six-card hands; no task is pushed yet.
    `data` is the scenario's printed data when the caller already built it."""
    docs = scenario.documents
    if data is None:
        data = build_data(docs)
    setup = docs["setup"]
    st = BalerState(data=data, dice=dice)
    every_space = [
        *data.posts, *data.artillery_posts.values(), *data.detachment, *data.ph_leader_spaces,
        *data.barracks, *data.beds, *data.command_posts, *data.tcm, *BAGS.values(),
        ES_ELIMINATED, PH_ELIMINATED, RESERVE, *(centre(a) for a in data.areas),
    ]
    st.at = {space: [] for space in every_space}
    placed = {unit: space for space, unit in setup["placements"].items()}
    for unit in setup.get("eliminated") or ():
        placed[unit] = ELIMINATED_BY[data.units[unit].side.enemy]
    troops = setup.get("territorial_troops")
    for unit in troops["units"] if troops else ():
        placed[unit] = troops["space"]
    for unit, info in data.units.items():
        if unit in placed:
            where = placed[unit]
        elif info.kind is Kind.LEADER:
            where = info.home
        elif info.kind is Kind.ARTILLERY:
            where = RESERVE
        else:
            where = BAGS[info.side]
        st.loc[unit] = where
        st.at[where].append(unit)
    tracks = setup["tracks"]
    for side in SIDES:
        st.supply[side] = tracks[side.value]["supply"]
        st.morale[side] = tracks[side.value]["morale"]
        st.vp[side] = tracks[side.value]["vp"]
        st.vp_causes[side] = {"at the start": st.vp[side]} if st.vp[side] else {}
        st.surveillance[side] = set()
        st.attacked[side] = set()
        st.table[side] = []
        st.face_down[side] = None
        st.fow_drawn[side] = None
        st.discards[side] = []
        st.hands[side] = []
    st.walls = {area: WALLS.index(cond) for area, cond in setup["walls"].items()}
    st.trenches = {space: "operational" for space in setup["trenches"]}
    st.beds_open = setup["infirmary_open_beds"]
    st.turn = int(setup.get("turn", 1))
    st.power = setup["foreign_power"].get("power", "spain")
    st.power_space = data.tcm.index(setup["foreign_power"]["space"]) + 1
    st.us_strength = int(data.tables["foreign_power"]["us_start_strength"])
    st.persistence = setup["persistence_active"]
    for side in SIDES:
        deck = [c.id for c in data.cards.values() if c.owner == side.value and not c.fow]
        fow = [c.id for c in data.cards.values() if c.owner == side.value and c.fow]
        dice.shuffle(deck)
        dice.shuffle(fow)
        st.decks[side] = deck
        st.fow_decks[side] = fow
    st.shared_deck = [c.id for c in data.cards.values() if c.owner == "shared"]
    dice.shuffle(st.shared_deck)
    st.shared_faceup = {slot: dice.deal(st.shared_deck) if st.shared_deck else None
                        for slot in "AB"}
    hand = int(data.tables["hand_size"])
    for side in SIDES:
        for _ in range(hand):
            if st.decks[side]:
                st.hands[side].append(dice.deal(st.decks[side]))
    reevaluate_firepower(st)
    return st
