"""La Guerra de España read at a glance (issue 24): hexes named by their city or by where they
lie from one, a warship's move naming the coast it is off, both attackers of a combat in the
log (a garrison's range refusal: test_guerra_refusals.py)."""

from __future__ import annotations

import re

from guerra_kit import h, make_map, province, put, real_start, scenario, start

from engine.core.hexgrid import hex_distance, hex_neighbor
from guerra.rules.actions import AddAttacker, Attack, EndMovement, Resolve
from guerra.rules.counters import compass, hex_place


def test_every_hex_is_named_by_a_city_never_by_its_coordinates():
    _, state = real_start()
    data = state.data
    board = data.board
    for cell in board.cells:
        text = hex_place(data, cell)
        assert not re.search(r"\d+,\d+", text), text
        if cell in board.cities:
            assert text == board.cities[cell].name
        elif board.is_sea(cell):
            assert re.fullmatch(r"the (open )?sea off [^\d]+", text), text
        else:
            assert re.fullmatch(r"\d+ hex(es)? [a-z-]+ of [^\d]+", text), text
    toledo = board.city_by_id["toledo"].hex
    assert compass(toledo, h(0, 0)) in ("north-west", "north")


def test_a_warship_moves_from_one_coast_to_another():
    """The log said "from the open sea to the open sea"."""
    _, state = real_start()
    data = state.data
    cartagena = data.board.city_by_id["cartagena"].hex
    near = min((c for c in data.board.cells if data.board.is_sea(c)),
               key=lambda c: hex_distance(c, cartagena))
    assert hex_place(data, near) == "the sea off Cartagena"


def test_a_combat_with_two_attackers_logs_both():
    sc = scenario(make_map(["xxxxxxyyyyyy"] * 4, {"x": "xland", "y": "yland"}, [
        ("xcity", 2, 2, 3, "xland", True, False), ("ycity", 10, 2, 3, "yland", True, False)]),
        [province("xland", "nationalist"), province("yland", "republican")])
    rules, state = start(sc, level="basic")
    target = put(state, "republican_army", h(6, 1), "republican")
    first = put(state, "nationalist_army", h(5, 1))
    second = put(state, "nationalist_army", hex_neighbor(target.hex, 2))
    rules.apply(state, EndMovement())
    state.dice.push(4, 2)
    lines: list[str] = []
    for action in (Attack(first.id, target.id), AddAttacker(second.id), Resolve(False)):
        lines += [e.text for e in rules.apply(state, action)]
    joined = "\n".join(lines)
    assert "Nationalist Army from" in joined and "joins the attack" in joined
    assert re.search(r"Combat: Nationalist Army \([^)]*\) and Nationalist Army \([^)]*\) "
                     r"against Republican Army", joined), joined
