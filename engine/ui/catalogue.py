"""The installed scenarios as the launcher and the online screen list them (the game's default
first, each by its `title:` line), and a game's opening options (the table's first question)
asked as rows of choices before the game starts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core.files import display, read_limited

if TYPE_CHECKING:
    from engine.core.actions import Action
    from engine.core.game import GamePlugin, Scenario
    from engine.ui.adapter import GameUI
    from engine.ui.widgets.dialog import ChoiceRow

OPTION_PARTS = " · "
"""How a game's label of an options answer separates its parts ("Basic · 2 players · a tie
ends the game"): one launcher row per part."""


def scenario_title(path: Path) -> str:
    """The `title:` line of a scenario manifest, for its button (the file name if none)."""
    try:
        head = read_limited(path, 1 << 20)[:2000].decode("utf-8", "replace")
    except OSError:
        return display(path.stem)
    for line in head.splitlines():
        if line.startswith("title:"):
            title = line.partition(":")[2].strip().strip("\"'")
            if title:
                return display(title)
    return display(path.stem.replace("_", " ").replace("-", " ").capitalize())


def ordered_scenarios(plugin: GamePlugin, files: list[Path]) -> list[Path]:
    """The game's default scenario first, then the others by file name."""
    return sorted(files, key=lambda path: (path.name != plugin.default_scenario, path.name))


def scenario_players(plugin: GamePlugin, scenario: Scenario) -> dict[str, str]:
    """The players value of each seat the scenario is made for a level to play (Filipinas'
    solo scenario: "computer:bot" for Spain), which the launcher and the online host dialog
    start on (engine.ai.registry.scenario_levels)."""
    from engine.ai.registry import scenario_levels

    return {side: f"computer:{level}" for side, level in scenario_levels(plugin, scenario).items()}


@dataclass(frozen=True)
class TableOptions:
    """The game's opening question to the whole table (its options: a `table` decision before
    anything else), asked in the launcher as one row per part of its answers' labels."""

    question: str
    section: str
    rows: tuple[tuple[str, tuple[str, ...]], ...]
    actions: Mapping[tuple[str, ...], Action]
    gameui: GameUI
    """The game's screen part the labels were read from, handed on to the game screen."""
    seats: Mapping[tuple[str, ...], tuple[str, ...] | None]
    """The seats in play after each answer (None: every seat), for the seats outside it to
    stay empty."""

    def choice_rows(self, picked: Sequence[str | None] = ()) -> list[ChoiceRow]:
        """A row of a dialog per part of the answers, each on its `picked` value (a value
        remembered from last time) where it has one, else on its first."""
        from engine.ui.widgets.dialog import ChoiceRow  # pygame: only when a dialog is built

        rows = []
        for i, (label, values) in enumerate(self.rows):
            value = picked[i] if i < len(picked) else None
            rows.append(ChoiceRow(label, tuple(v[:1].upper() + v[1:] for v in values),
                                  values.index(value) if value in values else 0))
        return rows

    def chosen(self, rows: Sequence[ChoiceRow]) -> tuple[str, ...]:
        """The parts of the answer `rows` (from `choice_rows`) show."""
        return tuple(values[row.selected]
                     for row, (_, values) in zip(rows, self.rows, strict=True))


def table_options(plugin: GamePlugin, scenario: Scenario) -> TableOptions | None:
    """The launcher's rows for the game's options, when its first decision is a table
    decision whose answers are every combination of a few parts (Guerra: level, players, tie
    agreement, section 4); None otherwise (the game then asks on its own screen)."""
    from itertools import product

    from engine.core.session import Session
    from engine.ui.game_scene import build_gameui

    try:
        session = Session(plugin.rules, scenario, 0)
        decision = session.decision
        if not decision.table:
            return None
        legal = session.legal_actions()
        gameui = build_gameui(plugin, session)
        labels = {tuple(gameui.action_label(a).split(OPTION_PARTS)): a for a in legal}
    except Exception:  # the game asks on its own screen
        return None
    sizes = {len(parts) for parts in labels}
    if len(labels) != len(legal) or len(legal) < 2 or len(sizes) != 1:
        return None
    columns = [tuple(dict.fromkeys(parts[i] for parts in labels)) for i in range(sizes.pop())]
    if len(columns) < 2 or set(product(*columns)) != set(labels):
        return None
    names = _option_names(len(columns))
    return TableOptions(decision.prompt, decision.section or "",
                        tuple(zip(names, columns, strict=True)), labels, gameui,
                        _seats_after(plugin, session.state, labels))


def seats_in_play(plugin: GamePlugin, state: Any) -> tuple[str, ...] | None:
    """The seats that decide in this game once its options are chosen (the rules' `seats`:
    Guerra's second seats only in a game of three or four), None when every seat does, the
    game does not say, or the options are still to be chosen."""
    query = getattr(plugin.rules, "seats", None)
    if query is None or getattr(getattr(state, "decision", None), "table", False):
        return None
    try:
        found = tuple(str(seat) for seat in query(state))
    except Exception:  # a game's slip: every seat may play
        return None
    return found if set(found) != set(plugin.sides) else None


def _seats_after(plugin: GamePlugin, state: Any,
                 answers: Mapping[tuple[str, ...], Action]) -> dict[tuple[str, ...],
                                                                  tuple[str, ...] | None]:
    """The seats in play after each answer to the options, tried on copies of the position."""
    from engine.core.sampling import copy_state

    found: dict[tuple[str, ...], tuple[str, ...] | None] = {}
    for parts, action in answers.items():
        probe = copy_state(state)
        try:
            plugin.rules.apply(probe, action)
        except Exception:  # an answer the game refuses here: nothing known of its seats
            found[parts] = None
            continue
        found[parts] = seats_in_play(plugin, probe)
    return found


def _option_names(count: int) -> tuple[str, ...]:
    """Row names for the parts of an options answer, in the order games write them."""
    known = ("Level", "Players", "Agreement")
    return tuple(known[i] if i < len(known) else f"Option {i + 1}" for i in range(count))
