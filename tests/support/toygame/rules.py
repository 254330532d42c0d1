"""Rules of Skirmish (test-only game): move, attack with a d6, hidden order cards."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.actions import (
    Action,
    CardDrawn,
    DiceRolled,
    Event,
    GameOver,
    IllegalActionError,
    Message,
    PieceMoved,
    TurnEnded,
)
from engine.core.dice import Dice
from engine.core.game import Decision, Result, Scenario, stable_hash
from engine.core.hexgrid import Hex, hex_distance, hex_neighbors, hex_range
from engine.core.position import Reader

SIDES = ("blue", "red")


@dataclass(frozen=True, slots=True)
class Move(Action):
    piece: str
    q: int
    r: int

    def describe(self) -> str:
        return f"Move {self.piece} to ({self.q},{self.r})"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    piece: str
    target: str

    def describe(self) -> str:
        return f"{self.piece} attacks {self.target}"


@dataclass(frozen=True, slots=True)
class PlayOrder(Action):
    card: str

    def describe(self) -> str:
        return f"Play order {self.card}"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    def describe(self) -> str:
        return "End turn"


@dataclass(slots=True)
class Piece:
    id: str
    side: str
    name: str
    hex: Hex


@dataclass
class SkirmishState:
    dice: Dice
    board: frozenset[Hex]
    pieces: dict[str, Piece]
    decks: dict[str, list[str]]
    hands: dict[str, list[str]] = field(default_factory=lambda: {s: [] for s in SIDES})
    turn: int = 1
    max_turns: int = 6
    active: str = "blue"
    acted: set[str] = field(default_factory=set)
    bonus: int = 0
    outcome: Result | None = None

    @property
    def decision(self) -> Decision:
        if self.outcome is not None:
            return Decision(None, "over", "The game is over")
        return Decision(self.active, "orders", "Move, attack or end the turn", private=True)


class SkirmishRules:
    """The rules object registered for the test game."""

    game_id = "skirmish"
    sides = SIDES
    action_types: tuple[type[Action], ...] = (Move, Attack, PlayOrder, EndTurn)

    def new_game(self, scenario: Scenario, seed: int, dice: Dice | None = None) -> SkirmishState:
        board_doc = scenario.documents["board"]
        radius = board_doc["radius"]
        blocked = {Hex(q, r) for q, r in board_doc.get("blocked", [])}
        board = frozenset(h for h in hex_range(Hex(0, 0), radius) if h not in blocked)
        pieces = {
            p["id"]: Piece(p["id"], p["side"], p["name"], Hex(p["q"], p["r"]))
            for p in board_doc["pieces"]
        }
        dice = dice if dice is not None else Dice(seed)
        decks = {s: list(board_doc["orders"]) for s in SIDES}
        for deck in decks.values():
            dice.shuffle(deck)
        state = SkirmishState(dice=dice, board=board, pieces=pieces, decks=decks,
                              max_turns=board_doc.get("max_turns", 6))
        _draw(state, "blue")
        return state

    def legal_actions(self, state: SkirmishState) -> list[Action]:
        if state.outcome is not None:
            return []
        occupied = {p.hex for p in state.pieces.values()}
        actions: list[Action] = []
        for piece in sorted(state.pieces.values(), key=lambda p: p.id):
            if piece.side != state.active or piece.id in state.acted:
                continue
            for n in hex_neighbors(piece.hex):
                if n in state.board and n not in occupied:
                    actions.append(Move(piece.id, n.q, n.r))
            for other in sorted(state.pieces.values(), key=lambda p: p.id):
                if other.side != piece.side and hex_distance(other.hex, piece.hex) == 1:
                    actions.append(Attack(piece.id, other.id))
        actions.extend(PlayOrder(c) for c in sorted(set(state.hands[state.active])))
        actions.append(EndTurn())
        return actions

    def apply(self, state: SkirmishState, action: Action) -> list[Event]:
        if action not in self.legal_actions(state):
            raise IllegalActionError(_reason(state, action), "Skirmish 2")
        events: list[Event] = []
        if isinstance(action, Move):
            piece = state.pieces[action.piece]
            src = piece.hex
            piece.hex = Hex(action.q, action.r)
            state.acted.add(piece.id)
            events.append(PieceMoved(f"{piece.name} moves", piece=piece.id,
                                     src=f"{src.q},{src.r}", dst=f"{action.q},{action.r}"))
        elif isinstance(action, Attack):
            events.extend(_attack(state, action))
        elif isinstance(action, PlayOrder):
            state.hands[state.active].remove(action.card)
            state.bonus += 1
            events.append(Message(f"{state.active.title()} plays the order '{action.card}' (+1)"))
        elif isinstance(action, EndTurn):
            events.extend(_end_turn(state))
        return events

    def view(self, state: SkirmishState, player: str | None) -> dict[str, Any]:
        return {
            "turn": state.turn,
            "active": state.active,
            "pieces": {k: (p.side, p.name, p.hex.q, p.hex.r) for k, p in state.pieces.items()},
            "hand": list(state.hands[player]) if player in state.hands else [],
            "hand_sizes": {s: len(h) for s, h in state.hands.items()},
        }

    def result(self, state: SkirmishState) -> Result | None:
        return state.outcome

    def state_hash(self, state: SkirmishState) -> str:
        return stable_hash(
            state.dice, sorted((k, p.side, p.hex.q, p.hex.r) for k, p in state.pieces.items()),
            state.decks, state.hands, state.turn, state.active, sorted(state.acted), state.bonus,
            state.outcome,
        )

    def from_position(self, scenario: Scenario, position: Any, seed: int = 0,
                      dice: Dice | None = None, *, start: bool = True) -> SkirmishState:
        """A position: `pieces` left on the board ({id: [q, r]}), `hands`, `decks`, `turn`
        and the `active` side; the test game has no setup document, so a position gives all
        of it."""
        state = self.new_game(scenario, seed, dice)
        r = Reader(position)
        r.only(("pieces", "hands", "decks", "turn", "active"), "a Skirmish position")
        pieces = {}
        for pid, spot in r.at("pieces").items("the pieces"):
            if pid not in state.pieces:
                raise spot.fail(f"there is no piece {pid!r}")
            q = spot.at(0).integer("q")
            hex_ = Hex(q, spot.at(1).integer("r"))
            if hex_ not in state.board:
                raise spot.fail(f"{pid} is off the board", "Skirmish 1")
            if any(p.hex == hex_ for p in pieces.values()):
                raise spot.fail("two pieces never share a hex", "Skirmish 1")
            pieces[pid] = Piece(pid, state.pieces[pid].side, state.pieces[pid].name, hex_)
        state.pieces = pieces
        orders = set(scenario.documents["board"]["orders"])
        for side in SIDES:
            state.hands[side] = r.at("hands").at(side).sequence("a hand")
            state.decks[side] = r.at("decks").at(side).sequence("a deck")
            for card in state.hands[side] + state.decks[side]:
                if card not in orders:
                    raise r.at("hands").fail(f"{card!r} is no order card")
        state.turn = r.at("turn").integer("the turn", 1, state.max_turns + 1, default=1)
        state.active = r.at("active").choice("the active side", SIDES, default="blue")
        return state

    def to_position(self, state: SkirmishState) -> dict[str, Any]:
        return {"pieces": {k: [p.hex.q, p.hex.r] for k, p in sorted(state.pieces.items())},
                "hands": {s: list(h) for s, h in state.hands.items()},
                "decks": {s: list(d) for s, d in state.decks.items()},
                "turn": state.turn, "active": state.active}

    def check_invariants(self, state: SkirmishState) -> list[str]:
        problems = []
        hexes = [p.hex for p in state.pieces.values()]
        if len(hexes) != len(set(hexes)):
            problems.append("two pieces share a hex")
        problems.extend(f"{p.id} is off the board" for p in state.pieces.values()
                        if p.hex not in state.board)
        return problems


def _reason(state: SkirmishState, action: Action) -> str:
    if state.outcome is not None:
        return "The game is over."
    if isinstance(action, Move | Attack):
        piece = state.pieces.get(action.piece)
        if piece is None:
            return f"There is no piece {action.piece}."
        if piece.side != state.active:
            return f"{piece.name} belongs to the other side."
        if piece.id in state.acted:
            return f"{piece.name} has already acted this turn."
        if isinstance(action, Move):
            return "A piece moves one hex, onto a free board hex."
        return "Only an adjacent enemy can be attacked."
    if isinstance(action, PlayOrder):
        return "That order card is not in your hand."
    return "Not allowed now."


def _draw(state: SkirmishState, side: str) -> list[Event]:
    deck = state.decks[side]
    if not deck:
        return []
    card = deck.pop()
    state.hands[side].append(card)
    return [
        CardDrawn(f"{side.title()} draws an order card", item="", source="orders"),
        CardDrawn(f"{side.title()} draws the order '{card}'", item=card, source="orders",
                  visible_to=frozenset({side})),
    ]


def _attack(state: SkirmishState, action: Attack) -> list[Event]:
    attacker = state.pieces[action.piece]
    target = state.pieces[action.target]
    roll = state.dice.roll_one(purpose="attack")
    total = roll + state.bonus
    state.bonus = 0
    state.acted.add(attacker.id)
    events: list[Event] = [DiceRolled(f"{attacker.name} attacks {target.name}: rolls {roll}",
                                      values=(roll,), purpose="attack")]
    if total >= 4:
        del state.pieces[target.id]
        events.append(Message(f"{target.name} is eliminated ({total} ≥ 4)"))
        if not any(p.side == target.side for p in state.pieces.values()):
            state.outcome = Result(attacker.side, f"{target.side.title()} has no pieces left")
            events.append(GameOver(f"{attacker.side.title()} wins", winner=attacker.side))
    else:
        events.append(Message(f"The attack fails ({total} < 4)"))
    return events


def _end_turn(state: SkirmishState) -> list[Event]:
    events: list[Event] = []
    state.acted.clear()
    state.bonus = 0
    if state.active == "blue":
        state.active = "red"
    else:
        events.append(TurnEnded(f"End of turn {state.turn}", turn=state.turn))
        state.turn += 1
        state.active = "blue"
        if state.turn > state.max_turns:
            counts = {s: sum(p.side == s for p in state.pieces.values()) for s in SIDES}
            tie = counts["blue"] == counts["red"]
            winner = None if tie else max(SIDES, key=lambda s: counts[s])
            state.outcome = Result(winner, "Last turn played: more pieces left", counts)
            events.append(GameOver("Game over", winner=winner))
            return events
    events.extend(_draw(state, state.active))
    return events
