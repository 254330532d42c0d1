"""What a click on the board means: selecting a stack, one counter of it or a coordinated group,
and the legal actions a selection can make by clicking a space or another stack.

A selection is a highlight key of the board: "stack:<counter>" (the whole stack), a counter id
(that counter alone: a leader moving alone, a unit unstacking or attacking alone) or
"group:<a>+<b>" (several stacks composing a coordinated action, 5.2.2.1: the joint Search and
Destroy attack of 6.9.2). Clicking one of your stacks selects it, clicking it again selects the
counter under the pointer alone, clicking another of your stacks adds it to a coordinated group
when the two can act together.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine.core.actions import Action
from engine.ui.adapter import Click
from filipinas.rules import actions as A
from filipinas.rules.setup import GameData
from filipinas.ui.art import parse_marker
from filipinas.ui.board import pile_space

UNIT_ACTIONS = (A.Split, A.Disperse, A.Regroup, A.Plunder, A.Hide, A.Repatriate)
ANSWERS = (A.Intercept, A.DefendZapote, A.Relocate)


@dataclass(slots=True)
class Position:
    """What the screen knows of the board now, from the rules' view."""

    members: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Each counter on the board: the counters of its stack, in order."""
    where: dict[str, str] = field(default_factory=dict)
    """Each counter: the space or box it is in."""
    deciding: str | None = None
    kind: str = "round"


def unit_of(action: Action) -> str | None:
    """The counter a one-counter action is about."""
    for attr in ("counter", "unit", "brigade", "leader"):
        value = getattr(action, attr, None)
        if isinstance(value, str):
            return value
    return None


class Selector:
    """Turns board clicks into selections and actions (the `on_click` of the game UI)."""

    def __init__(self, data: GameData, spaces: Iterable[str]) -> None:
        self.data = data
        self.spaces = set(spaces)
        self.pos = Position()

    # --- what a selection covers ----------------------------------------------------------

    def members_of(self, selection: str) -> tuple[str, ...]:
        """The counters a selection key names."""
        if selection.startswith("stack:"):
            return self.pos.members.get(selection[6:], (selection[6:],))
        if selection.startswith("group:"):
            out: list[str] = []
            for cid in selection[6:].split("+"):
                out.extend(self.pos.members.get(cid, (cid,)))
            return tuple(out)
        return (selection,)

    def belongs(self, a: Action, selection: str) -> bool:
        """Whether `a` is an action of the selected stack, counter or group."""
        members = set(self.members_of(selection))
        single = not selection.startswith(("stack:", "group:"))
        # A counter alone in its stack acts for the whole stack too.
        whole = not single or len(self.pos.members.get(selection, ())) == 1
        if selection.startswith("group:"):
            return isinstance(a, A.Attack) and set(a.units) <= members and len(
                {self.pos.members.get(u, (u,))[0] for u in a.units}) > 1
        if isinstance(a, A.Attack):
            return set(a.units) <= members and (not single or a.units == (selection,))
        if isinstance(a, A.Move | A.Entrench | A.Intercept | A.DefendZapote):
            return whole and a.stack in members
        if isinstance(a, A.Merge):
            return whole and (a.stack in members or a.into in members)
        if isinstance(a, A.MoveLeader | A.Relocate):
            return single and a.leader == selection
        if isinstance(a, A.PlayCard):
            return bool(a.targets) and a.targets[-1] in members
        if isinstance(a, (*UNIT_ACTIONS, A.Recruit, A.BuildLine)):
            return unit_of(a) in members and (not single or unit_of(a) == selection)
        return False

    def targets_of(self, a: Action) -> list[str]:
        """The board keys a selection's action points at (spaces and stacks)."""
        if isinstance(a, A.Move):
            return [a.dest]
        if isinstance(a, A.MoveLeader | A.Relocate):
            return [a.dest] + ([f"stack:{a.join}"] if a.join else [])
        if isinstance(a, A.Merge):
            return [f"stack:{a.into}", f"stack:{a.stack}"]
        if isinstance(a, A.Attack):
            return [a.target if a.target in self.spaces else f"stack:{a.target}"]
        if isinstance(a, A.BuildLine):
            return [a.line]
        return []

    def highlight(self, selection: str, legal: list[Action]) -> frozenset[str]:
        own = set(self.members_of(selection))
        marks: set[str] = set()
        for a in legal:
            if self.belongs(a, selection):
                marks.update(t for t in self.targets_of(a)
                             if not (t.startswith("stack:") and t[6:] in own))
        return frozenset(marks)

    # --- clicks -------------------------------------------------------------------------------

    def resolve(self, target: str | None) -> str | None:
        """A marker stands for what it lies on; a pile's backdrop for its bottom counter."""
        if target is None:
            return None
        marker = parse_marker(target)
        if marker is not None:
            return marker[1]
        if target.startswith("stack:") and target[6:] in self.data.counters:
            return target[6:]  # a stack's mark (`targets_of`) stands for the stack
        space = pile_space(target)
        return space if space is not None else target

    def click(self, target: str | None, selection: str | None, legal: list[Action]) -> Click:
        target = self.resolve(target)
        if target is None:
            return Click()
        if self.pos.kind != "round":
            return self._answer(target, legal)
        if target in self.data.counters:
            return self._on_counter(target, selection, legal)
        if target in self.spaces:
            return self._on_space(target, selection, legal)
        if selection is not None:
            return Click(reason="No counter may go there: only the Provinces, the Sea, the "
                                "friendly cities and ports and the boxes of the board (4.3).")
        return Click()

    def _answer(self, target: str, legal: list[Action]) -> Click:
        """A pending question: a stack or space of the answer, else the buttons."""
        members = set(self.pos.members.get(target, (target,)))
        fits = [a for a in legal if isinstance(a, ANSWERS) and (
            getattr(a, "stack", None) in members or getattr(a, "dest", None) == target
            or getattr(a, "join", None) in members)]
        return _one_or_choices(fits, "Answer with the buttons of the panel first.")

    def _on_counter(self, cid: str, selection: str | None, legal: list[Action]) -> Click:
        side = self.data.counters[cid].side
        stack = self.pos.members.get(cid)
        if stack is None:
            # A corps in the Filipino Troops box: where it may be recruited (6.1).
            raising = [a for a in legal if (isinstance(a, A.Recruit) and a.unit == cid) or (
                isinstance(a, A.PlayCard) and cid in a.targets)]
            return _one_or_choices(raising, f"{self.data.counters[cid].name} is off the board, "
                                            "in its box.")
        if side != self.pos.deciding:
            return self._on_enemy(cid, selection, legal)
        if selection is not None and cid in self.members_of(selection):
            if selection.startswith("stack:") and len(stack) > 1:
                return self._select(cid, legal)
            return Click()
        if selection is not None:
            joined = self._join(selection, cid, legal)
            if joined is not None:
                return joined
        return self._select(f"stack:{cid}" if len(stack) > 1 else cid, legal)

    def _select(self, selection: str, legal: list[Action]) -> Click:
        return Click(select=selection, highlight=self.highlight(selection, legal))

    def _join(self, selection: str, cid: str, legal: list[Action]) -> Click | None:
        """A second stack of one's own: a coordinated group, stacking, or a leader joining."""
        mine = set(self.members_of(selection))
        theirs = set(self.pos.members.get(cid, (cid,)))
        joint = [a for a in legal if isinstance(a, A.Attack) and set(a.units) & mine
                 and set(a.units) & theirs and set(a.units) <= mine | theirs]
        if joint:
            heads = sorted({self.pos.members[m][0] for m in mine | theirs
                            if m in self.pos.members},
                           key=self.data.order.__getitem__)
            return self._select("group:" + "+".join(heads), legal)
        joins = [a for a in legal if self.belongs(a, selection) and (
            (isinstance(a, A.Merge) and (a.into in theirs or a.stack in theirs))
            or (isinstance(a, A.MoveLeader) and a.join in theirs))]
        if joins:
            return _one_or_choices(joins, "")
        return None

    def _on_enemy(self, cid: str, selection: str | None, legal: list[Action]) -> Click:
        theirs = set(self.pos.members.get(cid, (cid,)))
        cards = [a for a in legal if isinstance(a, A.PlayCard) and a.targets
                 and a.targets[0] in theirs]
        if selection is None:
            return _one_or_choices(cards, f"{self.data.counters[cid].name} belongs to the other "
                                          "side: select one of your stacks, then click it to "
                                          "attack.")
        attacks = [a for a in legal if isinstance(a, A.Attack) and a.target in theirs
                   and self.belongs(a, selection)]
        if selection.startswith("stack:"):
            whole = tuple(u for u in self.members_of(selection)
                          if not self.data.counters[u].leader)
            full = [a for a in attacks if isinstance(a, A.Attack) and set(a.units) == set(whole)]
            attacks = full or attacks
        return _one_or_choices([*attacks, *cards], "The selection cannot attack that stack now: "
                               "an attack needs the enemy in the same Province (6.4) and the "
                               "AP to pay for it (5.2).")

    def _on_space(self, space: str, selection: str | None, legal: list[Action]) -> Click:
        if selection is not None:
            moves = [a for a in legal if self.belongs(a, selection) and space in (
                self.targets_of(a))]
            return _one_or_choices(moves, "The selection cannot go there now: a stack moves "
                                          "to an adjacent Province or a friendly city (6.3), "
                                          "and needs the AP to pay for it (5.2). Esc "
                                          "deselects.")
        return _one_or_choices(_short(space, [a for a in legal if _space_action(a, space)]),
                               "")


def _short(space: str, actions: list[Action]) -> list[Action]:
    """A Province's menu names the corps of that Province when a recruitment or a card could
    raise any of several; the others are raised by clicking their counter in the Filipino
    Troops box (so the menu fits the screen)."""
    own = f"{space}_corps"
    def corps(a: Action) -> str | None:
        if isinstance(a, A.Recruit):
            return a.unit
        if isinstance(a, A.PlayCard) and len(a.targets) == 2:
            return a.targets[1]
        return None
    named = {(type(a), getattr(a, "card", "")) for a in actions if corps(a) == own}
    return [a for a in actions if corps(a) in (None, own)
            or (type(a), getattr(a, "card", "")) not in named]


def _space_action(a: Action, space: str) -> bool:
    """Actions made by clicking a space with nothing selected: recruiting there, reinforcing
    it, building its Fortified Line, or a card aimed at it."""
    if isinstance(a, A.Recruit):
        return a.space == space
    if isinstance(a, A.Reinforce):
        return space in a.dests
    if isinstance(a, A.BuildLine):
        return a.line == space
    if isinstance(a, A.PlayCard):
        return bool(a.targets) and a.targets[0] == space
    return False


def _one_or_choices(actions: Sequence[Action], reason: str) -> Click:
    unique = list(dict.fromkeys(actions))
    if len(unique) == 1:
        return Click(action=unique[0])
    if unique:
        return Click(choices=tuple(unique))
    return Click(reason=reason) if reason else Click()

