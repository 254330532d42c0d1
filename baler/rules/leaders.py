"""Leaders in the command area (rulebook "Leaders into command posts", "Spanish leaders",
"Philippine leaders")."""

from __future__ import annotations

from baler.rules.picks import PickTask, PlaceArtillery, patients_of
from baler.rules.state import BalerState, Kind, Side
from baler.rules.tasks import Task, morale_change, roll, say
from engine.core.actions import Event


def role_of(st: BalerState, post: str) -> str:
    return st.data.command_posts[post][1]


def may_take_post(st: BalerState, leader: str, post: str) -> bool:
    """Spanish leaders take only the post of their own type; Philippine leaders any post; one
    leader per post; a disabled leader never enters the command area, nor does a leader still
    exhausted this turn (one who fell ill in his command post and was healed: rulebook
    "Leaders", "cannot be used again ... for the remainder of the turn", BAL-049)."""
    info = st.data.units[leader]
    side, role = st.data.command_posts[post]
    if info.kind is not Kind.LEADER or side is not info.side:
        return False
    if leader in st.disabled or leader in st.exhausted:
        return False
    if st.units_at(post):
        return False
    return side is Side.PHILIPPINE or info.leader_type == role


def activate(st: BalerState, leader: str, role: str, ev: list[Event]) -> list[Task]:
    """Apply a non-military command post's effect and exhaust the leader; returns the choices
    it needs (rulebook "Medical leader", "Religious leader", "Leadership", "US Support")."""
    info = st.data.units[leader]
    st.exhausted.add(leader)
    tables = st.data.tables
    if role == "medical":
        say(ev, f"{info.name} tends the wounded (medical command post)")
        if patients_of(st):
            return [PickTask(side=Side.SPANISH.value, purpose="heal", optional=False)]
        say(ev, "The infirmary is empty")
        return []
    if role == "religious":
        amount = int(tables["religious_morale"])
        if st.turn <= info.early_until_turn:
            amount = info.early_morale_boost
        morale_change(st, Side.SPANISH, amount, ev, f"{info.name} in the religious command post")
        return []
    if role == "leadership":
        amount = int(tables["leadership_morale_by_rank"][info.rank - 1])
        morale_change(st, Side.PHILIPPINE, amount, ev, f"{info.name} in the leadership post")
        return []
    if role == "us-support":
        support = tables["us_support"]
        if st.turn <= int(support["certain_until_turn"]):
            return [PlaceArtillery()]
        value = roll(st, 1, "US support", "Philippine side", ev)[0]
        if value in support["success_from_turn_4"]:
            return [PlaceArtillery()]
        say(ev, "No artillery arrives this time")
        return []
    return []
