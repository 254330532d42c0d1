"""The `wargames` command: launcher, play, validate, schema, simulate, render, edit, replay,
bench, serve.

User errors (a missing file, bad YAML, an unknown game, a bad save) print one clear line (or the
list of YAML problems) on stderr and exit with status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine import plugins
    from engine.ai.agent import Agent
    from engine.ai.blunders import Label
    from engine.core.actions import Action
    from engine.core.files import display, printable
    from engine.core.game import GamePlugin, Scenario
    from engine.core.saves import SaveError, read_save
    from engine.core.session import Session
    from engine.loading import LoadError, load_game_scenario, load_saved_game, validate_paths


class _LauncherOnly(Exception):
    """Stands for `LoadError` and `SaveError` when the launcher runs: it shows scenario and
    save errors in a dialog itself, and the YAML layer (pydantic) and the saves must not delay
    its window."""


def _import_commands(command: str | None) -> None:
    """Import what the commands use, once the arguments are parsed: `wargames --help` (and a
    mistyped command) never waits for the rules, pydantic or the games (`-X importtime`:
    0.23 s of imports before this); the launcher (no command) does not wait for the YAML
    layer."""
    global plugins, display, printable, SaveError, read_save, Session
    global LoadError, load_game_scenario, load_saved_game, validate_paths
    from engine import plugins
    from engine.core.files import display, printable

    if command is None or command == "play":
        # the launcher, and a game's window, open before the YAML layer and the saves load
        # (`play` imports them behind its window: `_import_loading`)
        LoadError = _LauncherOnly  # type: ignore[misc, assignment]
        SaveError = _LauncherOnly  # type: ignore[misc, assignment]
        return
    if command in ("validate", "schema", "serve"):
        # they read YAML only: no saves, no sessions (tempfile, datetime and the action codec
        # would be imported for nothing)
        from engine.loading import LoadError, validate_paths

        SaveError = _LauncherOnly  # type: ignore[misc, assignment]
        return
    _import_loading()


def _import_loading() -> None:
    """The saves, sessions and the YAML layer, for the commands that set a game up."""
    global SaveError, read_save, Session
    global LoadError, load_game_scenario, load_saved_game, validate_paths
    from engine.core.saves import SaveError, read_save
    from engine.core.session import Session
    from engine.loading import LoadError, load_game_scenario, load_saved_game, validate_paths

USER_ERROR = 2
MAX_GAMES = 100_000
"""Games one `simulate` may play (the balance reports play 400); every game's task is made up
front, so a billion would exhaust the memory before the first game."""
JOBS_PER_CORE = 4
"""Worker processes `simulate --jobs` may start per core."""


class UserError(Exception):
    """A problem with what the user asked for; its message is printed as is."""


def _plugin(game: str) -> GamePlugin:
    try:
        return plugins.get(game)
    except plugins.PluginError as err:
        raise UserError(str(err)) from None


def _session(plugin: GamePlugin, scenario_file: str | None, seed: int, load: str | None,
             fresh: bool = False) -> Session:
    """The game to play or draw: loaded from a save, or set up (`fresh`: dice drawn when
    they are needed, for a game started without --seed)."""
    if load:
        try:
            game = read_save(Path(load)).game
            if game != plugin.id:
                raise SaveError(f"{display(load)}: this save is for the game '{game}', "
                                f"not '{plugin.id}'")
            saved = load_saved_game(Path(load), {plugin.id: plugin})
        except SaveError as err:
            raise UserError(str(err)) from None
        return saved.session
    scenario = load_game_scenario(plugin, Path(scenario_file) if scenario_file else None)
    try:
        return Session(plugin.rules, scenario, seed, fresh=fresh)
    except Exception as err:  # the boundary: a scenario the schemas let through but play cannot
        raise UserError(f"cannot set up the game from {display(scenario.path)} "
                        f"({type(err).__name__})") from None


def _saved_seats(plugin: GamePlugin, load: str) -> dict[str, str]:
    """The computer seats of a save continued without --ai, with their levels (a save that
    names none plays the game's default level); {} when the save cannot be read (loading it
    then says why)."""
    from engine.ui.launcher import saved_player

    try:
        saved = read_save(Path(load)).players
    except SaveError:
        return {}
    seats = {}
    for side in plugin.sides:
        value = saved_player(plugin, saved.get(side, "human"), side)
        if value is not None and value.startswith("computer:"):
            seats[side] = value.partition(":")[2]
    return seats


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1600x1000, not {text!r}") from None
    if not (320 <= w <= 8000 and 240 <= h <= 8000):
        raise argparse.ArgumentTypeError(f"size {text} is out of range")
    return w, h


class _PlayHelp(argparse.Action):
    """`play --help`: the options, then every game's sides and levels (read from the plugins
    and `engine.ai.registry` only when asked, so other commands start without loading the
    games)."""

    heading = "sides and levels for --ai SIDE[:LEVEL]:"
    example = "e.g. wargames play filipinas --ai spanish:easy"

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        from engine import plugins as registry
        from engine.ai.registry import levels

        lines = [self.heading]
        try:
            games = registry.discover()
        except registry.PluginError as err:
            games = {}
            lines.append(f"  (games could not be loaded: {err})")
        for plugin in games.values():
            sides = ", ".join(f"{plugin.side_names.get(s, s)} ({s})" for s in plugin.sides)
            lines.append(f"  {plugin.id}: sides {sides}")
            lines.append(f"  {' ' * len(plugin.id)}  levels {', '.join(levels(plugin))}")
        lines.append(self.example)
        parser.epilog = "\n".join(lines)
        parser.print_help()
        parser.exit()


class _SimulateHelp(_PlayHelp):
    """`simulate --help`: the options, then every game's sides (in the order --agents names
    them) and levels."""

    heading = "sides, in --agents order, and levels for --agents LEVEL,LEVEL:"
    example = "e.g. wargames simulate baler --agents easy,normal --games 20"


def _normal_text(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def side_named(plugin: GamePlugin, text: str) -> str:
    """The side a person means: its id or the name on screen, in any case and spacing
    ("spanish" and "Spain" for Filipinas' spain), or the side sharing the longest start with
    it (at least three letters; the first seat wins a tie)."""
    wanted = _normal_text(text)
    forms = {s: {_normal_text(s), _normal_text(plugin.side_names.get(s, s))}
             for s in plugin.sides}
    for side, names in forms.items():
        if wanted in names:
            return side

    def shared(side: str) -> int:
        return max(len(os.path.commonprefix([wanted, n])) for n in forms[side])

    best = max(plugin.sides, key=shared) if plugin.sides else None
    if best is None or shared(best) < 3:
        listed = ", ".join(f"{plugin.side_names.get(s, s)} ({s})" for s in plugin.sides)
        raise UserError(f"unknown side {text!r} (sides: {listed})")
    return best


def computer_seats(plugin: GamePlugin, entries: Sequence[str],
                   sides_checked: bool = True) -> dict[str, str]:
    """Each `--ai SIDE[:LEVEL]` as side -> level name (the default level when none is said).
    `sides_checked` False leaves `check_seat_levels` for later (it imports the game's AI)."""
    from engine.ai.registry import UnknownLevel, resolve

    seats: dict[str, str] = {}
    for entry in entries:
        text, _, level = entry.partition(":")
        side = side_named(plugin, text)
        try:
            seats[side] = resolve(plugin, level or "computer")
        except UnknownLevel as err:
            raise UserError(str(err)) from None
    if sides_checked:
        check_seat_levels(plugin, seats)
    return seats


def check_seat_levels(plugin: GamePlugin, seats: Mapping[str, str]) -> None:
    """UserError when a level does not play its side (Filipinas' solo bot plays Spain only)."""
    from engine.ai.registry import level_name, side_levels

    for side, level in seats.items():
        offered = side_levels(plugin, side)
        if level not in (*offered, "random"):
            raise UserError(f"the {level_name(level)} does not play the "
                            f"{plugin.side_names.get(side, side)} side; it may play: "
                            f"{', '.join(offered)}")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="wargames",
        description="Heroes of Baler, Filipinas 1896-1898 and La Guerra de España on screen.",
    )
    parser.add_argument("--size", type=_size, default=None, metavar="WxH",
                        help="the window's size, e.g. 1600x1000 (default: 1600x1000, shrunk to "
                        "fit the screen)")
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="start a game in a window", add_help=False,
                          formatter_class=argparse.RawDescriptionHelpFormatter)
    play.add_argument("-h", "--help", action=_PlayHelp, nargs=0,
                      help="show this help, with each game's sides and levels, and exit")
    play.add_argument("game")
    play.add_argument("--scenario", help="scenario manifest YAML (default: the game's standard)")
    play.add_argument("--seed", type=int, default=None,
                      help="seed for the dice: the same seed plays the same game (default: each "
                      "roll drawn from the system's randomness when it is made)")
    play.add_argument("--load", metavar="SAVE", help="continue a saved game")
    play.add_argument("--ai", metavar="SIDE[:LEVEL]", action="append", default=[],
                      help="let the computer play SIDE at LEVEL (default: the game's "
                      "strongest, normal); repeatable; sides and levels are listed below")
    play.add_argument("--turn-file", metavar="FILE",
                      help="play by files (games that hide nothing, e.g. guerra): open FILE, "
                      "or start it when it does not exist, play your side's moves, close the "
                      "window, and send FILE to the next player (docs/online.md)")
    play.add_argument("--side", help="with --turn-file: the side you play")
    play.add_argument("--size", type=_size, default=argparse.SUPPRESS, metavar="WxH",
                      help="the window's size, e.g. 1600x1000 (default: 1600x1000, shrunk to "
                      "fit the screen)")

    validate = sub.add_parser("validate", help="check scenario YAML files")
    validate.add_argument("files", nargs="+")

    schema = sub.add_parser("schema", help="print the JSON Schema of a YAML kind")
    schema.add_argument("kind", help="KIND or GAME/KIND, e.g. baler/cards")

    simulate = sub.add_parser("simulate", help="headless playouts, with a balance report",
                              add_help=False,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    simulate.add_argument("-h", "--help", action=_SimulateHelp, nargs=0,
                          help="show this help, with each game's sides and levels, and exit")
    simulate.add_argument("game")
    simulate.add_argument("--games", type=int, default=10)
    simulate.add_argument("--seed", type=int, default=1, help="first seed (then seed+1, ...)")
    simulate.add_argument("--agents", default="random",
                          help="a level per side in side order (one level for every side), "
                          "e.g. random or easy,normal; the levels are listed below")
    simulate.add_argument("--scenario")
    simulate.add_argument("--jobs", type=int, default=None,
                          help="worker processes (default: this machine's cores)")
    simulate.add_argument("--report", metavar="DIR",
                          help="write DIR/report.md with PNG charts (needs wargames[lab])")
    simulate.add_argument("--against", metavar="OTHER.yaml",
                          help="also play this scenario with the same seeds and compare")
    simulate.add_argument("--cluster", metavar="ADDRESS",
                          help="run the games on this Ray cluster (needs wargames[cluster])")

    render = sub.add_parser("render", help="save a screenshot of the board without a window")
    render.add_argument("game")
    render.add_argument("--scenario")
    render.add_argument("--load", metavar="SAVE")
    render.add_argument("--out", required=True)
    render.add_argument("--size", type=_size, default=(1600, 1000))
    render.add_argument("--seed", type=int, default=1)

    edit = sub.add_parser("edit", help="edit a position on the board and save it as a "
                          "scenario")
    edit.add_argument("game")
    edit.add_argument("--scenario", help="scenario manifest YAML to start from (default: the "
                      "game's standard)")
    edit.add_argument("--out", metavar="FILE.yaml",
                      help="where Ctrl+S saves the scenario manifest (default: beside the "
                      "scenario, NAME-edited.yaml); the setup goes beside it as "
                      "FILE-setup.yaml")

    replay = sub.add_parser("replay", help="step through a saved game")
    replay.add_argument("save")

    check = sub.add_parser("ai-check", help="hunt a computer level's blunders against a deeper "
                           "search (docs/ai.md, \"Blunders\")")
    check.add_argument("game")
    check.add_argument("--level", default="normal", help="the level checked (default: normal)")
    check.add_argument("--against", help="the level on the other sides (default: the same)")
    check.add_argument("--side", help="check this side's decisions only (default: every side)")
    check.add_argument("--games", type=int, default=10)
    check.add_argument("--seed", type=int, default=1, help="first seed (then seed+1, ...)")
    check.add_argument("--decisions-per-game", type=int, default=10, metavar="K",
                       help="decisions judged a side and game, drawn at random (default 10)")
    check.add_argument("--budget", help="the budget of a searching level: 2s, or 300i "
                       "(iterations a tree, the same games on any machine)")
    check.add_argument("--out", metavar="DIR", help="save each blunder's position and the "
                       "summary in DIR")
    check.add_argument("--minutes", type=float, default=60.0,
                       help="stop judging after this many minutes (default 60)")
    check.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    check.add_argument("--screen", type=int, default=8, help="plays of each answer screened")
    check.add_argument("--pairs", type=int, default=24, help="pairs of plays a confirmation "
                       "batch (up to three batches)")
    check.add_argument("--horizon", type=int, help="actions played after an answer before the "
                       "evaluation, 0 to the end of the game (default: the game's own)")
    check.add_argument("--recheck", type=int, default=60, metavar="PAIRS",
                       help="pairs each blunder is played again with, further (default 60; 0: "
                       "not played again)")
    check.add_argument("--recheck-horizon", type=int, metavar="ACTIONS",
                       help="actions a blunder is played again for, 0 to the end of the game "
                       "(default: the game's own)")
    check.add_argument("--scenario")

    bench = sub.add_parser("bench", help="measure the game screens, start-up and playouts")
    bench.add_argument("--out", help="also write the results as Markdown to this file")
    bench.add_argument("--check", metavar="JSON",
                       help="fail when a figure is over twice the one in this file")
    bench.add_argument("--quick", action="store_true", help="shorter runs (less exact)")
    bench.add_argument("--rollouts", action="store_true",
                       help="only the search's rollouts: actions a CPU second in each game")

    from engine.net.options import add_serve_parser

    add_serve_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    args = build_parser().parse_args(argv)
    _import_commands(args.command)
    try:
        return _dispatch(args)
    except (UserError, plugins.PluginError, SaveError) as err:
        print(f"wargames: {printable(str(err))}", file=sys.stderr)
        return USER_ERROR
    except LoadError as err:
        print(printable(str(err)), file=sys.stderr)
        return USER_ERROR
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader of our output went away (e.g. `| head`); nothing left to tell anyone
        sys.stderr.close()
        return 0


def _dispatch(args: argparse.Namespace) -> int:
    command = args.command
    if command is None:
        from engine.ui.launcher import run_launcher

        return run_launcher(size=args.size)
    if command == "validate":
        problems = validate_paths([Path(f) for f in args.files])
        for problem in problems:
            print(printable(problem), file=sys.stderr)
        return USER_ERROR if problems else 0
    if command == "schema":
        return _schema(args.kind)
    if command == "simulate":
        return _simulate(args)
    if command == "bench":
        from engine.bench import run_bench

        return run_bench(args.out, args.check, args.quick, args.rollouts)
    if command == "replay":
        return _replay(args.save)
    if command == "serve":
        from engine.net.options import serve

        return serve(args, UserError)
    if command == "ai-check":
        return _ai_check(args)
    if command == "play" and not args.turn_file:
        return _play(args)
    if command == "play":
        _import_loading()
    plugin = _plugin(args.game)
    if command == "play":
        from engine.net.turnfile import play_turn_file

        return play_turn_file(plugin, args, UserError, side_named)
    if command == "edit":
        return _edit(plugin, args.scenario, args.out)
    if command == "render":
        session = _session(plugin, args.scenario, _checked_seed(args.seed), args.load)
        from engine.ui.render import render_png

        try:
            render_png(plugin, session, Path(args.out), args.size)
        except OSError as err:
            raise UserError(f"cannot write {args.out}: {err}") from None
        return 0
    raise UserError(f"unknown command {command}")


def _play(args: argparse.Namespace) -> int:
    """`wargames play`: the window opens first (as early as the launcher's), then the game's
    rules, the YAML layer and the scenario load behind the game's splash, the board is drawn,
    and only then are the computer's agents built (issue 27; `tools/first_frame.py`). Anything
    wrong (an unknown game, side, level or seed, a bad scenario or save) closes the window and
    is printed as before."""
    from engine.ui.launcher import open_app, run_game

    app = open_app(args.size)
    app.splash("Loading…")  # the game's name comes with its package, a moment later
    try:
        _import_loading()
        plugin = _plugin(args.game)
        seed = _checked_seed(args.seed) if args.seed is not None else _random_seed()
        # which level plays which side is checked with the agents, after the board is drawn:
        # it imports the game's AI
        seats = computer_seats(plugin, args.ai, sides_checked=False)
        if args.load and not args.ai:
            seats = _saved_seats(plugin, args.load)
    except BaseException:
        app.close()
        raise
    players = {s: (f"computer:{seats[s]}" if s in seats else "human") for s in plugin.sides}

    def agents() -> dict[str, Agent]:
        if args.ai:
            check_seat_levels(plugin, seats)
        from engine.ai.registry import make_agent

        return {side: make_agent(plugin, level, side, seed + i)
                for i, (side, level) in enumerate(seats.items())}

    fresh = args.seed is None
    return run_game(plugin, lambda: _session(plugin, args.scenario, seed, args.load, fresh),
                    players, agents, app=app)


def _edit(plugin: GamePlugin, scenario_file: str | None, out: str | None) -> int:
    from engine.editing import PositionEdits, SaveProblem, check_target, default_target

    if not plugin.editor:
        raise UserError(f"{plugin.title} has no position editor")
    scenario = load_game_scenario(plugin, Path(scenario_file) if scenario_file else None)
    target = Path(out) if out else default_target(scenario)
    if target.suffix not in (".yaml", ".yml"):
        raise UserError(f"--out {out}: a scenario manifest is a .yaml file")
    try:
        check_target(plugin, scenario, target)
    except SaveProblem as err:
        raise UserError(f"--out {display(target)}: {err}") from None
    try:
        edits = PositionEdits(plugin, scenario)
    except Exception as err:  # the boundary: a scenario the rules cannot lay out
        raise UserError(f"cannot lay out {display(scenario.path)} ({type(err).__name__}: "
                        f"{err})") from None
    from engine.ui.editor_window import run_editor

    return run_editor(plugin, edits, target)


def _checked_seed(seed: int, games: int = 1) -> int:
    """`seed` (and the `games - 1` seeds after it) if every save can store it, else UserError:
    a game must never start whose autosaves and Ctrl+S would then be refused."""
    from engine.core.saves import MAX_INT

    if not -MAX_INT < seed <= MAX_INT - games:
        raise UserError(f"--seed {display(seed, 40)} is out of range: a seed is a whole number "
                        f"from {-MAX_INT + 1} to {MAX_INT - 1 - (games - 1)}"
                        f"{' for this many games' if games > 1 else ''}")
    return seed


def _random_seed() -> int:
    import secrets

    return secrets.randbelow(2**31)


def _schema(kind: str) -> int:
    from engine.loading import schema_sets

    sets = schema_sets()
    game, _, name = kind.rpartition("/")
    matches = [
        (g, s) for g, s in sets.items() if (not game or g == game) and name in s.known_kinds()
    ]
    if not matches:
        known = sorted(f"{g}/{k}" for g, s in sets.items() for k in s.known_kinds())
        raise UserError(f"unknown kind '{kind}' (known: {', '.join(known) or 'none'})")
    if len(matches) > 1:
        names = ", ".join(f"{g}/{name}" for g, _ in matches)
        raise UserError(f"kind '{name}' exists in several games; say which: {names}")
    from engine.data.schema import json_schema

    print(json.dumps(json_schema(matches[0][1], name), indent=2))
    return 0


def _simulate(args: argparse.Namespace) -> int:
    """Play the seeds (in parallel), print the JSON summary last, write the report if asked."""
    import time

    from engine.lab.cluster import ClusterError
    from engine.lab.progress import Progress
    from engine.lab.records import Matchup
    from engine.lab.runner import Plan, default_jobs, run
    from engine.sim import Summary

    plugin = _plugin(args.game)
    if args.games < 1:
        raise UserError("--games must be at least 1")
    if args.games > MAX_GAMES:
        raise UserError(f"--games {display(args.games, 40)} is too many: at most {MAX_GAMES:,} "
                        "games a run (run again with a later --seed to play more)")
    _checked_seed(args.seed, args.games)
    cores = default_jobs()
    jobs = cores if args.jobs is None else args.jobs
    if jobs < 1:
        raise UserError("--jobs must be at least 1")
    if jobs > JOBS_PER_CORE * cores:
        raise UserError(f"--jobs {display(jobs, 40)} is more than this machine can run: at most "
                        f"{JOBS_PER_CORE * cores} ({JOBS_PER_CORE} per core)")
    names = tuple(n.strip() for n in args.agents.split(",") if n.strip())
    if not names:
        raise UserError("--agents needs at least one agent name")
    for name in names:
        if name != "random" and name not in plugin.agents:
            known = ", ".join(["random", *plugin.agents])
            raise UserError(f"unknown agent '{name}' for {plugin.id} (known: {known})")
    if args.report:
        _needs_matplotlib()
        _report_folder(args.report)
    scenarios = [load_game_scenario(plugin, Path(args.scenario) if args.scenario else None)]
    if args.against:
        scenarios.append(load_game_scenario(plugin, Path(args.against)))
    plan = Plan(tuple(Matchup(plugin, sc, names) for sc in scenarios),
                tuple(range(args.seed, args.seed + args.games)))
    progress = Progress(f"{plugin.id}", len(plan.tasks), sys.stderr)
    start = time.perf_counter()
    try:
        found = run(plan, jobs, args.cluster, progress)
    except ClusterError as err:
        raise UserError(str(err)) from None
    finally:
        progress.close()
    seconds = time.perf_counter() - start
    summaries = [Summary.of(plugin.id, m.factions, records, seconds, sys.stderr)
                 for m, records in zip(plan.matchups, found, strict=True)]
    line = summaries[0].as_json()
    if args.report:
        from engine.lab.report import Run, write_report

        runs = [Run(m, records) for m, records in zip(plan.matchups, found, strict=True)]
        try:
            line["report"] = str(write_report(Path(args.report), runs, _command(args)))
        except OSError as err:
            raise UserError(f"cannot write the report into {args.report}: {err}") from None
    if args.against:
        line["against"] = summaries[1].as_json()
    print(json.dumps(line))
    return 0


def _report_folder(text: str) -> Path:
    """The folder `--report` names, made and tried before any game is played (a file in its
    place, no permission, a read-only disk: one line now, not after hours of games)."""
    import tempfile

    folder = Path(text)
    where = f"cannot write the report into {display(text)}"
    try:
        if folder.exists() and not folder.is_dir():
            raise UserError(f"{where}: a file is in its place (--report names a folder)")
        if (folder / "report.md").is_dir():
            raise UserError(f"{where}: a folder is in the place of report.md")
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except (OSError, ValueError) as err:
        reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        raise UserError(f"{where}: {display(reason)}") from None
    return folder


def _needs_matplotlib() -> None:
    import importlib.util

    if importlib.util.find_spec("matplotlib") is None:
        raise UserError("--report needs matplotlib: pip install 'wargames[lab]'")


def _command(args: argparse.Namespace) -> str:
    """The command that makes the same report (without --jobs or --cluster, which change where
    the games run, not what they give)."""
    parts = ["wargames simulate", args.game]
    if args.scenario:
        parts += ["--scenario", args.scenario]
    if args.against:
        parts += ["--against", args.against]
    parts += ["--games", str(args.games), "--agents", args.agents, "--seed", str(args.seed),
              "--report", "DIR"]
    return " ".join(parts)


def _ai_check(args: argparse.Namespace) -> int:
    """`wargames ai-check`: engine.ai.blunders, with the actions named as the screen names
    them."""
    from dataclasses import replace

    from engine.ai import blunders
    from engine.ai.registry import UnknownLevel, resolve
    from engine.ai.search import Budget

    plugin = _plugin(args.game)
    if args.games < 1 or args.decisions_per_game < 1 or args.jobs < 1 or args.minutes <= 0:
        raise UserError("--games, --decisions-per-game, --jobs and --minutes must be positive")
    if args.screen < 2 or args.pairs < 2:
        raise UserError("--screen and --pairs must be at least 2")
    if args.horizon is not None and args.horizon < 0:
        raise UserError("--horizon must be 0 (to the end) or more")
    try:
        level = resolve(plugin, args.level)
        against = resolve(plugin, args.against or level)
        if args.budget:
            Budget.parse(args.budget)
    except (UnknownLevel, ValueError) as err:
        raise UserError(str(err)) from None
    sides = (side_named(plugin, args.side),) if args.side else plugin.sides
    scenario = load_game_scenario(plugin, Path(args.scenario) if args.scenario else None)
    evaluate, horizon, further = blunders.ORACLES.get(plugin.id, ("", None, None))
    if args.horizon is not None:
        horizon = args.horizon or None
    if args.recheck < 0:
        raise UserError("--recheck must be 0 or more")
    if args.recheck_horizon is not None:
        if args.recheck_horizon < 0:
            raise UserError("--recheck-horizon must be 0 (to the end) or more")
        further = args.recheck_horizon or None
    settings = replace(blunders.OracleSettings(), screen=args.screen, pairs=args.pairs,
                       max_pairs=3 * args.pairs, horizon=horizon, recheck=args.recheck,
                       recheck_horizon=further)
    hunt = blunders.Hunt(plugin, scenario, level, against, sides, args.decisions_per_game,
                         args.budget, settings, evaluate=evaluate)
    seeds = range(args.seed, args.seed + args.games)
    command = " ".join(["wargames ai-check", plugin.id, "--level", level, "--against", against,
                        *(["--side", sides[0]] if args.side else []), "--games",
                        str(args.games), "--seed", str(args.seed), "--decisions-per-game",
                        str(args.decisions_per_game),
                        *(["--budget", args.budget] if args.budget else []),
                        "--screen", str(args.screen), "--pairs", str(args.pairs),
                        "--horizon", str(horizon or 0), "--recheck", str(args.recheck),
                        "--recheck-horizon", str(further or 0)])
    blunders.hunt_and_report(hunt, seeds, jobs=args.jobs, minutes=args.minutes,
                             out=Path(args.out) if args.out else None,
                             label=_screen_label(plugin, scenario), command=command,
                             stdout=sys.stdout, stderr=sys.stderr)
    return 0


def _screen_label(plugin: GamePlugin, scenario: Scenario) -> Label:
    """Actions named as the game's screen names them to the deciding side (their own short
    text when the screen part cannot be built here)."""
    from engine.ai.blunders import describe_label

    try:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        gameui = plugins.load_object(plugin.ui)(plugin, scenario)
    except Exception:  # the labels are a courtesy: the ids still say what was played
        return describe_label

    def label(state: object, side: str, action: Action) -> str:
        gameui.sync(plugin.rules.view(state, side), side)
        return str(gameui.action_label(action))

    return label


def _replay(save_file: str) -> int:
    path = Path(save_file)
    try:
        save = read_save(path)
        plugin = _plugin(save.game)
        session = load_saved_game(path, {plugin.id: plugin}).session
    except SaveError as err:
        raise UserError(str(err)) from None
    from engine.ui.launcher import replay_players, run_replay

    return run_replay(plugin, session, players=replay_players(plugin, save.players))
