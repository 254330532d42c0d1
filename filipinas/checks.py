"""What a scenario designer trips over in Filipinas 1896-1898 data, checked by `wargames
validate` (and F5 in a game) after the schemas:

- Stacking at the start: each placement on the board is one stack and must be one the rules
  allow (4.2.1: Moros and Bisayas stack with nobody; 6.3: Spanish counters never with
  Filipino or American ones; a fleet only with fleets, leaders and the American land units it
  carries, 6.3.2, 7.1).
- Deck sizes: the totals the cards document declares (`decks:`) against its cards.
- Tables with gaps or overlaps: the Resource Table's boxes (5.1.3) and the Spanish Morale bands
  (5.3.1) read every value of their range once; the turn track numbers each turn once.
- Adjacency that is not symmetric: the map says who touches whom twice, in `adjacency` and in a
  Fortified Line's `joins` or a city's `province`; the two must agree.
- Places no path reaches: in every area of the map that uses adjacency (Luzon, the sea and its
  ports), each space is joined to the others; boxes and the mini-map, which no adjacency
  touches, are entered by the rules alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.data.checks import band_problems, components, declared_total, keyed_rows
from engine.data.schema import Check, Problem, ValidDoc

__all__ = ["CHECKS"]


def check_setup_stacks(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """Each placement of the setup on the board is a stack the rules allow (4.2.1, 6.3.2, 7.1);
    counters put in a box (a Troops box, the Graveyard) lie there without stacking."""
    if not {"setup", "counters", "map"} <= docs.keys():
        return []
    item = docs["setup"]
    setup: Any = item.model
    counters: Any = docs["counters"].model
    kinds = {s.id: s.kind for s in _model(docs["map"]).spaces}
    units = {u.id: u for u in counters.units}
    leaders = {ld.id: ld for ld in counters.leaders}
    problems: list[Problem] = []
    for i, placement in enumerate(setup.placements):
        if kinds.get(placement.space) == "box":
            continue
        stack = list(placement.counters)
        reason = _stack_refusal([units[c] for c in stack if c in units],
                                [leaders[c] for c in stack if c in leaders])
        if reason:
            problems.append(item.doc.problem(("placements", i, "counters"), reason))
    return problems


_FACTION_WORDS = {"filipino": "Filipino", "usa": "American"}


def _stack_refusal(units: list[Any], leaders: list[Any]) -> str:
    """Why these counters cannot start as one stack ("" when they can)."""
    if len(units) + len(leaders) < 2:
        return ""
    loners = [u.id for u in units if u.restriction in ("moros", "bisayas")]
    if loners:
        return (f"{loners[0]} is a Moros or Bisayas guerrilla: it stacks with no other unit and "
                "no leader (4.2.1)")
    factions = {c.faction for c in [*units, *leaders]}
    if "spain" in factions and len(factions) > 1:
        enemies = " or ".join(_FACTION_WORDS[f] for f in ("filipino", "usa") if f in factions)
        return (f"Spanish counters never stack with {enemies} ones: a stack holds the "
                "counters of one side (6.3)")
    fleets = [u for u in units if u.kind == "fleet"]
    if fleets:
        crew = [u.id for u in units if u.kind != "fleet" and u.faction != "usa"]
        if crew:
            return (f"{crew[0]} cannot stack with a fleet: a fleet stacks with fleets, leaders "
                    "and the American land units it carries (6.3.2, 7.1)")
    return ""


def check_decks(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """The cards of each deck add up to the total the cards document declares (6.13)."""
    item = docs.get("cards")
    if item is None:
        return []
    model: Any = item.model
    if model.decks is None:
        return []
    problems: list[Problem] = []
    for deck, total in model.decks.items():
        found = sum(1 for card in model.cards if card.deck == deck)
        problems += declared_total(item.doc, ("decks", deck), total, found,
                                   f"cards in the {deck} deck")
    return problems


def check_tables(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """The Resource Table reads every box from 0 to its maximum once (5.1.3); the Spanish
    Morale bands every Morale from the lowest to the highest once (5.3.1); the turn track
    numbers each turn once, without a gap."""
    problems: list[Problem] = []
    if "tables" in docs:
        item = docs["tables"]
        tables: Any = item.model
        resource = tables.resource_table
        problems += band_problems(item.doc, ("resource_table", "cards"),
                                  [(b.from_, b.to) for b in resource.cards], 0, resource.max,
                                  "Resources box")
        limits = tables.limits
        problems += band_problems(item.doc, ("morale", "bands"),
                                  [(b.from_, b.to) for b in tables.morale.bands],
                                  limits.morale_min, limits.morale_max, "Spanish Morale")
    if "map" in docs:
        item = docs["map"]
        track = [t.turn for t in _model(item).turns.track]
        expected = range(min(track), max(track) + 1) if track else None
        problems += keyed_rows(item.doc, ("turns", "track"), track, "turn", expected,
                               field="turn")
    return problems


def check_adjacency(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """The adjacency list agrees with the Fortified Lines' `joins` and the cities' `province`
    (4.3, 6.13.2); filipinas/schema.py refuses a pair listed twice or joining a space to
    itself."""
    if "map" not in docs:
        return []
    item = docs["map"]
    doc = item.doc
    board: Any = item.model
    spaces = {s.id: s for s in board.spaces}
    where = {s.id: i for i, s in enumerate(board.spaces)}
    problems: list[Problem] = []
    pairs = {frozenset(pair) for pair in board.adjacency}
    for k, (a, b) in enumerate(board.adjacency):
        for line_id, other in ((a, b), (b, a)):
            space = spaces[line_id]
            if space.kind == "line" and other not in space.joins:
                problems.append(doc.problem(("adjacency", k), f"{line_id} joins only "
                                            f"{' and '.join(space.joins)}, not {other} "
                                            "(its `joins`)"))
            if space.kind == "city" and spaces[other].kind == "province" \
                    and other != space.province:
                problems.append(doc.problem(("adjacency", k), f"{line_id} is a city of "
                                            f"{space.province}, not of {other} (its `province`)"))
    for sid, space in spaces.items():
        i = where[sid]
        if space.kind == "line":
            for j, joined in enumerate(space.joins):
                if frozenset((sid, joined)) not in pairs:
                    problems.append(doc.problem(("spaces", i, "joins", j),
                                                f"{sid} joins {joined}, but the adjacency "
                                                f"has no [{sid}, {joined}]"))
        if space.kind == "city" and space.province is not None \
                and frozenset((sid, space.province)) not in pairs:
            problems.append(doc.problem(("spaces", i, "province"),
                                        f"{sid} is a city of {space.province}, but the "
                                        f"adjacency has no [{sid}, {space.province}]"))
    return problems


def check_reachable(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """Every space of an area that uses adjacency is joined by a path to the rest of that
    area (4.3)."""
    if "map" not in docs:
        return []
    item = docs["map"]
    board: Any = item.model
    groups = components((s.id for s in board.spaces), board.adjacency)
    group_of = {sid: n for n, group in enumerate(groups) for sid in group}
    linked = {sid for pair in board.adjacency for sid in pair}
    areas: dict[str, list[tuple[int, str]]] = {}
    for i, space in enumerate(board.spaces):
        for area in space.areas:
            areas.setdefault(area, []).append((i, space.id))
    problems: list[Problem] = []
    for area, members in areas.items():
        if not any(sid in linked for _, sid in members):
            continue  # boxes and the mini-map: the rules move counters there
        counts: dict[int, int] = {}
        for _, sid in members:
            counts[group_of[sid]] = counts.get(group_of[sid], 0) + 1
        main = max(counts, key=lambda g: (counts[g], -g))
        for i, sid in members:
            if group_of[sid] != main:
                problems.append(item.doc.problem(("spaces", i, "id"),
                                                 f"no path reaches {sid} from the rest of the "
                                                 f"{area} area: the adjacency joins it to none "
                                                 "of them"))
    return problems


def _model(item: ValidDoc) -> Any:
    return item.model


CHECKS: tuple[Check, ...] = (
    check_setup_stacks, check_decks, check_tables, check_adjacency, check_reachable,
)
