"""The words on the prompt's buttons: every answer to a decision of Heroes of Baler, with what
it costs (action points, morale, a movement), in the rulebook's terms."""

from __future__ import annotations

from typing import Any

from baler.rules.actionphase import category
from baler.rules.actions import (
    Choose,
    Decide,
    Done,
    ModifyDie,
    Move,
    PlaceUnit,
    PlayCard,
    PlaySupport,
    ResolveEvent,
    TakeAction,
)
from baler.rules.state import BAGS, GameData
from baler.ui.cardtext import events_text
from baler.ui.clicks import deciding_pool
from engine.core.actions import Action

ACTION_NAMES = {
    "attack-shooting": "Shooting", "attack-incursion": "Incursion",
    "attack-artillery": "Artillery attack", "movement": "Movement (two movements)",
    "surveillance": "Surveillance marker", "supply": "Supply roll", "repair": "Repair",
    "expand-infirmary": "Expand the infirmary", "heal-two": "Heal units: the two lowest beds",
    "heal-one": "Heal units", "uss-yorktown": "USS Yorktown (the US marker acts)",
    "raise-morale": "Raise the morale (+2)", "trench-1": "Trench section I",
    "trench-2": "Trench section II", "persistence": "Persistence (activate the marker)",
}
DONE = {
    "action": "End the action phase",
    "support-card": "Play no support card",
    "resolve-event": "Leave the other events unresolved",
    "event-attack": "Launch no attack",
    "event-area": "Assault no area",
    "modify-dice": "Keep the dice as they are",
    "persistence": "Keep the roll",
    "movement": "End the movements",
    "tcm-place": "Place no more troops",
}
DECIDE = {
    "surveillance": ("Activate the surveillance marker", "Do not activate it"),
    "fow-keep": ("Keep it (costs 1 morale)", "Give it to the enemy and take a shared card"),
    "leader-upkeep": ("Act now", "Keep him in reserve"),
}
SOURCES = {"morale": "morale modifier, −1 morale", "command": "command modifier",
           "leader": "leader on the map", "persistence": "Persistence marker",
           "card": "the event's free reroll"}


def action_label(data: GameData, view: dict[str, Any], action: Action) -> str:
    """The button text for `action` in the decision of `view` (an empty view before the first
    sync: the screen may label the answer it plays by itself first)."""
    kind = view.get("decision", {}).get("kind", "")
    if isinstance(action, Done):
        return DONE.get(kind, "Done")
    if isinstance(action, Decide):
        yes, no = DECIDE.get(kind, ("Yes", "No"))
        return yes if action.yes else no
    if isinstance(action, PlayCard):
        return _play_card(data, kind, action.card)
    if isinstance(action, PlaySupport):
        boosted = ", ".join(f"'{data.cards[c].title}'" for c in action.boosts)
        return f"Support with '{data.cards[action.card].title}', boosting {boosted}"
    if isinstance(action, ResolveEvent):
        card = data.cards[action.card]
        effects = card.main if action.part == "main" else card.secondary
        part = "event" if action.part == "main" else "boosted event"
        return f"'{card.title}' {part}: {events_text(effects)}"
    if isinstance(action, ModifyDie):
        return _modify(view, action)
    if isinstance(action, Choose):
        return _choose(data, view, kind, action.target)
    if isinstance(action, Move):
        return _move(data, view, action)
    if isinstance(action, PlaceUnit):
        return f"{_name(data, action.unit)} to {_name(data, action.dest)}"
    if isinstance(action, TakeAction):
        return _take(data, view, action)
    return action.describe()


def _name(data: GameData, target: str) -> str:
    info = data.units.get(target)
    if info is not None:
        return info.name
    if target in BAGS.values():
        return "the bag"
    return data.names.get(target, target)


def _play_card(data: GameData, kind: str, card_id: str) -> str:
    card = data.cards[card_id]
    if kind == "initiative-card":
        return f"Lay '{card.title}' face down (initiative {card.initiative})"
    if kind == "event-card":
        return f"Play '{card.title}' as an event"
    return f"Play '{card.title}'"


def _modify(view: dict[str, Any], action: ModifyDie) -> str:
    dice = view.get("dice")
    value = None
    if dice is not None:
        value = dice["pools"][deciding_pool(view)]["values"][action.index]
    shown = f" ({value})" if value is not None else ""
    source = SOURCES.get(action.source, action.source)
    if action.how == "plus1":
        after = f" → {min(6, value + 1)}" if value is not None else ""
        return f"+1 to die {action.index + 1}{shown}{after}: {source}"
    return f"Reroll die {action.index + 1}{shown}: {source}"


def _choose(data: GameData, view: dict[str, Any], kind: str, target: str) -> str:
    if target in data.areas:
        verbs = {"shooting-area": "Shoot in", "shooting-order": "First the shooting in",
                 "event-area": "Assault the walls of"}
        return f"{verbs.get(kind, 'Choose')} area {target}"
    if target in ("A", "B"):
        card = view.get("shared_faceup", {}).get(target)
        title = f" '{data.cards[card].title}'" if card else ""
        return f"Take shared card {target}{title}"
    if target == "deck":
        return "Take the top card of the shared deck"
    if target in BAGS.values():
        return "A soldier drawn at random from the bag"
    if kind == "pick-destroy-trench" or kind == "pick-build-trench":
        verb = "Remove" if kind == "pick-destroy-trench" else "Build"
        return f"{verb}: {_name(data, target)}"
    if kind == "incursion-target":
        return f"Sabotage {_name(data, target)}"
    if kind in ("incursion-casualty", "tcm-loss", "friar"):
        return f"{_name(data, target)} is the one"
    return _name(data, target)


def _move(data: GameData, view: dict[str, Any], action: Move) -> str:
    kind = action.kind
    if kind == "bag":
        return "Draw a soldier from the bag (one movement)"
    if kind == "swap":
        return f"Swap the units of {_name(data, action.unit)} and {_name(data, action.dest)}"
    if kind == "activate":
        return f"Activate {_name(data, action.unit)} in his command post (one movement)"
    if kind == "tcm-place":
        return "Place troops on the territorial control map (both movements)"
    if kind == "tcm-advance":
        number = data.tcm.index(action.dest) + 1
        fight = ""
        if number == int(view.get("foreign_power", {}).get("space", 0)):
            fight = ", fighting the foreign power"
        return f"Advance to {data.tcm_names[number - 1]} ({number}){fight} (both movements)"
    return f"{_name(data, action.unit)} to {_name(data, action.dest)}"


def _take(data: GameData, view: dict[str, Any], action: TakeAction) -> str:
    name = ACTION_NAMES.get(action.name, action.name)
    where = ""
    if action.area and not action.target:
        where = f" in area {action.area}"
    elif action.target:
        where = f": {_name(data, action.target)}"
    points = view.get("action_points") or {}
    cost = (points.get("costs") or {}).get(category(action.name))
    spent = f" ({cost} AP)" if cost is not None else ""
    return f"{name}{where}{spent}"
