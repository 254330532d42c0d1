"""The computer's moves in La Guerra de España told in the rulebook's words (engine.ai.reasons):
the counters by their printed names and the places by their cities and provinces, never by hex
numbers, and the odds of a combat in words ("Attacks the Nationalist Army at Bilbao, 3 against
3 with 10 F.E.C.: about even (section 8)"; "Holds back: no attack better than about 1 in 3").

Nothing is hidden in this game but the dice to come (every counter is shown to both sides), so
every answer may be named. The selection of a counter to move is told with its move: the
selection itself is silent.
"""

from __future__ import annotations

from engine.ai.reasons import Asked, odds, plural
from engine.core.actions import Action
from engine.core.hexgrid import Hex, hex_distance, hex_neighbors
from guerra.ai.odds import combat_strengths, win_lose
from guerra.rules.actions import (
    AddAttacker,
    AddDefender,
    Attack,
    Convert,
    DefenceReady,
    Disembark,
    Embark,
    EndCombats,
    EndConversions,
    EndMovement,
    EndReadaptation,
    MoveTo,
    PlaceCounter,
    Resolve,
    RollNavalMovement,
    Select,
    SetOptions,
    Stay,
    Support,
    TakeLoss,
)
from guerra.rules.combat import combat_factors, defence_factor, is_city_stack, may_attack
from guerra.rules.data import Kind, Side
from guerra.rules.state import CombatStage, GuerraState, Phase, Unit, side_of_seat


def chance(p: float, verb: str) -> str:
    """"about 2 in 3 to win", "about even", "almost no chance to hold"."""
    said = odds(p)
    return said if said == "about even" else f"{said} to {verb}"


class GuerraReasons:
    """La Guerra de España's words for a move (engine.ai.reasons.GameReasons)."""

    # --- names -------------------------------------------------------------------------------

    @staticmethod
    def place(st: GuerraState, h: Hex | None) -> str:
        """A hex as a player names it: its city, the province it lies in, or the sea off the
        nearest port."""
        if h is None:
            return "off the map"
        board = st.data.board
        city = board.cities.get(h)
        if city is not None:
            return city.name
        territory = board.territory.get(h, "")
        if territory in st.data.provinces:
            return f"a hex of {st.data.provinces[territory].name}"
        if territory in st.data.regions:
            return f"a hex of {st.data.regions[territory].name}"
        ports = [c for c in board.cities.values() if c.port] or list(board.cities.values())
        if not ports:
            return "at sea"
        near = min(ports, key=lambda c: (hex_distance(c.hex, h), c.name))
        return f"the sea off {near.name}"

    def unit(self, st: GuerraState, uid: str) -> str:
        """A counter by its printed family name and where it stands: "the Republican Army at
        Alicante"."""
        u = st.units.get(uid)
        if u is None:
            return "a counter"
        name = st.data.families[u.family].name
        return f"the {name} at {self.place(st, u.hex)}" if u.hex is not None else f"the {name}"

    def family(self, st: GuerraState, uid: str) -> str:
        u = st.units.get(uid)
        return f"the {st.data.families[u.family].name}" if u is not None else "a counter"

    # --- what --------------------------------------------------------------------------------

    def what(self, asked: Asked) -> str:
        st: GuerraState = asked.state
        a = asked.action
        if isinstance(a, Select):
            u = st.units[a.unit]
            verb = "Readapts" if st.phase is Phase.READAPTATION else "Moves"
            return f"{verb} {self.unit(st, a.unit)}" + (
                " (naval die)" if u.kind is Kind.NAVAL else "")
        if isinstance(a, MoveTo):
            return self._move_what(st, a)
        if isinstance(a, Stay):
            who = self.unit(st, st.selected) if st.selected else "The counter"
            return f"Keeps {who} where it stands" if st.selected else "Keeps the counter in place"
        if isinstance(a, EndMovement):
            return "Ends its movement"
        if isinstance(a, RollNavalMovement):
            return f"Rolls the naval die for {self.unit(st, st.selected or '')}"
        if isinstance(a, Embark):
            return f"Embarks {self.unit(st, a.unit)} on {self.family(st, a.ship)}"
        if isinstance(a, Disembark):
            return f"Lands {self.family(st, a.unit)} at {self.place(st, Hex(a.q, a.r))}"
        if isinstance(a, PlaceCounter):
            name = st.data.families[a.family].name
            article = "an" if name[:1] in "AEIOU" else "a"
            return f"Places {article} {name} at {self.place(st, Hex(a.q, a.r))}"
        if isinstance(a, Convert):
            where = self.place(st, st.units[a.at].hex)
            return f"Converts two garrisons into an army counter at {where}"
        if isinstance(a, EndConversions):
            return "Converts no more garrisons"
        if isinstance(a, EndReadaptation):
            return "Ends the readaptation of its air force"
        if isinstance(a, SetOptions):
            return f"Chooses the {a.level} level"
        return self._combat_what(st, a)

    def _move_what(self, st: GuerraState, a: MoveTo) -> str:
        h = Hex(a.q, a.r)
        if st.selected is None:
            return f"Moves to {self.place(st, h)}"
        u = st.units[st.selected]
        verb = "Readapts" if st.phase is Phase.READAPTATION else "Moves"
        return f"{verb} {self.unit(st, u.id)} to {self.place(st, h)}"

    def _combat_what(self, st: GuerraState, a: Action) -> str:
        combat = st.combat
        if isinstance(a, Attack):
            return (f"Attacks {self.unit(st, a.defender)} with "
                    f"{self.unit(st, a.attacker)}")
        if isinstance(a, AddAttacker):
            return f"Adds {self.unit(st, a.unit)} to the attack"
        if isinstance(a, AddDefender):
            return f"Attacks {self.unit(st, a.unit)} too"
        if isinstance(a, Support):
            return f"Sends {self.unit(st, a.air)} in support"
        if isinstance(a, Resolve | DefenceReady) and combat is not None:
            where = self.place(st, st.units[combat.defenders[0]].hex) if combat.defenders \
                else "there"
            fec = f" with {st.data.fec_cost} F.E.C." if a.fec else ""
            if isinstance(a, Resolve):
                return f"Rolls the attack at {where}{fec}"
            return f"Defends {where}{fec}"
        if isinstance(a, TakeLoss):
            return f"Gives up {self.unit(st, a.unit)} as its loss"
        if isinstance(a, EndCombats):
            return "Holds back"
        return "Answers"

    # --- why ---------------------------------------------------------------------------------

    def why(self, asked: Asked) -> str:
        st: GuerraState = asked.state
        a = asked.action
        side = side_of_seat(asked.side)
        if isinstance(a, MoveTo):
            return self._move_why(st, a, side)
        if isinstance(a, Stay) and st.selected is not None:
            return self._stay_why(st, st.units[st.selected], side)
        if isinstance(a, Attack | AddAttacker | AddDefender | Support | Resolve | DefenceReady):
            return self._odds_why(st, a)
        if isinstance(a, EndCombats):
            return self._hold_why(st, asked.side)
        if isinstance(a, PlaceCounter):
            return self._place_why(st, Hex(a.q, a.r), side)
        if isinstance(a, Convert):
            return "an army counter moves and attacks further than two garrisons (section 12)"
        if isinstance(a, TakeLoss):
            return "the city-stack table's loss (section 8)"
        if isinstance(a, EndMovement):
            left = sum(1 for x in asked.rules.legal_actions(st) if isinstance(x, Select))
            if not left:
                return ""
            verb = "stays where it is" if left == 1 else "stay where they are"
            return f"{plural(left, 'counter')} it could still move {verb} (section 7)"
        return ""

    def _province(self, st: GuerraState, h: Hex) -> str | None:
        pid = st.data.board.territory.get(h)
        return pid if pid in st.data.provinces else None

    def _move_why(self, st: GuerraState, a: MoveTo, side: Side) -> str:
        h = Hex(a.q, a.r)
        reach = st.reach.get(h)
        pid = self._province(st, h)
        parts: list[str] = []
        if pid is not None:
            prov = st.data.provinces[pid]
            status = st.status.get(pid)
            capital = st.data.board.capitals.get(pid) == h
            city = self.place(st, h)
            of = "its province" if city == prov.name else prov.name
            if status is side.enemy:
                parts.append(f"puts {prov.name}, an enemy province, in dispute (section 9)")
            elif status is None and capital:
                parts.append(f"makes for {city}, the capital of {of}, in dispute (section 9)")
            elif status is None:
                parts.append(f"{prov.name} is in dispute (section 9)")
            elif capital:
                parts.append(f"guards {city}, the capital of {of}")
        if reach is not None and reach.fight:
            parts.append("it enters an enemy control zone and must attack (section 7)")
        elif reach is not None and reach.bridge:
            parts.append("across the Strait (section 7.2)")
        if not parts:
            enemies = self._enemies_near(st, h, side)
            if enemies:
                parts.append(f"next to {plural(enemies, 'enemy counter')}")
        return "; ".join(parts)

    def _enemies_near(self, st: GuerraState, h: Hex, side: Side) -> int:
        count = 0
        for n in hex_neighbors(h):
            for uid in st.land_at.get(n, ()):
                if st.units[uid].side is side.enemy:
                    count += 1
        return count

    def _place_why(self, st: GuerraState, h: Hex, side: Side) -> str:
        pid = self._province(st, h)
        if pid is not None and st.data.board.capitals.get(pid) == h:
            name = st.data.provinces[pid].name
            city = self.place(st, h)
            return f"it guards {city}, the capital of {'its province' if city == name else name}"
        enemies = self._enemies_near(st, h, side)
        if enemies:
            return f"next to {plural(enemies, 'enemy counter')} (section 10)"
        return "" if st.phase is Phase.AFRICA else "a reinforcement (section 10)"

    def _stay_why(self, st: GuerraState, u: Unit, side: Side) -> str:
        if u.hex is None:
            return ""
        pid = self._province(st, u.hex)
        if pid is not None and st.data.board.capitals.get(pid) == u.hex:
            name = st.data.provinces[pid].name
            city = self.place(st, u.hex)
            return f"it holds {city}, the capital of {'its province' if city == name else name}"
        enemies = self._enemies_near(st, u.hex, side)
        if enemies:
            return f"it holds the line against {plural(enemies, 'enemy counter')} next to it"
        return ""

    def _odds_why(self, st: GuerraState, a: Action) -> str:
        """The combat's odds as they stand after this answer, from the answering side's seat
        (section 8)."""
        combat = st.combat
        data = st.data
        if isinstance(a, Attack):
            attacker = st.units[a.attacker]
            defender = st.units[a.defender]
            here = st.land_at.get(defender.hex, []) if defender.hex is not None else []
            defenders = [st.units[u] for u in here] if defender.kind.is_land else [defender]
            attack, defence = combat_strengths(st, [attacker], defenders)
            table = " on the city-stack table" if defender.hex is not None \
                and is_city_stack(st, defender.hex) else ""
            return f"{attack} against {defence}{table} so far (section 8)"
        if combat is None:
            return ""
        attack, defence = combat_factors(st, combat)
        defending = combat.stage is CombatStage.DEFENCE
        if isinstance(a, AddAttacker):
            attack += data.combat_factor
        elif isinstance(a, Support) and defending:
            defence += data.air_support_bonus
        elif isinstance(a, Support):
            attack += data.air_support_bonus
        elif isinstance(a, Resolve) and a.fec:
            attack += data.fec_bonus
        elif isinstance(a, DefenceReady) and a.fec:
            defence += data.fec_bonus
        defending = defending or isinstance(a, DefenceReady)
        if combat.stack:
            factors = f"{defence} against {attack}" if defending else f"{attack} against {defence}"
            return f"{factors} on the city-stack table (section 8)"
        win, _ = win_lose(data.die.faces, attack, defence)
        if defending:
            return f"{defence} against {attack}: {chance(1.0 - win, 'hold')} (section 8)"
        return f"{attack} against {defence}: {chance(win, 'win')} (section 8)"

    def _hold_why(self, st: GuerraState, seat: str) -> str:
        """Why no more combat: the best one it could still open, in words."""
        side = side_of_seat(seat)
        data = st.data
        best: float | None = None
        for u in st.units.values():
            if u.side is not side.enemy or u.hex is None or not u.kind.is_land:
                continue
            attackers = [st.units[x] for n in hex_neighbors(u.hex)
                         for x in st.land_at.get(n, ())
                         if st.units[x].side is side and st.units[x].player == seat
                         and may_attack(st, st.units[x])]
            if not attackers:
                continue
            defence = sum(defence_factor(st, st.units[x]) for x in st.land_at.get(u.hex, ()))
            attack = data.combat_factor * min(len(attackers), 3)
            win, _ = win_lose(data.die.faces, attack, defence)
            best = win if best is None else max(best, win)
        if best is None:
            return "no enemy counter within reach of an attack"
        return f"no attack better than {odds(best).removeprefix('about ')} to win (section 8)"

    # --- what may be shown -------------------------------------------------------------------

    def shown(self, asked: Asked) -> bool:
        """Nothing is hidden in this game but the dice to come."""
        return True

    def hidden(self, asked: Asked) -> str:
        return "Makes its choice"

    def silent(self, asked: Asked) -> bool:
        """The selection of a counter is told with its move."""
        return isinstance(asked.action, Select) and asked.state.phase is not Phase.COMBAT


REASONS = GuerraReasons()
