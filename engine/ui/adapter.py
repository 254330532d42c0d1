"""What a game's UI gives the engine's game screen, and what the board views promise.

The engine's `GameScene` owns the window, the side panel, the prompt, dice, hand-off and saves.
A game plugs in a `GameUI`: a board view to draw, a way to turn the rules' filtered view into
counters on that board, and a mapping from board clicks to legal actions. Everything it shows
comes from `Rules.view(state, viewer)`, never from the raw state, so hidden information cannot
leak onto the screen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import pygame

from engine.core.actions import Action


@dataclass(frozen=True, slots=True)
class CounterSpec:
    """How to draw one counter: colours, a NATO-style or letter symbol, factors, name, flip side.

    `symbol` is one of: "infantry", "cavalry", "artillery", "armor", "hq", "leader", "fleet",
    "air", "marker", or any short text drawn as letters. `factors` is the text at the bottom
    (e.g. "2" or "4-3"). `flipped` draws the reverse side (a lighter band).
    """

    id: str
    name: str
    fill: tuple[int, int, int]
    ink: tuple[int, int, int] = (0, 0, 0)
    symbol: str = "infantry"
    factors: str = ""
    label: str = ""
    flipped: bool = False
    side: str = ""


@dataclass(frozen=True, slots=True)
class MenuItem:
    """One line of an action menu (DESIGN.md §8, "looking is free, acting is explicit").

    `label` names the action as the rulebook does ("Surveillance"), `cost` what it spends
    ("1 AP", "2 AP, 1 supply"; empty when free). `action` is None for an option that is shown
    greyed out; `reason` then says why, citing the section. `irreversible` marks an action that
    rolls, draws, reveals or plays a card: undo stops there, and the screen may ask once more.
    """

    label: str
    action: Action | None = None
    cost: str = ""
    reason: str = ""
    irreversible: bool = False


@dataclass(frozen=True, slots=True)
class Click:
    """What a click on the board means.

    Exactly one of: `menu` (what may be done there, each with its cost: the screen opens a small
    menu at the click, even for a single legal item), `choices` (several actions fit: the prompt
    asks which), `select` (a new selection, with `highlight` targets; free, never changes the
    state), or `reason` (illegal: shown with its section). `action` plays at once and is only for
    answers that spend, roll, draw and reveal nothing (placing a setup counter, picking a target
    already chosen through a menu). A Click with nothing set clears the selection.
    """

    action: Action | None = None
    choices: tuple[Action, ...] = ()
    select: str | None = None
    highlight: frozenset[str] = field(default_factory=frozenset)
    reason: str | None = None
    menu: tuple[MenuItem, ...] = ()
    title: str = ""
    """The menu's heading: the place clicked ("Area 2 — east wall")."""


@dataclass(frozen=True, slots=True)
class CardFace:
    """Everything printed on a card, for the card viewer (full size on click, enlarged on hover).

    `header` holds the short facts (("AP", "2"), ("Initiative", "5")); `icons` the icon names;
    `sections` the texts in print order as (heading, text): the main event, the boosted event
    with its whole requirement, special rules, flavour (heading "" for plain text). Nothing is
    cut: the viewer wraps every line and grows the card to fit.
    """

    id: str
    title: str
    fill: tuple[int, int, int] = (245, 240, 225)
    ink: tuple[int, int, int] = (20, 20, 20)
    header: tuple[tuple[str, str], ...] = ()
    icons: tuple[str, ...] = ()
    sections: tuple[tuple[str, str], ...] = ()
    owner: str = ""
    """Whose card it is, as printed ("Spanish", "Philippine", "Event")."""


@dataclass(frozen=True, slots=True)
class AidTable:
    """A table of a player-aid page: column headings and rows of cells, drawn with columns."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    title: str = ""


@dataclass(frozen=True, slots=True)
class AidPage:
    """One page of a game's player aid (F1): a title, its lines of text and its tables."""

    title: str
    lines: tuple[str, ...]
    tables: tuple[AidTable, ...] = ()


class BoardView(Protocol):
    """A drawable, clickable board in world coordinates (pixels at zoom 1).

    A board may also offer `keep_clear() -> list[pygame.Rect]`: the screen rectangles of what
    it drew over the map that toasts must not cover (a mini-map, a hand of cards, dice); and
    `target_rect(target, camera) -> pygame.Rect | None`: where a target that may be clicked (a
    counter, a card, a die, a mini-map) lies on screen, which its tooltip keeps off."""

    @property
    def world_size(self) -> tuple[int, int]: ...

    def set_counters(self, counters: Mapping[str, Sequence[CounterSpec]]) -> None:
        """Counters by location id (a hex id like "12,7" or a space id), bottom first."""
        ...

    def draw(
        self,
        surface: pygame.Surface,
        camera: Any,
        hover: str | None,
        highlights: Mapping[str, str],
    ) -> None:
        """Draw the board through `camera`, covering every pixel of its viewport (the screen
        does not clear the window first); `highlights` maps target ids to a style name:
        "selected", "target", "attack", "hint" (the computer's suggestion to a human: a board
        may draw it above its counters) — drawn with outlines and patterns, never colour
        alone."""
        ...

    def hit(self, world_pos: tuple[float, float]) -> str | None:
        """The target id under a world position: a counter id when over a counter, else a
        location id, else None."""
        ...

    def tooltip(self, target: str) -> str | None:
        """Text naming a board element as the rulebook does."""
        ...

    def anchor(self, target: str) -> tuple[float, float] | None:
        """World position of a location or counter (for centring and animations)."""
        ...


class GameUI(Protocol):
    """The game-specific part of the game screen."""

    board: BoardView

    def sync(self, view: Any, viewer: str | None) -> None:
        """Update counters and markers on `board` from the rules' view for `viewer`."""
        ...

    def on_click(self, target: str | None, selection: str | None, legal: list[Action]) -> Click: ...

    def board_actions(self, legal: list[Action]) -> list[Action]:
        """The legal actions made by clicking the board; the others get prompt buttons."""
        ...

    def status(self, view: Any) -> list[tuple[str, str]]:
        """Side-panel lines (label, value): turn, phase, tracks."""
        ...

    def hand(self, view: Any) -> list[str]:
        """Private items of the viewer to list in the panel (cards in hand); [] if none."""
        ...

    def action_label(self, action: Action) -> str: ...

    def player_aid(self) -> Sequence[AidPage]:
        """The pages F1 shows: sequence of play, action costs, tables (from the game's YAML)."""
        ...

    def highlight_style(self, target: str) -> str | None:
        """The highlight style for a target the player may click now ("target", "attack", …);
        None keeps the default "target" style."""
        ...


class GameUIExtras(Protocol):
    """Optional parts of a `GameUI`; the game screen uses each one the game provides (looked up
    with `getattr`), so a game gains them one at a time.

    - `card_face(target) -> CardFace | None`: the card under a board or hand target, for the
      card viewer (right-click or click opens it full size; hover enlarges it). A hand target is
      the text of the item exactly as `hand()` listed it.
    - `all_card_faces() -> Sequence[CardFace]`: every card of the scenario, so a test can render
      each one in the viewer and check that no line is cut.
    - `legend() -> Sequence[tuple[str, str]]`: counter codes and what they mean ("2★3": combat 2,
      leader, manpower 3), shown in F1 and in counter tooltips.
    - `place_name(text) -> str`: a log line with hex coordinates and internal ids replaced by
      the places' and counters' printed names.
    - `overlays() -> Sequence[tuple[str, str]]`: toggleable map overlays as (id, label), all
      off at the start; `set_overlay(id, on)` turns one on or off (the game menu lists them);
      `overlay_keys() -> Mapping[str, str]`: the key (pygame's key name, "w") that switches
      each overlay on the game screen.
    - `handoff_heading(side) -> str`: what the hand-off screen says besides the side's name
      ("South sector, Nationalist").
    - `irreversible(action) -> bool`: the action passes the undo barrier though trying it on a
      copy of the position may not show it (`engine.ui.irreversible`): it commits to a roll made
      after another side's answer (Guerra's "Roll the dice" before the defender's F.E.C.), or
      it plays, trades or discards a card. The screen marks it "(no undo)" and asks once.
    - `is_selection(action) -> bool`: the action only selects something the game keeps in its
      rules (it rolls and spends nothing): Esc and a right-click take it back, and a click the
      game refuses while it stands may move it to what was clicked.
    - `no_effect(action) -> str | None`: why playing `action` now would change nothing (from
      the rules' view, `no_effect_reason`): the screen asks "play it anyway?" first.
    - `action_targets(action) -> Sequence[str]`: the board targets an action is about (the
      counter it moves and where to, the area it shoots at): the hint marks them.
    """

    def card_face(self, target: str) -> CardFace | None: ...

    def all_card_faces(self) -> Sequence[CardFace]: ...

    def legend(self) -> Sequence[tuple[str, str]]: ...

    def place_name(self, text: str) -> str: ...

    def overlays(self) -> Sequence[tuple[str, str]]: ...

    def set_overlay(self, overlay: str, on: bool) -> None: ...

    def overlay_keys(self) -> Mapping[str, str]: ...

    def handoff_heading(self, side: str) -> str: ...

    def irreversible(self, action: Action) -> bool: ...

    def is_selection(self, action: Action) -> bool: ...

    def no_effect(self, action: Action) -> str | None: ...

    def action_targets(self, action: Action) -> Sequence[str]: ...
