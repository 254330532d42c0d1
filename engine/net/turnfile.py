"""Play by files, without a server (docs/online.md, "Play by files"): the game travels between
the players as one file, by email or a shared folder, as VASSAL players send their logs.

A turn file is a save file (engine.core.saves: the scenario's digest, the seed, every action,
the state hash, each action checked as legal when it is replayed) with one more entry,
`"turn_file": {"version": 1, "to_move": SIDE, "sides": [...]}`. A player opens it for their
side, plays until another side must decide, and the file is written back with their moves
only: whatever was played past that point (the screen is a hot-seat one) is left out, so each
side's moves come from its own player's machine.

Only games that hide nothing are offered this way (La Guerra de España). A file cannot keep a
hand, a deck's order or a bag's contents from the player whose computer applies the rules to it
(the rules need them in clear to resolve a draw or a reaction), and sealing each hand for its
player would still leave the decks and the other hand on the mover's machine: games with hidden
information are played across machines through a server (`wargames serve`), which holds them.
The dice are fresh (drawn from the operating system when the rules ask, and recorded in the
file), so no one can foresee them from the file; but the mover's machine rolls them, and a
player could play a turn in a copy until the dice suit them: file play is for players who trust
each other, as play by email always was; a server rolls the dice where no player touches them.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.core.game import GamePlugin, Scenario
from engine.core.saves import SaveError, atomic_write_text, read_save, restore, save_data
from engine.core.session import Session

VERSION = 1
CHECKED_ACTIONS = 300
"""Random actions played to see whether a game hides anything (`hides_nothing`)."""


class TurnFileError(Exception):
    """A turn file that cannot be used, or a game that cannot be played by files; the message
    says why and what to do instead."""


_CHECKED: dict[tuple[str, str], bool] = {}


def _hides_nothing(plugin: GamePlugin, scenario: Scenario) -> bool:
    holds = getattr(plugin.rules, "holds_secrets", None)
    if not callable(holds):
        return False
    session = Session(plugin.rules, scenario, 1, lazy_checkpoints=True)
    rng = random.Random(1)
    for _ in range(CHECKED_ACTIONS):
        if any(holds(session.state, side) for side in plugin.sides):
            return False
        legal = session.legal_actions()
        if not legal:
            break
        session.play(legal[rng.randrange(len(legal))], check_legal=False, listed=True)
    return True


def hides_nothing(plugin: GamePlugin, scenario: Scenario) -> bool:
    """Whether no side of the game ever sees anything another does not (no hand, deck or bag
    seen by one side only): checked over a seeded random game, as the rules' `holds_secrets`
    says at each of its positions."""
    key = (plugin.id, scenario.sha256)
    if key not in _CHECKED:
        _CHECKED[key] = _hides_nothing(plugin, scenario)
    return _CHECKED[key]


def refusal(plugin: GamePlugin) -> str:
    return (f"{plugin.title} hides cards from the other side, and a turn file cannot keep "
            "them secret from the player whose computer plays it: play across machines "
            "through a server instead (wargames serve; docs/online.md)")


def new_game(plugin: GamePlugin, scenario: Scenario, seed: int) -> Session:
    """A game for files, with fresh dice (engine.core.dice.FreshDice): each outcome is drawn on
    the mover's machine when the rules ask and recorded in the file, so the file holds what has
    been rolled and nothing of what is to come (`seed` only seeds computer players)."""
    if not hides_nothing(plugin, scenario):
        raise TurnFileError(refusal(plugin))
    return Session(plugin.rules, scenario, seed, fresh=True)


def deciding(session: Session) -> str | None:
    player = session.state.decision.player
    return None if session.result() is not None or player is None else str(player)


def open_turn(path: Path, plugin: GamePlugin, scenario: Scenario, side: str) -> Session:
    """The game in `path`, checked, for `side` to play: refused when it is another side's
    move (the file should go to them)."""
    try:
        save = read_save(path)
        session = restore(save, plugin.rules, scenario, str(path))
    except SaveError as err:
        raise TurnFileError(str(err)) from None
    if not hides_nothing(plugin, scenario):
        raise TurnFileError(refusal(plugin))
    if session.result() is not None:
        return session
    mover = deciding(session)
    if mover != side:
        name = plugin.side_names.get(mover or "", mover or "nobody")
        raise TurnFileError(f"{path}: it is the {name} player's move; send them the file")
    return session


def turn_end(session: Session, side: str, start: int) -> int:
    """Where `side`'s turn ends after the first `start` actions: at the first decision of
    another side (the actions past it were not this player's to make)."""
    for entry in session.history[start:]:
        if entry.player != side:
            return entry.index
    return len(session.history)


def write_turn(path: Path, session: Session, side: str, start: int,
               sides: Sequence[str]) -> tuple[int, str | None]:
    """Keep `side`'s moves since `start` (cutting what was played past its turn) and write the
    file; how many moves it holds and whose move it is now."""
    end = turn_end(session, side, start)
    if end < len(session.history):
        session.rewind(end)
    data: dict[str, Any] = save_data(session)
    mover = deciding(session)
    data["turn_file"] = {"version": VERSION, "to_move": mover, "sides": list(sides)}
    atomic_write_text(path, json.dumps(data, indent=1) + "\n")
    return end - start, mover


def play_turn_file(plugin: GamePlugin, args: Any, user_error: type[Exception],
                   side_named: Any) -> int:
    """`wargames play GAME --turn-file FILE --side SIDE`: one player's turn in a window."""
    import secrets

    from engine.loading import load_game_scenario
    from engine.ui.launcher import run_game

    if not args.side:
        raise user_error("--turn-file needs --side: the side you play")
    if args.load or args.ai:
        raise user_error("--turn-file plays without --load or --ai")
    side = side_named(plugin, args.side)
    path = Path(args.turn_file)
    scenario = load_game_scenario(plugin, Path(args.scenario) if args.scenario else None)
    try:
        if path.exists():
            session = open_turn(path, plugin, scenario, side)
        else:
            seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
            session = new_game(plugin, scenario, seed)
            if deciding(session) != side:
                name = plugin.side_names.get(deciding(session) or "", "another side")
                raise TurnFileError(f"the {name} player moves first: they start the file")
    except TurnFileError as err:
        raise user_error(str(err)) from None
    start = len(session.history)
    players = {s: "human" for s in plugin.sides}
    status = run_game(plugin, session, players)
    moves, mover = write_turn(path, session, side, start, plugin.sides)
    if session.result() is not None:
        print(f"wargames: the game is over; {path} holds it whole")
    elif mover == side:
        print(f"wargames: {moves} move(s) kept in {path}; your turn goes on when you open it "
              "again")
    else:
        name = plugin.side_names.get(mover or "", mover or "")
        print(f"wargames: {moves} move(s) kept in {path}: send it to the {name} player")
    return status
