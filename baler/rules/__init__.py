"""The rules of Heroes of Baler (pure: standard library and engine.core only).

`BalerRules` implements the engine's `Rules` protocol: `new_game` deploys the scenario and runs
to the first decision (each side's face-down initiative card); `apply` checks an answer against
`legal_actions`, applies it and runs every automatic step until the next decision.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from baler.rules import hidden, noeffect, reactions
from baler.rules import position as positions
from baler.rules.actions import ACTION_TYPES, Decide, Done
from baler.rules.invariants import check_invariants
from baler.rules.refusals import refuse
from baler.rules.state import SIDES, BalerState
from baler.rules.tasks import settle
from baler.rules.view import view
from engine.core.actions import Action, Event, IllegalActionError
from engine.core.dice import Dice
from engine.core.game import Result, Scenario, stable_hash

__all__ = ["BalerRules", "BalerState"]

REACTION_DEFAULTS: dict[str, Action] = {
    "modify-dice": Done(),
    "persistence": Done(),
    "surveillance": Decide(False),
}
"""The reaction windows of the game (optional answers inside a procedure) and the answer that
declines each one."""


class BalerRules:
    """Heroes of Baler for the engine: two sides, Spanish and Philippine."""

    game_id = "baler"
    sides: tuple[str, ...] = tuple(s.value for s in SIDES)
    action_types: tuple[type[Action], ...] = ACTION_TYPES
    determinize = staticmethod(hidden.determinize)

    def __init__(self) -> None:
        self._data: dict[Any, Any] = {}

    def new_game(self, scenario: Scenario, seed: int, dice: Dice | None = None) -> BalerState:
        """The scenario's setup is a position (baler.rules.position): one at the start of the
        game, or, with its position keys, any moment at the start of a phase."""
        return self.from_position(scenario, {}, seed, dice)

    def from_position(self, scenario: Scenario, position: Mapping[str, Any], seed: int = 0,
                      dice: Dice | None = None, *, start: bool = True) -> BalerState:
        return positions.from_position(scenario, position,
                                       dice if dice is not None else Dice(seed), start,
                                       self._data)

    def to_position(self, state: BalerState) -> dict[str, Any]:
        return positions.to_position(state)

    def legal_actions(self, state: BalerState) -> list[Action]:
        if state.outcome is not None or not state.stack:
            return []
        return state.stack[-1].legal(state)

    def apply(self, state: BalerState, action: Action) -> list[Event]:
        if state.outcome is not None:
            raise IllegalActionError("The game is over.")
        if action not in state.stack[-1].legal(state):
            raise refuse(state, action)
        return self.apply_legal(state, action)

    def apply_legal(self, state: BalerState, action: Action) -> list[Event]:
        """`apply` for an action taken from `legal_actions(state)` of this very state, which
        is not listed again (engine `RulesExtras`: headless playouts)."""
        events: list[Event] = []
        state.stack[-1].answer(state, action, events)
        settle(state, events)
        return events

    def reaction_default(self, state: BalerState) -> Action | None:
        """The answer that lets a reaction window pass (engine `RulesExtras`): finish without
        modifying the dice (rulebook "Combat modifiers"), keep the Persistence marker for later
        (rulebook "Persistence"), leave the surveillance marker unused (rulebook "2.
        Surveillance"). None for every other decision."""
        if state.outcome is not None or not state.stack:
            return None
        default = REACTION_DEFAULTS.get(state.decision.kind)
        if default is None or default not in state.stack[-1].legal(state):
            return None
        return default

    def usable_reactions(self, state: BalerState) -> list[Action]:
        return reactions.usable_reactions(state)

    def better_reactions(self, state: BalerState) -> list[Action]:
        return reactions.better_reactions(state)

    def forced_answer(self, state: BalerState) -> Action | None:
        return reactions.forced_answer(state)

    def no_effect_reason(self, state: BalerState, action: Action) -> str | None:
        """Why a legal answer would change nothing now (baler.rules.noeffect); None when it
        does something."""
        return noeffect.no_effect_reason(state, action)

    def view(self, state: BalerState, player: str | None) -> Any:
        return view(state, player)

    def result(self, state: BalerState) -> Result | None:
        return state.outcome

    def state_hash(self, state: BalerState) -> str:
        return stable_hash(
            state.dice, state.turn, state.phase, state.initiative, state.previous_initiative,
            state.loc, state.exhausted, state.disabled, state.supply, state.morale, state.vp,
            state.vp_causes,
            state.walls, state.firepower, state.firepower_side, state.surveillance,
            state.trenches, state.shooting_markers, state.beds_open, state.power,
            state.power_space, state.us_strength, state.persistence, state.hands, state.decks,
            state.discards, state.fow_decks, state.shared_deck, state.shared_faceup,
            state.removed, state.table, state.face_down, state.fow_drawn, state.attacked,
            [t.key() for t in state.stack], state.decision, state.outcome,
        )

    def check_invariants(self, state: BalerState) -> list[str]:
        return check_invariants(state)

    def turn_scores(self, state: BalerState) -> dict[str, dict[str, int]]:
        """The scoreboard the balance lab charts by turn: each side's victory points, morale
        and supply tracks ("Upkeep Phase / Victory conditions", "Tie breaker")."""
        return {"victory points": {s.value: state.vp[s] for s in SIDES},
                "morale": {s.value: state.morale[s] for s in SIDES},
                "supply": {s.value: state.supply[s] for s in SIDES}}
