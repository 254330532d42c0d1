"""Schemas of the Heroes of Baler scenario files (DESIGN.md §4).

One model per YAML kind: `board` (the church, its posts and the boxes around it), `units` (every
counter with its factors), `cards` (the 55 cards, their events written in the effect vocabulary
of `baler.rules.effects`), `tables` (every number of the rulebook's procedures) and `setup` (the
initial deployment and the options chosen before the game). `SCHEMAS` is what
`engine.data.schema.load_scenario` needs.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from baler.checks import CHECKS
from engine.data.positions import position_check
from engine.data.schema import Document, Id, Problem, Record, Ref, SchemaSet, ValidDoc

SideName = Literal["spanish", "philippine"]
AreaId = Annotated[str, Ref("area")]
SpaceRef = Annotated[str, Ref("space")]
UnitRef = Annotated[str, Ref("unit")]
DieTable = Annotated[list[int], Field(min_length=6, max_length=6)]
Count = Annotated[int, Field(ge=1, le=3)]
Bonus = Annotated[int, Field(ge=0, le=3)]
Faces = list[Annotated[int, Field(ge=1, le=6)]]

# --- board -----------------------------------------------------------------------------------


class GuardPost(Record):
    id: Annotated[str, Id("space")]
    side: SideName
    label: Literal["1-2", "2", "3-4", "5-6"]
    name: str
    areas: Annotated[list[AreaId], Field(min_length=1)]


class ArtilleryPost(Record):
    id: Annotated[str, Id("space")]
    area: AreaId
    name: str


class TrenchSpace(Record):
    id: Annotated[str, Id("space")]
    area: AreaId
    name: str
    beside: Annotated[list[SpaceRef], Field(min_length=1)]


class DetachmentSpace(Record):
    id: Annotated[str, Id("space")]
    row: Literal["1-2", "3-4", "5-6"]
    column: Annotated[int, Field(ge=1, le=6)]


class NamedSpace(Record):
    id: Annotated[str, Id("space")]
    name: str


class CommandPost(Record):
    id: Annotated[str, Id("space")]
    side: SideName
    role: Literal["military", "medical", "religious", "leadership", "us-support"]
    name: str


class TcmSpace(Record):
    id: Annotated[str, Id("space")]
    number: Annotated[int, Field(ge=1, le=5)]
    name: str
    modifier: int | None


class Board(Document):
    kind: Literal["board"]
    areas: list[Annotated[str, Id("area")]]
    guard_posts: list[GuardPost]
    artillery_posts: list[ArtilleryPost]
    trench_spaces: list[TrenchSpace]
    spanish_detachment: list[DetachmentSpace]
    philippine_detachment: list[NamedSpace]
    barracks: list[Annotated[str, Id("space")]]
    infirmary: Annotated[list[Annotated[str, Id("space")]], Field(min_length=6, max_length=6)]
    command_posts: list[CommandPost]
    territorial_control_map: Annotated[list[TcmSpace], Field(min_length=5, max_length=5)]
    no_troops_modifier: int
    boxes: list[NamedSpace]


# --- units -----------------------------------------------------------------------------------


class Soldier(Record):
    id: Annotated[str, Id("unit")]
    side: SideName
    name: str
    combat: Annotated[int, Field(ge=1, le=3)]
    manpower: Annotated[int, Field(ge=0, le=3)]


class Leader(Record):
    id: Annotated[str, Id("unit")]
    side: SideName
    name: str
    type: Literal["military", "medical", "religious", "any"]
    rank: Annotated[int, Field(ge=1, le=3)]
    combat: Annotated[int, Field(ge=0, le=3)]
    home: SpaceRef
    early_morale_boost: Annotated[int, Field(ge=1, le=3)] = 1
    early_until_turn: Annotated[int, Field(ge=0, le=6)] = 0


class Artillery(Record):
    id: Annotated[str, Id("unit")]
    side: Literal["philippine"]
    name: str
    combat: Annotated[int, Field(ge=1, le=3)]


class Units(Document):
    kind: Literal["units"]
    soldiers: list[Soldier]
    leaders: list[Leader]
    artillery: list[Artillery]


# --- cards: the effect vocabulary -------------------------------------------------------------


class AttackArgs(Record):
    kind: Literal["shooting", "incursion", "artillery", "any"] = "any"
    area: Literal["choose"] = "choose"
    count: Count = 1
    extra_dice: Bonus = 0
    strength_bonus: Bonus = 0
    free_rerolls: Bonus = 0


class CountArgs(Record):
    count: Count = 1


class AmountArgs(Record):
    amount: Annotated[int, Field(ge=-3, le=3)]
    side: Literal["own", "enemy"] = "own"


class NoArgs(Record):
    """An effect verb that takes no arguments."""


class RepairArgs(Record):
    count: Count = 1
    supply_cost: Annotated[int, Field(ge=0, le=1)] = 1


class DestroyTrenchArgs(Record):
    state: Literal["sabotaged", "any"] = "sabotaged"


class BuildTrenchArgs(Record):
    supply_cost: Annotated[int, Field(ge=0, le=1)] = 1


class DamageWallsArgs(Record):
    roll: Annotated[list[Annotated[int, Field(ge=0, le=2)]], Field(min_length=6, max_length=6)]


class Effect(Record):
    """One event effect: exactly one verb with its arguments (`{attack: {kind: shooting}}`)."""

    attack: AttackArgs | None = None
    movement: CountArgs | None = None
    supply: AmountArgs | None = None
    morale: AmountArgs | None = None
    supply_roll: NoArgs | None = None
    surveillance: CountArgs | None = None
    repair: RepairArgs | None = None
    heal: CountArgs | None = None
    expand_infirmary: NoArgs | None = None
    artillery_reinforcement: NoArgs | None = None
    destroy_trench: DestroyTrenchArgs | None = None
    build_trench: BuildTrenchArgs | None = None
    damage_walls: DamageWallsArgs | None = None
    reinforce_posts: CountArgs | None = None
    persistence: NoArgs | None = None
    us_activation: NoArgs | None = None
    ready_leader: NoArgs | None = None

    @model_validator(mode="after")
    def _one_verb(self) -> Effect:
        given = [name for name in type(self).model_fields if getattr(self, name) is not None]
        if len(given) != 1:
            verbs = ", ".join(type(self).model_fields)
            raise ValueError(f"an effect names exactly one verb (one of {verbs}), got {given}")
        return self


SPANISH_VERBS = frozenset({"heal", "expand_infirmary", "destroy_trench", "us_activation"})
PHILIPPINE_VERBS = frozenset(
    {"artillery_reinforcement", "build_trench", "damage_walls", "persistence"}
)


class Requirement(Record):
    morale_at_least: Annotated[int, Field(ge=0, le=6)] | None = None
    supply_at_least: Annotated[int, Field(ge=0, le=6)] | None = None
    turn_at_least: Annotated[int, Field(ge=1, le=6)] | None = None
    leader_in_command: bool | None = None


class Secondary(Record):
    requires: Requirement = Requirement()
    effects: Annotated[list[Effect], Field(min_length=1)]


class Card(Record):
    id: Annotated[str, Id("card")]
    title: str
    owner: Literal["spanish", "philippine", "shared"]
    fow: bool = False
    ap: Annotated[int, Field(ge=0, le=4)]
    initiative: Annotated[int, Field(ge=0, le=10)]
    icons: Annotated[
        list[Literal["attack", "movement", "supply", "morale", "star"]], Field(max_length=2)
    ]
    main: Annotated[list[Effect], Field(min_length=1)]
    secondary: Secondary | None = None
    flavour: str


class DeckTotals(Record):
    """The card counts the data must add up to (checked in baler/checks.py)."""

    total: Annotated[int, Field(ge=1)] | None = None
    faction: dict[SideName, Annotated[int, Field(ge=0)]] = {}
    shared: Annotated[int, Field(ge=0)] | None = None
    fog_of_war: dict[SideName, Annotated[int, Field(ge=0)]] = {}


class Cards(Document):
    kind: Literal["cards"]
    decks: DeckTotals | None = None
    cards: list[Card]


# --- tables ----------------------------------------------------------------------------------


class BaseDice(Record):
    attacker: Annotated[int, Field(ge=0, le=5)]
    defender: Annotated[int, Field(ge=0, le=5)]


class SpanishAttrition(Record):
    supply_loss_by_roll: DieTable
    ill_by_supply: Annotated[list[int], Field(min_length=7, max_length=7)]
    deserters_by_morale: Annotated[list[int], Field(min_length=7, max_length=7)]
    loss_row_by_roll: Annotated[
        list[Literal["1-2", "3-4", "5-6"]], Field(min_length=6, max_length=6)
    ]
    deserter_without_vp_column: Annotated[int, Field(ge=1, le=6)]


class PhilippineAttrition(Record):
    supply_loss_by_roll: DieTable
    morale_loss_by_supply: Annotated[list[int], Field(min_length=7, max_length=7)]


class ForeignPower(Record):
    spain_strength: Annotated[int, Field(ge=1, le=5)]
    us_turns: list[Annotated[int, Field(ge=1, le=6)]]
    us_start_strength: Annotated[int, Field(ge=1, le=5)]
    us_strength_by_roll: DieTable
    us_steps_by_roll: DieTable


class ActionCosts(Record):
    basic_cost: int
    repeat_cost: int
    basic_max_uses: int
    special_cost: int
    movements_per_action: int


class SupplyOutcome(Record):
    supply: int
    morale: int


class RepairTable(Record):
    spanish_manpower: int
    philippine_manpower: int
    supply_cost: int


class TrenchTable(Record):
    manpower: int
    supply_cost: int
    per_phase: int


class SurveillanceTable(Record):
    markers: int
    bonus_by_roll: DieTable


class ShootingTable(Record):
    kill: Faces
    injury: Faces


class IncursionTable(Record):
    success: Faces
    attacker_injury: Faces
    max_targets: int


class ArtilleryTable(Record):
    attacker_dice: int
    defender_dice: int
    success: Faces
    shrapnel: Faces
    max_levels: int


class UsSupport(Record):
    certain_until_turn: int
    success_from_turn_4: Faces


class Victory(Record):
    soldier: int
    leader: int
    artillery: int
    walls_destroyed: int
    all_trenches: int
    all_trenches_last_turn_extra: int
    tcm_turns: list[int]
    tcm_space_vp: dict[str, int]
    walls_last_turn_none_wrecked: int
    walls_last_turn_all_intact: int
    destroyed_areas_to_end: int
    destroyed_areas_vp: int
    automatic_lead: int


class Tables(Document):
    kind: Literal["tables"]
    turns: Annotated[int, Field(ge=1, le=6)]
    hand_size: int
    track_max: int
    max_combat_dice: int
    max_firepower: int
    base_dice: BaseDice
    spanish_attrition: SpanishAttrition
    philippine_attrition: PhilippineAttrition
    foreign_power: ForeignPower
    tcm_combat_success: Faces
    tcm_stack_limit: int
    actions: ActionCosts
    spanish_supply_action: Annotated[list[SupplyOutcome], Field(min_length=6, max_length=6)]
    philippine_supply_action: DieTable
    repair: RepairTable
    trench: TrenchTable
    raise_morale: int
    surveillance: SurveillanceTable
    shooting: ShootingTable
    philippine_location_by_roll: Annotated[
        list[Literal["1-2", "3-4", "5-6"]], Field(min_length=6, max_length=6)
    ]
    spanish_location_by_roll: Annotated[
        list[Literal["walls", "2", "3-4", "5-6"]], Field(min_length=6, max_length=6)
    ]
    incursion: IncursionTable
    artillery_attack: ArtilleryTable
    walls: list[Literal["intact", "damaged", "wrecked", "destroyed"]]
    leader_upkeep_by_roll: Annotated[
        list[Literal["disabled", "detachment", "stay"]], Field(min_length=6, max_length=6)
    ]
    leadership_morale_by_rank: Annotated[list[int], Field(min_length=3, max_length=3)]
    religious_morale: int
    us_support: UsSupport
    fow_keep_morale_cost: int
    victory: Victory


# --- setup -----------------------------------------------------------------------------------


class Options(Record):
    us_arrival: Literal["attrition-turn-4", "upkeep-turn-3"] = "attrition-turn-4"
    artillery_in_incursion_firepower: bool = False
    walls_destroyed_vp_any_cause: bool = True
    leaders_on_tcm: bool = True


class SideTracks(Record):
    supply: Annotated[int, Field(ge=0, le=6)]
    morale: Annotated[int, Field(ge=0, le=6)]
    vp: Annotated[int, Field(ge=0)]


class Tracks(Record):
    spanish: SideTracks
    philippine: SideTracks


class StartingPower(Record):
    """The foreign power marker on the territorial control map at the start."""

    space: Annotated[SpaceRef, Field(description="The territorial control map space it is on "
                                                 "(tcm-2 to tcm-5: never Baler).")]
    power: Literal["spain", "us", "none"] = Field(
        "spain", description="Which power the marker shows: Spain (strength fixed by the "
        "tables), or the United States when a later start begins after the US arrival; none "
        "once the United States have left.")
    us_strength: Annotated[int, Field(ge=1, le=6)] | None = Field(None, description=(
        "The strength the US marker shows (default: the tables' starting strength)."))


class TerritorialTroops(Record):
    """Philippine troops already on the territorial control map at the start (one space,
    at most three soldiers and leaders: rulebook "Territorial control map")."""

    space: Annotated[SpaceRef, Field(description="Their space, tcm-1 to tcm-4, below the "
                                                 "foreign power's.")]
    units: Annotated[list[UnitRef], Field(min_length=1, max_length=3,
                                          description="Philippine soldiers and leaders.")]


CardRef = Annotated[str, Ref("card")]
PhaseName = Literal["initiative", "events", "attrition", "first-shootings", "action",
                    "second-shootings", "upkeep"]


class SidePiles(Record):
    spanish: list[CardRef] = []
    philippine: list[CardRef] = []


class FaceUp(Record):
    A: CardRef | None = None
    B: CardRef | None = None


class CardPiles(Record):
    """Every card by pile (decks and bags draw from the end of the list); a card listed
    nowhere starts in its own deck."""

    hands: SidePiles = SidePiles()
    decks: SidePiles = SidePiles()
    discards: SidePiles = SidePiles()
    fow_decks: SidePiles = SidePiles()
    shared_deck: list[CardRef] = []
    shared_faceup: FaceUp = FaceUp()
    removed: list[CardRef] = []


class SideAreas(Record):
    spanish: list[AreaId] = []
    philippine: list[AreaId] = []


class Firepower(Record):
    level: Annotated[int, Field(ge=0, le=3)]
    favours: SideName | None = None


class Setup(Document):
    kind: Literal["setup"]
    options: Options = Options()
    turn: int = Field(1, ge=1, le=6, description=(
        "The turn the game starts in (the turn track's space); 1 for the whole game. Every "
        "turn-dependent rule (the US arrival, US support, the turn 3 and turn 6 scoring, the "
        "early morale boost) reads it as it stands."))
    tracks: Tracks
    walls: dict[AreaId, Literal["intact", "damaged", "wrecked", "destroyed"]]
    trenches: list[SpaceRef]
    infirmary_open_beds: Annotated[int, Field(ge=1, le=6)]
    foreign_power: StartingPower
    persistence_active: bool
    placements: Annotated[dict[SpaceRef, UnitRef], Field(description=(
        "One unit per space: guard posts and detachment spaces of its side, artillery posts "
        "(artillery only) and the open infirmary beds (Spanish soldiers and leaders). Leaders "
        "not placed start in their named detachment space, soldiers in their side's bag, "
        "artillery in the reserve."))]
    eliminated: list[UnitRef] = Field([], description=(
        "Counters out of play at the start (killed, dead of disease, deserted): each lies "
        "where an eliminated counter of its side goes, Spanish ones in the Philippine area, "
        "Philippine ones in the Spanish area. The starting VP are in `tracks`."))
    territorial_troops: TerritorialTroops | None = Field(None, description=(
        "Philippine troops on the territorial control map at the start (none if omitted)."))
    # A position in a game in progress (baler/rules/position.py, docs/editor.md): every key
    # below is optional, and the game starts at the beginning of `phase` of `turn`.
    phase: PhaseName | None = Field(None, description=(
        "The phase the game starts at (default: initiative); its own steps run first."))
    initiative: SideName | None = Field(None, description=(
        "The side holding the initiative (needed after the initiative phase)."))
    boxes: dict[SpaceRef, list[UnitRef]] | None = Field(None, description=(
        "Units of the spaces `placements` does not cover: bags (drawn from the end of the "
        "list), the artillery reserve, beds, command posts, a space of two."))
    exhausted: list[UnitRef] | None = Field(None, description="Leaders exhausted.")
    disabled: dict[UnitRef, Annotated[int, Field(ge=1, le=6)]] | None = Field(
        None, description="Leaders disabled, with the turn they were disabled in.")
    surveillance: SideAreas | None = Field(None, description=(
        "The areas holding each side's surveillance markers."))
    shooting_markers: dict[AreaId, SideName] | None = Field(None, description=(
        "Areas where a side has shot this turn."))
    firepower: dict[AreaId, Firepower] | None = Field(None, description=(
        "Firepower markers (default: worked out from the units)."))
    sabotaged_trenches: list[SpaceRef] | None = Field(None, description=(
        "Trench sections built but sabotaged."))
    cards: CardPiles | None = Field(None, description=(
        "Every pile of cards (default: shuffled and dealt as at the start)."))


# --- cross-file checks -----------------------------------------------------------------------


def _check_cards(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """Faction cards use only their side's verbs, shared cards only verbs both sides have, and
    Fog of War cards have no secondary event (rulebook "Cards")."""
    item = docs.get("cards")
    if item is None:
        return []
    problems: list[Problem] = []
    cards = item.model_as(Cards).cards
    for i, card in enumerate(cards):
        verbs = [
            name
            for effect in [*card.main, *(card.secondary.effects if card.secondary else [])]
            for name in type(effect).model_fields
            if getattr(effect, name) is not None
        ]
        foreign = {
            "spanish": PHILIPPINE_VERBS,
            "philippine": SPANISH_VERBS,
            "shared": SPANISH_VERBS | PHILIPPINE_VERBS,
        }[card.owner]
        for verb in verbs:
            if verb in foreign:
                problems.append(
                    item.doc.problem(("cards", i), f"a {card.owner} card cannot use '{verb}'")
                )
        if card.fow and card.owner == "shared":
            message = "shared cards are not Fog of War"
            problems.append(item.doc.problem(("cards", i, "fow"), message))
        if card.fow and card.secondary is not None:
            problems.append(
                item.doc.problem(("cards", i, "secondary"), "Fog of War cards have no secondary")
            )
        if not card.fow and card.secondary is None:
            problems.append(item.doc.problem(("cards", i), "this card needs a secondary event"))
    return problems


def _check_board(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """Each area has one post of each label per side, the bell tower in every area (GAP-BAL-23)."""
    item = docs.get("board")
    if item is None:
        return []
    board = item.model_as(Board)
    problems: list[Problem] = []
    wanted = {"spanish": ["2", "3-4", "5-6"], "philippine": ["1-2", "3-4", "5-6"]}
    for area in board.areas:
        for side, labels in wanted.items():
            found = sorted(
                p.label for p in board.guard_posts if p.side == side and area in p.areas
            )
            if found != labels:
                message = f"area {area} has {side} posts {found}, expected {labels}"
                problems.append(item.doc.problem(("guard_posts",), message))
    return problems


def _check_setup(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """Each unit is placed once, on a space its side may use (rulebook "The map"): posts and
    detachment spaces of its side, artillery posts for artillery, open infirmary beds for
    Spanish soldiers and leaders; every area's walls have a starting condition; the territorial
    troops and the foreign power stand where the territorial control map allows; the starting
    turn is on the turn track."""
    setup_item, board_item, units_item = docs.get("setup"), docs.get("board"), docs.get("units")
    if setup_item is None or board_item is None or units_item is None:
        return []
    setup = setup_item.model_as(Setup)
    board = board_item.model_as(Board)
    units = units_item.model_as(Units)
    side_of_space: dict[str, str] = {p.id: p.side for p in board.guard_posts}
    side_of_space.update({s.id: "spanish" for s in board.spanish_detachment})
    side_of_space.update({s: "philippine" for s in board.barracks})
    side_of_space.update({a.id: "philippine" for a in board.artillery_posts})
    open_beds = set(board.infirmary[: setup.infirmary_open_beds])
    side_of_space.update({bed: "spanish" for bed in open_beds})
    kind_of_unit = {u.id: ("soldier", u.side) for u in units.soldiers}
    kind_of_unit.update({u.id: ("leader", u.side) for u in units.leaders})
    kind_of_unit.update({u.id: ("artillery", u.side) for u in units.artillery})
    artillery_spaces = {a.id for a in board.artillery_posts}
    problem = setup_item.doc.problem
    problems: list[Problem] = []
    for area in board.areas:
        if area not in setup.walls:
            problems.append(problem(("walls",), f"the walls of area {area} have no starting "
                                                "condition"))
    troops = setup.territorial_troops.units if setup.territorial_troops else []
    seen: Counter[str] = Counter([*setup.placements.values(), *setup.eliminated, *troops])
    for space, unit in setup.placements.items():
        path = ("placements", space)
        if seen[unit] > 1:
            problems.append(problem(path, f"{unit} is placed more than once"))
        if space not in side_of_space or unit not in kind_of_unit:
            why = " (a closed bed)" if space in board.infirmary else ""
            problems.append(problem(path, f"{space} cannot hold a unit at start{why}"))
            continue
        kind, side = kind_of_unit[unit]
        if side != side_of_space[space]:
            problems.append(problem(path, f"{unit} cannot stand on {space}"))
        if (kind == "artillery") != (space in artillery_spaces):
            problems.append(problem(path, f"{unit} cannot stand on {space}"))
        if space in open_beds and kind == "artillery":
            problems.append(problem(path, f"{unit} cannot lie in the infirmary"))
    for i, unit in enumerate(setup.eliminated):
        if seen[unit] > 1 and unit not in setup.placements.values():
            problems.append(problem(("eliminated", i), f"{unit} is placed more than once"))
    problems += _check_territorial(setup, setup_item, board, kind_of_unit, seen)
    turns = docs.get("tables")
    if turns is not None and setup.turn > turns.model_as(Tables).turns:
        message = f"the game has {turns.model_as(Tables).turns} turns; it cannot start in turn " \
                  f"{setup.turn}"
        problems.append(problem(("turn",), message))
    return problems


def _check_territorial(setup: Setup, item: ValidDoc, board: Board,
                       kind_of_unit: Mapping[str, tuple[str, str]],
                       seen: Counter[str]) -> list[Problem]:
    """The foreign power never stands in Baler; Philippine troops (soldiers and leaders) stand
    on one space below it, never in Manila (rulebook "Movement on the territorial control
    map")."""
    number = {t.id: t.number for t in board.territorial_control_map}
    manila = max(number.values())
    problems: list[Problem] = []
    power = number.get(setup.foreign_power.space)
    if power is None or power == min(number.values()):
        problems.append(item.doc.problem(("foreign_power", "space"),
                                         "the foreign power stands on tcm-2 to tcm-5, never "
                                         "in Baler or off the territorial control map"))
    troops = setup.territorial_troops
    if troops is None:
        return problems
    where = number.get(troops.space)
    if where is None or where >= manila or (power is not None and where >= power):
        problems.append(item.doc.problem(("territorial_troops", "space"),
                                         "Philippine troops stand on a territorial space "
                                         "below the foreign power's, never in Manila"))
    for i, unit in enumerate(troops.units):
        path = ("territorial_troops", "units", i)
        kind, side = kind_of_unit.get(unit, ("", ""))
        if side != "philippine" or kind == "artillery":
            problems.append(item.doc.problem(path, f"{unit} cannot stand on the territorial "
                                                   "control map (Philippine soldiers and "
                                                   "leaders only)"))
        elif seen[unit] > 1:
            problems.append(item.doc.problem(path, f"{unit} is placed more than once"))
    return problems


def _rules() -> Any:
    """The game's rules, which lay out the setup as a position (imported when a scenario is
    checked; the rules keep what they load for the game that follows)."""
    from baler import PLUGIN

    return PLUGIN.rules


SCHEMAS = SchemaSet(
    game="baler",
    kinds={"board": Board, "units": Units, "cards": Cards, "tables": Tables, "setup": Setup},
    checks=(_check_cards, _check_board, _check_setup,
            position_check("setup", lambda: _rules())),
    required_kinds=("board", "units", "cards", "tables", "setup"),
)

SCHEMAS = dataclasses.replace(SCHEMAS, checks=(*SCHEMAS.checks, *CHECKS))
"""Then the checks a designer trips over (baler/checks.py)."""
