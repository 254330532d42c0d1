"""The mutable state of a game of Filipinas: flat dicts and sets of string ids (DESIGN.md §2)."""

from __future__ import annotations

import copy
import enum
from dataclasses import dataclass, field, fields
from typing import Any

from engine.core.dice import Dice
from engine.core.game import Decision, Result
from filipinas.rules.setup import FILIPINO, SPAIN, GameData, deck_of


class Phase(enum.Enum):
    """The three phases of a turn (5.0)."""

    ADMINISTRATION = "administration"
    ACTION = "action"
    END = "end"
    OVER = "over"


class Kind(enum.Enum):
    """What a pending decision asks (DESIGN.md §2)."""

    ROUND = "round"
    DISCARD = "discard"
    COMBAT_CARDS = "combat_cards"
    COUNTERATTACK = "counterattack"
    CANCEL = "cancel"
    RESPONSE = "response"
    INTERCEPT = "intercept"
    ZAPOTE = "zapote"
    RELOCATE = "relocate"


PRIVATE_KINDS = frozenset({Kind.ROUND, Kind.DISCARD, Kind.COMBAT_CARDS, Kind.CANCEL,
                           Kind.RESPONSE})


@dataclass(slots=True)
class Prompt:
    """A decision waiting on top of the round: who answers, and what it is about."""

    kind: Kind
    player: str
    card: str = ""
    targets: tuple[str, ...] = ()
    action: str = ""
    leader: str = ""
    units: tuple[str, ...] = ()
    city: str = ""
    space: str = ""
    value: int = 0
    pre: int = 0


@dataclass(slots=True)
class Combat:
    """An attack, counterattack, interception or siege being resolved (6.7, 6.8)."""

    kind: str  # land, naval, siege
    attacker: str  # side
    attackers: list[str]
    attack_cf: int
    defenders: list[str]
    defence_cf: int
    space: str
    modifiers: list[tuple[str, int]] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    to_declare: str = ""
    passes: int = 0
    counter_allowed: bool = True
    counter_after_hit: bool = False
    us_takes_city: bool = False
    city: str = ""
    then: str = "round"  # round, siege (after an interception), none
    siege_units: tuple[str, ...] = ()
    siege_city: str = ""
    hit: bool | None = None
    pre_cf: int = 0

    @property
    def defender(self) -> str:
        return SPAIN if self.attacker == FILIPINO else FILIPINO


@dataclass(slots=True)
class FilState:
    """Everything that changes during a game. Counters are placed by `loc`; counters on the
    board belong to a stack (`stack_of`); markers are sets of the ids they sit on."""

    data: GameData
    dice: Dice
    loc: dict[str, str] = field(default_factory=dict)
    stack_of: dict[str, int] = field(default_factory=dict)
    next_stack: int = 1
    reduced: set[str] = field(default_factory=set)
    targets: set[str] = field(default_factory=set)
    search: set[str] = field(default_factory=set)
    protect: set[str] = field(default_factory=set)
    entrenched: set[str] = field(default_factory=set)
    sacked: set[str] = field(default_factory=set)
    baler: set[str] = field(default_factory=set)
    zapote: bool = False
    zapote_defenders: set[str] = field(default_factory=set)
    lines_built: set[str] = field(default_factory=set)
    reconcentration: bool = False
    city_owner: dict[str, str] = field(default_factory=dict)
    government: str = "canovas"
    canovas_dead: bool = False
    government_changed: bool = False
    artillery: str = "unused"  # unused, in_play, lost
    artillery_holder: str = ""
    landed: set[str] = field(default_factory=set)
    ap: dict[str, int] = field(default_factory=lambda: {FILIPINO: 0, SPAIN: 0})
    morale: int = 10
    us_level: int = 1
    us_at_war: bool = False
    us_entry_pending: bool = False
    exiled: bool = False
    biak: bool = False
    turn: int = 1
    phase: Phase = Phase.ACTION
    active: str = FILIPINO
    round_count: int = 0
    round_surcharged: bool = False
    round_did: bool = False
    round_repatriated: bool = False
    round_unstacked: bool = False
    round_reinforced: int = 0
    passes: int = 0
    us_next_round: bool = False
    plunders: int = 0
    search_free: set[str] = field(default_factory=set)
    decks: dict[str, list[str]] = field(default_factory=dict)
    hands: dict[str, list[str]] = field(default_factory=lambda: {FILIPINO: [], SPAIN: []})
    out: list[str] = field(default_factory=list)
    pending: list[Prompt] = field(default_factory=list)
    combat: Combat | None = None
    outcome: Result | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> FilState:
        """A copy that shares the static printed data (boards, counters, cards, tables): only
        what changes during a game is copied (undo points, search, probes)."""
        memo[id(self.data)] = self.data
        new = object.__new__(FilState)
        memo[id(self)] = new
        for f in fields(self):
            object.__setattr__(new, f.name, copy.deepcopy(getattr(self, f.name), memo))
        return new

    # --- stacks ------------------------------------------------------------------------------

    def new_stack_id(self) -> int:
        sid = self.next_stack
        self.next_stack += 1
        return sid

    def members(self, cid: str) -> list[str]:
        """The counters stacked with `cid` (itself included), in counter order."""
        sid = self.stack_of.get(cid)
        if sid is None:
            return [cid]
        order = self.data.order
        return sorted((c for c, s in self.stack_of.items() if s == sid), key=order.__getitem__)

    def place(self, cid: str, space: str, with_: str | None = None) -> None:
        """Put `cid` on the board in `space`, alone or into the stack of `with_`."""
        self.loc[cid] = space
        if with_ is not None:
            self.stack_of[cid] = self.stack_of[with_]
        else:
            self.stack_of[cid] = self.new_stack_id()

    def move_stack(self, cids: list[str], space: str) -> None:
        """Move counters together as one stack (they keep or form a single stack)."""
        sid = self.new_stack_id()
        for cid in cids:
            self.loc[cid] = space
            self.stack_of[cid] = sid

    def take_off(self, cid: str, box: str) -> None:
        """Remove `cid` from the board to a box, clearing every marker on it."""
        self.loc[cid] = box
        self.stack_of.pop(cid, None)
        self.reduced.discard(cid)
        for markers in (self.targets, self.search, self.protect, self.entrenched, self.baler,
                        self.zapote_defenders, self.landed, self.search_free):
            markers.discard(cid)

    # --- engine protocol -----------------------------------------------------------------------

    @property
    def decision(self) -> Decision:
        if self.outcome is not None:
            return Decision(None, "over", "The game is over")
        if self.pending:
            p = self.pending[-1]
            return Decision(p.player, p.kind.value, _PROMPTS[p.kind], _SECTIONS[p.kind],
                            private=p.kind in PRIVATE_KINDS)
        return Decision(self.active, Kind.ROUND.value,
                        f"{self.active.title()} round: act, play cards or pass", "5.2.3",
                        private=True)


_PROMPTS = {
    Kind.ROUND: "Act, play cards or pass",
    Kind.DISCARD: "Discard down to the hand limit (click the board for the menu of cards)",
    Kind.COMBAT_CARDS: "Play combat cards or stop",
    Kind.COUNTERATTACK: "Counterattack or decline",
    Kind.CANCEL: "Cancel the card just played or let it be",
    Kind.RESPONSE: "Play a reaction card or let it be",
    Kind.INTERCEPT: "Intercept the siege with a stack or decline",
    Kind.ZAPOTE: "Defend the Zapote Line with a stack or decline",
    Kind.RELOCATE: "Move the lone leader to the nearest stack or friendly city",
}
_SECTIONS = {
    Kind.ROUND: "5.2.3", Kind.DISCARD: "6.13", Kind.COMBAT_CARDS: "6.7",
    Kind.COUNTERATTACK: "6.7", Kind.CANCEL: "10.2", Kind.RESPONSE: "6.11",
    Kind.INTERCEPT: "6.8.3", Kind.ZAPOTE: "6.13.3", Kind.RELOCATE: "4.2.2.1",
}


def initial_state(data: GameData, dice: Dice) -> FilState:
    """The position of 8.0 (or a scenario's later one): counters placed, tracks set, the cards
    already played out of the game with their lasting effects, decks shuffled, five cards
    each."""
    setup = data.setup
    state = FilState(data=data, dice=dice)
    boxes = setup["boxes"]
    for cid, cdef in data.counters.items():
        state.loc[cid] = boxes[cdef.faction] if cdef.faction in boxes else boxes[cdef.side]
    for placement in setup["placements"]:
        boxed = data.spaces[placement["space"]].kind == "box"
        sid = state.new_stack_id()
        for cid in placement["counters"]:
            state.loc[cid] = placement["space"]
            if not boxed:
                state.stack_of[cid] = sid
        for cid in placement["reduced"]:
            state.reduced.add(cid)
    state.turn = int(setup.get("turn", 1))
    out = list(setup.get("cards_out") or ())
    state.out = out
    effects = [data.cards[c].effect for c in out]
    state.canovas_dead = any(e.get("kill_canovas") for e in effects)
    state.biak = any(e.get("exile_aguinaldo") for e in effects)
    state.exiled = state.loc["aguinaldo"] == "hong_kong"
    state.ap = {FILIPINO: setup["ap"][FILIPINO], SPAIN: setup["ap"][SPAIN]}
    state.morale = setup["morale"]
    state.us_level = setup["us_intervention"]
    state.government = setup["government"]
    for deck in ("spanish", "filipino", "usa_spanish", "usa_filipino"):
        cards = [c for c in deck_of(data, deck) if c not in out]
        dice.shuffle(cards)
        state.decks[deck] = cards
    for side, deck in ((FILIPINO, "filipino"), (SPAIN, "spanish")):
        for _ in range(data.params.start_hand):
            if state.decks[deck]:
                state.hands[side].append(dice.deal(state.decks[deck]))
    return state
