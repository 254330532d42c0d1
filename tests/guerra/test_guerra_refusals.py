"""Every refusal names its rule (DESIGN §8): actions of the kinds the decision asks for, but not
among its legal answers, drawn at many seeded random states of real games, are each refused
with a reason specific to its cause and a section; no two causes share one message. Plus the
causes a player meets most: the third Strait crossing (7.2) and a garrison into a mountain
(7 1b)."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest
from guerra_kit import h, make_map, province, put, real_scenario, real_start, scenario, start

from engine.core.actions import Action, IllegalActionError
from engine.core.hexgrid import Hex, hex_distance
from guerra.rules import GuerraRules
from guerra.rules.actions import (
    AddAttacker,
    AddDefender,
    Attack,
    Convert,
    DefenceReady,
    Disembark,
    Embark,
    MoveTo,
    PlaceCounter,
    Resolve,
    Select,
    SetOptions,
    Support,
    Surrender,
    TakeLoss,
)
from guerra.rules.data import Terrain
from guerra.rules.refusals import CAUSES, diagnose
from guerra.rules.state import GuerraState, Where


def test_no_two_causes_share_a_message_and_every_cause_cites_a_section():
    templates = [template for template, _ in CAUSES.values()]
    assert len(set(templates)) == len(templates)
    assert all(section for _, section in CAUSES.values())


def _variants(state: GuerraState, legal: list[Action], rng: random.Random) -> list[Action]:
    """Actions of the kinds `legal` holds, with other counters, hexes and families."""
    data = state.data
    cells = data.board.cells
    units = list(state.units)
    on_map = [u.id for u in state.units.values() if u.where is not Where.POOL]
    families = list(data.families)
    kinds = {type(a) for a in legal}

    def any_hex() -> Hex:
        return cells[rng.randrange(len(cells))]

    def near(a: Action) -> Hex:
        x = Hex(a.q, a.r)  # type: ignore[attr-defined]
        j = data.board.adjacent[data.board.index[x]]
        return cells[rng.choice(j)] if j and rng.random() < 0.6 else any_hex()

    out: list[Action] = []
    for _ in range(12):
        a = rng.choice(legal)
        if isinstance(a, PlaceCounter):
            out.append(PlaceCounter(rng.choice([a.family, *families]), *_qr(near(a))))
        elif isinstance(a, MoveTo):
            out.append(MoveTo(*_qr(near(a))))
        elif isinstance(a, Disembark):
            out.append(Disembark(rng.choice([a.unit, *on_map]), *_qr(near(a))))
        elif isinstance(a, Select):
            out.append(Select(rng.choice(units)))
        elif isinstance(a, Embark):
            out.append(Embark(rng.choice(on_map), rng.choice([a.ship, *on_map])))
        elif isinstance(a, Attack):
            out.append(Attack(rng.choice([a.attacker, *on_map]), rng.choice(on_map)))
        elif isinstance(a, AddAttacker | AddDefender | TakeLoss):
            out.append(type(a)(rng.choice(on_map)))
        elif isinstance(a, Support):
            out.append(Support(rng.choice([a.air, *on_map]), rng.choice(on_map)))
        elif isinstance(a, Convert):
            first, second = rng.choice(on_map), rng.choice([a.second, *on_map])
            out.append(Convert(first, second, rng.choice([first, second, a.at])))
        elif isinstance(a, Resolve | DefenceReady):
            out.append(type(a)(True))
    if SetOptions in kinds:
        out.append(SetOptions("advanced", 1, 2, True))
    return out


def _qr(x: Hex) -> tuple[int, int]:
    return x.q, x.r


@pytest.mark.parametrize("seed", [11, 12, 13, 14])
def test_illegal_attempts_at_random_states_are_refused_for_their_own_cause(seed):
    rules = GuerraRules()
    rng = random.Random(seed)
    state = rules.new_game(real_scenario(), seed)
    messages: dict[str, set[str]] = defaultdict(set)
    sections: dict[str, set[str]] = defaultdict(set)
    refused = 0
    for step in range(900):
        if rules.result(state) is not None:
            break
        legal = rules.legal_actions(state)
        if step % 3 == 0:
            listed = set(legal)
            for attempt in _variants(state, legal, rng):
                if attempt in listed:
                    continue
                refusal = diagnose(state, attempt)
                assert refusal.cause not in ("unlisted", "step"), (attempt, refusal)
                assert refusal.section, refusal
                messages[refusal.reason].add(refusal.cause)
                sections[refusal.cause].add(refusal.section)
                refused += 1
                if refused % 25 == 0:  # the engine's path: apply refuses with the same words
                    with pytest.raises(IllegalActionError) as err:
                        rules.apply(state, attempt)
                    assert err.value.reason == refusal.reason
        choices = [a for a in legal if not isinstance(a, Surrender)] or legal
        rules.apply(state, rng.choice(choices))
    assert refused > 300
    assert all(len(causes) == 1 for causes in messages.values())
    assert all(len(s) == 1 for s in sections.values())
    assert len(sections) >= 12, sorted(sections)


def test_a_step_of_another_phase_is_refused_as_such():
    rules, state = start(scenario(make_map(["aaaa"] * 3, {"a": "own"}, [
        ("acity", 1, 1, 3, "own", True, False)]), [province("own", "nationalist", 3)]))
    refusal = diagnose(state, TakeLoss("N-A1"))
    assert refusal.cause == "step" and refusal.section == "14"


def test_the_third_counter_across_the_strait_is_refused_by_the_two_a_turn_limit():
    """Section 7.2: "Only two land counters may pass per turn"."""
    rules, state = real_start()
    board = state.data.board
    assert board.strait is not None
    put(state, "nationalist_navy", board.strait)
    armies = [u for u in state.units.values() if u.family == "army_of_africa"
              and u.where is Where.MAP]
    for army in armies[:2]:
        rules.apply(state, Select(army.id))
        crossing = next(x for x, r in state.reach.items() if r.bridge)
        rules.apply(state, MoveTo(crossing.q, crossing.r))
    assert state.strait_crossings == 2
    rules.apply(state, Select(armies[2].id))
    target = next(x for x in sorted(board.terrain) if hex_distance(x, board.strait) == 2
                  and board.terrain[x] is Terrain.LAND and x not in state.land_at
                  and board.territory.get(x) not in state.data.regions)
    with pytest.raises(IllegalActionError) as err:
        rules.apply(state, MoveTo(target.q, target.r))
    assert err.value.section == "7.2" and "two land counters" in err.value.reason


def _garrison_moved(rows: list[str], start_at: Hex, to: Hex) -> IllegalActionError:
    """The refusal of a Nationalist garrison selected at `start_at` and sent to `to`."""
    sc = scenario(make_map(rows, {"a": "own"}, [("acity", 0, 0, 3, "own", True, False)]),
                  [province("own", "nationalist", 3)])
    rules, state = start(sc)
    garrison = put(state, "nationalist_garrison", start_at)
    rules.apply(state, Select(garrison.id))
    with pytest.raises(IllegalActionError) as err:
        rules.apply(state, MoveTo(to.q, to.r))
    return err.value


def test_a_garrison_into_a_mountain_is_refused_by_the_garrison_rule():
    """Section 7 1b: garrisons "may not move through mountain hexagons"."""
    err = _garrison_moved(["aaAaa", "aaAaa", "aaaaa"], h(1, 1), h(2, 1))
    assert err.section == "7 1b" and "mountain" in err.reason


def test_a_garrison_too_far_is_not_told_about_mountain_hexes_counting_two():
    """Issue 24: the land range's "mountain hexes counting 2" is no rule for a garrison,
    which may not enter one at all (7 1b)."""
    err = _garrison_moved(["aaaaaaaaa"] * 3, h(0, 1), h(8, 1))
    assert "counting 2" not in err.reason and "mountain" in err.reason
    assert err.section == "7 1b"
