"""Every refusal names its rule (DESIGN.md §8): illegal answers of the right kind, made from the
legal answers of real decisions at many seeded random states by changing one field, are each
refused with a specific cause and a section, and no two causes share a message."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import fields, replace
from typing import Any

import pytest
from baler_fixtures import RULES, new_game

from baler.rules.actions import Done, Move, PlaySupport
from baler.rules.refusals import ALL_ACTIONS, Refusal
from baler.rules.state import BalerState
from engine.core.actions import Action, IllegalActionError

SEEDS = range(4)
MOVES = ("post", "bag", "swap", "artillery", "command", "activate", "tcm-place", "tcm-advance",
         "march")


def _states(seed: int) -> Iterator[BalerState]:
    """Every fourth decision of a seeded random game."""
    st = new_game(seed)
    rng = random.Random(seed)
    for step in range(600):
        legal = RULES.legal_actions(st)
        if not legal:
            return
        if step % 4 == 0:
            yield st
        RULES.apply(st, rng.choice(legal))


def _domain(st: BalerState, name: str, rng: random.Random) -> list[Any]:
    data = st.data
    spaces = sorted(data.names)
    units = sorted(data.units)
    cards = sorted(data.cards)
    player = st.decision.player
    hand = list(st.hands.get(next(s for s in st.hands if s.value == player), [])) if player \
        else []
    if name == "card":
        return [*hand, *rng.sample(cards, 4)]
    if name == "boosts":
        picked = [*hand, *rng.sample(cards, 3)]
        return [(), *((c,) for c in picked), tuple(picked[:2]), (picked[0], picked[0])]
    if name == "part":
        return ["main", "secondary", "flavour"]
    if name == "target":
        return [*data.areas, "A", "B", "deck", *rng.sample(units, 4), *rng.sample(spaces, 4),
                *rng.sample(sorted(data.trench_spaces), 2)]
    if name == "index":
        return [0, 1, 2, 4, 7]
    if name == "how":
        return ["plus1", "reroll", "double"]
    if name == "source":
        return ["morale", "command", "leader", "persistence", "card", "luck"]
    if name == "kind":
        return list(MOVES)
    if name == "unit":
        return rng.sample(units, 5)
    if name == "dest":
        return [*rng.sample(spaces, 5), *rng.sample(sorted(data.posts), 3),
                *sorted(data.command_posts)]
    if name == "name":
        return sorted(ALL_ACTIONS)
    if name == "area":
        return [*data.areas, "", "9"]
    if name == "yes":
        return [True, False]
    return []


def _attempts(st: BalerState, legal: list[Action], rng: random.Random) -> set[Action]:
    """Actions of the kinds the decision takes, one field changed, that are not legal."""
    found: set[Action] = set()
    allowed = set(legal)
    for action in rng.sample(legal, min(len(legal), 4)):
        for f in fields(action):
            for value in _domain(st, f.name, rng):
                changed = replace(action, **{f.name: value})
                if isinstance(changed, Move) and changed.kind in ("bag", "tcm-place") \
                        and (changed.unit or changed.dest):
                    continue
                if isinstance(changed, PlaySupport) and not changed.card:
                    continue
                if changed not in allowed:
                    found.add(changed)
    if Done() not in allowed:
        found.add(Done())
    return found


def _refusals() -> list[tuple[Action, str, Refusal]]:
    out: list[tuple[Action, str, Refusal]] = []
    for seed in SEEDS:
        rng = random.Random(1000 + seed)
        for st in _states(seed):
            legal = RULES.legal_actions(st)
            kind = st.decision.kind
            for attempt in _attempts(st, legal, rng):
                before = RULES.state_hash(st)
                with pytest.raises(IllegalActionError) as caught:
                    RULES.apply(st, attempt)
                assert RULES.state_hash(st) == before, "a refusal changed the state"
                assert isinstance(caught.value, Refusal), caught.value
                out.append((attempt, kind, caught.value))
    return out


def test_every_illegal_attempt_is_refused_with_its_own_rule_and_section() -> None:
    refusals = _refusals()
    assert len(refusals) > 1000
    causes: dict[str, set[str]] = defaultdict(set)
    by_message: dict[str, set[str]] = defaultdict(set)
    for attempt, kind, err in refusals:
        assert err.section, f"{attempt} in {kind}: {err.reason} has no section"
        assert not err.cause.startswith("wrong-answer"), f"{attempt} in {kind}: {err.reason}"
        assert err.reason.endswith("."), err.reason
        causes[kind].add(err.cause)
        by_message[err.reason].add(err.cause)
    shared = {m: c for m, c in by_message.items() if len(c) > 1}
    assert not shared, shared
    assert sum(len(c) for c in causes.values()) >= 30, dict(causes)


def test_the_refusals_the_table_trips_on() -> None:
    """A non-matching support card gets the icon rule; a Spanish leader sent to the wrong
    command post gets the post's type; a die already modified says so."""
    from baler_fixtures import ES, PH, act, cleared, hand, run

    from baler.rules.actions import PlayCard
    from baler.rules.events import EventPhaseTask
    from baler.rules.movement import MovementTask

    st = cleared()
    hand(st, PH, "ph-08", "ph-06", "ph-03")
    run(st, EventPhaseTask(side="philippine"))
    act(st, PlayCard("ph-08"))
    act(st, PlayCard("ph-06"))
    with pytest.raises(Refusal) as caught:
        act(st, PlaySupport("ph-03", ("ph-08",)))
    assert caught.value.cause == "icon-rule" and "same icon" in caught.value.reason
    assert caught.value.section.startswith("Boosting event cards")

    st = cleared()
    run(st, MovementTask(side=ES.value, moves_left=2))
    with pytest.raises(Refusal) as caught:
        act(st, Move("command", "es-martin-cerezo", "es-cmd-medical"))
    assert caught.value.reason == "Only a medical leader may take the medical post."
