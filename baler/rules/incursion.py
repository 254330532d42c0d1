"""Incursions: hand-to-hand attacks on an area (rulebook "Incursion")."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from baler.rules.actions import Choose, PlaceUnit
from baler.rules.combat import RESOLVE, AreaCombat
from baler.rules.losses import injure, kill
from baler.rules.queries import artillery_in_area, engaged, firepower, set_firepower, strength
from baler.rules.state import BalerState, Kind, Side, centre
from baler.rules.tasks import decide, moved, say
from baler.rules.walls import lower_walls
from engine.core.actions import Action, Event
from engine.core.game import Decision

TARGETS, CASUALTIES, RETURN = RESOLVE + 1, RESOLVE + 2, RESOLVE + 3


def fighters(st: BalerState, units: list[str]) -> list[str]:
    """Artillery never fights in an incursion (rulebook "1. Map area selection")."""
    return [u for u in units if st.data.units[u].kind is not Kind.ARTILLERY]


def spanish_targets(st: BalerState, area: str) -> list[str]:
    """What a Spanish incursion may sabotage: an operational trench section of the area, or
    the artillery piece once a trench space of the area is unbuilt or sabotaged (rulebook
    "5. Target announcement")."""
    spaces = st.data.trenches_by_area[area]
    targets = [t for t in spaces if st.trenches.get(t) == "operational"]
    gun = artillery_in_area(st, area)
    if gun is not None and any(st.trenches.get(t) != "operational" for t in spaces):
        targets.append(st.data.artillery_posts[area])
    return targets


@dataclass(slots=True)
class Incursion(AreaCombat):
    """Attackers leave their posts for the centre of the area, both sides roll, net successes
    become sabotage, and every 1 rolled wounds an attacker chosen by the attacking player."""

    targets_left: int = 0
    injuries_left: int = 0
    fought: list[str] = field(default_factory=list)

    section: ClassVar[str] = "Incursion"
    name: ClassVar[str] = "incursion"
    with_artillery: ClassVar[bool] = False

    def attacking_units(self, st: BalerState) -> list[str]:
        return list(st.units_at(centre(self.area)))

    def defending_units(self, st: BalerState) -> list[str]:
        return fighters(st, engaged(st, self.def_side, self.area, with_artillery=False))

    def begin(self, st: BalerState, ev: list[Event]) -> bool:
        say(ev, f"{self.att_side.label} incursion in area {self.area}")
        units = fighters(st, engaged(st, self.att_side, self.area, with_artillery=False))
        for unit in units:
            moved(st, unit, centre(self.area), ev, "leaves its post for the incursion")
        self.fought = list(units)
        return bool(units)

    def compute_firepower(self, st: BalerState, ev: list[Event]) -> None:
        """As in a shooting, without the Philippine artillery unless the optional rule is
        chosen (rulebook "2. Firepower")."""
        guns = st.data.options.artillery_in_incursion_firepower
        att = strength(st, self.attacking_units(st)) + self.strength_bonus
        dfn = strength(st, self.defending_units(st))
        gun = artillery_in_area(st, self.area)
        if guns and gun is not None:
            if self.att_side is Side.PHILIPPINE:
                att += strength(st, [gun])
            else:
                dfn += strength(st, [gun])
        es, ph = (att, dfn) if self.att_side is Side.SPANISH else (dfn, att)
        level, favoured = firepower(es, ph, int(st.data.tables["max_firepower"]))
        set_firepower(st, self.area, level, favoured)
        self.fp, self.fp_side = level, favoured.value if favoured else ""
        who = f"{favoured.label} advantage {level}" if favoured else "no advantage"
        say(ev, f"Area {self.area}: Spanish strength {es}, Philippine strength {ph}: "
                f"firepower {who}")

    def dice_for(self, st: BalerState, side: Side) -> int:
        """No fighting unit, no dice; otherwise the usual dice whatever the number of units
        (rulebook "4. Dice roll")."""
        units = self.attacking_units(st) if side is self.att_side else self.defending_units(st)
        return self.base_dice(st, side) if units else 0

    def resolve(self, st: BalerState, ev: list[Event]) -> Decision | None:
        assert self.att is not None and self.dfn is not None
        table = st.data.tables["incursion"]
        if self.step == RESOLVE:
            mine = self.att.count(table["success"])
            theirs = self.dfn.count(table["success"])
            net = mine - theirs
            say(ev, f"Incursion: {mine} attacker successes against {theirs}")
            self.targets_left = min(net, int(table["max_targets"])) if net > 0 else 0
            if self.targets_left == 0:
                say(ev, "The incursion fails")
            elif self.att_side is Side.PHILIPPINE:
                lower_walls(st, self.area, self.targets_left, ev, "incursion")
                self.targets_left = 0
            self.step = TARGETS
        if self.step == TARGETS:
            if self.targets_left > 0 and spanish_targets(st, self.area):
                return decide(self.att_side, "incursion-target", "Choose what to sabotage",
                              "Incursion / 5. Target announcement")
            faces = table["attacker_injury"]
            self.injuries_left = self.att.count(faces) + self.dfn.count(faces)
            self.step = CASUALTIES
        if self.step == CASUALTIES:
            here = self.attacking_units(st)
            if self.injuries_left > 0 and here:
                if self.injuries_left >= len(here):
                    for unit in here:
                        injure(st, unit, ev, "wounded in the incursion")
                    self.injuries_left = 0
                else:
                    return decide(self.att_side, "incursion-casualty",
                                  "Choose the attacker who is wounded", "Incursion / 6. Casualties")
            self.step = RETURN
        if self.step == RETURN:
            here = self.attacking_units(st)
            if here:
                posts = self._free_posts(st)
                if len(posts) == 1:
                    moved(st, here[0], posts[0], ev, "returns from the incursion")
                    return self.resolve(st, ev)
                return decide(self.att_side, "incursion-return",
                              "Put a surviving attacker back on a guard post of the area",
                              "Incursion / 6. Casualties")
        return None

    def _free_posts(self, st: BalerState) -> list[str]:
        return [p for p in st.data.area_posts(self.att_side, self.area) if not st.units_at(p)]

    def resolve_legal(self, st: BalerState) -> list[Action]:
        if self.step == TARGETS:
            return [Choose(t) for t in spanish_targets(st, self.area)]
        if self.step == CASUALTIES:
            return [Choose(u) for u in self.attacking_units(st)]
        if self.step == RETURN:
            here = self.attacking_units(st)
            return [PlaceUnit(here[0], p) for p in self._free_posts(st)]
        return []

    def resolve_answer(self, st: BalerState, action: Action, ev: list[Event]) -> None:
        if self.step == TARGETS:
            assert isinstance(action, Choose)
            if action.target in st.trenches:
                st.trenches[action.target] = "sabotaged"
                say(ev, f"{st.name(action.target)}: the trench section is sabotaged")
            else:
                gun = st.occupant(action.target)
                assert gun is not None
                kill(st, gun, ev, "sabotaged in the incursion")
            self.targets_left -= 1
        elif self.step == CASUALTIES:
            assert isinstance(action, Choose)
            injure(st, action.target, ev, "wounded in the incursion")
            self.injuries_left -= 1
        else:
            assert isinstance(action, PlaceUnit)
            moved(st, action.unit, action.dest, ev, "returns from the incursion")
