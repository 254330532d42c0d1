"""The small menus a board click opens (DESIGN.md §8, "looking is free, acting is explicit"):
what may be done at the place clicked, each with what it costs ("Surveillance — 1 AP",
"Shooting — 2 AP (repeat)", "Trench section I — 2 AP, 1 supply") and whether it rolls, draws,
reveals or plays a card; actions not possible there now are shown greyed with the rule that
forbids them (from the rules' view, `refusals`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from baler.rules.actionphase import BASIC, category
from baler.rules.actions import (
    Choose,
    Decide,
    ModifyDie,
    Move,
    PlayCard,
    PlaySupport,
    ResolveEvent,
    TakeAction,
)
from baler.rules.state import GameData
from baler.ui.clicks import PLAIN_PLACEMENTS, Where
from baler.ui.labels import ACTION_NAMES
from engine.core.actions import Action
from engine.ui.adapter import Click, MenuItem

ROLLING_ACTIONS = frozenset({"attack-shooting", "attack-incursion", "attack-artillery",
                             "supply", "uss-yorktown"})
SUPPLY_COST = {"repair": ("repair", "supply_cost"), "trench-1": ("trench", "supply_cost"),
               "trench-2": ("trench", "supply_cost")}


def cost(data: GameData, view: dict[str, Any], action: Action) -> str:
    """What `action` spends, in the rulebook's units."""
    if isinstance(action, TakeAction):
        points = view.get("action_points") or {}
        cat = category(action.name)
        ap = (points.get("costs") or {}).get(cat)
        parts = [f"{ap} AP" if ap is not None else ""]
        table = SUPPLY_COST.get(action.name)
        if table is not None:
            parts.append(f"{data.tables[table[0]][table[1]]} supply")
        text = ", ".join(p for p in parts if p)
        if cat in BASIC and (points.get("uses") or {}).get(cat, 0) >= 1:
            text += " (repeat)"
        return text
    if isinstance(action, ModifyDie):
        return {"morale": "1 morale", "command": "the commander's rank",
                "persistence": "the Persistence marker"}.get(action.source, "")
    if isinstance(action, Move) and view["decision"]["kind"] == "movement":
        return "2 movements" if action.kind.startswith("tcm") else "1 movement"
    if isinstance(action, Decide) and action.yes and view["decision"]["kind"] == "fow-keep":
        return f"{data.tables['fow_keep_morale_cost']} morale"
    return ""


def irreversible(data: GameData, view: dict[str, Any], action: Action) -> bool:
    """Whether `action` rolls, draws, reveals or plays a card (undo stops there)."""
    kind = view["decision"]["kind"]
    if isinstance(action, PlayCard | PlaySupport | ResolveEvent):
        return True
    if isinstance(action, TakeAction):
        return action.name in ROLLING_ACTIONS
    if isinstance(action, ModifyDie):
        return action.how == "reroll"
    if isinstance(action, Move):
        return action.kind in ("bag", "tcm-advance") or (
            action.kind in ("command", "activate") and action.dest in data.command_posts
            and data.command_posts[action.dest][1] == "us-support")
    if isinstance(action, Decide):
        return action.yes and kind == "surveillance"
    if isinstance(action, Choose):
        return kind == "event-area" or action.target == "deck" or action.target.endswith("bag")
    return False


def _without_ap(label: str) -> str:
    return re.sub(r" \(\d+ AP\)$", "", label)


def idle(view: dict[str, Any], action: Action) -> str | None:
    """Why answering `action` now would change nothing (the rules' view), if it would not."""
    reason = (view.get("no_effect") or {}).get(repr(action))
    return str(reason) if reason else None


def item(data: GameData, view: dict[str, Any], action: Action, label: str) -> MenuItem:
    """A menu line: the button's words without the cost they mention (the cost column says
    it: "(2 AP)", "Keep it (costs 1 morale)", "morale modifier, −1 morale"). An answer that
    would change nothing is greyed with why (an event need not be resolved, rulebook "Event
    phase"; a support card, an action or a die modification need not be chosen); an event
    card, which must be played all the same, says so and the screen asks."""
    price = cost(data, view, action)
    label = _without_ap(label)
    if price:
        label = label.removesuffix(f" (costs {price})").removesuffix(f", −{price}")
    why = idle(view, action)
    if why is not None and not isinstance(action, PlayCard):
        return MenuItem(label=label, reason=f"{why[:1].upper()}{why[1:]}")
    if why is not None:
        label = f"{label} (no effect now)"
    return MenuItem(label=label, action=action, cost=price,
                    irreversible=irreversible(data, view, action))


def greyed(where: Where, area: str | None) -> list[MenuItem]:
    """The area actions the deciding side may not take in `area` now, with their reasons."""
    if area is None:
        return []
    return [
        MenuItem(label=f"{ACTION_NAMES.get(r['name'], r['name'])} in area {area}",
                 reason=r["reason"])
        for r in where.view.get("refusals", []) if r["area"] == area
    ]


def trench_row(where: Where, target: str, label: Callable[[Action], str]) -> list[MenuItem]:
    """On a trench space in the Philippine action phase, the trench section that may not be
    built there now, greyed with its reason (the rules' view, `trench_refusals`): the row
    shows where trenches are built even before one can be."""
    space = where.location.get(target, target)
    refused = (where.view.get("trench_refusals") or {}).get(space)
    if refused is None:
        return []
    action = TakeAction(refused["name"], target=space)
    return [MenuItem(label=_without_ap(label(action)),
                     cost=cost(where.data, where.view, action), reason=refused["reason"])]


def with_trench_row(where: Where, target: str | None, answer: Click,
                    label: Callable[[Action], str]) -> Click:
    """`answer` to a click on `target` with the trench row added when `target` is a trench
    space where no trench section may be built now: after the actions that may be taken,
    before the greyed area actions; a click that did nothing opens a menu of the greyed rows."""
    if target is None or where.view.get("decision", {}).get("kind") != "action":
        return answer
    row = trench_row(where, target, label)
    if answer.reason is not None:
        grey = row + greyed(where, where.area_of(target))
        return Click(menu=tuple(grey), title=title(where, target)) if grey else answer
    if not row or not answer.menu:
        return answer
    taken = [i for i in answer.menu if i.action is not None]
    rest = [i for i in answer.menu if i.action is None]
    return Click(menu=(*taken, *row, *rest), title=title(where, target))


def title(where: Where, target: str) -> str:
    """The menu's heading: the place or thing clicked, by its printed name."""
    if target.startswith("area-"):
        return f"Area {target.removeprefix('area-')} of the church map"
    if target.startswith("die:"):
        return f"Die {int(target.split(':')[-1]) + 1}"
    if target.startswith("card:"):
        card = where.data.cards.get(target.split(":")[-1])
        return f"'{card.title}'" if card else "Card"
    name = where.name(where.location.get(target, target)) if target not in where.data.units \
        else where.name(target)
    return name[:1].upper() + name[1:]


def maker(where: Where, label: Callable[[Action], str]) -> Callable[[str, list[Action]], Click]:
    """The function `clicks.click` calls with the target clicked and the actions it fits."""

    def make(target: str, actions: list[Action]) -> Click:
        unique = list(dict.fromkeys(actions))
        kind = where.view["decision"]["kind"]
        if kind in PLAIN_PLACEMENTS and len(unique) == 1:
            return Click(action=unique[0])
        items = [item(where.data, where.view, a, label(a)) for a in unique]
        if kind == "action":
            items += greyed(where, where.area_of(target))
        return Click(menu=tuple(items), title=title(where, target))

    return make
