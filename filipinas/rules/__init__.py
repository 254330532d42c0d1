"""The rules of Filipinas 1896-1898 as a pure state machine (DESIGN.md §1-3).

`FilipinasRules` is the `Rules` object: `new_game`, `legal_actions`, `apply`, `view`, `result`,
`state_hash` and `check_invariants`. Every procedure lives in its own module and cites its rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.actions import Action, Event, IllegalActionError, Message, Revealed
from engine.core.dice import Dice
from engine.core.game import Result, Scenario, stable_hash
from filipinas.rules import actions as A
from filipinas.rules import board as B
from filipinas.rules import (
    cards,
    combat,
    forces,
    hidden,
    movement,
    noeffect,
    operations,
    reactions,
)
from filipinas.rules import position as positions
from filipinas.rules.invariants import check_invariants
from filipinas.rules.legal import is_legal, legal_actions
from filipinas.rules.queries import action_costs, control_map, prompt_info
from filipinas.rules.refusals import diagnose
from filipinas.rules.sequence import (
    base_cost,
    end_round,
    pay,
    reshuffle_spanish_hand,
    settle,
)
from filipinas.rules.setup import FILIPINO, SIDES, SPAIN
from filipinas.rules.state import FilState, Kind
from filipinas.rules.victory import cities_taken

__all__ = ["FilipinasRules", "FilState"]


class FilipinasRules:
    """The rules object registered for Filipinas."""

    game_id = "filipinas"
    sides: tuple[str, ...] = SIDES
    action_types: tuple[type[Action], ...] = A.ACTION_TYPES
    determinize = staticmethod(hidden.determinize)

    def new_game(self, scenario: Scenario, seed: int, dice: Dice | None = None) -> FilState:
        """Set up 8.0: the starting AP and hands replace the turn-1 calculation (GAP-FIL-12).
        The setup is a position (filipinas.rules.position): with its position keys, any
        moment at the start of a phase."""
        return self.from_position(scenario, {}, seed, dice)

    def from_position(self, scenario: Scenario, position: Mapping[str, Any], seed: int = 0,
                      dice: Dice | None = None, *, start: bool = True) -> FilState:
        return positions.from_position(scenario, position,
                                       dice if dice is not None else Dice(seed), start)

    def to_position(self, state: FilState) -> dict[str, Any]:
        return positions.to_position(state)

    def legal_actions(self, state: FilState) -> list[Action]:
        return legal_actions(state)

    def apply(self, state: FilState, action: Action) -> list[Event]:
        """Check `action` against the legal actions, apply it, run the automatic steps."""
        if not is_legal(state, action):
            raise IllegalActionError(*explain(state, action))
        return self.apply_legal(state, action)

    def apply_legal(self, state: FilState, action: Action) -> list[Event]:
        """`apply` for an action taken from `legal_actions(state)` of this very state, which
        is not checked again (engine `RulesExtras`: headless playouts)."""
        events: list[Event] = []
        if state.pending:
            _answer_prompt(state, action, events)
        else:
            _round_action(state, action, events)
        settle(state, events)
        return events

    def view(self, state: FilState, player: str | None) -> dict[str, Any]:
        """Public information plus the viewer's own hand (DESIGN.md §3); in solo play the
        Filipino player also sees the bot's cards, which 10.2 shows at each of his actions."""
        return {
            "turn": state.turn,
            "phase": state.phase.value,
            "active": state.active,
            "decision": state.decision.kind,
            "counters": {c: {"space": s, "stack": state.stack_of.get(c),
                             "reduced": c in state.reduced} for c, s in state.loc.items()},
            "markers": {
                "target": sorted(state.targets), "search": sorted(state.search),
                "protect": sorted(state.protect), "entrenched": sorted(state.entrenched),
                "sacked": sorted(state.sacked), "baler": sorted(state.baler),
                "lines": sorted(state.lines_built), "zapote": state.zapote,
                "reconcentration": state.reconcentration, "cities": dict(state.city_owner),
                "artillery": state.artillery_holder if state.artillery == "in_play" else None,
            },
            "ap": dict(state.ap), "morale": state.morale, "us": state.us_level,
            "us_at_war": state.us_at_war, "government": state.government,
            "hand": list(state.hands[player]) if player in state.hands else [],
            "hand_sizes": {s: len(h) for s, h in state.hands.items()},
            "deck_sizes": {d: len(c) for d, c in state.decks.items()},
            "played": list(state.out),
            "combat": None if state.combat is None else {
                "kind": state.combat.kind, "attacker": state.combat.attacker,
                "modifiers": list(state.combat.modifiers), "cards": list(state.combat.cards),
                "attackers": list(state.combat.attackers),
                "defenders": list(state.combat.defenders), "space": state.combat.space},
            "round": {"actions": state.round_count, "coordinated": state.round_surcharged,
                      "passes": state.passes, "did": state.round_did},
            "costs": action_costs(state),
            "control": control_map(state),
            "prompt": prompt_info(state),
            "exiled": state.exiled, "biak": state.biak, "canovas_dead": state.canovas_dead,
            "plunders": state.plunders, "solo": state.data.solo,
            "bot_hand": list(state.hands[SPAIN]) if state.data.solo and player == FILIPINO
            else [],
            "no_effect": _idle_cards(state, player),
        }

    def result(self, state: FilState) -> Result | None:
        return state.outcome

    def state_hash(self, state: FilState) -> str:
        return stable_hash(
            state.dice, state.loc, sorted(state.stack_of.items()), state.reduced, state.targets,
            state.search, state.protect, state.entrenched, state.sacked, state.baler,
            state.zapote, state.zapote_defenders, state.lines_built, state.reconcentration,
            state.city_owner, state.government, state.canovas_dead, state.government_changed,
            state.artillery, state.artillery_holder, state.landed, state.ap, state.morale,
            state.us_level, state.us_at_war, state.us_entry_pending, state.exiled, state.biak,
            state.turn, state.phase, state.active, state.round_count, state.round_surcharged,
            state.round_did, state.round_repatriated, state.round_unstacked,
            state.round_reinforced, state.passes, state.us_next_round, state.plunders,
            state.search_free, state.decks, state.hands,
            state.out, [(p.kind, p.player, p.card, p.targets, p.action, p.leader, p.units,
                         p.city, p.space, p.value, p.pre) for p in state.pending],
            state.combat, state.outcome,
        )

    def check_invariants(self, state: FilState) -> list[str]:
        return check_invariants(state)

    def reaction_default(self, state: FilState) -> Action | None:
        """In a reaction window — combat cards (6.7), a counterattack (6.7), cancelling a card
        (10.2), a reaction card (6.11), an interception (6.8.3), the Zapote Line (6.13.3) — the
        answer that lets it pass: Decline. None for the round, a discard over the hand limit
        and a leader's fall-back, which are real choices."""
        if state.outcome is None and state.pending and state.pending[-1].kind in REACTIONS:
            return A.Decline()
        return None

    def no_effect_reason(self, state: FilState, action: Action) -> str | None:
        """Why a legal answer would change nothing now (filipinas.rules.noeffect); None when
        it does something."""
        return noeffect.no_effect_reason(state, action)

    def usable_reactions(self, state: FilState) -> list[Action]:
        """The answers of the reaction window now worth offering (a counterattack only when it
        can hit, 6.7); see `reactions`."""
        if self.reaction_default(state) is None:
            return []
        return reactions.usable_reactions(state, legal_actions(state))

    def better_reactions(self, state: FilState) -> list[Action]:
        if self.reaction_default(state) is None:
            return []
        return reactions.better_reactions(state, legal_actions(state))

    def turn_scores(self, state: FilState) -> dict[str, dict[str, int]]:
        """The scoreboard the balance lab charts by turn: Spanish Morale and the cities the
        Filipinos hold, which together decide a surrender (5.3.1), and the United States track
        ("" marks a track that belongs to neither side)."""
        held, _ = cities_taken(state)
        return {"Spanish morale": {SPAIN: state.morale}, "cities held": {FILIPINO: held},
                "United States track": {"": state.us_level}}


REACTIONS = frozenset({Kind.COMBAT_CARDS, Kind.COUNTERATTACK, Kind.CANCEL, Kind.RESPONSE,
                       Kind.INTERCEPT, Kind.ZAPOTE})
"""The decisions that answer the other side's move and may be declined."""


def explain(state: FilState, action: Action) -> tuple[str, str]:
    """The specific reason and rule section for refusing `action` (DESIGN.md §8)."""
    _, reason, section = diagnose(state, action)
    return reason, section


def _answer_prompt(state: FilState, action: Action, events: list[Event]) -> None:
    prompt = state.pending[-1]
    side = prompt.player
    kind = prompt.kind
    if kind == Kind.DISCARD:
        assert isinstance(action, A.Discard)
        state.hands[side].remove(action.card)
        state.out.append(action.card)
        # the card goes face up onto the played cards: undo stops here (DESIGN.md §3)
        events.append(Revealed(f"{side.title()} discards a card over the hand limit",
                               items=(action.card,)))
        if len(state.hands[side]) <= state.data.params.hand:
            state.pending.pop()
        return
    state.pending.pop()
    if kind == Kind.COMBAT_CARDS:
        if isinstance(action, A.PlayCard):
            combat.play_combat_card(state, side, action.card, events)
            _solo_reaction(state, side, events)
        else:
            combat.decline_cards(state, side)
    elif kind == Kind.COUNTERATTACK:
        if isinstance(action, A.Counterattack):
            combat.counterattack(state, prompt, events)
    elif kind == Kind.CANCEL:
        if isinstance(action, A.PlayCard):
            cards.cancel(state, side, action.card, prompt, events)
            _solo_reaction(state, side, events)
        else:
            cards.let_card_through(state, prompt, events)
    elif kind == Kind.RESPONSE:
        if isinstance(action, A.PlayCard):
            cards.play_response(state, side, action.card, action.targets, prompt, events)
            _solo_reaction(state, side, events)
    elif kind == Kind.INTERCEPT:
        if isinstance(action, A.Intercept):
            combat.intercept(state, prompt, action.stack, events)
        else:
            combat.start_siege(state, combat.other(side), list(prompt.units), prompt.city,
                               events)
    elif kind == Kind.ZAPOTE:
        if isinstance(action, A.DefendZapote):
            movement.defend_zapote(state, prompt, action.stack, events)
    elif kind == Kind.RELOCATE:
        assert isinstance(action, A.Relocate)
        state.place(action.leader, action.dest, with_=action.join)
        events.append(Message(f"{B.cdef(state, action.leader).name} falls back to "
                              f"{state.data.spaces[action.dest].name}"))


def _solo_reaction(state: FilState, side: str, events: list[Event]) -> None:
    """Solo play: after a bot reaction — a response, a cancel or a combat card (red title) —
    the rest of its hand is reshuffled and as many cards drawn (10.2 R4, 10.4 U2b)."""
    if state.data.solo and side == SPAIN:
        reshuffle_spanish_hand(state, events)


def _round_action(state: FilState, action: Action, events: list[Event]) -> None:
    side = state.active
    if isinstance(action, A.EndRound):
        end_round(state, events)
        return
    if isinstance(action, A.PlayCard):
        state.round_did = True
        cards.play(state, side, action.card, action.targets, events)
        return
    if isinstance(action, A.TradeCards):
        for card in (action.first, action.second):
            state.hands[side].remove(card)
            state.out.append(card)
        gain = state.data.params.ap_for_cards
        state.ap[side] = min(state.data.params.ap_max, state.ap[side] + gain)
        state.round_did = True
        events.append(Revealed(f"{side.title()} trades two cards for {gain} AP",
                               items=(action.first, action.second)))
        return
    paid = pay(state, side, action)
    if paid > base_cost(state, side, action)[0]:
        events.append(Message("Coordinated Action: 1 extra AP"))
    if isinstance(action, A.Move):
        members = tuple(state.members(action.stack))
        movement.move_stack(state, action.stack, action.dest, action.mode, events)
        if side == FILIPINO:
            cards.offer_response(state, side, "move", members)
    elif isinstance(action, A.MoveLeader):
        movement.move_leader(state, action.leader, action.dest, action.join, events)
    elif isinstance(action, A.Merge):
        movement.merge(state, action.stack, action.into, events)
    elif isinstance(action, A.Split):
        movement.split(state, action.counter, events)
        state.round_unstacked = True
    elif isinstance(action, A.Recruit):
        raised = action.unit in state.stack_of
        if forces.recruit(state, side, action.space, action.unit, events) and side == FILIPINO:
            cards.offer_response(state, side, "recruit", (action.unit,),
                                 "raised" if raised else "new")
    elif isinstance(action, A.Reinforce):
        forces.reinforce(state, action.dests, action.stacked, events)
        state.round_reinforced += len(action.dests)
    elif isinstance(action, A.Repatriate):
        forces.repatriate(state, action.unit, events)
        state.round_repatriated = True
    elif isinstance(action, A.Attack):
        units = list(action.units)
        for u in units:
            state.search_free.discard(u)
        combat.declare(state, side, units, action.target, events)
    elif isinstance(action, A.Disperse):
        operations.disperse(state, action.brigade, action.mode, events)
    elif isinstance(action, A.Regroup):
        operations.regroup(state, action.brigade, events)
    elif isinstance(action, A.Plunder):
        operations.plunder(state, action.unit, events)
        cards.offer_response(state, side, "plunder", (action.unit,))
    elif isinstance(action, A.Hide):
        operations.hide(state, action.counter, events)
        cards.offer_response(state, side, "hide", (action.counter,))
    elif isinstance(action, A.Entrench):
        operations.entrench(state, action.stack, events)
    elif isinstance(action, A.Political):
        if operations.political(state, side, action.goal, events) and side == FILIPINO:
            cards.offer_response(state, side, "political", ())
    elif isinstance(action, A.BuildLine):
        operations.build_line(state, action.line, action.brigade, events)
    elif isinstance(action, A.EndReconcentration):
        operations.end_reconcentration(state, events)


def _idle_cards(state: FilState, player: str | None) -> dict[str, str]:
    """For the viewer deciding now, the cards of its hand that would change nothing if played
    now ("play:<card>") and the two-card trades that would not either (by their `repr`), with
    why, so the screen asks before one is played for nothing."""
    if player is None or state.decision.player != player:
        return {}
    found = {}
    for card in state.hands.get(player, ()):
        reason = noeffect.no_effect_reason(state, A.PlayCard(card))
        if reason is not None:
            found[f"play:{card}"] = reason
    for trade in legal_actions(state):
        if isinstance(trade, A.TradeCards):
            reason = noeffect.no_effect_reason(state, trade)
            if reason is not None:
                found[repr(trade)] = reason
    return found
