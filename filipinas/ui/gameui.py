"""The `GameUI` of Filipinas: the board, the side panel's status and hand, the labels of the
prompt's buttons and the meaning of clicks.

Actions offered for the selection: while one of your stacks is selected, the map marks where it
may move, attack, stack or build (a click there opens a menu of those actions with their costs)
and the prompt lists the rest of that stack's actions (unstacking, entrenching, dispersing,
plunder, hiding, repatriation, recruiting, cards aimed at it), each with its AP cost; with
nothing selected it lists what needs no board target (passing, cards, trades, Political
Actions) and the map takes the rest.
The game screen tells the UI of a new selection through `on_click` and redraws through `sync`
after every change of selection, so the selection the UI remembers (`_selected`) is dropped at
the first `sync` that does not follow the click which made it: the screen clears its own
selection before every such redraw (after an action, Esc, undo, a hand-off).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.core.actions import Action
from engine.core.game import GamePlugin, Scenario
from engine.ui.adapter import AidPage, CardFace, Click
from filipinas.rules import actions as A
from filipinas.rules.setup import build_data
from filipinas.ui import aid, table
from filipinas.ui.board import FilipinasBoard
from filipinas.ui.clicks import Position, Selector, unit_of
from filipinas.ui.labels import Labeller, card_title
from filipinas.ui.paint import PrintedBoard
from filipinas.ui.pieces import build

ALWAYS_BUTTONS = (A.EndRound, A.TradeCards, A.Political, A.EndReconcentration, A.Discard,
                  A.Decline, A.Counterattack, A.Intercept, A.DefendZapote, A.Relocate)
"""Answers that need no place on the board: always prompt buttons."""
CARD_BUTTONS_MAX = 6
"""A card with at most this many choices of target is played from buttons; one with more is
played by clicking its target on the map (and from buttons while its target is selected)."""


class FilipinasUI:
    """The game-specific part of the game screen for Filipinas."""

    def __init__(self, plugin: GamePlugin, scenario: Scenario) -> None:
        self.plugin = plugin
        self.data = build_data(scenario)
        docs = scenario.documents
        spaces = docs["map"]["spaces"]
        self.names: dict[str, str] = {s["id"]: s["name"] for s in spaces}
        track = docs["map"]["turns"]["track"]
        self.turns = {t["turn"]: (t["months"], t["season"]) for t in track}
        t = docs["tables"]
        printed = PrintedBoard(
            names=self.names,
            resources={s["id"]: s["resources"] for s in spaces},
            turns=tuple((t_["turn"], t_["months"], t_["season"]) for t_ in track),
            cards_by_ap=self.data.params.cards_by_ap,
            morale_bands=self.data.params.bands,
            us_entry=t["limits"]["us_entry"],
        )
        self.board = FilipinasBoard(printed)
        self.selector = Selector(self.data, self.board.shapes)
        self.labels = Labeller(self.data, self.names)
        self._aid = aid.pages(docs, self.data)
        self._selected: str | None = None
        self._fresh = False
        self._view: Mapping[str, Any] = {}
        self._names_all = {**{c: d.name for c, d in self.data.counters.items()},
                           **{c: d.name for c, d in self.data.cards.items()}, **self.names}

    # --- GameUI --------------------------------------------------------------------------------

    def sync(self, view: Any, viewer: str | None) -> None:
        """Counters, markers and tooltips from the rules' view for `viewer`."""
        if self._fresh:
            self._fresh = False
        else:
            self._selected = None
        self._view = view
        pieces = build(view, self.data, self.names, self.data.wet_turns)
        self.board.place(pieces.piles)
        self.board.counter_notes = pieces.counter_notes
        self.board.space_notes = pieces.space_notes
        decision = view["decision"]
        prompt = view["prompt"]
        deciding = prompt["player"] if prompt else (view["active"] if decision == "round"
                                                     else None)
        self.selector.pos = Position(pieces.members, pieces.where, deciding, decision)
        self.labels.update(view, pieces.members)

    def on_click(self, target: str | None, selection: str | None, legal: list[Action]) -> Click:
        """A click that offers actions opens a menu of them with their costs, even for one
        (DESIGN.md §8); a hand over the limit is cut from a menu of its cards, never from
        buttons where Pass was a moment before (6.13)."""
        discards = tuple(a for a in legal if isinstance(a, A.Discard))
        trades = tuple(a for a in legal if isinstance(a, A.TradeCards))
        where = self.selector.resolve(target) if target is not None else None
        if discards:
            click = Click(choices=discards)
        elif trades and where is not None and where.startswith("res") and selection is None:
            click = Click(choices=trades)
        else:
            click = self.selector.click(target, selection, legal)
        if click.select is not None:
            self._selected, self._fresh = click.select, True
        elif click.choices:
            self._selected, self._fresh = selection, True
        elif click.reason is None:
            self._selected = None
        title = "Trade two cards… for 1 AP (6.13)" if trades and click.choices == trades \
            else self._title(target, bool(discards))
        lines = frozenset(self._view.get("markers", {}).get("lines", ()))
        if click.reason and selection is not None and target is not None:
            return table.refused_menu(click, title, "Move or attack here")
        return table.as_menu(click, self.labels, title, lines)

    def _title(self, target: str | None, discarding: bool) -> str:
        """The menu's heading: the place or counter clicked."""
        if discarding:
            return f"Hand over the limit of {self.data.params.hand}: discard (6.13)"
        where = self.selector.resolve(target) if target is not None else None
        if where in self.data.counters:
            return self.data.counters[where].name
        return self.names.get(where or "", "Choose")

    def action_targets(self, action: Action) -> list[str]:
        """The counters an action moves or uses and the places and stacks it aims at (the
        hint marks them)."""
        keys: list[str] = []
        stack = getattr(action, "stack", None)
        if isinstance(stack, str):
            keys.append(f"stack:{stack}")
        unit = unit_of(action)
        if unit is not None:
            keys.append(unit)
        keys.extend(getattr(action, "units", ()) or ())
        keys.extend(self.selector.targets_of(action))
        if isinstance(action, A.PlayCard):
            keys.extend(t if t in self.data.spaces else f"stack:{t}" for t in action.targets)
        return list(dict.fromkeys(keys))

    def irreversible(self, action: Action) -> bool:
        """An answer that rolls or plays, trades or discards a card (`table.irreversible`)."""
        return table.irreversible(action, frozenset(self._view.get("markers", {}).get("lines", ())))

    def board_actions(self, legal: list[Action]) -> list[Action]:
        """With a selection, everything but its actions and passing: the panel then lists
        what the selected stack can do. Without one, everything but the answers that have no
        place on the board and the cards with few targets (DESIGN.md §2: every decision is
        answerable)."""
        buttons = set(self.buttons_for(self._selected, legal))
        return [a for a in legal if a not in buttons]

    def buttons_for(self, selection: str | None, legal: list[Action]) -> list[Action]:
        """The legal actions the prompt offers as buttons with `selection` selected."""
        if selection is not None:
            # what the selection does at a place (moves, attacks, stacking, a Fortified
            # Line) is marked on the map and chosen there, from a menu that tells two ways
            # to one place apart: the panel keeps the rest, a short list
            return [a for a in legal if isinstance(a, A.EndRound)
                    or (self.selector.belongs(a, selection)
                        and not self.selector.targets_of(a))]
        targets = Counter(a.card for a in legal if isinstance(a, A.PlayCard) and a.targets)
        out = [a for a in legal if (isinstance(a, ALWAYS_BUTTONS) and not isinstance(
            a, A.Discard | A.TradeCards)) or (isinstance(a, A.PlayCard) and (
                not a.targets or targets[a.card] <= CARD_BUTTONS_MAX))]
        return out  # two-card trades: one "Trade two cards…" menu on the Resources track

    def highlight_style(self, target: str) -> str | None:
        """Enemy stacks and enemy cities are attack targets; the rest plain targets."""
        pos = self.selector.pos
        if target.startswith("stack:"):
            cid = target[6:]
            side = self.data.counters[cid].side if cid in self.data.counters else None
            return "attack" if side is not None and side != pos.deciding else "target"
        if target in self.data.spaces and self.data.spaces[target].kind == "city":
            owner = self._view.get("markers", {}).get("cities", {}).get(target, "spain")
            mine = (owner == "spain") == (pos.deciding == "spain")
            return "target" if mine else "attack"
        return None

    def status(self, view: Any) -> list[tuple[str, str]]:
        months, season = self.turns.get(view["turn"], ("", "dry"))
        wet = " (wet: −1 AP)" if season == "wet" else ""
        side = self.plugin.side_names
        lines = [("Turn", f"{view['turn']} of {self.data.last_turn}, {months}{wet}")]
        lines.append(("Round", self._phase(view)))
        lines.append(("AP", f"{side['filipino']} {view['ap']['filipino']}, "
                            f"{side['spain']} {view['ap']['spain']}"))
        needed = self.data.params.cities_needed(view["morale"])
        lines.append(("Morale", f"{view['morale']}: Spain yields with {needed} "
                                f"cit{'y' if needed == 1 else 'ies'} lost"))
        us = "at war" if view["us_at_war"] else f"{view['us']} (war at " \
             f"{self.data.params.us_entry})"
        government = "Sagasta" if view["government"] == "sagasta" else "Cánovas"
        reconcentration = ", Reconcentration" if view["markers"]["reconcentration"] else ""
        lines.append(("Madrid", f"{government}{reconcentration}; US entry {us}"))
        cities = view["markers"]["cities"]
        held = {"filipino": "Filipino", "usa": "US"}
        hands = view["hand_sizes"]
        lines.append(("Cities", ", ".join(f"{self.names[c].split(' (')[0]} "
                                          f"{held.get(cities.get(c, ''), 'Spanish')}"
                                          for c in self.data.cities)
                      + f"; cards in hand {hands['filipino']}/{hands['spain']}"))
        if view["combat"] is not None:
            lines.append(("Combat", self._combat(view["combat"])))
        if len(view["hand"]) >= self.data.params.cards_for_ap and view["decision"] == "round":
            lines.append(("Trade", "Trade two cards… for 1 AP: click the Resources track "
                                   "(6.13)"))
        return lines

    def _combat(self, combat: Mapping[str, Any]) -> str:
        """The combat being fought: who, the modifiers so far and the roll it needs (6.7)."""
        p = self.data.params
        need = (p.siege_hit if combat["kind"] == "siege" else p.combat_hit) - sum(
            v for _, v in combat["modifiers"])
        mods = ", ".join(f"{r} {v:+d}" for r, v in combat["modifiers"])
        who = " + ".join(self.data.counters[c].name for c in combat["attackers"])
        roll = ("no roll can hit" if need > 6 else "any roll hits" if need <= 1
                else f"a hit needs {need}+")
        return f"{who} ({combat['kind']}): {mods}; {roll}"

    def _phase(self, view: Mapping[str, Any]) -> str:
        if view["decision"] == "over":
            return "Game over"
        active = self.plugin.side_names.get(view["active"], view["active"])
        done = view["round"]["actions"]
        text = f"{active} round"
        if done:
            text += f", {done} action{'s' if done > 1 else ''} done"
            if not view["round"]["coordinated"]:
                text += "; next +1 AP"
        return text

    def hand(self, view: Any) -> list[str]:
        """The viewer's cards, then, in solo, the bot's (10.2: the Filipino player sees them),
        each opening full size on a click like any card."""
        own = [card_title(self.data.cards[c]) for c in view["hand"]]
        return own + [f"{table.BOT_CARD}{card_title(self.data.cards[c])}"
                      for c in view.get("bot_hand") or ()]

    def no_effect(self, action: Action) -> str | None:
        """Why a card played, or two traded, now would change nothing (the screen asks first,
        6.13)."""
        idle = self._view.get("no_effect") or {}
        if isinstance(action, A.PlayCard):
            reason = idle.get(f"play:{action.card}")
        elif isinstance(action, A.TradeCards):
            reason = idle.get(repr(action))
        else:
            return None
        return str(reason) if reason else None

    def action_label(self, action: Action) -> str:
        """The action's words and cost; a card aimed at the selected stack leaves its target
        unsaid (the panel's list for a selection stays short)."""
        aimed = self._selected is not None and isinstance(action, A.PlayCard) \
            and self.selector.belongs(action, self._selected)
        return self.labels.label(action, aim=not aimed)

    # --- GameUIExtras ----------------------------------------------------------------------

    def card_face(self, target: str) -> CardFace | None:
        card = table.find_card(self.data, target)
        if card is not None:
            return table.card_face(self.data, card)
        if target.startswith("back:"):
            deck = target[5:]
            return table.card_back(deck, "Spanish" if "spanish" in deck else "Filipino")
        return None

    def all_card_faces(self) -> list[CardFace]:
        faces = [table.card_face(self.data, c) for c in self.data.cards]
        return faces + [table.card_back(d, "Spanish" if "spanish" in d else "Filipino")
                        for d in ("spanish", "filipino")]

    def legend(self) -> tuple[tuple[str, str], ...]:
        return table.LEGEND

    def place_name(self, text: str) -> str:
        return table.place_name(text, self._names_all)

    def player_aid(self) -> list[AidPage]:
        return list(self._aid)


def create(plugin: GamePlugin, scenario: Scenario) -> FilipinasUI:
    """The factory named by the plugin's `ui` entry."""
    return FilipinasUI(plugin, scenario)
