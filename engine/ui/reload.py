"""F5 in a game: read the scenario's files again and go on with the same game on them.

The manifest the game was started from is loaded and validated again. When it has problems,
they are shown with their file:line:col and quoted line, and the game is left exactly as it was.
Otherwise the game is rebuilt on the new files with its own seed (`engine.core.rebuild`): its
actions are replayed while they still apply. If one no longer does, the game goes on from the
position before it, a dialog says which action it was (its number, side, turn and the rules'
reason) and the game as it was before the reload is kept in the saves folder.

What the dialog says never shows more than the person at the screen may see: an action of
another side is named only when nothing in it was hidden from this side (its decision was not a
private one and every event it made is visible to this side); otherwise the dialog says only
whose it was and in which turn. The screen changes hands as usual afterwards, so a hot-seat
reload that stops at another player's decision shows the hand-off screen, not that player's
view.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Final, Protocol

import pygame

from engine import paths
from engine.core.files import display, is_regular_file, printable
from engine.core.game import GamePlugin
from engine.core.rebuild import RebuildError, Rebuilt, Stop, rebuild
from engine.core.session import Session
from engine.loading import LoadError, load_game_scenario
from engine.ui.adapter import GameUI
from engine.ui.app import App
from engine.ui.autosave import write_new_save
from engine.ui.widgets.dialog import Dialog


class Reloading(Protocol):
    """What a reload asks of the game screen (`engine.ui.game_scene.GameScene`)."""

    @property
    def app(self) -> App: ...

    @property
    def plugin(self) -> GamePlugin: ...

    @property
    def session(self) -> Session: ...

    @property
    def gameui(self) -> GameUI: ...

    @property
    def players(self) -> Mapping[str, str]: ...

    @property
    def viewer(self) -> str | None:
        """The side whose view the screen shows (None: the public view)."""
        ...

    def side_name(self, side: str | None) -> str: ...

    def show_dialog(self, dialog: Dialog) -> None: ...

    def adopt(self, session: Session) -> None:
        """Go on with the game on `session` (the rebuilt one)."""
        ...

    def flush_autosave(self) -> Path | None: ...

SAY_FIRST: Final = 300
"""A game this long is said to be reloading before the work starts: replaying a whole game of
La Guerra de España (about 1,500 actions) takes 1.5 s of CPU."""
SHOWN_PROBLEMS: Final = 12
"""Problems listed in the error dialog; `wargames validate` lists the others."""
_CARET: Final = re.compile(r"^\s+\|\s*\^\s*$")
"""The caret line under a quoted source line: it only lines up in a fixed-width font."""


def manifest_of(session: Session) -> Path:
    """The scenario manifest a session was started from."""
    return paths.scenario_path(session.scenario.path)


def reload_scenario(scene: Reloading) -> Rebuilt | None:
    """F5: reload the scene's scenario from disk and rebuild its game on it (see the module
    docstring). Returns what was rebuilt, or None when the game was left as it was."""
    old = scene.session
    manifest = manifest_of(old)
    if not is_regular_file(manifest):
        scene.show_dialog(Dialog("Cannot reload the scenario",
                                 f"{display(manifest)} is no longer a scenario file. The game "
                                 "goes on as it was.", [("OK", None)]))
        return None
    if len(old.history) >= SAY_FIRST:
        scene.app.toast(f"Reloading {display(manifest.name)}: replaying {len(old.history)} "
                        "actions…")
        scene.app.draw()
        pygame.display.flip()
    try:
        scenario = load_game_scenario(scene.plugin, manifest)
        rebuilt = rebuild(old.rules, scenario, old.seed, old.history, fresh=old.fresh,
                          setup_rolls=old.setup_rolls)
    except LoadError as err:
        scene.show_dialog(problems_dialog(err, manifest))
        return None
    except RebuildError as err:
        scene.show_dialog(Dialog("Cannot reload the scenario",
                                 f"{printable(str(err))}. The game goes on as it was.",
                                 [("OK", None)]))
        return None
    except Exception as err:  # the boundary: whatever the files hold, the game is not lost
        scene.show_dialog(Dialog("Cannot reload the scenario",
                                 f"{display(manifest)}: {type(err).__name__}. The game goes on "
                                 "as it was.", [("OK", None)]))
        return None
    kept = _keep_copy(scene, old) if rebuilt.stop is not None else None
    told = stop_text(scene, old, rebuilt, kept) if rebuilt.stop is not None else ""
    scene.adopt(rebuilt.session)
    scene.flush_autosave()
    if rebuilt.stop is None:
        same = "no file had changed" if scenario.sha256 == old.scenario.sha256 \
            else "the changed files apply"
        scene.app.toast(f"Reloaded {display(manifest.name)}: all {rebuilt.total} actions "
                        f"replayed ({same}).")
    else:
        scene.show_dialog(Dialog(f"Replay stopped at action {rebuilt.stop.number} of "
                                 f"{rebuilt.total}", told, [("Play on from here", None)]))
    return rebuilt


def problems_dialog(problems: LoadError | str, manifest: Path) -> Dialog:
    """The validation problems of a reload, each `file:line:col: message` with its line quoted,
    the files named from the scenario's folder (given once above them). Only the first
    `SHOWN_PROBLEMS` are rendered, however many the files have."""
    folder = f"{manifest.parent}/"
    listed = problems.problems if isinstance(problems, LoadError) else ()
    text = "\n".join(p.render() for p in listed[:SHOWN_PROBLEMS]) if listed else str(problems)
    blocks: list[list[str]] = []
    for line in without_carets(text):
        if not line.startswith(" ") or not blocks:
            blocks.append([line.removeprefix(folder)])
        else:
            blocks[-1].append(line)
    total = sum(p.stands_for for p in listed) or len(blocks)
    shown = "\n\n".join("\n".join(block) for block in blocks[:SHOWN_PROBLEMS])
    more = total - sum(p.stands_for for p in listed[:SHOWN_PROBLEMS]) if listed \
        else total - SHOWN_PROBLEMS
    tail = f"\n\n{more:,} more: 'wargames validate {display(manifest)}' lists more of them." \
        if more > 0 else ""
    count = f"{total:,} problem{'s' if total != 1 else ''}"
    return Dialog("The scenario has errors",
                  f"Nothing was reloaded: the game goes on as it was. Fix the {count} below and "
                  f"press F5 again. The files are in {display(folder)}\n\n{shown}{tail}",
                  [("OK", None)])


def without_carets(problems: str) -> list[str]:
    """The lines of rendered problems made printable, without the caret lines under the quoted
    source lines (they only line up in a fixed-width font, and dialogs use another)."""
    return [line for line in printable(problems).splitlines() if not _CARET.match(line)]


def stop_text(scene: Reloading, old: Session, rebuilt: Rebuilt, kept: str | None) -> str:
    """What the "replay stopped" dialog says, as far as the viewer may see it."""
    stop = rebuilt.stop
    assert stop is not None
    entry = stop.entry
    who = scene.side_name(entry.player)
    if may_see(old, stop, scene.viewer):
        label = _label(scene, stop)
        why = stop.reason.rstrip(".")
        if stop.decider != entry.player and stop.decider is not None:
            why = f"at that point {scene.side_name(stop.decider)} decides, not {who}"
        cited = f"{why} ({stop.section})" if stop.section else why
        what = (f"Action {stop.number}, {who} in turn {entry.turn}: \"{label}\", no longer "
                f"applies: {cited}.")
    else:
        what = (f"Action {stop.number}, a choice of {who} in turn {entry.turn}, no longer "
                "applies (what it was is hidden from your side).")
    before = "No action could be replayed." if stop.number == 1 else \
        f"Actions 1 to {stop.number - 1} were replayed."
    dropped = rebuilt.total - stop.number
    after = f" and the {dropped} after it were" if dropped > 1 else \
        " and the one after it was" if dropped == 1 else " was"
    lines = [f"The scenario files were read again. {before}", "", what, "",
             f"The game goes on from the position before it; that action{after} dropped."]
    if kept:
        lines.append(kept)
    return printable("\n".join(lines))


def may_see(old: Session, stop: Stop, viewer: str | None) -> bool:
    """Whether the viewer may be told what the stopped action was: their own, or one whose
    decision was public and whose events they all saw."""
    entry = stop.entry
    if viewer is not None and entry.player == viewer:
        return True
    if not entry.events or not all(e.visible(viewer) for e in entry.events):
        return False
    try:
        decision = old.state_at(entry.index).decision
    except Exception:  # the old game's own replay: if it fails, tell nothing more
        return False
    return not decision.private


def _label(scene: Reloading, stop: Stop) -> str:
    try:
        return str(scene.gameui.action_label(stop.entry.action))
    except Exception:  # an action of the old files the new ones cannot name
        return stop.entry.action.describe()


def _keep_copy(scene: Reloading, old: Session) -> str:
    """Save the game as it was before a reload that drops actions; the sentence saying where."""
    stem = f"{scene.plugin.id}-before-reload-{datetime.now():%Y%m%d-%H%M%S}"
    try:
        path = write_new_save(paths.saves_dir(), stem, old, scene.players)
    except Exception as err:  # the disk's failure is told, never raised into the game
        reason = paths.user_data_problem() or f"{type(err).__name__}: {err}"
        return f"The game before the reload could not be kept: {reason}."
    return f"The whole game as it was before the reload is kept in {path} (it loads again " \
        "with the files as they were)."
