"""Why an answer is refused (DESIGN.md §8, "Refusals are specific"): every illegal answer gets
the rule it breaks, with its section, one message per cause.

`refuse(st, action)` is asked only for an action that `legal_actions` does not list; it looks at
the decision in progress and names the first rule the action breaks. `Refusal.cause` is a stable
name for the rule (tests check that each cause keeps one message).
"""

from __future__ import annotations

from collections.abc import Callable

from baler.rules.actionphase import BASIC, TRENCH_ACTIONS, ActionPhaseTask, category
from baler.rules.actions import (
    Choose,
    Decide,
    Done,
    ModifyDie,
    Move,
    PlaceUnit,
    PlayCard,
    PlaySupport,
    ResolveEvent,
    TakeAction,
)
from baler.rules.attacks import KINDS
from baler.rules.combat import AreaCombat
from baler.rules.effects import AttackChoice, WallAssault, requirement_met
from baler.rules.events import EventPhaseTask, icon_matches
from baler.rules.incursion import fighters
from baler.rules.leaders import movable
from baler.rules.modifiers import Pool
from baler.rules.movement import MovementTask, detachment_units
from baler.rules.picks import area_manpower, empty_artillery_posts
from baler.rules.queries import artillery_in_area, engaged, military_leader
from baler.rules.shootings import ShootingsPhase
from baler.rules.state import BalerState, Kind, Side
from baler.rules.tasks import Task
from baler.rules.tcm import TcmCombat
from baler.rules.upkeep import UpkeepTask
from baler.rules.walls import repairable
from engine.core.actions import Action, IllegalActionError

SPANISH_ONLY = {"expand-infirmary", "heal-two", "heal-one", "uss-yorktown"}
PHILIPPINE_ONLY = {*TRENCH_ACTIONS, "persistence", "attack-artillery"}
ALL_ACTIONS = {*(f"attack-{k}" for k in KINDS), "movement", "surveillance", "supply", "repair",
               "raise-morale", *SPANISH_ONLY, *PHILIPPINE_ONLY}


class Refusal(IllegalActionError):
    """An illegal answer: `cause` names the rule broken, `reason` says it, `section` cites it."""

    def __init__(self, cause: str, reason: str, section: str) -> None:
        super().__init__(reason, section)
        self.cause = cause


def refuse(st: BalerState, action: Action) -> Refusal:
    """The rule `action` breaks in the decision now (it is not among the legal answers)."""
    if not st.stack:
        return Refusal("game-over", "The game is over.", "Game end")
    task = st.stack[-1]
    decision = st.decision
    if isinstance(action, Done):
        return Refusal("must-choose", f"This choice cannot be skipped: {decision.prompt.lower()}.",
                       decision.section)
    found: Refusal | None = None
    for kind, check in CHECKS:
        if isinstance(action, kind):
            found = check(st, task, action)
            break
    if found is not None:
        return found
    return Refusal(
        f"wrong-answer:{decision.kind}",
        f"{action.describe()} does not answer this decision: {decision.prompt.lower()}.",
        decision.section,
    )


def _name(st: BalerState, thing: str) -> str:
    return st.name(thing)


# --- cards ---------------------------------------------------------------------------------


def _card_in_hand(st: BalerState, card: str) -> Refusal | None:
    side = Side(st.decision.player or "spanish")
    info = st.data.cards.get(card)
    if info is None:
        return Refusal("no-such-card", f"There is no card '{card}' in the game.", "Cards")
    if card not in st.hands[side]:
        return Refusal("not-in-hand", f"'{info.title}' is not in your hand.", "Cards")
    if not info.playable_by(side):
        return Refusal("enemy-fog-of-war", f"'{info.title}' is an enemy Fog of War card: a "
                       "blank you cannot play.", "Fog of War cards")
    return None


def _play_card(st: BalerState, task: Task, action: PlayCard) -> Refusal | None:
    return _card_in_hand(st, action.card)


def _play_support(st: BalerState, task: Task, action: PlaySupport) -> Refusal | None:
    held = _card_in_hand(st, action.card)
    if held is not None:
        return held
    if not isinstance(task, EventPhaseTask):
        return None
    info = st.data.cards[action.card]
    section = "Boosting event cards"
    if not action.boosts:
        return Refusal("boost-nothing", "A support card is played to boost at least one of "
                       "your event cards.", section)
    for card in action.boosts:
        if card not in task.events:
            title = st.data.cards[card].title if card in st.data.cards else card
            return Refusal("not-an-event-card", f"'{title}' is not one of your event cards this "
                           "phase.", section)
        if st.data.cards[card].fow:
            return Refusal("fog-of-war-not-boosted", f"'{st.data.cards[card].title}' is a Fog of "
                           "War card: it is played as an event but never boosted.", section)
    if len(set(action.boosts)) != len(action.boosts):
        return Refusal("boost-twice", "An event card is boosted once.", section)
    icons = info.icons
    if len(action.boosts) > len(icons):
        return Refusal("one-event-per-icon", f"'{info.title}' shows {len(icons)} icon(s); each "
                       "icon of a support card boosts one event card.", section + " 4")
    shown = ", ".join(icons) or "no icon"
    for card in action.boosts:
        if not any(icon_matches(st, icon, card) for icon in icons):
            event = st.data.cards[card]
            return Refusal(
                "icon-rule",
                f"'{info.title}' ({shown}) cannot boost '{event.title}' "
                f"({', '.join(event.icons) or 'no icon'}): a support card boosts an event card "
                "showing the same icon, and its star boosts any.", section + " 3")
    return Refusal("one-event-per-icon", f"'{info.title}' shows {len(icons)} icon(s); each "
                   "icon of a support card boosts one event card.", section + " 4")


def _resolve_event(st: BalerState, task: Task, action: ResolveEvent) -> Refusal | None:
    if not isinstance(task, EventPhaseTask):
        return None
    section = "Event phase"
    info = st.data.cards.get(action.card)
    if info is None or action.card not in task.events:
        title = info.title if info else action.card
        return Refusal("not-an-event-card", f"'{title}' is not one of your event cards this "
                       "phase.", "Boosting event cards")
    if action.part not in ("main", "secondary"):
        return Refusal("no-such-event", "A card has a main and a secondary event.", section)
    if f"{action.card}:{action.part}" in task.done:
        return Refusal("resolved-already", f"The {action.part} event of '{info.title}' is "
                       "resolved already.", section)
    if action.card not in task.boosted:
        return Refusal("not-boosted", f"The secondary event of '{info.title}' is resolved only "
                       "when a support card boosts it.", "Boosting event cards")
    if not requirement_met(st, Side(task.side), info):
        need = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in info.requires)
        return Refusal("requirement", f"The secondary event of '{info.title}' needs {need}.",
                       section)
    return None


# --- dice ----------------------------------------------------------------------------------


def _modify_die(st: BalerState, task: Task, action: ModifyDie) -> Refusal | None:
    if st.decision.kind == "persistence":
        return _persistence_die(st, action)
    pool: Pool | None = None
    if isinstance(task, AreaCombat):
        pool = task.att if st.decision.player == task.attacker else task.dfn
    elif isinstance(task, TcmCombat):
        pool = task.ph
    if pool is None:
        return None
    section = "Combat modifiers"
    if action.how not in ("plus1", "reroll"):
        return Refusal("no-such-modifier", "A modifier adds 1 to a die or rerolls it.", section)
    if not 0 <= action.index < len(pool.values):
        return Refusal("no-such-die", f"There is no die {action.index + 1}: you rolled "
                       f"{len(pool.values)}.", section)
    if pool.modified[action.index]:
        return Refusal("modified-once", f"Die {action.index + 1} was modified already: a die is "
                       "modified once.", section)
    if action.how == "plus1" and pool.values[action.index] >= 6:
        return Refusal("plus-on-six", "+1 is never added to a 6.", "GAP-BAL-40")
    source = action.source
    if source not in ("morale", "command", "leader", "persistence", "card"):
        return Refusal("no-such-modifier", "A modifier adds 1 to a die or rerolls it.", section)
    if source not in pool.sources:
        return Refusal("tcm-modifiers", "On the territorial control map only morale and "
                       "Persistence modify the dice.", "Combat on the territorial control map")
    side = Side(pool.side)
    if source == "morale":
        if "command" in pool.used:
            return Refusal("morale-or-command", "The morale and the command modifiers never mix "
                           "in one combat.", "GAP-BAL-05")
        if st.morale[side] < 1:
            return Refusal("no-morale", "Your morale is 0: the morale modifier costs 1 morale.",
                           "Morale modifier")
        return Refusal("once-per-combat", f"The {source} modifier is used once per combat.",
                       section)
    if source == "command":
        if "morale" in pool.used:
            return Refusal("morale-or-command", "The morale and the command modifiers never mix "
                           "in one combat.", "GAP-BAL-05")
        if "command" in pool.used:
            return Refusal("rank-spent", "Your commander has modified as many dice as his rank.",
                           "Command modifier")
        if military_leader(st, side) is None:
            return Refusal("no-commander", "No face-up leader stands in your military command "
                           "post.", "Command modifier")
    if source == "leader":
        if not pool.map_leader:
            return Refusal("no-map-leader", "No leader of yours is engaged in this combat.",
                           "Leader on the map")
        if action.how == "plus1":
            return Refusal("leader-rerolls", "A leader on the map rerolls a die; he does not add "
                           "1.", "Leader on the map")
        return Refusal("once-per-combat", f"The {source} modifier is used once per combat.",
                       section)
    if source == "persistence":
        return _persistence_owner(st, side)
    if source == "card":
        what = "reroll" if action.how == "reroll" else "+1"
        return Refusal(f"no-card-{action.how}", f"The event that launched this attack gives no "
                       f"{what} left.", "Cards modifiers")
    return None


def _persistence_owner(st: BalerState, side: Side) -> Refusal:
    if side is not Side.PHILIPPINE:
        return Refusal("persistence-philippine", "Only the Philippine side has a Persistence "
                       "marker.", "Persistence")
    return Refusal("persistence-inactive", "Your Persistence marker is not on its active side.",
                   "Persistence")


def _persistence_die(st: BalerState, action: ModifyDie) -> Refusal:
    if action.source != "persistence":
        return Refusal("persistence-only", "Only the Persistence marker changes this roll; the "
                       "other modifiers change combat dice.", "Persistence")
    if action.index != 0:
        return Refusal("one-die", "This roll has one die.", "Persistence")
    if action.how not in ("plus1", "reroll"):
        return Refusal("no-such-modifier", "A modifier adds 1 to a die or rerolls it.",
                       "Combat modifiers")
    if action.how == "plus1":
        return Refusal("plus-on-six", "+1 is never added to a 6.", "GAP-BAL-40")
    return _persistence_owner(st, Side(st.decision.player or "philippine"))


# --- the action phase ----------------------------------------------------------------------


def _fields(name: str, side: Side) -> tuple[bool, bool]:
    """Whether the action `name` names an area and a target."""
    if name.startswith("attack-") or name == "surveillance":
        return True, False
    if name == "repair":
        return True, side is Side.PHILIPPINE
    return False, name == "heal-one" or name in TRENCH_ACTIONS


def _field_problem(st: BalerState, side: Side, action: TakeAction) -> Refusal | None:
    """An action named with an area or a target it does not take, or without one it needs."""
    wants_area, wants_target = _fields(action.name, side)
    section = "Action types"
    if bool(action.area) != wants_area:
        if wants_area:
            return Refusal("needs-area", f"'{action.name}' is taken in an area of the church "
                           "map: name it.", section)
        return Refusal("takes-no-area", f"'{action.name}' is not taken in an area.", section)
    if bool(action.target) != wants_target:
        if wants_target:
            return Refusal("needs-target", f"'{action.name}' needs its target: a space or a "
                           "unit.", section)
        return Refusal("takes-no-target", f"'{action.name}' takes no target.", section)
    return None


def _take_action(st: BalerState, task: Task, action: TakeAction) -> Refusal | None:
    if isinstance(task, AttackChoice):
        if not action.name.startswith("attack-"):
            return Refusal("event-attack-kind", "This event launches an attack: a shooting, an "
                           "incursion or an artillery attack.", "Cards modifiers")
        return _field_problem(st, Side(task.side), action) or _attack(st, Side(task.side),
                                                                      action)
    if not isinstance(task, ActionPhaseTask):
        return None
    side = Side(task.side)
    name = action.name
    if name not in ALL_ACTIONS:
        return Refusal("no-such-action", f"'{name}' is no action of the Action phase.",
                       "Action types")
    if name in SPANISH_ONLY and side is Side.PHILIPPINE:
        return Refusal("spanish-action", "That special action is the Spanish side's.",
                       "Special actions")
    if name in PHILIPPINE_ONLY and side is Side.SPANISH:
        return Refusal("philippine-action", "That action is the Philippine side's.",
                       "Special actions")
    wrong = _field_problem(st, side, action)
    if wrong is not None:
        return wrong
    cost = task.cost(st, name)
    if cost is None:
        if category(name) in BASIC:
            return Refusal("basic-twice", "A basic action is taken at most twice per Action "
                           "phase.", "Basic actions")
        return Refusal("special-once", "A special action is taken once per Action phase.",
                       "Special actions")
    if cost > task.ap:
        return Refusal("action-points", f"That action costs {cost} AP; you have {task.ap} left.",
                       "Action phase")
    if name.startswith("attack-"):
        return _attack(st, side, action)
    if name == "surveillance":
        return _surveillance(st, side, action.area)
    if name == "repair":
        return _repair(st, side, action)
    if name in TRENCH_ACTIONS:
        return _trench(st, task, action)
    if name == "heal-one":
        return Refusal("not-a-patient", f"{_name(st, action.target)} is not in the infirmary.",
                       "Healing units")
    if name == "heal-two":
        return Refusal("infirmary-empty", "The infirmary is empty.", "Healing units")
    if name == "expand-infirmary":
        return Refusal("beds-open", "Every bed of the infirmary is open already.",
                       "Expand the infirmary")
    if name == "uss-yorktown":
        return Refusal("yorktown-turns", "The USS Yorktown acts in turns 4 to 6, once the US "
                       "marker is on the map.", "USS Yorktown")
    if name == "persistence":
        return Refusal("persistence-active", "The Persistence marker is active already.",
                       "Persistence")
    return Refusal("action-not-now", f"'{name}' cannot be taken now.", "Action types")


def _attack(st: BalerState, side: Side, action: TakeAction) -> Refusal:
    kind = action.name.removeprefix("attack-")
    if action.area not in st.data.areas:
        return Refusal("no-such-area", f"There is no area '{action.area}' on the church map.",
                       "The map")
    if action.area in st.attacked[side]:
        return Refusal("area-attacked", f"Your side has attacked area {action.area} in this "
                       "phase already.", "Attack")
    if kind == "incursion" and not fighters(st, engaged(st, side, action.area,
                                                        with_artillery=False)):
        return Refusal("incursion-fighters", f"An incursion needs a unit of yours that fights "
                       f"on a guard post of area {action.area}.", "Incursion")
    if kind == "artillery" and side is Side.SPANISH:
        return Refusal("philippine-action", "That action is the Philippine side's.",
                       "Special actions")
    if kind == "artillery" and artillery_in_area(st, action.area) is None:
        return Refusal("no-gun", f"No Philippine artillery piece stands on the artillery post "
                       f"of area {action.area}.", "Artillery attack")
    return Refusal("event-attack-kind", "This event launches an attack of another type.",
                   "Cards modifiers")


def _surveillance(st: BalerState, side: Side, area: str) -> Refusal:
    if area not in st.data.areas:
        return Refusal("no-such-area", f"There is no area '{area}' on the church map.", "The map")
    if area in st.surveillance[side]:
        return Refusal("surveillance-there", f"Your surveillance marker is in area {area} "
                       "already.", "Surveillance")
    return Refusal("surveillance-markers", "All your surveillance markers are on the map.",
                   "Surveillance")


def _repair(st: BalerState, side: Side, action: TakeAction | Choose) -> Refusal:
    table = st.data.tables["repair"]
    cost = int(table["supply_cost"])
    if st.supply[side] < cost:
        return Refusal("repair-supply", f"A repair costs {cost} supply; you have "
                       f"{st.supply[side]}.", "Repair")
    if side is Side.SPANISH:
        area = action.area if isinstance(action, TakeAction) else action.target
        if area not in st.data.areas:
            return Refusal("no-such-area", f"There is no area '{area}' on the church map.",
                           "The map")
        if not repairable(st, area):
            return Refusal("walls-not-repairable", f"The walls of area {area} are neither "
                           "Damaged nor Wrecked.", "Repair")
        need = int(table["spanish_manpower"])
        return Refusal("repair-manpower", f"A repair needs {need} manpower on the guard posts "
                       f"of area {area}; there are {area_manpower(st, side, area)}.", "Repair")
    target = action.target
    if st.trenches.get(target) != "sabotaged":
        return Refusal("trench-not-sabotaged", f"{_name(st, target)} holds no sabotaged trench "
                       "section.", "Repair")
    area = st.data.trench_spaces[target][0]
    if isinstance(action, TakeAction) and action.area != area:
        return Refusal("trench-area", f"{_name(st, target)} lies in area {area}.", "Repair")
    need = int(table["philippine_manpower"])
    return Refusal("repair-manpower-trench", f"A trench repair needs {need} manpower in area "
                   f"{area}; there are {area_manpower(st, side, area)}.", "Repair")


def _trench(st: BalerState, task: ActionPhaseTask, action: TakeAction) -> Refusal:
    table = st.data.tables["trench"]
    built = sum(task.uses.get(n, 0) for n in TRENCH_ACTIONS)
    if action.name == "trench-2" and built == 0:
        return Refusal("trench-order", "Trench section II comes after Trench section I.",
                       "Trench section II")
    return _build_target(st, action.target, int(table["supply_cost"]))


def _build_target(st: BalerState, target: str, cost: int) -> Refusal:
    if target not in st.data.trench_spaces:
        return Refusal("not-a-trench-space", f"{_name(st, target)} is not a trench space.",
                       "Trench section I")
    if target in st.trenches:
        return Refusal("trench-there", f"{_name(st, target)} holds a trench section already.",
                       "Trench section I")
    if st.supply[Side.PHILIPPINE] < cost:
        return Refusal("trench-supply", f"A trench section costs {cost} supply; you have "
                       f"{st.supply[Side.PHILIPPINE]}.", "Trench section I")
    need = int(st.data.tables["trench"]["manpower"])
    return Refusal("trench-manpower", f"A trench section needs {need} manpower on the guard "
                   "posts beside it.", "Trench section I")


# --- movement ------------------------------------------------------------------------------


def _move(st: BalerState, task: Task, action: Move) -> Refusal | None:
    if not isinstance(task, MovementTask):
        return None
    side = Side(task.side)
    section = "Types of movement"
    kind = action.kind
    if kind == "post":
        if action.unit not in detachment_units(st, side):
            return Refusal("not-in-detachment", f"{_name(st, action.unit)} is not in your "
                           "detachment: a post movement brings a unit from there.", section)
        if not movable(st, action.unit):
            return _exhausted(st, action.unit)
        return Refusal("not-your-post", f"{_name(st, action.dest)} is not one of your guard "
                       "posts.", section)
    if kind == "bag":
        return Refusal("bag-empty", f"The {side.label} bag is empty.", section)
    if kind == "swap":
        return Refusal("swap-posts", "A swap exchanges the units of two of your manned guard "
                       "posts.", section)
    if kind == "artillery":
        if side is Side.SPANISH:
            return Refusal("philippine-action", "That action is the Philippine side's.",
                           "Special actions")
        if action.dest not in empty_artillery_posts(st):
            return Refusal("artillery-post-taken", f"{_name(st, action.dest)} is not an empty "
                           "artillery post.", section)
        return Refusal("no-gun-there", f"{_name(st, action.unit)} is no artillery piece on an "
                       "artillery post.", section)
    if kind in ("command", "activate"):
        return _command(st, side, action)
    if kind in ("tcm-place", "tcm-advance"):
        return _tcm_move(st, task, side, action)
    return Refusal("no-such-movement", f"'{kind}' is no type of movement.", section)


def _command(st: BalerState, side: Side, action: Move) -> Refusal:
    section = "Leaders into command posts"
    info = st.data.units.get(action.unit)
    post = st.data.command_posts.get(action.dest)
    if info is None or info.kind is not Kind.LEADER or info.side is not side:
        return Refusal("not-your-leader", f"{_name(st, action.unit)} is not one of your "
                       "leaders.", section)
    if post is None or post[0] is not side:
        return Refusal("not-your-command-post", f"{_name(st, action.dest)} is not one of your "
                       "command posts.", section)
    role = post[1]
    if action.kind == "activate":
        if role == "military":
            return Refusal("military-acts-in-combat", "A military leader acts in combat, through "
                           "the command modifier.", "Military leader")
        return _exhausted(st, action.unit)
    if action.unit not in detachment_units(st, side):
        return Refusal("leader-not-in-detachment", f"{info.name} is not in your detachment: "
                       "leaders go to the command area from there.", section)
    if action.unit in st.disabled:
        return Refusal("leader-disabled", f"{info.name} is disabled: he cannot enter the "
                       "command area.", "Upkeep Phase / Leaders")
    if action.unit in st.exhausted:
        return _exhausted(st, action.unit)
    if st.units_at(action.dest):
        return Refusal("command-post-taken", f"{_name(st, action.dest)} already holds a leader: "
                       "one leader per command post.", section)
    if side is Side.SPANISH and info.leader_type != role:
        return Refusal(f"command-post-type-{role}", f"Only a {role} leader may take the {role} "
                       "post.", "Spanish leaders")
    return Refusal("command-post-taken", f"{_name(st, action.dest)} already holds a leader: "
                   "one leader per command post.", section)


def _exhausted(st: BalerState, leader: str) -> Refusal:
    return Refusal("leader-exhausted", f"{_name(st, leader)} is exhausted: he may not be used "
                   "or moved until the Leaders step of the Upkeep.", "Leaders")


def _tcm_move(st: BalerState, task: MovementTask, side: Side, action: Move) -> Refusal:
    section = "Philippine troops movement"
    if side is Side.SPANISH:
        return Refusal("tcm-philippine", "Only Philippine troops move on the territorial control "
                       "map.", section)
    if task.moves_left < 2:
        return Refusal("tcm-whole-action", "A move on the territorial control map takes a whole "
                       "movement action.", section)
    if action.kind == "tcm-place":
        return Refusal("tcm-full", "The territorial control map holds at most three of your "
                       "units, in one space.", section)
    return Refusal("tcm-advance", "The stack advances toward Manila, never into it, and stops "
                   "at the foreign power's space.", section)


# --- placing and choosing ------------------------------------------------------------------


def _place_unit(st: BalerState, task: Task, action: PlaceUnit) -> Refusal | None:
    kind = st.decision.kind
    section = st.decision.section
    legal = task.legal(st)
    units = {a.unit for a in legal if isinstance(a, PlaceUnit)}
    if action.unit not in units:
        names = ", ".join(sorted(_name(st, u) for u in units))
        return Refusal("place-which", f"{_name(st, action.unit)} is not the counter to "
                       f"place now ({names}).", section)
    if action.dest not in st.data.names and action.dest not in st.data.posts:
        return Refusal("no-such-space", f"There is no space '{action.dest}'.", "The map")
    if st.units_at(action.dest) and kind != "place-drawn":
        return Refusal("space-taken", f"{_name(st, action.dest)} is taken.", section)
    where = {
        "man-posts": "an empty space of your guard posts or detachment being manned",
        "place-drawn": "one of your guard posts, a space of your detachment or back in the bag",
        "place-healed": "a free space of the Spanish detachment",
        "place-artillery": "an empty artillery post",
        "incursion-return": "a free guard post of the area of the incursion",
    }.get(kind, "one of the spaces offered")
    return Refusal(f"place-where:{kind}", f"{_name(st, action.unit)} goes on {where}.", section)


def _choose(st: BalerState, task: Task, action: Choose) -> Refusal | None:
    kind = st.decision.kind
    side = Side(st.decision.player or "spanish")
    target = action.target
    if isinstance(task, ShootingsPhase):
        if target not in st.data.areas:
            return Refusal("no-such-area", f"There is no area '{target}' on the church map.",
                           "The map")
        if kind == "shooting-order":
            return Refusal("shooting-order", f"Area {target} is not one of your two shootings.",
                           task.phase_name())
        return Refusal("shooting-marker", f"Area {target} has a shooting marker already: one "
                       "shooting per area in the phase.", task.phase_name())
    if isinstance(task, WallAssault):
        if target not in st.data.areas:
            return Refusal("no-such-area", f"There is no area '{target}' on the church map.",
                           "The map")
        if target in st.attacked[side]:
            return Refusal("area-attacked", f"Your side has attacked area {target} in this "
                           "phase already.", "Attack")
        return Refusal("walls-destroyed", f"The walls of area {target} are Destroyed already.",
                       "Church walls")
    if isinstance(task, UpkeepTask):
        if target in ("A", "B"):
            return Refusal("shared-empty", f"Shared space {target} is empty.", "Fog of War")
        if target == "deck":
            return Refusal("shared-deck-empty", "The shared deck is empty.", "Fog of War")
        return Refusal("shared-source", "A shared card is taken from space A, space B or the "
                       "shared deck.", "Fog of War")
    if kind == "pick-surveillance":
        return _surveillance(st, side, target)
    if kind == "pick-repair":
        return _repair(st, side, action)
    if kind == "pick-build-trench":
        return _build_target(st, target, 0 if st.supply[Side.PHILIPPINE] else 1)
    if kind == "pick-heal":
        return Refusal("not-a-patient", f"{_name(st, target)} is not in the infirmary.",
                       "Healing units")
    if kind == "pick-destroy-trench":
        return Refusal("no-trench-there", f"{_name(st, target)} holds no trench section of the "
                       "kind this event removes.", "Events")
    if kind == "pick-ready-leader":
        return Refusal("leader-not-exhausted", f"{_name(st, target)} is no exhausted leader of "
                       "yours in the command area.", "Events")
    options = {a.target for a in task.legal(st) if isinstance(a, Choose)}
    names = ", ".join(sorted(_name(st, o) for o in options))
    what = CHOICES.get(kind, st.decision.prompt.lower())
    return Refusal(f"choose:{kind}", f"{_name(st, target)} cannot be chosen: {what} is one of "
                   f"{names}.", st.decision.section)


CHOICES = {
    "incursion-target": "the target of the sabotage",
    "incursion-casualty": "the attacker who is wounded",
    "tcm-loss": "the unit you lose",
    "tcm-place": "the unit for the territorial control map",
    "friar": "the friar who falls ill",
}


def _decide(st: BalerState, task: Task, action: Decide) -> Refusal | None:
    if st.decision.kind == "fow-keep" and action.yes:
        cost = int(st.data.tables["fow_keep_morale_cost"])
        return Refusal("keep-costs-morale", f"Keeping an enemy Fog of War card costs {cost} "
                       "morale; your morale is 0.", "Fog of War")
    return None


CHECKS: tuple[tuple[type[Action], Callable[..., Refusal | None]], ...] = (
    (PlayCard, _play_card),
    (PlaySupport, _play_support),
    (ResolveEvent, _resolve_event),
    (ModifyDie, _modify_die),
    (TakeAction, _take_action),
    (Move, _move),
    (PlaceUnit, _place_unit),
    (Choose, _choose),
    (Decide, _decide),
)
