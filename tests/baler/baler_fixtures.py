"""Helpers for the Heroes of Baler rules tests: the scenario, a cleared board on which a test
sets up a rulebook example, and a way to run one procedure with scripted dice."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from baler.rules import BalerRules
from baler.rules.state import BalerState, Side
from baler.rules.tasks import Task, settle
from baler.schema import SCHEMAS
from engine.core.actions import Action, Event
from engine.core.dice import ScriptedDice
from engine.core.game import Decision, Scenario
from engine.data.schema import load_scenario

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = ROOT / "scenarios" / "baler" / "siege.yaml"
RULES = BalerRules()
ES, PH = Side.SPANISH, Side.PHILIPPINE


@cache
def scenario() -> Scenario:
    return load_scenario(MANIFEST, SCHEMAS)


def new_game(seed: int = 1) -> BalerState:
    return RULES.new_game(scenario(), seed)


@dataclass(slots=True)
class Halt(Task):
    """Sits under the procedure a test runs, so the test sees where it stops."""

    def run(self, st: BalerState, ev: list[Event]) -> Decision | None:
        return Decision(None, "halt", "The procedure under test is finished")


def cleared(seed: int = 1) -> BalerState:
    """A fresh game with every counter off the map: soldiers in their bags, leaders in their
    detachment spaces, artillery in the reserve; tracks kept from the setup. Built through the
    rules' door for positions: the setup without its placements."""
    return RULES.from_position(scenario(), {"placements": {}}, seed)


def put(st: BalerState, **where: str) -> None:
    """put(st, es_fabregat_fabregat="es-bell-tower"): underscores stand for dashes."""
    for unit, space in where.items():
        st.place(unit.replace("_", "-"), space)


def place(st: BalerState, mapping: dict[str, str]) -> None:
    for unit, space in mapping.items():
        st.place(unit, space)


def run(
    st: BalerState, task: Task, rolls: tuple[int, ...] = (), draws: tuple[str, ...] = ()
) -> list[Event]:
    """Run one procedure alone with scripted dice, up to its first decision."""
    st.dice = ScriptedDice(rolls, draws)
    st.stack = [Halt(), task]
    events: list[Event] = []
    settle(st, events)
    return events


def act(st: BalerState, action: Action) -> list[Event]:
    return RULES.apply(st, action)


def script_done(st: BalerState) -> bool:
    """Whether every scripted roll was used (the example's dice, no more, no fewer)."""
    assert isinstance(st.dice, ScriptedDice)
    return not st.dice.script


def halted(st: BalerState) -> bool:
    return st.decision.kind == "halt"


def texts(events: list[Event]) -> list[str]:
    return [e.text for e in events]


def kind(st: BalerState) -> str:
    return st.decision.kind


def legal(st: BalerState) -> list[Any]:
    return RULES.legal_actions(st)


def give(st: BalerState, side: Side, *cards: str) -> None:
    """Put cards into a hand, taking them from wherever they are."""
    for card in cards:
        piles = [st.shared_deck, st.removed, *st.hands.values(), *st.decks.values(),
                 *st.discards.values(), *st.fow_decks.values()]
        for pile in piles:
            if card in pile:
                pile.remove(card)
        for slot, faceup in st.shared_faceup.items():
            if faceup == card:
                st.shared_faceup[slot] = None
        st.hands[side].append(card)


def hand(st: BalerState, side: Side, *cards: str) -> None:
    """Replace a hand: its cards go back to the owner's deck, then the listed cards are given."""
    for card in list(st.hands[side]):
        st.hands[side].remove(card)
        st.decks[side].append(card)
    give(st, side, *cards)
