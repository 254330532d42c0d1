"""The blunder hunt (`wargames ai-check`): how often a level of play gives away ten points of
its chance of winning in one decision, and where.

It plays games with the level on every side (or against another level), and at a few decisions
of each game, drawn at random among those with more than one answer (surrenders and the
table's choice of options aside), it asks an **oracle** what each answer is worth:

- the candidates: every answer when there are few; otherwise the level's answer, what the
  heuristics answer over other draws (and their ranking, where a policy offers `rank`), then
  other answers at random;
- the **screen**: every candidate played `screen` times from states drawn from the side's own
  observation (what it may not see redrawn, the dice to come too), then the heuristics playing
  every side to the end of the game (or `horizon` actions, then the game's evaluation); each
  draw is shared by all the candidates, with the same tie-breaks (common random numbers);
- the **confirmation**: when the best candidate of the screen beats the level's answer by at
  least a third of the threshold, the two are played again on fresh draws, in pairs, `pairs` at a
  time up to `max_pairs`, until the gap is clearly above or below the threshold. Playing them
  again removes the bias of having picked the best of several noisy means.

A decision is a **blunder** when the confirmed gap is at least `threshold` (ten points of a
chance of winning) and at least `z` standard errors of the paired difference.

The oracle reads only what the deciding side may see (an `Observation`, engine.ai.observation),
like the levels. The real game is read by this module only to replay it and to save the
position of a blunder.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TextIO

from engine.ai.agent import Agent, no_effect_query, without_concessions
from engine.ai.observation import Observation, observe
from engine.ai.policy import Policy, policy_choice
from engine.ai.registry import make_agent
from engine.ai.search import Budget, play_on, terminal_value
from engine.core.actions import Action
from engine.core.game import GamePlugin, Rules, Scenario
from engine.core.session import Session

Evaluate = Callable[[Any, str], float]
PolicyFactory = Callable[[str, int], Policy]

MAX_ACTIONS = 20_000
"""A play to the end stops here (no game of the three comes near it) and is scored by the
evaluation."""


@dataclass(frozen=True, slots=True)
class OracleSettings:
    """How hard the oracle looks at one decision."""

    screen: int = 8
    """Plays of every candidate in the screen."""
    pairs: int = 24
    """Pairs played at a time in the confirmation."""
    max_pairs: int = 72
    """Most pairs the confirmation plays."""
    candidates: int = 5
    """Most answers the screen compares (the level's included)."""
    draws: int = 3
    """The heuristics' answers over this many other draws join the candidates."""
    horizon: int | None = None
    """Actions played after the answer before the evaluation; None: to the end of the game."""
    threshold: float = 0.10
    """The loss of a chance of winning that makes a blunder."""
    z: float = 2.0
    """Standard errors of the paired difference the gap must also exceed."""
    recheck: int = 0
    """Pairs a blunder is played again with, to the end of the game or `recheck_horizon`
    actions (0: not played again): the evaluation at the horizon is biased, and a blunder is
    rare enough for the long plays."""
    recheck_horizon: int | None = None


@dataclass(frozen=True, slots=True)
class Verdict:
    """The oracle's judgement of one answer of the level."""

    seed: int
    index: int
    """Actions played before the decision: a save of that length reopens it."""
    decision: int
    """The decision's number among the side's decisions with more than one answer (from 1)."""
    side: str
    kind: str
    chosen: Action
    best: Action
    chosen_value: float
    chosen_se: float
    best_value: float
    best_se: float
    gap: float
    gap_se: float
    pairs: int
    candidates: int
    blunder: bool
    idle: str | None = None
    """Why the level's answer changes nothing now (the rules' `no_effect_reason`), if it does
    not while another answer does."""
    end: tuple[float, float, int] | None = None
    """A blunder played again further (`OracleSettings.recheck`): the paired gap, its standard
    error and the pairs; None when not played again."""

    @property
    def held(self) -> bool:
        """Whether played further the blunder still loses by a standard error or more."""
        return self.end is None or self.end[0] > self.end[1]


@dataclass(slots=True)
class GameCheck:
    """One game of the hunt: what was played and what the oracle said."""

    seed: int
    actions: list[Action] = field(default_factory=list)
    verdicts: list[Verdict] = field(default_factory=list)
    decisions: dict[str, int] = field(default_factory=dict)
    """Decisions with more than one answer each checked side met in the game."""
    seconds: float = 0.0
    stopped: bool = False
    """The time limit came before every drawn decision was checked."""
    idle: list[tuple[str, int, str, str]] = field(default_factory=list)
    """Every answer of a checked side that changed nothing while another would have, over all
    the decisions of the game (not only those judged): (side, actions before it, the answer,
    why it changes nothing)."""


# --- the oracle ---------------------------------------------------------------------------------


def mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error (0 under two values)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return mean, spread / math.sqrt(n)


class Oracle:
    """Plays answers out from a side's observation with the game's heuristics on every side."""

    def __init__(self, policy: PolicyFactory, evaluate: Evaluate | None,
                 settings: OracleSettings | None = None) -> None:
        self.factory = policy
        self.evaluate = evaluate
        self.settings = settings or OracleSettings()
        self._policies: dict[str, Policy] = {}

    def value(self, rules: Rules[Any], state: Any, side: str) -> float:
        """The side's chance of winning where a play stopped: 1, ½ or 0 at the end of the game,
        else the game's evaluation (½ without one)."""
        if self.evaluate is not None:
            return self.evaluate(state, side)
        result = rules.result(state)
        return terminal_value(result, side) if result is not None else 0.5

    def play(self, observation: Observation, action: Action, seed: int) -> float:
        """`action` in the draw of `seed`, then the heuristics for every side (their
        tie-breaks seeded by `seed` too): the side's value where the play stops."""
        rules = observation.rules
        state = observation.sample(random.Random(seed))
        rules.apply(state, action)
        for policy in self._policies.values():
            policy.reseed(seed)

        def policy_of(player: str) -> Policy:
            if player not in self._policies:
                self._policies[player] = self.factory(player, seed)
            return self._policies[player]

        play_on(rules, state, policy_of, self.settings.horizon or MAX_ACTIONS)
        return self.value(rules, state, observation.side)

    def candidates(self, observation: Observation, chosen: Action,
                   rng: random.Random) -> list[Action]:
        """The level's answer first, then every other answer when they are few; otherwise the
        heuristics' ranking (if the policy has one) and answers over other draws, then other
        answers at random, up to `settings.candidates`."""
        options = without_concessions(list(observation.legal))
        wanted = self.settings.candidates
        if chosen not in options:
            options.insert(0, chosen)
        if len(options) <= wanted:
            return [chosen, *(a for a in options if a != chosen)]
        found = [chosen]
        legal = list(observation.legal)
        policy = self.factory(observation.side, rng.getrandbits(62))
        rank = getattr(policy, "rank", None)
        if callable(rank):
            for action in rank(observation.rules, observation.sample(rng), legal):
                if len(found) >= (wanted + 1) // 2:
                    break
                if action not in found and action in options:
                    found.append(action)
        for _ in range(self.settings.draws):
            if len(found) >= wanted:
                break
            policy.reseed(rng.getrandbits(62))
            answer = policy_choice(policy, observation.rules, observation.sample(rng), legal)
            if answer not in found:
                found.append(answer)
        rest = [a for a in options if a not in found]
        rng.shuffle(rest)
        return found + rest[: max(0, wanted - len(found))]

    def judge(self, observation: Observation, chosen: Action, seed: int
              ) -> tuple[Action, list[float], list[float], int]:
        """The oracle's best answer against `chosen`: the best candidate of the screen, then
        the two played in pairs on fresh draws. Returns the best answer, the paired values of
        `chosen` and of the best (equal lists when `chosen` is the best), and the number of
        candidates screened."""
        rng = random.Random(seed)
        found = self.candidates(observation, chosen, rng)
        if len(found) == 1:
            return chosen, [], [], 1
        rows: list[list[float]] = [[] for _ in found]
        for k in range(self.settings.screen):
            draw = seed * 7919 + k
            for i, action in enumerate(found):
                rows[i].append(self.play(observation, action, draw))
        means = [sum(r) / len(r) for r in rows]
        best = max(range(len(found)), key=lambda i: (means[i], -i))
        if best == 0 or means[best] - means[0] < self.settings.threshold / 3:
            return found[best] if best else chosen, rows[0], rows[best], len(found)
        return found[best], *self._confirm(observation, chosen, found[best], seed), len(found)

    def _confirm(self, observation: Observation, chosen: Action, best: Action,
                 seed: int) -> tuple[list[float], list[float]]:
        mine: list[float] = []
        theirs: list[float] = []
        settings = self.settings
        k = 0
        while len(mine) < settings.max_pairs:
            for _ in range(settings.pairs):
                draw = seed * 7919 + settings.screen + k
                k += 1
                mine.append(self.play(observation, chosen, draw))
                theirs.append(self.play(observation, best, draw))
            gap, error = mean_and_error([b - a for a, b in zip(mine, theirs, strict=True)])
            if abs(gap - settings.threshold) > settings.z * error:
                break
        return mine, theirs


def verdict(oracle: Oracle, observation: Observation, chosen: Action, *, seed: int, index: int,
            decision: int, idle: str | None = None) -> Verdict:
    """Judge the level's answer `chosen` to the decision of `observation`, action `index` of
    game `seed` (the oracle's draws are seeded from both)."""
    best, mine, theirs, screened = oracle.judge(observation, chosen, seed * 100_003 + index)
    chosen_value, chosen_se = mean_and_error(mine)
    best_value, best_se = mean_and_error(theirs)
    gap, gap_se = mean_and_error([b - a for a, b in zip(mine, theirs, strict=True)])
    settings = oracle.settings
    blunder = best != chosen and gap >= settings.threshold and gap > settings.z * gap_se
    return Verdict(seed=seed, index=index, decision=decision, side=observation.side,
                   kind=observation.kind, chosen=chosen, best=best, chosen_value=chosen_value,
                   chosen_se=chosen_se, best_value=best_value, best_se=best_se, gap=gap,
                   gap_se=gap_se, pairs=len(mine), candidates=screened, blunder=blunder,
                   idle=idle)


def recheck(oracle: Oracle, observation: Observation,
            found: Verdict) -> tuple[float, float, int]:
    """Play a blunder's two answers again in `settings.recheck` fresh pairs, to the end of the
    game or `settings.recheck_horizon` actions: the paired gap, its error, the pairs."""
    settings = oracle.settings
    further = Oracle(oracle.factory, oracle.evaluate,
                     replace(settings, horizon=settings.recheck_horizon))
    base = (found.seed * 100_003 + found.index) * 7919 + 1_000_000
    gaps = [further.play(observation, found.best, base + k)
            - further.play(observation, found.chosen, base + k) for k in range(settings.recheck)]
    gap, error = mean_and_error(gaps)
    return gap, error, len(gaps)


def idle_reason(rules: Rules[Any], state: Any, legal: Sequence[Action],
                chosen: Action) -> str | None:
    """Why `chosen` changes nothing now while another answer would, by the rules'
    `no_effect_reason`; None when the game has no such query or the answer does something."""
    query = no_effect_query(rules)
    if query is None:
        return None
    reason = query(state, chosen)
    if reason is None:
        return None
    if all(query(state, a) is not None for a in legal if a != chosen):
        return None
    return reason


# --- the games ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hunt:
    """What to hunt: a game, the level checked, its opponents, the sides whose decisions are
    checked, and how many decisions a side and game."""

    plugin: GamePlugin
    scenario: Scenario
    level: str
    against: str
    sides: tuple[str, ...]
    per_game: int = 10
    budget: str | None = None
    settings: OracleSettings = OracleSettings()
    policy: str = ""
    """The heuristics as "module:attribute" (a factory of `side, seed`); empty: the policy of
    the game's Easy level."""
    evaluate: str = ""
    """The evaluation as "module:attribute"; empty: plays to the end are scored 1, ½ or 0."""


def load_ref(ref: str) -> Any:
    """The object named by "module:attribute"."""
    import importlib

    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)


def heuristics(plugin: GamePlugin, ref: str = "") -> PolicyFactory:
    """The policy the oracle plays with: `ref`, else the one the game's Easy level plays."""
    if ref:
        found: PolicyFactory = load_ref(ref)
        return found
    seat = make_agent(plugin, "easy", plugin.sides[0], 0)
    policy = getattr(getattr(seat, "decider", None), "policy", None)
    if policy is None:
        raise ValueError(f"{plugin.id}: its Easy level plays no policy the oracle can use")
    factory: PolicyFactory = type(policy)
    return factory


def agents_for(hunt: Hunt, seed: int) -> dict[str, Agent]:
    """The level on the checked sides, `against` on the others; seeded as the strength table
    seeds them (10 × the game seed + the side's index)."""
    budget = Budget.parse(hunt.budget) if hunt.budget else None
    return {s: make_agent(hunt.plugin, hunt.level if s in hunt.sides else hunt.against, s,
                          seed * 10 + i, budget)
            for i, s in enumerate(hunt.plugin.sides)}


@dataclass(slots=True)
class Drawn:
    """A decision kept by the reservoir: the state before it and the level's answer."""

    index: int
    decision: int
    state: Any
    legal: list[Action]
    chosen: Action
    idle: str | None
    """Why `chosen` changes nothing while another answer would (`idle_reason`), if it does not."""


def check_game(hunt: Hunt, seed: int, deadline: float | None = None,
               progress: Callable[[Verdict], None] | None = None) -> GameCheck:
    """Play game `seed` of the hunt, draw `per_game` decisions of each checked side among
    those with more than one answer (reservoir sampling, seeded by the game), and judge them."""
    from engine.core.sampling import copy_state

    began = time.perf_counter()
    rules = hunt.plugin.rules
    agents = agents_for(hunt, seed)
    session = Session(rules, hunt.scenario, seed, lazy_checkpoints=True)
    rng = random.Random(seed * 31 + 7)
    kept: dict[str, list[Drawn]] = {s: [] for s in hunt.sides}
    check = GameCheck(seed=seed, decisions={s: 0 for s in hunt.sides})
    while session.result() is None:
        state = session.state
        legal = rules.legal_actions(state)
        player = state.decision.player
        if not legal or player is None:
            break
        slot = None
        if (player in kept and not state.decision.table
                and len(without_concessions(legal)) > 1):
            # reservoir sampling: every such decision of the side is kept with the same chance
            check.decisions[player] += 1
            seen = check.decisions[player]
            slot = seen - 1 if seen <= hunt.per_game else rng.randrange(seen)
            if slot >= hunt.per_game:
                slot = None
        before = copy_state(state) if slot is not None else None
        action = agents[player].choose(rules, state, legal)
        reason = None
        if player in kept and len(legal) > 1:
            reason = idle_reason(rules, state, legal, action)
            if reason is not None:
                check.idle.append((player, len(session.history), action.describe(), reason))
        if slot is not None:
            drawn = Drawn(len(session.history), check.decisions[player], before, legal, action,
                          reason)
            if slot < len(kept[player]):
                kept[player][slot] = drawn
            else:
                kept[player].append(drawn)
        session.play(action, check_legal=False, listed=True)
    check.actions = [e.action for e in session.history]
    oracle = Oracle(heuristics(hunt.plugin, hunt.policy),
                    load_ref(hunt.evaluate) if hunt.evaluate else None, hunt.settings)
    todo = sorted((d for found in kept.values() for d in found), key=lambda d: d.index)
    for drawn in todo:
        if deadline is not None and time.time() > deadline:
            check.stopped = True
            break
        observation = observe(rules, drawn.state, drawn.legal)
        found = verdict(oracle, observation, drawn.chosen, seed=seed, index=drawn.index,
                        decision=drawn.decision, idle=drawn.idle)
        if found.blunder and hunt.settings.recheck:
            found = replace(found, end=recheck(oracle, observation, found))
        check.verdicts.append(found)
        if progress is not None:
            progress(found)
    check.seconds = time.perf_counter() - began
    return check


def session_at(plugin: GamePlugin, scenario: Scenario, seed: int, actions: Sequence[Action],
               index: int) -> Session:
    """The game of `seed` replayed up to `index` actions: the position of a decision."""
    session = Session(plugin.rules, scenario, seed, lazy_checkpoints=True)
    for action in actions[:index]:
        session.play(action, check_legal=False, listed=True)
    return session


# --- the report ---------------------------------------------------------------------------------


@dataclass(slots=True)
class Tally:
    """Decisions judged and blunders found, for one side."""

    judged: int = 0
    blunders: int = 0
    held: int = 0
    """Blunders that still lose by a standard error or more played further (all of them when
    not played again)."""
    unconfirmed: int = 0
    """Decisions whose gap reached the threshold without beating `z` standard errors."""
    idle: int = 0
    """Decisions judged whose answer changed nothing while another would have."""
    idle_met: int = 0
    """The same over every decision the side met, judged or not."""
    met: int = 0
    """Decisions with more than one answer the side met in the games (of which `judged` were
    drawn and judged)."""
    gaps: dict[str, list[float]] = field(default_factory=dict)
    """The oracle's gap of every decision judged, by the decision's kind."""

    @property
    def per_100(self) -> float:
        return 100.0 * self.blunders / self.judged if self.judged else 0.0

    def kinds(self, threshold: float) -> dict[str, dict[str, float]]:
        """Where the oracle found most to gain, kind by kind (the largest sum of gaps first):
        decisions judged, their mean gap in points with its standard error, and how many gaps
        reached half the threshold. A gap under a third of the threshold is the screen's, not
        played again, so a little above the truth (the best of several noisy means); a larger
        one was played again in fresh pairs. A kind whose mean gap stays above its error is
        where the level's answers lose the most, a class of blunders to look for."""
        rows = {}
        for kind, gaps in sorted(self.gaps.items(), key=lambda kv: (-sum(kv[1]), kv[0])):
            mean, error = mean_and_error(gaps)
            rows[kind] = {"judged": len(gaps), "mean_gap_points": round(100 * mean, 2),
                          "error_points": round(100 * error, 2),
                          "half_threshold_or_more": sum(g >= threshold / 2 for g in gaps)}
        return rows


def tally(checks: Sequence[GameCheck], sides: Sequence[str],
          threshold: float = 0.10) -> dict[str, Tally]:
    found = {s: Tally() for s in sides}
    for check in checks:
        for side, met in check.decisions.items():
            found[side].met += met
        for side, *_ in check.idle:
            found[side].idle_met += 1
        for v in check.verdicts:
            t = found[v.side]
            t.judged += 1
            t.blunders += v.blunder
            t.held += v.blunder and v.held
            t.unconfirmed += not v.blunder and v.gap >= threshold
            t.idle += v.idle is not None
            t.gaps.setdefault(v.kind, []).append(v.gap)
    return found


def percent(value: float, error: float) -> str:
    return f"{100 * value:.0f}% ± {100 * error:.0f}"


def blunder_line(hunt: Hunt, v: Verdict, label: Callable[[Verdict, Action], str],
                 saved: str | None) -> str:
    """One blunder in words: where, what was played and what the oracle prefers."""
    side = hunt.plugin.side_names.get(v.side, v.side)
    text = (f"BLUNDER {hunt.plugin.id} seed {v.seed} action {v.index} ({side} decision "
            f"{v.decision}, {v.kind}): played \"{label(v, v.chosen)}\" "
            f"{percent(v.chosen_value, v.chosen_se)}; better \"{label(v, v.best)}\" "
            f"{percent(v.best_value, v.best_se)}; gap {100 * v.gap:.0f} ± "
            f"{100 * v.gap_se:.0f} points over {v.pairs} pairs, {v.candidates} answers screened")
    if v.end is not None:
        gap, error, pairs = v.end
        horizon = hunt.settings.recheck_horizon
        further = f"{horizon} actions" if horizon else "the end"
        text += (f"; played to {further}: {100 * gap:+.0f} ± {100 * error:.0f} points over "
                 f"{pairs} pairs{'' if v.held else ', not held'}")
    if v.idle:
        text += f"; it changes nothing: {v.idle}"
    if saved:
        text += f"; saved: wargames play {hunt.plugin.id} --load {saved}"
    return text


def summary(hunt: Hunt, checks: Sequence[GameCheck], seconds: float,
            command: str) -> dict[str, Any]:
    """The JSON summary: blunders per 100 decisions judged, per side, for the level."""
    sides = {}
    for side, t in tally(checks, hunt.sides, hunt.settings.threshold).items():
        if not t.met:
            continue  # a seat nobody played (La Guerra de España's second seats in a duel)
        sides[side] = {"decisions_judged": t.judged, "blunders": t.blunders,
                       "per_100": round(t.per_100, 2), "held_further": t.held,
                       "unconfirmed": t.unconfirmed,
                       "idle_choices": t.idle, "decisions_met": t.met,
                       "idle_choices_met": t.idle_met,
                       "kinds": t.kinds(hunt.settings.threshold)}
    return {
        "game": hunt.plugin.id, "level": hunt.level, "against": hunt.against,
        "budget": hunt.budget, "games": len(checks),
        "seeds": sorted(c.seed for c in checks), "sides": sides,
        "horizon": hunt.settings.horizon, "threshold": hunt.settings.threshold,
        "recheck": hunt.settings.recheck, "recheck_horizon": hunt.settings.recheck_horizon,
        "stopped_early": any(c.stopped for c in checks),
        "seconds": round(seconds, 1), "command": command,
    }


# --- the run ------------------------------------------------------------------------------------

ORACLES: dict[str, tuple[str, int | None, int | None]] = {
    "baler": ("baler.ai.value:evaluate", 90, None),
    "filipinas": ("filipinas.ai:evaluate", None, None),
    "guerra": ("guerra.ai.value:evaluate", 160, None),
}
"""Each game's evaluation and the oracle's default horizon. Filipinas (some 80 actions a game)
is played to the end. A game of Heroes of Baler is some 200 actions and one of La Guerra de
España some 2,000: played to the end, two answers end in games so far apart that a paired
difference needs hundreds of pairs to show ten points, so the oracle plays 90 actions (three
times Normal's horizon, about two phases of a turn) in Baler and 160 (a side's movement and
combats, or so) in Guerra and reads the evaluation there, fitted to who won in Baler
(docs/ai.md, "Evaluation"). `--horizon 0` plays to the end in any game. The third number is
how far a blunder is played again (None: to the end). Guerra's was 400 actions (some three
turns), but of six blunders held there, four were worth nothing played to the end (three from
positions the side lost whatever it chose), so a Guerra blunder too is played to the end: 40
pairs from the first turns are a few minutes of play (docs/ai.md, "Rates"). `--recheck-horizon`
chooses another."""


def _work(job: tuple[Hunt, int, float | None]) -> GameCheck:
    hunt, seed, deadline = job
    if deadline is not None and time.time() > deadline:
        return GameCheck(seed=seed, stopped=True)
    return check_game(hunt, seed, deadline)


def run(hunt: Hunt, seeds: Sequence[int], *, jobs: int = 1, deadline: float | None = None,
        on_game: Callable[[GameCheck], None] | None = None,
        on_verdict: Callable[[Verdict], None] | None = None) -> list[GameCheck]:
    """Every game of `seeds` (in `jobs` worker processes), in the order of the seeds; games
    not begun by `deadline` (a `time.time()`) are left out."""
    checks: list[GameCheck] = []
    if jobs <= 1:
        for seed in seeds:
            if deadline is not None and time.time() > deadline:
                break
            check = check_game(hunt, seed, deadline, on_verdict)
            checks.append(check)
            if on_game is not None:
                on_game(check)
        return checks
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(jobs) as pool:
        for check in pool.map(_work, [(hunt, s, deadline) for s in seeds]):
            if not check.actions and check.stopped:
                continue
            checks.append(check)
            if on_game is not None:
                on_game(check)
    return checks


Label = Callable[[Any, str, Action], str]
"""(state, side, action) -> the action as the screen names it to that side."""


def describe_label(state: Any, side: str, action: Action) -> str:
    """The action's own short text, for runs without the game's screen labels."""
    return action.describe()


def hunt_and_report(hunt: Hunt, seeds: Sequence[int], *, jobs: int, minutes: float | None,
                    out: Path | None, label: Label, command: str, stdout: TextIO,
                    stderr: TextIO) -> dict[str, Any]:
    """Run the hunt, print each blunder as its game ends (saving its position in `out`) and
    progress on `stderr`, then a line per side and the JSON summary (also in
    `out/summary.json`); returns the summary."""
    began = time.perf_counter()
    deadline = time.time() + 60 * minutes if minutes else None
    done: list[GameCheck] = []
    lines: list[str] = []

    def on_verdict(v: Verdict) -> None:
        mark = "BLUNDER" if v.blunder else "ok"
        stderr.write(f"  seed {v.seed} action {v.index} {v.side} {v.kind}: gap "
                     f"{100 * v.gap:+.0f} ± {100 * v.gap_se:.0f} points, {mark}"
                     f" ({v.chosen.describe()}; best {v.best.describe()})\n")
        stderr.flush()

    def on_game(check: GameCheck) -> None:
        done.append(check)
        found = [v for v in check.verdicts if v.blunder]
        for v in found:
            lines.append(_report_blunder(hunt, check, v, out, label))
            print(lines[-1], file=stdout, flush=True)
        for side, index, answer, reason in check.idle:
            name = hunt.plugin.side_names.get(side, side)
            print(f"CHANGES NOTHING {hunt.plugin.id} seed {check.seed} action {index} ({name}): "
                  f"played \"{answer}\" while another answer does something: {reason}",
                  file=stdout, flush=True)
        elapsed = time.perf_counter() - began
        stderr.write(f"game {len(done)}/{len(seeds)} (seed {check.seed}): "
                     f"{len(check.verdicts)} decisions judged, {len(found)} blunders, "
                     f"{check.seconds:.0f} s; {elapsed / 60:.1f} min in all"
                     f"{' (time limit reached)' if check.stopped else ''}\n")
        stderr.flush()

    run(hunt, seeds, jobs=jobs, deadline=deadline, on_game=on_game,
        on_verdict=on_verdict if jobs <= 1 else None)
    result = summary(hunt, done, time.perf_counter() - began, command)
    for side, row in result["sides"].items():
        name = hunt.plugin.side_names.get(side, side)
        held = (f", {row['held_further']} of them held played further"
                if hunt.settings.recheck else "")
        print(f"{hunt.plugin.id} {hunt.level} {name}: {row['blunders']} blunders in "
              f"{row['decisions_judged']} decisions judged ({row['per_100']:.1f} per 100{held}; "
              f"{row['unconfirmed']} more at the threshold but within {hunt.settings.z:g} "
              f"standard errors; {row['idle_choices']} answers that changed nothing; over "
              f"all {row['decisions_met']} decisions met, {row['idle_choices_met']})",
              file=stdout)
        most = [(kind, k) for kind, k in row["kinds"].items() if k["mean_gap_points"] > 0][:3]
        if most:
            print("  the oracle found most to gain in: " + "; ".join(
                f"{kind} {k['mean_gap_points']:+.1f} ± {k['error_points']:.1f} points a decision "
                f"over {k['judged']}" for kind, k in most), file=stdout)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / "summary.json").write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
        (out / "blunders.txt").write_text("".join(f"{line}\n" for line in lines),
                                          encoding="utf-8")
    print(json.dumps(result), file=stdout)
    return result


def _report_blunder(hunt: Hunt, check: GameCheck, v: Verdict, out: Path | None,
                    label: Label) -> str:
    session = session_at(hunt.plugin, hunt.scenario, check.seed, check.actions, v.index)
    saved = None
    if out is not None:
        from engine.core.saves import write_save

        path = out / f"{hunt.plugin.id}-{hunt.level}-seed{check.seed}-action{v.index}.json"
        write_save(path, session, {s: "human" for s in hunt.plugin.sides})
        saved = str(path)
    return blunder_line(hunt, v, lambda _, action: label(session.state, v.side, action), saved)
