"""Dice: seeded rolls are reproducible and logged; scripted dice force outcomes."""

import copy

import pytest

from engine.core.dice import AVERAGING, D6, Dice, DiceExhaustedError, Die, ScriptedDice


def test_same_seed_same_rolls_and_log():
    a, b = Dice(42), Dice(42)
    assert a.roll(10) == b.roll(10)
    assert len(a.log) == 1 and a.log[0].values == b.log[0].values
    assert all(v in D6.faces for v in a.log[0].values)


def test_different_seeds_differ():
    assert Dice(1).roll(20) != Dice(2).roll(20)


def test_custom_faces_only_produce_those_faces():
    values = Dice(3).roll(300, AVERAGING)
    assert set(values) == {2, 3, 4, 5}
    # 3 and 4 appear twice on the die, so they come up about twice as often as 2 and 5
    assert values.count(3) + values.count(4) > values.count(2) + values.count(5)


def test_copy_of_dice_continues_identically():
    d = Dice(9)
    d.roll(3)
    clone = copy.deepcopy(d)
    assert d.roll(5) == clone.roll(5)


def test_shuffle_and_draw_use_the_same_prng():
    a, b = Dice(5), Dice(5)
    deck_a, deck_b = list(range(20)), list(range(20))
    a.shuffle(deck_a)
    b.shuffle(deck_b)
    assert deck_a == deck_b and deck_a != list(range(20))
    assert a.draw(deck_a) == b.draw(deck_b)
    assert len(deck_a) == 19


def test_draw_from_empty_bag_raises():
    with pytest.raises(IndexError):
        Dice(1).draw([])


def test_scripted_dice_give_script_then_fail():
    d = ScriptedDice([6, 1])
    assert d.roll(2, purpose="test") == (6, 1)
    assert d.log[0].purpose == "test"
    with pytest.raises(DiceExhaustedError):
        d.roll_one()


def test_scripted_value_must_be_a_face():
    with pytest.raises(ValueError, match="not a face"):
        ScriptedDice([1]).roll_one(AVERAGING)


def test_scripted_draws():
    d = ScriptedDice(draws=["c"])
    bag = ["a", "b", "c"]
    assert d.draw(bag) == "c" and bag == ["a", "b"]
    with pytest.raises(ValueError):
        ScriptedDice(draws=["z"]).draw(["a"])


def test_die_needs_faces():
    with pytest.raises(ValueError):
        Die("blank", ())


def test_a_deep_copy_of_the_dice_rolls_what_the_original_would_without_moving_it() -> None:
    dice = Dice(7)
    dice.roll(3, purpose="warm up")
    twin = copy.deepcopy(dice)
    assert twin.log == dice.log and twin.log is not dice.log
    ahead = twin.roll(5)
    assert len(dice.log) == 1  # rolling the copy left the original where it was
    assert dice.roll(5) == ahead


def test_a_deep_copy_of_scripted_dice_has_its_own_script() -> None:
    dice = ScriptedDice([6, 1])
    twin = copy.deepcopy(dice)
    assert type(twin) is ScriptedDice
    assert twin.roll_one() == 6
    assert dice.script == [6, 1] and twin.script == [1]
