"""The Philippine artillery attack (rulebook "Artillery", "Shrapnel casualties")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from baler.rules.combat import AreaCombat, apply_casualties
from baler.rules.queries import artillery_in_area, engaged
from baler.rules.state import BalerState, Side
from baler.rules.tasks import say
from baler.rules.walls import lower_walls
from engine.core.actions import Event
from engine.core.game import Decision


@dataclass(slots=True)
class ArtilleryAttack(AreaCombat):
    """Two Philippine dice against one Spanish die (none if the area's posts are empty);
    4-6 succeed, each Spanish success cancels a Philippine success and also a shrapnel wound;
    no firepower or surveillance."""

    section: ClassVar[str] = "Artillery"
    name: ClassVar[str] = "artillery"
    uses_firepower: ClassVar[bool] = False

    def begin(self, st: BalerState, ev: list[Event]) -> bool:
        gun = artillery_in_area(st, self.area)
        say(ev, f"Philippine artillery fires on area {self.area}")
        return gun is not None

    def attacking_units(self, st: BalerState) -> list[str]:
        return engaged(st, Side.PHILIPPINE, self.area, with_artillery=True)

    def defending_units(self, st: BalerState) -> list[str]:
        return engaged(st, Side.SPANISH, self.area, with_artillery=False)

    def dice_for(self, st: BalerState, side: Side) -> int:
        table = st.data.tables["artillery_attack"]
        cap = int(st.data.tables["max_combat_dice"])
        if side is Side.PHILIPPINE:
            return min(cap, int(table["attacker_dice"]) + self.extra_dice)
        return int(table["defender_dice"]) if self.defending_units(st) else 0

    def resolve(self, st: BalerState, ev: list[Event]) -> Decision | None:
        assert self.att is not None and self.dfn is not None
        table = st.data.tables["artillery_attack"]
        hits = self.att.count(table["success"])
        saves = self.dfn.count(table["success"])
        net = hits - saves
        say(ev, f"Artillery: {hits} successes against {saves}")
        if net > 0:
            lower_walls(st, self.area, min(net, int(table["max_levels"])), ev, "artillery")
        else:
            say(ev, "The shelling does no damage to the walls")
        shrapnel = max(0, self.att.count(table["shrapnel"]) - saves)
        if shrapnel:
            say(ev, f"Shrapnel: {shrapnel} Spanish wounded")
            apply_casualties(st, Side.SPANISH, self.area, 0, shrapnel, ev)
        return None
