"""Words for the side panel: the label of every action's button (with what it costs), place
names, and the status lines (turn template, phase, level, F.E.C. tracks, weather, provinces,
the combat being declared) — all from the rules' view and the printed data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.actions import Action
from engine.core.hexgrid import Hex
from guerra.rules.actions import (
    AddAttacker,
    AddDefender,
    Attack,
    Convert,
    DefenceReady,
    Disembark,
    Embark,
    EndCombats,
    EndConversions,
    EndMovement,
    EndReadaptation,
    MoveTo,
    PlaceCounter,
    Resolve,
    Select,
    SetOptions,
    Stay,
    Support,
    Surrender,
    TakeLoss,
)
from guerra.rules.counters import hex_place
from guerra.rules.data import GuerraData, Kind, hex_label
from guerra.rules.setup import parse_hex

LEVELS = {"basic": "Basic level (no F.E.C., no weather)",
          "intermediate": "Intermediate level (F.E.C., no weather)",
          "advanced": "Advanced level (F.E.C. and weather)"}
SIDE_WORDS = {"nationalist": "Nationalists", "republican": "Republicans"}
PHASES = {
    "options": "Choice of the options (section 4)",
    "africa": "Initial placement: the Army of Africa (section 6)",
    "population_reinforcements": "1. Reinforcements by population factors (section 10)",
    "fixed_reinforcements": "2. Reinforcements from the turn table (section 10)",
    "conversion": "3. Conversion of garrisons (section 12)",
    "movement": "movement (section 7)",
    "combat": "combats (section 8)",
    "readaptation": "8. Readaptation of the air force (section 14)",
    "over": "The war is over",
}


def players_text(nationalists: int, republicans: int) -> str:
    total = nationalists + republicans
    if nationalists == republicans == 1:
        return "2 players"
    if nationalists == republicans:
        return f"{total} players, two a side"
    return f"{total} players ({nationalists} Nationalist)"


class Labeller:
    """Labels that need the printed data and the latest view."""

    def __init__(self, data: GuerraData, seat_names: Mapping[str, str]) -> None:
        self.data = data
        self.seat_names = dict(seat_names)
        self.view: Mapping[str, Any] = {}

    # --- names ---------------------------------------------------------------------------

    def place(self, h: Hex) -> str:
        """A hex as a player names it: its city, else where it lies from the nearest city, or
        the coast it is off (`hex_place`), never its coordinates."""
        return hex_place(self.data, h)

    def place_of_label(self, label: str | None) -> str:
        return self.place(parse_hex(label)) if label else ""

    def unit(self, uid: str) -> str:
        """A counter by its printed family name, with where it stands."""
        u = self.view.get("units", {}).get(uid)
        if u is None:
            return "a counter"
        name = self.data.families[u["family"]].name
        return f"{name} at {self.place_of_label(u['hex'])}" if u["hex"] else name

    def short(self, uid: str) -> str:
        """A counter by its printed family name."""
        u = self.view.get("units", {}).get(uid)
        return self.data.families[u["family"]].name if u else "a counter"

    # --- buttons -------------------------------------------------------------------------

    def label(self, action: Action) -> str:
        """The button text of an action, saying what it does and costs."""
        if isinstance(action, SetOptions):
            tie = "a tie ends the game" if action.tie_ends_game else "play on after a tie"
            return (f"{action.level.title()} · "
                    f"{players_text(action.nationalist_players, action.republican_players)} · "
                    f"{tie}")
        if isinstance(action, PlaceCounter):
            return (f"Place {self.data.families[action.family].name} at "
                    f"{self.place(Hex(action.q, action.r))}")
        if isinstance(action, Convert):
            return (f"Convert the {self.unit(action.first)} and the {self.unit(action.second)} "
                    f"into an army counter at {self.place_of_label(self._hex_of(action.at))}")
        if isinstance(action, Select):
            return self._select(action.unit)
        if isinstance(action, MoveTo):
            return self._move(action)
        if isinstance(action, Stay):
            selected = self.view.get("selected")
            who = self.short(selected) if selected else "The counter"
            return f"{who} stays where it is (it cannot move again this turn)"
        if isinstance(action, Embark):
            return (f"Embark {self.unit(action.unit)} on the {self.unit(action.ship)} (uses the "
                    "naval counter)")
        if isinstance(action, Disembark):
            return (f"Land {self.short(action.unit)} at {self.place(Hex(action.q, action.r))} "
                    "(landing displacement 5)")
        return self._combat_label(action) or self._end_label(action) or action.describe()

    def _hex_of(self, uid: str) -> str | None:
        u = self.view.get("units", {}).get(uid)
        return u["hex"] if u else None

    def _select(self, uid: str) -> str:
        u = self.view.get("units", {}).get(uid)
        if u is not None and self.data.families[u["family"]].kind is Kind.NAVAL:
            mv = self.data.movement
            return (f"Move {self.unit(uid)} (rolls the naval die: {mv.naval_movement} + die "
                    "hexes, uses the naval counter)")
        if self.view.get("phase") == "readaptation":
            return f"Readapt {self.unit(uid)} (up to {self.data.movement.air_readaptation} hexes)"
        return f"Move {self.unit(uid)}"

    def _move(self, action: MoveTo) -> str:
        h = Hex(action.q, action.r)
        reach = self.view.get("reach", {}).get(hex_label(h))
        how = ""
        if reach is not None:
            how = " — into an enemy control zone: it must attack" if reach["fight"] else \
                " — displacement"
            if reach["bridge"]:
                how += ", across the Strait"
            elif reach["road"]:
                how += ", by road (+2)"
        return f"Move to {self.place(h)}{how}"

    def _combat_label(self, action: Action) -> str | None:
        combat = self.view.get("combat") or {}
        fec = self.data.fec_cost
        if isinstance(action, Attack):
            return f"{self.short(action.attacker)} attacks {self.unit(action.defender)}"
        if isinstance(action, AddAttacker):
            return f"{self.unit(action.unit)} joins the attack (+{self.data.combat_factor})"
        if isinstance(action, AddDefender):
            return f"Attack {self.unit(action.unit)} too"
        if isinstance(action, Support):
            return (f"{self.short(action.air)} supports {self.short(action.unit)} "
                    f"(+{self.data.air_support_bonus})")
        if isinstance(action, Resolve):
            a, d = combat.get("attack", 0), combat.get("defence", 0)
            if action.fec:
                return (f"Spend {fec} F.E.C. for +{self.data.fec_bonus} and roll: {a + 1} "
                        f"against {d}")
            return f"Roll the dice: {a} against {d}"
        if isinstance(action, DefenceReady):
            a, d = combat.get("attack", 0), combat.get("defence", 0)
            if action.fec:
                return (f"Spend {fec} F.E.C. for +{self.data.fec_bonus} and defend: {d + 1} "
                        f"against {a}")
            return f"Defend: {d} against {a}"
        if isinstance(action, TakeLoss):
            return f"Eliminate {self.unit(action.unit)} (loss on the city-stack table)"
        return None

    def _end_label(self, action: Action) -> str | None:
        if isinstance(action, EndMovement):
            return "End the movement (every movement comes before any combat, section 7)"
        if isinstance(action, EndCombats):
            return "End the combats"
        if isinstance(action, EndConversions):
            return "No more conversions"
        if isinstance(action, EndReadaptation):
            return "End the readaptation of the air force"
        if isinstance(action, Surrender):
            return "Surrender: the other side wins at once (section 5a)"
        return None
