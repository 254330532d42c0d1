"""The computer opponent's movements and placements: guard posts filled with the strongest men
where they are needed, leaders into the command posts whose effect pays now, and the
Philippine troops on the territorial control map (rulebook "Movement", "Types of movement",
"Leaders into command posts", "Man the posts", "Territorial control map")."""

from __future__ import annotations

from collections.abc import Mapping

from baler.ai.judge import area_need, binomial, morale_worth
from baler.rules import infirmary
from baler.rules.actions import Choose, Done, Move, PlaceUnit
from baler.rules.picks import area_manpower, empty_artillery_posts
from baler.rules.queries import combat_factor, reserve, tcm_position, tcm_units
from baler.rules.state import BAGS, BalerState, Kind, Side
from baler.rules.tcm import power_strength
from engine.core.actions import Action

SPACE_WORTH = (0.0, 0.0, 0.9, 1.6, 2.4, 0.0)
"""Worth of the Philippine stack standing on territorial space 0-5: the supply and attrition
modifier, and the VP spaces 3 and 4 give in turns 3 and 6."""


class Needs(dict[str, float]):
    """`area_need` of every area for one side in one position, and the parts of `post_worth`
    that depend on the post alone, kept as they are first asked for: a choice compares
    hundreds of moves on one position (a profile of Normal's rollouts: `post_worth` was a third
    of their time, most of it recomputing the same post's areas)."""

    __slots__ = ("posts", "side")

    def __init__(self, side: Side, needs: dict[str, float]) -> None:
        super().__init__(needs)
        self.side = side
        self.posts: dict[str, tuple[float, float]] = {}

    def post_part(self, st: BalerState, post: str) -> tuple[float, float]:
        """The post's weight (its areas' needs) and the worth of a point of manpower there."""
        part = self.posts.get(post)
        if part is None:
            areas = st.data.posts[post].areas
            weight = sum(0.45 + 0.12 * self[a] for a in areas)
            if self.side is Side.PHILIPPINE:
                manpower = 0.12
            else:
                # manpower repairs the walls: worth most in a damaged area short of the 4 it
                # needs
                short = max((4 - area_manpower(st, self.side, a) for a in areas
                             if st.walls[a] in (1, 2)), default=0)
                manpower = 0.08 + 0.25 * min(1, max(0, short))
            part = self.posts[post] = (weight, manpower)
        return part


def area_needs(st: BalerState, side: Side) -> Needs:
    """`area_need` of every area, computed once for a position (see `Needs`). The position
    must not change while it is used."""
    return Needs(side, {a: area_need(st, side, a) for a in st.data.areas})


def post_worth(st: BalerState, side: Side, post: str, unit: str | None,
               needs: Mapping[str, float] | None = None) -> float:
    """Worth of `unit` standing on `post`: its combat factor in every area the post belongs to,
    weighted by the need there; Philippine manpower builds trenches; leaders risk 2 VP.
    `needs` is `area_needs(st, side)` when the caller has it at hand."""
    if unit is None:
        return 0.0
    info = st.data.units[unit]
    if not isinstance(needs, Needs) or needs.side is not side:
        areas = st.data.posts[post].areas
        needs = Needs(side, {a: needs[a] if needs is not None else area_need(st, side, a)
                             for a in areas})
    weight, manpower = needs.post_part(st, post)
    worth = weight * (0.6 + combat_factor(st, unit) * 0.4)
    worth += manpower * info.manpower
    if info.kind is Kind.LEADER:
        worth -= 1.4
    return worth


def command_worth(st: BalerState, side: Side, leader: str, post: str) -> float:
    """Worth of a leader entering (or acting from) a command post now."""
    info = st.data.units[leader]
    role = st.data.command_posts[post][1]
    if role == "military":
        return 0.6 + 0.35 * info.rank
    if role == "medical":
        return 1.4 * min(1, len(infirmary.patients(st)))
    if role == "religious":
        amount = info.early_morale_boost if st.turn <= info.early_until_turn else int(
            st.data.tables["religious_morale"])
        return morale_worth(st, Side.SPANISH, amount)
    if role == "leadership":
        amount = int(st.data.tables["leadership_morale_by_rank"][info.rank - 1])
        return morale_worth(st, Side.PHILIPPINE, amount) + 0.1 * (3 - info.rank)
    if not reserve(st) or not empty_artillery_posts(st):
        return 0.0
    support = st.data.tables["us_support"]
    chance = 1.0 if st.turn <= int(support["certain_until_turn"]) else len(
        support["success_from_turn_4"]) / 6
    return 3.0 * chance + 0.1 * (3 - info.rank)


def tcm_fight_chance(st: BalerState, units: list[str]) -> float:
    """The chance a Philippine stack beats the foreign power in a territorial combat."""
    cap = int(st.data.tables["max_combat_dice"])
    mine = min(cap, sum(combat_factor(st, u) for u in units))
    theirs = min(cap, power_strength(st))
    a, d = binomial(mine, 1 / 3), binomial(theirs, 1 / 3)
    return sum(pa * pd for i, pa in enumerate(a) for j, pd in enumerate(d) if i > j)


def tcm_worth(st: BalerState, action: Move) -> float:
    """Placing troops on, or advancing them across, the territorial control map."""
    if action.kind == "tcm-place":
        here = len(tcm_units(st))
        return 1.1 if here == 0 else 0.7 if st.turn <= 5 else 0.3
    pos = tcm_position(st) or 1
    dest = st.data.tcm.index(action.dest) + 1
    gain = SPACE_WORTH[dest] - SPACE_WORTH[pos]
    if dest == st.power_space:
        chance = tcm_fight_chance(st, tcm_units(st))
        loss = 0.0 if st.power == "spain" else 1.2
        return chance * gain - (1 - chance) * loss
    return gain


def move_worth(st: BalerState, side: Side, action: Move,
               needs: Mapping[str, float] | None = None) -> float:
    """What one movement is worth now (`needs` as in `post_worth`)."""
    kind = action.kind
    if kind == "post":
        gain = post_worth(st, side, action.dest, action.unit, needs)
        return gain - post_worth(st, side, action.dest, st.occupant(action.dest), needs) - 0.15
    if kind == "bag":
        empty = [p for p in st.data.side_posts(side) if not st.units_at(p)]
        return 0.9 if empty else -0.5
    if kind == "command":
        return command_worth(st, side, action.unit, action.dest)
    if kind == "activate":
        return command_worth(st, side, action.unit, action.dest) - 0.1
    if kind == "artillery":
        here = st.loc[action.unit]
        area_now = next(a for a, p in st.data.artillery_posts.items() if p == here)
        area_to = next(a for a, p in st.data.artillery_posts.items() if p == action.dest)
        return 0.8 if st.walls[area_now] >= 3 > st.walls[area_to] else -0.5
    if kind.startswith("tcm"):
        return tcm_worth(st, action)
    return -1.0


def best_move(st: BalerState, side: Side, legal: list[Action]) -> tuple[float, Action]:
    best: tuple[float, Action] = (0.12, next(a for a in legal if isinstance(a, Done)))
    needs = area_needs(st, side)
    for action in legal:
        if isinstance(action, Move):
            worth = move_worth(st, side, action, needs)
            if worth > best[0]:
                best = (worth, action)
    return best


def place_drawn(st: BalerState, side: Side, legal: list[Action]) -> Action:
    """A soldier drawn from the bag: the post where it is worth most, else a detachment space,
    else back into the bag."""
    needs = area_needs(st, side)

    def worth(action: Action) -> float:
        assert isinstance(action, PlaceUnit)
        if action.dest in st.data.posts:
            return post_worth(st, side, action.dest, action.unit, needs) - post_worth(
                st, side, action.dest, st.occupant(action.dest), needs) - 0.1
        if action.dest == BAGS[side]:
            return 0.0
        return 0.05 if not st.units_at(action.dest) else -1.0

    return max(legal, key=worth)


def place_on_post(st: BalerState, side: Side, legal: list[Action]) -> Action:
    """Man the posts and reinforcements: the empty space where the unit is worth most."""
    needs = area_needs(st, side)

    def worth(action: Action) -> float:
        assert isinstance(action, PlaceUnit)
        if action.dest in st.data.posts:
            return post_worth(st, side, action.dest, action.unit, needs)
        return 0.0

    return max(legal, key=worth)


def place_artillery(st: BalerState, legal: list[Action]) -> Action:
    """The strongest gun, where operational trenches guard it and the walls still stand."""
    def worth(action: Action) -> float:
        assert isinstance(action, PlaceUnit)
        area = next(a for a, p in st.data.artillery_posts.items() if p == action.dest)
        guarded = sum(1 for t in st.data.trenches_by_area[area]
                      if st.trenches.get(t) == "operational")
        standing = 0.0 if st.walls[area] >= 3 else 1.0 + 0.3 * st.walls[area]
        return st.data.units[action.unit].combat * 0.1 + guarded + standing

    return max(legal, key=worth)


def tcm_unit(st: BalerState, legal: list[Action]) -> Action:
    """Troops for the territorial control map: the strongest barracks soldier, then a bag draw,
    then a leader (better kept for the command posts); Done once the stack is strong enough."""
    if sum(combat_factor(st, u) for u in tcm_units(st)) >= 5:
        return next(a for a in legal if isinstance(a, Done))

    def worth(action: Action) -> float:
        if not isinstance(action, Choose):
            return 0.1
        if action.target == BAGS[Side.PHILIPPINE]:
            return 1.5
        info = st.data.units[action.target]
        return info.combat * (0.4 if info.kind is Kind.LEADER else 1.0)

    return max(legal, key=worth)
