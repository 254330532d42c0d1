"""The solo Spanish bot of 10.1-10.4, as an agent that only chooses among the legal actions.

It reads the state but never changes it; its own die (a seeded PRNG) decides the rolls and
lots of 10.3 ("roll the die", "draw lots"). The reshuffles of the Spanish hand after a bot
round or reaction (10.2 R4, 10.3) are rules of the solo scenario, not of this agent.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

from engine.core.actions import Action
from filipinas.rules import actions as A
from filipinas.rules import board as B
from filipinas.rules.combat import base_modifiers, naval_cf
from filipinas.rules.sequence import cost
from filipinas.rules.setup import FILIPINO, SPAIN
from filipinas.rules.state import FilState

Step = Callable[[FilState, list[Action]], Action | None]


class SpanishBot:
    """The Spanish AI of 10.3 (United States not at war) and 10.4 (at war)."""

    def __init__(self, side: str = SPAIN, seed: int = 0) -> None:
        self.side = side
        self.rng = random.Random(seed)
        self._lots: dict[tuple[int, str], bool] = {}
        self.last_step = ""
        self.last_die = ""
        """What the bot's own die or lots decided for the last choice, for the log ("die 4:
        1-2 Protect the Fields, 3-6 Search and Destroy"); empty when none was rolled."""
        self.last_reason = ""
        """One line for the log: the §10 step that produced the last choice, what it does and
        the bot's die ("Spanish bot, §10.3 step 3 (counter-guerrilla, disperse troops): Marina
        Brigade to Search and Destroy in Manila (die 4: …)")."""

    # --- entry point -------------------------------------------------------------------------

    def choose(self, rules: Any, state: FilState, legal: list[Action]) -> Action:
        kind = state.decision.kind
        self.last_die = ""
        handler = {
            "round": self._round,
            "combat_cards": self._combat_cards,
            "counterattack": self._first_of(A.Counterattack),
            "cancel": self._first_of(A.PlayCard),
            "response": self._response,
            "intercept": self._intercept,
        }.get(kind)
        if kind != "round":
            self.last_step = _REACTION_STEPS.get(kind, "")
        choice = handler(state, legal) if handler else None
        if choice is None or choice not in legal:
            choice = self.rng.choice(legal)
            if kind != "round":
                self.last_step = ""
        self.last_reason = step_reason(state, self.last_step, choice)
        if self.last_die:
            self.last_reason += f" ({self.last_die})"
        return choice

    # --- reactions (10.2) ----------------------------------------------------------------------

    def _first_of(self, cls: type[Action]) -> Step:
        def pick(state: FilState, legal: list[Action]) -> Action | None:
            options = [a for a in legal if isinstance(a, cls)]
            return self.rng.choice(options) if options else _decline(legal)
        return pick

    def _response(self, state: FilState, legal: list[Action]) -> Action | None:
        """R1-R2: play the reaction that hinders the Filipino action; lots among equals."""
        options = [a for a in legal if isinstance(a, A.PlayCard)]
        return self.rng.choice(options) if options else _decline(legal)

    def _combat_cards(self, state: FilState, legal: list[Action]) -> Action | None:
        """R2/U2b: the single most beneficial combat card of the hand."""
        combat = state.combat
        if combat is None or any(state.data.cards[c].side == SPAIN for c in combat.cards):
            return _decline(legal)
        attacking = combat.attacker == SPAIN
        best: tuple[int, Action] | None = None
        for a in legal:
            if not isinstance(a, A.PlayCard):
                continue
            eff = state.data.cards[a.card].effect
            value = int(eff.get("combat_roll", 0)) * (1 if attacking else -1)
            if eff.get("us_takes_city"):
                value = 2
            if value > 0 and (best is None or value > best[0]):
                best = (value, a)
        return best[1] if best else _decline(legal)

    def _intercept(self, state: FilState, legal: list[Action]) -> Action | None:
        """R5: a siege with a Brigade in the Province must first fight it (10.2)."""
        options = [a for a in legal if isinstance(a, A.Intercept)]
        if not options:
            return _decline(legal)
        return max(options, key=lambda a: B.strength(state, state.members(a.stack)))

    # --- the bot's round (10.3, 10.4) --------------------------------------------------------

    def _round(self, state: FilState, legal: list[Action]) -> Action | None:
        war = state.us_at_war
        follow = self.search_follow_up(state, legal)
        if follow is not None:
            self.last_step = "U6" if war else "S3"
            return follow
        card = self.step_cards(state, legal)
        if card is not None:
            self.last_step = "U1" if war else "S1"
            return card
        if state.round_count > 0:
            self.last_step = "END"
            return A.EndRound()
        most = state.data.params.solo_max_ap
        cheap = [a for a in legal if not isinstance(a, (A.PlayCard, A.TradeCards, A.EndRound))
                 and cost(state, SPAIN, a) <= most]
        steps = self.steps_at_war() if war else self.steps_at_peace()
        for name, step in steps:
            action = step(state, cheap)
            if action is not None:
                self.last_step = name
                return action
        self.last_step = ""
        return A.EndRound()

    def steps_at_peace(self) -> list[tuple[str, Step]]:
        """10.3: S2-S7, then the fragments adopted as S8 (recruitment) and S9 (Political
        Action) (GAP-FIL-25)."""
        return [("S2", self.step_reinforce), ("S3", self.step_disperse),
                ("S4", self.step_second_brigade), ("S5", self.step_move_to_guerrillas),
                ("S6", self.step_conventional_move), ("S7", self.step_conventional_attack),
                ("S8", self.step_recruit), ("S9", self.step_political)]

    def steps_at_war(self) -> list[tuple[str, Step]]:
        """10.4: U2-U7, then the fragments adopted as U8 (recruitment), U9 (counter-guerrilla
        move) and U10 (reinforcements) (GAP-FIL-25)."""
        return [("U2", self.step_naval_attack), ("U3", self.step_join_fleets),
                ("U4", self.step_conventional_move), ("U5", self.step_conventional_attack),
                ("U6", self.step_disperse), ("U7", self.step_second_brigade),
                ("U8", self.step_recruit), ("U9", self.step_move_to_guerrillas),
                ("U10", self.step_reinforce_at_war)]

    # S1 / U1
    def step_cards(self, state: FilState, legal: list[Action]) -> Action | None:
        """Play the event cards that benefit Spain; draw lots for the doubtful ones."""
        for a in legal:
            if not isinstance(a, A.PlayCard):
                continue
            card = state.data.cards[a.card]
            if card.bot == "always":
                return self._pick_card_target(state, legal, a.card)
            if card.bot == "lots":
                key = (state.turn, a.card)
                if key not in self._lots:
                    self._lots[key] = self.rng.random() < 0.5
                if self._lots[key]:
                    self.last_die = "lots drawn for a doubtful card: play it"
                    return self._pick_card_target(state, legal, a.card)
        return None

    def _pick_card_target(self, state: FilState, legal: list[Action], card: str) -> Action:
        options = [a for a in legal if isinstance(a, A.PlayCard) and a.card == card]

        def score(a: A.PlayCard) -> int:
            if not a.targets:
                return 0
            t = a.targets[0]
            if t in state.data.counters:
                return B.strength(state, state.members(t)) if t in state.stack_of else 0
            return sum(1 for c in state.stack_of if state.loc[c] == t
                       and B.cdef(state, c).side == FILIPINO) + len(a.targets)

        best = max(score(a) for a in options if isinstance(a, A.PlayCard))
        return self.rng.choice([a for a in options if isinstance(a, A.PlayCard)
                                and score(a) == best])

    def search_follow_up(self, state: FilState, legal: list[Action]) -> Action | None:
        """The attack that comes free with a Search and Destroy action (6.9.2, S3)."""
        for a in legal:
            if isinstance(a, A.Attack) and cost(state, SPAIN, a) == 0 and all(
                    u in state.search_free for u in a.units):
                return a
        return None

    # S2
    def step_reinforce(self, state: FilState, legal: list[Action]) -> Action | None:
        """Morale 6+ and fewer Brigades than enemy combat units: one Brigade to a Guerrilla
        Province without Brigade, else to one of them at random."""
        if state.morale <= state.data.params.solo_reinforce_morale_at_most:
            return None
        if self._brigades(state) >= self._enemy_units(state):
            return None
        return self._reinforce_to(state, legal, self._guerrilla_targets(state))

    def step_reinforce_at_war(self, state: FilState, legal: list[Action]) -> Action | None:
        """Fragment F4: first where Filipino-American units are, then as S2. The fragment gives
        the placement only; S2's condition still holds (Morale 6+), since every Brigade from
        Spain costs a step of Morale (6.2) and the bot would otherwise spend its own Morale down
        to the collapse of 5.3.1 (GAP-FIL-25)."""
        if state.morale <= state.data.params.solo_reinforce_morale_at_most:
            return None
        if self._brigades(state) >= self._enemy_units(state):
            return None
        with_enemy = [p for p in state.data.provinces if self._enemy_strength(state, p)]
        return self._reinforce_to(state, legal, with_enemy or self._guerrilla_targets(state))

    def _guerrilla_targets(self, state: FilState) -> list[str]:
        gp = self.guerrilla_provinces(state)
        empty = [p for p in gp if not self.brigades_in(state, p)]
        if empty:
            return empty
        if gp:
            return gp
        return [p for p in state.data.provinces if self._enemy_strength(state, p)] or ["manila"]

    def _reinforce_to(self, state: FilState, legal: list[Action],
                      places: list[str]) -> Action | None:
        options = [a for a in legal if isinstance(a, A.Reinforce) and len(a.dests) == 1
                   and a.dests[0] in places]
        return self.rng.choice(options) if options else None

    # S3 / U6
    def step_disperse(self, state: FilState, legal: list[Action]) -> Action | None:
        """A Guerrilla and an undispersed Brigade in a Province: roll, 1-2 Protect the Fields,
        3-6 Search and Destroy and attack; always Search and Destroy if it is sacked."""
        places = [p for p in self.guerrilla_provinces(state)
                  if self.available_brigades(state, p) and not self.dispersed(state, p)]
        if not places:
            return None
        province = self.rng.choice(places)
        brigade = self.available_brigades(state, province)[0]
        roll = self.rng.randint(1, 6)
        up_to = state.data.params.solo_protect_up_to
        protect = roll <= up_to
        mode = "protect" if protect and province not in state.sacked else "search"
        action = A.Disperse(brigade, mode)
        if action not in legal:
            action = A.Disperse(brigade, "search")
        self.last_die = (f"die {roll}: 1-{up_to} Protect the Fields, {up_to + 1}-6 Search and "
                         "Destroy")
        if protect and action.mode == "search":
            self.last_die += ("; the Province is sacked" if province in state.sacked
                              else "; Protect the Fields cannot be chosen") + \
                ", so Search and Destroy"
        return action if action in legal else None

    # S4 / U7
    def step_second_brigade(self, state: FilState, legal: list[Action]) -> Action | None:
        """A dispersed Brigade and a second available one with a Guerrilla: the other mode."""
        for p in self.guerrilla_provinces(state):
            dispersed = self.dispersed(state, p)
            spare = self.available_brigades(state, p)
            if not dispersed or not spare:
                continue
            mode = "search" if dispersed[0] in state.protect else "protect"
            action = A.Disperse(spare[0], mode)
            if action in legal:
                return action
        return None

    # S5 / U9
    def step_move_to_guerrillas(self, state: FilState, legal: list[Action]) -> Action | None:
        """A Guerrilla Province without Brigade: move in a Brigade from a Province with no
        Guerrillas (or onto a Fortified Line); else a second Brigade to a Guerrilla Province."""
        gp = self.guerrilla_provinces(state)
        if not gp:
            return None
        empty = [p for p in gp if not self.brigades_in(state, p)]
        targets = empty or gp
        movers = self._movable_brigade_stacks(state, exclude=set(gp))
        options = [a for a in legal if isinstance(a, A.Move) and a.stack in movers
                   and a.dest in targets and a.mode in ("land", "coastal")]
        if not options and empty:
            lines = [ln for ln in state.data.lines if ln in state.lines_built
                     and set(state.data.spaces[ln].joins) & set(empty)
                     and not any(state.loc[c] == ln for c in state.stack_of)]
            options = [a for a in legal if isinstance(a, A.Move) and a.stack in movers
                       and a.dest in lines]
        if not options:
            return None
        land = [a for a in options if isinstance(a, A.Move) and a.mode == "land"]
        return self.rng.choice(land or options)

    # S6 / U4
    def step_conventional_move(self, state: FilState, legal: list[Action]) -> Action | None:
        """A Filipino (or American) stack of strength 2+ facing equal or weaker Brigades: stack
        the Brigades there, or bring one in from a Province with no Guerrillas."""
        regular = state.data.params.solo_regular_strength
        for p in state.data.provinces:
            enemy = self._enemy_strength(state, p)
            if enemy < regular or self._spanish_strength(state, p) > enemy:
                continue
            merges = [a for a in legal if isinstance(a, A.Merge) and state.loc[a.stack] == p
                      and B.cdef(state, a.stack).side == SPAIN
                      and self._has_brigade(state, a.stack) and self._has_brigade(state, a.into)]
            if merges:
                return merges[0]
            movers = self._movable_brigade_stacks(state, exclude=set(
                self.guerrilla_provinces(state)) | {p})
            options = [a for a in legal if isinstance(a, A.Move) and a.stack in movers
                       and a.dest == p and a.mode in ("land", "coastal")]
            if options:
                return self.rng.choice(options)
        return None

    # S7 / U5
    def step_conventional_attack(self, state: FilState, legal: list[Action]) -> Action | None:
        """A stronger Spanish stack (or equal with an advantage such as a General's TF) where
        a Filipino (or American) stack of 2+ or an enemy city is: siege if possible, else
        attack."""
        for p in state.data.provinces:
            city = state.data.city_of(p)
            enemy_city = city is not None and not B.friendly_city(state, SPAIN, city)
            enemy = self._enemy_stacks(state, p)
            big = [s for s in enemy
                   if B.strength(state, s) >= state.data.params.solo_regular_strength]
            if not big and not enemy_city:
                continue
            for stack in B.stacks_in(state, p, SPAIN):
                units = B.combat_units(state, stack)
                if not units:
                    continue
                mine = B.strength(state, units)
                tf = B.best_tf(state, units)[1]
                foes = big or enemy
                if foes:
                    foe = max(foes, key=lambda s: B.strength(state, s))
                    theirs = B.strength(state, foe)
                    their_tf = B.best_tf(state, foe)[1]
                    if not (mine > theirs or (mine == theirs and tf > their_tf)):
                        continue
                if enemy_city and city is not None:
                    siege = A.Attack(tuple(units), city)
                    if siege in legal:
                        return siege
                if foes:
                    attack = A.Attack(tuple(units), foe[0])
                    if attack in legal:
                        return attack
        return None

    # U2
    def step_naval_attack(self, state: FilState, legal: list[Action]) -> Action | None:
        """A naval attack "with an advantage (superiority of modifiers to the die or of
        factors)": either is enough — more fleet CF than the target (transports alone count
        0), or the other modifiers of Spain's own roll (the admirals' TF) adding up to more than
        0. The escort's −1 of 7.1 is not one of them: it weighs on the American roll only."""
        for a in legal:
            if not isinstance(a, A.Attack) or B.cdef(state, a.units[0]).kind != "fleet":
                continue
            units = list(a.units)
            foe = state.members(a.target)
            mine, theirs = naval_cf(state, units), naval_cf(state, foe)
            mods = base_modifiers(state, "naval", units, mine, foe, theirs)
            others = sum(v for _, v in mods[1:])  # mods[0] is the CF difference
            if mine > theirs or others > 0:
                return a
        return None

    # U3
    def step_join_fleets(self, state: FilState, legal: list[Action]) -> Action | None:
        """Two Spanish Fleets at Sea, or one in port and one at Sea: bring them together."""
        fleets = [c for c in state.stack_of if B.cdef(state, c).kind == "fleet"
                  and B.cdef(state, c).side == SPAIN]
        if len(fleets) < 2 or len({state.stack_of[f] for f in fleets}) < 2:
            return None
        at_sea = [f for f in fleets if state.loc[f] == "sea"]
        if len(at_sea) >= 2:
            for a in legal:
                if isinstance(a, A.Merge) and state.loc[a.stack] == "sea":
                    return a
        if len(at_sea) == 1:
            for a in legal:
                if isinstance(a, A.Move) and a.mode == "naval" and a.dest == "sea" and any(
                        f in state.members(a.stack) for f in fleets):
                    return a
        return None

    # S8 / U8
    def step_recruit(self, state: FilState, legal: list[Action]) -> Action | None:
        """Fragment F1: restore a reduced Brigade where Guerrillas are, worst ratio first."""
        options = [a for a in legal if isinstance(a, A.Recruit)]
        if not options:
            return None
        gp = set(self.guerrilla_provinces(state))
        preferred = [a for a in options if isinstance(a, A.Recruit) and a.space in gp]

        def ratio(a: A.Recruit) -> float:
            return self._enemy_strength(state, a.space) / max(1, self._spanish_strength(
                state, a.space))

        pool = [a for a in (preferred or options) if isinstance(a, A.Recruit)]
        return max(pool, key=ratio)

    # S9
    def step_political(self, state: FilState, legal: list[Action]) -> Action | None:
        """Fragment F2: a Political Action to reduce the US Intervention track — pointless, and
        so not taken, while the track is at its minimum."""
        if state.us_level <= state.data.params.us_min:
            return None
        action = A.Political("us")
        return action if action in legal else None

    # --- counting ------------------------------------------------------------------------------

    def guerrilla_provinces(self, state: FilState) -> list[str]:
        return [p for p in state.data.provinces if any(
            state.loc[c] == p and B.is_guerrilla(state, c) for c in state.stack_of)]

    def brigades_in(self, state: FilState, province: str) -> list[str]:
        return [c for c in sorted(state.stack_of, key=state.data.order.__getitem__)
                if state.loc[c] == province and B.cdef(state, c).kind == "brigade"
                and B.cdef(state, c).side == SPAIN]

    def available_brigades(self, state: FilState, province: str) -> list[str]:
        return [b for b in self.brigades_in(state, province)
                if b not in state.protect and b not in state.search]

    def dispersed(self, state: FilState, province: str) -> list[str]:
        return [b for b in self.brigades_in(state, province)
                if b in state.protect or b in state.search]

    def _movable_brigade_stacks(self, state: FilState, exclude: set[str]) -> set[str]:
        """Stacks of Brigades the bot may send where 10.3 S5/S6 and 10.4 U4/U9 ask: those "in
        a Province with no Guerrillas". Read with the purpose of the counter-guerrilla steps, a
        Province still holding any enemy combat unit — an entrenched Guerrilla (6.14), a corps
        on its CF 2 side, an American brigade — is not one: the bot would strip it, and the
        next round's S5 or S6 would bring a Brigade straight back (the round wasted)."""
        result: set[str] = set()
        for stack in B.all_stacks(state, SPAIN):
            units = B.combat_units(state, stack)
            where = state.loc[stack[0]]
            province = B.province_of(state, where)
            if units and all(B.cdef(state, u).kind == "brigade" for u in units) and \
                    where not in exclude and not (
                    province is not None and self._enemy_units_in(state, province)):
                result.add(stack[0])
        return result

    def _enemy_units_in(self, state: FilState, province: str) -> bool:
        """Whether a Filipino or American combat unit is in `province` or its city."""
        return any(B.cdef(state, c).side == FILIPINO and not B.cdef(state, c).leader
                   and B.province_of(state, state.loc[c]) == province for c in state.stack_of)

    def _has_brigade(self, state: FilState, stack: str) -> bool:
        return any(B.cdef(state, c).kind == "brigade" for c in state.members(stack))

    def _brigades(self, state: FilState) -> int:
        return sum(1 for c in state.stack_of if B.cdef(state, c).kind == "brigade"
                   and B.cdef(state, c).side == SPAIN)

    def _enemy_units(self, state: FilState) -> int:
        return len(B.on_map_combat(state, FILIPINO))

    def _enemy_stacks(self, state: FilState, province: str) -> list[list[str]]:
        return [s for s in B.stacks_in(state, province, FILIPINO) if B.combat_units(state, s)]

    def _enemy_strength(self, state: FilState, province: str) -> int:
        return max((B.strength(state, s) for s in self._enemy_stacks(state, province)),
                   default=0)

    def _spanish_strength(self, state: FilState, province: str) -> int:
        return sum(B.cf(state, b) for b in self.brigades_in(state, province))


_REACTION_STEPS = {"combat_cards": "R2", "counterattack": "R6", "cancel": "R3",
                   "response": "R1", "intercept": "R5"}

STEPS: dict[str, tuple[str, str]] = {
    "S1": ("§10.3 step 1", "cards that benefit Spain"),
    "S2": ("§10.3 step 2", "reinforcement Brigade"),
    "S3": ("§10.3 step 3", "counter-guerrilla, disperse troops"),
    "S4": ("§10.3 step 4", "counter-guerrilla, the second Brigade"),
    "S5": ("§10.3 step 5", "counter-guerrilla move"),
    "S6": ("§10.3 step 6", "conventional war, move"),
    "S7": ("§10.3 step 7", "conventional war, siege or attack"),
    "S8": ("§10 fragment", "recruitment"),
    "S9": ("§10 fragment", "Political Action"),
    "U1": ("§10.4 step 1", "cards that benefit Spain"),
    "U2": ("§10.4 step 2", "naval attack with an advantage"),
    "U3": ("§10.4 step 3", "naval war, join the fleets"),
    "U4": ("§10.4 step 4", "conventional war, move"),
    "U5": ("§10.4 step 5", "conventional war, siege or attack"),
    "U6": ("§10.4 step 6", "counter-guerrilla, disperse troops"),
    "U7": ("§10.4 step 7", "counter-guerrilla, the second Brigade"),
    "U8": ("§10 fragment", "recruitment"),
    "U9": ("§10 fragment", "counter-guerrilla move"),
    "U10": ("§10 fragment", "reinforcements"),
    "R1": ("§10.2", "the card that hinders the Filipino action"),
    "R2": ("§10.2", "the most beneficial combat card"),
    "R3": ("§10.2", "cancel the Filipino card"),
    "R5": ("§10.2", "a siege must first fight the Brigade"),
    "R6": ("§10 (GAP-FIL-37)", "always counterattacks"),
    "END": ("§10.3", "at most 1 AP a round, so the round ends"),
}
"""The §10 step behind each bot choice, for its log line."""


def step_reason(state: FilState, step: str, action: Action) -> str:
    """The log line of a bot choice: its §10 step and the action with printed names."""
    what = _named(state, action.describe())
    if isinstance(action, A.EndRound):
        what = "ends its round"
    elif isinstance(action, A.Disperse):
        mode = "Protect the Fields" if action.mode == "protect" else "Search and Destroy"
        where = state.data.spaces[state.loc[action.brigade]].name
        what = f"{_named(state, action.brigade)} to {mode} in {where}"
    if not step:
        return f"Spanish bot: {what} (no §10 step applies)"
    where, title = STEPS[step]
    return f"Spanish bot, {where} ({title}): {what}"


def _named(state: FilState, text: str) -> str:
    """`text` with counter, space and card ids replaced by their printed names."""
    data = state.data
    names = {k: v.name for table in (data.counters, data.spaces, data.cards)
             for k, v in table.items()}
    return re.sub(r"[a-z][a-z0-9_]*", lambda m: names.get(m.group(0), m.group(0)), text)


def _decline(legal: list[Action]) -> Action | None:
    return next((a for a in legal if isinstance(a, A.Decline)), None)


__all__ = ["SpanishBot"]
