"""The launcher: the installed games with their descriptions and scenarios, Human or Computer
for each side, loading saved games, and the functions the command line starts the app with.

Scenario loading is a callable passed in (`load_scenario(plugin, path) -> Scenario`), so the
launcher does not depend on the YAML layer. Every failure (a scenario error, a damaged save, a
game that is not installed) is shown in a dialog with its message, never as a traceback; a bad
save file is only read, never changed.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from engine import paths, plugins
from engine.ai.agent import Agent
from engine.core.game import GamePlugin, Scenario
from engine.ui import colors
from engine.ui import widgets as w
from engine.ui.app import App
from engine.ui.scene import Scene
from engine.ui.widgets.button import Button
from engine.ui.widgets.dialog import ChoiceRow, Dialog
from engine.ui.widgets.prompt import Option, Prompt

if TYPE_CHECKING:
    from engine.core.session import Session

# The game and replay screens, saves, sessions and the YAML layer are imported where they are
# used, so the launcher is on screen before they load (start-up, issue "fast and frugal").

ScenarioLoader = Callable[[GamePlugin, Path], Scenario]
PLAYER_KINDS = ("Human", "Computer")
NO_GAMES = ("No games are installed. Install a game package (Heroes of Baler, Filipinas "
            "1896-1898 or La Guerra de España), or name one in the WARGAMES_PLUGINS "
            "environment variable as module:attribute.")


def scenario_title(path: Path) -> str:
    """The `title:` line of a scenario manifest, for its button (the file name if none)."""
    try:
        head = path.read_text(encoding="utf-8", errors="replace")[:2000]
    except OSError:
        return path.stem
    for line in head.splitlines():
        if line.startswith("title:"):
            title = line.partition(":")[2].strip().strip("\"'")
            if title:
                return title
    return path.stem.replace("_", " ").replace("-", " ").capitalize()


def list_saves() -> list[Path]:
    """Saves and autosaves, newest first."""
    found = [p for folder in (paths.saves_dir(), paths.autosave_dir())
             for p in folder.glob("*.json") if p.is_file()]
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)


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
        self.load_button = Button("Load game…", self.show_saves)
        self.quit_button = Button("Quit", app.quit)
        self.back_button = Button("Back", self.show_games)
        self.saves = Prompt()
        self.card = pygame.Rect(0, 0, 0, 0)
        self._build()

    # --- content -------------------------------------------------------------------------------

    def _build(self) -> None:
        for plugin in self.games.values():
            try:
                files = plugins.scenario_files(plugin)
            except OSError:
                files = []
            buttons = [Button(scenario_title(path), self._starter(plugin, path)) for path in files]
            self.sections.append((plugin, buttons))

    def _starter(self, plugin: GamePlugin, path: Path) -> Callable[[], None]:
        def start() -> None:
            self.choose_scenario(plugin, path)

        return start

    def show_games(self) -> None:
        self.mode = "games"
        self.on_resize(self.app.size)

    def show_saves(self) -> None:
        self.mode = "saves"
        options: list[Option] = []
        for path in list_saves():
            kind = "autosave" if path.parent == paths.autosave_dir() else "save"
            when = datetime.fromtimestamp(path.stat().st_mtime)
            options.append((f"{path.stem}  ·  {when:%Y-%m-%d %H:%M}  ({kind})",
                            self._save_opener(path)))
        note = "" if options else "There are no saved games yet."
        self.saves.set("Saved games, newest first", options,
                       note or f"From {paths.saves_dir()} and {paths.autosave_dir()}")
        self.on_resize(self.app.size)

    def _save_opener(self, path: Path) -> Callable[[], None]:
        def open_save() -> None:
            self.show_dialog(Dialog(path.name, "Continue this game, or watch it from the start?", [
                ("Continue", lambda: self.open_save(path, replay=False)),
                ("Replay", lambda: self.open_save(path, replay=True)),
                ("Cancel", None),
            ]))

        return open_save

    # --- starting and loading ------------------------------------------------------------------

    def error(self, title: str, message: str) -> None:
        self.show_dialog(Dialog(title, message, [("OK", None)]))

    def choose_scenario(self, plugin: GamePlugin, path: Path) -> None:
        """Load the scenario, then ask Human or Computer for each side."""
        try:
            scenario = self.load_scenario(plugin, path)
        except Exception as err:  # any loader error is shown, never raised
            self.error("Cannot load the scenario", str(err) or type(err).__name__)
            return
        from engine.ui.game_scene import default_players

        defaults = default_players(plugin)
        rows = [ChoiceRow(plugin.side_names.get(side, side), PLAYER_KINDS,
                          0 if defaults[side] == "human" else 1) for side in plugin.sides]

        def start() -> None:
            players = {side: row.value.lower() for side, row in zip(plugin.sides, rows,
                                                                     strict=True)}
            self.start_game(plugin, scenario, players)

        self.show_dialog(Dialog(
            scenario.title or plugin.title,
            "Who plays each side? Two or more humans share this screen (hot seat).",
            [("Start", start), ("Cancel", None)], rows=rows))

    def start_game(self, plugin: GamePlugin, scenario: Scenario,
                   players: Mapping[str, str], seed: int | None = None) -> None:
        """Set up a new game and open its screen."""
        seed = seed if seed is not None else secrets.randbelow(2**31)
        try:
            from engine.core.session import Session

            session = Session(plugin.rules, scenario, seed)
        except Exception as err:  # a broken scenario must not crash the app
            self.error("Cannot set up the game", str(err) or type(err).__name__)
            return
        from engine.ui.game_scene import GameScene

        self.app.push(GameScene(self.app, plugin, session, players))

    def open_save(self, path: Path, replay: bool = False) -> None:
        """Restore a save (checking it by replaying) and continue or replay it."""
        from engine.core.saves import SaveError, read_save, restore
        from engine.ui.game_scene import default_players

        try:
            save = read_save(path)
            plugin = self.games.get(save.game)
            if plugin is None:
                raise SaveError(f"{path.name}: this save is for the game '{save.game}', "
                                "which is not installed")
            scenario = self.load_scenario(plugin, paths.scenario_path(save.scenario))
            session = restore(save, plugin.rules, scenario, origin=path.name)
        except Exception as err:  # SaveError and loader errors alike
            self.error("Cannot load the saved game", str(err) or type(err).__name__)
            return
        players = default_players(plugin)
        players.update({s: k for s, k in save.players.items()
                        if s in players and k in ("human", "computer")})
        if replay:
            from engine.ui.replay_scene import ReplayScene

            self.app.push(ReplayScene(self.app, plugin, session, players=players))
        else:
            from engine.ui.game_scene import GameScene

            self.app.push(GameScene(self.app, plugin, session, players))

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
            for button in buttons:
                button.scale = scale
                h = button.height_for(inner - w.px(20, scale))
                button.rect = pygame.Rect(self.card.x + pad + w.px(20, scale), y,
                                          inner - w.px(20, scale), h)
                y += h + w.px(6, scale)
            y += w.px(22, scale)
        self._content_h = y + self._scroll - self.card.y

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
        used = self.load_button.process_event(event) or self.quit_button.process_event(event)
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
            for button in buttons:
                button.draw(surface)
                y = button.rect.bottom + w.px(6, scale)
            y += w.px(22, scale)


def _settings_path() -> Path:
    return paths.user_data() / "settings.json"


def _app(size: tuple[int, int] | None, load_scenario: ScenarioLoader | None) -> App:
    app = App(size, settings_path=_settings_path())
    def load_yaml(plugin: GamePlugin, path: Path) -> Scenario:
        from engine.loading import load_game_scenario

        return load_game_scenario(plugin, path)

    loader = load_scenario if load_scenario is not None else load_yaml
    app.home = lambda: Launcher(app, loader)
    return app


def _run(app: App) -> int:
    """Run the loop, closing the window however it ends."""
    try:
        return app.run()
    finally:
        app.close()


def run_launcher(load_scenario: ScenarioLoader | None = None,
                 size: tuple[int, int] | None = None) -> int:
    """Open the window on the launcher; returns the exit code when it closes."""
    app = _app(size, load_scenario)
    app.splash("Loading the games…")
    app.go_home()
    return _run(app)


def run_game(plugin: GamePlugin, session: Session, players: Mapping[str, str],
             agents: Mapping[str, Agent] | None = None,
             size: tuple[int, int] | None = None) -> int:
    """Open the window on a game; "New game" at its end goes to the launcher."""
    from engine.ui.game_scene import GameScene

    app = _app(size, None)
    app.push(GameScene(app, plugin, session, players, agents))
    return _run(app)


def run_replay(plugin: GamePlugin, session: Session, viewer: str | None = None,
               size: tuple[int, int] | None = None) -> int:
    """Open the window on the replay of a restored session."""
    from engine.ui.replay_scene import ReplayScene

    app = _app(size, None)
    app.push(ReplayScene(app, plugin, session, viewer=viewer))
    return _run(app)
