"""Schemas of the Filipinas YAML kinds (DESIGN.md §4): map, counters, cards, tables, setup and
options."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import Field

from engine.data.positions import position_check
from engine.data.schema import Document, Id, Problem, Record, Ref, SchemaSet, ValidDoc
from filipinas.checks import CHECKS

SpaceId = Annotated[str, Id("space")]
SpaceRef = Annotated[str, Ref("space")]
CounterId = Annotated[str, Id("counter")]
CounterRef = Annotated[str, Ref("counter")]
CardRef = Annotated[str, Ref("card")]
SideName = Literal["spain", "filipino"]
Faction = Literal["spain", "filipino", "usa"]


class SpaceModel(Record):
    id: SpaceId
    name: str
    kind: Literal["province", "city", "line", "sea", "port", "box"]
    areas: list[str] = []
    resources: float = 0
    sacked_partial: float = 0
    province: SpaceRef | None = None
    captaincy: bool = False
    joins: list[SpaceRef] = []
    note: str | None = None


class TurnModel(Record):
    turn: int
    months: str
    season: Literal["dry", "wet"]


class TurnsModel(Record):
    note: str | None = None
    track: list[TurnModel]


class MapDoc(Document):
    kind: Literal["map"]
    spaces: list[SpaceModel]
    adjacency: list[tuple[SpaceRef, SpaceRef]]
    turns: TurnsModel


class UnitModel(Record):
    id: CounterId
    name: str
    side: SideName
    faction: Faction
    kind: Literal["brigade", "corps", "fleet"]
    cf: list[Annotated[int, Field(ge=1, le=2)]]
    restriction: Literal["magdiwan", "moros", "bisayas"] | None = None
    note: str | None = None


class LeaderModel(Record):
    id: CounterId
    name: str
    side: SideName
    faction: Faction
    lf: Annotated[int, Field(ge=0)]
    tf: Annotated[int, Field(ge=0)]
    captain_general: bool = False
    admiral: bool = False


class MarkerModel(Record):
    id: Annotated[str, Id("marker")]
    name: str
    count: Annotated[int, Field(ge=1)]
    section: str


class CountersDoc(Document):
    kind: Literal["counters"]
    units: list[UnitModel]
    leaders: list[LeaderModel]
    markers: list[MarkerModel]


class EffectModel(Record):
    """The effect vocabulary of the cards (DESIGN.md §4): each key is one verb."""

    ap: int | None = None
    morale: int | None = None
    us_intervention: int | None = None
    combat_roll: int | None = None
    counterattack_after_hit: bool = False
    cancel_card: bool = False
    appoint: CounterRef | None = None
    enter: list[CounterRef] = []
    reconcentration: bool = False
    build_line: bool = False
    zapote_line: bool = False
    filipino_artillery: bool = False
    exile_aguinaldo: bool = False
    disband_with_aguinaldo: bool = False
    baler: bool = False
    target_guerrilla: bool = False
    target_province: bool = False
    hide_province: bool = False
    place_unit: CounterRef | None = None
    place_guerrilla: bool = False
    recruit: int | None = None
    restore_brigade: bool = False
    reinforce: int | None = None
    damage_brigade: bool = False
    camara_fleet: bool = False
    naval_attack_in_port: bool = False
    us_takes_city: bool = False
    cancel_recruitment: bool = False
    entrench_stack: bool = False
    kill_canovas: bool = False
    kill_bonifacio: bool = False
    return_aguinaldo: bool = False


class RequiresModel(Record):
    government: Literal["canovas", "sagasta"] | None = None
    canovas_alive: bool | None = None
    leader_on_map: CounterRef | None = None
    also_on_map: CounterRef | None = None
    leader_available: CounterRef | None = None
    captaincy_spanish: bool | None = None
    filipino_in_cavite: bool | None = None
    zapote_off: bool | None = None
    reconcentration_off: bool | None = None
    unit_in_box: CounterRef | None = None
    artillery_available: bool | None = None
    exiled: bool | None = None
    morale_above: int | None = None


class CardModel(Record):
    id: Annotated[str, Id("card")]
    name: str
    deck: Literal["spanish", "filipino", "usa_spanish", "usa_filipino"]
    when: list[Literal["round", "combat", "cancel", "response"]]
    reaction: bool = False
    cancellable: bool = False
    role: Literal["attacker", "defender", "any"] = "any"
    combat_kinds: list[Literal["land", "siege", "naval"]] = []
    respond_to: list[Literal["recruit", "plunder", "political", "move", "hide"]] = []
    effect: EffectModel
    requires: RequiresModel = RequiresModel()
    bot: Literal["always", "lots", "never"] = "never"
    flavour: Annotated[str, Field(min_length=1)]


DeckName = Literal["spanish", "filipino", "usa_spanish", "usa_filipino"]


class CardsDoc(Document):
    kind: Literal["cards"]
    decks: dict[DeckName, Annotated[int, Field(ge=1)]] | None = None
    """The size of each deck, which its cards must add up to (filipinas/checks.py)."""
    cards: list[CardModel]


class BandModel(Record):
    from_: Annotated[int, Field(alias="from")]
    to: int
    cards: int


class ResourceTableModel(Record):
    note: str | None = None
    max: int
    cards: list[BandModel]


class MoraleBandModel(Record):
    from_: Annotated[int, Field(alias="from")]
    to: int
    cities: int


class MoraleModel(Record):
    reinforcement: int
    repatriation: int
    plunder: int
    battle: int
    siege: int
    fleet_step: int
    leader_lost: int
    bands: list[MoraleBandModel]


class GovEffect(Record):
    us: int
    morale: int


class EndOfTurnModel(Record):
    canovas: GovEffect
    sagasta: GovEffect
    reconcentration_us: int


class CombatTable(Record):
    note: str | None = None
    hit_on: int


class LocationTable(Record):
    note: str | None = None
    located_on: int
    target: int
    search_and_destroy: int
    equal_or_lower_cf: int
    lone_leader_rolls: Annotated[int, Field(ge=0)]
    lone_leader_cf: int


class SiegeTable(Record):
    hit_on: int
    defence_value: int
    naval_support: int


class RecruitmentTable(Record):
    success_on: int
    spanish_morale_at_least: int
    filipino_morale_at_most: int
    modifier: int
    cavite: SpaceRef


class PoliticalTable(Record):
    success_on: int
    us_step: int


class FortifiedLineTable(Record):
    cross_on: int
    attack_modifier: int


class ModifierTable(Record):
    attack_modifier: int


class ConvoyTable(Record):
    escort_modifier: int


class CostsTable(Record):
    action: Annotated[int, Field(ge=0)]
    attack_without_general: Annotated[int, Field(ge=0)]
    convoy_without_general: Annotated[int, Field(ge=0)]
    coordination: Annotated[int, Field(ge=0)]
    cards_for_one_ap: Annotated[int, Field(ge=1)]
    ap_for_cards: Annotated[int, Field(ge=0)]


class LimitsTable(Record):
    """Every limit the rules read (5.x, 6.x, 10.x); a turn number of -1 means "never"."""

    minimum_ap: Annotated[int, Field(ge=0)]
    minimum_ap_after_biak: Annotated[int, Field(ge=0)]
    hand: Annotated[int, Field(ge=0, le=100)]
    start_hand: Annotated[int, Field(ge=0, le=100)]
    reinforcements_per_round: Annotated[int, Field(ge=0)]
    no_reinforcements_at_morale: int
    plunders_for_ap: Annotated[int, Field(ge=1)]
    ap_for_plunders: Annotated[int, Field(ge=0)]
    usa_cards_dealt: Annotated[int, Field(ge=0, le=100)]
    wet_turn: int
    reconcentration: int
    us_entry: int
    morale_min: int
    morale_max: int
    us_min: int
    us_max: int
    solo_max_ap: Annotated[int, Field(ge=0)]
    solo_reinforce_morale_at_most: int
    solo_protect_up_to: Annotated[int, Field(ge=0)]
    solo_regular_strength: Annotated[int, Field(ge=0)]


class TablesDoc(Document):
    """Tables and rule numbers (costs, rolls, limits); see tables.yaml. Every number the rules
    read is a required, typed field, so a file that validates is one the game can play."""

    kind: Literal["tables"]
    resource_table: ResourceTableModel
    combat: CombatTable
    location: LocationTable
    siege: SiegeTable
    recruitment: RecruitmentTable
    political: PoliticalTable
    fortified_line: FortifiedLineTable
    zapote: ModifierTable
    entrenchment: ModifierTable
    convoy: ConvoyTable
    protect_cf: int
    search_cf: int
    costs: CostsTable
    limits: LimitsTable
    morale: MoraleModel
    end_of_turn: EndOfTurnModel


class PlacementModel(Record):
    """Counters put together on one space: on the board they form one stack; in a box (the
    Graveyard, Recalled to Spain, a Troops box) they simply lie there."""

    counters: list[CounterRef]
    space: SpaceRef
    reduced: Annotated[list[CounterRef], Field(description=(
        "Those of `counters` showing their back (reduced step, or a corps's Guerrilla side)."
    ))] = []


class ArtilleryModel(Record):
    state: Literal["unused", "in_play", "lost"] = "unused"
    holder: CounterRef | None = None


class MarkersModel(Record):
    """The markers of a position in a game in progress (4.2.3)."""

    target: list[CounterRef] = []
    protect: list[CounterRef] = []
    search: list[CounterRef] = []
    entrenched: list[CounterRef] = []
    baler: list[CounterRef] = []
    landed: list[CounterRef] = []
    zapote_defenders: list[CounterRef] = []
    sacked: list[SpaceRef] = []
    lines: list[SpaceRef] = []
    zapote: bool = False
    reconcentration: bool = False
    artillery: ArtilleryModel = ArtilleryModel()


class DecksModel(Record):
    spanish: list[CardRef] = []
    filipino: list[CardRef] = []
    usa_spanish: list[CardRef] = []
    usa_filipino: list[CardRef] = []


class HandsModel(Record):
    spain: list[CardRef] = []
    filipino: list[CardRef] = []


class CardPilesModel(Record):
    """The decks and hands (decks draw from the end of the list); a card listed nowhere, and
    not out of the game, starts in its own deck."""

    decks: DecksModel = DecksModel()
    hands: HandsModel = HandsModel()


class SetupDoc(Document):
    kind: Literal["setup"]
    turn: int = Field(1, ge=1, description=(
        "The turn the game starts in, a turn of the map's turn track; its season applies "
        "from the next Administration Phase. The starting `ap` and five cards each replace "
        "that turn's Administration Phase, as in the full game."))
    ap: dict[SideName, int]
    morale: int
    us_intervention: int
    government: Literal["canovas", "sagasta"]
    placements: list[PlacementModel]
    boxes: dict[Faction, SpaceRef]
    cards_out: list[CardRef] = Field([], description=(
        "Cards already played before the start, out of the game. Their lasting effects follow: "
        "a card that kills Cánovas leaves Sagasta in power for good, a card that exiles "
        "Aguinaldo leaves the Filipino minimum at 1 AP (6.13.4); Aguinaldo placed in Hong "
        "Kong is in exile until the United States enter the war."))
    # A position in a game in progress (filipinas/rules/position.py, docs/editor.md); every
    # key is optional and the game starts at the beginning of `phase` of `turn`.
    phase: Literal["administration", "action"] | None = None
    active: SideName | None = None
    markers: MarkersModel | None = None
    cities: dict[SpaceRef, Faction] | None = None
    us_at_war: bool | None = None
    us_entry_pending: bool | None = None
    exiled: bool | None = None
    biak: bool | None = None
    canovas_dead: bool | None = None
    government_changed: bool | None = None
    plunders: Annotated[int, Field(ge=0)] | None = None
    cards: CardPilesModel | None = None


class OptionsDoc(Document):
    kind: Literal["options"]
    solo: bool = False


def _check_decks(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """Every deck holds at least one card, and combat cards say their role (6.13)."""
    cards = docs["cards"]
    model = cards.model_as(CardsDoc)
    problems: list[Problem] = []
    decks = {c.deck for c in model.cards}
    for deck in ("spanish", "filipino", "usa_spanish", "usa_filipino"):
        if deck not in decks:
            problems.append(cards.doc.problem(("cards",), f"the {deck} deck has no card"))
    for i, card in enumerate(model.cards):
        if "combat" in card.when and not card.combat_kinds:
            problems.append(cards.doc.problem(("cards", i),
                                              f"combat card {card.id} lists no combat_kinds"))
    return problems


def _check_adjacency(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """Each pair of adjacent spaces is listed once, and never joins a space to itself (the map
    is built from these pairs when a game starts)."""
    item = docs.get("map")
    if item is None:
        return []
    problems: list[Problem] = []
    seen: set[frozenset[str]] = set()
    for i, (a, b) in enumerate(item.model_as(MapDoc).adjacency):
        if a == b:
            problems.append(item.doc.problem(("adjacency", i), f"{a} is made adjacent to itself"))
        elif frozenset((a, b)) in seen:
            problems.append(item.doc.problem(("adjacency", i),
                                             f"{a} and {b} are listed as adjacent twice"))
        seen.add(frozenset((a, b)))
    return problems


def _check_setup(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """The starting position names everything the rules read (8.0): both sides' action points,
    and a box for every counter that starts off the map (by its faction, else by its side)."""
    setup_item, counters_item = docs.get("setup"), docs.get("counters")
    if setup_item is None:
        return []
    setup = setup_item.model_as(SetupDoc)
    problems: list[Problem] = []
    for side in ("spain", "filipino"):
        if side not in setup.ap:
            problems.append(setup_item.doc.problem(
                ("ap",), f"the {side} side has no starting action points"))
    if counters_item is None:
        return problems
    counters = counters_item.model_as(CountersDoc)
    missing = sorted({c.faction for c in [*counters.units, *counters.leaders]
                      if c.faction not in setup.boxes and c.side not in setup.boxes})
    for faction in missing:
        problems.append(setup_item.doc.problem(
            ("boxes",), f"no box for the {faction} counters that start off the map"))
    return problems


def _check_start(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """A counter placed once; reduced counters among those placed and with a back; the turn on
    the turn track; a card out once; the lasting effects of the cards out agree with the
    position (Cánovas dead: Sagasta governs; Aguinaldo in Hong Kong: an exile card is out)."""
    item, counters_item = docs["setup"], docs["counters"]
    map_item, cards_item = docs["map"], docs["cards"]
    setup = item.model_as(SetupDoc)
    problem = item.doc.problem
    problems: list[Problem] = []
    steps = {u.id: len(u.cf) for u in counters_item.model_as(CountersDoc).units}
    seen: set[str] = set()
    for i, placement in enumerate(setup.placements):
        for j, cid in enumerate(placement.counters):
            if cid in seen:
                problems.append(problem(("placements", i, "counters", j),
                                        f"{cid} is placed more than once"))
            seen.add(cid)
        for j, cid in enumerate(placement.reduced):
            if cid not in placement.counters or steps.get(cid, 1) < 2:
                problems.append(problem(("placements", i, "reduced", j),
                                        f"{cid} is not a two-step counter of this placement"))
    turns = [t.turn for t in map_item.model_as(MapDoc).turns.track]
    if setup.turn not in turns:
        problems.append(problem(("turn",), f"turn {setup.turn} is not on the turn track "
                                           f"({min(turns)}-{max(turns)})"))
    effects = {c.id: c.effect for c in cards_item.model_as(CardsDoc).cards}
    out: set[str] = set()
    for i, card in enumerate(setup.cards_out):
        if card in out:
            problems.append(problem(("cards_out", i), f"{card} is listed twice"))
        out.add(card)
    if any(effects[c].kill_canovas for c in out if c in effects) \
            and setup.government != "sagasta":
        problems.append(problem(("government",), "Cánovas is dead (a card out killed him): "
                                                 "Sagasta governs"))
    in_hong_kong = any("aguinaldo" in p.counters and p.space == "hong_kong"
                       for p in setup.placements)
    if in_hong_kong and not any(effects[c].exile_aguinaldo for c in out if c in effects):
        problems.append(problem(("cards_out",), "Aguinaldo starts in exile in Hong Kong: "
                                                "list the card that sent him there (6.13.4)"))
    return problems


def _rules() -> Any:
    """The game's rules, which lay out the setup as a position (imported when a scenario is
    checked; the rules keep what they load for the game that follows)."""
    from filipinas import PLUGIN

    return PLUGIN.rules


SCHEMAS = SchemaSet(
    game="filipinas",
    kinds={
        "map": MapDoc,
        "counters": CountersDoc,
        "cards": CardsDoc,
        "tables": TablesDoc,
        "setup": SetupDoc,
        "options": OptionsDoc,
    },
    checks=(_check_decks, _check_adjacency, _check_setup, _check_start,
            position_check("setup", lambda: _rules())),
    required_kinds=("map", "counters", "cards", "tables", "setup"),
)

SCHEMAS = dataclasses.replace(SCHEMAS, checks=(*SCHEMAS.checks, *CHECKS))
"""Then the checks a designer trips over (filipinas/checks.py)."""
