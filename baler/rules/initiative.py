"""Phase 1 - Initiative: both players lay a card face down, then reveal (rulebook "Initiative
phase"; ties and Fog of War cards: "Objective", "Initial deployment", GAP-BAL-22).

The simultaneous choice is two private decisions in turn: the Spanish card is laid first and
stays hidden (`view` shows it only to its owner) until the Philippine card is laid; then both
are revealed together.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from baler.rules.actions import PlayCard
from baler.rules.cards import playable_hand, put_away, take_from_hand
from baler.rules.effects import EffectsTask
from baler.rules.state import SIDES, BalerState, Side
from baler.rules.tasks import Task, decide, pop, push, say
from engine.core.actions import Action, Event, Revealed
from engine.core.game import Decision


def initiative_choices(st: BalerState, side: Side) -> list[str]:
    """Any usable card; a hand of blanks only may lay a blank, worth 0 (GAP-BAL-49)."""
    cards = playable_hand(st, side)
    return cards if cards else list(st.hands[side])


def initiative_value(st: BalerState, side: Side, card: str | None) -> int:
    if card is None or not st.data.cards[card].playable_by(side):
        return 0
    return st.data.cards[card].initiative


@dataclass(slots=True)
class InitiativeTask(Task):
    step: int = 0

    section: ClassVar[str] = "Initiative phase"

    def run(self, st: BalerState, ev: list[Event]) -> Decision | None:
        while self.step < 2:
            side = SIDES[self.step]
            if initiative_choices(st, side):
                return decide(side, "initiative-card", "Choose a card to lay face down for "
                              "initiative", self.section, private=True)
            self.step += 1
        self._reveal(st, ev)
        return None

    def legal(self, st: BalerState) -> list[Action]:
        return [PlayCard(c) for c in initiative_choices(st, SIDES[self.step])]

    def answer(self, st: BalerState, action: Action, ev: list[Event]) -> None:
        assert isinstance(action, PlayCard)
        side = SIDES[self.step]
        take_from_hand(st, side, action.card)
        st.face_down[side] = action.card
        say(ev, f"The {side.label} side lays a card face down")
        self.step += 1

    def _reveal(self, st: BalerState, ev: list[Event]) -> None:
        """Reveal; the higher initiative value wins; on a tie the previous holder keeps it, and
        in turn 1 the Philippine side takes it."""
        cards = {side: st.face_down[side] for side in SIDES}
        values = {side: initiative_value(st, side, cards[side]) for side in SIDES}
        shown = tuple(c for c in cards.values() if c is not None)
        text = ", ".join(
            f"{side.label} '{st.data.cards[c].title}' ({values[side]})" if c else
            f"{side.label} no card"
            for side, c in cards.items()
        )
        ev.append(Revealed(f"Initiative cards revealed: {text}", items=shown))
        es, ph = values[Side.SPANISH], values[Side.PHILIPPINE]
        if es != ph:
            winner = Side.SPANISH if es > ph else Side.PHILIPPINE
        else:
            winner = st.initiative if st.initiative is not None else Side.PHILIPPINE
        st.previous_initiative = st.initiative
        st.initiative = winner
        say(ev, f"The {winner.label} side has the initiative for turn {st.turn}")
        fow_events: list[Task] = []
        for side in st.turn_order():
            card = cards[side]
            st.face_down[side] = None
            if card is None:
                continue
            info = st.data.cards[card]
            if info.fow and info.owner == side.value:
                fow_events.append(EffectsTask(side=side.value, card=card, forced=True))
            put_away(st, side, card, ev)
        pop(st, self)
        push(st, *fow_events)
