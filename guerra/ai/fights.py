"""The computer opponent's combats (sections 8 and 11): which combat to open, whom to add to it,
when to spend F.E.C., how to defend and which counter to lose.

Every choice weighs the expected counters destroyed and lost (`odds.combat_value`), plus what a
victory frees: an enemy counter on a capital the side wants.
"""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.hexgrid import Hex, hex_distance, hex_neighbors
from guerra.ai.odds import UNIT_VALUE, combat_value, prize, win_lose
from guerra.rules.actions import (
    AddAttacker,
    AddDefender,
    Attack,
    DefenceReady,
    EndCombats,
    Resolve,
    Support,
    TakeLoss,
)
from guerra.rules.combat import can_attack, combat_factors, counters_around, is_city_stack
from guerra.rules.counters import ids_of_kind
from guerra.rules.data import Kind, Side
from guerra.rules.fec import can_spend
from guerra.rules.noeffect import no_effect_reason
from guerra.rules.state import Combat, CombatStage, GuerraState, Unit, Where, side_of_seat

OPEN_THRESHOLD = 0.15
"""Least expected gain for which the computer opens a combat it is not obliged to fight."""
FEC_GAIN = 0.12
"""Least improvement of a combat's expected gain worth ten F.E.C. (section 11)."""


def choose_combat(state: GuerraState, legal: list[Action]) -> Action:
    """The combat step's choice for the deciding seat."""
    c = state.combat
    if c is None:
        return _open(state, legal)
    if c.stage is CombatStage.SETUP:
        return _declare(state, c, legal)
    if c.stage is CombatStage.DEFENCE:
        return _defend(state, c, legal)
    return _lose(state, legal)


def air_near(state: GuerraState, owners: str | Side, targets: list[Unit], defence: bool,
             at: Hex | None = None) -> int:
    """Air counters of a seat (or side) still able to support one of `targets` (section 8),
    the first of them standing on `at` when given (a counter not moved there yet)."""
    reach = state.data.movement.air_support_range
    hexes = [t.hex for t in targets]
    if at is not None:
        hexes[0] = at
    count = 0
    for air in map(state.units.__getitem__, ids_of_kind(state, Kind.AIR)):
        if air.where is not Where.MAP or air.hex is None:
            continue
        if (air.side if isinstance(owners, Side) else air.player) != owners:
            continue
        if air.air_defence if defence else (air.air_attack or air.fought):
            continue
        if any(h is not None and hex_distance(air.hex, h) <= reach for h in hexes):
            count += 1
    return count


def enemy_bonus(state: GuerraState, side: Side, defenders: list[Unit]) -> int:
    """What the defender may add: its air support and ten F.E.C. (sections 8, 11)."""
    bonus = 0
    if defenders[0].kind.is_land:
        bonus += air_near(state, side.enemy, defenders, defence=True)
    if can_spend(state, side.enemy):
        bonus += 1
    return bonus


def _attackers_for(state: GuerraState, player: str, defenders: list[Unit]) -> list[Unit]:
    """The seat's counters that may attack all of `defenders`, those obliged to fight first."""
    arm = defenders[0].kind.arm
    found: list[Unit] = []
    # an attacker stands next to every defender, so first next to the first one: only the
    # counters of its arm on the hexes around it are looked at (the sort below orders them)
    for unit in counters_around(state, defenders[0].hex, arm, side_of_seat(player)):
        if unit.player != player or unit.kind.arm != arm or not can_attack(unit):
            continue
        assert unit.hex is not None
        if all(d.hex is not None and hex_distance(unit.hex, d.hex) == 1 for d in defenders):
            found.append(unit)
    found.sort(key=lambda u: (not u.must_fight, u.kind is not Kind.GARRISON, u.id))
    return found


def _limit(state: GuerraState, attackers: list[Unit], stack: bool) -> int:
    """How many of `attackers` may join (section 8: 2 against 2 without stacks)."""
    if stack:
        return len(attackers)
    hexes = [u.hex for u in attackers]
    if len(set(hexes)) < len(hexes):
        return len(attackers)
    return min(len(attackers), state.data.max_without_stacks)


def _open(state: GuerraState, legal: list[Action]) -> Action:
    """Open the most profitable combat, or end the combats when none is worth it (and none is
    owed by a counter that entered an enemy control zone, section 7)."""
    player = state.player
    side = side_of_seat(player)
    attacks = [a for a in legal if isinstance(a, Attack)]
    best: tuple[float, Action] | None = None
    for defender_id in sorted({a.defender for a in attacks}):
        defender = state.units[defender_id]
        assert defender.hex is not None
        stack = defender.kind.is_land and is_city_stack(state, defender.hex)
        defenders = ([state.units[u] for u in state.land_at[defender.hex]] if stack
                     else [defender])
        pool = _attackers_for(state, player, defenders)
        if not pool:
            continue
        reward = prize(state, side, defenders)
        held = enemy_bonus(state, side, defenders)
        for k in range(1, _limit(state, pool, stack) + 1):
            group = pool[:k]
            bonus = air_near(state, player, group, defence=False) if group[0].kind.is_land \
                else 0
            value = combat_value(state, group, defenders, stack=stack, attack_bonus=bonus,
                                 defence_bonus=held, prize=reward)
            if can_spend(state, side):
                value = max(value, combat_value(
                    state, group, defenders, stack=stack, attack_bonus=bonus + 1,
                    defence_bonus=held, prize=reward) - FEC_GAIN)
            if any(u.must_fight for u in group):
                value += 10.0
            action = next((a for a in attacks if a.defender == defender_id
                           and a.attacker == group[0].id), None)
            if action is not None and (best is None or value > best[0]):
                best = (value, action)
    end = EndCombats()
    if best is not None and (best[0] > OPEN_THRESHOLD or end not in legal):
        return best[1]
    return end if end in legal else legal[0]


def _current_value(state: GuerraState, c: Combat, *, extra_attacker: Unit | None = None,
                   extra_defender: Unit | None = None, fec: bool = False) -> float:
    attackers = [state.units[u] for u in c.attackers]
    defenders = [state.units[u] for u in c.defenders]
    if extra_attacker is not None:
        attackers.append(extra_attacker)
    if extra_defender is not None:
        defenders.append(extra_defender)
    side = attackers[0].side
    bonus = len(c.attack_support) + (1 if fec else 0)
    return combat_value(state, attackers, defenders, stack=c.stack, attack_bonus=bonus,
                        defence_bonus=enemy_bonus(state, side, defenders),
                        prize=prize(state, side, defenders))


def _declare(state: GuerraState, c: Combat, legal: list[Action]) -> Action:
    """Add air support (never lost, section 8), then any attacker or defender that improves the
    combat, then roll, spending F.E.C. when they make a real difference (section 11); never a
    support or F.E.C. that cannot change the result (`no_effect_reason`)."""
    supports = [a for a in legal if isinstance(a, Support) and no_effect_reason(state, a) is None]
    if supports:
        return supports[0]
    base = _current_value(state, c)
    best: tuple[float, Action] | None = None
    for action in legal:
        if isinstance(action, AddAttacker):
            unit = state.units[action.unit]
            value = _current_value(state, c, extra_attacker=unit) - _owed(state, c, unit)
        elif isinstance(action, AddDefender):
            value = _current_value(state, c, extra_defender=state.units[action.unit])
        else:
            continue
        if value > base + 0.05 and (best is None or value > best[0]):
            best = (value, action)
    if best is not None:
        return best[1]
    if (Resolve(True) in legal and no_effect_reason(state, Resolve(True)) is None
            and _current_value(state, c, fec=True) > base + FEC_GAIN):
        return Resolve(True)
    return Resolve(False)


def _owed(state: GuerraState, c: Combat, unit: Unit) -> float:
    """What a counter obliged to fight (it entered an enemy control zone, section 7) would
    make of the combat it owes on its own, if it does not join this one: the best it could
    open alone next to it, a defender of this combat counted only as far as this combat
    leaves it standing. Joining settles the debt (`obligations`), so that fight is what
    joining replaces. Nothing for a counter free not to fight, or at sea."""
    if not unit.must_fight or unit.hex is None or not unit.kind.is_land:
        return 0.0
    side = unit.side
    attack, defence = combat_factors(state, c)
    # the chance this combat, as it stands, destroys its defender (a city stack's losses are
    # the table's, not counted here)
    gone = 0.0 if c.stack else win_lose(state.data.die.faces, attack, defence)[0]
    best: float | None = None
    for n in hex_neighbors(unit.hex):
        for other in state.land_at.get(n, ()):
            enemy = state.units[other]
            if enemy.side is side:
                continue
            stack = is_city_stack(state, n)
            defenders = [state.units[i] for i in state.land_at[n]] if stack else [enemy]
            value = combat_value(state, [unit], defenders, stack=stack,
                                 defence_bonus=enemy_bonus(state, side, defenders),
                                 prize=prize(state, side, defenders))
            if other in c.defenders:
                value *= 1.0 - gone
            best = value if best is None else max(best, value)
            if stack:
                break
    return 0.0 if best is None else best


def _defend(state: GuerraState, c: Combat, legal: list[Action]) -> Action:
    """Every air support the defence can add, then F.E.C. if they change the odds (neither
    when it cannot change the result: `no_effect_reason`)."""
    supports = [a for a in legal if isinstance(a, Support) and no_effect_reason(state, a) is None]
    if supports:
        return supports[0]
    if DefenceReady(True) in legal and no_effect_reason(state, DefenceReady(True)) is None:
        attack, defence = combat_factors(state, c)
        faces = state.data.die.faces
        _, held = win_lose(faces, attack, defence)
        _, held_more = win_lose(faces, attack, defence + state.data.fec_bonus)
        if c.stack or held_more - held > 0.05:
            return DefenceReady(True)
    return DefenceReady(False)


def _lose(state: GuerraState, legal: list[Action]) -> Action:
    """Give up the least valuable counter: a garrison before an army counter, and one off a
    capital before one holding it."""
    capitals = set(state.data.board.capitals.values())

    def worth(action: Action) -> tuple[float, str]:
        assert isinstance(action, TakeLoss)
        unit = state.units[action.unit]
        on_capital = unit.hex in capitals
        return (UNIT_VALUE[unit.kind] + (1.0 if on_capital else 0.0), unit.id)

    losses = [a for a in legal if isinstance(a, TakeLoss)]
    return min(losses, key=worth) if losses else legal[0]


def threatened_by(state: GuerraState, unit: Unit) -> int:
    """Enemy land counters next to `unit` (its control-zone contacts)."""
    assert unit.hex is not None
    return sum(1 for n in hex_neighbors(unit.hex) for o in state.land_at.get(n, ())
               if state.units[o].side is not unit.side)
