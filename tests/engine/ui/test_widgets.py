"""Widgets, the app's global keys, the dice animation, sound and headless rendering."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import numpy as np
import pygame
import pytest

from engine.core.actions import DiceRolled
from engine.ui.app import App, Settings
from engine.ui.dice_anim import DiceAnimation, DiceTray, tumble_faces
from engine.ui.handoff import Handoff
from engine.ui.render import render_png
from engine.ui.scene import Scene
from engine.ui.sound import Sound, rattle_samples
from engine.ui.widgets.button import Button
from engine.ui.widgets.dialog import ChoiceRow, Dialog
from engine.ui.widgets.panel import LogLine, Panel
from engine.ui.widgets.prompt import Prompt
from engine.ui.widgets.toast import ToastStack
from engine.ui.widgets.tooltip import Tooltip
from toygame import PLUGIN
from toygame.testing import make_session

pytestmark = pytest.mark.ui

DT = 1 / 60


@pytest.fixture(autouse=True)
def user_data(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data" / "wargames"


@pytest.fixture
def app():
    application = App((1280, 800), audio=False)
    pygame.event.clear()
    yield application
    pygame.event.clear()


def press(widget, pos, up_pos=None) -> bool:
    down = widget.process_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    up = widget.process_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=up_pos or pos,
                                                 button=1))
    return down or up


def motion(pos) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def wheel(y: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False)


def post_key(app: App, code: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=""))
    app.step(DT)


def test_a_button_fires_on_release_over_it_only():
    fired = []
    button = Button("End turn", lambda: fired.append(1), rect=pygame.Rect(10, 10, 100, 30))
    assert press(button, (20, 20))
    assert fired == [1]
    press(button, (20, 20), up_pos=(300, 300))
    assert fired == [1]
    button.enabled = False
    press(button, (20, 20))
    assert fired == [1]


def test_a_long_prompt_wraps_and_scrolls_with_the_wheel():
    prompt = Prompt()
    chosen = []
    label = "Option number {} with a rather long label that wraps"
    options = [(label.format(i), lambda i=i: chosen.append(i)) for i in range(30)]
    prompt.set("Choose which detachment takes the loss in the guard post", options)
    prompt.layout(pygame.Rect(0, 0, 300, 400), 1.0)
    assert prompt.buttons[0].rect.height > prompt.buttons[0].height_for(10_000)
    first_y = prompt.buttons[0].rect.y
    prompt.process_event(motion((150, 200)))
    assert prompt.process_event(wheel(-3))
    assert prompt.buttons[0].rect.y < first_y
    hidden = prompt.buttons[0]
    assert not prompt.rect.colliderect(hidden.rect) or hidden.rect.bottom <= prompt.rect.top + 40
    visible = next(b for b in prompt.buttons if prompt.rect.contains(b.rect))
    press(prompt, visible.rect.center)
    assert chosen == [prompt.buttons.index(visible)]


def test_a_prompt_too_long_for_the_panel_cuts_no_button_at_its_bottom_edge():
    """ "Which one?" with its Cancel: a button shows whole or not at all until scrolled."""
    from engine.ui.widgets.panel import layout_side_panel

    for height in range(560, 760, 7):  # from the smallest window up
        panel, prompt = Panel(), Prompt()
        panel.set_content(title="Game", subtitle="Scenario",
                          status=[(f"Line {i}", "a value") for i in range(8)],
                          hand=[f"Card {i}" for i in range(5)])
        prompt.set("Which one?", [(f"Place the counter number {i}", lambda: None)
                                  for i in range(6)] + [("Cancel", lambda: None)])
        layout_side_panel(panel, prompt, (1000, height), 1.0)
        assert prompt.buttons[0].rect.bottom <= prompt.rect.bottom
        for button in prompt.buttons:
            assert prompt.rect.contains(button.rect) or button.rect.top >= prompt.rect.bottom


def test_the_panel_log_scrolls_back_with_the_wheel_and_stays_there():
    panel = Panel()
    panel.rect = pygame.Rect(0, 0, 360, 500)
    log = [LogLine(f"Event {i}") for i in range(80)]
    panel.set_content(title="Game", subtitle="", status=[("Turn", "1")], hand=["Order: rally"],
                      log=log)
    panel.layout(pygame.Rect(0, 0, 360, 500), 1.0, 100)
    panel.process_event(motion(panel.log_rect.center))
    assert panel.process_event(wheel(2))
    scrolled = panel.log_view.scroll
    assert scrolled > 0 and not panel.log_view.following
    panel.log_view.append([LogLine("Event 80")])
    assert panel.log_view.scroll > scrolled
    surface = pygame.Surface((360, 500))
    panel.draw(surface)


def test_the_tooltip_appears_after_a_delay():
    tip = Tooltip(delay=0.5)
    tip.process_event(motion((50, 50)))
    tip.hover("3,4", "Hex 3,4: clear")
    tip.update(0.3)
    assert not tip.visible
    tip.update(0.3)
    assert tip.visible
    tip.hover("4,4", "Hex 4,4: clear")
    assert not tip.visible
    tip.draw(pygame.Surface((200, 200)))


def test_toasts_expire_and_a_click_dismisses_them():
    toasts = ToastStack()
    toasts.layout(pygame.Rect(0, 0, 800, 600), 1.0)
    toasts.push("Saved to /tmp/x.json", duration=1.0)
    toasts.push("Red Guard belongs to the other side.", "error", duration=5.0)
    surface = pygame.Surface((800, 600))
    toasts.draw(surface)
    toasts.update(1.5)
    assert toasts.messages == ["Red Guard belongs to the other side."]
    toasts.draw(surface)
    assert press(toasts, (400, 560))
    assert toasts.messages == []


def test_a_dialog_grows_so_long_row_labels_leave_their_options_unbroken():
    rows = [ChoiceRow("Dice", ("Instant", "Normal", "Fast")),
            ChoiceRow("Roads over the reach marks (section 7) [R]", ("On", "Off"))]
    dialog = Dialog("Game menu", "Keys.", [("Resume", None)], rows=rows)
    dialog.layout(pygame.Rect(0, 0, 1600, 1000), 1.0)
    for buttons in dialog._row_buttons:
        for button in buttons:
            assert button.rect.width >= button.min_width(), button.text  # one line each
            assert dialog.rect.contains(button.rect)
    small = Dialog("Game menu", "Keys.", [("Resume", None)], rows=rows)
    small.layout(pygame.Rect(0, 0, 500, 600), 1.0)
    assert small.rect.width <= 500  # never wider than the screen


def test_a_dialog_choice_row_and_keys():
    done = []
    row = ChoiceRow("Red", ("Human", "Computer"), 1)
    dialog = Dialog("Players", "Who plays?", [("Start", lambda: done.append(row.value)),
                                              ("Cancel", lambda: done.append("cancel"))],
                    rows=[row])
    dialog.layout(pygame.Rect(0, 0, 1000, 700), 1.0)
    assert press(dialog, dialog._row_buttons[0][0].rect.center)
    assert row.value == "Human"
    assert dialog.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert done == ["Human"] and dialog.closed
    other = Dialog("Oops", "x " * 2000, [("OK", None)])
    other.layout(pygame.Rect(0, 0, 800, 600), 1.0)
    assert other.rect.height <= 600
    other.process_event(wheel(-2))
    other.draw(pygame.Surface((800, 600)))
    other.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert other.closed


def test_dice_tumble_then_settle_on_the_logged_values_and_skip():
    event = DiceRolled("Fire: rolls 2, 5", values=(2, 5), die="averaging die", purpose="fire")
    anim = DiceAnimation(event, speed=1)
    assert not anim.settled and len(anim.faces) == 2
    anim.update(0.2)
    assert all(f in tumble_faces("averaging die", (2, 5)) for f in anim.faces)
    surface = pygame.Surface((800, 600))
    anim.draw(surface, surface.get_rect(), 1.0)
    assert anim.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
    assert anim.settled and anim.faces == [2, 5] and not anim.finished
    anim.draw(surface, surface.get_rect(), 1.0)
    anim.skip()
    assert anim.finished
    assert DiceAnimation(event, speed=0).finished
    fast = DiceAnimation(event, speed=2)
    fast.update(0.35)
    assert fast.settled and fast.faces == [2, 5]
    assert tumble_faces("d10", (7,)) == tuple(range(1, 11))
    assert tumble_faces("averaging die", (3,), (2, 3, 3, 4, 4, 5)) == (2, 3, 4, 5)


def test_the_rattle_is_synthesised_and_silence_is_fine():
    samples = rattle_samples(22050)
    assert samples.shape == (int(22050 * 0.5),)
    assert 0.5 < float(np.max(np.abs(samples))) <= 0.8 + 1e-9
    quiet = Sound(audio=False)
    assert not quiet.available
    quiet.dice()
    assert quiet.toggle_mute() is True


def test_global_keys_scale_screenshot_mute_and_quit(app, user_data):
    class Blank(Scene):
        resized = 0

        def on_resize(self, size):
            Blank.resized += 1

    app.push(Blank(app))
    before = app.scale
    post_key(app, pygame.K_EQUALS, pygame.KMOD_CTRL)
    assert app.scale > before and Blank.resized >= 2
    post_key(app, pygame.K_0, pygame.KMOD_CTRL)
    assert app.scale == pytest.approx(before)
    post_key(app, pygame.K_F12)
    shots = list((user_data / "screenshots").glob("*.png"))
    assert len(shots) == 1
    assert any(str(shots[0]) in m for m in app.toasts.messages)
    post_key(app, pygame.K_m)
    assert app.sound.muted and "Sound off" in app.toasts.messages
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run() == 0
    assert not app.running


def test_settings_survive_in_their_file_and_bad_files_fall_back(tmp_path):
    path = tmp_path / "settings.json"
    Settings(ui_scale=1.25, dice_speed=2, muted=True).save(path)
    assert Settings.load(path) == Settings(1.25, 2, True)
    path.write_text("{not json", encoding="utf-8")
    assert Settings.load(path) == Settings()


def test_the_handoff_shows_the_summary_only_after_the_click():
    asked = []

    def summary():
        asked.append(1)
        return [f"event {i}" for i in range(30)]

    handoff = Handoff("red", "Red", summary)
    surface = pygame.Surface((640, 400))
    handoff.draw(surface, 1.0)
    assert not asked
    handoff.process_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1))
    assert asked and handoff.stage == "summary"
    assert handoff.lines == [f"event {i}" for i in range(30)]  # every event, none summed up
    handoff.draw(surface, 1.0)
    handoff.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert handoff.done


def test_the_handoff_summary_scrolls_to_its_last_event():
    handoff = Handoff("red", "Red", lambda: [f"event {i}" for i in range(80)], pass_first=False,
                      can_replay=True)
    surface = pygame.Surface((640, 400))
    handoff.draw(surface, 1.0)
    assert [b.text for b in handoff.buttons] == ["Continue", "Replay on the board"]
    for _ in range(60):
        handoff.process_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    handoff.draw(surface, 1.0)
    assert handoff.scroll > 0
    assert handoff.scroll == handoff._content_h - handoff._list.height  # the last line shows
    handoff.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0))
    assert handoff.stage == "replay"


def test_render_png_draws_the_game_screen_headless(tmp_path):
    out = tmp_path / "board.png"
    render_png(PLUGIN, make_session(1), out, size=(1280, 800), viewer="blue")
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 800)
    folder = os.environ.get("WARGAMES_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(out, Path(folder) / "render_png.png")
    with pytest.raises(OSError):
        render_png(PLUGIN, make_session(1), tmp_path / "missing" / "dir" / "x.png")


def test_a_hand_item_too_long_for_the_panel_ends_with_an_ellipsis():
    """The side panel's hand list shows each card on one line: whole, or cut at a word and
    ended with "…" (it once cut "… · Gillmore's landing party" to "… · Gillmore's" silently)."""
    from engine.ui import widgets as w

    panel = Panel()
    long = "2 AP · init 10 · Gillmore's landing party ambushed on the Baler river"
    panel.set_content(title="Game", subtitle="", status=[], hand=["Repair", long], log=[])
    panel.layout(pygame.Rect(0, 0, 300, 600), 1.0, 100)
    panel.draw(pygame.Surface((300, 600)))
    fnt = w.text_font(w.BODY, 1.0)
    room = panel.hand_rects[1].width - 2 * w.px(6, 1.0)
    assert fnt.size(long)[0] > room
    repair, cut = panel.hand_lines
    assert repair == "Repair"
    assert cut.endswith("…") and fnt.size(cut)[0] <= room
    assert long.startswith(cut[:-1].rstrip(" ·"))
    huge = w.ellipsize("x" * 200, fnt, room)
    assert huge.endswith("…") and fnt.size(huge)[0] <= room


def test_toasts_stack_at_most_three_deep_and_keep_clear_of_what_the_scene_names():
    """Four toasts once stood one above the other over Guerra's mini-map: now three at most, a
    message already shown is renewed rather than stacked, and a toast that would cover what
    the scene keeps clear narrows beside it or rises above it."""
    toasts = ToastStack()
    area = pygame.Rect(0, 0, 1600, 1000)
    toasts.layout(area, 1.0)
    minimap = pygame.Rect(940, 700, 260, 280)
    panel = pygame.Rect(1200, 0, 400, 1000)
    toasts.keep_clear = [panel, minimap]
    for text in ("Saved to /tmp/a.json", "Undone: Move to Huelva",
                 "Wait: the Republican side is deciding now.", "Undone: Move to Huelva",
                 "A long refusal " * 12):
        toasts.push(text)
    assert len(toasts.toasts) == 3
    assert toasts.messages.count("Undone: Move to Huelva") == 1
    surface = pygame.Surface(area.size)
    toasts.draw(surface)
    rects = [r for r, _ in toasts._rects]
    assert len(rects) == 3
    for i, rect in enumerate(rects):
        assert area.contains(rect)
        assert rect.collidelist(toasts.keep_clear) == -1, rect
        assert rect.collidelist(rects[i + 1:]) == -1
    # a strip along the whole bottom (a hand of cards): the toasts rise above it
    toasts.keep_clear = [pygame.Rect(0, 800, 1600, 200)]
    toasts.draw(surface)
    assert all(r.bottom <= 800 for r, _ in toasts._rects)


def test_a_toast_never_rises_over_the_top_of_the_window_to_clear_a_full_height_panel():
    """Baler's screen: the side panel (full height), the hand strip along the bottom and the
    dice tray above it at the left. A toast once rose above the side panel, to the top of the
    window over the Turn track: it goes above the strip, beside the tray."""
    toasts = ToastStack()
    area = pygame.Rect(0, 0, 1280, 800)
    toasts.layout(area, 1.0)
    toasts.keep_clear = [pygame.Rect(920, 0, 360, 800), pygame.Rect(0, 632, 920, 168),
                         pygame.Rect(0, 505, 450, 125)]
    toasts.push("Spanish player to decide (incursion dice)")
    toasts.push("Undone: Surveillance marker in area 2")
    toasts.draw(pygame.Surface(area.size))
    for rect, _ in toasts._rects:
        assert rect.collidelist(toasts.keep_clear) == -1, rect
        assert rect.top > 300, rect


def test_the_rolls_tray_keeps_off_what_the_board_keeps_clear():
    """Top right of the board by default; at the top left when the board keeps the top right
    clear (Baler's Turn and Victory point tracks when the view is panned, its combat tray)."""
    tray = DiceTray(DiceRolled("Spanish side rolls 6, 5 (casualty location)", die="d6",
                               values=(6, 5)))
    area = pygame.Rect(0, 0, 900, 700)
    surface = pygame.Surface(area.size)
    tray.draw(surface, area, 1.0)
    assert tray.rect.right > 850 and tray.rect.top < 20
    track = pygame.Rect(500, 0, 400, 60)
    tray.draw(surface, area, 1.0, [track])
    assert not tray.rect.colliderect(track) and tray.rect.left < 20
