"""Phase 2 - Events: two event cards, an optional support card that boosts them, and the
events resolved in the player's order (rulebook "Event phase", "Boosting event cards")."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from typing import ClassVar

from baler.rules.actions import Done, PlayCard, PlaySupport, ResolveEvent
from baler.rules.cards import playable_hand, put_away, take_from_hand
from baler.rules.effects import EffectsTask, requirement_met
from baler.rules.state import BalerState, Side
from baler.rules.tasks import Task, decide, pop, push, say
from engine.core.actions import Action, Event, Revealed
from engine.core.game import Decision

CHOOSE, SUPPORT, RESOLVE, CLEANUP = range(4)


def icon_matches(st: BalerState, icon: str, event_card: str) -> bool:
    """A support icon boosts an event card bearing the same icon; a star on the support card is
    the wildcard that boosts an event card with any icon (rulebook "Boosting event cards" 3,
    GAP-BAL-51). A star on the event card is only an icon of its own: it is matched by a star."""
    return icon == "star" or icon in st.data.cards[event_card].icons


def boost_sets(st: BalerState, support: str, events: list[str]) -> list[tuple[str, ...]]:
    """Every non-empty set of event cards the support card can boost: each of its icons boosts
    at most one card, each card is boosted once, Fog of War cards never (rulebook "Boosting
    event cards" 3-4)."""
    icons = st.data.cards[support].icons
    targets: list[str | None] = [e for e in events if not st.data.cards[e].fow]
    found: set[tuple[str, ...]] = set()
    for assignment in product([None, *targets], repeat=len(icons)):
        chosen = [t for t in assignment if t is not None]
        if not chosen or len(chosen) != len(set(chosen)):
            continue
        if all(t is None or icon_matches(st, i, t) for i, t in zip(icons, assignment, strict=True)):
            found.add(tuple(sorted(chosen, key=events.index)))
    return sorted(found)


@dataclass(slots=True)
class EventPhaseTask(Task):
    side: str = ""
    step: int = CHOOSE
    events: list[str] = field(default_factory=list)
    support: str = ""
    boosted: list[str] = field(default_factory=list)
    done: list[str] = field(default_factory=list)

    section: ClassVar[str] = "Event phase"

    def run(self, st: BalerState, ev: list[Event]) -> Decision | None:
        side = Side(self.side)
        if self.step == CHOOSE:
            if len(self.events) < 2 and playable_hand(st, side):
                return decide(side, "event-card", f"Play event card {len(self.events) + 1} of 2",
                              self.section, private=True)
            self.step = SUPPORT
        if self.step == SUPPORT:
            if self._support_options(st):
                return decide(side, "support-card", "Play a support card to boost your events, "
                              "or none", "Boosting event cards", private=True)
            self.step = RESOLVE
        if self.step == RESOLVE:
            if self._resolve_options(st):
                return decide(side, "resolve-event", "Resolve an event, or stop", self.section)
            self.step = CLEANUP
        for card in [*self.events, *([self.support] if self.support else [])]:
            st.table[side].remove(card)
            put_away(st, side, card, ev)
        pop(st, self)
        return None

    def _support_options(self, st: BalerState) -> list[Action]:
        side = Side(self.side)
        return [
            PlaySupport(card, boosts)
            for card in playable_hand(st, side)
            for boosts in boost_sets(st, card, self.events)
        ]

    def _resolve_options(self, st: BalerState) -> list[Action]:
        side = Side(self.side)
        found: list[Action] = []
        for card in self.events:
            if f"{card}:main" not in self.done:
                found.append(ResolveEvent(card, "main"))
            if (
                card in self.boosted
                and f"{card}:secondary" not in self.done
                and requirement_met(st, side, st.data.cards[card])
            ):
                found.append(ResolveEvent(card, "secondary"))
        return found

    def legal(self, st: BalerState) -> list[Action]:
        side = Side(self.side)
        if self.step == CHOOSE:
            return [PlayCard(c) for c in playable_hand(st, side)]
        if self.step == SUPPORT:
            return [*self._support_options(st), Done()]
        return [*self._resolve_options(st), Done()]

    def answer(self, st: BalerState, action: Action, ev: list[Event]) -> None:
        side = Side(self.side)
        if isinstance(action, PlayCard):
            take_from_hand(st, side, action.card)
            st.table[side].append(action.card)
            self.events.append(action.card)
            title = st.data.cards[action.card].title
            ev.append(Revealed(f"The {side.label} side plays '{title}' as an event",
                               items=(action.card,)))
        elif isinstance(action, PlaySupport):
            take_from_hand(st, side, action.card)
            st.table[side].append(action.card)
            self.support = action.card
            self.boosted = list(action.boosts)
            titles = ", ".join(f"'{st.data.cards[c].title}'" for c in action.boosts)
            ev.append(Revealed(f"The {side.label} side plays '{st.data.cards[action.card].title}'"
                               f" as support, boosting {titles}", items=(action.card,)))
            self.step = RESOLVE
        elif isinstance(action, ResolveEvent):
            self.done.append(f"{action.card}:{action.part}")
            push(st, EffectsTask(side=self.side, card=action.card, part=action.part))
        elif self.step == SUPPORT:
            self.step = RESOLVE
        else:
            say(ev, f"The {side.label} side leaves its other events unresolved")
            self.step = CLEANUP
