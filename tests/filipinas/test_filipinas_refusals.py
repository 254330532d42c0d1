"""Every refusal names its rule (DESIGN.md §8): illegal attempts drawn from the real decision
of many seeded random states are refused with their specific cause and a section, and no two
different causes share one message."""

from __future__ import annotations

import copy
import dataclasses
import random
from collections import defaultdict

import pytest
from helpers import RULES, empty_position, put, ready

from engine.core.actions import Action, IllegalActionError
from filipinas.rules import actions as A
from filipinas.rules.refusals import diagnose


def _states(scenario, games: int = 6, every: int = 9):
    """Snapshots of seeded random games, every `every` actions."""
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        state = RULES.new_game(scenario, seed)
        n = 0
        while RULES.result(state) is None and n < 1500:
            legal = RULES.legal_actions(state)
            if n % every == 0:
                out.append(copy.deepcopy(state))
            RULES.apply(state, rng.choice(legal))
            n += 1
    return out


def _mutants(state, legal: list[Action], rng: random.Random) -> list[Action]:
    """Actions of the kinds the decision offers, with one field changed to another value of the
    game (a counter, a place, a card, a mode), that `legal_actions` does not list."""
    data = state.data
    ids = list(data.counters) + list(data.spaces)
    cards = list(data.cards)
    pools = {"mode": ["land", "coastal", "naval", "convoy", "landing"],
             "goal": ["us", "government"], "card": cards, "first": cards, "second": cards}
    out: list[Action] = []
    listed = set(legal)
    for action in rng.sample(legal, min(12, len(legal))):
        for f in dataclasses.fields(action):
            value = getattr(action, f.name)
            for _ in range(3):
                if isinstance(value, tuple):
                    pool = pools.get(f.name, ids)
                    new: object = tuple(rng.choice(pool) for _ in range(max(1, len(value))))
                elif isinstance(value, bool):
                    new = not value
                else:
                    new = rng.choice(pools.get(f.name, ids))
                mutant = dataclasses.replace(action, **{f.name: new})
                if mutant not in listed:
                    out.append(mutant)
    # Answers of the other kinds of decision, and round actions while a prompt waits.
    for other in (A.EndRound(), A.Decline(), A.Counterattack(), A.Political("us"),
                  A.EndReconcentration(), A.Split(rng.choice(ids))):
        if other not in listed:
            out.append(other)
    return out


@pytest.fixture(scope="module")
def refusals(scenario):
    rng = random.Random(11)
    seen: list[tuple[str, str, str, Action]] = []
    for state in _states(scenario):
        legal = RULES.legal_actions(state)
        if not legal:
            continue
        for action in _mutants(state, legal, rng):
            before = RULES.state_hash(state)
            with pytest.raises(IllegalActionError) as err:
                RULES.apply(state, action)
            assert RULES.state_hash(state) == before
            cause, reason, section = diagnose(state, action)
            assert err.value.reason == reason and err.value.section == section
            seen.append((cause, reason, section, action))
    return seen


def test_many_illegal_attempts_are_generated(refusals):
    assert len(refusals) > 1500
    assert len({c for c, *_ in refusals}) >= 40


def test_every_refusal_names_its_cause_and_a_section(refusals):
    """Each refusal carries a section and a reason specific to its cause: never the fallback
    of a condition without a written reason."""
    for cause, reason, section, action in refusals:
        assert section, (cause, action)
        assert cause != "unexplained", (reason, action)
        assert "not allowed now" not in reason and "not one of the choices" not in reason


def test_no_two_causes_share_a_message(refusals):
    causes_of: dict[str, set[str]] = defaultdict(set)
    for cause, reason, _, _ in refusals:
        causes_of[reason].add(cause)
    shared = {r: c for r, c in causes_of.items() if len(c) > 1}
    assert not shared


def test_a_refusal_names_the_broken_condition(scenario):
    """Hand-made cases: the message is the one of the cause, with its section."""
    s = empty_position(scenario, ap=(5, 7))
    put(s, "tarlac", "tarlac_corps", reduced=["tarlac_corps"])
    put(s, "batangas", "bulacan_corps")
    put(s, "manila", "marina")
    ready(s)
    cases = {
        A.Move("tarlac_corps", "cavite", "land"): ("not_adjacent", "6.3"),
        A.Move("tarlac_corps", "bulacan", "coastal"): ("coastal_side", "6.3.1"),
        A.Move("marina", "bulacan", "land"): ("foreign", "5.2"),
        A.Plunder("bulacan_corps"): ("plunder_guerrilla", "6.11"),
        A.Recruit("tarlac", "magdiwan"): ("magdiwan_recruit", "6.1"),
        A.Political("government"): ("government_side", "6.12"),
        A.Hide("tarlac_corps"): ("hide_no_target", "6.15"),
        A.Counterattack(): ("no_prompt", "5.2.3"),
    }
    for action, (cause, section) in cases.items():
        assert action not in RULES.legal_actions(s)
        got = diagnose(s, action)
        assert (got[0], got[2]) == (cause, section), (action, got)
    s.ap["filipino"] = 0
    got = diagnose(s, A.Plunder("tarlac_corps"))
    assert got[0] == "ap" and "needs 1 AP" in got[1]
