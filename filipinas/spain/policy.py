"""Spain's heuristics: every legal answer of a Spanish decision scored in steps of Spanish
Morale against its Action Points, best first (see the package docstring for the levers)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

from engine.core.actions import Action
from filipinas.rules import actions as A
from filipinas.rules import board as B
from filipinas.rules.combat import base_modifiers, city_defence, naval_cf
from filipinas.rules.forces import spanish_box_brigades
from filipinas.rules.legal import round_actions
from filipinas.rules.location import columns, roll_modifiers
from filipinas.rules.noeffect import no_effect_reason
from filipinas.rules.reactions import usable_reactions
from filipinas.rules.sequence import attack_cost, base_cost, cost, fresh_round
from filipinas.rules.setup import FILIPINO, SPAIN
from filipinas.rules.state import FilState
from filipinas.spain import cards as C
from filipinas.spain.picture import (
    AP_WORTH,
    BRIGADE_STEP,
    CITY,
    GAME,
    TF,
    Group,
    Picture,
    hit_chance,
)

SCARCE = 0.5
"""What an AP is worth besides AP_WORTH when the fields may still need it this turn: about
half a plunder, which a move and a Protect the Fields answer."""

RESERVE = 1.5
"""AP kept for the fields for each Filipino AP left (up to three): each can take a band into
an open Province (6.3)."""

LED_ATTACKS = 4
"""Attacks a general who joins a stack is counted to lead (when the AP allow as many): his
Tactical Factor counts in each of them, not only in the next (6.7)."""

ON_THE_WAY = 0.8
"""What the sieges a second move would bring are counted at, in the first (`_retake`): the
Filipinos may move or the dice turn before it."""

TEMPO = 0.2
"""What ending the round is worth while the Filipinos still hold AP: they must then act or
pass first, and Spain answers what they did, since the turn ends only when both pass (5.2.3).
An action worth less than this waits, unless the turn's end may be Spain's surrender. Seen
where Normal Spain attacked a band at 17 % with the Filipinos' AP still to come (seed 77,
action 70: ending the round +43 points played to the end; docs/ai.md, "Blunders")."""

_TUNE: dict[str, float] = {}

Scored = tuple[float, str]


class SpainPolicy:
    """Spain's heuristics: the Easy level, and Spain's side of Normal's rollouts."""

    def __init__(self, side: str = SPAIN, seed: int = 0) -> None:
        self.side = side
        self.rng = random.Random(seed)
        self.last_reason = ""

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    # --- entry points ----------------------------------------------------------------------

    def choose(self, rules: Any, state: FilState, legal: list[Action]) -> Action:
        _, best, why = self.scored(state, legal)[0]
        what = said(state, best)
        self.last_reason = f"{what}: {why}" if why else what
        return best

    def rank(self, rules: Any, state: FilState, legal: list[Action]) -> list[Action]:
        """The legal answers, best first."""
        return [a for _, a, _ in self.scored(state, legal)]

    def scored(self, state: FilState, legal: list[Action]) -> list[tuple[float, Action, str]]:
        """(worth, answer, reason) for every legal answer, best first; equal worths keep the
        order of `legal`, so `choose` and `rank` always agree."""
        pic = Picture.of(state)
        scorer = _PROMPTS.get(state.decision.kind, SpainPolicy._round_score)
        out = []
        for action in legal:
            idle = no_effect_reason(state, action)
            value, why = (-1.0, idle) if idle else scorer(self, pic, action)
            out.append((value, action, why))
        if scorer is SpainPolicy._round_score and state.ap[FILIPINO] <= 0:
            out = self._dice_first(state, out)
        out.sort(key=lambda s: -s[0])
        return out

    def _dice_first(self, st: FilState, out: list[tuple[float, Action, str]]
                    ) -> list[tuple[float, Action, str]]:
        """With the Filipinos out of AP they can only pass until the turn ends (5.2.3), so the
        order of Spain's actions is free. Brigades from Spain cost their steps of Morale for
        good (6.2), while an attack may destroy the band they were wanted against: an attack
        worth its AP comes first when the AP pay for both and the Brigades' round after it
        (docs/ai.md, "Blunders", seed 28). Its worth is raised just above theirs."""
        reinforce = max(((v, a) for v, a, _ in out if isinstance(a, A.Reinforce) and v > 0),
                        key=lambda x: x[0], default=None)
        if reinforce is None:
            return out
        brigades, call = reinforce
        attacks = [(v, a) for v, a, _ in out if isinstance(a, A.Attack) and 0 < v < brigades]
        if not attacks:
            return out
        _, attack = max(attacks, key=lambda x: x[0])
        coordination = st.data.params.coordination
        if st.ap[SPAIN] < cost(st, SPAIN, attack) + base_cost(st, SPAIN, call)[0] + coordination:
            return out
        first = "before Brigades are called from Spain"
        return [(brigades + 0.01, a, f"{why}, {first}" if why else first) if a == attack
                else (v, a, why) for v, a, why in out]

    # --- the round -------------------------------------------------------------------------

    def _round_score(self, pic: Picture, action: Action) -> Scored:
        """Worth less the AP it costs; ending the round is worth nothing, or TEMPO while the
        Filipinos still hold AP, as far as the turn's end is not the surrender (5.2.3)."""
        if isinstance(action, A.EndRound):
            left = pic.st.ap[FILIPINO]
            # if the Filipinos pass too, the turn ends (5.2.3): no waiting on the surrender
            wait = _TUNE.get("tempo", TEMPO) * (1 - pic.surrender_odds()) if left > 0 else 0.0
            if wait > 0.0:
                return wait, f"lets the Filipinos use their {left} AP first"
            return 0.0, "nothing is worth its Action Points now"
        handler = _ROUND.get(type(action))
        if handler is None:
            return -1.0, ""
        value, why = handler(self, pic, action)
        if value <= 0.0:
            return value - AP_WORTH, why  # never chosen: its exact cost does not matter
        st = pic.st
        paid = cost(st, SPAIN, action)
        if paid > base_cost(st, SPAIN, action)[0] and st.ap[FILIPINO] <= 0:
            # A Coordinated Action (5.2.2.1) only pays when the Filipinos could act in
            # between; with no AP left they cannot, and the next round costs less.
            value *= 0.25
        return value - self.charge(pic, paid), why

    def charge(self, pic: Picture, paid: int) -> float:
        """What `paid` AP cost: AP_WORTH each, and SCARCE more for each one taken from the AP
        the fields may still need this turn (RESERVE), unless Spain surrenders at this End of
        Turn as things stand, when nothing else matters."""
        st = pic.st
        reserve = _TUNE.get("reserve", RESERVE) * min(st.ap[FILIPINO], 3)
        short = max(0.0, reserve - (st.ap[SPAIN] - paid))
        # the fields count only if Spain is still at war after this End of Turn (5.3.1)
        scarce = _TUNE.get("scarce", SCARCE) * (1 - pic.surrender_odds())
        return self.ap_worth(pic) * paid + scarce * min(float(paid), short)

    def ap_worth(self, pic: Picture) -> float:
        """AP_WORTH, less when the AP pile up towards the top of the Resource Table, where
        what is carried over and earned next turn is lost (5.1.1, 5.2.3)."""
        st = pic.st
        room = st.data.params.ap_max - st.ap[SPAIN]
        return AP_WORTH * min(1.0, max(0.2, room / 10))

    # deploying: protect, hunt, move, reinforce, repatriate
    def _shift(self, pic: Picture, changes: dict[str, Group]) -> float:
        """The change in what the Brigades do for the fields when the groups of some
        Provinces become `changes`."""
        bonus = C.attack_bonus(pic)
        return sum(pic.field_worth(p, after, bonus) - pic.field_worth(p, pic.group(p), bonus)
                   for p, after in changes.items())

    def _marked(self, pic: Picture, brigade: str, mark: str) -> Group:
        st = pic.st
        where = st.loc[brigade]
        return tuple((B.cf(st, b), mark if b == brigade else
                      ("protect" if b in st.protect else "search" if b in st.search else ""))
                     for b in pic.brigades.get(where, ()))

    def _disperse(self, pic: Picture, action: A.Disperse) -> Scored:
        st = pic.st
        where = st.loc[action.brigade]
        if st.data.spaces[where].kind != "province":
            return self._line_search(pic, action)
        worth = self._shift(pic, {where: self._marked(pic, action.brigade, action.mode)}) \
            + pic.dispersal_shift(action.brigade, action.mode)
        if action.mode == "protect":
            why = (f"a band stands in {name(st, where)}" if pic.bands.get(where)
                   else "bands next door")
            return worth, why
        bands = pic.bands.get(where, [])
        if not bands:
            return worth - 0.2, ""
        hunt, why = max(self._hunt(pic, [action.brigade], b, search=True) for b in bands)
        return worth + hunt, why

    def _line_search(self, pic: Picture, action: A.Disperse) -> Scored:
        """A Brigade on a Fortified Line searches both Provinces (6.13.2)."""
        st = pic.st
        if action.mode != "search":
            return -0.2, ""
        joins = st.data.spaces[st.loc[action.brigade]].joins
        bands = [b for p in joins for b in pic.bands.get(p, ())]
        if not bands:
            return -0.2, ""
        return max(self._hunt(pic, [action.brigade], b, search=True) for b in bands)

    def _move(self, pic: Picture, action: A.Move) -> Scored:
        st = pic.st
        units = B.combat_units(st, st.members(action.stack))
        if not units or any(B.cdef(st, u).kind != "brigade" for u in units):
            return -0.5, ""
        src = st.loc[action.stack]
        moving = frozenset(units)
        arriving = tuple((B.cf(st, u), "search" if u in st.search else "") for u in units)
        changes = {src: pic.group(src, moving),
                   action.dest: pic.group(action.dest) + arriving}
        fields = self._shift(pic, changes)
        safer = pic.cities_shift(units, action.dest)
        retake, city = self._retake(pic, units, action.dest, cost(st, SPAIN, action))
        worth = fields + safer + retake - 0.05
        if worth <= 0:
            return worth, ""
        if retake > max(fields, safer):
            if st.data.city_of(action.dest) != city:
                return worth, f"on the way to besiege {name(st, city)}"
            return worth, f"to besiege {name(st, city)}"
        if safer > fields:
            return worth, f"{name(st, action.dest)} is safer from a siege"
        return worth, f"{name(st, action.dest)} needs a Brigade"

    def _retake(self, pic: Picture, units: list[str], dest: str, paid: int,
                on: bool = True) -> tuple[float, str]:
        """Brigades arriving in the Province of a city the Filipinos hold may besiege it (6.8):
        each siege the AP left pay this turn, a few at most, is one more chance to retake it
        before the End of Turn, where a city held may be Spain's surrender (5.3.1), when a
        siege is worth its AP there; nothing when a stack already there besieges as well.
        When the End of Turn is the surrender, a Province next to the city's (`on`) counts
        the sieges left after one more move (ON_THE_WAY)."""
        st = pic.st
        city = st.data.city_of(dest)
        if city is None or B.friendly_city(st, SPAIN, city):
            if not on or pic.surrender_odds() < 1.0 \
                    or st.data.spaces[dest].kind != "province":
                return 0.0, ""
            step = st.data.params.cost
            best: tuple[float, str] = (0.0, "")
            for there in st.data.board.neighbors(dest):
                if st.data.spaces[there].kind == "province":
                    value, lost = self._retake(pic, units, there, paid + step, on=False)
                    best = max(best, (ON_THE_WAY * value, lost))
            return best
        each = attack_cost(st, SPAIN, dest, tuple(units))
        sieges = min(3, (st.ap[SPAIN] - paid) // each)
        hit = self._siege_hit(pic, units, city)
        there = [self._siege_hit(pic, B.combat_units(st, s), city) or 0.0
                 for s in B.stacks_in(st, dest, SPAIN) if B.combat_units(st, s)]
        if sieges <= 0 or not hit or hit <= max(there, default=0.0):
            return 0.0, ""
        # each siege is made only while the city holds out, and only if it is worth its AP
        # there (as `_siege` will judge it): a move for sieges Spain will not make is none
        net = hit * (pic.gain() + CITY + GAME * pic.surrender_odds()) - self.charge(pic, each)
        if net <= 0.0:
            return 0.0, ""
        return net * (1 - (1 - hit) ** sieges) / hit, city

    def _reinforce(self, pic: Picture, action: A.Reinforce) -> Scored:
        """Brigades from Spain: a step of Morale each (6.2), won back by sending them home
        when their work is done, but not in the last turn."""
        st = pic.st
        p = st.data.params
        first, second = action.dests[0], action.dests[-1]
        worth = self._arrival(pic, first, 1)
        if len(action.dests) == 2:
            worth += self._arrival(pic, second, 2 if second == first else 1) - (
                self._arrival(pic, first, 1) if second == first else 0.0)
        n = len(action.dests)
        back = _TUNE.get("back", 0.3) if pic.turns_left >= 2 and st.morale - n >= 6 else 0.0
        price = sum(pic.step(st.morale - i) for i in range(n)) * (1 - back)
        if st.morale - n <= p.morale_min + 2:
            price += 5.0
        if action.stacked:
            worth += self._stacked_attack(pic, first, cost(st, SPAIN, action)) - 0.1
        return worth - price, f"Brigades for {', '.join(name(st, d) for d in action.dests)}"

    def _stacked_attack(self, pic: Picture, dest: str, paid: int) -> float:
        """Two Brigades arriving stacked (6.2) attack a regular Filipino stack of `dest` as one
        unit, at their CF together (6.3, 6.7): worth how much that attack beats the best of one
        of them alone, when the AP left pay it, up to the Stack action (1 AP, 6.3) that would
        join them had they arrived apart. Bands are hunted better by columns apart (6.6)."""
        st = pic.st
        pair = spanish_box_brigades(st)[:2]
        if len(pair) < 2 or st.ap[SPAIN] - paid < attack_cost(st, SPAIN, dest, tuple(pair)):
            return 0.0
        gain = 0.0
        for stack in pic.foes.get(dest, ()):
            units = B.combat_units(st, stack)
            target = units[0] if units else None
            if target is not None and not B.is_guerrilla(st, target):
                alone = self._battle(pic, pair[:1], target)[0]
                gain = max(gain, self._battle(pic, pair, target)[0] - max(alone, 0.0))
        return min(gain, self.charge(pic, st.data.params.cost))

    def _arrival(self, pic: Picture, dest: str, n: int) -> float:
        """What `n` fresh Brigades arriving in `dest` do for its fields and its city."""
        key = ("arrival", dest, n)
        if key not in pic.memo:
            group = pic.group(dest) + ((2, ""),) * n
            pic.memo[key] = self._shift(pic, {dest: group}) + pic.cities_shift([], dest, 2 * n)
        return float(pic.memo[key])

    def _repatriate(self, pic: Picture, action: A.Repatriate) -> Scored:
        """+1 Morale a Brigade sent home (6.2), against what it still does in the field: late
        in the game (the last turn forbids it), or when the Morale is about to collapse."""
        st = pic.st
        end = st.morale - (1 if st.government == "sagasta" else 0)
        if not _TUNE.get("repat_any") and pic.turns_left > 1 \
                and end > st.data.params.morale_min + 1:
            return -1.0, ""
        where = st.loc[action.unit]
        fields = self._shift(pic, {where: pic.group(where, frozenset({action.unit}))})
        safer = pic.cities_shift([action.unit], None)
        keep = 0.15 * min(pic.turns_left, 3)
        if sum(len(bs) for bs in pic.brigades.values()) <= 1:
            keep += 1.0
        return pic.gain() + fields + safer - keep, "its step of Morale is worth more at home"

    def _regroup(self, pic: Picture, action: A.Regroup) -> Scored:
        """Lift a marker (6.10): a Brigade in columns may then protect the fields (6.9.1)."""
        st = pic.st
        where = st.loc[action.brigade]
        if st.data.spaces[where].kind != "province":
            return -0.3, ""
        worth = self._shift(pic, {where: self._marked(pic, action.brigade, "")})
        return worth - 0.1, f"to protect the fields of {name(st, where)}"

    def _merge(self, pic: Picture, action: A.Merge) -> Scored:
        """Two stacks together against a regular Filipino stack stronger than each (6.3); a
        general alone joining a stack of his space, as `_leader_joins`."""
        st = pic.st
        pair = (action.stack, action.into)
        alone = [s for s in pair if not B.combat_units(st, st.members(s))]
        if len(alone) == 1:
            other = action.into if alone[0] == action.stack else action.stack
            leader = B.leaders(st, st.members(alone[0]))
            return self._leader_joins(pic, leader[0], other, cost(st, SPAIN, action)) \
                if len(leader) == 1 else (-0.5, "")
        ours = [B.strength(st, st.members(action.stack)), B.strength(st, st.members(action.into))]
        for stack in pic.foes.get(st.loc[action.stack], ()):
            theirs = B.strength(st, stack)
            if theirs >= 2 and sum(ours) > theirs >= max(ours):
                return 0.3, f"together against the stack of {name(st, stack[0])}"
        return -0.3, ""

    def _move_leader(self, pic: Picture, action: A.MoveLeader) -> Scored:
        """A general joining a stack (`_leader_joins`), never leaving Brigades among bands."""
        st = pic.st
        if action.join is None:
            return -0.5, ""
        here = st.loc[action.leader]
        if B.combat_units(st, st.members(action.leader)) and pic.bands.get(here):
            return -0.3, ""
        return self._leader_joins(pic, action.leader, action.join, cost(st, SPAIN, action))

    def _leader_joins(self, pic: Picture, leader: str, join: str, paid: int) -> Scored:
        """A general with a Tactical Factor joins the stack of `join`: he leads the columns
        hunting bands (6.7, 9.1), and the attack the stack may make next with the AP left
        (1 AP with a general in the Province, 4.2.2) is worth what his Tactical Factor adds
        to it, since it counts only stacked with the attackers (6.7). A Captain General stays
        in the Captaincy, from which any attack costs 1 AP (4.2.2)."""
        st = pic.st
        c = B.cdef(st, leader)
        if c.admiral or not c.tf:
            return -0.5, ""
        if c.captain_general and st.data.spaces[st.loc[leader]].captaincy:
            return -0.5, ""
        stack = st.members(join)
        units = B.combat_units(st, stack)
        if not units or c.tf <= B.best_tf(st, stack)[1]:
            return -0.5, ""
        where = st.loc[join]
        hunting = join in st.search and bool(pic.bands.get(where))
        worth = TF * c.tf * 1.5 if hunting else 0.0
        left = st.ap[SPAIN] - paid
        if left >= 1:
            # he leads every attack the stack makes while he stays, as many as the AP left
            # buy (1 AP each with a general in the Province, 4.2.2), a few at most
            attacks = min(left, int(_TUNE.get("led_attacks", LED_ATTACKS)))
            worth += attacks * self._led(pic, units, c.tf, B.province_of(st, where) or where)
        if worth <= 0.0:
            return -0.5, ""
        led = "the columns" if hunting else "the attack"
        return worth, f"{c.name} leads {led} in {name(st, where)}"

    def _led(self, pic: Picture, units: list[str], tf: int, province: str) -> float:
        """How much more the best attack of `units` on a Filipino stack of `province` is worth
        led with Tactical Factor `tf` than as they stand (an attack not worth making now
        counts as none)."""
        st = pic.st
        gain = 0.0
        for stack in pic.foes.get(province, ()):
            target = B.combat_units(st, stack)[0]
            if B.is_guerrilla(st, target):
                before, after = (self._hunt(pic, units, target, tf=t)[0] for t in (None, tf))
            else:
                before, after = (self._battle(pic, units, target, tf=t)[0] for t in (None, tf))
            gain = max(gain, after - max(before, 0.0))
        return gain

    # hunting and fighting
    def _hunt(self, pic: Picture, units: list[str], band: str,
              search: bool = False, tf: int | None = None) -> Scored:
        """A locate-and-attack on a band (6.6, 6.7): the kill against the counterattack
        after a miss. `search`: as if `units` had just formed Search and Destroy columns;
        `tf`: as if led with that Tactical Factor."""
        st = pic.st
        if search:
            cols = [(1, True) for u in units for _ in range(B.cf(st, u))]
        else:
            cols = [(cf, searching) for _, cf, searching in columns(st, units)]
        led = B.best_tf(st, units)[1] if tf is None else tf
        kill, counter = pic.odds(cols, led, band, C.attack_bonus(pic))
        worth = kill * pic.kill_worth(band) - counter * pic.hurt(units[0])
        return worth, f"{kill:.0%} to destroy {name(st, band)}"

    def _attack(self, pic: Picture, action: A.Attack) -> Scored:
        st = pic.st
        units = list(action.units)
        target = action.target
        if target in st.data.spaces:
            return self._siege(pic, units, target)
        if B.cdef(st, units[0]).kind == "fleet":
            return self._naval(pic, units, target)
        if B.is_lone_leader(st, target):
            return self._leader_hunt(pic, units, target)
        if B.is_guerrilla(st, target):
            return self._hunt(pic, units, target)
        return self._battle(pic, units, target)

    def _leader_hunt(self, pic: Picture, units: list[str], leader: str) -> Scored:
        """Two rolls to find a lone leader of strength 0; found, he dies (4.2.1, GAP-FIL-16)."""
        st = pic.st
        p = st.data.params
        search = any(u in st.search for u in units)
        col = p.search_cf if search else sum(B.cf(st, u) for u in units)
        mods = sum(v for _, v in roll_modifiers(st, leader, col, search, p.lone_leader_cf))
        found = 1 - (1 - hit_chance(mods, p.locate_on)) ** p.lone_leader_rolls
        worth = sum(pic.leader_worth(ld) for ld in st.members(leader))
        return found * worth, f"{found:.0%} to catch {name(st, leader)} alone"

    def _battle(self, pic: Picture, units: list[str], target: str,
                tf: int | None = None) -> Scored:
        """An attack on a regular stack (6.7): its step, or the Filipino unit when it is the
        stack's only one and on its last step, against the counterattack; `tf`: as if led with that
        Tactical Factor."""
        st = pic.st
        defenders = st.members(target)
        acf = sum(B.defence_cf(st, u) for u in B.combat_units(st, units))
        dcf = sum(B.defence_cf(st, d) for d in B.combat_units(st, defenders))
        mods = sum(v for _, v in base_modifiers(st, "land", units, acf, defenders, dcf))
        if tf is not None:
            mods += tf - B.best_tf(st, units)[1]
        hit = hit_chance(mods + C.attack_bonus(pic))
        back = hit_chance(-mods)
        prize = pic.gain() + 0.8
        alone = B.combat_units(st, defenders)
        if len(alone) == 1 and B.cdef(st, alone[0]).faction == FILIPINO \
                and pic.last_step(alone[0]):
            # a band entrenched (6.14) is a regular stack, and a hit still destroys it
            prize = max(prize, pic.kill_worth(alone[0]))
        worth = hit * prize - (1 - hit) * back * pic.hurt(units[0])
        return worth, f"{hit:.0%} to hit the stack of {name(st, target)}"

    def _siege(self, pic: Picture, units: list[str], city: str) -> Scored:
        """Retaking a city (6.8): all or nothing, after beating the stack that intercepts
        (6.8.3); the game itself when the Filipinos hold what a surrender asks (5.3.1)."""
        st = pic.st
        hit = self._siege_hit(pic, units, city)
        if hit is None:
            return -1.0, ""
        worth = pic.gain() + CITY + GAME * pic.surrender_odds()
        return hit * worth, f"{hit:.0%} to retake {name(st, city)}"

    def _siege_hit(self, pic: Picture, units: list[str], city: str) -> float | None:
        """The chance a siege of `city` by `units` takes it (None: too weak to besiege)."""
        st = pic.st
        strength = sum(B.defence_cf(st, u) for u in units)
        if strength < city_defence(st, city):
            return None
        bonus = C.attack_bonus(pic)
        inside = max((B.cdef(st, c).tf for c in st.stack_of if st.loc[c] == city
                      and B.cdef(st, c).leader), default=0)
        hit = hit_chance(B.best_tf(st, units)[1] - inside + bonus, st.data.params.siege_hit)
        province = st.data.spaces[city].province or city
        guards = [s for s in B.stacks_in(st, province, FILIPINO) if B.combat_units(st, s)]
        if guards:
            guard = max(guards, key=lambda s: B.strength(st, s))
            mods = sum(v for _, v in base_modifiers(st, "land", units, strength, guard,
                                                    B.strength(st, guard)))
            hit *= hit_chance(mods + bonus)
        return hit

    def _naval(self, pic: Picture, units: list[str], target: str) -> Scored:
        """A naval attack (6.7): 2 Morale a step of fleet either way (7.1.1)."""
        st = pic.st
        foe = st.members(target)
        mine, theirs = naval_cf(st, units), naval_cf(st, foe)
        mods = sum(v for _, v in base_modifiers(st, "naval", units, mine, foe, theirs))
        hit = hit_chance(mods)
        back = hit_chance(-mods) if theirs else 0.0
        worth = hit * pic.gain(2) - (1 - hit) * back * pic.loss(2)
        return worth, f"{hit:.0%} to hit the American squadron"

    def _recruit(self, pic: Picture, action: A.Recruit) -> Scored:
        """Restore a reduced Brigade on 5-6, +1 at Morale 6 or more (6.1)."""
        st = pic.st
        p = st.data.params
        mod = p.recruit_mod if st.morale >= p.recruit_spanish_morale else 0
        chance = hit_chance(mod, p.recruit_on)
        province = B.province_of(st, st.loc[action.unit])
        busy = 1.3 if province is not None and pic.foes.get(province) else 1.0
        return chance * BRIGADE_STEP * busy, f"{chance:.0%} to restore it"

    # the government and the cards
    def _political(self, pic: Picture, action: A.Political) -> Scored:
        """A Political Action succeeds on 5-6 (6.12): the US track one step down; or the
        government changed, once: Sagasta costs a step of Morale at every end of turn (5.3),
        worth it only to buy the rebels (6.13.4)."""
        st = pic.st
        chance = hit_chance(0, st.data.params.political_on)
        if action.goal == "us":
            worth = chance * pic.us_step()
            if not worth:
                return -0.5, ""
            return worth, "to hold the United States out of the war"
        drain = pic.drain(pic.turns_left + 1) - pic.turns_left * pic.us_step() * 0.5
        if st.government == "sagasta":
            return chance * drain, "Cánovas back: no Morale lost at each end of turn"
        worth = -drain
        if "sagasta_buys_the_rebels" in st.hands[SPAIN] and not _TUNE.get("no_switch"):
            worth += C.buy_worth(pic)
        return chance * worth, "Sagasta, to buy the rebels"

    def _build_line(self, pic: Picture, action: A.BuildLine) -> Scored:
        return self._line_worth(pic, action.brigade)

    def _line_worth(self, pic: Picture, brigade: str | None) -> Scored:
        """A Fortified Line holds only with a Brigade on it (6.13.2): worth it to shut the
        bands in Cavite with a Brigade that does nothing else."""
        st = pic.st
        if brigade is None or not pic.bands.get("cavite"):
            return -0.2, ""
        where = st.loc[brigade]
        left = self._shift(pic, {where: pic.group(where, frozenset({brigade}))})
        # a Brigade on the line is in neither Province: like a Brigade moving away (`_move`),
        # it no longer intercepts a siege of the city of the Province it leaves (6.8.3)
        safer = pic.cities_shift([brigade], None)
        return 0.25 + left + safer, "the bands of Cavite are shut in"

    def _end_reconcentration(self, pic: Picture, action: Action) -> Scored:
        return (-C.reconcentration_worth(pic, now=False),
                "Reconcentration costs Spain more than it takes")

    def _trade(self, pic: Picture, action: A.TradeCards) -> Scored:
        """Two cards for 1 AP (6.13): the AP kept for the next turn (5.2.3), and with none
        left, what it pays for before the turn ends (`_bought`)."""
        keep = self._hold(pic, action.first) + self._hold(pic, action.second)
        gain = AP_WORTH * pic.st.data.params.ap_for_cards
        bought, why = self._bought(pic)
        if bought > 0.0:
            return gain + bought - keep, f"two cards for an Action Point: {why}"
        return gain - keep, "two cards of little use for an Action Point"

    def _bought(self, pic: Picture) -> Scored:
        """With no AP left, the AP of a two-card trade is the only way to act again this
        turn (6.13): worth the best action it pays for over its AP, in a round of its own
        when this one has acted (a Coordinated Action would cost it one more, 5.2.2.1);
        nothing when Spain still has AP, or nothing is worth its AP."""
        st = pic.st
        if st.ap[SPAIN] > 0:
            return 0.0, ""
        if "bought" not in pic.memo:
            after = copy.deepcopy(st)
            after.ap[SPAIN] += st.data.params.ap_for_cards
            fresh_round(after)
            then = Picture.of(after)
            best: Scored = (0.0, "")
            for action in round_actions(after, SPAIN):
                if isinstance(action, A.EndRound | A.TradeCards | A.PlayCard) \
                        or no_effect_reason(after, action):
                    continue
                value, why = self._round_score(then, action)
                if value > best[0]:
                    best = (value, f"{said(after, action)} ({why})" if why else
                            said(after, action))
            pic.memo["bought"] = best
        found: Scored = pic.memo["bought"]
        return found

    def _hold(self, pic: Picture, card: str) -> float:
        """What `card` is worth kept in hand."""
        if card in C.HOLD:
            return C.HOLD[card]
        return max(0.05, self._card_now(pic, card, ())[0])

    def _card(self, pic: Picture, action: A.PlayCard) -> Scored:
        value, why = self._card_now(pic, action.card, action.targets)
        wait = C.HOLD.get(action.card, 0.0) if action.card in C.WAITING else 0.0
        return value - wait, why

    def _card_now(self, pic: Picture, card: str, targets: tuple[str, ...]) -> Scored:
        """What a Spanish card does if played now (cards.yaml verbs)."""
        st = pic.st
        simple = C.simple_worth(pic, card)
        if simple is not None:
            return simple
        eff = C.effect(pic, card)
        if "appoint" in eff or "enter" in eff:
            return C.appointment(pic, eff)
        if eff.get("reconcentration"):
            return C.reconcentration_worth(pic, now=True), "the Filipinos lose more AP"
        if eff.get("build_line"):
            return self._line_worth(pic, targets[1] if len(targets) > 1 else None)
        if eff.get("exile_aguinaldo"):
            return C.buy_worth(pic), "Aguinaldo into exile, his bands disbanded"
        if eff.get("baler"):
            return C.baler(pic, targets[0] if targets else "")
        if eff.get("target_guerrilla"):
            return self._mark(pic, list(targets[:1]))
        if eff.get("target_province"):
            bands = pic.bands.get(targets[0], []) if targets else []
            return self._mark(pic, [b for b in bands if b not in st.targets])
        if "reinforce" in eff and targets:
            value, why = self._reinforce(pic, A.Reinforce((targets[0],)))
            return value + AP_WORTH, why
        return 0.0, ""

    def _mark(self, pic: Picture, bands: list[str]) -> Scored:
        """A Target marker is +1 to locate (6.6): worth it just before a hunt."""
        st = pic.st
        best = 0.0
        for band in bands:
            hunters = [b for b in pic.brigades.get(st.loc[band], ()) if b in st.search]
            if not hunters:
                continue
            before = self._hunt(pic, hunters[:1], band)[0]
            st.targets.add(band)
            after = self._hunt(pic, hunters[:1], band)[0]
            st.targets.discard(band)
            best = max(best, after - before)
        return best, "the band is marked for the columns"

    # --- the other decisions ---------------------------------------------------------------

    def _discard(self, pic: Picture, action: Action) -> Scored:
        assert isinstance(action, A.Discard)
        return -self._hold(pic, action.card), "the card of least use"

    def _combat_card(self, pic: Picture, action: Action) -> Scored:
        """A card on the roll when it moves the chance of a hit enough for what the combat is
        worth (6.7, 6.13.5)."""
        st = pic.st
        combat = st.combat
        if not isinstance(action, A.PlayCard) or combat is None:
            return 0.0, "no card changes this combat"
        eff = C.effect(pic, action.card)
        total = sum(v for _, v in combat.modifiers)
        p = st.data.params
        need = p.siege_hit if combat.kind == "siege" else p.combat_hit
        now = hit_chance(total, need)
        if eff.get("us_takes_city"):
            return now * GAME * 0.5 - C.HOLD[action.card], "the Americans keep the city"
        after = hit_chance(total + int(eff.get("combat_roll", 0)), need)
        change = (after - now) if combat.attacker == SPAIN else (now - after)
        return (change * self._combat_stake(pic) - C.HOLD.get(action.card, 0.3),
                "the roll turns our way")

    def _combat_stake(self, pic: Picture) -> float:
        st = pic.st
        combat = st.combat
        assert combat is not None
        if combat.kind == "siege":
            if combat.attacker == SPAIN:
                return pic.gain() + CITY + GAME * pic.surrender_odds()
            return pic.city_stake(combat.city)
        alive = [d for d in combat.defenders if d in st.stack_of]
        if combat.attacker == SPAIN:
            units = B.combat_units(st, alive)
            if units and all(B.is_guerrilla(st, u) for u in units):
                return pic.kill_worth(units[0])
            return pic.gain() + 0.8
        mine = [d for d in alive if B.cdef(st, d).kind == "brigade"]
        return pic.hurt(mine[0] if mine else None)

    def _counterattack(self, pic: Picture, action: Action) -> Scored:
        """A counterattack is free and cannot be answered (6.7): made whenever it can hit."""
        if usable_reactions(pic.st, [action]):
            return 1.0, "a free roll at the attackers"
        return -0.1, "it cannot hit"

    def _cancel(self, pic: Picture, action: Action) -> Scored:
        """Cancel a Filipino card (10.2) when it hurts more than the card is worth kept."""
        st = pic.st
        assert isinstance(action, A.PlayCard)
        card = st.pending[-1].card
        return (C.harm(pic, card) - self._hold(pic, action.card),
                f"it stops {st.data.cards[card].name}")

    def _response(self, pic: Picture, action: Action) -> Scored:
        """A reaction card after a Filipino action (6.11, 10.2)."""
        st = pic.st
        assert isinstance(action, A.PlayCard)
        eff = C.effect(pic, action.card)
        prompt = st.pending[-1]
        if eff.get("cancel_recruitment"):
            new = prompt.space == "new"
            worth = (pic.plunder() + 0.4) if new else (BRIGADE_STEP + 0.4)
            return worth - C.HOLD[action.card] * 0.5, "the new recruits are rounded up"
        if "morale" in eff:
            return pic.gain(int(eff["morale"])) - 0.3, "the plunder's step won back"
        if "us_intervention" in eff:
            return pic.us_step() - C.HOLD[action.card], "the exiles' campaign undone"
        if eff.get("target_guerrilla"):
            return self._mark(pic, list(action.targets[:1]))[0] - C.HOLD[action.card], \
                "the band is marked"
        return -0.1, ""

    def _intercept(self, pic: Picture, action: Action) -> Scored:
        """Fight the besiegers first (6.8.3): the city falls only if they beat the stack."""
        st = pic.st
        assert isinstance(action, A.Intercept)
        prompt = st.pending[-1]
        units = [u for u in prompt.units if u in st.stack_of]
        theirs = sum(B.cf(st, u) for u in units)
        stack = st.members(action.stack)
        ours = sum(B.defence_cf(st, u) for u in B.combat_units(st, stack))
        tf = B.best_tf(st, units)[1]
        beaten = hit_chance(theirs - ours + tf - B.best_tf(st, stack)[1])
        siege = hit_chance(tf, st.data.params.siege_hit)
        saved = siege * (1 - beaten) * pic.city_stake(prompt.city)
        mine = B.combat_units(st, stack)
        return (saved - beaten * pic.hurt(mine[0] if mine else None) + 0.01 * ours,
                "the besiegers must beat it first")

    def _relocate(self, pic: Picture, action: Action) -> Scored:
        """A general left alone falls back (4.2.2.1): a Captain General to the Captaincy,
        the others to a Brigade among bands."""
        st = pic.st
        assert isinstance(action, A.Relocate)
        c = B.cdef(st, action.leader)
        if c.captain_general and st.data.spaces[action.dest].captaincy:
            return 1.0, "back to the Captaincy"
        if action.join is not None and pic.bands.get(action.dest):
            return 0.5 + 0.1 * c.tf, "with the columns"
        return 0.1, ""


# --- dispatch ------------------------------------------------------------------------------

Scorer = Callable[[SpainPolicy, Picture, Any], Scored]

_ROUND: dict[type[Action], Scorer] = {
    A.Disperse: SpainPolicy._disperse, A.Attack: SpainPolicy._attack,
    A.Recruit: SpainPolicy._recruit, A.Move: SpainPolicy._move,
    A.MoveLeader: SpainPolicy._move_leader, A.Merge: SpainPolicy._merge,
    A.Reinforce: SpainPolicy._reinforce, A.Repatriate: SpainPolicy._repatriate,
    A.Regroup: SpainPolicy._regroup, A.Political: SpainPolicy._political,
    A.BuildLine: SpainPolicy._build_line, A.EndReconcentration: SpainPolicy._end_reconcentration,
    A.TradeCards: SpainPolicy._trade, A.PlayCard: SpainPolicy._card,
}
"""The scorer of each kind of round action. Split has none: Search and Destroy unstacks a
Brigade by itself (6.9.2)."""


def _or_decline(scorer: Scorer) -> Scorer:
    def score(policy: SpainPolicy, pic: Picture, action: Any) -> Scored:
        if isinstance(action, A.Decline):
            return 0.0, "let it pass"
        return scorer(policy, pic, action)
    return score


_PROMPTS: dict[str, Scorer] = {
    "discard": SpainPolicy._discard,
    "combat_cards": _or_decline(SpainPolicy._combat_card),
    "counterattack": _or_decline(SpainPolicy._counterattack),
    "cancel": _or_decline(SpainPolicy._cancel),
    "response": _or_decline(SpainPolicy._response),
    "intercept": _or_decline(SpainPolicy._intercept),
    "relocate": SpainPolicy._relocate,
}


# --- names for the log -----------------------------------------------------------------------

def name(st: FilState, cid: str) -> str:
    """The printed name of a counter, space or card."""
    data = st.data
    for table in (data.counters, data.spaces, data.cards):
        if cid in table:
            return table[cid].name
    return cid


def said(st: FilState, action: Action) -> str:
    """The action in printed names."""
    out = []
    for word in action.describe().split(" "):
        tail = "'s" if word.endswith("'s") else (word[-1] if word[-1:] in (",", ":") else "")
        out.append(name(st, word[:len(word) - len(tail)]) + tail)
    return " ".join(out)
