"""The "Play online…" screen (docs/online.md): the server's address (remembered in the
settings), Host a game, Join with a code, "My games" with whose move it is, and "Host on this
computer", which starts a server inside the app and shows the address to give a friend on the
same network.

Hosting asks, in one dialog, the scenario's options (the table's opening question, as the
launcher asks it), and for each side who sits there: Me (exactly one side), Invite (a code for
a friend), a computer level, or, for games of more than two sides, Nobody. The codes are shown
at once and again in "My games" until they are used.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from engine import plugins
from engine.core.files import display, printable
from engine.ui import colors
from engine.ui import widgets as w
from engine.ui.app import App
from engine.ui.online.field import TextField
from engine.ui.online.model import (
    DEFAULT_ADDRESS,
    NAME_SETTING,
    SETTING,
    LocalHost,
    MyGame,
    OnlineError,
    OnlineModel,
    Spectating,
    activity,
    seat_choices,
    seats_spec,
)
from engine.ui.scene import Scene
from engine.ui.widgets.button import Button
from engine.ui.widgets.dialog import ChoiceRow, Dialog
from engine.ui.widgets.prompt import Option, Prompt

if TYPE_CHECKING:
    from engine.core.game import GamePlugin, Scenario

ScenarioLoader = Callable[["GamePlugin", Path], "Scenario"]
REFRESH_EVERY = 15.0
"""Seconds between two looks at "My games" while connected (a friend's move shows)."""
YOUR_MOVE = "YOUR MOVE"


def game_and_scenario(game: str, scenario: str) -> str:
    """A game's name and its scenario's, once each: "Heroes of Baler: The Siege of Baler",
    but "La Guerra de España, July 1936" and "Filipinas: after the Peace of Biak-na-Bató" as
    they are (a scenario's title that starts with its game's name, or a short form of it)."""
    head = scenario.split(":", 1)[0].strip()
    if scenario.startswith(game) or (":" in scenario and head and game.startswith(head)):
        return scenario
    return f"{game}: {scenario}"

class OnlineScene(Scene):
    """The online screen; `model` and `host` are given by tests (a server on a free port)."""

    def __init__(self, app: App, games: Mapping[str, GamePlugin],
                 load_scenario: ScenarioLoader, *, model: OnlineModel | None = None,
                 host: LocalHost | None = None) -> None:
        super().__init__(app)
        self.games = dict(games)
        self.load_scenario = load_scenario
        if model is None:
            from engine.net.tokens import SeatTokens

            model = OnlineModel(SeatTokens(), games=self.games)
        self.model = model
        self.local = host if host is not None else LocalHost()
        self.friend_address = ""
        self.mode = "lobby"
        """"lobby", or "choose" while a game and scenario to host are picked."""
        remembered = app.settings.launcher.get(SETTING)
        self.address = TextField("Server", remembered if isinstance(remembered, str)
                                 else DEFAULT_ADDRESS, on_enter=self.connect,
                                 placeholder="ws://HOST:8765")
        name = app.settings.launcher.get(NAME_SETTING)
        self.name = TextField("Name", name if isinstance(name, str) else model.name, limit=40,
                              on_enter=self.remember_name, placeholder="how others see you")
        self.model.name = self.name.text
        self.connect_button = Button("Connect", self.connect)
        self.host_button = Button("Host a game…", self.choose_game)
        self.join_button = Button("Join with a code…", self.ask_code)
        self.local_button = Button("Host on this computer", self.toggle_local)
        self.refresh_button = Button("Refresh", self.refresh)
        self.back_button = Button("Back", self.leave)
        self.buttons = [self.connect_button, self.host_button, self.join_button,
                        self.local_button, self.refresh_button]
        self.games_list: list[MyGame] = []
        self.games_note = "Connect to a server to see your games."
        self.rows: list[tuple[pygame.Rect, MyGame]] = []
        self.picker = Prompt()
        self.card = pygame.Rect(0, 0, 0, 0)
        self._list_top = 0
        self._scroll = 0
        self._since_refresh = 0.0
        self._was_connected = False
        self._titles: dict[str, str] = {}
        self.code = TextField("Code", limit=40, on_enter=self._join_typed,
                              placeholder="K7QF2-MXD9A")
        if isinstance(remembered, str) and model.connection is None:
            self.connect()  # the server last used, at once

    # --- the server ----------------------------------------------------------------------------

    def connect(self) -> None:
        """Connect to the address typed and remember it."""
        try:
            address = self.model.connect(self.address.text)
        except ValueError as err:
            self.error("Not a server address", str(err))
            return
        self.address.set(address)
        self.address.focused = False
        settings = self.app.settings
        settings.launcher = {**settings.launcher, SETTING: address}
        # a settings file that cannot be written: the address is not remembered, nothing else
        with contextlib.suppress(OSError):
            settings.save(self.app.settings_path)
        self.refresh()

    def remember_name(self) -> None:
        """The name other players see (given with each game created or joined from now on)."""
        self.name.focused = False
        self.model.name = self.name.text.strip()
        settings = self.app.settings
        settings.launcher = {**settings.launcher, NAME_SETTING: self.model.name}
        with contextlib.suppress(OSError):
            settings.save(self.app.settings_path)

    def refresh(self) -> None:
        """Ask the server for "My games" again."""
        self._since_refresh = 0.0
        self._was_connected = self.model.connected
        self.dirty = True
        if not self.model.connected:
            self.games_note = self.model.status() + " " + (
                "Check the address, or host on this computer." if self.model.connection
                else "Type the server's address and press Connect.")
            return
        try:
            self.games_list = self.model.my_games()
        except OnlineError as err:
            self.games_note = str(err)
            return
        self.games_note = "" if self.games_list else (
            "You have no games on this server yet: host one, or join with a code a friend "
            "gave you.")
        self.on_resize(self.app.size)

    def toggle_local(self) -> None:
        """Start the server in the app (and connect to it), or stop it."""
        if self.local.running:
            self.local.stop()
            self.friend_address = ""
            self.model.close()
            self.local_button.text = "Host on this computer"
            self.refresh()
            return
        try:
            self.local.start()
        except OnlineError as err:
            self.error("Cannot host on this computer", str(err))
            return
        mine, self.friend_address = self.local.addresses()
        self.local_button.text = "Stop hosting"
        self.address.set(mine)
        self.connect()
        self.app.toast(f"Hosting: give your friends {self.friend_address}")

    # --- hosting a game ------------------------------------------------------------------------

    def choose_game(self) -> None:
        """List every game's scenarios to pick the one to host."""
        if not self.model.connected:
            self.error("Not connected", "Connect to a server first (or host on this "
                       "computer).")
            return
        from engine.ui.catalogue import ordered_scenarios, scenario_title

        options: list[Option] = []
        for plugin in self.games.values():
            try:
                files = ordered_scenarios(plugin, plugins.scenario_files(plugin))
            except (OSError, ValueError):
                continue
            for path in files:
                title = scenario_title(path)
                label = game_and_scenario(plugin.title, title)
                options.append((label, self._host_dialog_for(plugin, path)))
        self.mode = "choose"
        self.picker.set("Host a game: which game and scenario?", options,
                        "" if options else "No games are installed.")
        self.on_resize(self.app.size)

    def _host_dialog_for(self, plugin: GamePlugin, path: Path) -> Callable[[], None]:
        def ask() -> None:
            self.host_dialog(plugin, path)

        return ask

    def host_dialog(self, plugin: GamePlugin, path: Path) -> None:
        """Options, then who sits at each side, then Create."""
        from engine.ai.registry import side_levels
        from engine.ui.catalogue import scenario_players, table_options

        self.mode = "lobby"
        self.on_resize(self.app.size)
        try:
            scenario = self.load_scenario(plugin, path)
        except Exception as err:  # any loader error is shown, never raised
            self.error("Cannot load the scenario", str(err) or type(err).__name__)
            return
        options = table_options(plugin, scenario)
        option_rows = options.choice_rows() if options else []
        # each side its own levels: Filipinas' solo bot plays Spain only (side_levels)
        choices = {side: seat_choices(plugin, [lv for lv in side_levels(plugin, side)
                                               if lv != "random"]) for side in plugin.sides}
        values = {side: [value for value, _ in found] for side, found in choices.items()}
        made_for = scenario_players(plugin, scenario)

        def first(i: int, side: str) -> int:
            if i == 0:
                return values[side].index("me")
            if made_for.get(side) in values[side]:  # the solo scenario's Spain: the bot
                return values[side].index(made_for[side])
            # a game of more than two sides: its further seats are in play only with some
            # options (Guerra's second seats, section 4)
            return values[side].index("none") if i >= 2 and "none" in values[side] else \
                values[side].index("invite")

        seat_rows = [ChoiceRow(plugin.side_names.get(side, side),
                               tuple(label for _, label in choices[side]), first(i, side))
                     for i, side in enumerate(plugin.sides)]
        watch = ChoiceRow("Spectators", ("No", "Yes"))

        def create() -> None:
            picked = {side: values[side][row.selected]
                      for side, row in zip(plugin.sides, seat_rows, strict=True)}
            opening = None
            if options:
                chosen = options.chosen(option_rows)
                opening = options.actions.get(chosen)
                in_play = options.seats.get(chosen)
                if in_play is not None:  # a seat the options leave out stays empty
                    picked = {side: choice if side in in_play else "none"
                              for side, choice in picked.items()}
            seats, take = seats_spec(picked)
            if take is None:
                self.error("Choose your side", "Mark exactly one side \"Me\": the side you "
                           "play. The others are invited, played by the computer, or (in a "
                           "game of more than two sides) left to nobody.")
                return
            self.create(plugin, path.stem, seats, take, watch.selected == 1, opening)

        text = ("Who sits at each side? \"Me\" is the side you play (exactly one); \"Invite\" "
                "gives you a code for a friend; the server plays the computer's sides.")
        if options:
            cited = f" (section {options.section})" if options.section else ""
            text += f" The game's options are chosen here, once{cited}."
        self.show_dialog(Dialog(f"Host {scenario.title or plugin.title}", text,
                                [("Create", create), ("Cancel", None)],
                                rows=[*option_rows, *seat_rows, watch]))

    def create(self, plugin: GamePlugin, scenario: str, seats: Mapping[str, str], take: str,
               spectators: bool = False, opening: object = None) -> None:
        from engine.core.actions import Action

        try:
            hosted = self.model.host(plugin, scenario, seats, take, spectators,
                                     opening if isinstance(opening, Action) else None)
        except OnlineError as err:
            self.error("The game was not created", str(err))
            return
        lines = [f"{plugin.side_names.get(side, side)}: {code}"
                 for side, code in hosted.invites.items()]
        text = ("Give each friend the code of their side; they choose Join with a code. "
                "The codes stay listed under My games until they are used.\n\n"
                + "\n".join(lines)) if lines else "Every other side is played by the computer."
        if hosted.spectate:
            text += f"\n\nSpectators' code: {hosted.spectate}"
        if hosted.problem:
            text += f"\n\n{hosted.problem}"
        self.refresh()
        self.show_dialog(Dialog("Game created", text, [("OK", None)]))

    # --- joining -------------------------------------------------------------------------------

    def ask_code(self) -> None:
        if not self.model.connected:
            self.error("Not connected", "Connect to the server your friend named first.")
            return
        self.code.set("")
        self.code.focused = True
        pygame.key.start_text_input()
        self.mode = "join"
        self.on_resize(self.app.size)

    def _join_typed(self) -> None:
        self.join(self.code.text)

    def join(self, code: str) -> None:
        """Take the seat the code names, or watch the game a spectators' code opens."""
        try:
            seat = self.model.join(code)
        except OnlineError as err:
            self.error("Cannot join", str(err))
            return
        self.mode = "lobby"
        self.code.focused = False
        if isinstance(seat, Spectating):
            self.on_resize(self.app.size)
            self.watch(seat)
            return
        self.refresh()
        plugin = None
        for game in self.games_list:
            if game.game == seat.game:
                plugin = game
        side = plugin.side_name if plugin is not None else seat.side
        title = plugin.title if plugin is not None else "the game"
        self.app.toast(f"You joined {title} as {side}.")

    # --- a listed game -------------------------------------------------------------------------

    def scenario_title(self, game: MyGame) -> str:
        """The scenario's title in this installation (its file name when it has none here)."""
        if game.scenario not in self._titles:
            from engine.ui.catalogue import scenario_title

            plugin = self.model.plugin(game.game_id)
            files = {p.stem: p for p in plugins.scenario_files(plugin)} if plugin else {}
            path = files.get(game.scenario)
            self._titles[game.scenario] = scenario_title(path) if path else display(
                game.scenario)
        return self._titles[game.scenario]

    def game_details(self, game: MyGame) -> None:
        text = (f"{self.scenario_title(game)} · you play {game.side_name}.\n{game.state()} · "
                f"last move {activity(game.updated)}.\n\n{game.opponents()}")
        self.show_dialog(Dialog(game.title, text, [
            ("Open", lambda: self.open_game(game)),
            ("Close", None),
            ("Forget this game", lambda: self._forget(game)),
        ], escape=1))

    def open_game(self, game: MyGame) -> None:
        """The game on the game screen, through the door to this seat of it."""
        self._open("Cannot open the game", token=game.token)

    def watch(self, spectating: Spectating) -> None:
        """The game's public view on the game screen, opened with a spectators' code."""
        if self._open("Cannot watch the game", spectate=spectating.code):
            self.app.toast("You are watching as a spectator: every side's public view.")

    def _open(self, refused: str, *, token: str | None = None,
              spectate: str | None = None) -> bool:
        """A door to the game (a seat's `token` or a `spectate` code) on the game screen;
        False, with `refused` as the message's title, when it cannot be opened."""
        from engine.net.door import DoorError
        from engine.net.remote import RemoteDoor
        from engine.ui.online.play import OnlineGameScene

        if self.model.connection is None or not self.model.connected:
            self.error("Not connected", "Connect to the server first.")
            return False
        try:
            opened = RemoteDoor(self.model.connection, token=token, spectate=spectate)
        except DoorError as err:
            self.error(refused, str(err))
            return False
        self.app.push(OnlineGameScene(self.app, opened, on_leave=self.refresh))
        return True

    def _forget(self, game: MyGame) -> None:
        self.model.forget(game.game)
        self.refresh()

    # --- life ----------------------------------------------------------------------------------

    def error(self, title: str, message: str) -> None:
        self.show_dialog(Dialog(title, printable(message[:2000]), [("OK", None)]))

    def leave(self) -> None:
        if self.mode != "lobby":
            self.mode = "lobby"
            self.on_resize(self.app.size)
            return
        self.app.pop()

    def close(self) -> None:
        self.model.close()
        self.local.stop()

    def wake_in(self) -> float | None:
        return 1.0 if self.model.connection is not None else None

    def update(self, dt: float) -> None:
        self._since_refresh += dt
        if self.model.connected != self._was_connected or (
                self.model.connected and self._since_refresh >= REFRESH_EVERY):
            self.refresh()

    # --- layout, events, drawing ---------------------------------------------------------------

    def on_resize(self, size: tuple[int, int]) -> None:
        scale = self.app.scale
        width = min(size[0] - 2 * w.px(24, scale), w.px(900, scale))
        top = w.px(110, scale)
        self.card = pygame.Rect((size[0] - width) // 2, top, width,
                                size[1] - top - w.px(90, scale))
        pad = w.px(20, scale)
        gap = w.px(10, scale)
        inner = self.card.inflate(-2 * pad, -2 * pad)
        for button in (*self.buttons, self.back_button):
            button.scale = scale
        self.address.scale = self.code.scale = scale
        bh = self.connect_button.height_for(self.connect_button.min_width())
        label_w = w.text_font(w.BODY, scale, bold=True).size("Server")[0] + gap
        self.name.scale = scale
        cw = self.connect_button.min_width()
        y = inner.y
        self.address.rect = pygame.Rect(inner.x + label_w, y, inner.width - label_w - cw - gap,
                                        max(bh, self.address.height(scale)))
        self.connect_button.rect = pygame.Rect(self.address.rect.right + gap, y, cw,
                                               self.address.rect.height)
        self.name.rect = pygame.Rect(inner.x + label_w,
                                     self.address.rect.bottom + gap,
                                     min(w.px(320, scale), self.address.rect.width),
                                     self.address.rect.height)
        y = self.name.rect.bottom + gap
        body = w.text_font(w.BODY, scale)
        y += body.get_linesize() * (2 if self.friend_address else 1) + gap
        row = [self.host_button, self.join_button, self.local_button, self.refresh_button]
        each = (inner.width - gap * (len(row) - 1)) // len(row)
        for i, button in enumerate(row):
            button.rect = pygame.Rect(inner.x + i * (each + gap), y, each, bh)
        y += bh + 2 * gap
        self._list_top = y
        back_w = self.back_button.min_width()
        self.back_button.rect = pygame.Rect(self.card.x, self.card.bottom + w.px(20, scale),
                                            back_w, bh)
        if self.mode == "choose":
            self.picker.layout(pygame.Rect(inner.x, y, inner.width, inner.bottom - y), scale)
        elif self.mode == "join":
            title_h = w.text_font(w.TITLE, scale, bold=True).get_linesize()
            self.code.rect = pygame.Rect(inner.x, y + title_h + body.get_linesize() + gap,
                                         min(inner.width, w.px(360, scale)),
                                         self.code.height(scale))
        self._layout_games(inner, scale)

    def _layout_games(self, inner: pygame.Rect, scale: float) -> None:
        self.rows = []
        y = self._list_top + w.text_font(w.TITLE, scale, bold=True).get_linesize() - self._scroll
        line = w.text_font(w.BODY, scale).get_linesize()
        small = w.text_font(w.SMALL, scale)
        for game in self.games_list:
            opp = w.wrap(game.opponents(), small, inner.width - w.px(24, scale))
            h = line * 2 + small.get_linesize() * len(opp) + w.px(14, scale)
            self.rows.append((pygame.Rect(inner.x, y, inner.width, h), game))
            y += h + w.px(8, scale)

    @property
    def typing(self) -> bool:
        return self.address.focused or self.code.focused or self.name.focused

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.typing:
            self.leave()
            return True
        if self.back_button.process_event(event):
            return True
        if self.mode == "join":
            if self.code.process_event(event):
                return True
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.leave()
                return True
        if self.address.process_event(event):
            return True
        was_naming = self.name.focused
        if self.name.process_event(event):
            return True
        if was_naming and not self.name.focused:
            self.remember_name()
        if any([button.process_event(event) for button in self.buttons]):
            return True
        if self.mode == "choose":
            return self.picker.process_event(event)
        if self.mode == "lobby":
            if event.type == pygame.MOUSEWHEEL:
                self._scroll = max(0, self._scroll - event.y * w.px(40, self.app.scale))
                self.on_resize(self.app.size)
                return True
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                for rect, game in self.rows:
                    if rect.collidepoint(event.pos) and rect.top >= self._list_top:
                        self.game_details(game)
                        return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        scale = self.app.scale
        surface.fill(colors.TABLE)
        big = w.text_font(40, scale, bold=True)
        title = big.render("Play online", True, colors.PAPER)
        surface.blit(title, title.get_rect(midtop=(surface.get_width() // 2, w.px(18, scale))))
        sub = w.text_font(w.BODY, scale).render(
            "A server holds each game: play live, or a move a day", True, colors.PAPER_DARK)
        surface.blit(sub, sub.get_rect(midtop=(surface.get_width() // 2,
                                               w.px(18, scale) + big.get_linesize())))
        pygame.draw.rect(surface, w.PANEL, self.card, border_radius=w.px(6, scale))
        pygame.draw.rect(surface, colors.INK, self.card, 2, border_radius=w.px(6, scale))
        pad = w.px(20, scale)
        inner = self.card.inflate(-2 * pad, -2 * pad)
        bold = w.text_font(w.BODY, scale, bold=True)
        body = w.text_font(w.BODY, scale)
        label = bold.render("Server", True, w.TEXT)
        surface.blit(label, (inner.x, self.address.rect.centery - label.get_height() // 2))
        self.address.draw(surface)
        label = bold.render("Name", True, w.TEXT)
        surface.blit(label, (inner.x, self.name.rect.centery - label.get_height() // 2))
        self.name.draw(surface)
        y = self.name.rect.bottom + w.px(10, scale)
        status = w.ellipsize(self.model.status(), body, inner.width)
        surface.blit(body.render(status, True, w.TEXT if self.model.connected else w.MUTED),
                     (inner.x, y))
        if self.friend_address:
            y += body.get_linesize()
            text = (f"Hosting on this computer: give your friends {self.friend_address}")
            surface.blit(bold.render(w.ellipsize(text, bold, inner.width), True, w.ACCENT),
                         (inner.x, y))
        for button in self.buttons:
            button.enabled = button in (self.connect_button, self.local_button) \
                or self.model.connected
            button.draw(surface)
        self.back_button.draw(surface)
        if self.mode == "choose":
            self.picker.draw(surface)
            return
        if self.mode == "join":
            y = self._list_top
            surface.blit(w.text_font(w.TITLE, scale, bold=True).render(
                "Join with a code", True, w.TEXT), (inner.x, y))
            surface.blit(body.render("Type the code your friend gave you, then press Enter.",
                                     True, w.MUTED),
                         (inner.x, y + w.text_font(w.TITLE, scale, bold=True).get_linesize()))
            self.code.draw(surface)
            return
        self._draw_games(surface, inner, scale)

    def _draw_games(self, surface: pygame.Surface, inner: pygame.Rect, scale: float) -> None:
        head = w.text_font(w.TITLE, scale, bold=True)
        surface.blit(head.render("My games", True, w.TEXT), (inner.x, self._list_top))
        body = w.text_font(w.BODY, scale)
        bold = w.text_font(w.BODY, scale, bold=True)
        small = w.text_font(w.SMALL, scale)
        if self.games_note:
            w.blit_lines(surface, w.wrap(self.games_note, body, inner.width), body, w.MUTED,
                         (inner.x, self._list_top + head.get_linesize()))
        clip = surface.get_clip()
        area = pygame.Rect(inner.x - 4, self._list_top + head.get_linesize(), inner.width + 8,
                           inner.bottom - self._list_top - head.get_linesize())
        surface.set_clip(area.clip(clip))
        ipad = w.px(12, scale)
        for rect, game in self.rows:
            mine = game.your_move
            fill = colors.lighter(w.PANEL, 0.6) if mine else colors.mix(w.PANEL, w.BUTTON, 0.5)
            pygame.draw.rect(surface, fill, rect, border_radius=w.px(5, scale))
            pygame.draw.rect(surface, w.ACCENT if mine else w.PANEL_EDGE, rect,
                             3 if mine else 1, border_radius=w.px(5, scale))
            x, y = rect.x + ipad, rect.y + w.px(7, scale)
            badge_w = 0
            if mine:
                img = bold.render(YOUR_MOVE, True, colors.PAPER)
                badge = img.get_rect(topright=(rect.right - ipad, y)).inflate(w.px(12, scale), 4)
                pygame.draw.rect(surface, w.ACCENT, badge, border_radius=w.px(4, scale))
                surface.blit(img, img.get_rect(center=badge.center))
                badge_w = badge.width + ipad
            heading = (f"{game_and_scenario(game.title, self.scenario_title(game))} · you play "
                       f"{game.side_name}")
            surface.blit(bold.render(w.ellipsize(heading, bold, rect.width - 2 * ipad - badge_w),
                                     True, w.TEXT), (x, y))
            y += body.get_linesize()
            state = f"{game.state()} · last move {activity(game.updated)}"
            surface.blit(body.render(w.ellipsize(state, body, rect.width - 2 * ipad), True,
                                     w.ACCENT if mine else w.TEXT), (x, y))
            y += body.get_linesize()
            w.blit_lines(surface, w.wrap(game.opponents(), small, rect.width - 2 * ipad), small,
                         w.MUTED, (x, y))
        surface.set_clip(clip)


def open_online(app: App, games: Mapping[str, GamePlugin], load_scenario: ScenarioLoader
                ) -> None:
    """The launcher's "Play online…"."""
    app.push(OnlineScene(app, games, load_scenario))

