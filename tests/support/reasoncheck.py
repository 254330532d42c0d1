"""What the tests of the computer's reasons share: a line read as a player reads it (a sentence,
place names, no ids, no coordinates, no raw percentages, never "1 others"), and search figures
made up for an answer so the search's words are told too."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from engine.ai.tree import Answer
from engine.core.actions import Action

COORDINATES = re.compile(r"\d+\s*,\s*-?\d+|\(\s*-?\d+\s*,")
PERCENT = re.compile(r"\d\s*%")


def problems(line: str, ids: Iterable[str]) -> list[str]:
    """What is wrong with a reason line (empty when it reads as it should)."""
    found = []
    if not line or not (line[0].isupper() or line[0].isdigit()):
        found.append(f"not a sentence: {line!r}")
    if COORDINATES.search(line):
        found.append(f"coordinates: {line!r}")
    if PERCENT.search(line):
        found.append(f"a raw percentage: {line!r}")
    if re.search(r"\b1 others\b|\(1 actions\)", line):
        found.append(f"grammar: {line!r}")
    for ident in ids:
        if re.search(rf"(?<![\w'-]){re.escape(ident)}(?![\w'-])", line):
            found.append(f"the id {ident!r}: {line!r}")
    return found


def figures(legal: Sequence[Action], chosen: Action) -> tuple[Answer, ...]:
    """Search figures where looking ahead changed the first idea: the heuristics' first answer
    (another legal one) rated below `chosen`."""
    others = [a for a in legal if a != chosen and not a.concession]
    answers = [Answer(chosen, 30, 0.62, 1)]
    answers += [Answer(a, 10 - i, 0.40 - 0.01 * i, 0 if i == 0 else i + 1)
                for i, a in enumerate(others[:3])]
    return tuple(answers)


def walk(plugin, scenario, seed: int, actions: int, policy, ids: Iterable[str],  # type: ignore[no-untyped-def]
         per_decision: int = 3, label=None) -> tuple[list[str], list[str]]:  # type: ignore[no-untyped-def]
    """Play the game's heuristics (`policy(side, seed)`) for `actions` actions from `scenario`
    and tell up to `per_decision` legal answers of every decision with more than one, with
    made-up search figures; the problems found and every line told."""
    import random

    from engine.ai.agent import without_concessions
    from engine.ai.reasons import Asked, tell
    from engine.core.session import Session
    from engine.ui.computer import game_reasons

    reasons = game_reasons(plugin)
    assert reasons is not None
    rules = plugin.rules
    session = Session(rules, scenario, seed)
    players = {s: policy(s, seed) for s in rules.sides}
    rng = random.Random(seed)
    ident = list(ids)
    found: list[str] = []
    lines: list[str] = []
    for _ in range(actions):
        if session.result() is not None:
            break
        legal = session.legal_actions()
        st = session.state
        side = st.decision.player
        options = without_concessions(legal)
        if len(options) > 1:
            for action in rng.sample(options, min(per_decision, len(options))):
                told = tell(reasons, Asked(rules, st, side, action,
                                           label or (lambda a: a.describe()),
                                           figures(legal, action), level="normal"))
                if told.line:
                    lines.append(told.line)
                    found += problems(told.line, ident)
        session.play(players[side].choose(rules, st, legal))
    return found, lines
