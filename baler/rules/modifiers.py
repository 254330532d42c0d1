"""Combat dice and their modifiers (rulebook "Combat modifiers", "Persistence", "Cards
modifiers").

A side rolls its combat dice, then may modify them one die at a time: the morale modifier (−1
morale: +1 or a reroll), the command modifier (a face-up leader in the military command post:
one +1 or reroll per rank level, then exhausted), the leader-on-the-map modifier (a reroll),
the Philippine Persistence marker and the modifiers of the event that launched the attack.
Morale and command never mix in one combat (GAP-BAL-05); each modifier once per combat
(GAP-BAL-18: on the territorial control map morale may be spent on several dice); a die is
modified once; +1 is never offered on a 6 (GAP-BAL-40).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from baler.rules.actions import ModifyDie
from baler.rules.queries import military_leader
from baler.rules.state import BalerState, Side
from baler.rules.tasks import morale_change, say
from engine.core.actions import Action, DiceRolled, Event

ALL_SOURCES = ("morale", "command", "leader", "persistence", "card")
TCM_SOURCES = ("morale", "persistence")


@dataclass(slots=True)
class Pool:
    """One side's combat dice in one combat, and which modifiers it has spent."""

    side: str
    values: list[int] = field(default_factory=list)
    modified: list[bool] = field(default_factory=list)
    used: list[str] = field(default_factory=list)
    sources: tuple[str, ...] = ALL_SOURCES
    map_leader: bool = False
    command_left: int = 0
    card_rerolls: int = 0
    card_plus: int = 0
    morale_multi: bool = False

    def count(self, faces: list[int] | tuple[int, ...]) -> int:
        return sum(1 for v in self.values if v in faces)


def new_pool(
    st: BalerState, side: Side, values: list[int], *, map_leader: bool, card_rerolls: int = 0,
    card_plus: int = 0, sources: tuple[str, ...] = ALL_SOURCES, morale_multi: bool = False,
) -> Pool:
    return Pool(
        side.value, list(values), [False] * len(values), [], sources, map_leader, 0,
        card_rerolls, card_plus, morale_multi,
    )


def _offers(st: BalerState, pool: Pool) -> list[tuple[str, str]]:
    """(how, source) pairs the side may still use in this combat."""
    side = Side(pool.side)
    offers: list[tuple[str, str]] = []
    if (
        "morale" in pool.sources
        and st.morale[side] >= 1
        and "command" not in pool.used
        and (pool.morale_multi or "morale" not in pool.used)
    ):
        offers += [("plus1", "morale"), ("reroll", "morale")]
    if "command" in pool.sources and "morale" not in pool.used:
        fresh = "command" not in pool.used and military_leader(st, side) is not None
        if fresh or pool.command_left > 0:
            offers += [("plus1", "command"), ("reroll", "command")]
    if "leader" in pool.sources and pool.map_leader and "leader" not in pool.used:
        offers.append(("reroll", "leader"))
    if "persistence" in pool.sources and side is Side.PHILIPPINE and st.persistence:
        offers += [("plus1", "persistence"), ("reroll", "persistence")]
    if pool.card_rerolls > 0:
        offers.append(("reroll", "card"))
    if pool.card_plus > 0:
        offers.append(("plus1", "card"))
    return offers


def modifier_actions(st: BalerState, pool: Pool) -> list[Action]:
    """Every die modification the side may make now."""
    offers = _offers(st, pool)
    actions: list[Action] = []
    for i, value in enumerate(pool.values):
        if pool.modified[i]:
            continue
        for how, source in offers:
            if how == "plus1" and value >= 6:
                continue
            actions.append(ModifyDie(i, how, source))
    return actions


def apply_modifier(st: BalerState, pool: Pool, action: ModifyDie, ev: list[Event]) -> None:
    """Spend the modifier and change the die (rulebook "Combat modifiers")."""
    side = Side(pool.side)
    source = action.source
    if source == "morale":
        morale_change(st, side, -1, ev, "morale modifier")
        pool.used.append("morale")
    elif source == "command":
        if "command" not in pool.used:
            leader = military_leader(st, side)
            assert leader is not None
            st.exhausted.add(leader)
            pool.command_left = st.data.units[leader].rank
            pool.used.append("command")
            say(ev, f"{st.name(leader)} gives orders from the military command post and is "
                    f"exhausted (rank {pool.command_left})")
        pool.command_left -= 1
    elif source == "leader":
        pool.used.append("leader")
    elif source == "persistence":
        st.persistence = False
        pool.used.append("persistence")
        say(ev, "The Philippine side spends its Persistence marker")
    elif action.how == "reroll":
        pool.card_rerolls -= 1
    else:
        pool.card_plus -= 1
    before = pool.values[action.index]
    if action.how == "plus1":
        pool.values[action.index] = min(6, before + 1)
        say(ev, f"{side.label} side: +1 to a {before} → {pool.values[action.index]} ({source})")
    else:
        new = st.dice.roll_one(purpose=f"reroll ({source})")
        pool.values[action.index] = new
        ev.append(DiceRolled(f"{side.label} side rerolls a {before} → {new} ({source})",
                             values=(new,), purpose="reroll"))
    pool.modified[action.index] = True
