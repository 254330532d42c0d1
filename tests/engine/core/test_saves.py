"""Saves: round trip by replay, atomic writes, clear errors, bad files left untouched."""

import json
import random

import pytest

from engine.core.saves import SaveError, read_save, restore, write_save
from toygame.rules import SkirmishRules
from toygame.testing import make_session, scenario


def played(seed=7, n=40):
    s = make_session(seed=seed)
    rng = random.Random(seed)
    while len(s.history) < n and s.result() is None:
        s.play(rng.choice(s.legal_actions()))
    return s


def test_round_trip_reaches_the_same_state(tmp_path):
    s = played()
    path = tmp_path / "game.json"
    write_save(path, s, {"blue": "human", "red": "computer"})
    save = read_save(path)
    assert save.players == {"blue": "human", "red": "computer"}
    back = restore(save, SkirmishRules(), scenario())
    assert back.state_hash() == s.state_hash()
    assert [e.action for e in back.history] == [e.action for e in s.history]


def test_overwrite_is_atomic_and_leaves_no_temp_files(tmp_path):
    s = played()
    path = tmp_path / "game.json"
    write_save(path, s)
    write_save(path, s)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def _bad(tmp_path, text):
    path = tmp_path / "bad.json"
    path.write_text(text)
    before = path.read_bytes(), path.stat().st_mtime_ns
    return path, before


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "damaged or truncated"),
        ('{"format": 1, "game": "skir', "damaged or truncated"),
        ("[1, 2]", "not a save file"),
        ('{"format": 99}', "unsupported save format 99"),
        ('{"format": 1, "game": "skirmish"}', "no valid 'scenario' entry"),
    ],
)
def test_bad_files_give_a_clear_message_and_stay_untouched(tmp_path, text, message):
    path, before = _bad(tmp_path, text)
    with pytest.raises(SaveError, match=message):
        read_save(path)
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


def test_missing_file(tmp_path):
    with pytest.raises(SaveError, match="no such save file"):
        read_save(tmp_path / "none.json")


def _tampered(tmp_path, change):
    s = played()
    path = tmp_path / "game.json"
    write_save(path, s)
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    return read_save(path)


def test_changed_scenario_is_reported(tmp_path):
    save = _tampered(tmp_path, lambda d: d.update(scenario_sha256="f" * 64))
    with pytest.raises(SaveError, match="has changed since this game was saved"):
        restore(save, SkirmishRules(), scenario())


def test_other_game_is_reported(tmp_path):
    save = _tampered(tmp_path, lambda d: d.update(game="baler"))
    with pytest.raises(SaveError, match="for the game 'baler'"):
        restore(save, SkirmishRules(), scenario())


def test_damaged_action_is_reported(tmp_path):
    save = _tampered(tmp_path, lambda d: d["actions"].__setitem__(3, {"type": "Teleport"}))
    with pytest.raises(SaveError, match="action 4 of the save is damaged"):
        restore(save, SkirmishRules(), scenario())


def test_illegal_action_is_reported(tmp_path):
    def swap(d):
        d["actions"].insert(0, {"type": "Move", "piece": "r1", "q": 1, "r": -1})

    save = _tampered(tmp_path, swap)
    with pytest.raises(SaveError, match="action 1 of the save is not legal"):
        restore(save, SkirmishRules(), scenario())


def test_wrong_final_hash_is_reported(tmp_path):
    save = _tampered(tmp_path, lambda d: d.update(state_hash="0" * 32))
    with pytest.raises(SaveError, match="did not reach the saved position"):
        restore(save, SkirmishRules(), scenario())
