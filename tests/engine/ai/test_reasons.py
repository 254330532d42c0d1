"""The computer's reasons put together (engine.ai.reasons): chances in words, the search's
figures in words only where they add something, the statistics in the detail, and nothing of
a hidden answer in either."""

from __future__ import annotations

from dataclasses import dataclass

from engine.ai.reasons import Asked, PlainReasons, likelihood, odds, plural, search_words, tell
from engine.ai.tree import Answer
from engine.core.actions import Action
from engine.core.game import Decision


@dataclass(frozen=True, slots=True)
class Pick(Action):
    n: int

    def describe(self) -> str:
        return f"Pick {self.n}"


@dataclass
class Position:
    decision: Decision


def asked(action: Action, values: tuple[Answer, ...] = (), private: bool = False,
          level: str = "normal", own: str = "") -> Asked:
    state = Position(Decision("red", "pick", "Pick a number", private=private))
    return Asked(None, state, "red", action, lambda a: f"Number {a.n}", values,  # type: ignore[arg-type, attr-defined]
                 level=level, own=own)


def test_chances_are_said_in_words_never_as_percentages():
    assert odds(0.5) == "about even"
    assert odds(1 / 3) == "about 1 in 3"
    assert odds(0.82) == "about 5 in 6"
    assert odds(0.99) == "almost certain"
    assert odds(0.01) == "almost no chance"
    assert likelihood(0.7) == "likely" and likelihood(0.1) == "a long shot"
    assert plural(1, "other") == "1 other" and plural(3, "other") == "3 others"


def test_the_search_is_told_only_when_it_changed_the_first_idea_or_clearly_won():
    one, two, three = Pick(1), Pick(2), Pick(3)
    changed = (Answer(two, 30, 0.60, 1), Answer(one, 12, 0.50, 0), Answer(three, 1, 0.2, 2))
    assert search_words(asked(two, changed), lambda a: f"Picks {a.action.n}") == \
        "looking ahead, better than its first idea (Picks 1)"
    close = (Answer(one, 30, 0.51, 0), Answer(two, 28, 0.50, 1))
    assert search_words(asked(one, close)) == ""
    clear = (Answer(one, 50, 0.70, 0), Answer(two, 2, 0.40, 1))
    assert search_words(asked(one, clear)) == "clearly the best of 2 answers it played out"
    assert search_words(asked(one, (Answer(one, 9, 0.5, 0),))) == ""


def test_a_private_answer_is_not_counted_nor_its_first_idea_named():
    one, two = Pick(1), Pick(2)
    changed = (Answer(two, 30, 0.60, 1), Answer(one, 12, 0.50, 0))
    words = search_words(asked(two, changed, private=True), lambda a: "Picks 1")
    assert words == "looking ahead, better than its first idea"


def test_the_statistics_go_to_the_detail_with_the_others_named_at_a_public_decision():
    one, two, three = Pick(1), Pick(2), Pick(3)
    values = (Answer(one, 40, 0.56, 0), Answer(two, 8, 0.40, 1), Answer(three, 1, 0.3, 2))
    told = tell(None, asked(one, values))
    assert told.line == "Number 1: clearly the best of 3 answers it played out"
    assert "Normal level: 49 simulations" in told.detail
    assert "56%" in told.detail and "Number 2: 40% (8 simulations)" in told.detail
    assert "Number 3: 30% (1 simulation)" in told.detail
    assert "1 others" not in told.detail


class Hidden(PlainReasons):
    def shown(self, asked: Asked) -> bool:
        return False

    def hidden(self, asked: Asked) -> str:
        return "Lays a card face down"


def test_a_hidden_answer_is_told_by_its_kind_and_the_detail_names_no_other():
    one, two = Pick(1), Pick(2)
    values = (Answer(one, 40, 0.56, 0), Answer(two, 8, 0.40, 1))
    told = tell(Hidden(), asked(one, values, private=True, own="Pick 1: the best card"))
    assert told.line == "Lays a card face down"
    assert "Number" not in told.detail and "best card" not in told.detail
    assert "not named" in told.detail


def test_a_plain_game_names_the_action_and_keeps_the_levels_own_reason():
    told = tell(None, asked(Pick(4), level="easy", own="Pick 4: closing in"))
    assert told.line == "Number 4: closing in"
    assert told.detail.startswith("Easy level")
    own = "Pick 4: the heuristics' best answer to pick"
    told = tell(None, asked(Pick(4), level="easy", own=own))
    assert told.line == "Number 4"


class Broken(PlainReasons):
    def why(self, asked: Asked) -> str:
        raise KeyError("slip")


def test_a_slip_in_a_games_words_leaves_the_plain_line():
    from engine.ui.computer import tell_move

    told = tell_move(Broken(), asked(Pick(2), level="easy"))
    assert told.line == "Number 2"
