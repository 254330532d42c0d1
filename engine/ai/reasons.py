"""A computer's move told in the game's words: one line a player reads in the log, and the
statistics behind it, opened on request.

Each game writes its own words (`GameReasons`: `<game>/ai/reasons.py`, named by the plugin's
`reasons`): what the action did ("Plunders Cavite") and its main reason in game terms ("+1 AP,
Spanish Morale −1"; "3 against 3 with 10 F.E.C.: about even"). This module puts the parts
together the same way for every game, turns the figures into words ("about even", "likely",
"about 1 in 3": never a raw percentage in the line) and writes the detail (the search's
simulations, its rating of the answer and of the others it tried).

What it may show: the line and the detail go to every player at the table, so they say
nothing the action itself does not show. At a private decision (a card chosen face down, a
discard) the game says whether naming the answer shows something hidden (`shown`); when it
does, the line only says what kind of choice was made (`hidden`) and the detail names no
other answer. The reasons read the state only for what the deciding side's opponent may see
as well (the board, the tracks, the combat on the table), or what the action makes public.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.core.actions import Action
from engine.core.game import Rules

UNINFORMATIVE = ("the heuristics' best answer to", "the only answer", "picked at random",
                 "the heuristics' answer", "the search preferred it to")
"""How a level's own reason goes on when it says nothing the log does not (the search's
figures are told from its `values` instead)."""


@dataclass(frozen=True, slots=True)
class Asked:
    """One decision of a computer side (or of the hint for a human side), to be told.

    `state` is the position the side decided in; a game's reasons read from it only what the
    table may see. `label` names an action as the screen does (for the generic words).
    `values` are the search's root answers (engine.ai.tree.Answer: action, visits, mean,
    rank), most visited first; `detail` and `own` the level's statistics and its own reason
    line; `level` its name ("easy", "normal", "hard", "bot"), "" when unknown."""

    rules: Rules[Any]
    state: Any
    side: str
    action: Action
    label: Callable[[Action], str] = field(default=lambda a: a.describe())
    values: tuple[Any, ...] = ()
    detail: str = ""
    own: str = ""
    level: str = ""
    hint: bool = False
    """Asked for a hint to a human side: every answer is told, even one the log keeps
    silent."""

    @property
    def private(self) -> bool:
        """The decision answers with hidden information (a hand, a face-down choice) and the
        words go to others than the deciding side (a hint goes only to that side, on its own
        view)."""
        return bool(getattr(self.state.decision, "private", False)) and not self.hint

    def about(self, action: Action) -> Asked:
        """The same decision, asked about another of its answers."""
        return Asked(self.rules, self.state, self.side, action, self.label, self.values,
                     self.detail, self.own, self.level, self.hint)


@dataclass(frozen=True, slots=True)
class Told:
    """A move told: the log's line, and the detail a player may open ("" when none)."""

    line: str
    detail: str = ""


class GameReasons(Protocol):
    """A game's words for its actions (one object per game, named by the plugin's
    `reasons`)."""

    def what(self, asked: Asked) -> str:
        """What the action does, in the third person and the rulebook's words, with place
        names ("Plunders Cavite", "Moves the Nationalist army at Cádiz to Sevilla")."""
        ...

    def why(self, asked: Asked) -> str:
        """Its main reason in game terms ("+1 AP, Spanish Morale −1"), "" when the game has
        nothing to add."""
        ...

    def shown(self, asked: Asked) -> bool:
        """Whether naming the action shows nothing hidden (asked at private decisions only)."""
        ...

    def hidden(self, asked: Asked) -> str:
        """The line of a private answer that may not be named ("Chooses its initiative card
        face down")."""
        ...


class QuietReasons(GameReasons, Protocol):
    """A game's words that keep some answers out of the log (`silent`): a step told with the
    next one, such as a counter selected before its move."""

    def silent(self, asked: Asked) -> bool: ...


# --- figures in words ------------------------------------------------------------------------

_FRACTIONS = ((1, 6), (1, 4), (1, 3), (1, 2), (2, 3), (3, 4), (5, 6))


def odds(p: float) -> str:
    """A chance as a player says it: "about even", "about 1 in 3", "about 5 in 6", "almost
    certain", "almost no chance"."""
    if p >= 0.97:
        return "almost certain"
    if p <= 0.03:
        return "almost no chance"
    if 0.45 <= p <= 0.55:
        return "about even"
    num, den = min(_FRACTIONS, key=lambda f: abs(f[0] / f[1] - p))
    return f"about {num} in {den}"


def likelihood(p: float) -> str:
    """A chance as one word or two: "almost certain", "likely", "about even", "unlikely", "a
    long shot"."""
    if p >= 0.9:
        return "almost certain"
    if p >= 0.6:
        return "likely"
    if p > 0.4:
        return "about even"
    if p > 0.15:
        return "unlikely"
    return "a long shot"


def prospects(p: float) -> str:
    """A side's chance of winning the game as a player says it."""
    if p >= 0.85:
        return "winning"
    if p >= 0.6:
        return "ahead"
    if p > 0.4:
        return "an even game"
    if p > 0.15:
        return "behind"
    return "losing"


def plural(count: int, one: str, many: str | None = None) -> str:
    """"1 answer", "3 answers": never "1 others"."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


def join_words(parts: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    items = [p for p in parts if p]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


# --- the search's figures --------------------------------------------------------------------

def tried(values: Sequence[Any]) -> list[Any]:
    """The search's root answers that were tried at least once, most visited first."""
    return [v for v in values if getattr(v, "visits", 0) > 0]


CLEAR = 0.08
"""A lead in the search's rating of the side's chances that counts as clear."""


def search_words(asked: Asked, name: Callable[[Asked], str] | None = None) -> str:
    """What the search's figures add to the line, in words: that looking ahead changed its
    first idea (named by `name` at a decision that shows nothing hidden), or that the answer
    was clearly the best it played out; "" when they add nothing (no search, one answer
    tried, answers close together: the detail has the figures). Never counts the answers at
    a private decision (their number may tell what the hand holds)."""
    answers = tried(asked.values)
    chosen = next((v for v in answers if v.action == asked.action), None)
    if chosen is None or len(answers) < 2:
        return ""
    others = [v for v in answers if v is not chosen]
    gap = chosen.mean - max(v.mean for v in others)
    first = min(asked.values, key=lambda v: v.rank)
    if first.action != asked.action:
        if name is not None and not asked.private:
            return f"looking ahead, better than its first idea ({name(asked.about(first.action))})"
        return "looking ahead, better than its first idea"
    if gap >= CLEAR:
        if asked.private:
            return "clearly its best answer"
        return f"clearly the best of {plural(len(answers), 'answer')} it played out"
    return ""


def statistics(asked: Asked, name: Callable[[Asked], str]) -> str:
    """The detail behind a move: the level, the search's simulations and its rating of the
    answer and, at a decision that shows nothing hidden, of the other answers it tried (named
    by `name`); the level's own statistics when it searched nothing."""
    lines: list[str] = []
    level = f"{asked.level.title()} level" if asked.level else "The computer"
    answers = tried(asked.values)
    chosen = next((v for v in answers if v.action == asked.action), None)
    if chosen is not None:
        total = sum(v.visits for v in answers)
        lines.append(f"{level}: {plural(total, 'simulation')} of the game from this position.")
        lines.append(f"After this answer it rates its side's chances at {chosen.mean:.0%} "
                     f"({prospects(chosen.mean)}; {plural(chosen.visits, 'simulation')}).")
        others = [v for v in answers if v is not chosen]
        if others and not asked.private:
            named = [f"{name(asked.about(v.action))}: {v.mean:.0%} "
                     f"({plural(v.visits, 'simulation')})" for v in others[:4]]
            more = len(others) - len(named)
            tail = f"; and {plural(more, 'other')}" if more > 0 else ""
            lines.append("Other answers it played out: " + "; ".join(named) + tail + ".")
        elif others:
            lines.append("The other answers it played out are not named: they would show "
                         "its hidden cards.")
    elif asked.detail:
        lines.append(f"{level}: {asked.detail}.")
    elif asked.level == "easy":
        lines.append("Easy level: its rules of thumb on one guess at what it cannot see, "
                     "without looking ahead.")
    return "\n".join(lines)


def own_words(asked: Asked) -> str:
    """The level's own reason without the action's name, "" when it says nothing the log
    does not ("the heuristics' answer", "picked at random")."""
    own = asked.own.strip()
    described = asked.action.describe()
    if own.startswith(described):
        own = own[len(described):].lstrip(":").strip()
    if not own or own.startswith(UNINFORMATIVE):
        return ""
    return own


# --- telling ---------------------------------------------------------------------------------

class PlainReasons:
    """The words of a game without its own: the action as the screen names it, and the
    level's own reason when it says something."""

    def what(self, asked: Asked) -> str:
        return asked.label(asked.action)

    def why(self, asked: Asked) -> str:
        return own_words(asked)

    def shown(self, asked: Asked) -> bool:
        return False

    def hidden(self, asked: Asked) -> str:
        prompt = getattr(asked.state.decision, "prompt", "")
        return f"Answers \"{prompt}\" (its choice is hidden)" if prompt else \
            "Makes a hidden choice"


PLAIN = PlainReasons()


def tell(reasons: GameReasons | None, asked: Asked) -> Told:
    """The line and the detail of a move: `what: why`, the search's words after the game's
    (or alone when the game has none), nothing that the action does not show."""
    words = reasons or PLAIN
    silent = getattr(words, "silent", None)
    if not asked.hint and silent is not None and silent(asked):
        return Told("")
    private = asked.private and not words.shown(asked)
    if private:
        line = words.hidden(asked)
        detail = statistics(_private(asked), words.what)
        return Told(line, detail)
    what = words.what(asked)
    why = words.why(asked)
    looked = search_words(asked, words.what)
    if why and looked:
        line = f"{what}: {why}; {looked}"
    elif why or looked:
        line = f"{what}: {why or looked}"
    else:
        line = what
    return Told(line, statistics(asked, words.what))


def _private(asked: Asked) -> Asked:
    """`asked` with nothing of the hidden answer left for the detail: no other answer named,
    no own reason (which names the answer)."""
    return Asked(asked.rules, asked.state, asked.side, asked.action, asked.label,
                 asked.values, asked.detail, "", asked.level, asked.hint)


def game_reasons(plugin: Any) -> GameReasons | None:
    """The game's words for its moves (its plugin's `reasons`), None when it has none or they
    cannot be loaded (the actions are then told as the screen names them)."""
    from engine.plugins import PluginError, load_object

    if not getattr(plugin, "reasons", ""):
        return None
    try:
        found: GameReasons = load_object(plugin.reasons)
    except PluginError:
        return None
    return found


def tell_move(reasons: GameReasons | None, asked: Asked) -> Told:
    """The reason line and detail of a move; a game's words that fail leave the plain ones (a
    slip in a game's reasons must never stop the game)."""
    try:
        return tell(reasons, asked)
    except Exception:  # the boundary: the move is played and logged all the same
        return tell(None, asked)


def trivial(agent: object) -> bool:
    """Whether the agent's last choice needs no reason in the log: the only answer it had,
    or one picked at random (the log's own line says what was done)."""
    reason = str(getattr(agent, "last_reason", "") or "")
    return reason.endswith((": the only answer", ": picked at random"))


def asked_of(rules: Rules[Any], state: Any, side: str, action: Action, agent: object,
             label: Callable[[Action], str], level: str) -> Asked:
    """The question for `tell_move` about `agent`'s last choice `action`."""
    return Asked(rules, state, side, action, label,
                 values=tuple(getattr(agent, "last_values", ()) or ()),
                 detail=str(getattr(agent, "last_detail", "") or ""),
                 own=str(getattr(agent, "last_reason", "") or ""), level=level)


def choose_and_tell(plugin: Any, agent: Any, side: str, level: str, state: Any,
                    legal: list[Action]) -> tuple[Action, Told | None]:
    """A computer seat's move on `state` (its position before the move, untouched), and its
    reason in the game's words; None when the level says only that a lone answer or chance
    chose it. For a seat that is not at a screen (a server's computer seat)."""
    action: Action = agent.choose(plugin.rules, state, legal)
    if trivial(agent):
        return action, None
    asked = asked_of(plugin.rules, state, side, action, agent,
                     lambda a: a.describe(), level)
    told = tell_move(game_reasons(plugin), asked)
    return action, told if told.line else None
