"""Combat in an area of the church map: the steps shootings and incursions share (firepower,
surveillance, attacker then defender dice with modifiers) and the shooting itself (rulebook
"Attack", "Shooting", "Casualties", "Church walls")."""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass, field
from typing import ClassVar

from baler.rules.actions import Decide, Done, ModifyDie
from baler.rules.losses import injure, kill
from baler.rules.modifiers import Pool, apply_modifier, modifier_actions, new_pool
from baler.rules.queries import (
    engaged,
    firepower,
    leaders_among,
    set_firepower,
    strength,
    walls_destroyed,
)
from baler.rules.state import BalerState, Side
from baler.rules.supply import persistence_actions, use_persistence
from baler.rules.tasks import Task, decide, pop, roll, say
from engine.core.actions import Action, Event, IllegalActionError
from engine.core.game import Decision

# Steps shared by every area combat.
START, SURV_ATT, SURV_DEF, SURV_ROLL, ATT_ROLL, ATT_MOD, DEF_ROLL, DEF_MOD, RESOLVE = range(9)


def post_with_label(st: BalerState, side: Side, area: str, label: str) -> str | None:
    for post in st.data.area_posts(side, area):
        if st.data.posts[post].label == label:
            return post
    return None


def philippine_casualty_post(st: BalerState, area: str, ev: list[Event]) -> str | None:
    """Where a Philippine casualty falls: a die picks post 1-2, 3-4 or 5-6, rerolled while the
    post is empty; a lone manned post takes it without a roll (rulebook "Philippine side
    casualties"). None when no Philippine unit is left in the area."""
    posts = st.data.area_posts(Side.PHILIPPINE, area)
    table = st.data.tables["philippine_location_by_roll"]
    while True:
        manned = [p for p in posts if st.units_at(p)]
        if not manned:
            return None
        if len(manned) == 1:
            return manned[0]
        value = roll(st, 1, "casualty location", "Philippine side", ev)[0]
        post = post_with_label(st, Side.PHILIPPINE, area, table[value - 1])
        if post is not None and st.units_at(post):
            return post


def spanish_casualty_post(st: BalerState, area: str, ev: list[Event]) -> str | None:
    """Where a Spanish casualty falls: 2 the bell tower, 3-4 and 5-6 those posts, an empty post
    rolls again; a 1 cancels the casualty while the area's walls stand, and hits the bell tower
    once they are Destroyed, when a lone unit also takes it without a roll (rulebook "Spanish
    side casualties", "Church walls"). None when cancelled or nobody is left."""
    posts = st.data.area_posts(Side.SPANISH, area)
    table = st.data.tables["spanish_location_by_roll"]
    destroyed = walls_destroyed(st, area)
    while True:
        manned = [p for p in posts if st.units_at(p)]
        if not manned:
            return None
        if destroyed and len(manned) == 1:
            return manned[0]
        value = roll(st, 1, "casualty location", "Spanish side", ev)[0]
        label = table[value - 1]
        if label == "walls":
            if not destroyed:
                say(ev, "A 1: the church walls stop the casualty")
                return None
            label = "2"
        post = post_with_label(st, Side.SPANISH, area, label)
        if post is not None and st.units_at(post):
            return post


def apply_casualties(
    st: BalerState, side: Side, area: str, kills: int, injuries: int, ev: list[Event]
) -> None:
    """Resolve one side's shooting losses one at a time, kills before injuries (rulebook
    "Casualties")."""
    locate = spanish_casualty_post if side is Side.SPANISH else philippine_casualty_post
    for kind, count in (("kill", kills), ("injury", injuries)):
        for _ in range(count):
            post = locate(st, area, ev)
            if post is None:
                continue
            unit = st.occupant(post)
            assert unit is not None
            if kind == "kill":
                kill(st, unit, ev, f"killed on {st.name(post)}")
            else:
                injure(st, unit, ev, f"wounded on {st.name(post)}")


@dataclass(slots=True)
class AreaCombat(Task):
    """Firepower, surveillance and the two rolls of a shooting or an incursion."""

    attacker: str = ""
    area: str = ""
    extra_dice: int = 0
    strength_bonus: int = 0
    free_rerolls: int = 0
    step: int = START
    fp: int = 0
    fp_side: str = ""
    surv_yes: list[str] = field(default_factory=list)
    surv_spent: list[str] = field(default_factory=list)
    surv_rolls: dict[str, int] = field(default_factory=dict)
    surv_waiting: str = ""
    att: Pool | None = None
    dfn: Pool | None = None

    name: ClassVar[str] = "combat"
    with_artillery: ClassVar[bool] = True
    uses_firepower: ClassVar[bool] = True

    @property
    def att_side(self) -> Side:
        return Side(self.attacker)

    @property
    def def_side(self) -> Side:
        return Side(self.attacker).enemy

    # --- hooks -----------------------------------------------------------------------------

    def attacking_units(self, st: BalerState) -> list[str]:
        return engaged(st, self.att_side, self.area, with_artillery=self.with_artillery)

    def defending_units(self, st: BalerState) -> list[str]:
        return engaged(st, self.def_side, self.area, with_artillery=self.with_artillery)

    def begin(self, st: BalerState, ev: list[Event]) -> bool:
        """First step; False ends the combat at once."""
        return True

    @abstractmethod
    def dice_for(self, st: BalerState, side: Side) -> int:
        """How many dice `side` rolls in this combat, before the 5-dice cap."""

    @abstractmethod
    def resolve(self, st: BalerState, ev: list[Event]) -> Decision | None:
        """Apply the rolled successes (kills, injuries, wall damage) once both pools are final."""

    # --- shared steps ----------------------------------------------------------------------

    def base_dice(self, st: BalerState, side: Side) -> int:
        base = st.data.tables["base_dice"]
        n = int(base["attacker"] if side is self.att_side else base["defender"])
        if self.fp_side == side.value:
            n += self.fp
        if side is self.att_side:
            n += self.extra_dice
        return min(n, int(st.data.tables["max_combat_dice"]))

    def compute_firepower(self, st: BalerState, ev: list[Event]) -> None:
        """Firepower before the combat; the area's marker is set to it (rulebook "1. Firepower");
        an event's strength bonus counts for the attacker (rulebook "Cards modifiers")."""
        att = strength(st, self.attacking_units(st)) + self.strength_bonus
        dfn = strength(st, self.defending_units(st))
        es, ph = (att, dfn) if self.att_side is Side.SPANISH else (dfn, att)
        level, favoured = firepower(es, ph, int(st.data.tables["max_firepower"]))
        set_firepower(st, self.area, level, favoured)
        self.fp, self.fp_side = level, favoured.value if favoured else ""
        who = f"{favoured.label} advantage {level}" if favoured else "no advantage"
        say(ev, f"Area {self.area}: Spanish strength {es}, Philippine strength {ph}: "
                f"firepower {who}")

    def shift_by_surveillance(self, att_bonus: int, def_bonus: int, cap: int) -> None:
        """Move firepower by the difference of the two bonuses, through 0 to the other side,
        never past the end of the track, `cap` (3, tables.yaml `max_firepower`; GAP-BAL-36)."""
        signed = self.fp if self.fp_side == self.attacker else -self.fp
        signed = max(-cap, min(cap, signed + att_bonus - def_bonus))
        self.fp = abs(signed)
        self.fp_side = (
            self.attacker if signed > 0 else self.def_side.value if signed < 0 else ""
        )

    def map_leader(self, st: BalerState, side: Side, units: list[str]) -> bool:
        return bool(leaders_among(st, units))

    def run(self, st: BalerState, ev: list[Event]) -> Decision | None:
        if self.step == START:
            if not self.begin(st, ev):
                pop(st, self)
                return None
            if self.uses_firepower:
                self.compute_firepower(st, ev)
                self.step = SURV_ATT
            else:
                self.step = ATT_ROLL
        if self.step == SURV_ATT:
            if self.area in st.surveillance[self.att_side]:
                return self._ask_surveillance(self.att_side)
            self.step = SURV_DEF
        if self.step == SURV_DEF:
            if self.area in st.surveillance[self.def_side]:
                return self._ask_surveillance(self.def_side)
            self.step = SURV_ROLL
        if self.step == SURV_ROLL:
            waiting = self._roll_surveillance(st, ev)
            if waiting is not None:
                return waiting
            self.step = ATT_ROLL
        if self.step == ATT_ROLL:
            self.att = self._roll_pool(st, self.att_side, ev)
            self.step = ATT_MOD
        if self.step == ATT_MOD:
            assert self.att is not None
            if modifier_actions(st, self.att):
                return self._ask_modifiers(self.att_side)
            self.step = DEF_ROLL
        if self.step == DEF_ROLL:
            self.dfn = self._roll_pool(st, self.def_side, ev)
            self.step = DEF_MOD
        if self.step == DEF_MOD:
            assert self.dfn is not None
            if modifier_actions(st, self.dfn):
                return self._ask_modifiers(self.def_side)
            self.step = RESOLVE
        decision = self.resolve(st, ev)
        if decision is None:
            self.finish(st, ev)
        return decision

    def finish(self, st: BalerState, ev: list[Event]) -> None:
        """Surveillance markers that gave a bonus go back to their owners' reserves."""
        for side in self.surv_spent:
            st.surveillance[Side(side)].discard(self.area)
            say(ev, f"The {Side(side).label} surveillance marker in area {self.area} returns "
                    "to the reserve")
        pop(st, self)

    def _ask_surveillance(self, side: Side) -> Decision:
        return decide(side, "surveillance", f"Activate your surveillance marker in area "
                      f"{self.area}?", "Shooting / 2. Surveillance")

    def _ask_modifiers(self, side: Side) -> Decision:
        return decide(side, "modify-dice", "Modify your combat dice, or finish",
                      "Combat modifiers")

    def _roll_surveillance(self, st: BalerState, ev: list[Event]) -> Decision | None:
        """Each side that activated its marker rolls, attacker first (rulebook "2.
        Surveillance"); the Philippine side may change its die with the Persistence marker
        (rulebook "Persistence": any die roll, not only in combat). Returns that question, or
        None once both dice are final and the firepower is shifted."""
        for side in (self.att_side, self.def_side):
            if side.value not in self.surv_yes or side.value in self.surv_rolls:
                continue
            value = roll(st, 1, "surveillance", f"{side.label} side", ev)[0]
            self.surv_rolls[side.value] = value
            if persistence_actions(st, side, value):
                self.surv_waiting = side.value
                return decide(side, "persistence", "Use the Persistence marker on the "
                              "surveillance die?", "Persistence")
        bonus_table = st.data.tables["surveillance"]["bonus_by_roll"]
        bonus = {self.attacker: 0, self.def_side.value: 0}
        for side in (self.att_side, self.def_side):
            if side.value not in self.surv_yes:
                continue
            bonus[side.value] = int(bonus_table[min(6, self.surv_rolls[side.value]) - 1])
            if bonus[side.value]:
                self.surv_spent.append(side.value)
                say(ev, f"{side.label} surveillance: +{bonus[side.value]} firepower")
            else:
                say(ev, f"{side.label} surveillance marker does not activate and stays")
        if self.surv_yes:
            self.shift_by_surveillance(bonus[self.attacker], bonus[self.def_side.value],
                                       int(st.data.tables["max_firepower"]))
            who = Side(self.fp_side).label if self.fp_side else "nobody"
            say(ev, f"Firepower for this combat: {self.fp} ({who})")
        return None

    def single_roll(self) -> tuple[str, int] | None:
        if not self.surv_waiting:
            return None
        return ("Surveillance die", self.surv_rolls[self.surv_waiting])

    def _roll_pool(self, st: BalerState, side: Side, ev: list[Event]) -> Pool:
        n = self.dice_for(st, side)
        units = self.attacking_units(st) if side is self.att_side else self.defending_units(st)
        values = roll(st, n, f"{self.name} dice", f"{side.label} side", ev)
        if n == 0:
            say(ev, f"The {side.label} side rolls no dice")
        is_att = side is self.att_side
        return new_pool(
            st, side, values, map_leader=self.map_leader(st, side, units),
            card_rerolls=self.free_rerolls if is_att else 0,
        )

    def legal(self, st: BalerState) -> list[Action]:
        if self.step in (SURV_ATT, SURV_DEF):
            return [Decide(True), Decide(False)]
        if self.step in (ATT_MOD, DEF_MOD):
            pool = self.att if self.step == ATT_MOD else self.dfn
            assert pool is not None
            return [*modifier_actions(st, pool), Done()]
        if self.surv_waiting:
            side = Side(self.surv_waiting)
            return persistence_actions(st, side, self.surv_rolls[side.value])
        return self.resolve_legal(st)

    def resolve_legal(self, st: BalerState) -> list[Action]:
        return []

    def answer(self, st: BalerState, action: Action, ev: list[Event]) -> None:
        if self.step in (SURV_ATT, SURV_DEF):
            assert isinstance(action, Decide)
            side = self.att_side if self.step == SURV_ATT else self.def_side
            if action.yes:
                self.surv_yes.append(side.value)
            self.step += 1
        elif self.step in (ATT_MOD, DEF_MOD):
            pool = self.att if self.step == ATT_MOD else self.dfn
            assert pool is not None
            if isinstance(action, ModifyDie):
                apply_modifier(st, pool, action, ev)
            else:
                self.step += 1
        elif self.surv_waiting:
            waiting, self.surv_waiting = self.surv_waiting, ""
            if isinstance(action, ModifyDie):
                self.surv_rolls[waiting] = use_persistence(st, self.surv_rolls[waiting], action,
                                                           ev)
        else:
            self.resolve_answer(st, action, ev)

    def resolve_answer(self, st: BalerState, action: Action, ev: list[Event]) -> None:
        """Answer a decision of the resolution step; only combats that ask one override this."""
        raise IllegalActionError("Nothing to decide now.", self.section)


@dataclass(slots=True)
class Shooting(AreaCombat):
    """A shooting in one area: every unit on the area's guard posts is engaged, Philippine
    artillery included (rulebook "Shooting")."""

    section: ClassVar[str] = "Shooting"
    name: ClassVar[str] = "shooting"

    def begin(self, st: BalerState, ev: list[Event]) -> bool:
        say(ev, f"{self.att_side.label} shooting in area {self.area}")
        sides = (self.att_side, self.def_side)
        if not all(engaged(st, side, self.area, with_artillery=False) for side in sides):
            say(ev, f"Area {self.area}: one side has no unit on its guard posts; the shooting "
                    "has no effect")
            return False
        return True

    def dice_for(self, st: BalerState, side: Side) -> int:
        return self.base_dice(st, side)

    def resolve(self, st: BalerState, ev: list[Event]) -> Decision | None:
        """Each 6 kills and each 5 wounds; the attacker's hits are resolved first (rulebook
        "3. Dice roll", "4. Casualties")."""
        assert self.att is not None and self.dfn is not None
        kill_faces = st.data.tables["shooting"]["kill"]
        injury_faces = st.data.tables["shooting"]["injury"]
        hits = [
            (self.def_side, self.att.count(kill_faces), self.att.count(injury_faces)),
            (self.att_side, self.dfn.count(kill_faces), self.dfn.count(injury_faces)),
        ]
        for side, kills, injuries in hits:
            say(ev, f"{side.label} losses in area {self.area}: {kills} killed, "
                    f"{injuries} wounded")
            apply_casualties(st, side, self.area, kills, injuries, ev)
        return None
