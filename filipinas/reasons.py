"""The computer's moves in Filipinas told in the rulebook's words (engine.ai.reasons): what it
did, with the printed names of its counters, Provinces and cards, and its main reason ("Plunders
Cavite: Spanish Morale −1 (6.11)"; "Attacks Magdiwan in Cavite with the Desierto Brigade: a hit
about 1 in 3").

Everything a reason reads is on the table for both players: the counters and their markers,
the tracks, the AP, the combat being fought. A card is named only once it is played; a trade
of two cards and a discard never name theirs (their faces stay hidden, 6.13). Spain's reasons
come from its own heuristics (filipinas.spain), which weigh the position Spain sees; the solo
bot's from its step of §10.
"""

from __future__ import annotations

import re

from engine.ai.observation import Sampler
from engine.ai.reasons import Asked, join_words, odds, plural
from engine.core.actions import Action
from filipinas.rules import actions as A
from filipinas.rules import board as B
from filipinas.rules.combat import base_modifiers, city_defence, siege_strength
from filipinas.rules.forces import recruit_modifier
from filipinas.rules.setup import SPAIN
from filipinas.rules.state import FilState
from filipinas.ui.labels import card_summary

PERCENT = re.compile(r"(\d+)%")
MORALE = "Spanish Morale"


def hit_chance(modifier: int, need: int = 6) -> float:
    """The chance one die plus `modifier` reaches `need` (Combat Table, 6.7)."""
    return sum(1 for roll in range(1, 7) if roll + modifier >= need) / 6


class FilipinasReasons:
    """Filipinas' words for a move (engine.ai.reasons.GameReasons)."""

    # --- names -------------------------------------------------------------------------------

    @staticmethod
    def name(st: FilState, cid: str) -> str:
        """A counter's printed name; a corps named after a Province says it is the corps
        ("the corps Pampanga"), so a move reads apart from its destination."""
        found = st.data.counters.get(cid)
        if found is None:
            return cid
        if any(s.name == found.name for s in st.data.spaces.values()):
            return f"the {found.kind} {found.name}"
        return found.name

    @staticmethod
    def space(st: FilState, sid: str) -> str:
        found = st.data.spaces.get(sid)
        return found.name if found is not None else sid

    def stack(self, st: FilState, cid: str) -> str:
        """A stack by its counters: "Cavite (Magdalo) and Aguinaldo"."""
        return join_words([self.name(st, m) for m in st.members(cid)])

    def card(self, st: FilState, cid: str) -> str:
        found = st.data.cards.get(cid)
        return f"'{found.name}'" if found is not None else "a card"

    # --- what --------------------------------------------------------------------------------

    def what(self, asked: Asked) -> str:
        st: FilState = asked.state
        a = asked.action
        if isinstance(a, A.Plunder):
            return f"Plunders {self.space(st, st.loc[a.unit])} with {self.name(st, a.unit)}"
        if isinstance(a, A.Move):
            how = {"coastal": " by coastal transport", "naval": " by sea",
                   "convoy": " as a convoy", "landing": " in a landing"}
            dest = self.space(st, a.dest)
            at_sea = st.data.spaces[a.dest].kind == "sea" if a.dest in st.data.spaces else False
            if at_sea:
                dest = f"the {dest}" if dest.startswith("Sea") else dest
            mode = "" if at_sea and a.mode == "naval" else how.get(a.mode, "")
            return f"Moves {self.stack(st, a.stack)} to {dest}{mode}"
        if isinstance(a, A.MoveLeader):
            join = f", joining {self.stack(st, a.join)}" if a.join else ""
            return f"{self.name(st, a.leader)} moves alone to {self.space(st, a.dest)}{join}"
        if isinstance(a, A.Attack):
            return self._attack_what(st, a)
        if isinstance(a, A.Disperse):
            where = self.space(st, st.loc[a.brigade])
            if a.mode == "protect":
                return f"{self.name(st, a.brigade)} protects the fields of {where}"
            return f"{self.name(st, a.brigade)} forms Search and Destroy columns in {where}"
        if isinstance(a, A.Regroup):
            return f"Regroups {self.name(st, a.brigade)}"
        if isinstance(a, A.Hide):
            name = self.name(st, a.counter)
            return f"{name[:1].upper()}{name[1:]} goes into hiding"
        if isinstance(a, A.Entrench):
            return f"Entrenches {self.stack(st, a.stack)}"
        if isinstance(a, A.Recruit):
            return self._recruit_what(st, a)
        if isinstance(a, A.Reinforce):
            places = join_words(sorted({self.space(st, d) for d in a.dests}))
            return f"Brings {plural(len(a.dests), 'Brigade')} from Spain to {places}"
        if isinstance(a, A.Repatriate):
            return f"Sends {self.name(st, a.unit)} home to Spain"
        if isinstance(a, A.Political):
            return "Takes a Political Action" + (" for a change of government"
                                                 if a.goal == "government" else "")
        if isinstance(a, A.BuildLine):
            manned = f", manned by {self.name(st, a.brigade)}" if a.brigade else ""
            return f"Builds the {self.space(st, a.line)}{manned}"
        if isinstance(a, A.EndReconcentration):
            return "Ends the Reconcentration"
        if isinstance(a, A.Merge):
            return f"Stacks {self.stack(st, a.stack)} with {self.stack(st, a.into)}"
        if isinstance(a, A.Split):
            return f"Takes {self.name(st, a.counter)} out of its stack"
        if isinstance(a, A.TradeCards):
            return "Trades two cards for 1 AP"
        if isinstance(a, A.PlayCard):
            return self._play_what(st, a)
        if isinstance(a, A.EndRound):
            return "Ends its round" if st.round_did else "Passes"
        return self._answer_what(st, a)

    def _attack_what(self, st: FilState, a: A.Attack) -> str:
        who = join_words([self.name(st, u) for u in a.units])
        if a.target in st.data.spaces:
            return f"Besieges {self.space(st, a.target)} with {who}"
        where = self.space(st, st.loc.get(a.target, ""))
        if B.is_lone_leader(st, a.target):
            return f"Hunts the lone leader {self.name(st, a.target)} in {where} with {who}"
        if any(B.cdef(st, u).kind == "fleet" for u in a.units):
            return f"Attacks the squadron of {self.stack(st, a.target)} at sea with {who}"
        return f"Attacks {self.stack(st, a.target)} in {where} with {who}"

    def _recruit_what(self, st: FilState, a: A.Recruit) -> str:
        unit = B.cdef(st, a.unit)
        if a.unit in st.stack_of:
            return f"Brings {unit.name} back to strength"
        return f"Recruits the {unit.kind} {unit.name} in {self.space(st, a.space)}"

    def _play_what(self, st: FilState, a: A.PlayCard) -> str:
        kind = st.decision.kind
        card = self.card(st, a.card)
        if kind == "cancel":
            return f"Cancels the card with {card}"
        if not a.targets:
            return f"Plays {card}"
        aims = [self.space(st, t) if t in st.data.spaces else self.name(st, t)
                for t in a.targets]
        return f"Plays {card} on {join_words(aims)}"

    def _answer_what(self, st: FilState, a: Action) -> str:
        kind = st.decision.kind
        if isinstance(a, A.Decline):
            return {"combat_cards": "Plays no more combat cards",
                    "counterattack": "Does not counterattack",
                    "response": "Does not react", "cancel": "Lets the card take effect",
                    "intercept": "Does not intercept the siege",
                    "zapote": "Leaves the Zapote Line undefended"}.get(kind, "Declines")
        if isinstance(a, A.Counterattack):
            return "Counterattacks"
        if isinstance(a, A.Intercept):
            return f"Intercepts the siege with {self.stack(st, a.stack)}"
        if isinstance(a, A.DefendZapote):
            return f"Defends the Zapote Line with {self.stack(st, a.stack)}"
        if isinstance(a, A.Relocate):
            to = self.stack(st, a.join) if a.join else self.space(st, a.dest)
            return f"{self.name(st, a.leader)} falls back to {to}"
        return "Answers"

    # --- why ---------------------------------------------------------------------------------

    def why(self, asked: Asked) -> str:
        st: FilState = asked.state
        a = asked.action
        if asked.level == "bot":
            return self._bot_step(asked)
        own = self._spain_why(asked) if asked.side == SPAIN else ""
        if isinstance(a, A.Plunder):
            gain = " and +1 AP (the second plunder of the turn)" if st.plunders % 2 == 1 \
                else ""
            return f"{MORALE} −1{gain} (6.11)"
        if isinstance(a, A.Attack):
            return self._attack_why(st, a, own)
        if own:
            return own
        if isinstance(a, A.Disperse):
            if a.mode == "protect":
                return "no band may plunder that Province while it stands (6.9)"
            return "the columns may attack this round at no extra AP (6.9)"
        if isinstance(a, A.Move):
            return self._move_why(st, a)
        if isinstance(a, A.Hide):
            return "its Target marker goes, so the Spanish columns find it harder to locate (6.15)"
        if isinstance(a, A.Recruit):
            mods = sum(v for _, v in recruit_modifier(st, asked.side, a.space))
            return f"succeeds {odds(hit_chance(mods, st.data.params.recruit_on))} (6.1)"
        if isinstance(a, A.Reinforce):
            return f"{MORALE} −{len(a.dests)} for {plural(len(a.dests), 'fresh Brigade')} (6.2)"
        if isinstance(a, A.Repatriate):
            return f"{MORALE} +1 (6.2)"
        if isinstance(a, A.Political):
            return "a 5 or 6 moves the US Intervention track (6.12)"
        if isinstance(a, A.TradeCards):
            return "1 AP now for cards it cannot use (6.13)"
        if isinstance(a, A.PlayCard):
            return self._card_why(st, a)
        if isinstance(a, A.EndRound):
            left = st.ap.get(asked.side, 0)
            kept = f"; {plural(left, 'AP')} carried over" if left else ""
            return f"nothing more is worth its Action Points now{kept} (5.2.3)"
        if isinstance(a, A.Entrench):
            return "attackers roll at −1 against it (6.14)"
        return ""

    def _bot_step(self, asked: Asked) -> str:
        """The §10 step the solo bot followed and what its own die or lots decided ("§10.3 step
        3: counter-guerrilla, disperse troops (die 4: 1-2 Protect the Fields, 3-6 Search and
        Destroy)")."""
        own = asked.own
        head = own.partition(": ")[0] if own.startswith("Spanish bot") else ""
        match = re.match(r"Spanish bot, (.+?) \((.+)\)$", head)
        rolled = re.search(r" \(((?:die \d|lots drawn)[^()]*)\)$", own)
        die = f" ({rolled.group(1)})" if rolled else ""
        if match:
            return f"{match.group(1)}: {match.group(2)}{die}"
        return "no §10 step applies" if "no §10 step" in own else ""

    def _spain_why(self, asked: Asked) -> str:
        """Spain's heuristics' reason for the answer, weighed on the position Spain sees (the
        Filipino hand redrawn) among Spain's answers there (a reason may compare them: an
        attack made before Brigades from Spain), its chances in words."""
        from filipinas.spain import SpainPolicy

        seen = Sampler(asked.rules, asked.state, SPAIN).base
        legal = asked.rules.legal_actions(seen)
        if asked.action not in legal:
            legal = [asked.action]
        scored = SpainPolicy(SPAIN, 0).scored(seen, legal)
        why = next((w for _, a, w in scored if a == asked.action), "")
        return PERCENT.sub(lambda m: odds(int(m.group(1)) / 100), why)

    def _attack_why(self, st: FilState, a: A.Attack, own: str) -> str:
        if a.target in st.data.spaces:
            strength = siege_strength(st, list(a.units))
            defence = city_defence(st, a.target)
            hit = hit_chance(sum(B.cdef(st, m).tf for m in {B.best_tf(st, list(a.units))[0]}
                                 if m), st.data.params.siege_hit)
            return (f"strength {strength} against the city's {defence}; it falls "
                    f"{odds(hit)} (6.8)")
        if own:
            return own
        if B.is_lone_leader(st, a.target):
            return "a leader caught alone is eliminated (6.6)"
        units = list(a.units)
        defenders = st.members(a.target)
        kind = "naval" if any(B.cdef(st, u).kind == "fleet" for u in units) else "land"
        acf = sum(B.cf(st, u) for u in units
                  if kind == "land" or B.cdef(st, u).kind == "fleet")
        dcf = sum(B.defence_cf(st, d) for d in B.combat_units(st, defenders)
                  if kind == "land" or B.cdef(st, d).kind == "fleet")
        mods = sum(v for _, v in base_modifiers(st, kind, units, acf, defenders, dcf))
        return f"{acf} against {dcf}, a hit {odds(hit_chance(mods))} (6.7)"

    def _move_why(self, st: FilState, a: A.Move) -> str:
        dest = a.dest
        if a.mode in ("convoy", "landing"):
            return "the Americans come ashore to besiege a city (7.1)"
        units = B.combat_units(st, st.members(a.stack))
        spanish = [c for c in st.stack_of if st.loc[c] == dest and B.cdef(st, c).side == SPAIN
                   and not B.cdef(st, c).leader]
        name = self.space(st, dest)
        if units and all(B.is_guerrilla(st, u) for u in units):
            if dest in st.sacked:
                return f"away from the columns ({name} is already sacked)"
            if any(st.loc[b] == dest for b in st.protect):
                return f"the Brigade protecting {name}'s fields fights at 1 (6.9)"
            if spanish:
                return f"to strike at the Brigades in {name}"
            return f"{name} is not yet sacked and holds no Brigade, so it may plunder there " \
                "(6.11)"
        enemy = [c for c in st.stack_of if st.loc[c] == dest
                 and B.cdef(st, c).side != B.cdef(st, a.stack).side]
        if enemy:
            return f"to fight the {plural(len(enemy), 'enemy counter')} there"
        return ""

    @staticmethod
    def _card_why(st: FilState, a: A.PlayCard) -> str:
        """What the card does, as its face sums it up (6.13)."""
        return card_summary(st.data.cards[a.card], st.data)

    # --- what may be shown -------------------------------------------------------------------

    def shown(self, asked: Asked) -> bool:
        """Every answer shows itself when played, but a discard (face down, 6.13)."""
        return not isinstance(asked.action, A.Discard)

    def hidden(self, asked: Asked) -> str:
        return "Discards a card face down"


REASONS = FilipinasReasons()
