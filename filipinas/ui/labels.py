"""Words for the screen: a label for every action with its AP cost, and a one-line summary of
each card's effect, in the rulebook's terms (DESIGN.md §5)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.actions import Action
from filipinas.rules import actions as A
from filipinas.rules.setup import CardDef, GameData

_MODES = {"land": "", "coastal": " by coastal transport (by sea from any Province, 6.3.1)",
          "naval": " by sea", "convoy": " to the Sea as a convoy", "landing": ": landing"}

_DECLINE = {
    "combat_cards": "No more cards: roll for the combat",
    "counterattack": "Do not counterattack",
    "response": "Do not react",
    "intercept": "Do not intercept: let the siege go ahead",
    "zapote": "Leave the Zapote Line undefended",
}


def _signed(value: int) -> str:
    return f"{value:+d}".replace("-", "−")


def _say(verb: str, value: Any, names: Mapping[str, str]) -> str:
    """The words for one effect verb that carries a value; "" for the others."""
    if verb == "ap":
        return f"{_signed(int(value))} AP"
    if verb == "morale":
        return f"{_signed(int(value))} Spanish Morale"
    if verb == "us_intervention":
        return f"{_signed(int(value))} US Intervention"
    if verb == "appoint":
        return f"{names[value]} becomes Captain General"
    if verb == "enter":
        return " and ".join(names[x] for x in value) + (" arrive" if len(value) > 1
                                                         else " arrives")
    if verb == "place_unit":
        return f"the {names[value]} rise"
    if verb == "recruit":
        return "a free recruitment" + (f" ({_signed(int(value))})" if int(value) else "")
    if verb == "reinforce":
        return "a brigade from Spain for no AP"
    return ""


def card_summary(card: CardDef, data: GameData) -> str:
    """What a card does, from its effect verbs (cards.yaml), in a few words."""
    eff = card.effect
    names = {cid: c.name for cid, c in data.counters.items()}
    parts: list[str] = []
    if "combat_roll" in eff:
        roll = _signed(int(eff["combat_roll"]))
        parts.append(f"{roll} to your roll when you attack" if card.role == "attacker"
                     else f"{roll} to the enemy's roll when you are attacked")
    for verb, value in eff.items():
        said = _say(verb, value, names)
        if said:
            parts.append(said)
    flags = {
        "counterattack_after_hit": "counterattack even after a hit",
        "us_takes_city": "a city taken with US troops goes to the United States",
        "reconcentration": "the Reconcentration marker: −1 AP to both sides every turn",
        "build_line": "build a Fortified Line",
        "exile_aguinaldo": "Aguinaldo goes into exile",
        "disband_with_aguinaldo": "his corps lay down their arms",
        "baler": "Baler marker: a Filipino stack may not act this turn",
        "target_guerrilla": "a Target marker on a Guerrilla",
        "target_province": "Target markers on the Guerrillas of a Province",
        "hide_province": "the bands of a Province hide",
        "place_guerrilla": "a corps rises as a Guerrilla",
        "restore_brigade": "a reduced brigade back to strength",
        "damage_brigade": "a Spanish brigade loses a step",
        "naval_attack_in_port": "the US squadron attacks a Fleet in port",
        "entrench_stack": "entrench a stack",
        "kill_canovas": "Cánovas dies, Sagasta governs",
        "kill_bonifacio": "Bonifacio dies",
        "return_aguinaldo": "Aguinaldo returns",
        "cancel_card": "cancel a card marked 1",
        "cancel_recruitment": "undo a Filipino recruitment",
        "zapote_line": "Zapote Line marker in Cavite",
        "filipino_artillery": "the Filipino Artillery comes into play",
        "camara_fleet": "Cámara's squadron sails",
    }
    parts.extend(text for verb, text in flags.items() if eff.get(verb))
    text = "; ".join(parts) or card.flavour
    if card.respond_to:
        text += f" (after {' or '.join(_ANSWERED[a] for a in sorted(card.respond_to))})"
    return text


_ANSWERED = {"recruit": "a recruitment", "move": "a move", "hide": "hiding",
             "political": "a Political Action", "plunder": "a plunder"}
"""The Filipino actions a reaction card answers (respond_to in cards.yaml), in words."""


def card_title(card: CardDef) -> str:
    """A card as the hand shows it: its name, whether its title is red (a reaction), and the
    "1" mark of a card that may be cancelled (10.2)."""
    return card.name + (" (red)" if card.reaction else "") + (" [1]" if card.cancellable
                                                               else "")


def card_line(card: CardDef, data: GameData) -> str:
    """A card in hand: its name, red title and "1" mark, and what it does."""
    return f"{card_title(card)}: {card_summary(card, data)}"


class Labeller:
    """Labels actions with names from the scenario and costs from the latest view."""

    def __init__(self, data: GameData, space_names: Mapping[str, str]) -> None:
        self.data = data
        self.spaces = dict(space_names)
        self.costs: Mapping[Action, tuple[int, int]] = {}
        self._by_sea: set[tuple[str, str]] = set()
        """(stack, place) of every move by coastal transport now legal."""
        self.prompt: Mapping[str, Any] | None = None
        self.round_did = False
        self.active = ""
        self.members: Mapping[str, tuple[str, ...]] = {}
        """Stack members by counter id, from the latest view."""

    def update(self, view: Mapping[str, Any], members: Mapping[str, tuple[str, ...]]) -> None:
        self.costs = view["costs"]
        self._by_sea = {(a.stack, a.dest) for a in self.costs
                        if isinstance(a, A.Move) and a.mode == "coastal"}
        self.prompt = view["prompt"]
        self.round_did = view["round"]["did"]
        self.active = view["active"]
        self.members = members

    # --- names -------------------------------------------------------------------------------

    def name(self, cid: str) -> str:
        return self.data.counters[cid].name

    def space(self, sid: str) -> str:
        return self.spaces.get(sid, sid)

    def card(self, cid: str) -> str:
        return f"'{self.data.cards[cid].name}'"

    def stack(self, cid: str) -> str:
        """A stack by its counters: "Cavite (Magdalo) + Aguinaldo"."""
        members = self.members.get(cid, (cid,))
        return " + ".join(self.name(m) for m in members)

    def units(self, units: tuple[str, ...]) -> str:
        return ", ".join(self.name(u) for u in units)

    # --- labels ------------------------------------------------------------------------------

    def label(self, action: Action, aim: bool = True) -> str:
        """The action's words, then its cost: "… — 2 AP (1 + 1 Coordinated Action)". Without
        `aim`, a card's target goes unsaid (it is the stack selected)."""
        text = self.text(action) if aim or not isinstance(action, A.PlayCard) else \
            self._play(action, self.prompt["kind"] if self.prompt else "round", aim=False)
        if action in self.costs:
            total, extra = self.costs[action]
            price = f"{total} AP" + (f" ({total - extra} + {extra} Coordinated Action)"
                                     if extra else "")
            return f"{text} — {price}"
        if isinstance(action, A.PlayCard | A.Counterattack | A.Intercept | A.DefendZapote):
            return f"{text} — free"
        return text

    def text(self, a: Action) -> str:
        kind = self.prompt["kind"] if self.prompt else "round"
        if isinstance(a, A.EndRound):
            return "End the round" if self.round_did else "Pass (end the round)"
        if isinstance(a, A.Move):
            return f"Move {self.stack(a.stack)} to {self.space(a.dest)}{self._how(a)}"
        if isinstance(a, A.MoveLeader):
            where = f"{self.space(a.dest)}" + (f", joining {self.stack(a.join)}" if a.join
                                                else "")
            return f"{self.name(a.leader)} moves alone to {where}"
        if isinstance(a, A.Merge):
            return f"Stack {self.stack(a.stack)} with {self.stack(a.into)}"
        if isinstance(a, A.Split):
            return f"Unstack {self.name(a.counter)}"
        if isinstance(a, A.Recruit):
            return self._recruit(a)
        if isinstance(a, A.Reinforce):
            return self._reinforce(a)
        if isinstance(a, A.Repatriate):
            return f"Repatriate {self.name(a.unit)} (+1 Morale)"
        if isinstance(a, A.Attack):
            return self._attack(a)
        if isinstance(a, A.Disperse):
            mode = "Protect the Fields" if a.mode == "protect" else \
                "Search and Destroy (may attack this round at no extra AP)"
            return f"{self.name(a.brigade)}: {mode}"
        if isinstance(a, A.Regroup):
            return f"Regroup {self.name(a.brigade)}"
        if isinstance(a, A.Plunder):
            return f"{self.name(a.unit)} plunders the Province (−1 Spanish Morale)"
        if isinstance(a, A.Hide):
            return f"{self.name(a.counter)} goes into hiding (Target removed)"
        if isinstance(a, A.Entrench):
            return f"Entrench {self.stack(a.stack)} (−1 to attackers)"
        if isinstance(a, A.Political):
            if a.goal == "government":
                return "Political Action: change of government (5-6)"
            if self.active == "filipino":
                return "Political Action: push the United States towards war (5-6)"
            return "Political Action: hold the United States back (5-6)"
        if isinstance(a, A.BuildLine):
            with_ = f", manned by {self.name(a.brigade)}" if a.brigade else ""
            return f"Build the {self.space(a.line)}{with_}"
        if isinstance(a, A.EndReconcentration):
            return "End the Reconcentration"
        if isinstance(a, A.TradeCards):
            return f"Trade {self.card(a.first)} and {self.card(a.second)} for 1 AP"
        if isinstance(a, A.PlayCard):
            return self._play(a, kind)
        if isinstance(a, A.Discard):
            return f"Discard {self.card(a.card)}"
        if isinstance(a, A.Decline):
            if kind == "cancel" and self.prompt:
                return f"Let {self.card(self.prompt['card'])} take effect"
            return _DECLINE.get(kind, "Decline")
        if isinstance(a, A.Counterattack):
            return "Counterattack"
        if isinstance(a, A.Intercept):
            return f"Intercept the siege with {self.stack(a.stack)}"
        if isinstance(a, A.DefendZapote):
            return f"Defend the Zapote Line with {self.stack(a.stack)}"
        if isinstance(a, A.Relocate):
            to = self.stack(a.join) + f" in {self.space(a.dest)}" if a.join else \
                self.space(a.dest)
            return f"{self.name(a.leader)} falls back to {to}"
        return a.describe()

    def _how(self, a: A.Move) -> str:
        """How a move goes; "overland" only beside a move of the same stack to the same place
        by coastal transport, so the two read apart."""
        if a.mode == "land" and (a.stack, a.dest) in self._by_sea:
            return " overland (6.3)"
        return _MODES[a.mode]

    def _recruit(self, a: A.Recruit) -> str:
        cd = self.data.counters[a.unit]
        if cd.side == "spain":
            return f"Recruit: bring {cd.name} back to strength (roll)"
        if a.unit in self.members:
            return f"Recruit: raise {cd.name} to full strength (roll)"
        return f"Recruit the {cd.kind} named {cd.name} in {self.space(a.space)} (roll)"

    def _reinforce(self, a: A.Reinforce) -> str:
        if len(a.dests) == 1:
            return f"Reinforcements: a brigade to {self.space(a.dests[0])} (−1 Morale)"
        if a.dests[0] == a.dests[1]:
            how = "stacked" if a.stacked else "apart"
            return f"Reinforcements: two brigades to {self.space(a.dests[0])}, {how} " \
                   "(−2 Morale)"
        return f"Reinforcements: brigades to {self.space(a.dests[0])} and " \
               f"{self.space(a.dests[1])} (−2 Morale)"

    def _attack(self, a: A.Attack) -> str:
        who = self.units(a.units)
        if a.target in self.spaces:
            return f"Besiege {self.space(a.target)} with {who}"
        target = self.data.counters[a.target]
        if self.data.counters[a.units[0]].kind == "fleet":
            return f"Naval attack on {self.stack(a.target)} with {who}"
        members = self.members.get(a.target, (a.target,))
        units = [m for m in members if not self.data.counters[m].leader]
        if not units:
            return f"Hunt the lone leader {target.name} with {who} (two location rolls)"
        if self.data.counters[a.units[0]].side == "spain" and len(units) == 1 and \
                self.data.counters[units[0]].kind == "corps":
            return f"Locate and attack {self.stack(a.target)} with {who}"
        return f"Attack {self.stack(a.target)} with {who}"

    def _play(self, a: A.PlayCard, kind: str, aim: bool = True) -> str:
        card = self.data.cards[a.card]
        if kind == "cancel":
            return f"Cancel it with {self.card(a.card)}"
        text = f"Play {self.card(a.card)} ({card_summary(card, self.data)})"
        if a.targets and aim:
            text += f" on {self._aim(a.targets)}"
        return text

    def _aim(self, targets: tuple[str, ...]) -> str:
        """A card's choices in words: "Batangas corps in Batangas", "the Cavite–Manila Line
        with Desierto Brigade", "Magdiwan's stack"."""
        first = targets[0]
        if len(targets) == 2:
            if first in self.spaces and self.data.spaces[first].kind == "line":
                return f"the {self.space(first)} with {self.name(targets[1])}"
            unit = self.data.counters[targets[1]]
            named = f"the corps named {unit.name}" if unit.kind == "corps" else unit.name
            return f"{named} in {self.space(first)}"
        if first in self.spaces:
            return self.space(first)
        return self.stack(first)


__all__ = ["Labeller", "card_line", "card_summary", "card_title"]
