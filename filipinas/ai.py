"""The computer opponent of Filipinas: a greedy one-step player for the Filipino side (and the
Americans it commands), Spain's own heuristics (filipinas.spain) for the Spanish side, and the
rulebook's solo bot (`bot`).

The Filipino player scores every legal action by what it is worth against what it costs and
plays the best one, ending the round when nothing is worth its Action Points. Worth is counted
in steps of Spanish Morale, the currency of the Filipino victory (5.3.1): a plunder is one step
(4.2.3.1), a hit on a Spanish unit one step (6.7), a new corps the plunders it will make, a city
the victory itself. Dice are counted by their chances, never rolled. Ties are broken by the
agent's own seeded die. The Spanish side delegates to `SpainPolicy`; `BotSeat` plays the solo
bot of 10.3 and 10.4.
"""

from __future__ import annotations

import random
from typing import Any

from engine.ai.agent import Seat, useful_answers
from engine.ai.policy import Easy
from engine.ai.search import Budget, Settings, fitted_chance, seat, squash, terminal_value
from engine.core.actions import Action
from engine.core.game import Scenario
from filipinas.bot import SpanishBot
from filipinas.rules import actions as A
from filipinas.rules import board as B
from filipinas.rules.combat import base_modifiers, city_defence, siege_strength
from filipinas.rules.forces import recruit_modifier
from filipinas.rules.noeffect import no_effect_reason
from filipinas.rules.sequence import cost
from filipinas.rules.setup import FILIPINO, SPAIN, USA
from filipinas.rules.state import FilState
from filipinas.rules.victory import cities_taken, morale_after_turn
from filipinas.spain import SpainPolicy

AP_WORTH = 0.4
"""Morale steps one Action Point is worth: an action must be worth more than its AP to be
played, so unspent AP carry over to the next turn (5.2.3)."""

CARD_WORTH = {
    "morale": -1.0, "ap": 0.45, "us_intervention": 0.25, "kill_canovas": 1.6,
    "place_guerrilla": 1.0, "place_unit": 0.8, "filipino_artillery": 1.5, "zapote_line": 0.3,
    "return_aguinaldo": 2.5, "damage_brigade": 0.9, "naval_attack_in_port": 1.2,
    "exile_aguinaldo": -4.0, "kill_bonifacio": -0.6,
}
"""Worth of a Filipino card's effect verbs, per unit of the verb's value (a morale change of
−1 is worth +1); the verbs are the cards' effect vocabulary (cards.yaml)."""

HELD_WORTH = 0.35
"""What a reaction card kept in hand is worth: it may turn a combat later."""

RESTORED_WORTH = 0.3
"""Morale steps a recruitment that gives back a reduced unit its step is worth (6.1), against
1.0 and more for a new unit: a new corps or band plunders and draws the Brigades elsewhere, a
step back does neither (docs/ai.md, "Blunders": a free recruitment card spent on the reduced
Cavite corps was worth 18-21 points less than any new corps, and the Easy Filipinos won 1,294
of 2,000 Easy games with this price, 1,188 at 0.8)."""


def hit_chance(modifier: int, need: int = 6) -> float:
    """The chance that one die plus `modifier` reaches `need` (Combat Table, 6.7)."""
    faces = sum(1 for roll in range(1, 7) if roll + modifier >= need)
    return faces / 6


class FilipinasAgent:
    """Plays either side: the Filipinos by greedy evaluation, Spain by its own heuristics."""

    def __init__(self, side: str = FILIPINO, seed: int = 0) -> None:
        self.side = side
        self.rng = random.Random(seed)
        self.spain = SpainPolicy(side, seed) if side == SPAIN else None
        self.last_reason = ""

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)
        if self.spain is not None:
            self.spain.reseed(seed)

    def choose(self, rules: Any, state: FilState, legal: list[Action]) -> Action:
        if self.spain is not None:
            action = self.spain.choose(rules, state, legal)
            self.last_reason = self.spain.last_reason
            return action
        kind = state.decision.kind
        if kind == "round":
            return self._best(state, legal)
        if kind == "discard":
            return min(legal, key=lambda a: self._hold_worth(state, a) + self.rng.random() / 100)
        if kind == "combat_cards":
            return self._combat_card(state, legal)
        if kind in ("counterattack", "cancel", "response", "intercept", "relocate"):
            # A free counterattack risks nothing; every cancellable Spanish card hurts; an
            # interception can only save the city (6.7, 10.2, 6.8.3).
            answers = [a for a in legal if not isinstance(a, A.Decline)]
            if answers:
                return max(answers, key=lambda a: self._stack_strength(state, a))
            return legal[0]
        if kind == "zapote":
            return self._zapote(state, legal)
        return self.rng.choice(legal)

    def rank(self, rules: Any, state: FilState, legal: list[Action]) -> list[Action]:
        """The legal answers best first for the search (engine.ai.policy): Spain's by its own
        heuristics (filipinas.spain); the Filipinos' by this policy's answer, then, in a round,
        the others by their worth over their AP (ending the round at 0, as `_best` weighs
        them); otherwise the answer alone (the search orders the rest at random)."""
        if self.spain is not None:
            return self.spain.rank(rules, state, legal)
        first = self.choose(rules, state, legal)
        if state.decision.kind != "round":
            return [first]

        def net(action: Action) -> float:
            if isinstance(action, A.EndRound):
                return 0.0
            return self.worth(state, action) - AP_WORTH * cost(state, FILIPINO, action)

        rest = sorted((a for a in legal if a != first), key=net, reverse=True)
        return [first, *rest]

    # --- prompts -----------------------------------------------------------------------------

    def _stack_strength(self, state: FilState, action: Action) -> float:
        stack = getattr(action, "stack", None)
        if stack is None:
            return self.rng.random()
        return B.strength(state, state.members(stack)) + self.rng.random() / 10

    def _zapote(self, state: FilState, legal: list[Action]) -> Action:
        """Hold the Zapote Line with a stack at least as strong as the crossing Spaniards, who
        then attack it at −1 (6.13.3)."""
        pending = state.pending[-1]
        attackers = B.strength(state, [u for u in pending.units if u in state.stack_of])
        options = [a for a in legal if isinstance(a, A.DefendZapote)
                   and B.strength(state, state.members(a.stack)) >= attackers]
        if options:
            return max(options, key=lambda a: self._stack_strength(state, a))
        return next(a for a in legal if isinstance(a, A.Decline))

    def _combat_card(self, state: FilState, legal: list[Action]) -> Action:
        """Play the card that moves the roll our way while the combat is still open."""
        combat = state.combat
        decline = next(a for a in legal if isinstance(a, A.Decline))
        if combat is None:
            return decline
        attacking = combat.attacker == FILIPINO
        total = sum(v for _, v in combat.modifiers)
        best: tuple[float, Action] = (0.0, decline)
        for a in legal:
            if not isinstance(a, A.PlayCard):
                continue
            eff = state.data.cards[a.card].effect
            roll = int(eff.get("combat_roll", 0))
            gain = abs(hit_chance(total + roll) - hit_chance(total))
            if roll and (roll > 0) != attacking:
                gain = 0.0
            if eff.get("counterattack_after_hit") and not attacking:
                gain = 0.3
            if gain > best[0]:
                best = (gain, a)
        return best[1]

    # --- the round ---------------------------------------------------------------------------

    def _best(self, state: FilState, legal: list[Action]) -> Action:
        """The action worth most over its AP, among those that change something now
        (`no_effect_reason`); the end of the round when none is worth its AP."""
        end = next(a for a in legal if isinstance(a, A.EndRound))
        if self._passing_wins(state):
            return end
        best: tuple[float, float, Action] = (0.0, 0.0, end)
        for action in useful_answers(no_effect_reason, state, legal):
            if isinstance(action, A.EndRound):
                continue
            net = self.worth(state, action) - AP_WORTH * cost(state, FILIPINO, action)
            key = (net, self.rng.random(), action)
            if net > 0.0 and key[:2] > best[:2]:
                best = key
        return best[2]

    @classmethod
    def _passing_wins(cls, state: FilState) -> bool:
        """Whether Spain surrenders if the turn ends as it stands (its Morale after Sagasta's
        step asks for no more cities than the Filipinos hold, 5.3, 5.3.1, with no American
        city to make both sides lose, 5.3.2), and Spain cannot end the game first by
        destroying the last Filipino units (`_last_units_hunted`). The Filipinos then do
        nothing more: the Action Phase ends on two passes in a row (5.2.3), and every round
        they act in gives Spain another round to raise its Morale."""
        if state.active != FILIPINO:
            return False
        fil, us = cities_taken(state)
        return (not us and fil >= state.data.params.cities_needed(morale_after_turn(state))
                and not cls._last_units_hunted(state))

    @classmethod
    def _last_units_hunted(cls, state: FilState) -> bool:
        """Whether Spain may win at once in the rounds a pass leaves it (5.2.3): with Aguinaldo
        not in exile and no American war, the Filipinos lose as soon as no unit of theirs is
        on the board (5.3.3), and every one of them stands where Spanish troops are, with no
        more steps than Spain has AP for attacks (6.7)."""
        if state.exiled or state.us_at_war:
            return False
        units = [c for c in B.on_map_combat(state, FILIPINO)
                 if state.data.counters[c].faction == FILIPINO]
        return all(cls._spanish_near(state, state.loc[u]) for u in units) and (
            B.strength(state, units) <= state.ap[SPAIN])

    def worth(self, state: FilState, action: Action) -> float:
        """Morale steps an action is expected to bring, before its AP cost."""
        if isinstance(action, A.PlayCard):
            return self._card_worth(state, action)
        if isinstance(action, A.TradeCards):
            return self._trade_worth(state, action)
        if isinstance(action, A.Plunder):
            return self._plunder_worth(state, action.unit)
        if isinstance(action, A.Hide):
            return 0.6 if self._spanish_near(state, state.loc[action.counter]) else 0.05
        if isinstance(action, A.Recruit):
            return self._recruit_worth(state, action.space, action.unit)
        if isinstance(action, A.Attack):
            return self._attack_worth(state, action)
        if isinstance(action, A.Move):
            return self._move_worth(state, action)
        if isinstance(action, A.MoveLeader):
            return self._leader_worth(state, action)
        if isinstance(action, A.Entrench):
            return self._entrench_worth(state, action.stack)
        if isinstance(action, A.Political):
            return 0.45 if state.turn >= 2 else 0.2
        return 0.0

    # cards
    def _card_worth(self, state: FilState, action: A.PlayCard) -> float:
        eff = state.data.cards[action.card].effect
        total = 0.0
        for verb, per in CARD_WORTH.items():
            if verb in eff:
                value = eff[verb]
                total += per * (float(value) if isinstance(value, int | float)
                                and not isinstance(value, bool) else 1.0)
        if "recruit" in eff:
            total += self._recruit_worth(state, action.targets[0], action.targets[1],
                                         int(eff["recruit"]))
        if "place_guerrilla" in eff:
            total += self._province_worth(state, action.targets[0]) - 0.5
        if "hide_province" in eff:
            total += 0.3 * sum(1 for c in state.targets if state.loc.get(c) == action.targets[0])
        if "entrench_stack" in eff:
            total += self._entrench_worth(state, action.targets[0])
        if "damage_brigade" in eff:
            total += 0.1 * B.cf(state, action.targets[0])
        return total

    def _hold_worth(self, state: FilState, action: Action) -> float:
        """What keeping a card is worth (for discards): reaction cards are kept."""
        card_id = getattr(action, "card", "")
        card = state.data.cards[card_id]
        if card.reaction:
            return HELD_WORTH
        return max(0.0, self._card_worth(state, A.PlayCard(card_id, ()))
                   if not card.effect.keys() & {"recruit", "place_guerrilla", "hide_province",
                                                "entrench_stack", "damage_brigade"} else 0.5)

    def _trade_worth(self, state: FilState, action: A.TradeCards) -> float:
        """Two cards for 1 AP: worth it for cards that cannot be played and are not reactions,
        while the AP buys something now. Worth less than nothing when one of the two gives the
        AP alone (Revolutionary Taxes): playing it keeps the other card."""
        if no_effect_reason(state, action) is not None:
            return -1.0
        if state.ap[FILIPINO] > 1:
            return 0.0
        # a card worth playing now is kept at 0.5; one that cannot be played, or whose play
        # would cost more than it brings (Peace of Biak-na-Bató, Aguinaldo into exile), at 0.1
        useful = {a.card for a in self._round_cards(state) if self._card_worth(state, a) > 0.0}
        kept = 0.0
        for card_id in (action.first, action.second):
            card = state.data.cards[card_id]
            kept += HELD_WORTH if card.reaction else (0.5 if card_id in useful else 0.1)
        return AP_WORTH * 1.5 - kept

    @staticmethod
    def _round_cards(state: FilState) -> list[A.PlayCard]:
        from filipinas.rules.cards import round_cards

        return [A.PlayCard(c, t) for c, t in round_cards(state, FILIPINO)]

    # guerrilla war
    @staticmethod
    def _spanish_near(state: FilState, space: str) -> bool:
        province = B.province_of(state, space) or space
        return any(state.loc[c] == province and B.cdef(state, c).side == SPAIN
                   and not B.cdef(state, c).leader for c in state.stack_of)

    def _plunder_worth(self, state: FilState, unit: str) -> float:
        """−1 Morale now, half the Province's resources for Spain next turn, 1 AP every second
        plunder; the Target it takes is a risk where brigades are (6.11)."""
        worth = 1.0 + (AP_WORTH if state.plunders % 2 == 1 else 0.0)
        worth += 0.25 * state.data.spaces[state.loc[unit]].resources2 / 2
        if self._spanish_near(state, state.loc[unit]) and unit not in state.targets:
            worth -= 0.3
        return worth

    def _province_worth(self, state: FilState, province: str, band: str = "",
                        hunted: bool = True) -> float:
        """How good a Province is for a Guerrilla (`band`, when it is there already): plunder
        still possible, no other band to share it, no brigade hunting there (unless `hunted`
        is off)."""
        if state.data.spaces[province].kind != "province":
            return 0.0
        worth = 0.0
        protected = any(state.loc[b] == province for b in state.protect)
        if province not in state.sacked and not protected:
            worth += 1.0
        if any(state.loc[c] == province and B.is_guerrilla(state, c) and c != band
               for c in state.stack_of):
            worth -= 0.6
        if hunted and self._spanish_near(state, province):
            worth -= 0.5
        return worth

    def _recruit_worth(self, state: FilState, space: str, unit: str, extra: int = 0) -> float:
        mods = sum(v for _, v in recruit_modifier(state, FILIPINO, space)) + extra
        chance = hit_chance(mods, state.data.params.recruit_on)
        restored = unit in state.stack_of
        gain = RESTORED_WORTH if restored else 1.0 + 0.4 * self._province_worth(state, space)
        return chance * gain

    def _move_worth(self, state: FilState, action: A.Move) -> float:
        members = state.members(action.stack)
        units = B.combat_units(state, members)
        if any(B.cdef(state, u).faction == USA for u in units):
            return self._american_move_worth(state, action, units)
        here = state.loc[action.stack]
        if len(units) == 1 and B.is_guerrilla(state, units[0]):
            # A Guerrilla that moves is Targeted (6.3, 6.6), so the brigades it leaves find it
            # next door as easily while Spain has AP to follow (5.2.3): leaving them is worth
            # something only when Spain has none.
            left = self._province_worth(state, here, units[0], hunted=not state.ap[SPAIN])
            gain = self._province_worth(state, action.dest) - left
            if any(state.loc[c] == here and B.is_guerrilla(state, c) and c != units[0]
                   for c in state.stack_of):
                gain += 0.4  # two bands in one Province share one plunder
            return gain - 0.2 - (0.3 if action.mode == "land" and self._crosses_line(
                state, here, action.dest) else 0.0)
        return 0.0

    @staticmethod
    def _crosses_line(state: FilState, a: str, b: str) -> bool:
        from filipinas.rules.movement import active_line_between

        return active_line_between(state, a, b) is not None

    def _american_move_worth(self, state: FilState, action: A.Move, units: list[str]) -> float:
        """The Americans sail from Hong Kong and land where they can besiege a city or fight
        brigades (7.1)."""
        if action.mode == "convoy":
            return 1.2
        if action.mode == "landing":
            city = state.data.city_of(action.dest)
            owned = city is not None and B.friendly_city(state, SPAIN, city)
            return 1.2 + (0.8 if owned else 0.0) - 0.1 * len(self._brigades(state, action.dest))
        if action.mode == "naval" and action.dest == "sea":
            return 0.8
        return 0.0

    def _leader_worth(self, state: FilState, action: A.MoveLeader) -> float:
        """A lone leader in danger rejoins troops; Aguinaldo's presence makes recruiting and
        attacking cheaper (4.2.2, 6.1)."""
        leader = action.leader
        alone = B.is_lone_leader(state, leader)
        if alone and action.join is not None:
            return 0.7 if self._spanish_near(state, state.loc[leader]) else 0.3
        return 0.0

    def _entrench_worth(self, state: FilState, stack: str) -> float:
        units = B.combat_units(state, state.members(stack))
        if any(B.is_guerrilla(state, u) for u in units):
            return 0.0  # an entrenched Guerrilla can be attacked without being located (6.14)
        threat = max((B.strength(state, s) for s in B.stacks_in(state, state.loc[stack], SPAIN)),
                     default=0)
        return 0.5 if threat >= B.strength(state, units) else 0.1

    # battle
    def _brigades(self, state: FilState, space: str) -> list[str]:
        return [c for c in state.stack_of if state.loc[c] == space
                and B.cdef(state, c).kind == "brigade" and B.cdef(state, c).side == SPAIN]

    def _attack_worth(self, state: FilState, action: A.Attack) -> float:
        units = list(action.units)
        if action.target in state.data.spaces:
            return self._siege_worth(state, units, action.target)
        defenders = state.members(action.target)
        if B.is_lone_leader(state, action.target):
            return 1.5
        kind = "naval" if any(B.cdef(state, u).kind == "fleet" for u in units) else "land"
        acf = sum(B.cf(state, u) for u in units if kind == "land"
                  or B.cdef(state, u).kind == "fleet")
        dcf = sum(B.defence_cf(state, d) for d in B.combat_units(state, defenders)
                  if kind == "land" or B.cdef(state, d).kind == "fleet")
        mods = sum(v for _, v in base_modifiers(state, kind, units, acf, defenders, dcf))
        chance = hit_chance(mods)
        gain = 2.0 if kind == "naval" else 1.0
        # After a miss, the defender counterattacks at no cost with the same odds reversed.
        back = hit_chance(-mods) if dcf else 0.0
        loss = (1 - chance) * back * (1.0 + (0.5 if any(B.is_guerrilla(state, u)
                                                          for u in units) else 0.0))
        return chance * gain - loss

    def _siege_worth(self, state: FilState, units: list[str], city: str) -> float:
        """A siege is all or nothing: the city is the victory (6.8, 5.3.1). A city the
        Americans would keep makes any surrender a draw (5.3.2): better than losing, so only
        on the last turn, when the Filipinos cannot bring the surrender about themselves."""
        strength = siege_strength(state, units)
        if strength < city_defence(state, city):
            return 0.0
        mods = sum(B.cdef(state, m).tf for m in {B.best_tf(state, units)[0]} if m)
        chance = hit_chance(mods, state.data.params.siege_hit)
        fil = sum(B.cf(state, u) for u in units if B.cdef(state, u).faction == FILIPINO)
        us = sum(B.cf(state, u) for u in units if B.cdef(state, u).faction == USA)
        has_artillery = state.artillery == "in_play" and any(
            state.artillery_holder in state.members(u) for u in units)
        if has_artillery and fil > us:
            return chance * 6.0
        if state.turn < state.data.last_turn or self._surrender_in_reach(state):
            return 0.0
        return chance * 3.0

    def _surrender_in_reach(self, state: FilState) -> bool:
        """The Filipinos may still make Spain surrender at this End of Turn by themselves
        (5.3.1): a plunder for each AP left takes a step of Morale (6.11), down to the
        unconditional surrender at Morale 1 or to a band their cities already meet."""
        p = state.data.params
        morale = max(p.morale_min, morale_after_turn(state) - state.ap[FILIPINO])
        return cities_taken(state)[0] >= p.cities_needed(morale)


__all__ = ["FilipinasAgent", "hit_chance"]


# --- levels of play (engine.ai) --------------------------------------------------------------

SCALE = 2.0
"""Steps of the Filipino lead (below) that make a 73 % chance of winning."""


def filipino_lead(state: FilState) -> float:
    """How near Spain is to surrender (5.3.1): each Morale step lost is half a step, a city
    taken two, a city still missing at the current Morale band two less; the Filipinos need it
    before the last turn (5.3.3), so each turn gone costs a step; units on the map keep the
    rising alive (5.3.3 annihilation)."""
    fil, us = cities_taken(state)
    needed = state.data.params.cities_needed(state.morale)
    missing = max(0, needed - fil - us)
    units = sum(1 for c in B.on_map_combat(state, FILIPINO)
                if state.data.counters[c].faction == FILIPINO)
    return (0.5 * (10 - state.morale) + 2.0 * fil - 2.0 * missing - 3.0 * us
            + 0.1 * min(units, 10) - 0.6 * state.turn + 1.0)


def features(state: FilState) -> dict[str, float]:
    """What a fitted evaluation may read of a position, from the Filipino side: the parts of
    `filipino_lead` one by one, and what it leaves out (`tools/ai_value_fit.py --game
    filipinas`, docs/ai.md "Evaluation"). Public facts only: no hand is read."""
    fil, us = cities_taken(state)
    needed = state.data.params.cities_needed(state.morale)
    counters = state.data.counters
    filipinos = sum(1 for c in B.on_map_combat(state, FILIPINO) if counters[c].faction == FILIPINO)
    spanish = len(B.on_map_combat(state, SPAIN))
    return {
        "morale_lost": float(10 - state.morale),
        "filipino_cities": float(fil),
        "missing_cities": float(max(0, needed - fil - us)),
        "us_cities": float(us),
        "filipino_units": float(min(filipinos, 10)),
        "spanish_units": float(spanish),
        "us_level": float(state.us_level),
        "filipino_ap": float(state.ap.get(FILIPINO, 0)),
        "spain_ap": float(state.ap.get(SPAIN, 0)),
        "turn": float(state.turn),
    }


FITTED = {
    "morale_lost": 0.496, "filipino_cities": 1.401, "filipino_units": 0.416,
    "spanish_units": -0.333, "us_level": 0.139, "filipino_ap": 0.288, "spain_ap": -0.063,
    "turn": -0.664, "bias": -1.066,
}
"""Log-odds of a Filipino win per unit of each feature (`features`), fitted to who won 400
games of Easy against Easy (`python tools/ai_value_fit.py --game filipinas --games 400 --seed
2000 --leave-out missing_cities --leave-out us_cities`, docs/ai.md "Evaluation"); the missing
cities (of the wrong sign, a shadow of Morale) and the American cities (none in those games)
are left out."""


def fitted_evaluate(state: FilState, side: str) -> float:
    """The chance `side` wins from `state` by the fitted weights (`FITTED`): 1 or 0 once the
    game is over."""
    if state.outcome is not None:
        return terminal_value(state.outcome, side)
    chance = fitted_chance(features(state), FITTED)
    return chance if side == FILIPINO else 1.0 - chance


def evaluate(state: FilState, side: str) -> float:
    """The chance `side` wins from `state`: 1 or 0 once the game is over (a surrender with an
    American city, both sides losing, counts ½)."""
    if state.outcome is not None:
        return terminal_value(state.outcome, side)
    chance = squash(filipino_lead(state), SCALE)
    return chance if side == FILIPINO else 1.0 - chance


SETTINGS = Settings(horizon=40, turn_end=True)
"""Beyond a new node the search plays on to the start of the next turn (10-35 actions; at
most 40) before the evaluation reads the position."""
POLICY = FilipinasAgent
"""The heuristics the search plays its rollouts with (engine.speed reads it by name)."""


def easy(side: str, seed: int) -> Seat:
    """The Easy level: the side's heuristics over its observation (a drawn Filipino hand,
    never the real one)."""
    return Seat(Easy(FilipinasAgent, side, seed), side)


def normal(side: str, seed: int, budget: Budget | None = None) -> Seat:
    """The Normal level: the tree search over the same heuristics, 2 s a decision on both
    cores."""
    return seat("normal", FilipinasAgent, evaluate, side, seed, budget, SETTINGS)


def hard(side: str, seed: int, budget: Budget | None = None) -> Seat:
    """The Hard level: the same search, 8 s a decision on both cores."""
    return seat("hard", FilipinasAgent, evaluate, side, seed, budget, SETTINGS)


class BotSeat:
    """The rulebook's solo bot (10.3, 10.4) on the real state: the documented exception to the
    observation rule (docs/ai.md), with its last step as its reason."""

    def __init__(self, side: str = SPAIN, seed: int = 0) -> None:
        self.bot = SpanishBot(side, seed)
        self.side = side
        self.last_reason = ""

    def choose(self, rules: Any, state: FilState, legal: list[Action]) -> Action:
        action = self.bot.choose(rules, state, legal)
        step = self.bot.last_step
        self.last_reason = f"{action.describe()}: {step}" if step else action.describe()
        return action


def bot(side: str, seed: int) -> BotSeat:
    return BotSeat(side, seed)


LEVEL_SIDES = {"bot": (SPAIN,)}
"""The solo bot plays Spain only (§10); the registry offers it to that seat alone."""


def scenario_levels(scenario: Scenario) -> dict[str, str]:
    """The seats a scenario is made for a level to play: the solo scenario (its options say
    `solo`, 10.0) leaves Spain to the solo bot; the others name none."""
    options = scenario.documents.get("options") or {}
    return {SPAIN: "bot"} if options.get("solo") else {}


SCENARIO_LEVELS = scenario_levels
"""Read by the registry (engine.ai.registry.scenario_levels) for the launcher's defaults."""
