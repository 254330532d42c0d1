"""An information-set Monte Carlo tree search over one side's decisions (Normal and Hard).

The tree holds only the deciding side's own decisions, one node for each sequence of its answers
from the root: a plan of several decisions in a row (a movement phase, a coordinated action) is
searched as one. Every iteration draws a state from the side's observation (its hidden parts and
the dice to come redrawn by the game's `determinize`) and walks down the tree on it:

- at a decision of the side, the node's children are the answers the heuristics rank best,
  widened progressively (`Settings.widening`): a node visited n times offers its first
  ceil(c * n^alpha) answers legal in this draw, and the walk takes the one with the best
  PUCT score (mean value plus an exploration bonus weighted by the ranking's prior);
- every other decision (the enemy's, and another seat's of the same side) is answered by the
  game's heuristics, and chance by the draw's dice: the tree is "open loop", a node stands for
  every state the same answers lead to;
- a node reached for the first time is ranked and the heuristics play on from it for
  `Settings.horizon` actions, after which the game's evaluation reads the position (1/0/½ once
  the game is over): that value is added to every answer on the path.

The side's value is a chance of winning, so no sign flips are needed anywhere in the tree. A
decision with one answer (concessions aside) is played without a node.

`grow` runs one tree for a number of iterations or until a deadline and returns the root's
statistics; root-parallel search (engine.ai.workers) merges the roots of several trees, each
grown from its own seed.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, cast

from engine.ai.agent import no_effect_query, useful_answers, without_concessions
from engine.ai.observation import Sampler
from engine.ai.policy import Policy, PolicyFactory, policy_choice, ranking
from engine.core.actions import Action
from engine.core.game import Result, Rules

Evaluate = Callable[[Any, str], float]
"""(state, side) -> the side's chance of winning, 0-1, counted from the position."""

WALK_LIMIT = 2_000
"""Actions an iteration may play in all (inside the tree and beyond): a guard against a walk
that never reaches a decision of the side again."""


@dataclass(frozen=True, slots=True)
class Settings:
    """How a search looks; each game tunes its own (its plugin's `normal` and `hard`)."""

    horizon: int = 24
    """Actions the heuristics play on beyond a new node before the evaluation reads the
    position (with `turn_end`, at most this many)."""
    turn_end: bool = False
    """Play on to the start of the next game turn instead (or to the end of the game): every
    rollout is then read at the same point of the sequence of play, so an answer is not
    credited for a position read before the enemy's reply came."""
    explore: float = 0.35
    """The PUCT constant: how much the ranking's prior and few visits count against a mean."""
    prior_decay: float = 0.5
    """The prior of the answer ranked r-th is proportional to prior_decay ** r."""
    widen_c: float = 1.0
    widen_alpha: float = 0.5
    """Progressive widening: a node visited n times offers its first ceil(c * n^alpha)
    answers."""
    paired_worlds: bool = False
    """Common random numbers at the root: the n-th visit of every root answer plays in the same
    drawn world (the same hidden cards and dice to come, the same heuristics' seeds), so two
    answers are compared on the same luck, as a paired test compares them, instead of each on
    its own draws. The root's answer for an iteration is then chosen before its world is
    drawn (the root's answers are the same in every draw)."""
    overrule_margin: float = 0.0
    """How much higher (in the side's chance of winning, 0-1) the mean of the most visited
    root answer must be than the heuristics' answer's before it is played instead of it; at 0
    the most visited answer is played. A small budget's means rest on a handful of playouts,
    and the most visited answer's lead is partly their luck (docs/ai.md, "Strength")."""
    overrule_z: float = 0.0
    """How many standard errors that lead must also reach (0: no such test). The standard
    error comes from the spread of the values each of the two answers brought back, so unlike
    `overrule_margin` the test asks less of a lead as the budget grows: a margin in the
    side's chance of winning that suits 16 iterations a tree forbids nearly every departure
    at the level's own budget (docs/ai.md, "Strength")."""


def setting_overrides(pairs: Sequence[str]) -> dict[str, Any]:
    """Settings fields by name from "name=value" texts ("horizon=4", "turn_end=false"), for
    the tools that weigh another setting (`--set`); ValueError names a field Settings lacks or
    a value of the wrong kind."""
    found: dict[str, Any] = {}
    kinds = {f.name: str(f.type) for f in fields(Settings)}
    for text in pairs:
        name, _, value = text.partition("=")
        name = name.strip()
        if name not in kinds:
            raise ValueError(f"Settings has no {name!r} (it has {', '.join(kinds)})")
        kind = kinds[name]
        try:
            if kind == "bool":
                word = value.strip().lower()
                if word not in ("1", "true", "yes", "on", "0", "false", "no", "off"):
                    raise ValueError(value)
                found[name] = word in ("1", "true", "yes", "on")
            elif kind == "int":
                found[name] = int(value)
            else:
                found[name] = float(value)
        except ValueError:
            wanted = {"bool": "true or false", "int": "a whole number"}.get(kind, "a number")
            raise ValueError(f"{name} takes {wanted}, not {value!r}") from None
    return found


def evaluation_named(text: str) -> Evaluate:
    """The evaluation `module:function` names ("filipinas.ai:fitted_evaluate"), for the tools
    that weigh another evaluation (`--evaluate`); ValueError when it names none. A function
    at a module's top level, so the worker processes find it by name."""
    module_name, _, name = text.partition(":")
    try:
        found = getattr(importlib.import_module(module_name), name, None) if name else None
    except (ImportError, ValueError):
        found = None
    if not callable(found):
        raise ValueError(f"{text!r} names no evaluation (module:function, e.g. "
                         "filipinas.ai:fitted_evaluate)")
    return cast(Evaluate, found)


def terminal_value(result: Result, team: str) -> float:
    """1 for a win of `team`, 0 for a loss, ½ for a draw."""
    if result.winner is None:
        return 0.5
    return 1.0 if result.winner == team else 0.0


def play_on(rules: Rules[Any], state: Any, policy_of: Callable[[str], Policy],
            limit: int, until_turn: int | None = None) -> int:
    """Let the heuristics (`policy_of(player)`) play `state` on, at most `limit` actions, until
    the game ends, nobody is to answer or (given `until_turn`) that turn begins; the number
    of actions played."""
    # the heuristics answer from the list of this very state: applied unchecked where the game
    # offers it (engine RulesExtras), which spares building the list a second time
    apply = getattr(rules, "apply_legal", rules.apply)
    for played in range(limit):
        if rules.result(state) is not None:
            return played
        if until_turn is not None and state.turn >= until_turn:
            return played
        legal = rules.legal_actions(state)
        player = state.decision.player
        if not legal or player is None:
            return played
        apply(state, policy_choice(policy_of(player), rules, state, legal))
    return limit


@dataclass(slots=True)
class Edge:
    """An answer at a node: how often it was taken and the values that came back."""

    action: Action
    rank: int
    visits: int = 0
    total: float = 0.0
    squares: float = 0.0
    """The sum of the squared values, for their spread (`Settings.overrule_z`)."""
    child: Node | None = None

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass(slots=True)
class Node:
    """A decision of the side after a given sequence of its answers (every draw alike)."""

    order: list[Action] = field(default_factory=list)
    """The answers in the ranking's order, as far as they have been ranked."""
    edges: dict[Action, Edge] = field(default_factory=dict)
    visits: int = 0
    total: float = 0.0


@dataclass(frozen=True, slots=True)
class RootStats:
    """What one tree found at the root: per answer (in the root's ranking order) its visits,
    total value and sum of squared values, and how many iterations the tree ran."""

    actions: tuple[Action, ...]
    visits: tuple[int, ...]
    totals: tuple[float, ...]
    iterations: int
    squares: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class Job:
    """Everything a tree needs, picklable for a worker process: the rules, the side, the
    observation's sampler (which holds only a state already drawn from the side's view), the
    root's answers, the heuristics, the evaluation, the settings, a seed and the budget
    (iterations and/or seconds from when the tree starts)."""

    rules: Rules[Any]
    side: str
    sampler: Sampler
    legal: tuple[Action, ...]
    policy: PolicyFactory
    evaluate: Evaluate
    settings: Settings
    seed: int
    iterations: int | None
    deadline: float | None


class Tree:
    """One search tree over a side's decisions, grown on draws of its observation."""

    def __init__(self, job: Job) -> None:
        self.job = job
        self.rules = job.rules
        self.side = job.side
        self.settings = job.settings
        self.rng = random.Random(job.seed)
        self.root = Node()
        self.policies: dict[str, Policy] = {}
        self.iterations = 0
        self.apply = getattr(self.rules, "apply_legal", self.rules.apply)
        self.root_options = without_concessions(list(job.legal))
        self.worlds: list[int] = []
        """The seeds of the worlds drawn for `Settings.paired_worlds`, in order of visit."""

    def policy_of(self, player: str) -> Policy:
        found = self.policies.get(player)
        if found is None:
            found = self.policies[player] = self.job.policy(player, self.rng.getrandbits(62))
        return found

    def sample(self) -> Any:
        return self.job.sampler(self.rng)

    # --- growing ---------------------------------------------------------------------------

    def grow(self) -> RootStats:
        """Iterate until the job's iterations are done or its deadline comes (whichever is
        first). An iteration that would end past the deadline, judged by the mean so far, is
        not begun; a tree always runs at least one."""
        deadline = self.job.deadline
        limit = self.job.iterations
        began = time.monotonic()
        while limit is None or self.iterations < limit:
            left = math.inf if limit is None else limit - self.iterations
            if deadline is not None and self.iterations:
                now = time.monotonic()
                each = (now - began) / self.iterations
                if now + each > deadline:
                    break
                left = min(left, (deadline - now) / each)
            if self.iterations % 8 == 0 and self.settled(left):
                break
            self.iterate()
        return self.stats()

    def settled(self, left: float) -> bool:
        """Whether `left` more iterations could no longer change the most visited root answer
        of this tree: then they are not spent (a clear decision is answered sooner)."""
        visits = sorted((e.visits for e in self.root.edges.values()), reverse=True)
        if len(visits) < 2:
            return False
        return visits[0] - visits[1] > left

    def iterate(self) -> None:
        """One draw, one walk down the tree, one new node, one evaluation backed up."""
        first = self.paired_root()
        if first is None:
            seed = self.rng.getrandbits(62)
            state = self.sample()
        else:
            while len(self.worlds) <= first.visits:
                self.worlds.append(self.rng.getrandbits(62))
            seed = self.worlds[first.visits]
            state = self.job.sampler(random.Random(seed))
        for policy in self.policies.values():
            policy.reseed(seed)
        path: list[tuple[Node, Edge]] = []
        node = self.root
        value = self.walk(state, node, path, first)
        self.iterations += 1
        self.root.visits += 1
        self.root.total += value
        for _, edge in path:
            edge.visits += 1
            edge.total += value
            edge.squares += value * value
            child = edge.child
            if child is not None:
                child.visits += 1
                child.total += value

    def paired_root(self) -> Edge | None:
        """With `Settings.paired_worlds`, the root's answer for the next iteration, chosen
        before its world is drawn (None otherwise, or while the root is not ranked)."""
        if not self.settings.paired_worlds or len(self.root_options) < 2:
            return None
        if any(a not in self.root.edges for a in self.root_options):
            return None
        return self.select(self.root, None, [], self.root_options)

    def walk(self, state: Any, node: Node, path: list[tuple[Node, Edge]],
             first: Edge | None = None) -> float:
        """Down the tree from the root (taking `first` there when given), then a rollout."""
        rules, side, apply = self.rules, self.side, self.apply
        at_root = True
        for _ in range(WALK_LIMIT):
            result = rules.result(state)
            if result is not None:
                return terminal_value(result, self._team(side))
            legal = rules.legal_actions(state)
            player = state.decision.player
            if not legal or player is None:
                return self.job.evaluate(state, side)
            if player != side:
                apply(state, policy_choice(self.policy_of(player), rules, state, legal))
                continue
            options = self.root_options if at_root else without_concessions(legal)
            at_root = False
            if len(options) == 1:
                apply(state, options[0])
                continue
            if node is not self.root and node.visits == 0:
                self.extend_order(node, state, legal, options)
                return self.rollout(state)
            if first is not None and node is self.root:
                edge, first = first, None
            else:
                edge = self.select(node, state, legal, options)
            path.append((node, edge))
            apply(state, edge.action)
            if edge.child is None:
                edge.child = Node()
            node = edge.child
        return self.job.evaluate(state, side)

    def rollout(self, state: Any) -> float:
        """The heuristics play on for the horizon (or to the next turn); the evaluation reads
        where they stop."""
        settings = self.settings
        until = state.turn + 1 if settings.turn_end else None
        play_on(self.rules, state, self.policy_of, settings.horizon, until)
        result = self.rules.result(state)
        if result is not None:
            return terminal_value(result, self._team(self.side))
        return self.job.evaluate(state, self.side)

    @staticmethod
    def _team(side: str) -> str:
        """The side a seat plays for (Guerra's second seats end in "_2")."""
        return side.removesuffix("_2")

    # --- choosing at a node ----------------------------------------------------------------

    def extend_order(self, node: Node, state: Any, legal: list[Action],
                     options: list[Action]) -> None:
        """Rank the `options` (the `legal` answers a search weighs) the node has not ranked
        yet, after those it has. The heuristics rank the whole legal list, as they choose."""
        known = node.edges
        if all(a in known for a in options):
            return
        player = state.decision.player
        wanted = set(options)
        for action in ranking(self.policy_of(player), self.rules, state, legal, self.rng):
            if action in wanted and action not in known:
                known[action] = Edge(action, len(node.order))
                node.order.append(action)

    def select(self, node: Node, state: Any, legal_list: list[Action],
               options: list[Action]) -> Edge:
        """The answer to take at `node` in this draw: among its first ceil(c * n^alpha) ranked
        answers legal here, the best by PUCT."""
        settings = self.settings
        self.extend_order(node, state, legal_list, options)
        legal = set(options)
        width = max(1, math.ceil(settings.widen_c * (node.visits + 1) ** settings.widen_alpha))
        offered: list[Edge] = []
        for action in node.order:
            if action in legal:
                offered.append(node.edges[action])
                if len(offered) >= width:
                    break
        if len(offered) == 1:
            return offered[0]
        visits = sum(e.visits for e in offered)
        mean = node.total / node.visits if node.visits else 0.5
        decay = settings.prior_decay
        norm = sum(decay ** i for i in range(len(offered)))
        scale = settings.explore * math.sqrt(visits + 1)
        best, best_score = offered[0], -math.inf
        for i, edge in enumerate(offered):
            prior = decay ** i / norm
            q = edge.total / edge.visits if edge.visits else mean
            score = q + scale * prior / (1 + edge.visits)
            if score > best_score:
                best, best_score = edge, score
        return best

    # --- results ---------------------------------------------------------------------------

    def start(self, state: Any) -> None:
        """Rank the root's answers on a first draw (the heuristics' answer first). An answer
        that changes nothing now is left out while a useful one exists (DESIGN.md §9): the
        game's `no_effect_reason` reads only what the deciding side sees, so the first draw
        answers for every draw."""
        self.root_options = useful_answers(no_effect_query(self.rules), state,
                                           self.root_options)
        self.extend_order(self.root, state, list(self.job.legal), self.root_options)

    def stats(self) -> RootStats:
        edges = [self.root.edges[a] for a in self.root.order]
        return RootStats(tuple(e.action for e in edges), tuple(e.visits for e in edges),
                         tuple(e.total for e in edges), self.iterations,
                         tuple(e.squares for e in edges))


def grow(job: Job) -> RootStats:
    """Grow one tree for `job` and return its root's statistics. A root left with a single
    answer (the others changing nothing now) needs no iteration."""
    tree = Tree(job)
    tree.start(tree.sample())
    if len(tree.root_options) == 1:
        return tree.stats()
    return tree.grow()


@dataclass(frozen=True, slots=True)
class Answer:
    """A root answer over every tree: visits and mean value (0-1 for the side), and the
    standard deviation of the values its visits brought back."""

    action: Action
    visits: int
    mean: float
    rank: int
    deviation: float = 0.0

    @property
    def error(self) -> float:
        """The standard error of `mean` (0 without visits)."""
        return self.deviation / math.sqrt(self.visits) if self.visits else 0.0


def merge(stats: Sequence[RootStats]) -> list[Answer]:
    """The roots of several trees as one: visits and values summed per answer, ranked by the
    first tree's order (every tree ranks the root from its own draw; the heuristics' answer
    leads unless a tree's draw changed it). Most visited first; ties by the ranking."""
    visits: dict[Action, int] = {}
    totals: dict[Action, float] = {}
    squares: dict[Action, float] = {}
    rank: dict[Action, int] = {}
    for s in stats:
        for i, (action, v, t, q) in enumerate(zip(s.actions, s.visits, s.totals, s.squares,
                                                  strict=True)):
            visits[action] = visits.get(action, 0) + v
            totals[action] = totals.get(action, 0.0) + t
            squares[action] = squares.get(action, 0.0) + q
            rank[action] = min(rank.get(action, i), i)
    answers = [Answer(a, visits[a], totals[a] / visits[a] if visits[a] else 0.0, rank[a],
                      deviation(visits[a], totals[a], squares[a]))
               for a in visits]
    answers.sort(key=lambda a: (-a.visits, a.rank))
    return answers


def deviation(count: int, total: float, squares: float) -> float:
    """The sample standard deviation of `count` values from their sum and sum of squares (0
    under two values)."""
    if count < 2:
        return 0.0
    return math.sqrt(max(0.0, (squares - total * total / count) / (count - 1)))
