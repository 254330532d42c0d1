"""What Spain sees at a decision, counted once, and what its Brigades are worth where they
stand: the currency is the step of Spanish Morale (5.3.1).

`Picture` holds the bands (Filipino Guerrillas, 4.2.1) by Province, the Filipino stacks, the
Spanish Brigades with their markers, the tracks, and caches of what the decision's answers ask
again and again. `field_worth` is the worth of a group of Brigades in one Province: the fields
they protect (6.9.1), the bands they hunt (6.6, 6.9.2), what they risk fighting at CF 1
(4.2.3.2, 4.2.3.4). `city_danger` is the chance of a siege taking a city (6.8, 6.8.3). A
move, a dispersal, a Brigade from Spain or one sent home is worth the change it makes to these.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from filipinas.rules import board as B
from filipinas.rules.combat import city_defence
from filipinas.rules.location import roll_modifiers
from filipinas.rules.setup import FILIPINO, SPAIN, USA
from filipinas.rules.state import FilState
from filipinas.rules.victory import morale_after_turn, sagasta_step

AP_WORTH = 0.3
"""Morale steps one Spanish Action Point is worth. Spain draws some 6-8 AP a turn against the
Filipinos' 3 (5.1.1), so its AP are cheap, unless the fields may still need them this turn
(`SpainPolicy.charge`); what is left carries over (5.2.3)."""

TF = 0.25
"""A point of Tactical Factor of a general with the hunting columns (6.7, 9.1)."""

PLUNDER = 0.25
"""What a plunder costs Spain besides its step of Morale: half the Province's resources next
turn and, every second plunder, an AP for the Filipinos (6.11)."""

HUNT = 0.4
"""What a band in the field is worth to the Filipinos per turn left (up to three): the
plunders it makes and the recruitment it saves them (6.1)."""

FILIPINO_AP = 0.5
"""Morale steps one Filipino Action Point is worth: about half a plunder."""

BRIGADE_STEP = 0.5
"""A step of a Brigade: restored by a recruitment on 5-6 (6.1)."""

US_STEP = 0.7
"""A step of the US Intervention track while the United States can still enter the war before
the game ends: the war brings American brigades, their AP and the Filipino Artillery (7.0)."""

WAR_TURN = 2.0
"""A turn of American war: their brigades, squadron and AP, and the Filipino Artillery (7.0)."""

CITY = 4.0
"""A city lost besides its Morale: the Filipinos' way to a surrender above Morale 1 (5.3.1)."""

GAME = 12.0
"""The game itself: a city whose fall, or a kill or a step of Morale, ends it."""

READY = 0.5
"""How much of a band's plunder an unmarked Brigade in its Province counts for: one Protect
the Fields action (1 AP) away from stopping it."""

PERSIST = 0.5
"""What a protection is worth in the turns after this one, for each (up to two): the marker
stays (6.9.1), and the band must move again to plunder (6.3)."""

NEARBY = 0.2
"""How much of a plunder a protection in a Province next to a band stops: the band may come
and plunder in the same round (a Coordinated Action, 5.2.2.1), too fast to answer."""

NEXT_AP = 3
"""The AP the Filipinos usually have at the start of a turn (5.1.1)."""

DRAWN = 1
"""The cards they usually draw at the start of a turn (5.1.3)."""

LEFT_ALONE = 0.3
"""The chance a leader left alone by his band's destruction is caught before he rejoins
troops (4.2.1, 4.2.2.1)."""

SACKED = 0.4
"""What a band's plunder threat counts for in a Province already sacked this turn (one
plunder a Province, 6.11): it plunders there only first thing next turn, if it has not moved
on to whole fields by then, so a Brigade kept to guard those fields mostly guards nothing
(`docs/ai.md`, "Blunders": Spain regrouped a Brigade to protect sacked Cavite while the band
there was free to leave, 20 ± 6 points worse than ending the round; Easy Spain won 1,503 of
4,000 Easy games at 0.4, 1,386 at 0.8)."""

HUNTS = 1.5
"""Hunts a Brigade in Search and Destroy columns among bands makes in what is left of a turn."""

CORNERED = 3
"""Hunts at most once the Filipinos have no AP left: their bands can neither move away nor
answer before the turn ends (5.2.3), so the columns hunt as often as Spain's AP pay."""


def hit_chance(modifier: int, need: int = 6) -> float:
    """The chance that one die plus `modifier` reaches `need` (Combat and Location Tables)."""
    return sum(1 for roll in range(1, 7) if roll + modifier >= need) / 6


def located_cf(chances: list[tuple[int, float]]) -> dict[int, float]:
    """The distribution of the CF of the columns that locate, each column (CF, chance)."""
    dist = {0: 1.0}
    for cf, p in chances:
        step: dict[int, float] = {}
        for total, q in dist.items():
            step[total] = step.get(total, 0.0) + q * (1 - p)
            step[total + cf] = step.get(total + cf, 0.0) + q * p
        dist = step
    return dist


Group = tuple[tuple[int, str], ...]
"""Brigades in one Province as (CF, marker): "", "protect" or "search"."""


@dataclass(slots=True)
class Picture:
    """The snapshot of one decision (see the module docstring)."""

    st: FilState
    luzon: frozenset[str]
    cities: tuple[str, ...]
    bands: dict[str, list[str]] = field(default_factory=dict)
    foes: dict[str, list[list[str]]] = field(default_factory=dict)
    brigades: dict[str, list[str]] = field(default_factory=dict)
    protected: set[str] = field(default_factory=set)
    units_left: int = 0
    memo: dict[Any, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, st: FilState) -> Picture:
        data = st.data
        pic = cls(st, frozenset(data.luzon), data.cities)
        counters = data.counters
        for cid in sorted(st.stack_of, key=data.order.__getitem__):
            c = counters[cid]
            if c.leader:
                continue
            where = st.loc[cid]
            if c.side == SPAIN and c.kind == "brigade":
                pic.brigades.setdefault(where, []).append(cid)
                if cid in st.protect:
                    pic.protected.add(where)
            elif c.side == FILIPINO:
                if c.faction == FILIPINO:
                    pic.units_left += 1
                if B.is_guerrilla(st, cid):
                    pic.bands.setdefault(where, []).append(cid)
        for stack in B.all_stacks(st, FILIPINO):
            if B.combat_units(st, stack):
                pic.foes.setdefault(st.loc[stack[0]], []).append(stack)
        return pic

    # --- the tracks ------------------------------------------------------------------------

    @property
    def turns_left(self) -> int:
        return self.st.data.last_turn - self.st.turn

    def step(self, level: int) -> float:
        """What having Morale `level` rather than one less is worth, more the nearer the
        surrender at 1 (5.3.1): at 5 and below one city is also enough, and the Filipinos
        recruit with +1 (6.1); under Sagasta one more step goes at the end of the turn (5.3)."""
        st = self.st
        p = st.data.params
        if level > p.morale_max or level <= p.morale_min:
            return 0.0
        end = level + sagasta_step(st)
        if end <= p.morale_min + 1:
            return 6.0
        worth = 1.0 + 2.0 / (end - p.morale_min)
        if level == p.recruit_spanish_morale:
            worth += 0.6
        return worth

    def loss(self, steps: int = 1) -> float:
        """What losing `steps` of Morale now costs."""
        return sum(self.step(self.st.morale - i) for i in range(steps))

    def gain(self, steps: int = 1) -> float:
        """What winning `steps` of Morale now is worth (nothing above the track, 4.2.3.13)."""
        return sum(self.step(self.st.morale + 1 + i) for i in range(steps))

    def drain(self, ends: int) -> float:
        """What Sagasta's step at each of `ends` ends of turn costs (5.3): the game if it
        takes the Morale to 1."""
        st = self.st
        p = st.data.params
        level = st.morale + sagasta_step(st)
        if level - ends <= p.morale_min:
            return GAME
        return sum(1.0 + 2.0 / (level - i - p.morale_min) for i in range(ends))

    def plunder(self) -> float:
        return self.loss() + PLUNDER

    def us_rate(self) -> int:
        """How far the US track climbs at the end of this turn (5.3, 6.13.1)."""
        st = self.st
        p = st.data.params
        rate = p.sagasta_us if st.government == "sagasta" else p.canovas_us
        return rate + (p.reconcentration_us if st.reconcentration else 0)

    def war_near(self) -> bool:
        """Whether the United States enter the war at this end of turn unless the track is
        held down (7.0), with a turn left for them to fight."""
        st = self.st
        return (not st.us_at_war and self.turns_left >= 1
                and (st.us_entry_pending
                     or st.us_level + self.us_rate() >= st.data.params.us_entry))

    def us_step(self) -> float:
        """What one step down the US Intervention track is worth now: nothing at its minimum
        or once the United States are at war (7.0); a turn of war when the step keeps them out
        at this end of turn; otherwise less the further the climb stays from 10 before the
        last turn."""
        st = self.st
        p = st.data.params
        if st.us_at_war or st.us_entry_pending or st.us_level <= p.us_min:
            return 0.0
        if self.war_near() and st.us_level - 1 + self.us_rate() < p.us_entry + 1:
            return WAR_TURN
        projected = st.us_level + (self.us_rate() + 0.4) * self.turns_left
        return US_STEP * min(1.0, max(0.0, (projected - (p.us_entry - 3)) / 4))

    def surrendering(self) -> bool:
        """Whether Spain would surrender if the turn ended now (5.3.1)."""
        st = self.st
        p = st.data.params
        held = self.cities_lost()
        return held >= p.cities_needed(morale_after_turn(st))

    def cities_lost(self) -> int:
        """The cities Spain does not hold (5.3.1 counts them against its Morale band)."""
        return sum(1 for c in self.cities if not B.friendly_city(self.st, SPAIN, c))

    def surrender_odds(self) -> float:
        """The chance Spain surrenders with the cities as they are (5.3.1): certain when it
        would if the turn ended now; when one step of Morale less would do it (Morale 6 and a
        city lost), the chance the Filipinos take that step: a plunder while they have AP
        (6.11), a Morale card in their hand (`hand_odds`), and, in a turn left, a plunder
        before Spain's first round (5.2) that Spain must answer by retaking the city then
        (about half the time)."""
        if "surrender" in self.memo:
            return float(self.memo["surrender"])
        st = self.st
        p = st.data.params
        held = self.cities_lost()
        odds = 0.0
        if self.surrendering():
            odds = 1.0
        elif held and held >= p.cities_needed(morale_after_turn(st) - 1):
            plunder = st.ap[FILIPINO] > 0 and any(
                bands and where not in st.sacked and where not in self.protected
                for where, bands in self.bands.items())
            cards = sum(1 for c in st.data.cards.values() if c.side == FILIPINO
                        and c.id not in st.out and int(c.effect.get("morale", 0)) < 0)
            spared = (0.0 if plunder else 1.0) * (1 - self.hand_odds(cards))
            odds = 1 - spared * (0.5 if self.turns_left >= 1 else 1.0)
        self.memo["surrender"] = odds
        return odds

    # --- the bands -------------------------------------------------------------------------

    def threat(self, province: str) -> float:
        """The plunders a Brigade protecting the fields of `province` stops: the band there
        plunders now, or, if the Province is already sacked, first thing next turn unless it
        has left for whole fields by then (the Filipinos play first, 5.2; `SACKED`). A band in
        the Visayas or Mindanao, which cannot leave (4.2.1), counts the same: weighed 1.5
        times, it made Easy Spain win fewer games (docs/ai.md, "Blunders", the fifth round)."""
        key = ("threat", province)
        if key in self.memo:
            return float(self.memo[key])
        worth = 0.0
        if self.bands.get(province):
            worth = self.plunder() * (SACKED if province in self.st.sacked else 1.0)
            worth *= 1 + PERSIST * min(self.turns_left, 2)
        self.memo[key] = worth
        return worth

    def nearby(self, province: str) -> float:
        """Bands next door that could come to plunder `province` (1 AP and a Target, 6.3): a
        protection made before they come saves a race."""
        if province not in self.luzon or self.bands.get(province):
            return 0.0
        board = self.st.data.board
        near = sum(len(self.bands.get(q, ())) for q in board.neighbors(province))
        return NEARBY * self.plunder() * min(near, 2)

    def kill_worth(self, band: str) -> float:
        """A band destroyed: the battle won (4.2.3.13), the plunders it would make, the
        leaders left alone to be hunted (4.2.1), and the game when it was the last Filipino
        unit (5.3.3)."""
        st = self.st
        worth = self.gain() + HUNT * min(self.turns_left + 1, 3)
        for leader in B.leaders(st, st.members(band)):
            worth += LEFT_ALONE * self.leader_worth(leader)
        if self.units_left <= 1 and not st.exiled and not st.us_at_war:
            worth += GAME
        return worth

    def leader_worth(self, leader: str) -> float:
        """A Filipino leader killed: his LF every turn left (5.1.1) and his TF."""
        c = self.st.data.counters[leader]
        return FILIPINO_AP * c.lf * (self.turns_left + 1) + 0.3 * c.tf

    def hurt(self, brigade: str | None) -> float:
        """A hit on a Brigade: a battle lost (4.2.3.13) and a step, or the Brigade."""
        lost = brigade is not None and self.last_step(brigade)
        return self.loss() + (1.2 if lost else BRIGADE_STEP)

    def last_step(self, unit: str) -> bool:
        """A hit destroys `unit`: it is reduced, or has one step only (4.2.1)."""
        st = self.st
        return unit in st.reduced or len(st.data.counters[unit].cf) == 1

    def odds(self, cols: list[tuple[int, bool]], ours: int, band: str,
             bonus: int) -> tuple[float, float]:
        """(the chance to destroy `band`, the chance of a counterattack that hits) for
        searching columns `cols` (CF, in Search and Destroy) led with Tactical Factor `ours`
        and `bonus` from cards: each column locates on a modified 6 (6.6), the located
        columns attack together (6.9.2), the band counterattacks after a miss (6.7)."""
        st = self.st
        p = st.data.params
        target_cf = B.cf(st, band)
        chances = []
        for col_cf, searching in cols:
            mods = sum(v for _, v in roll_modifiers(st, band, col_cf, searching, target_cf))
            chances.append((col_cf, hit_chance(mods, p.locate_on)))
        theirs = B.best_tf(st, [band])[1]
        kill = counter = 0.0
        for found, q in located_cf(chances).items():
            if not found:
                continue
            hit = hit_chance(found - target_cf + ours - theirs + bonus)
            kill += q * hit
            counter += q * (1 - hit) * hit_chance(target_cf - found + theirs - ours)
        return kill, counter

    def hunt_worth(self, province: str, bonus: int) -> float:
        """One hunt of a fresh CF 2 Brigade in Search and Destroy columns against the best
        band of `province` (its two CF 1 columns, 6.9.2)."""
        key = ("hunt", province, bonus)
        if key not in self.memo:
            best = 0.0
            for band in self.bands.get(province, ()):
                kill, counter = self.odds([(1, True), (1, True)], 0, band, bonus)
                best = max(best, kill * self.kill_worth(band) - counter * self.hurt(None))
            self.memo[key] = best
        return float(self.memo[key])

    def hunts(self) -> float:
        """Hunts a Brigade in Search and Destroy columns makes in what is left of the turn:
        HUNTS, or with the Filipinos out of AP, as many as Spain's AP pay (CORNERED)."""
        st = self.st
        if st.ap[FILIPINO] > 0:
            return HUNTS
        return max(HUNTS, min(float(CORNERED), float(st.ap[SPAIN])))

    def exposure(self, province: str, cf: int) -> float:
        """What a Brigade of `cf` risks fighting at CF 1 when dispersed (4.2.3.2, 4.2.3.4):
        the strongest Filipino stack of the Province attacking it."""
        key = ("exposure", province, cf)
        if key not in self.memo:
            st = self.st
            worst = 0.0
            for stack in self.foes.get(province, ()):
                units = B.combat_units(st, stack)
                strength = B.strength(st, units)
                tf = B.best_tf(st, units)[1]
                worst = max(worst, hit_chance(strength - 1 + tf) - hit_chance(strength - cf + tf))
            self.memo[key] = worst * self.hurt(None)
        return float(self.memo[key])

    # --- what the Brigades do for the fields -------------------------------------------------

    def group(self, space: str, without: frozenset[str] = frozenset()) -> Group:
        key = ("group", space, without)
        if key in self.memo:
            return tuple(self.memo[key])
        st = self.st
        self.memo[key] = group = tuple((B.cf(st, b), "protect" if b in st.protect else
                      "search" if b in st.search else "")
                     for b in self.brigades.get(space, ()) if b not in without)
        return group

    def field_worth(self, province: str, group: Group, bonus: int) -> float:
        """What the Brigades `group` do in `province`: one protecting the fields stops the
        band's plunder (6.9.1) — an unmarked one is an action away from it (READY) — or, with
        no band there, keeps the bands next door out; Search and Destroy columns, or a spare
        unmarked Brigade, hunt the bands (6.6, 6.9.2); dispersed ones fight at CF 1."""
        st = self.st
        if st.data.spaces[province].kind != "province" or not group:
            return 0.0
        key = ("field", province, tuple(sorted(group)), bonus)
        if key in self.memo:
            return float(self.memo[key])
        threat = self.threat(province)
        marks = [m for _, m in group]
        worth = 0.0
        spare = marks.count("")
        if "protect" in marks:
            worth += threat + self.nearby(province)
        elif threat and spare:
            worth += READY * threat
            spare -= 1
        elif threat:
            # Search and Destroy must regroup first (6.9.1): with the Filipinos out of AP,
            # after the hunts, before the band can plunder
            worth += (1.0 if self.hunts() > HUNTS else 0.5) * READY * threat
        if threat:
            hunt = self.hunt_worth(province, bonus) * self.hunts()
            hunters = [1.0] * marks.count("search") + [0.6] * spare
            for rank, share in enumerate(sorted(hunters, reverse=True)[:2]):
                worth += hunt * share * (1.0 if rank == 0 else 0.4)
        for cf, mark in group:
            if mark:
                worth -= self.exposure(province, cf)
        if self.foes.get(province):
            worth += 0.1  # partial control (5.1.2)
        self.memo[key] = worth
        return worth

    # --- the cities ------------------------------------------------------------------------

    def desertion_odds(self) -> float:
        """The chance the Filipinos hold a card that takes a step from a Brigade (Mass
        Desertion): dealt to them with the United States at war (7.0), so nothing before the
        war is near; then counted, as `artillery_odds`, from the cards not yet played and the
        size of their hand, never from the hand itself."""
        if "desertion" in self.memo:
            return float(self.memo["desertion"])
        st = self.st
        odds = 0.0
        if st.us_at_war or self.war_near():
            damage = sum(1 for c in st.data.cards.values() if c.side == FILIPINO
                         and c.id not in st.out and c.effect.get("damage_brigade"))
            odds = self.hand_odds(damage)
        self.memo["desertion"] = odds
        return odds

    def hand_odds(self, cards: int) -> float:
        """The chance the Filipino hand holds one of `cards` cards not yet played, counted
        from the Filipino cards not yet played and the size of the hand (with the cards it
        draws before its next round when it has no AP left), never from the hand itself."""
        st = self.st
        unplayed = sum(1 for c in st.data.cards.values() if c.side == FILIPINO
                       and c.id not in st.out and c.deck in ("filipino", "usa_filipino"))
        if not cards or not unplayed:
            return 0.0
        held = len(st.hands[FILIPINO]) + (0 if st.ap[FILIPINO] else DRAWN)
        return min(1.0, held * cards / unplayed)

    def artillery_odds(self) -> float:
        """The chance the Filipinos can besiege with their own units: the Artillery counter in
        play, or the card in their hand, counted from the cards not yet played and the size
        of their hand, never from the hand itself (4.2.3.8)."""
        if "artillery" in self.memo:
            return float(self.memo["artillery"])
        st = self.st
        odds = 0.0
        if st.artillery == "in_play" or (st.artillery == "unused" and self.war_near()):
            odds = 1.0
        elif "filipino_artillery" not in st.out and not st.us_at_war:
            odds = self.hand_odds(1)
        self.memo["artillery"] = odds
        return odds

    def city_danger(self, city: str, defence: int | None = None,
                    interceptor: int | None = None) -> float:
        """The chance the Filipinos take `city` by a siege before Spain moves again, with the
        given Defence Value and intercepting strength (those of now by default): a stack
        strong enough (6.8), with the Artillery or American units (6.8, 6.8.1), in the
        Province or next door, that must first beat the interceptor (6.8.3), trying once for
        each AP after the first in their round (a Coordinated Action, 5.2.2.1), or in the
        first round of the next turn when they have none left (5.2), if Spain is still in the
        war then."""
        st = self.st
        if not B.friendly_city(st, SPAIN, city):
            return 0.0
        province = st.data.spaces[city].province
        assert province is not None
        if defence is None and interceptor is None:
            # the danger as things stand, asked for every answer weighed: counted once
            now = ("danger now", city)
            if now not in self.memo:
                self.memo[now] = self.city_danger(city, city_defence(st, city),
                                                  self._interceptor(province))
            return float(self.memo[now])
        if defence is None:
            defence = city_defence(st, city)
        if interceptor is None:
            interceptor = self._interceptor(province)
        key = ("danger", city, defence, interceptor)
        if key in self.memo:
            return float(self.memo[key])
        art = self.artillery_odds()
        fil_ap = st.ap[FILIPINO] or NEXT_AP
        tries = max(1, min(3, fil_ap - 1))
        worst = 0.0
        for space in (province, *st.data.board.neighbors(province)):
            for stack in self.foes.get(space, ()):
                units = B.combat_units(st, stack)
                us = sum(B.cf(st, u) for u in units if B.cdef(st, u).faction == USA)
                fil = sum(B.cf(st, u) for u in units if B.cdef(st, u).faction == FILIPINO)
                holder = st.artillery_holder if st.artillery == "in_play" else "aguinaldo"
                odds = 1.0 if us else (art if holder in stack else 0.0)
                if odds and us + fil < defence:
                    # a city held by a Brigade of 2 is besieged all the same if a card takes
                    # a step from it first (Mass Desertion)
                    odds *= (self.desertion_odds() if us + fil == defence - 1 and defence >= 3
                             else 0.0)
                if not odds:
                    continue
                tf = B.best_tf(st, units)[1]
                siege = hit_chance(tf, st.data.params.siege_hit)
                if interceptor:
                    siege *= hit_chance(us + fil - interceptor + tf)
                if space != province:
                    siege *= 0.5
                worst = max(worst, odds * (1 - (1 - siege) ** tries))
        if st.ap[FILIPINO] <= 0:
            # with no AP left they besiege next turn, which only comes if Spain does not
            # surrender at this End of Turn (5.3.1)
            worst *= 1 - self.surrender_odds()
        self.memo[key] = worst
        return worst

    def _interceptor(self, province: str) -> int:
        """The strongest Spanish stack of `province` as it would intercept a siege (6.8.3)."""
        st = self.st
        return max((sum(B.defence_cf(st, u) for u in B.combat_units(st, s))
                    for s in B.stacks_in(st, province, SPAIN)), default=0)

    def city_stake(self, city: str) -> float:
        """What losing `city` costs: its Morale, the fleets in its port (7.1.1), and the game
        when the Morale band then asks for no more cities than the Filipinos hold (5.3.1)."""
        key = ("stake", city)
        if key in self.memo:
            return float(self.memo[key])
        st = self.st
        p = st.data.params
        fleets = sum(B.cf(st, c) for c in st.stack_of if st.loc[c] == city
                     and B.cdef(st, c).kind == "fleet")
        steps = p.morale_siege + p.morale_fleet_step * fleets
        after = max(p.morale_min, st.morale - steps)
        held = self.cities_lost() + 1
        stake = self.loss(steps) + CITY
        if held >= p.cities_needed(after):
            stake += GAME
        self.memo[key] = stake
        return stake

    def dispersal_shift(self, brigade: str, mode: str) -> float:
        """How much less safe the city of its Province is once `brigade` disperses there
        (`mode` "protect", Protect the Fields, or "search", Search and Destroy): it intercepts
        a siege at CF 1 (4.2.3.2, 4.2.3.4, 6.8.3); the danger before less after, times what
        the city is worth."""
        st = self.st
        province = st.loc[brigade]
        city = st.data.city_of(province)
        if city is None or not B.friendly_city(st, SPAIN, city):
            return 0.0
        p = st.data.params
        dispersed = p.protect_cf if mode == "protect" else p.search_cf
        guards = [sum(min(B.defence_cf(st, u), dispersed) if u == brigade
                      else B.defence_cf(st, u) for u in B.combat_units(st, stack))
                  for stack in B.stacks_in(st, province, SPAIN)]
        after = self.city_danger(city, None, max(guards, default=0))
        return (self.city_danger(city) - after) * self.city_stake(city)

    def cities_shift(self, moving: list[str], dest: str | None, added: int = 0) -> float:
        """How much safer the cities are once `moving` Brigades have left for `dest` (None:
        off the board) and `added` CF more has come there from Spain: the danger of each city
        before less after (6.8, 6.8.3), times what it is worth."""
        key = ("shift", tuple(moving), dest, added)
        if key in self.memo:
            return float(self.memo[key])
        st = self.st
        worth = 0.0
        gone = set(moving)
        arriving = added + sum(B.defence_cf(st, u) if u in st.search else B.cf(st, u)
                               for u in moving)
        for city in self.cities:
            province = st.data.spaces[city].province
            if not B.friendly_city(st, SPAIN, city) or not (
                    dest in (city, province)
                    or any(st.loc[u] in (city, province) for u in moving)):
                continue
            before = self.city_danger(city)
            defence = city_defence(st, city) - sum(
                B.defence_cf(st, u) for u in moving if st.loc[u] == city)
            if dest == city:
                defence += arriving
            guards = [sum(B.defence_cf(st, u) for u in B.combat_units(st, stack)
                          if u not in gone)
                      for stack in B.stacks_in(st, province or city, SPAIN)]
            if dest == province:
                guards.append(arriving)
            after = self.city_danger(city, defence, max(guards, default=0))
            worth += (before - after) * self.city_stake(city)
        self.memo[key] = worth
        return worth
