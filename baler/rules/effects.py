"""The effect vocabulary of the cards (DESIGN.md §4): every event is a list of verbs, each
implemented once here. Effects always speak for the side resolving the event ("own"), or for
its enemy when an effect says `side: enemy`.

Verbs: attack, movement, supply, morale, supply_roll, surveillance, repair, heal,
expand_infirmary, artillery_reinforcement, destroy_trench, build_trench, damage_walls,
reinforce_posts, persistence, us_activation, ready_leader.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from baler.rules.actions import Choose, Done, ModifyDie, TakeAction
from baler.rules.attacks import attack_options, kinds_for, launch
from baler.rules.idle import effect_idle
from baler.rules.infirmary import expand
from baler.rules.manning import ManPosts
from baler.rules.movement import MovementTask
from baler.rules.picks import PickTask, PlaceArtillery
from baler.rules.queries import us_activation_allowed, walls_destroyed
from baler.rules.state import BalerState, CardInfo, Effect, Side
from baler.rules.supply import SupplyRoll, persistence_actions, use_persistence
from baler.rules.tasks import Task, decide, morale_change, pop, push, roll, say, supply_change
from baler.rules.tcm import UsAdvance
from baler.rules.walls import lower_walls
from engine.core.actions import Action, Event
from engine.core.game import Decision


def requirement_met(st: BalerState, side: Side, card: CardInfo) -> bool:
    """The printed requirement of a card's secondary event (rulebook "Card anatomy")."""
    for key, value in card.requires:
        if key == "morale_at_least" and st.morale[side] < value:
            return False
        if key == "supply_at_least" and st.supply[side] < value:
            return False
        if key == "turn_at_least" and st.turn < value:
            return False
        if key == "leader_in_command" and not any(
            st.units_at(p) for p, (s, _) in st.data.command_posts.items() if s is side
        ):
            return False
    return True


def start_effect(
    st: BalerState, side: Side, effect: Effect, ev: list[Event], forced: bool = False
) -> list[Task]:
    """Apply an effect; returns the procedures it needs, to run in order. A `forced` event (a
    Fog of War card played for initiative, BAL-062) must use its choices when it can."""
    verb = effect.verb
    optional = not forced
    target = side.enemy if effect.get("side") == "enemy" else side
    if verb == "attack":
        return [AttackChoice(side=side.value, kind=effect.get("kind", "any"),
                             count=effect.get("count", 1), extra_dice=effect.get("extra_dice", 0),
                             strength_bonus=effect.get("strength_bonus", 0),
                             free_rerolls=effect.get("free_rerolls", 0), optional=optional)]
    if verb == "movement":
        return [MovementTask(side=side.value, moves_left=effect.get("count", 1))]
    if verb == "supply":
        supply_change(st, target, effect.get("amount", 0), ev, "event")
        return []
    if verb == "morale":
        morale_change(st, target, effect.get("amount", 0), ev, "event")
        return []
    if verb == "supply_roll":
        return [SupplyRoll(side=side.value)]
    if verb in ("surveillance", "heal"):
        return [PickTask(side=side.value, purpose=verb, count=effect.get("count", 1),
                         optional=optional)]
    if verb == "repair":
        return [PickTask(side=side.value, purpose="repair", count=effect.get("count", 1),
                         cost=effect.get("supply_cost", 1), optional=optional)]
    if verb == "build_trench":
        cost = effect.get("supply_cost", 1)
        return [PickTask(side=side.value, purpose="build-trench", cost=cost, optional=optional)]
    if verb == "destroy_trench":
        return [PickTask(side=side.value, purpose="destroy-trench",
                         only=effect.get("state", "sabotaged"), optional=optional)]
    if verb == "ready_leader":
        return [PickTask(side=side.value, purpose="ready-leader", optional=optional)]
    if verb == "expand_infirmary":
        if st.beds_open < len(st.data.beds):
            expand(st, ev)
        return []
    if verb == "artillery_reinforcement":
        return [PlaceArtillery()]
    if verb == "damage_walls":
        return [WallAssault(side=side.value, table=list(effect.get("roll", ())),
                            optional=optional)]
    if verb == "reinforce_posts":
        return [ManPosts(side=side.value, target="posts", limit=effect.get("count", 1))]
    if verb == "persistence":
        if not st.persistence:
            st.persistence = True
            say(ev, "The Philippine Persistence marker is flipped to its active side")
        return []
    if verb == "us_activation":
        return [UsAdvance()] if us_activation_allowed(st) else []
    raise ValueError(f"unknown effect verb {verb!r}")


@dataclass(slots=True)
class EffectsTask(Task):
    """Resolve the effects of one event, in the order printed."""

    side: str = ""
    card: str = ""
    part: str = "main"
    index: int = 0
    forced: bool = False

    section: ClassVar[str] = "Event phase"

    def run(self, st: BalerState, ev: list[Event]) -> Decision | None:
        info = st.data.cards[self.card]
        effects = info.main if self.part == "main" else info.secondary
        if self.index == 0:
            say(ev, f"{Side(self.side).label} side resolves the {self.part} event of "
                    f"'{info.title}'")
        if self.index >= len(effects):
            pop(st, self)
            return None
        effect = effects[self.index]
        self.index += 1
        why = effect_idle(st, Side(self.side), effect)
        if why is not None:
            say(ev, f"'{info.title}': no effect — {why}")
        push(st, *start_effect(st, Side(self.side), effect, ev, self.forced))
        return None


@dataclass(slots=True)
class AttackChoice(Task):
    """An event's attacks: choose the type and area of each (or stop), then fight it with the
    event's modifiers (rulebook "Cards modifiers")."""

    side: str = ""
    kind: str = "any"
    count: int = 1
    extra_dice: int = 0
    strength_bonus: int = 0
    free_rerolls: int = 0
    optional: bool = True

    section: ClassVar[str] = "Cards modifiers"

    def run(self, st: BalerState, ev: list[Event]) -> Decision | None:
        side = Side(self.side)
        if self.count <= 0 or not attack_options(st, side, kinds_for(self.kind)):
            pop(st, self)
            return None
        return decide(Side(self.side), "event-attack", "Choose the attack this event launches",
                      self.section)

    def legal(self, st: BalerState) -> list[Action]:
        found: list[Action] = list(attack_options(st, Side(self.side), kinds_for(self.kind)))
        return [*found, Done()] if self.optional else found

    def answer(self, st: BalerState, action: Action, ev: list[Event]) -> None:
        if isinstance(action, Done):
            self.count = 0
            return
        assert isinstance(action, TakeAction)
        self.count -= 1
        kind = action.name.removeprefix("attack-")
        push(st, launch(st, Side(self.side), kind, action.area, extra_dice=self.extra_dice,
                        strength_bonus=self.strength_bonus, free_rerolls=self.free_rerolls))


@dataclass(slots=True)
class WallAssault(Task):
    """A Philippine event that damages the walls of a chosen area on a die roll (the rulebook's
    'Takeover attempt'); it counts as an attack on that area, and Persistence may change the
    roll (rulebook "Persistence")."""

    side: str = ""
    table: list[int] | None = None
    area: str = ""
    value: int = 0
    optional: bool = True

    section: ClassVar[str] = "Persistence"

    def areas(self, st: BalerState) -> list[str]:
        side = Side(self.side)
        return [
            a for a in st.data.areas if a not in st.attacked[side] and not walls_destroyed(st, a)
        ]

    def run(self, st: BalerState, ev: list[Event]) -> Decision | None:
        if not self.area:
            if not self.areas(st):
                pop(st, self)
                return None
            return decide(Side(self.side), "event-area", "Choose the area to assault",
                          self.section)
        if not self.value:
            self.value = roll(st, 1, "assault on the walls", f"{Side(self.side).label} side", ev)[0]
        if persistence_actions(st, Side(self.side), self.value):
            return decide(Side(self.side), "persistence", "Use the Persistence marker on this "
                          "roll?", self.section)
        self._finish(st, ev)
        return None

    def _finish(self, st: BalerState, ev: list[Event]) -> None:
        assert self.table is not None
        levels = self.table[min(6, self.value) - 1]
        lower_walls(st, self.area, levels, ev, "assault")
        if not levels:
            say(ev, "The assault does no damage")
        pop(st, self)

    def single_roll(self) -> tuple[str, int] | None:
        return ("Assault on the walls", self.value) if self.value else None

    def legal(self, st: BalerState) -> list[Action]:
        if not self.area:
            found: list[Action] = [Choose(a) for a in self.areas(st)]
            return [*found, Done()] if self.optional else found
        return persistence_actions(st, Side(self.side), self.value)

    def answer(self, st: BalerState, action: Action, ev: list[Event]) -> None:
        if not self.area:
            if isinstance(action, Done):
                pop(st, self)
                return
            assert isinstance(action, Choose)
            self.area = action.target
            st.attacked[Side(self.side)].add(self.area)
            return
        if isinstance(action, ModifyDie):
            self.value = use_persistence(st, self.value, action, ev)
        self._finish(st, ev)

