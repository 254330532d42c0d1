"""The launcher: the installed games and their scenarios, each with its description, who plays
each side (Human, or the computer at one of the levels the game offers that seat: Easy, Normal,
Hard, and the solo bot of Filipinas' Spain), loading saved games, and the functions the command
line starts the app with.

Scenario loading is a callable passed in (`load_scenario(plugin, path) -> Scenario`), so the
launcher does not depend on the YAML layer. Every failure (a scenario error, a damaged save, a
game that is not installed, an unusable data folder) is shown in a dialog with its message,
never as a traceback; a bad save file is only read, never changed (DESIGN.md §8).

The load list shows for each save its game, scenario, turn and phase, who plays each side (the
computer's level named; a save that names none plays the game's default level, and says so) and
when it was saved. The last game, scenario and players chosen are remembered in the settings
(`Settings.launcher`: "game", "scenario", and "player:<game>:<side>").
"""

from __future__ import annotations

import contextlib
import secrets
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from engine import paths, plugins
from engine.core.files import display, printable
from engine.ui import colors, crash
from engine.ui import widgets as w
from engine.ui.app import App
from engine.ui.catalogue import (
    ordered_scenarios,
    scenario_players,
    scenario_title,
    seats_in_play,
    table_options,
)
from engine.ui.scene import Scene
from engine.ui.widgets.button import Button
from engine.ui.widgets.dialog import ChoiceRow, Dialog
from engine.ui.widgets.prompt import Option, Prompt

if TYPE_CHECKING:
    # The game and replay screens, saves and the YAML layer (pydantic) are imported when first
    # used, so the window maps before them (issue 10: importing this module took 0.41-0.50 s
    # of CPU with them, 0.15-0.23 s without).
    from engine.ai.agent import Agent
    from engine.core.actions import Action
    from engine.core.game import GamePlugin, Scenario
    from engine.core.saves import SaveFile
    from engine.core.session import Session
    from engine.ui.adapter import GameUI

ScenarioLoader = Callable[["GamePlugin", Path], "Scenario"]
EMPTY = "empty"
"""The players value of a seat outside the number of players chosen (it never decides and
is not saved): engine.core.saves.EMPTY_SEAT, spelt here so the launcher opens without the saves
module."""
LISTED_SAVES = 40
"""The load list shows the newest saves only; each one is read to describe it."""
MESSAGE_LIMIT = 4000
NO_GAMES = ("No games are installed. Install a game package (Heroes of Baler, Filipinas "
            "1896-1898 or La Guerra de España), or name one in the WARGAMES_PLUGINS "
            "environment variable as module:attribute.")


def seat_choices(plugin: GamePlugin, side: str) -> tuple[tuple[str, str], ...]:
    """What a seat may be in the launcher, as (players value, words): Human, then the
    computer at each level the game offers that seat (engine.ai.registry.side_levels)."""
    from engine.ai.registry import level_name, side_levels

    return (("human", "Human"),
            *((f"computer:{level}", level_name(level)) for level in side_levels(plugin, side)))


def player_value(plugin: GamePlugin, choice: str, side: str | None = None) -> str:
    """The players value for a launcher choice or a saved one: "human", or "computer:LEVEL"
    with a level the game offers (the seat of `side`, when given); "computer" alone, or a
    level the game does not offer there, gets the game's default level."""
    from engine.ai.registry import default_level, side_levels

    if not (choice == "computer" or choice.startswith("computer:")):
        return "human"
    level = choice.partition(":")[2]
    offered = side_levels(plugin, side) if side is not None else tuple(plugin.agents)
    return f"computer:{level if level in offered else default_level(plugin)}"


def saved_player(plugin: GamePlugin, value: str, side: str | None = None) -> str | None:
    """A save's players value made one this game can play (None: not a players value)."""
    if value == "human":
        return value
    if value == "computer" or value.startswith("computer:"):
        return player_value(plugin, value, side)
    return None


def replay_players(plugin: GamePlugin, saved: Mapping[str, str]) -> dict[str, str]:
    """Who played each side of a saved game, for its replay: the save's value, or "human" for a
    side it does not name (a person may have played it, so its view needs the hand-off)."""
    players: dict[str, str] = {}
    for side in plugin.sides:
        value = saved.get(side)
        usable = saved_player(plugin, value, side) if value is not None else None
        players[side] = usable if usable is not None else "human"
    return players


def loaded_players(plugin: GamePlugin, session: Session,
                   saved: Mapping[str, str]) -> tuple[dict[str, str], str]:
    """Who plays each side of a game loaded from a save, and what to tell the player about it:
    a computer seat saved without its level ("computer", older saves) plays the game's default
    level, and the note says so; a seat the save does not name that is outside the game's
    players stays empty; another seat gets the launcher's default."""
    from engine.ai.registry import default_level, level_name
    from engine.ui.game_scene import default_players

    players = default_players(plugin)
    in_play = seats_in_play(plugin, session.state)
    unnamed = []
    for side in plugin.sides:
        value = saved.get(side)
        usable = saved_player(plugin, value, side) if value is not None else None
        if usable is not None:
            players[side] = usable
            if value == "computer":
                unnamed.append(plugin.side_names.get(side, side))
        elif in_play is not None and side not in in_play:
            players[side] = EMPTY
        elif players[side] != "human":
            players[side] = player_value(plugin, "computer", side)
    note = ""
    if unnamed:
        level = level_name(default_level(plugin))
        note = (f"This save names no computer level: {', '.join(unnamed)} "
                f"{'plays' if len(unnamed) == 1 else 'play'} at {level}, the game's default.")
    return players, note


def list_saves() -> list[Path]:
    """Saves and autosaves, newest first (files that cannot even be looked at are left out)."""
    found: list[tuple[float, Path]] = []
    for folder in (paths.saves_dir(), paths.autosave_dir()):
        try:
            names = list(folder.glob("*.json"))
        except OSError:
            continue
        for path in names:
            try:
                if path.is_file():
                    found.append((path.stat().st_mtime, path))
            except OSError:
                continue
    return [path for _, path in sorted(found, key=lambda item: item[0], reverse=True)]


@dataclass(frozen=True, slots=True)
class SaveEntry:
    """One line of the load list: the file and what reading it told."""

    path: Path
    label: str


def describe_save(path: Path, games: Mapping[str, GamePlugin], autosave: bool) -> SaveEntry:
    """The load list's text for a save: game, scenario, turn and phase, players, date."""
    from engine.core.saves import SaveError, read_save

    kind = "autosave" if autosave else "save"
    try:
        save = read_save(path)
    except SaveError as err:
        reason = str(err).partition(": ")[2] or str(err)
        return SaveEntry(path, f"{display(path.name)}  ({kind})\n{display(reason, 160)}")
    plugin = games.get(save.game)
    title = plugin.title if plugin is not None else f"{save.game} (not installed)"
    when = save.saved.replace("T", " ")[:16] if save.saved else _mtime(path)
    turn = f"Turn {save.turn}" + (f", {save.phase}" if save.phase else "")
    head = f"{title} — {_save_scenario_title(plugin, save)}"
    return SaveEntry(path, f"{head}\n{turn} · {_players_text(plugin, save)} · {when} · {kind}")


def _save_scenario_title(plugin: GamePlugin | None, save: SaveFile) -> str:
    """The title of a save's scenario when it is one of the game's own files (nothing else is
    opened to describe a save), else the name it gives."""
    try:
        path = paths.scenario_path(save.scenario)
        folder = Path(plugin.scenarios_dir).resolve() if plugin is not None else None
        if folder is not None and path.resolve().is_relative_to(folder):
            return scenario_title(path)
        return display(Path(save.scenario).stem, 60)
    except (OSError, ValueError):
        return display(save.scenario, 60)


def _players_text(plugin: GamePlugin | None, save: SaveFile) -> str:
    """Who plays each side: "Spanish: Human, Philippine: Computer (Hard)"; a computer seat
    saved without its level says which one it gets."""
    from engine.ai.registry import default_level, level_name

    names = plugin.side_names if plugin is not None else {}
    parts = []
    for side, who in save.players.items():
        kind, _, level = who.partition(":")
        if kind == "computer" and level:
            shown = level_name(level)
        elif kind == "computer" and plugin is not None:
            default = level_name(default_level(plugin))
            shown = f"{default.removesuffix(')')}, the default: no level saved)" \
                if default.endswith(")") else f"{default} (the default: no level saved)"
        else:
            shown = kind.capitalize()
        parts.append(f"{display(names.get(side, side), 30)}: {display(shown, 70)}")
    return ", ".join(parts) or "players not recorded"


def _mtime(path: Path) -> str:
    try:
        return f"{datetime.fromtimestamp(path.stat().st_mtime):%Y-%m-%d %H:%M}"
    except (OSError, ValueError, OverflowError):
        return "date unknown"


class Launcher(Scene):
    """The first screen: pick a game and scenario, or load a saved game."""

    def __init__(
        self,
        app: App,
        load_scenario: ScenarioLoader,
        games: Mapping[str, GamePlugin] | None = None,
    ) -> None:
        super().__init__(app)
        self.load_scenario = load_scenario
        self.problem = ""
        if games is None:
            try:
                games = plugins.discover()
            except plugins.PluginError as err:
                games = {}
                self.problem = f"A game could not be loaded: {err}"
        self.games = dict(games)
        self.mode = "games"
        """"games" lists the games and scenarios; "saves" lists the saved games."""
        self._scroll = 0
        self._content_h = 0
        self._mouse = (-1, -1)
        self.sections: list[tuple[GamePlugin, list[Button]]] = []
        """Each game with one button per scenario."""
        self.blurbs: dict[Button, str] = {}
        """The description drawn under each scenario's button."""
        self.load_button = Button("Load game…", self.show_saves)
        self.online_button = Button("Play online…", self.play_online)
        self.quit_button = Button("Quit", app.quit)
        self.back_button = Button("Back", self.show_games)
        self.saves = Prompt()
        self.card = pygame.Rect(0, 0, 0, 0)
        self._build()

    # --- content -------------------------------------------------------------------------------

    def _build(self) -> None:
        from engine.loading import scenario_description

        memory = self.app.settings.launcher
        for plugin in self.games.values():
            try:
                files = ordered_scenarios(plugin, plugins.scenario_files(plugin))
            except (OSError, ValueError):
                files = []
            buttons = []
            for path in files:
                button = Button(scenario_title(path), self._starter(plugin, path),
                                selected=memory.get("game") == plugin.id
                                and memory.get("scenario") == paths.scenario_ref(path))
                self.blurbs[button] = scenario_description(path)
                buttons.append(button)
            self.sections.append((plugin, buttons))

    def _starter(self, plugin: GamePlugin, path: Path) -> Callable[[], None]:
        def start() -> None:
            self.choose_scenario(plugin, path)

        return start

    def show_games(self) -> None:
        self.mode = "games"
        self.on_resize(self.app.size)

    def play_online(self) -> None:
        from engine.ui.online.lobby import open_online

        open_online(self.app, self.games, self.load_scenario)

    def show_saves(self) -> None:
        self.mode = "saves"
        options: list[Option] = []
        autosaves = paths.autosave_dir()
        for path in list_saves()[:LISTED_SAVES]:
            entry = describe_save(path, self.games, path.parent == autosaves)
            options.append((entry.label, self._save_opener(path)))
        problem = paths.user_data_problem()
        if problem:
            note = f"Saved games cannot be listed or written: {problem}."
        elif not options:
            note = "There are no saved games yet."
        else:
            note = f"From {display(paths.saves_dir(), 200)} and {display(autosaves, 200)}"
        self.saves.set("Saved games, newest first", options, note)
        self.on_resize(self.app.size)

    def _save_opener(self, path: Path) -> Callable[[], None]:
        def open_save() -> None:
            self.show_dialog(Dialog(display(path.name), "Continue this game, or watch it from "
                                    "the start?", [
                ("Continue", lambda: self.open_save(path, replay=False)),
                ("Replay", lambda: self.open_save(path, replay=True)),
                ("Cancel", None),
            ]))

        return open_save

    # --- starting and loading ------------------------------------------------------------------

    def error(self, title: str, message: str) -> None:
        """A dialog with a failure's message, made safe to draw and of bounded length."""
        if len(message) > MESSAGE_LIMIT:
            message = message[: MESSAGE_LIMIT - 1] + "…"
        self.show_dialog(Dialog(title, printable(message), [("OK", None)]))

    def choose_scenario(self, plugin: GamePlugin, path: Path) -> None:
        """Load the scenario, then ask Human or Computer for each side."""
        from engine.ui.game_scene import default_players

        try:
            scenario = self.load_scenario(plugin, path)
        except Exception as err:  # any loader error is shown, never raised
            self.error("Cannot load the scenario", str(err) or type(err).__name__)
            return
        defaults = default_players(plugin)
        memory = self.app.settings.launcher
        seats = {side: seat_choices(plugin, side) for side in plugin.sides}
        made_for = scenario_players(plugin, scenario)
        again = memory.get("game") == plugin.id \
            and memory.get("scenario") == paths.scenario_ref(path)

        def first(side: str) -> int:
            values = [value for value, _ in seats[side]]
            remembered = memory.get(f"player:{plugin.id}:{side}")
            # the level a scenario is made for (the solo bot) unless this scenario was
            # played last with another choice at that seat
            if remembered in values and (side not in made_for or again):
                return values.index(remembered)
            if made_for.get(side) in values:
                return values.index(made_for[side])
            if defaults[side] == "human" or len(values) == 1:
                return 0
            wanted = player_value(plugin, "computer", side)
            return values.index(wanted) if wanted in values else 1

        options = table_options(plugin, scenario)
        option_rows = options.choice_rows([memory.get(f"option:{plugin.id}:{i}", "")
                                           for i in range(len(options.rows))]) \
            if options else []

        def playing(side: str) -> Callable[[], bool] | None:
            if options is None or all(v is None for v in options.seats.values()):
                return None

            def shown() -> bool:
                found = options.seats.get(options.chosen(option_rows))
                return found is None or side in found

            return shown

        rows = [ChoiceRow(plugin.side_names.get(side, side),
                          tuple(words for _, words in seats[side]), first(side),
                          shown=playing(side), off="Not in play with these players")
                for side in plugin.sides]

        def start() -> None:
            choices = {side: seats[side][row.selected][0]
                       for side, row in zip(plugin.sides, rows, strict=True)}
            chosen = options.chosen(option_rows) if options else ()
            # a scenario's own level is not carried to the game's other scenarios
            self.remember(plugin, path, {side: c for side, c in choices.items()
                                         if c != made_for.get(side)}, chosen)
            opening = options.actions.get(chosen) if options else None
            in_play = options.seats.get(chosen) if options else None
            players = {side: player_value(plugin, c, side) if in_play is None or side in in_play
                       else EMPTY for side, c in choices.items()}
            self.start_game(plugin, scenario, players, opening=opening,
                            gameui=options.gameui if options else None)

        text = ("Who plays each side? Two or more humans share this screen (hot seat); with the "
                "computer on every side you watch it play, pause it, and may take over a side.")
        if options:
            cited = f" (section {options.section})" if options.section else ""
            text += (f" The game's options are chosen here, once{cited}; a seat outside the "
                     "number of players chosen stays empty.")
        self.show_dialog(Dialog(
            scenario.title or plugin.title, text,
            [("Start", start), ("Cancel", None)], rows=[*option_rows, *rows]))

    def remember(self, plugin: GamePlugin, path: Path, choices: Mapping[str, str],
                 options: tuple[str, ...] = ()) -> None:
        """Keep the choices for the next start (a settings file that cannot be written only
        means they are not kept)."""
        memory = {k: v for k, v in self.app.settings.launcher.items()
                  if not k.startswith((f"player:{plugin.id}:", f"option:{plugin.id}:"))}
        memory.update({"game": plugin.id, "scenario": paths.scenario_ref(path)})
        memory.update({f"player:{plugin.id}:{side}": c for side, c in choices.items()})
        memory.update({f"option:{plugin.id}:{i}": value for i, value in enumerate(options)})
        self.app.settings.launcher = memory
        # a settings file that cannot be written: not remembered, the game starts all the same
        with contextlib.suppress(OSError):
            self.app.settings.save(self.app.settings_path)

    def start_game(self, plugin: GamePlugin, scenario: Scenario,
                   players: Mapping[str, str], seed: int | None = None,
                   opening: Action | None = None, gameui: GameUI | None = None) -> None:
        """Set up a new game and open its screen; `opening` is the table's answer to the
        game's options, chosen in the launcher (played first when it is legal), `gameui` the
        game's screen part when the launcher already built it for this scenario. Without a
        `seed` the dice are fresh (each outcome drawn when it is needed, engine.core.dice)."""
        from engine.core.session import Session
        from engine.ui.game_scene import GameScene

        fresh = seed is None
        seed = seed if seed is not None else secrets.randbelow(2**31)
        try:
            session = Session(plugin.rules, scenario, seed, fresh=fresh)
        except Exception as err:  # a broken scenario must not crash the app
            self.error("Cannot set up the game", str(err) or type(err).__name__)
            return
        if opening is not None and opening in session.legal_actions():
            session.play(opening)
        self.app.push(GameScene(self.app, plugin, session, players, gameui=gameui))

    def open_save(self, path: Path, replay: bool = False) -> None:
        """Restore a save (checking it by replaying) and continue or replay it."""
        from engine.loading import load_saved_game
        from engine.ui.game_scene import GameScene
        from engine.ui.replay_scene import ReplayScene

        try:
            saved = load_saved_game(path, self.games, self.load_scenario)
        except Exception as err:  # SaveError, and anything else, alike: a dialog
            self.error("Cannot load the saved game", str(err) or type(err).__name__)
            return
        plugin = saved.plugin
        if replay:
            self.app.push(ReplayScene(self.app, plugin, saved.session,
                                      players=replay_players(plugin, saved.save.players)))
            return
        players, note = loaded_players(plugin, saved.session, saved.save.players)
        self.app.push(GameScene(self.app, plugin, saved.session, players))
        if note:
            self.app.toast(note)

    # --- layout, events, drawing ---------------------------------------------------------------

    def on_resize(self, size: tuple[int, int]) -> None:
        scale = self.app.scale
        width = min(size[0] - 2 * w.px(24, scale), w.px(860, scale))
        top = w.px(110, scale)
        self.card = pygame.Rect((size[0] - width) // 2, top, width,
                                size[1] - top - w.px(90, scale))
        pad = w.px(20, scale)
        inner = width - 2 * pad
        for button in (self.load_button, self.quit_button, self.back_button):
            button.scale = scale
        bh = self.load_button.height_for(self.load_button.min_width())
        bw = max(self.load_button.min_width(), self.quit_button.min_width())
        y = self.card.bottom + w.px(20, scale)
        self.quit_button.rect = pygame.Rect(self.card.right - bw, y, bw, bh)
        self.load_button.rect = pygame.Rect(self.card.x, y, bw, bh)
        self.online_button.scale = scale
        ow = self.online_button.min_width()
        self.online_button.rect = pygame.Rect(self.card.centerx - ow // 2, y, ow, bh)
        self.back_button.rect = pygame.Rect(self.card.x, y, bw, bh)
        if self.mode == "saves":
            self.saves.layout(self.card.inflate(-pad, -pad), scale)
            return
        title_f = w.text_font(w.TITLE, scale, bold=True)
        body_f = w.text_font(w.BODY, scale)
        y = self.card.y + pad - self._scroll
        for plugin, buttons in self.sections:
            y += title_f.get_linesize()
            y += len(self._describe(plugin, body_f, inner)) * body_f.get_linesize()
            y += w.px(8, scale)
            if not buttons:
                y += body_f.get_linesize()
            small_f = w.text_font(w.SMALL, scale)
            for button in buttons:
                button.scale = scale
                h = button.height_for(inner - w.px(20, scale))
                button.rect = pygame.Rect(self.card.x + pad + w.px(20, scale), y,
                                          inner - w.px(20, scale), h)
                y += h + w.px(6, scale)
                lines = self._blurb(button, small_f)
                y += len(lines) * small_f.get_linesize() + (w.px(8, scale) if lines else 0)
            y += w.px(22, scale)
        self._content_h = y + self._scroll - self.card.y

    def _blurb(self, button: Button, fnt: pygame.font.Font) -> list[str]:
        """A scenario's description wrapped under its button (indented a little further)."""
        text = self.blurbs.get(button, "")
        return w.wrap(text, fnt, button.rect.width - w.px(12, self.app.scale)) if text else []

    @staticmethod
    def _describe(plugin: GamePlugin, fnt: pygame.font.Font, width: int) -> list[str]:
        return w.wrap(plugin.description, fnt, width) if plugin.description else []

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.mode == "saves":
                self.show_games()
            else:
                self.app.quit()
            return True
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
        if self.mode == "saves":
            return self.back_button.process_event(event) or self.quit_button.process_event(event) \
                or self.saves.process_event(event)
        if event.type == pygame.MOUSEWHEEL and self.card.collidepoint(self._mouse):
            limit = max(0, self._content_h - self.card.height)
            self._scroll = max(0, min(limit, self._scroll - event.y * w.px(40, self.app.scale)))
            self.on_resize(self.app.size)
            return True
        used = self.load_button.process_event(event) or self.quit_button.process_event(event) \
            or self.online_button.process_event(event)
        if used:
            return True
        if hasattr(event, "pos") and not self.card.collidepoint(event.pos):
            return False
        return any([button.process_event(event) for _, buttons in self.sections
                    for button in buttons])

    def draw(self, surface: pygame.Surface) -> None:
        scale = self.app.scale
        surface.fill(colors.TABLE)
        big = w.text_font(40, scale, bold=True)
        sub_f = w.text_font(w.BODY, scale)
        title = big.render("Wargames", True, colors.PAPER)
        surface.blit(title, title.get_rect(midtop=(surface.get_width() // 2, w.px(18, scale))))
        sub = sub_f.render("Heroes of Baler · Filipinas 1896-1898 · La Guerra de España",
                           True, colors.PAPER_DARK)
        surface.blit(sub, sub.get_rect(midtop=(surface.get_width() // 2,
                                               w.px(18, scale) + big.get_linesize())))
        pygame.draw.rect(surface, w.PANEL, self.card, border_radius=w.px(6, scale))
        pygame.draw.rect(surface, colors.INK, self.card, 2, border_radius=w.px(6, scale))
        if self.mode == "saves":
            self.saves.draw(surface)
            self.back_button.draw(surface)
            self.quit_button.draw(surface)
            return
        clip = surface.get_clip()
        surface.set_clip(self.card.inflate(-4, -4))
        self._draw_games(surface, scale)
        surface.set_clip(clip)
        self.load_button.draw(surface)
        self.online_button.draw(surface)
        self.quit_button.draw(surface)

    def _draw_games(self, surface: pygame.Surface, scale: float) -> None:
        pad = w.px(20, scale)
        inner = self.card.width - 2 * pad
        title_f = w.text_font(w.TITLE, scale, bold=True)
        body_f = w.text_font(w.BODY, scale)
        if not self.games:
            message = self.problem or NO_GAMES
            w.blit_lines(surface, w.wrap(message, body_f, inner), body_f, w.TEXT,
                         (self.card.x + pad, self.card.y + pad))
            return
        y = self.card.y + pad - self._scroll
        for plugin, buttons in self.sections:
            surface.blit(title_f.render(plugin.title, True, w.TEXT), (self.card.x + pad, y))
            y += title_f.get_linesize()
            y = w.blit_lines(surface, self._describe(plugin, body_f, inner), body_f, w.MUTED,
                             (self.card.x + pad, y))
            y += w.px(8, scale)
            if not buttons:
                surface.blit(body_f.render("(no scenarios found)", True, w.MUTED),
                             (self.card.x + pad + w.px(20, scale), y))
                y += body_f.get_linesize()
            small_f = w.text_font(w.SMALL, scale)
            for button in buttons:
                button.draw(surface)
                y = button.rect.bottom + w.px(6, scale)
                lines = self._blurb(button, small_f)
                y = w.blit_lines(surface, lines, small_f, w.MUTED,
                                 (button.rect.x + w.px(12, scale), y))
                y += w.px(8, scale) if lines else 0
            y += w.px(22, scale)


def _settings_path() -> Path:
    return paths.settings_file()


def _load_scenario(plugin: GamePlugin, path: Path) -> Scenario:
    """The launcher's scenario loader: through the schemas, imported when first used."""
    from engine.loading import load_game_scenario

    return load_game_scenario(plugin, path)


def _app(size: tuple[int, int] | None, load_scenario: ScenarioLoader | None) -> App:
    app = App(size, settings_path=_settings_path())
    # after the window is up: this imports the saves
    from engine.ui.autosave import clean_temp_files

    clean_temp_files()
    crash.install(app)
    loader = load_scenario if load_scenario is not None else _load_scenario
    app.home = lambda: Launcher(app, loader)
    return app


def _run(app: App) -> int:
    """Run the loop, closing the window however it ends; a game still open is saved first and
    the command line told where (the window is gone by then)."""
    try:
        return app.run()
    finally:
        # here, not before the loop: the launcher's first frame does not wait for the game
        # screen's modules (issue 27)
        from engine.ui.game_scene import GameScene

        for scene in app.scenes:
            if isinstance(scene, GameScene) and scene.session.history:
                where = scene.flush_autosave()
                if where is not None:
                    print(f"wargames: the game is saved in {display(where, 400)}",
                          file=sys.stderr)
                elif scene.autosave:
                    print(f"wargames: {scene.autosaver.problem or 'the game was not saved'}",
                          file=sys.stderr)
        app.close()


def run_launcher(load_scenario: ScenarioLoader | None = None,
                 size: tuple[int, int] | None = None) -> int:
    """Open the window on the launcher; returns the exit code when it closes."""
    app = _app(size, load_scenario)
    app.splash("Loading the games…")
    app.go_home()
    return _run(app)


def open_app(size: tuple[int, int] | None = None) -> App:
    """The window, before the game it will show is known (`wargames play` opens it before
    importing the game's rules: issue 27); hand it to `run_game`."""
    return _app(size, None)


def run_game(plugin: GamePlugin, session: Session | Callable[[], Session],
             players: Mapping[str, str],
             agents: Mapping[str, Agent] | Callable[[], Mapping[str, Agent]] | None = None,
             size: tuple[int, int] | None = None, app: App | None = None) -> int:
    """Open the window on a game (or use `app`, opened by `open_app`); "New game" at its end
    goes to the launcher. `session` may be a function that sets the game up (loading its
    scenario): the window then shows the app's name while it runs, and anything it raises
    closes the window and is raised again. `agents` may be a function too: it is called once
    the board is on screen, so the first frame does not wait for the computer's agents."""
    if app is None:
        app = _app(size, None)
    if callable(session):
        app.splash(f"Loading {plugin.title}…")
        try:
            session = session()
        except BaseException:
            app.close()
            raise
    from engine.ui.game_scene import GameScene  # after the window is up

    scene = GameScene(app, plugin, session, players, {} if callable(agents) else agents)
    app.push(scene)
    if callable(agents):
        # the board first; no computer side can move before the loop's first update
        app.draw()
        pygame.display.flip()
        try:
            scene.agents.update(agents())
        except BaseException:
            app.close()
            raise
    if not session.history:  # a new game: its options, if any, in one dialog (after the board)
        scene.options_to_ask = table_options(plugin, session.scenario)
    return _run(app)


def run_replay(plugin: GamePlugin, session: Session, viewer: str | None = None,
               size: tuple[int, int] | None = None,
               players: Mapping[str, str] | None = None) -> int:
    """Open the window on the replay of a restored session (`players`: who played each side,
    `replay_players` of the save)."""
    from engine.ui.replay_scene import ReplayScene

    app = _app(size, None)
    app.push(ReplayScene(app, plugin, session, viewer=viewer, players=players))
    return _run(app)
