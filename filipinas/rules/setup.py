"""Scenario data turned into typed, frozen game data, and the initial state (8.0)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.areamap import AreaMap, Space
from engine.core.game import Scenario

SPAIN = "spain"
FILIPINO = "filipino"
USA = "usa"
SIDES = (FILIPINO, SPAIN)


@dataclass(frozen=True, slots=True)
class SpaceDef:
    """A space of the board (4.3): resources are kept in half points so that halves stay exact."""

    id: str
    name: str
    kind: str
    areas: frozenset[str]
    resources2: int
    sacked_partial2: int
    province: str | None
    captaincy: bool
    joins: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CounterDef:
    """A combat unit or a leader (4.2.1, 4.2.2)."""

    id: str
    name: str
    side: str
    faction: str
    kind: str
    cf: tuple[int, ...] = ()
    restriction: str | None = None
    lf: int = 0
    tf: int = 0
    captain_general: bool = False
    admiral: bool = False

    @property
    def leader(self) -> bool:
        return self.kind == "leader"

    @property
    def land(self) -> bool:
        return self.kind in ("brigade", "corps")


@dataclass(frozen=True, slots=True)
class CardDef:
    """A card (6.13): when it may be played, what it needs and its effect verbs."""

    id: str
    name: str
    deck: str
    when: frozenset[str]
    reaction: bool
    cancellable: bool
    role: str
    combat_kinds: frozenset[str]
    respond_to: frozenset[str]
    effect: Mapping[str, Any]
    requires: Mapping[str, Any]
    bot: str
    flavour: str

    @property
    def side(self) -> str:
        return SPAIN if self.deck in ("spanish", "usa_spanish") else FILIPINO


@dataclass(frozen=True, slots=True)
class Params:
    """Numbers of the rules and the Help Sheet tables (tables.yaml)."""

    cards_by_ap: tuple[tuple[int, int, int], ...]
    ap_max: int
    combat_hit: int
    locate_on: int
    locate_target: int
    locate_search: int
    locate_equal: int
    lone_leader_rolls: int
    lone_leader_cf: int
    siege_hit: int
    city_defence: int
    naval_support: int
    recruit_on: int
    recruit_spanish_morale: int
    recruit_filipino_morale: int
    recruit_mod: int
    recruit_bonus_space: str
    political_on: int
    political_step: int
    line_cross_on: int
    line_attack: int
    zapote_attack: int
    entrench_attack: int
    convoy_escort: int
    protect_cf: int
    search_cf: int
    cost: int
    cost_no_general: int
    cost_convoy_no_general: int
    coordination: int
    cards_for_ap: int
    ap_for_cards: int
    min_ap: int
    min_ap_biak: int
    hand: int
    start_hand: int
    reinforcements_per_round: int
    no_reinforcements_at_morale: int
    plunders_for_ap: int
    ap_for_plunders: int
    usa_cards_dealt: int
    wet: int
    reconcentration: int
    us_entry: int
    morale_min: int
    morale_max: int
    us_min: int
    us_max: int
    morale_reinforcement: int
    morale_repatriation: int
    morale_plunder: int
    morale_battle: int
    morale_siege: int
    morale_fleet_step: int
    morale_leader: int
    bands: tuple[tuple[int, int, int], ...]
    canovas_us: int
    canovas_morale: int
    sagasta_us: int
    sagasta_morale: int
    reconcentration_us: int
    solo_max_ap: int
    solo_reinforce_morale_at_most: int
    solo_protect_up_to: int
    solo_regular_strength: int

    def cards_for(self, ap: int) -> int:
        """Cards drawn for a Resources marker in box `ap` (5.1.3)."""
        for low, high, cards in self.cards_by_ap:
            if low <= ap <= high:
                return cards
        return self.cards_by_ap[-1][2]

    def cities_needed(self, morale: int) -> int:
        """Cities the Filipino must hold at this Spanish Morale (5.3.1)."""
        for low, high, cities in self.bands:
            if low <= morale <= high:
                return cities
        return 0


@dataclass(frozen=True, slots=True)
class GameData:
    """Everything printed, typed: the board, counters, cards, tables and the setup."""

    spaces: Mapping[str, SpaceDef]
    board: AreaMap
    counters: Mapping[str, CounterDef]
    cards: Mapping[str, CardDef]
    wet_turns: frozenset[int]
    last_turn: int
    params: Params
    setup: Mapping[str, Any]
    solo: bool = False
    order: Mapping[str, int] = field(default_factory=dict)

    @property
    def provinces(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.spaces.values() if s.kind == "province")

    @property
    def luzon(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.spaces.values()
                     if s.kind == "province" and "luzon" in s.areas)

    @property
    def cities(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.spaces.values() if s.kind == "city")

    @property
    def lines(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.spaces.values() if s.kind == "line")

    def city_of(self, province: str) -> str | None:
        for s in self.spaces.values():
            if s.kind == "city" and s.province == province:
                return s.id
        return None


def _half(value: float) -> int:
    doubled = value * 2
    if doubled != int(doubled):
        raise ValueError(f"resource value {value} is not a multiple of one half")
    return int(doubled)


def build_data(scenario: Scenario) -> GameData:
    """Type the validated documents of a scenario."""
    docs = scenario.documents
    m = docs["map"]
    spaces = {
        s["id"]: SpaceDef(s["id"], s["name"], s["kind"], frozenset(s["areas"]),
                          _half(s["resources"]), _half(s["sacked_partial"]), s["province"],
                          s["captaincy"], tuple(s["joins"]))
        for s in m["spaces"]
    }
    board = AreaMap(
        (Space(s.id, s.name, s.areas, s.kind) for s in spaces.values()),
        ((a, b) for a, b in m["adjacency"]),
    )
    c = docs["counters"]
    counters: dict[str, CounterDef] = {}
    for u in c["units"]:
        counters[u["id"]] = CounterDef(u["id"], u["name"], u["side"], u["faction"], u["kind"],
                                       tuple(u["cf"]), u["restriction"])
    for ld in c["leaders"]:
        counters[ld["id"]] = CounterDef(ld["id"], ld["name"], ld["side"], ld["faction"], "leader",
                                        (), None, ld["lf"], ld["tf"], ld["captain_general"],
                                        ld["admiral"])
    cards = {}
    for cd in docs["cards"]["cards"]:
        effect = {k: v for k, v in cd["effect"].items()
                  if v is not None and v is not False and v != []}
        requires = {k: v for k, v in cd["requires"].items() if v is not None}
        cards[cd["id"]] = CardDef(cd["id"], cd["name"], cd["deck"], frozenset(cd["when"]),
                                  cd["reaction"], cd["cancellable"], cd["role"],
                                  frozenset(cd["combat_kinds"]), frozenset(cd["respond_to"]),
                                  effect, requires, cd["bot"], cd["flavour"])
    t = docs["tables"]
    lim, cost, mor, eot = t["limits"], t["costs"], t["morale"], t["end_of_turn"]
    params = Params(
        cards_by_ap=tuple((b["from_"], b["to"], b["cards"]) for b in t["resource_table"]["cards"]),
        ap_max=t["resource_table"]["max"],
        combat_hit=int(t["combat"]["hit_on"]),
        locate_on=int(t["location"]["located_on"]),
        locate_target=int(t["location"]["target"]),
        locate_search=int(t["location"]["search_and_destroy"]),
        locate_equal=int(t["location"]["equal_or_lower_cf"]),
        lone_leader_rolls=int(t["location"]["lone_leader_rolls"]),
        lone_leader_cf=int(t["location"]["lone_leader_cf"]),
        siege_hit=t["siege"]["hit_on"],
        city_defence=t["siege"]["defence_value"],
        naval_support=t["siege"]["naval_support"],
        recruit_on=int(t["recruitment"]["success_on"]),
        recruit_spanish_morale=int(t["recruitment"]["spanish_morale_at_least"]),
        recruit_filipino_morale=int(t["recruitment"]["filipino_morale_at_most"]),
        recruit_mod=int(t["recruitment"]["modifier"]),
        recruit_bonus_space=str(t["recruitment"]["cavite"]),
        political_on=t["political"]["success_on"],
        political_step=t["political"]["us_step"],
        line_cross_on=t["fortified_line"]["cross_on"],
        line_attack=t["fortified_line"]["attack_modifier"],
        zapote_attack=t["zapote"]["attack_modifier"],
        entrench_attack=t["entrenchment"]["attack_modifier"],
        convoy_escort=t["convoy"]["escort_modifier"],
        protect_cf=t["protect_cf"],
        search_cf=t["search_cf"],
        cost=cost["action"],
        cost_no_general=cost["attack_without_general"],
        cost_convoy_no_general=cost["convoy_without_general"],
        coordination=cost["coordination"],
        cards_for_ap=cost["cards_for_one_ap"],
        ap_for_cards=cost["ap_for_cards"],
        min_ap=lim["minimum_ap"],
        min_ap_biak=lim["minimum_ap_after_biak"],
        hand=lim["hand"],
        start_hand=lim["start_hand"],
        reinforcements_per_round=lim["reinforcements_per_round"],
        no_reinforcements_at_morale=lim["no_reinforcements_at_morale"],
        plunders_for_ap=lim["plunders_for_ap"],
        ap_for_plunders=lim["ap_for_plunders"],
        usa_cards_dealt=lim["usa_cards_dealt"],
        wet=lim["wet_turn"],
        reconcentration=lim["reconcentration"],
        us_entry=lim["us_entry"],
        morale_min=lim["morale_min"],
        morale_max=lim["morale_max"],
        us_min=lim["us_min"],
        us_max=lim["us_max"],
        morale_reinforcement=mor["reinforcement"],
        morale_repatriation=mor["repatriation"],
        morale_plunder=mor["plunder"],
        morale_battle=mor["battle"],
        morale_siege=mor["siege"],
        morale_fleet_step=mor["fleet_step"],
        morale_leader=mor["leader_lost"],
        bands=tuple((b["from_"], b["to"], b["cities"]) for b in mor["bands"]),
        canovas_us=eot["canovas"]["us"],
        canovas_morale=eot["canovas"]["morale"],
        sagasta_us=eot["sagasta"]["us"],
        sagasta_morale=eot["sagasta"]["morale"],
        reconcentration_us=eot["reconcentration_us"],
        solo_max_ap=lim["solo_max_ap"],
        solo_reinforce_morale_at_most=lim["solo_reinforce_morale_at_most"],
        solo_protect_up_to=lim["solo_protect_up_to"],
        solo_regular_strength=lim["solo_regular_strength"],
    )
    track = m["turns"]["track"]
    solo = bool(docs.get("options", {}).get("solo", False))
    return GameData(
        spaces=spaces, board=board, counters=counters, cards=cards,
        wet_turns=frozenset(t_["turn"] for t_ in track if t_["season"] == "wet"),
        last_turn=max(t_["turn"] for t_ in track), params=params, setup=docs["setup"], solo=solo,
        order={cid: i for i, cid in enumerate(counters)},
    )


def deck_of(data: GameData, deck: str) -> list[str]:
    return [c.id for c in data.cards.values() if c.deck == deck]
