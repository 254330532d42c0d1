"""Positions of Filipinas 1896-1898 (engine.core.position; DESIGN.md §8).

A position is the setup document (scenarios/filipinas/setup.yaml: Action Points, Spanish Morale,
US Intervention, the government, the stacks on the map, each faction's box) plus what a game in
progress needs: the `turn`, the `phase` (`administration` runs the Administration Phase first,
5.1; `action` starts the Action Phase at once) and the `active` side whose round it is;
`markers` (Target, Protect the Fields, Search and
Destroy, Entrenchment and Baler markers on counters, sacked provinces, built Fortified Lines,
the Zapote Line, Reconcentration, the Filipino Artillery, landed American units); `cities` held
by the Filipinos or the Americans (the others are Spanish, 4.2.3.9); the events so far
(`us_at_war`, `us_entry_pending`, `exiled`, `biak`, `canovas_dead`, `government_changed`),
`plunders` this turn, the played cards (`cards_out`) and `cards`, every deck and hand. The
setup's `placements` name stacks on the map, and counters lying in a box other than their
faction's (the Graveyard, Recalled to Spain, the Spanish Government, Reconcentration).

`to_position` writes every key; the round in progress (its actions, passes, a combat being
resolved, a card waiting for an answer) is not part of a position: the phase starts afresh, and
a hand over the limit is cut down first (6.13).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from engine.core.dice import Dice
from engine.core.game import Scenario
from engine.core.position import PositionError, PositionPath, Reader, overlay
from filipinas.rules import board as B
from filipinas.rules.movement import can_stack
from filipinas.rules.sequence import check_hand, settle
from filipinas.rules.setup import FILIPINO, SIDES, SPAIN, USA, GameData, build_data
from filipinas.rules.state import FilState, Phase, initial_state

DECKS = ("spanish", "filipino", "usa_spanish", "usa_filipino")
MARKER_ON_COUNTERS = {"target": "4.2.3.3", "protect": "4.2.3.2", "search": "4.2.3.4",
                      "entrenched": "4.2.3.11", "baler": "4.2.3.15", "landed": "7.0",
                      "zapote_defenders": "6.13.3"}
"""The markers that lie on counters on the map, with their rule."""
FLAGS = ("us_at_war", "us_entry_pending", "exiled", "biak", "canovas_dead",
         "government_changed")
PHASES = ("administration", "action")
ARTILLERY = ("unused", "in_play", "lost")
KEYS = ("ap", "morale", "us_intervention", "government", "placements", "boxes", "turn",
        "phase", "active", "markers", "cities", *FLAGS, "plunders", "cards_out", "cards")


# --- reading a position --------------------------------------------------------------------


def from_position(scenario: Scenario, position: Mapping[str, Any], dice: Dice,
                  start: bool) -> FilState:
    """The state of `position` over `scenario` (see the module docstring)."""
    base = scenario.documents["setup"]
    Reader(position).only({*KEYS, *base}, "a Filipinas position")
    setup = overlay(base, position)
    r = Reader(setup)
    first = build_data(scenario)
    clean = _base_setup(first, r)
    data = dataclasses.replace(first, setup=clean)
    state: FilState = initial_state(data, dice)
    given = _placed(state, r)
    state.turn = r.at("turn").integer("the turn", 1, data.last_turn, default=1, section="5.0")
    phase = r.at("phase").choice("the phase", PHASES, default="action", section="5.0")
    state.phase = Phase(phase)
    state.active = r.at("active").choice("the side whose round it is", SIDES,
                                         default=FILIPINO, section="5.2.3")
    _markers(state, r.at("markers"))
    _cities(state, r.at("cities"))
    for flag in FLAGS:
        setattr(state, flag, r.at(flag).flag(flag.replace("_", " "),
                                             default=bool(getattr(state, flag))))
    state.plunders = r.at("plunders").integer("the plunders this turn", 0, default=0,
                                              section="6.11")
    if r.at("cards").given or r.at("cards_out").given:
        _cards(state, r)
    _check(state, given, r)
    for side in (SPAIN, FILIPINO):
        check_hand(state, side)
    if start:
        settle(state, [])
    return state


def _base_setup(data: GameData, r: Reader) -> dict[str, Any]:
    """The setup's own keys, read and checked, for `initial_state`."""
    p = data.params
    ap = r.at("ap")
    ap.only(SIDES, "the Action Points")
    factions = sorted({c.faction for c in data.counters.values()} | set(SIDES))
    boxes: dict[str, str] = {}
    for faction, box in r.at("boxes").items("the boxes"):
        if faction not in factions:
            raise box.fail(f"{faction!r} is no faction (factions: {', '.join(factions)})",
                           "8.0")
        boxes[faction] = box.choice("the box", _box_spaces(data), section="8.0")
    for cdef in data.counters.values():
        if cdef.faction not in boxes and cdef.side not in boxes:
            raise r.at("boxes").fail(f"no box is given for the {cdef.faction} counters", "8.0")
    placements = []
    for entry in r.at("placements").entries("the placements"):
        entry.only(("counters", "space", "reduced"), "a placement")
        counters = entry.at("counters").ids("counters", data.counters, "8.0")
        if not counters:
            raise entry.at("counters").fail("a placement lists at least one counter", "8.0")
        space = entry.at("space").choice("the space", data.spaces, section="4.3")
        reduced = entry.at("reduced").ids("reduced counters", counters, "4.2.1")
        placements.append({"counters": counters, "space": space, "reduced": reduced})
    return {
        "ap": {side: ap.at(side).integer(f"the {side} Action Points", 0, p.ap_max,
                                         section="4.2.3.12") for side in SIDES},
        "morale": r.at("morale").integer("the Spanish Morale", p.morale_min, p.morale_max,
                                         section="4.2.3.13"),
        "us_intervention": r.at("us_intervention").integer(
            "the US Intervention", p.us_min, p.us_max, section="4.2.3.14"),
        "government": r.at("government").choice("the government", ("canovas", "sagasta"),
                                                 section="4.2.3.7"),
        "placements": placements,
        "boxes": boxes,
        "turn": r.at("turn").integer("the turn", 1, data.last_turn, default=1, section="5.0"),
        "cards_out": r.at("cards_out").ids("played cards", data.cards, "6.13"),
    }


def _box_spaces(data: GameData) -> list[str]:
    return [s.id for s in data.spaces.values() if s.kind == "box"]


def _placed(state: FilState, r: Reader) -> dict[str, PositionPath]:
    """Where each placed counter was given; a counter in two placements is refused."""
    given: dict[str, PositionPath] = {}
    for entry in r.at("placements").entries("the placements"):
        space = state.data.spaces[str(entry.at("space").data)]
        for j, cid in enumerate(entry.at("counters").sequence("counters")):
            path = (*entry.path, "counters", j)
            if cid in given:
                raise PositionError(f"{cid} is already in placement {int(given[cid][1]) + 1}",
                                    "8.0", path)
            given[cid] = path
        if space.kind == "box":
            for cid in entry.at("counters").sequence("counters"):
                state.stack_of.pop(cid, None)
                if cid in state.reduced:
                    raise entry.at("reduced").fail(
                        f"{cid} lies in {space.name}: a counter off the map shows its front",
                        "4.2.1")
    return given


def _markers(state: FilState, r: Reader) -> None:
    data = state.data
    r.only((*MARKER_ON_COUNTERS, "sacked", "lines", "zapote", "reconcentration", "artillery"),
           "the markers")
    for name, section in MARKER_ON_COUNTERS.items():
        found = set(r.at(name).ids(f"the {name} markers", data.counters, section))
        for cid in found:
            if cid not in state.stack_of:
                items = r.at(name).sequence("markers")
                raise r.at(name).at(items.index(cid)).fail(
                    f"{cid} is not on the map, so it carries no {name} marker", section)
        setattr(state, _MARKER_FIELDS[name], found)
    provinces = [s.id for s in data.spaces.values() if s.kind == "province"]
    state.sacked = set(r.at("sacked").ids("sacked provinces", provinces, "4.2.3.1"))
    state.lines_built = set(r.at("lines").ids("Fortified Lines", data.lines, "6.13.2"))
    state.zapote = r.at("zapote").flag("the Zapote Line", default=False)
    state.reconcentration = r.at("reconcentration").flag("Reconcentration", default=False)
    art = r.at("artillery")
    art.only(("state", "holder"), "the Filipino Artillery")
    state.artillery = art.at("state").choice("the Filipino Artillery", ARTILLERY,
                                             default="unused", section="4.2.3.8")
    state.artillery_holder = ""
    if state.artillery == "in_play":
        holder = art.at("holder").choice("the counter with the Artillery", data.counters,
                                         section="4.2.3.8")
        if holder not in state.stack_of or B.side_of(state, holder) != FILIPINO:
            raise art.at("holder").fail("the Filipino Artillery goes with a Filipino counter "
                                        "on the map", "4.2.3.8")
        state.artillery_holder = holder
    elif art.at("holder").given:
        raise art.at("holder").fail(f"the Artillery is {state.artillery.replace('_', ' ')}: "
                                    "no counter holds it", "4.2.3.8")


_DECK_HOLDS = {"spanish": ("spanish", "usa_spanish"), "filipino": ("filipino", "usa_filipino"),
               "usa_spanish": ("usa_spanish",), "usa_filipino": ("usa_filipino",)}
"""The cards each deck may hold: the American cards join their side's deck at the entry of
the United States (7.0)."""

_MARKER_FIELDS = {"target": "targets", "protect": "protect", "search": "search",
                  "entrenched": "entrenched", "baler": "baler", "landed": "landed",
                  "zapote_defenders": "zapote_defenders"}


def _cities(state: FilState, r: Reader) -> None:
    state.city_owner = {}
    for city, owner in r.items("the cities"):
        if city not in state.data.cities:
            raise owner.fail(f"{city!r} is not a city", "4.2.3.9")
        held = owner.choice(f"the holder of {city}", (FILIPINO, USA, SPAIN), section="4.2.3.9")
        if held != SPAIN:
            state.city_owner[city] = held


def _cards(state: FilState, r: Reader) -> None:
    """Every pile as given: the decks and hands of `cards`, the played cards of `cards_out`; a
    card listed nowhere goes to its own deck, under the listed ones (decks draw from the end of
    the list), in the order the scenario's shuffle gave it."""
    data = state.data
    piles = r.at("cards")
    piles.only(("decks", "hands"), "the cards")
    piles.at("decks").only(DECKS, "the decks")
    piles.at("hands").only(SIDES, "the hands")
    found: dict[str, PositionPath] = {}

    def pile(reader: Reader, what: str) -> list[str]:
        cards = []
        for item in reader.entries(what):
            card = item.choice("the card", data.cards, section="6.13")
            if card in found:
                raise item.fail(f"card {card} is already in "
                                f"{'.'.join(map(str, found[card]))}", "6.13")
            found[card] = item.path
            cards.append(card)
        return cards

    played = pile(r.at("cards_out"), "the played cards")
    given = piles.given
    decks = {d: pile(piles.at("decks").at(d), f"the {d} deck") for d in DECKS}
    hands = {s: pile(piles.at("hands").at(s), f"the {s} hand") for s in SIDES}
    for deck, cards in decks.items():
        for card in cards:
            if data.cards[card].deck not in _DECK_HOLDS[deck]:
                raise PositionError(f"'{data.cards[card].name}' belongs to the "
                                    f"{data.cards[card].deck} deck", "6.13", found[card])
    if not given:
        hands = {s: [c for c in state.hands[s] if c not in found] for s in SIDES}
        for s in SIDES:
            found.update({c: ("cards_out",) for c in hands[s]})
    dealt = [c for d in DECKS for c in state.decks.get(d, [])] + [
        c for s in SIDES for c in state.hands[s]] + list(state.out)
    rest: dict[str, list[str]] = {}
    for card in dealt:
        if card not in found:
            rest.setdefault(data.cards[card].deck, []).append(card)
    for deck in DECKS:
        decks[deck][:0] = rest.get(deck, [])
    state.decks = decks
    state.hands = hands
    state.out = played


def _check(state: FilState, given: Mapping[str, PositionPath], r: Reader) -> None:
    """Stacking, where each counter may stand, then the rules' own invariants."""
    data = state.data
    for stack in B.all_stacks(state):
        where = given.get(stack[0], ())
        if len(B.combat_units(state, stack)) > 1 and not can_stack(state, stack[:1], stack[1:]):
            raise PositionError(f"{', '.join(data.counters[c].name for c in stack)} may not "
                                "stack together", "6.3", where[:-2] if where else ())
        kind = data.spaces[state.loc[stack[0]]].kind
        for cid in stack:
            c = data.counters[cid]
            why = _space_refusal(c.kind, c.restriction, c.side, kind, state.loc[cid])
            if why is not None:
                raise PositionError(f"{c.name} cannot stand on "
                                    f"{data.spaces[state.loc[cid]].name}: {why[0]}", why[1],
                                    given.get(cid, ()))
    from filipinas.rules.invariants import check_invariants

    problems = [p for p in check_invariants(state) if "after the discard step" not in p]
    if problems:
        raise PositionError(f"the position breaks a rule of the game: {problems[0]}")


def _space_refusal(kind: str, restriction: str | None, side: str, space_kind: str,
                   space: str) -> tuple[str, str] | None:
    """Why a counter may not stand on a space of the map (the reason and the rule)."""
    if restriction == "moros" and space != "mindanao":
        return "the Moros never leave Mindanao", "4.2.1"
    if restriction == "bisayas" and space != "visayas":
        return "the Bisayas never leave the Visayas", "4.2.1"
    if kind == "fleet" and space_kind not in ("city", "port", "sea"):
        return "a fleet stays in cities, ports and at sea", "6.3.2"
    if space_kind == "line" and (side != SPAIN or kind not in ("brigade", "leader")):
        return "only Spanish brigades hold a Fortified Line", "6.5"
    return None


# --- writing a position --------------------------------------------------------------------


def to_position(state: FilState) -> dict[str, Any]:
    """The position of `state`, every key written (see the module docstring)."""
    data = state.data
    setup = data.setup
    boxes = dict(setup["boxes"])
    placements = [{"counters": stack, "space": state.loc[stack[0]],
                   "reduced": [c for c in stack if c in state.reduced]}
                  for stack in _stacks_in_order(state)]
    in_boxes: dict[str, list[str]] = {}
    for cid, c in data.counters.items():
        if cid in state.stack_of:
            continue
        home = boxes.get(c.faction, boxes.get(c.side))
        if state.loc[cid] != home:
            in_boxes.setdefault(state.loc[cid], []).append(cid)
    placements += [{"counters": cids, "space": box, "reduced": []}
                   for box, cids in sorted(in_boxes.items())]
    phase = state.phase.value if state.phase in (Phase.ACTION, Phase.ADMINISTRATION) \
        else "action"
    return {
        "ap": {side: state.ap[side] for side in SIDES},
        "morale": state.morale,
        "us_intervention": state.us_level,
        "government": state.government,
        "placements": placements,
        "boxes": boxes,
        "turn": state.turn,
        "phase": phase,
        "active": state.active,
        "markers": {
            **{name: sorted(getattr(state, field)) for name, field in _MARKER_FIELDS.items()},
            "sacked": sorted(state.sacked),
            "lines": sorted(state.lines_built),
            "zapote": state.zapote,
            "reconcentration": state.reconcentration,
            "artillery": {"state": state.artillery,
                          **({"holder": state.artillery_holder}
                             if state.artillery == "in_play" else {})},
        },
        "cities": dict(sorted(state.city_owner.items())),
        **{flag: bool(getattr(state, flag)) for flag in FLAGS},
        "plunders": state.plunders,
        "cards_out": list(state.out),
        "cards": {"decks": {d: list(state.decks.get(d, [])) for d in DECKS},
                  "hands": {s: list(state.hands[s]) for s in SIDES}},
    }


def _stacks_in_order(state: FilState) -> list[list[str]]:
    """The stacks on the map, oldest first, each in counter order."""
    order = state.data.order
    groups: dict[int, list[str]] = {}
    for cid, sid in state.stack_of.items():
        groups.setdefault(sid, []).append(cid)
    return [sorted(groups[sid], key=order.__getitem__) for sid in sorted(groups)]
