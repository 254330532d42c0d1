"""Which click on the board answers which decision: each legal action names the board targets
that play it (a card, a die, an area, a guard post, a counter), or a source to select and the
destinations it may then go to (a unit to move, a gun to place). A click that fits several
actions asks which; a click that fits none says why, with the rulebook section.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from baler.rules.actions import (
    Choose,
    ModifyDie,
    Move,
    PlaceUnit,
    PlayCard,
    PlaySupport,
    ResolveEvent,
    TakeAction,
)
from baler.rules.state import BAGS, GameData, Side
from engine.core.actions import Action
from engine.ui.adapter import Click

TWO_STEP_MOVES = frozenset({"post", "command", "artillery", "swap"})
AREA_ACTIONS = ("attack-", "surveillance")
PLAIN_PLACEMENTS = frozenset({"man-posts", "place-drawn", "place-healed", "place-artillery",
                              "incursion-return"})
"""Decisions whose answers only put a counter down (nothing spent, rolled or drawn): a click
plays them at once; every other click opens a menu (DESIGN.md §8)."""


@dataclass(slots=True)
class Where:
    """The board as the viewer sees it: where each counter stands and what each space holds."""

    data: GameData
    view: dict[str, Any]
    location: dict[str, str]
    """Counter id -> the space it stands on."""

    def occupants(self, space: str) -> list[str]:
        return [c for c, s in self.location.items() if s == space]

    def area_of(self, target: str) -> str | None:
        """The area a click means: an area of the map, or a space (or a counter on a space)
        that belongs to one area only."""
        if target.startswith("area-"):
            return target.removeprefix("area-")
        space = self.location.get(target, target)
        post = self.data.posts.get(space)
        if post is not None:
            return next(iter(post.areas)) if len(post.areas) == 1 else None
        for area, gun_post in self.data.artillery_posts.items():
            if space == gun_post:
                return area
        if space in self.data.trench_spaces:
            return self.data.trench_spaces[space][0]
        for area in self.data.areas:
            if space in (f"centre-a{area}", f"markers-a{area}") or space.startswith(
                    (f"fp-a{area}-", f"walls-a{area}-")):
                return area
        return None

    def candidates(self, target: str) -> list[str]:
        """What a click on `target` may mean, most specific first: the counter, its space, its
        area."""
        found = [target]
        space = self.location.get(target)
        if space is not None:
            found.append(space)
        area = self.area_of(target)
        if area is not None:
            found.append(f"area-{area}")
        return found

    def name(self, target: str) -> str:
        """A unit, space or table place by its printed name, never its id."""
        info = self.data.units.get(target)
        if info is not None:
            return info.name
        if target in self.data.names:
            return self.data.names[target]
        return table_place(target)


TABLE_PLACES = {"shared-deck": "the shared deck", "shared-A": "shared card space A",
                "shared-B": "shared card space B"}


def table_place(target: str) -> str:
    """A place of the table beside the boards (the shared cards, each side's decks and
    discard piles) by its name."""
    if target in TABLE_PLACES:
        return TABLE_PLACES[target]
    for prefix, what in (("fow-deck-", "Fog of War deck"), ("deck-", "draw deck"),
                         ("discard-", "discard pile")):
        if target.startswith(prefix):
            side = target.removeprefix(prefix)
            return f"the {side.title()} {what}"
    return target


def deciding_pool(view: dict[str, Any]) -> int:
    """The index of the dice pool the deciding side may modify."""
    dice = view.get("dice")
    if dice is None:
        return 0
    player = view["decision"]["player"]
    for i, pool in enumerate(dice["pools"]):
        if pool["side"] == player:
            return i
    return 0


def one_step(where: Where, action: Action) -> list[str]:
    """The targets one click on which plays `action`."""
    view = where.view
    if isinstance(action, PlayCard | PlaySupport):
        return [f"card:hand:{action.card}"]
    if isinstance(action, ResolveEvent):
        return [f"card:table:{action.card}"]
    if isinstance(action, ModifyDie):
        return [f"die:{deciding_pool(view)}:{action.index}"]
    if isinstance(action, Choose):
        return _choose_targets(where, action.target)
    if isinstance(action, Move):
        if action.kind == "activate":
            return [action.unit]
        if action.kind == "bag":
            side = view["decision"]["player"]
            return [BAGS[Side(side)]]
        if action.kind == "tcm-place":
            return [*where.data.tcm, "tcm-frame"]
        if action.kind == "tcm-advance":
            return [action.dest]
        return []
    if isinstance(action, PlaceUnit):
        if view["decision"]["kind"] == "place-artillery":
            return []
        return [action.dest]
    if isinstance(action, TakeAction):
        if action.name.startswith(AREA_ACTIONS) or (action.name == "repair" and not
                                                   action.target):
            return [f"area-{action.area}"]
        if action.target:
            return [action.target]
    return []


def _choose_targets(where: Where, target: str) -> list[str]:
    data = where.data
    if target in data.areas:
        return [f"area-{target}"]
    if target in ("A", "B"):
        return [f"shared-{target}"]
    if target == "deck":
        return ["shared-deck"]
    return [target]


def two_step(where: Where, action: Action) -> list[tuple[str, str]]:
    """(source, destination) pairs: select the source, then click the destination."""
    if isinstance(action, Move) and action.kind in TWO_STEP_MOVES:
        if action.kind == "swap":
            pairs = []
            for a, b in ((action.unit, action.dest), (action.dest, action.unit)):
                pairs += [(unit, b) for unit in where.occupants(a)]
            return pairs
        return [(action.unit, action.dest)]
    if isinstance(action, PlaceUnit) and where.view["decision"]["kind"] == "place-artillery":
        return [(action.unit, action.dest)]
    return []


def style_of(action: Action) -> str:
    """Attacks are marked as attacks; everything else as a target."""
    if isinstance(action, TakeAction) and action.name.startswith("attack-"):
        return "attack"
    return "target"


def marks(where: Where, legal: Iterable[Action]) -> dict[str, str]:
    """Every target the deciding player may click now (sources of two-step moves included)."""
    found: dict[str, str] = {}
    for action in legal:
        for target in one_step(where, action):
            if found.get(target) != "attack":
                found[target] = style_of(action)
        for source, _ in two_step(where, action):
            found.setdefault(source, "target")
    return found


def on_board(where: Where, legal: Iterable[Action]) -> list[Action]:
    """The legal actions a click on the board plays (the rest get prompt buttons)."""
    return [a for a in legal if one_step(where, a) or two_step(where, a)]


MenuMaker = Callable[[str, list[Action]], Click]


def click(where: Where, target: str | None, selection: str | None,
          legal: list[Action], menu: MenuMaker | None = None) -> Click:
    """What a click on `target` means, with `selection` selected; `menu` turns the actions a
    click fits into the menu the screen opens (plain placements play at once)."""
    if target is None or target == "overlay":
        return Click()
    options = where.candidates(target)
    fit = menu if menu is not None else (lambda _where, actions: _fit(actions))
    if selection is not None:
        chosen = [a for a in legal for source, dest in two_step(where, a)
                  if source == selection and dest in options]
        if chosen:
            return fit(target, chosen)
    for candidate in options:
        direct = [a for a in legal if candidate in one_step(where, a)]
        if direct:
            return fit(candidate, direct)
    dests = {dest for a in legal for source, dest in two_step(where, a) if source == target}
    if dests:
        return Click(select=target, highlight=frozenset(dests))
    if selection is not None:
        return Click(reason=f"{where.name(selection)} cannot go to "
                            f"{where.name(where.location.get(target, target))}.")
    return Click(reason=why_not(where, target, legal))


def _fit(actions: list[Action]) -> Click:
    unique = list(dict.fromkeys(actions))
    if len(unique) == 1:
        return Click(action=unique[0])
    return Click(choices=tuple(unique))


def why_not(where: Where, target: str, legal: list[Action]) -> str:
    """Why a click does nothing now, in the rulebook's terms."""
    view = where.view
    decision = view["decision"]
    player = decision["player"]
    section = f" ({decision['section']})" if decision["section"] else ""
    if target.startswith("card:"):
        card = where.data.cards.get(target.split(":")[-1])
        if card is not None and player and not card.playable_by(Side(player)):
            return f"'{card.title}' is an enemy Fog of War card: a blank you cannot play" \
                   f"{section}."
        if target.startswith("card:table:"):
            return f"That card is on the table; {decision['prompt'].lower()}{section}."
        return f"No card is played now: {decision['prompt'].lower()}{section}."
    if target.startswith("die:"):
        return f"That die cannot be modified now{section}."
    info = where.data.units.get(target)
    if info is not None and player and info.side.value != player:
        return f"{info.name} belongs to the {info.side.label} side{section}."
    if info is not None and target in view["exhausted"]:
        return f"{info.name} is exhausted until the Upkeep{section}."
    if info is not None and target in view["disabled"]:
        return f"{info.name} is disabled (his back is up){section}."
    marked = marks(where, legal)
    if not marked:
        return f"Use the buttons in the panel: {decision['prompt'].lower()}{section}."
    return f"That is not a choice now: {decision['prompt'].lower()}; click a marked target" \
           f"{section}."
