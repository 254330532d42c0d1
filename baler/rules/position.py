"""Positions of Heroes of Baler (engine.core.position; DESIGN.md §8).

A position is the setup document (scenarios/baler/setup.yaml) plus the keys a game in progress
needs: `turn`, `phase` and `initiative`; the `eliminated` units and the `territorial_troops`;
`boxes` for the other spaces that hold several counters or that the setup's one-unit
`placements` do not cover (bags in draw order, the artillery reserve, command posts, the
friars' space of two);
`exhausted` and `disabled` leaders, `surveillance` and `shooting_markers`, `firepower`,
`sabotaged_trenches`, the foreign power's `power` and `us_strength`, and `cards`, every pile by
name. A unit the position places nowhere starts where the setup's note says (leaders in their
detachment space, soldiers in their side's bag, artillery in the reserve); without `cards` the
decks are shuffled and the hands dealt as at the start; without `firepower` the markers are
worked out from the units (rulebook "Next turn" E).

`to_position` writes every key, so `from_position(to_position(s))` lays out the same counters,
tracks, markers and cards. What only exists inside a procedure goes where that procedure would
leave it: cards on the table to their discard pile (or out of the game), a face-down initiative
card back to its hand, a drawn Fog of War card back on its deck, incursion attackers in an
area's centre back to their bag, detachment space or reserve; the phase then starts afresh.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, MutableMapping
from typing import Any

from baler.rules.queries import reevaluate_firepower, set_firepower, tcm_position
from baler.rules.sequence import ORDER, GameTask
from baler.rules.setup import build_data, new_state
from baler.rules.state import (
    BAGS,
    ELIMINATED_BY,
    ES_ELIMINATED,
    PH_ELIMINATED,
    RESERVE,
    SIDES,
    WALLS,
    BalerState,
    GameData,
    Kind,
    Options,
    Phase,
    Side,
)
from baler.rules.tasks import settle
from baler.rules.tcm import MANILA
from engine.core.dice import Dice
from engine.core.game import Scenario
from engine.core.position import PositionError, PositionPath, Reader, overlay

MAP = 'rulebook "The map"'
CARDS = 'rulebook "Cards"'
INFIRMARY = 'rulebook "Infirmary structure"'
TCM = 'rulebook "The United States and the Territorial control map"'
SEQUENCE = 'rulebook "Game sequence"'
PHASES = tuple(p.value for p in ORDER)
POWERS = ("spain", "us", "none")
SIDE_NAMES = tuple(s.value for s in SIDES)
OPTION_FIELDS = {f.name: f.type for f in dataclasses.fields(Options)}
CARD_PILES = ("hands", "decks", "discards", "fow_decks")
CACHED_SCENARIOS = 8
KEYS = ("options", "tracks", "walls", "trenches", "infirmary_open_beds", "foreign_power",
        "persistence_active", "placements", "eliminated", "territorial_troops", "turn",
        "phase", "initiative", "boxes",
        "exhausted", "disabled", "surveillance", "shooting_markers", "firepower",
        "sabotaged_trenches", "cards")
"""The card piles kept per side; `fow_decks` by the side whose Fog of War cards they are."""


# --- reading a position --------------------------------------------------------------------


def from_position(scenario: Scenario, position: Mapping[str, Any], dice: Dice,
                  start: bool, cache: MutableMapping[Any, GameData] | None = None
                  ) -> BalerState:
    """The state of `position` over `scenario` (see the module docstring). `cache` keeps the
    printed data built for a scenario and options, shared by the games that follow (it never
    changes during a game)."""
    base = scenario.documents["setup"]
    Reader(position).only({*KEYS, *base}, "a Heroes of Baler position")
    setup = overlay(base, position)
    r = Reader(setup)
    clean = _base_setup(r)
    docs = {**scenario.documents, "setup": clean}
    key = (scenario.sha256, tuple(sorted(clean["options"].items())))
    data = cache.get(key) if cache is not None and scenario.sha256 else None
    if data is None:
        data = build_data(docs)
        if cache is not None and scenario.sha256:
            while len(cache) >= CACHED_SCENARIOS:
                del cache[next(iter(cache))]
            cache[key] = data
    _check_base(data, r)
    st = new_state(dataclasses.replace(scenario, documents=docs), dice, data)
    given: dict[str, PositionPath] = {unit: ("placements", space)
                                      for space, unit in clean["placements"].items()}
    _lay_eliminated(st, r.at("eliminated"), given)
    _lay_troops(st, r.at("territorial_troops"), given)
    _lay_boxes(st, r.at("boxes"), given)
    st.turn = r.at("turn").integer("the turn", 1, int(data.tables["turns"]), default=1,
                                   section=SEQUENCE)
    st.phase = Phase(r.at("phase").choice("the phase", PHASES, default=Phase.INITIATIVE.value,
                                          section=SEQUENCE))
    st.initiative = _side_or_none(r.at("initiative"), "the initiative")
    if st.initiative is None and st.phase is not Phase.INITIATIVE:
        raise r.at("initiative").fail(f"the {st.phase.value} phase needs the side that holds "
                                      "the initiative", 'rulebook "Initiative phase"')
    _markers(st, r)
    _power(st, r.at("foreign_power"))
    if r.at("cards").given:
        _cards(st, r.at("cards"))
    if r.at("firepower").given:
        _firepower(st, r.at("firepower"))
    else:
        reevaluate_firepower(st)
    _check_units(st, given)
    _check_state(st, r)
    if start:
        st.stack = [GameTask(step=ORDER.index(st.phase))]
        settle(st, [])
    return st


def _base_setup(r: Reader) -> dict[str, Any]:
    """The keys the scenario setup already has, read and checked, for `new_state`."""
    options: dict[str, Any] = {}
    for key, value in r.at("options").items("the options"):
        if key not in OPTION_FIELDS:
            raise value.fail(f"unknown option {key!r} (options: {', '.join(OPTION_FIELDS)})")
        if key == "us_arrival":
            options[key] = value.choice("us_arrival", ("attrition-turn-4", "upkeep-turn-3"))
        else:
            options[key] = value.flag(f"the option {key}")
    tracks: dict[str, dict[str, int]] = {}
    r.at("tracks").only(SIDE_NAMES, "the tracks")
    for side in SIDE_NAMES:
        t = r.at("tracks").at(side)
        t.only(("supply", "morale", "vp"), f"the {side} tracks")
        tracks[side] = {
            "supply": t.at("supply").integer(f"{side} supply", 0, 6, section=MAP),
            "morale": t.at("morale").integer(f"{side} morale", 0, 6, section=MAP),
            "vp": t.at("vp").integer(f"{side} victory points", 0),
        }
    walls: dict[str, str] = {}
    for area, cond in r.at("walls").items("the walls"):
        walls[str(area)] = cond.choice(f"the walls of area {area}", WALLS,
                                       section='rulebook "Church walls"')
    placements: dict[str, str] = {}
    for space, unit in r.at("placements").items("the placements"):
        placements[str(space)] = unit.text(f"the unit placed on {space}")
    return {
        "options": options,
        "tracks": tracks,
        "walls": walls,
        "trenches": [t.text("a trench space") for t in r.at("trenches").entries("the trenches")],
        "infirmary_open_beds": r.at("infirmary_open_beds").integer(
            "the open infirmary beds", 1, 6, section=INFIRMARY),
        "foreign_power": {"space": r.at("foreign_power").at("space").text(
            "the foreign power's space")},
        "persistence_active": r.at("persistence_active").flag("persistence_active",
                                                              default=False),
        "placements": placements,
    }


def _check_base(data: GameData, r: Reader) -> None:
    """The ids the setup's own keys name, before `new_state` relies on them."""
    seen: dict[str, str] = {}
    spaces = set(_every_space(data))
    for space, unit in r.at("placements").items("the placements"):
        if space not in spaces:
            raise unit.fail(f"there is no space {space!r} on the board", MAP)
        name = unit.choice("the unit", data.units, section=MAP)
        if name in seen:
            raise unit.fail(f"{name} is already placed on {seen[name]}", MAP)
        seen[name] = space
    walls = r.at("walls")
    for area, cond in walls.items("the walls"):
        if area not in data.areas:
            raise cond.fail(f"there is no area {area!r} (areas: {', '.join(data.areas)})", MAP)
    for area in data.areas:
        if not walls.at(area).given:
            raise walls.fail(f"the walls of area {area} are not given", MAP)
    r.at("trenches").ids("the trenches", data.trench_spaces, MAP)
    r.at("foreign_power").at("space").choice("the foreign power's space", data.tcm,
                                             section=TCM)


def _every_space(data: GameData) -> list[str]:
    return [*data.posts, *data.artillery_posts.values(), *data.detachment,
            *data.ph_leader_spaces, *data.barracks, *data.beds, *data.command_posts,
            *data.tcm, *BAGS.values(), ES_ELIMINATED, PH_ELIMINATED, RESERVE]


def _lay_boxes(st: BalerState, r: Reader, given: dict[str, PositionPath]) -> None:
    """Put the units `boxes` lists in their spaces, in the order given (a bag draws in list
    order); `given` gains where each was given, for the refusals."""
    data = st.data
    spaces = set(_every_space(data))
    for space, units in r.items("the boxes"):
        if space not in spaces:
            raise units.fail(f"there is no space {space!r} on the board", MAP)
        listed: list[str] = []
        for item in units.entries(f"the units in {space}"):
            unit = item.choice("the unit", data.units, section=MAP)
            if unit in given:
                raise item.fail(f"{unit} is already placed ({_where(given[unit])})", MAP)
            given[unit] = item.path
            listed.append(unit)
        for unit in listed:
            st.at[st.loc[unit]].remove(unit)
            st.loc[unit] = space
        st.at[space] = listed + [u for u in st.at[space] if u not in listed]


def _move(st: BalerState, unit: str, space: str) -> None:
    st.at[st.loc[unit]].remove(unit)
    st.loc[unit] = space
    st.at[space].append(unit)


def _lay_eliminated(st: BalerState, r: Reader, given: dict[str, PositionPath]) -> None:
    """Units out of play: each where the enemy keeps the units it eliminated (rulebook "The
    map": the Spanish eliminated units in the Philippine area and the reverse)."""
    for item in r.entries("the eliminated units"):
        unit = item.choice("the unit", st.data.units, section=MAP)
        if unit in given:
            raise item.fail(f"{unit} is already placed ({_where(given[unit])})", MAP)
        given[unit] = item.path
        _move(st, unit, ELIMINATED_BY[st.data.units[unit].side.enemy])


def _lay_troops(st: BalerState, r: Reader, given: dict[str, PositionPath]) -> None:
    """Philippine troops on one space of the territorial control map."""
    if not r.given:
        return
    r.only(("space", "units"), "the territorial troops")
    space = r.at("space").choice("the territorial space", st.data.tcm, section=TCM)
    for item in r.at("units").entries("the territorial troops"):
        unit = item.choice("the unit", st.data.units, section=TCM)
        if unit in given:
            raise item.fail(f"{unit} is already placed ({_where(given[unit])})", TCM)
        given[unit] = item.path
        _move(st, unit, space)


def _where(path: PositionPath) -> str:
    return ".".join(str(k) for k in path)


def _side_or_none(r: Reader, what: str) -> Side | None:
    if not r.given:
        return None
    return Side(r.choice(what, SIDE_NAMES))


def _markers(st: BalerState, r: Reader) -> None:
    data = st.data
    leaders = {u for u, info in data.units.items() if info.kind is Kind.LEADER}
    st.exhausted = set(r.at("exhausted").ids("exhausted leaders", leaders,
                                            'rulebook "Command modifier"'))
    st.disabled = {}
    for leader, turn in r.at("disabled").items("the disabled leaders"):
        if leader not in leaders:
            raise turn.fail(f"{leader!r} is not a leader", 'rulebook "Leaders"')
        st.disabled[leader] = turn.integer(f"the turn {leader} was disabled", 1, st.turn)
    most = int(data.tables["surveillance"]["markers"])
    for side in SIDES:
        areas = r.at("surveillance").at(side.value).ids(
            f"the {side.label} surveillance markers", data.areas, 'rulebook "Surveillance"')
        if len(areas) > most:
            raise r.at("surveillance").at(side.value).fail(
                f"the {side.label} side has {most} surveillance markers, not {len(areas)}",
                'rulebook "Surveillance"')
        st.surveillance[side] = set(areas)
    st.shooting_markers = {}
    for area, shooter in r.at("shooting_markers").items("the shooting markers"):
        if area not in data.areas:
            raise shooter.fail(f"there is no area {area!r}", 'rulebook "First shootings phase"')
        st.shooting_markers[area] = Side(shooter.choice("the side that shot", SIDE_NAMES))
    operational = set(st.trenches)
    for item in r.at("sabotaged_trenches").entries("the sabotaged trenches"):
        space = item.choice("a trench space", data.trench_spaces, section=MAP)
        if space in operational:
            raise item.fail(f"{space} is listed both as built and as sabotaged", MAP)
        st.trenches[space] = "sabotaged"


def _power(st: BalerState, r: Reader) -> None:
    """The foreign power marker on the territorial control map (rulebook "The United States
    and the Territorial control map")."""
    r.only(("space", "power", "us_strength"), "the foreign power")
    space = r.at("space").choice("the foreign power's space", st.data.tcm, section=TCM)
    st.power_space = st.data.tcm.index(space) + 1
    if not 2 <= st.power_space <= MANILA:
        raise r.at("space").fail("the foreign power stands on spaces 2 to 5 (space 1 is "
                                 "Baler)", TCM)
    st.power = r.at("power").choice("the foreign power", POWERS, default="spain", section=TCM)
    st.us_strength = r.at("us_strength").integer(
        "the US strength", 1, 6, default=st.us_strength, section=TCM)


def _cards(st: BalerState, r: Reader) -> None:
    """Every pile as given; a card listed nowhere goes to its own deck (faction, Fog of War or
    shared), under the cards listed there, in the order the scenario's shuffle gave it."""
    data = st.data
    r.only((*CARD_PILES, "shared_deck", "shared_faceup", "removed"), "the cards")
    r.at("shared_faceup").only("AB", "the shared face-up cards")
    found: dict[str, PositionPath] = {}

    def pile(reader: Reader, what: str) -> list[str]:
        cards = []
        for item in reader.entries(what):
            card = item.choice("the card", data.cards, section=CARDS)
            if card in found:
                raise item.fail(f"card {card} is already in {_where(found[card])}", CARDS)
            found[card] = item.path
            cards.append(card)
        return cards

    piles: dict[str, dict[Side, list[str]]] = {}
    for name in CARD_PILES:
        for key, value in r.at(name).items(f"the {name}"):
            if key not in SIDE_NAMES:
                raise value.fail(f"{key!r} is no side (sides: {', '.join(SIDE_NAMES)})", CARDS)
        piles[name] = {side: pile(r.at(name).at(side.value), f"the {side.label} {name}")
                       for side in SIDES}
    shared = pile(r.at("shared_deck"), "the shared deck")
    removed = pile(r.at("removed"), "the cards out of the game")
    faceup: dict[str, str | None] = {}
    for slot in "AB":
        item = r.at("shared_faceup").at(slot)
        faceup[slot] = None
        if item.given:
            card = item.choice("the card", data.cards, section=CARDS)
            if card in found:
                raise item.fail(f"card {card} is already in {_where(found[card])}", CARDS)
            found[card] = item.path
            faceup[slot] = card
    for side in SIDES:
        for name in CARD_PILES:
            for card in piles[name][side]:
                why = _pile_refusal(data.cards[card], side, name)
                if why:
                    raise PositionError(f"'{data.cards[card].title}' ({card}) {why}", CARDS,
                                        found[card])
    dealt = [*st.shared_deck, *(c for c in st.shared_faceup.values() if c is not None)]
    for side in SIDES:
        dealt += [*st.fow_decks[side], *st.hands[side], *st.decks[side]]
    rest: dict[str, list[str]] = {}
    for card in dealt:
        if card not in found:
            info = data.cards[card]
            rest.setdefault("shared" if info.owner == "shared" else
                            f"{'fow_decks' if info.fow else 'decks'}:{info.owner}", []
                            ).append(card)
    shared[:0] = rest.get("shared", [])
    for side in SIDES:
        for name in ("decks", "fow_decks"):
            piles[name][side][:0] = rest.get(f"{name}:{side.value}", [])
    for side in SIDES:
        st.hands[side] = piles["hands"][side]
        st.decks[side] = piles["decks"][side]
        st.discards[side] = piles["discards"][side]
        st.fow_decks[side] = piles["fow_decks"][side]
    st.shared_deck = shared
    st.shared_faceup = faceup
    st.removed = removed


def _pile_refusal(info: Any, side: Side, pile: str) -> str:
    """Why a card may not lie in `side`'s `pile`: a Fog of War deck holds the Fog of War cards
    of its owner, and nothing else (rulebook "Fog of War cards"); other piles may hold any card
    as play moves it (given, discarded, reshuffled)."""
    if pile == "fow_decks" and (not info.fow or info.owner != side.value):
        return f"is not a {side.label} Fog of War card"
    return ""


def _firepower(st: BalerState, r: Reader) -> None:
    top = int(st.data.tables["max_firepower"])
    for area in st.data.areas:
        marker = r.at(area)
        if not marker.given:
            set_firepower(st, area, 0, None)
            continue
        marker.only(("level", "favours"), f"the firepower marker of area {area}")
        level = marker.at("level").integer(f"the firepower of area {area}", 0, top,
                                           section=MAP)
        favoured = _side_or_none(marker.at("favours"), "the favoured side")
        if level and favoured is None:
            raise marker.at("favours").fail(f"firepower {level} favours one side", MAP)
        set_firepower(st, area, level, favoured)
    for area, marker in r.items("the firepower markers"):
        if area not in st.data.areas:
            raise marker.fail(f"there is no area {area!r}", MAP)


# --- checking a position -------------------------------------------------------------------


def placement_refusal(st: BalerState, unit: str, space: str) -> str | None:
    """Why `unit` may not stand on `space` in this state (with the rule), None when it may;
    stacking is checked separately."""
    data = st.data
    info = data.units[unit]
    side = info.side
    if space in data.posts:
        post = data.posts[space]
        if post.side is not side:
            return f"a unit never occupies a guard post of the other side ({MAP})"
        if info.kind is Kind.ARTILLERY:
            return f"artillery stands only on the artillery posts ({MAP})"
        return None
    if info.kind is Kind.ARTILLERY:
        if space in data.artillery_posts.values() or space in (RESERVE, ES_ELIMINATED):
            return None
        return ("artillery stands only on the artillery posts, in the reserve or among the "
                f"units the Spanish eliminated ({MAP})")
    if space in data.artillery_posts.values():
        return f"only artillery pieces stand on the artillery posts ({MAP})"
    if space in BAGS.values():
        if space != BAGS[side]:
            return f"a unit goes only into its own side's bag ({MAP})"
        if info.kind is not Kind.SOLDIER:
            return 'there are no leaders in the bag (rulebook "From the bag to a guard post")'
        return None
    if space in (ES_ELIMINATED, PH_ELIMINATED):
        keeper = Side.SPANISH if space == ES_ELIMINATED else Side.PHILIPPINE
        if keeper is side:
            return ("each side keeps the enemy units it eliminated in its Eliminated Units "
                    f"space ({MAP})")
        return None
    if space in data.detachment:
        if side is not Side.SPANISH:
            return f"the Spanish detachment holds Spanish units only ({MAP})"
        row, _ = data.detachment[space]
        if row == "1-2" and info.kind is not Kind.LEADER:
            return f"the top row of the detachment holds leaders only ({MAP})"
        if row != "1-2" and info.kind is Kind.LEADER:
            return f"leaders stand in the top row of the detachment ({MAP})"
        return None
    if space in data.ph_leader_spaces or space in data.barracks:
        if side is not Side.PHILIPPINE:
            return f"the Philippine detachment holds Philippine units only ({MAP})"
        if space in data.barracks and info.kind is not Kind.SOLDIER:
            return f"each barracks space holds a soldier ({MAP})"
        if space in data.ph_leader_spaces and info.kind is not Kind.LEADER:
            return f"the Philippine detachment spaces hold its leaders ({MAP})"
        return None
    if space in data.beds:
        if side is not Side.SPANISH:
            return f"only Spanish wounded go to the infirmary ({INFIRMARY})"
        if data.beds.index(space) >= st.beds_open:
            return f"that bed is not operational yet ({INFIRMARY})"
        return None
    if space in data.command_posts:
        post_side, role = data.command_posts[space]
        if info.kind is not Kind.LEADER or post_side is not side:
            return ("a command post takes a leader of its own side "
                    '(rulebook "Leaders into command posts")')
        if side is Side.SPANISH and role != info.leader_type:
            return (f"a Spanish {info.leader_type} leader goes only to the {info.leader_type} "
                    'command post (rulebook "Leaders into command posts")')
        return None
    if space in data.tcm:
        if side is not Side.PHILIPPINE:
            return f"only Philippine troops go on the territorial control map ({TCM})"
        if info.kind is Kind.LEADER and not data.options.leaders_on_tcm:
            return ("leaders stay off the territorial control map in this scenario "
                    '(option leaders_on_tcm)')
        return None
    return f"{space} holds no units outside an incursion ({MAP})"


def unit_name(data: GameData, unit: str) -> str:
    """A unit's printed name, with its id when the name is shared (the Filipino soldiers)."""
    name = data.units[unit].name
    return name if sum(u.name == name for u in data.units.values()) == 1 else f"{name} ({unit})"


def _limit(data: GameData, space: str) -> int | None:
    """How many counters `space` holds (None: any number)."""
    if space in (*BAGS.values(), ES_ELIMINATED, PH_ELIMINATED, RESERVE):
        return None
    if space in data.tcm:
        return int(data.tables["tcm_stack_limit"])
    if space == data.detachment_grid[("1-2", 6)]:
        return 2
    return 1


def _check_units(st: BalerState, given: Mapping[str, PositionPath]) -> None:
    """Every unit on a space it may use, stacking limits, the territorial control map as the
    rulebook keeps it."""
    data = st.data
    for unit, space in st.loc.items():
        why = placement_refusal(st, unit, space)
        if why is not None:
            reason, _, section = why.rpartition(" (")
            raise PositionError(f"{unit_name(data, unit)} cannot stand on "
                                f"{st.name(space)}: {reason}", section.rstrip(")"),
                                given.get(unit, ()))
    for space, units in st.at.items():
        limit = _limit(data, space)
        if limit is not None and len(units) > limit:
            path = given.get(units[-1], ())
            raise PositionError(f"{st.name(space)} holds {len(units)} counters; its limit is "
                                f"{limit}", MAP, path)
    occupied = [t for t in data.tcm if st.units_at(t)]
    if len(occupied) > 1:
        raise PositionError("the Philippine troops occupy a single space of the territorial "
                            "control map", MAP, given.get(st.units_at(occupied[-1])[0], ()))
    pos = tcm_position(st)
    if pos is not None and pos >= st.power_space:
        raise PositionError(f"the Philippine troops on space {pos} must stand behind the "
                            f"foreign power on space {st.power_space}", TCM,
                            given.get(st.units_at(data.tcm[pos - 1])[0], ()))


def _check_state(st: BalerState, r: Reader) -> None:
    """The rules' own invariants, last (each problem above has a more specific reason)."""
    from baler.rules.invariants import check_invariants

    problems = check_invariants(st)
    if problems:
        raise PositionError(f"the position breaks a rule of the game: {problems[0]}",
                            path=r.path)


# --- writing a position --------------------------------------------------------------------


def to_position(st: BalerState) -> dict[str, Any]:
    """The position of `st`, every key written (see the module docstring)."""
    data = st.data
    loc = dict(st.loc)
    at = {space: list(units) for space, units in st.at.items()}
    for space, units in list(at.items()):
        if space.startswith("centre-"):
            for unit in units:
                home = _default_space(data, unit)
                loc[unit] = home
                at[home].append(unit)
            at[space] = []
    single = {*data.posts, *data.artillery_posts.values(), *data.barracks, *data.detachment,
              *data.beds[:st.beds_open]}
    placements: dict[str, str] = {}
    boxes: dict[str, list[str]] = {}
    eliminated = [*at[ES_ELIMINATED], *at[PH_ELIMINATED]]
    troops = next(({"space": t, "units": list(at[t])} for t in data.tcm if at[t]), None)
    for space, units in at.items():
        if not units or space.startswith("centre-") or space in data.tcm \
                or space in (ES_ELIMINATED, PH_ELIMINATED):
            continue
        if space in single and len(units) == 1:
            placements[space] = units[0]
        else:
            boxes[space] = list(units)
    sides = {s.value: s for s in SIDES}
    return {
        "options": dataclasses.asdict(data.options),
        "tracks": {name: {"supply": st.supply[s], "morale": st.morale[s], "vp": st.vp[s]}
                   for name, s in sides.items()},
        "walls": {area: WALLS[st.walls[area]] for area in data.areas},
        "trenches": sorted(t for t, state in st.trenches.items() if state == "operational"),
        "sabotaged_trenches": sorted(t for t, state in st.trenches.items()
                                     if state == "sabotaged"),
        "infirmary_open_beds": st.beds_open,
        "foreign_power": {"space": data.tcm[st.power_space - 1], "power": st.power,
                          "us_strength": st.us_strength},
        "persistence_active": st.persistence,
        "placements": dict(sorted(placements.items())),
        "eliminated": eliminated,
        "territorial_troops": troops,
        "boxes": dict(sorted(boxes.items())),
        "turn": st.turn,
        "phase": st.phase.value if st.phase is not Phase.OVER else Phase.UPKEEP.value,
        "initiative": st.initiative.value if st.initiative is not None else None,
        "exhausted": sorted(st.exhausted),
        "disabled": dict(sorted(st.disabled.items())),
        "surveillance": {name: sorted(st.surveillance[s]) for name, s in sides.items()},
        "shooting_markers": {a: s.value for a, s in sorted(st.shooting_markers.items())},
        "firepower": {a: {"level": st.firepower[a], "favours": _side_name(st.firepower_side[a])}
                      for a in data.areas},
        "cards": _card_piles(st),
    }


def _side_name(side: Side | None) -> str | None:
    return side.value if side is not None else None


def _default_space(data: GameData, unit: str) -> str:
    info = data.units[unit]
    if info.kind is Kind.LEADER:
        return info.home
    if info.kind is Kind.ARTILLERY:
        return RESERVE
    return BAGS[info.side]


def _card_piles(st: BalerState) -> dict[str, Any]:
    """Every card in its pile, with the cards in transit put where their procedure leaves
    them."""
    data = st.data
    hands = {s: list(st.hands[s]) for s in SIDES}
    discards = {s: list(st.discards[s]) for s in SIDES}
    fow = {s: list(st.fow_decks[s]) for s in SIDES}
    removed = list(st.removed)
    for side in SIDES:
        down = st.face_down[side]
        if down is not None:
            hands[side].append(down)
        drawn = st.fow_drawn[side]
        if drawn is not None:
            fow[Side(data.cards[drawn].owner)].append(drawn)
        for card in st.table[side]:
            info = data.cards[card]
            if info.owner == "shared" or (info.fow and info.owner == side.value):
                removed.append(card)
            else:
                discards[side].append(card)
    return {
        "hands": {s.value: hands[s] for s in SIDES},
        "decks": {s.value: list(st.decks[s]) for s in SIDES},
        "discards": {s.value: discards[s] for s in SIDES},
        "fow_decks": {s.value: fow[s] for s in SIDES},
        "shared_deck": list(st.shared_deck),
        "shared_faceup": dict(st.shared_faceup),
        "removed": removed,
    }
