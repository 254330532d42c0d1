"""The computer's moves in Heroes of Baler told in the rulebook's words (engine.ai.reasons): the
units, posts and areas by their printed names, the dice by what they become ("+1 to a 4: a
miss becomes an injury"), the actions with their cost and what stands in the area ("Shoots in
area 2 (1 AP): firepower 2 in its favour").

What it may name: the card laid face down for initiative stays unnamed until the reveal; a card
played as an event or in support is named (the log names it too); a Fog of War card kept or
given and a shared card are told by the choice, never by the card's face.
"""

from __future__ import annotations

import re
from typing import Any

from baler.rules.actionphase import ActionPhaseTask
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
from baler.rules.dicepool import dice_in_play
from baler.rules.queries import area_firepower
from baler.rules.state import BAGS, BalerState, Side
from baler.ui.cardtext import events_text
from engine.ai.reasons import Asked, odds

ROLL_TABLE = re.compile(r"\s*\((?:\d: \d+(?:, )?)+\)")
"""A card's table of results by roll ("(3: 1, 4: 2)"): the card face has it, the line not."""
WALLS = ("intact", "damaged", "wrecked", "destroyed")
ACTIONS = {
    "attack-shooting": "Shoots in area {area}", "attack-incursion": "Launches an incursion "
    "in area {area}", "attack-artillery": "Fires its artillery at area {area}",
    "movement": "Takes a movement action (two movements)",
    "surveillance": "Places a surveillance marker in area {area}", "supply": "Rolls for supply",
    "repair": "Repairs the walls of area {area}", "expand-infirmary": "Expands the infirmary",
    "heal-two": "Heals the units of the two lowest beds", "heal-one": "Heals a unit",
    "uss-yorktown": "Sends the USS Yorktown", "raise-morale": "Raises its morale (+2)",
    "trench-1": "Builds trench section I", "trench-2": "Builds trench section II",
    "persistence": "Activates the Persistence marker",
}
DONE = {
    "action": "Ends its action phase", "support-card": "Plays no support card",
    "resolve-event": "Leaves its other events unresolved", "event-attack": "Launches no attack",
    "event-area": "Assaults no area", "modify-dice": "Keeps the dice as they are",
    "persistence": "Keeps the roll", "movement": "Ends its movements",
    "tcm-place": "Places no more troops",
}
CHOOSE = {
    "shooting-area": "Shoots in area {0}", "shooting-order": "Resolves the shooting in area {0} "
    "first", "event-area": "Assaults the walls of area {0}", "event-attack": "Attacks area {0}",
    "pick-repair": "Repairs the walls of area {0}", "incursion-target": "Sabotages {0}",
    "incursion-casualty": "Loses {0} in the incursion", "tcm-loss": "Loses {0}",
    "friar": "{0} falls ill", "pick-heal": "Heals {0}", "pick-build-trench": "Builds {0}",
    "pick-destroy-trench": "Removes {0}",
}


class BalerReasons:
    """Heroes of Baler's words for a move (engine.ai.reasons.GameReasons)."""

    # --- names -------------------------------------------------------------------------------

    @staticmethod
    def name(st: BalerState, target: str) -> str:
        info = st.data.units.get(target)
        if info is not None:
            return info.name
        if target in BAGS.values():
            return "the bag"
        if target in st.data.areas:
            return f"area {target}"
        return st.data.names.get(target, target)

    @staticmethod
    def card(st: BalerState, card: str) -> str:
        info = st.data.cards.get(card)
        return f"'{info.title}'" if info is not None else "a card"

    # --- what --------------------------------------------------------------------------------

    def what(self, asked: Asked) -> str:
        st: BalerState = asked.state
        a = asked.action
        kind = st.decision.kind
        if isinstance(a, PlayCard):
            if kind == "initiative-card":
                info = st.data.cards.get(a.card)
                number = f" (initiative {info.initiative})" if info is not None else ""
                return f"Lays {self.card(st, a.card)} face down{number}"
            if kind == "event-card":
                return f"Plays {self.card(st, a.card)} as an event"
            return f"Plays {self.card(st, a.card)}"
        if isinstance(a, PlaySupport):
            boosted = ", ".join(self.card(st, c) for c in a.boosts)
            return f"Plays {self.card(st, a.card)} in support, boosting {boosted}"
        if isinstance(a, ResolveEvent):
            part = "event" if a.part == "main" else "boosted event"
            return f"Resolves the {part} of {self.card(st, a.card)}"
        if isinstance(a, TakeAction):
            text = ACTIONS.get(a.name, a.name).format(area=a.area)
            if a.target:
                text += f": {self.name(st, a.target)}"
            cost = self._cost(st, a)
            return f"{text} ({cost} AP)" if cost is not None else text
        if isinstance(a, ModifyDie):
            return self._modify_what(st, a)
        if isinstance(a, Move):
            return self._move_what(st, a)
        if isinstance(a, PlaceUnit):
            return f"Puts {self.name(st, a.unit)} on {self.name(st, a.dest)}"
        if isinstance(a, Choose):
            return self._choose_what(st, a, kind)
        if isinstance(a, Decide):
            return self._decide_what(st, a, kind)
        if isinstance(a, Done):
            return DONE.get(kind, "Is done")
        return asked.label(a)

    @staticmethod
    def _cost(st: BalerState, a: TakeAction) -> int | None:
        """The action points the action costs now (rulebook "Action phase")."""
        task = next((t for t in reversed(st.stack) if isinstance(t, ActionPhaseTask)), None)
        return task.cost(st, a.name) if task is not None else None

    def _modify_what(self, st: BalerState, a: ModifyDie) -> str:
        value = self._die(st, a.index)
        shown = f" (a {value})" if value is not None else ""
        source = {"morale": " for a level of morale", "command": " with its command modifier",
                  "leader": " with its leader on the map", "persistence":
                  " with the Persistence marker", "card": " with the event's free reroll"}
        how = "Adds 1 to" if a.how == "plus1" else "Rerolls"
        return f"{how} die {a.index + 1}{shown}{source.get(a.source, '')}"

    def _move_what(self, st: BalerState, a: Move) -> str:
        if a.kind == "bag":
            return "Draws a soldier from the bag"
        if a.kind == "swap":
            return f"Swaps the units of {self.name(st, a.unit)} and {self.name(st, a.dest)}"
        if a.kind == "activate":
            return f"Activates {self.name(st, a.unit)} in his command post"
        if a.kind == "tcm-place":
            return "Places troops on the territorial control map"
        if a.kind == "tcm-advance":
            number = st.data.tcm.index(a.dest) + 1 if a.dest in st.data.tcm else 0
            name = st.data.tcm_names[number - 1] if number else self.name(st, a.dest)
            return f"Advances to {name} on the territorial control map"
        return f"Moves {self.name(st, a.unit)} to {self.name(st, a.dest)}"

    def _choose_what(self, st: BalerState, a: Choose, kind: str) -> str:
        if kind == "take-shared":
            if a.target == "deck":
                return "Takes the top card of the shared deck"
            return f"Takes the face-up shared card {a.target}"
        if a.target in BAGS.values():
            return "Draws a soldier at random from the bag"
        form = CHOOSE.get(kind)
        return form.format(self.name(st, a.target).removeprefix("area ")
                           if "area {0}" in form else self.name(st, a.target)) if form else \
            f"Chooses {self.name(st, a.target)}"

    def _decide_what(self, st: BalerState, a: Decide, kind: str) -> str:
        if kind == "surveillance":
            return "Activates its surveillance marker" if a.yes else \
                "Leaves its surveillance marker"
        if kind == "fow-keep":
            return "Keeps the enemy's Fog of War card for 1 morale" if a.yes else \
                "Gives the Fog of War card to the enemy's discard pile and takes a shared card"
        if kind == "leader-upkeep":
            return "Has the leader act now" if a.yes else "Keeps the leader in reserve"
        if kind == "persistence":
            return "Uses the Persistence marker" if a.yes else "Keeps the roll"
        return "Says yes" if a.yes else "Says no"

    # --- why ---------------------------------------------------------------------------------

    def why(self, asked: Asked) -> str:
        st: BalerState = asked.state
        a = asked.action
        side = Side(asked.side)
        if isinstance(a, ModifyDie):
            return self._modify_why(st, a)
        if isinstance(a, TakeAction):
            return self._action_why(st, a, side)
        if isinstance(a, PlayCard | ResolveEvent):
            info = st.data.cards.get(a.card)
            if info is None:
                return ""
            part = getattr(a, "part", "main")
            text = ROLL_TABLE.sub("", events_text(info.main if part == "main"
                                                    else info.secondary))
            return self._sides_named(text, side)
        if isinstance(a, Choose) and a.target in st.data.areas:
            return self._area_why(st, a.target, side)
        if isinstance(a, Done) and st.decision.kind == "modify-dice":
            return "no change to the dice is worth its cost"
        if isinstance(a, Done) and st.decision.kind == "action":
            return "nothing left is worth its action points"
        return ""

    @staticmethod
    def _sides_named(text: str, side: Side) -> str:
        """A card's words for its player ("Your supply +1", "Enemy morale -2") told of the
        sides by name, as the log reads to both players ("Philippine supply +1")."""
        own, enemy = side.value.capitalize(), side.enemy.value.capitalize()
        return (text.replace("Your ", f"{own} ").replace("Enemy ", f"{enemy} ")
                .replace(" your ", f" the {own} "))

    def _die(self, st: BalerState, index: int) -> int | None:
        pool = self._pool(st)
        values = pool.get("values", []) if pool else []
        return int(values[index]) if index < len(values) else None

    @staticmethod
    def _pool(st: BalerState) -> dict[str, Any] | None:
        dice = dice_in_play(st)
        if dice is None:
            return None
        player = st.decision.player
        return next((p for p in dice["pools"] if p["side"] == player), None)

    def _faces(self, st: BalerState) -> dict[int, str]:
        """What each face of the deciding side's dice does in the roll on the table."""
        dice = dice_in_play(st)
        tables = st.data.tables
        kind = dice["kind"] if dice else ""
        if kind == "shooting":
            return {**{f: "a kill" for f in tables["shooting"]["kill"]},
                    **{f: "an injury" for f in tables["shooting"]["injury"]}}
        if kind == "incursion":
            return {f: "a success" for f in tables["incursion"]["success"]}
        if kind == "artillery":
            return {f: "a success" for f in tables["artillery_attack"]["success"]}
        if kind == "territorial":
            return {f: "a success" for f in tables["tcm_combat_success"]}
        return {}

    def _modify_why(self, st: BalerState, a: ModifyDie) -> str:
        value = self._die(st, a.index)
        faces = self._faces(st)
        if value is None or not faces:
            return ""
        now = faces.get(value, "a miss")
        if a.how == "plus1":
            after = faces.get(min(6, value + 1), "a miss")
            return f"{now} becomes {after}" if after != now else ""
        better = sum(1 for f in range(1, 7) if faces.get(f) and
                     (now == "a miss" or (faces.get(f) == "a kill" and now != "a kill")))
        return f"{now} rerolled: {odds(better / 6)} to do better"

    def _action_why(self, st: BalerState, a: TakeAction, side: Side) -> str:
        if a.name in ("attack-shooting", "attack-incursion", "surveillance") and a.area:
            return self._area_why(st, a.area, side)
        if a.name in ("attack-artillery", "repair") and a.area:
            return f"the walls of area {a.area} are {WALLS[min(st.walls[a.area], 3)]}"
        if a.name == "supply":
            return f"its supply stands at {st.supply[side]}"
        if a.name == "raise-morale":
            return f"its morale stands at {st.morale[side]}"
        return ""

    def _area_why(self, st: BalerState, area: str, side: Side) -> str:
        level, favoured = area_firepower(st, area)
        walls = WALLS[min(st.walls.get(area, 0), 3)]
        if not level:
            return f"even firepower there, walls {walls}"
        whose = "in its favour" if favoured is side else "against it"
        return f"firepower {level} {whose} there, walls {walls}"

    # --- what may be shown -------------------------------------------------------------------

    def shown(self, asked: Asked) -> bool:
        """Every private answer shows itself once made but the initiative card, laid face
        down until both are revealed (rulebook "Initiative")."""
        return str(asked.state.decision.kind) != "initiative-card"

    def hidden(self, asked: Asked) -> str:
        return "Lays its initiative card face down"


REASONS = BalerReasons()
