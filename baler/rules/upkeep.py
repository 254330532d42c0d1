"""Phase 7 - Upkeep: victory conditions, the territorial control map step, Fog of War, man the
posts, leaders and the next turn (rulebook "Upkeep Phase")."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from baler.rules.actions import Choose, Decide, ModifyDie
from baler.rules.cards import draw_hand
from baler.rules.leaders import activate, role_of
from baler.rules.manning import ManPosts
from baler.rules.queries import in_command_area, reevaluate_firepower
from baler.rules.state import BalerState, Side
from baler.rules.supply import persistence_actions, use_persistence
from baler.rules.tasks import Task, decide, morale_change, moved, pop, push, roll, say
from baler.rules.tcm import place_us
from baler.rules.victory import check_end, score_upkeep
from engine.core.actions import Action, CardDrawn, Event, TurnEnded
from engine.core.game import Decision

VICTORY, TCM, FOW_DRAW, FOW_KEEP, FOW_SHARED, MAN, LEADERS, NEXT = range(8)


def shared_sources(st: BalerState) -> list[str]:
    found = [slot for slot, card in sorted(st.shared_faceup.items()) if card is not None]
    return [*found, "deck"] if st.shared_deck else found


@dataclass(slots=True)
class UpkeepTask(Task):
    step: int = VICTORY
    turn_index: int = 0

    section: ClassVar[str] = "Upkeep Phase"

    def _side(self, st: BalerState) -> Side:
        return st.turn_order()[self.turn_index]

    def run(self, st: BalerState, ev: list[Event]) -> Decision | None:
        if self.step == VICTORY:
            score_upkeep(st, ev)
            if check_end(st, ev):
                return None
            self.step = TCM
        if self.step == TCM:
            option = st.data.options.us_arrival == "upkeep-turn-3"
            if option and st.turn == 3 and st.power == "spain":
                place_us(st, ev)
            self.step = FOW_DRAW
        if self.step == FOW_DRAW:
            self._draw_fow(st, ev)
            self.step, self.turn_index = FOW_KEEP, 0
        while self.step in (FOW_KEEP, FOW_SHARED) and self.turn_index < 2:
            side = self._side(st)
            if self.step == FOW_KEEP and st.fow_drawn[side] is not None:
                return decide(side, "fow-keep", "Keep the enemy Fog of War card (1 morale) or "
                              "give it to the enemy and take a shared card?", "Fog of War",
                              private=True)
            if self.step == FOW_SHARED and shared_sources(st):
                return decide(side, "take-shared", "Take a shared card: face-up A or B, or the "
                              "top of the shared deck", "Fog of War")
            self.step, self.turn_index = FOW_KEEP, self.turn_index + 1
        if self.step in (FOW_KEEP, FOW_SHARED):
            self.step = MAN
        if self.step == MAN:
            first, second = st.turn_order()
            self.step = LEADERS
            push(st, *(ManPosts(side=s.value, target=t) for t in ("posts", "detachment")
                       for s in (first, second)))
            return None
        if self.step == LEADERS:
            self.step = NEXT
            push(st, *(LeaderUpkeep(side=s.value) for s in st.turn_order()))
            return None
        self._next_turn(st, ev)
        return None

    def _draw_fow(self, st: BalerState, ev: list[Event]) -> None:
        """Each side draws a card of the enemy Fog of War deck, in turn order (GAP-BAL-43: an
        empty deck gives nothing)."""
        for side in st.turn_order():
            deck = st.fow_decks[side.enemy]
            if not deck:
                say(ev, f"The {side.enemy.label} Fog of War deck is empty")
                continue
            card = st.dice.deal(deck)
            st.fow_drawn[side] = card
            ev.append(CardDrawn(f"The {side.label} side draws an enemy Fog of War card",
                                item="", source="fog-of-war"))
            ev.append(CardDrawn(f"The {side.label} side draws '{st.data.cards[card].title}'",
                                item=card, source="fog-of-war", visible_to=frozenset({side.value})))

    def legal(self, st: BalerState) -> list[Action]:
        side = self._side(st)
        if self.step == FOW_KEEP:
            cost = int(st.data.tables["fow_keep_morale_cost"])
            return [Decide(True), Decide(False)] if st.morale[side] >= cost else [Decide(False)]
        return [Choose(s) for s in shared_sources(st)]

    def answer(self, st: BalerState, action: Action, ev: list[Event]) -> None:
        side = self._side(st)
        if self.step == FOW_KEEP:
            assert isinstance(action, Decide)
            card = st.fow_drawn[side]
            assert card is not None
            st.fow_drawn[side] = None
            if action.yes:
                cost = int(st.data.tables["fow_keep_morale_cost"])
                morale_change(st, side, -cost, ev, "keeps an enemy Fog of War card")
                st.discards[side].append(card)
                self.turn_index += 1
            else:
                st.discards[side.enemy].append(card)
                say(ev, f"The {side.label} side gives '{st.data.cards[card].title}' to the "
                        "enemy discard pile")
                self.step = FOW_SHARED
            return
        assert isinstance(action, Choose)
        if action.target == "deck":
            card = st.dice.deal(st.shared_deck)
        else:
            taken = st.shared_faceup[action.target]
            assert taken is not None
            card, st.shared_faceup[action.target] = taken, None
        st.discards[side].append(card)
        say(ev, f"The {side.label} side takes the shared card '{st.data.cards[card].title}'")
        self.step, self.turn_index = FOW_KEEP, self.turn_index + 1

    def _next_turn(self, st: BalerState, ev: list[Event]) -> None:
        """Next turn, steps A-F."""
        ev.append(TurnEnded(f"End of turn {st.turn}", turn=st.turn))
        st.turn += 1
        st.shooting_markers.clear()
        for slot in sorted(st.shared_faceup):
            if st.shared_faceup[slot] is None and st.shared_deck:
                card = st.dice.deal(st.shared_deck)
                st.shared_faceup[slot] = card
                say(ev, f"Shared space {slot} refilled: '{st.data.cards[card].title}'")
        reevaluate_firepower(st)
        for side in st.turn_order():
            draw_hand(st, side, ev)
        pop(st, self)


@dataclass(slots=True)
class LeaderUpkeep(Task):
    """A die for each leader in the command area: 1 disabled, 2-5 back to the detachment, 6
    stays; a non-military leader that stays may act now or wait in reserve (rulebook "Upkeep
    Phase / Leaders"; the Philippine Persistence marker may change a Philippine leader's die,
    rulebook "Persistence"; GAP-BAL-41: the choice only on a 6; a disabled leader recovers at
    the next Leaders step; GAP-BAL-14: acting again although exhausted). Exhaustion lasts "for the
    remainder of the turn" (rulebook "Leaders", BAL-049): a leader who left the command area
    exhausted (beriberi, BAL-084) is face up again here too."""

    side: str = ""
    step: int = 0
    queue: list[str] = field(default_factory=list)
    current: str = ""
    rolled: str = ""
    value: int = 0

    section: ClassVar[str] = "Upkeep Phase / Leaders"

    def run(self, st: BalerState, ev: list[Event]) -> Decision | None:
        side = Side(self.side)
        if self.step == 0:
            for leader, since in list(st.disabled.items()):
                if st.data.units[leader].side is side and since < st.turn:
                    del st.disabled[leader]
                    say(ev, f"{st.name(leader)} recovers and is face up again")
            for leader in sorted(st.exhausted):
                if st.data.units[leader].side is side and not in_command_area(st, leader):
                    st.exhausted.discard(leader)
            self.queue = [
                st.units_at(p)[0] for p, (s, _) in st.data.command_posts.items()
                if s is side and st.units_at(p)
            ]
            self.step = 1
        while True:
            if self.current:
                return self._ask_act(st)
            if self.rolled:
                if persistence_actions(st, side, self.value):
                    return decide(side, "persistence", f"Use the Persistence marker on the "
                                  f"die of {st.name(self.rolled)}?", self.section)
                self._result(st, ev)
                continue
            if not self.queue:
                break
            self.rolled = self.queue.pop(0)
            self.value = roll(st, 1, f"leader {st.name(self.rolled)}", f"{side.label} side",
                              ev)[0]
        pop(st, self)
        return None

    def _ask_act(self, st: BalerState) -> Decision:
        return decide(Side(self.side), "leader-upkeep", f"{st.name(self.current)} stays: act "
                      "now or keep him in reserve?", self.section)

    def _result(self, st: BalerState, ev: list[Event]) -> None:
        """Apply the leader's die: 1 disabled, 2-5 back to the detachment, 6 stays."""
        leader, self.rolled = self.rolled, ""
        result = st.data.tables["leader_upkeep_by_roll"][min(6, self.value) - 1]
        self.value = 0
        st.exhausted.discard(leader)
        home = st.data.units[leader].home
        if result == "disabled":
            st.disabled[leader] = st.turn
            moved(st, leader, home, ev, "disabled")
        elif result == "detachment":
            moved(st, leader, home, ev, "back to the detachment")
        else:
            say(ev, f"{st.name(leader)} stays face up in the command area")
            if role_of(st, st.loc[leader]) != "military":
                self.current = leader

    def single_roll(self) -> tuple[str, int] | None:
        return ("Leaders step die", self.value) if self.rolled else None

    def legal(self, st: BalerState) -> list[Action]:
        if self.rolled:
            return persistence_actions(st, Side(self.side), self.value)
        return [Decide(True), Decide(False)]

    def answer(self, st: BalerState, action: Action, ev: list[Event]) -> None:
        if self.rolled:
            if isinstance(action, ModifyDie):
                self.value = use_persistence(st, self.value, action, ev)
            self._result(st, ev)
            return
        assert isinstance(action, Decide)
        leader, self.current = self.current, ""
        if not action.yes:
            say(ev, f"{st.name(leader)} is kept in reserve")
            return
        role = role_of(st, st.loc[leader])
        tasks = activate(st, leader, role, ev)
        st.exhausted.discard(leader)
        moved(st, leader, st.data.units[leader].home, ev, "acted, back to the detachment")
        push(st, *tasks)
