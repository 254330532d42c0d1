"""What a scenario designer trips over in Heroes of Baler data, checked by `wargames validate`
(and F5 in a game) after the schemas: where the concept exists in this game's data.

- Stacking at the start: a space of the church holds one counter (the friars' shared space two,
  as many as the leaders whose home it is, rulebook "The Spanish area"); a placement on the home
  of a leader who is not placed, eliminated or on the territorial map stacks on that leader;
  troops on the territorial control map stay within its stack limit.
- Deck sizes: the totals the cards document declares (`decks:`) against the cards it lists.
- Die tables with gaps or overlaps: a face listed twice in one result, a face that would both
  kill and wound in a shooting ("3. Dice roll"), the detachment's row and column grid read by
  the location die, and the numbering of the territorial control map (a space the track never
  reaches, or two spaces with one number) with the victory points read from it.
- Adjacency: a trench lies beside Philippine posts of its own area (GAP-BAL-48).

The lists indexed by a die roll have exactly six entries by schema, so they can have no gap.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.data.checks import declared_total, keyed_rows, span
from engine.data.schema import Check, Problem, ValidDoc

__all__ = ["CHECKS"]

FACE_LISTS = (
    ("shooting", "kill"), ("shooting", "injury"), ("incursion", "success"),
    ("incursion", "attacker_injury"), ("artillery_attack", "success"),
    ("artillery_attack", "shrapnel"), ("tcm_combat_success",),
    ("us_support", "success_from_turn_4"),
)
"""The tables' lists of die faces giving a result (the schema's `Faces`)."""
EXCLUSIVE_FACES = (("shooting", "kill", "injury", '"3. Dice roll"'),)
"""Results one die cannot give at once: a shooting die kills or wounds, never both."""


def check_start_stacking(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """No space holds more counters at the start than it may (rulebook "The map", "The Spanish
    area"): placed units, and the leaders not placed, who start in their home space."""
    if not {"setup", "board", "units"} <= docs.keys():
        return []
    item = docs["setup"]
    setup: Any = item.model
    units: Any = docs["units"].model
    troops = getattr(setup, "territorial_troops", None)
    placed = {*setup.placements.values(), *getattr(setup, "eliminated", ()),
              *(troops.units if troops is not None else ())}
    homes = Counter(leader.home for leader in units.leaders)
    at: dict[str, list[str]] = {}
    for leader in units.leaders:
        if leader.id not in placed:
            at.setdefault(leader.home, []).append(leader.id)
    for space, unit in setup.placements.items():
        at.setdefault(space, []).append(unit)
    problems: list[Problem] = []
    for space, unit in setup.placements.items():
        here = at[space]
        room = max(1, homes[space])
        if len(here) > room:
            others = ", ".join(u for u in here if u != unit)
            problems.append(item.doc.problem(
                ("placements", space),
                f"{space} would hold {len(here)} counters at the start ({unit} and {others}); "
                f"it holds {room} (a leader not placed starts in his home space)"))
    if troops is not None and "tables" in docs:
        limit = _any(docs["tables"]).tcm_stack_limit
        if len(troops.units) > limit:
            problems.append(item.doc.problem(
                ("territorial_troops", "units"), f"{len(troops.units)} troops on one space of "
                f"the territorial control map; it holds {limit} (tcm_stack_limit)"))
    return problems


def check_decks(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """The cards listed add up to the totals the cards document declares (rulebook
    "Components": 55 cards; "Faction cards": 10 a side)."""
    item = docs.get("cards")
    if item is None:
        return []
    model: Any = item.model
    decks = model.decks
    if decks is None:
        return []
    cards = model.cards
    doc = item.doc
    problems: list[Problem] = []
    if decks.total is not None:
        problems += declared_total(doc, ("decks", "total"), decks.total, len(cards), "cards")
    for side, total in decks.faction.items():
        found = sum(1 for c in cards if c.owner == side and not c.fow)
        problems += declared_total(doc, ("decks", "faction", side), total, found,
                                   f"{side} faction cards")
    if decks.shared is not None:
        found = sum(1 for c in cards if c.owner == "shared")
        problems += declared_total(doc, ("decks", "shared"), decks.shared, found, "shared cards")
    for side, total in decks.fog_of_war.items():
        found = sum(1 for c in cards if c.owner == side and c.fow)
        problems += declared_total(doc, ("decks", "fog_of_war", side), total, found,
                                   f"{side} Fog of War cards")
    return problems


def check_die_tables(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """Die results read once each: no face twice in one result, no face that both kills and
    wounds; the detachment grid the location die reads has each row and column once."""
    problems: list[Problem] = []
    if "tables" in docs:
        item = docs["tables"]
        data = item.doc.data
        for path in FACE_LISTS:
            faces = item.doc.value(path)
            twice = [f for f, n in Counter(faces).items() if n > 1]
            if twice:
                problems.append(item.doc.problem(path, f"face {span(twice)} is listed twice"))
        for table, one, other, section in EXCLUSIVE_FACES:
            both = set(data[table][one]) & set(data[table][other])
            if both:
                problems.append(item.doc.problem(
                    (table, other), f"face {span(both)} would both {_verb(one)} and "
                    f"{_verb(other)}: one die gives one result ({section})"))
    if "board" in docs:
        item = docs["board"]
        board: Any = item.model
        cells = [(s.row, s.column) for s in board.spanish_detachment]
        rows = sorted({r for r, _ in cells})
        columns = range(1, max((c for _, c in cells), default=0) + 1)
        expected = [(r, c) for r in rows for c in columns]
        problems += keyed_rows(item.doc, ("spanish_detachment",), cells, "detachment space",
                               expected, name=lambda cell: f"row {cell[0]} column {cell[1]}",
                               gap_note="the location die reads every row and column")
    return problems


def check_control_map(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """The territorial control map is one path, spaces 1 to N each once, so the foreign power
    and the Philippine troops reach every space (rulebook "The Philippine area"); its victory
    points name spaces of it."""
    if "board" not in docs:
        return []
    item = docs["board"]
    numbers = [space.number for space in _any(item).territorial_control_map]
    problems = keyed_rows(item.doc, ("territorial_control_map",), numbers, "space number",
                          range(1, len(numbers) + 1), field="number",
                          gap_note="the track goes from space 1 to the last one by one")
    if "tables" in docs:
        tables = docs["tables"]
        for key in _any(tables).victory.tcm_space_vp:
            if not key.isdigit() or int(key) not in numbers:
                problems.append(tables.doc.problem(("victory", "tcm_space_vp", key),
                                                   f"the territorial control map has no space "
                                                   f"{key} (spaces {span(numbers)})",
                                                   at_key=True))
    return problems


def check_trenches(docs: Mapping[str, ValidDoc]) -> list[Problem]:
    """A trench space lies beside two different Philippine posts of its own area, whose manpower
    builds it (GAP-BAL-48)."""
    if "board" not in docs:
        return []
    item = docs["board"]
    board: Any = item.model
    posts = {p.id: p for p in board.guard_posts}
    problems: list[Problem] = []
    for i, trench in enumerate(board.trench_spaces):
        for j, post_id in enumerate(trench.beside):
            post = posts.get(post_id)
            path = ("trench_spaces", i, "beside", j)
            if post is None or post.side != "philippine":
                problems.append(item.doc.problem(path, f"{post_id} is not a Philippine guard "
                                                 "post; a trench lies beside Philippine posts"))
            elif trench.area not in post.areas:
                problems.append(item.doc.problem(path, f"{post_id} is a post of area "
                                                 f"{', '.join(post.areas)}, not of the trench's "
                                                 f"area {trench.area}"))
            elif post_id in trench.beside[:j]:
                problems.append(item.doc.problem(path, f"{post_id} is listed twice"))
    return problems


def _any(item: ValidDoc) -> Any:
    return item.model


def _verb(result: str) -> str:
    return {"kill": "kill", "injury": "wound"}.get(result, result)


CHECKS: tuple[Check, ...] = (
    check_start_stacking, check_decks, check_die_tables, check_control_map, check_trenches,
)
