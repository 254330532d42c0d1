"""The computer opponent's movements (section 7): which counter to move next and where to.

A land counter's destination is scored by the pull towards the provinces its side does not own
(`fields`), the capital it would stand on (taken at the end of the turn, section 9), the enemy
province it would put in dispute, the own capital it would hold against a near enemy, and, for
a move into an enemy control zone, the combat it would then have to fight (section 7). The
Nationalist navy keeps a naval counter on the Strait hex so the Army of Africa can cross
(section 7.2).
"""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.hexgrid import Hex, hex_distance, hex_neighbors
from guerra.ai.fields import THREAT, Fields, province_value
from guerra.ai.fights import air_near, enemy_bonus
from guerra.ai.odds import (
    UNIT_VALUE,
    combat_strengths,
    combat_value,
    expected_stack_losses,
    prize,
    win_lose,
)
from guerra.rules.actions import EndMovement, MoveTo, Select, Stay
from guerra.rules.combat import can_attack, is_city_stack
from guerra.rules.data import Kind, Side, Terrain
from guerra.rules.state import GuerraState, Reach, Unit, Where, side_of_seat

CAPTURE = 1.5
"""Weight of a province value for ending the move on a capital not yet owned (section 9)."""
CONTESTED = 0.4
"""Share of that weight left when enemy land counters still stand in the province."""
DISPUTE = 0.6
"""Weight of a province value for putting an enemy province in dispute (section 9)."""
HOLD = 0.8
"""Weight of a province value for holding an own capital an enemy could reach."""
BLOCK = 0.8
"""Weight of a province value for standing in a disputed province whose capital the enemy
holds, which stops the enemy from taking it (section 9)."""
FIGHT = 4.0
"""Weight of the expected gain of the combat a move into a control zone forces: a counter lost
costs far more than a few hexes of march."""
EXPOSED = 0.4
"""Cost of ending a move near the enemy on open ground, where it may strike first."""
EXPOSURE = 2.0
"""Weight of what a lone counter near the enemy stands to lose in the attack it invites
(`exposure`): half that of a combat the move itself forces (FIGHT), the enemy having other
choices; without it the computer spread lone army counters over a dozen enemy provinces, each
open to two attackers (docs/ai.md, "Blunders")."""
COVER = 0.5
"""Worth of a city or mountain hex (+1 in defence, section 8) near the enemy."""


def choose_movement(state: GuerraState, legal: list[Action], fields: Fields) -> Action:
    """The next step of the deciding seat's movement: a counter to select, a destination for
    the selected one, or the end of the movement."""
    if state.selected is not None:
        return _destination(state, state.units[state.selected], legal, fields)
    side = side_of_seat(state.player)
    strait = _strait_needed(state, side)
    best: tuple[float, str, Action] | None = None
    for action in legal:
        if not isinstance(action, Select):
            continue
        unit = state.units[action.unit]
        priority = _priority(state, unit, side, fields, strait)
        if priority is not None and (best is None or (priority, unit.id) > best[:2]):
            best = (priority, unit.id, action)
    if best is not None:
        return best[2]
    return EndMovement()


def _strait_needed(state: GuerraState, side: Side) -> bool:
    """A naval counter should stand on the Strait: army counters of `side` wait in North
    Africa and none of its naval counters is there yet (section 7.2)."""
    board = state.data.board
    if board.strait is None:
        return False
    if any(state.units[i].side is side for i in state.naval_at.get(board.strait, ())):
        return False
    regions = state.data.regions
    return any(u.side is side and u.kind is Kind.ARMY and u.where is Where.MAP
               and u.hex is not None and board.territory[u.hex] in regions and not u.moved
               for u in state.units.values())


def _priority(state: GuerraState, unit: Unit, side: Side, fields: Fields,
              strait: bool) -> float | None:
    """Order of moving (higher first), or None to leave the counter where it is: garrisons on
    capitals, armies about to take a capital, aircraft (they move at readaptation) and naval
    counters with nothing to do (`strait`: one is needed on the Strait)."""
    assert unit.hex is not None
    board = state.data.board
    cell = board.index[unit.hex]
    if unit.kind is Kind.AIR:
        return None
    if unit.kind is Kind.NAVAL:
        if board.strait is not None and strait:
            return 1000.0 - hex_distance(unit.hex, board.strait)
        return None
    city = board.cities.get(unit.hex)
    if city is not None and city.capital:
        status = state.status[city.province]
        if unit.kind is Kind.GARRISON:
            return None
        if status is not side and state.land_count[city.province][side.enemy] == 0:
            return None
    if board.territory[unit.hex] in state.data.regions:
        return 500.0 + fields.pull[cell]
    return fields.pull[cell]


def _destination(state: GuerraState, unit: Unit, legal: list[Action],
                 fields: Fields) -> Action:
    """The best hex for the selected counter, or staying where it is. The reachable hexes are
    the rules' (`state.reach`, the hexes of the legal MoveTo actions)."""
    if unit.kind is Kind.NAVAL:
        return _naval_destination(state, unit, legal)
    if unit.kind is Kind.AIR:
        return Stay()
    assert unit.hex is not None
    best_value = _score(state, unit, unit.hex, None, fields)
    best: Action = Stay()
    for h, reach in state.reach.items():
        value = _score(state, unit, h, reach, fields)
        if value > best_value:
            best_value, best = value, MoveTo(h.q, h.r)
    return best


def _naval_destination(state: GuerraState, unit: Unit, legal: list[Action]) -> Action:
    """A naval counter heads for the Strait hex (section 7.2)."""
    strait = state.data.board.strait
    moves = [a for a in legal if isinstance(a, MoveTo)]
    if strait is None or not moves:
        return Stay()
    return min(moves, key=lambda a: (hex_distance(Hex(a.q, a.r), strait), a.q, a.r))


def _score(state: GuerraState, unit: Unit, h: Hex, reach: Reach | None,
           fields: Fields) -> float:
    """How good it is for `unit` to end its move on `h` (`reach` None: it stays): the pull of
    the objectives, what standing there gains (a capital taken or held, an enemy province put
    in dispute, a disputed one kept from the enemy) as far as the counter is likely to live
    to keep it, the combat a move into a control zone forces, and the attack an enemy near a
    lone counter would make."""
    board = state.data.board
    side = unit.side
    cell = board.index[h]
    value = fields.pull[cell]
    near = fields.enemy[cell] <= THREAT
    city = fields.cities.get(cell)
    gains = 0.0
    alone = not [u for u in state.land_at.get(h, ()) if u != unit.id]
    # a counter of the side already on the capital takes or holds it alone (section 9): a
    # second one there adds nothing to either
    if city is not None and city.capital and alone:
        pid = city.province
        worth = province_value(state, pid)
        if state.status[pid] is not side:
            weight = CAPTURE * (CONTESTED if state.land_count[pid][side.enemy] else 1.0)
            gains += weight * worth
        elif near:
            gains += HOLD * worth
    if reach is not None:
        territory = board.territory_at[cell] or ""
        status = state.status.get(territory, side)
        if status is side.enemy:
            gains += DISPUTE * province_value(state, territory)
        elif status is None and _blocks(state, unit, territory):
            gains += BLOCK * province_value(state, territory)
    cover = city is not None or board.terrain_at[cell] is Terrain.MOUNTAIN
    if reach is not None and reach.fight:
        # the combat the move forces, then, if the counter wins and stands alone, the attack
        # it invites from the enemy counters still around
        gain, kept = _forced_combat(state, unit, h)
        loss, lives = exposure(state, unit, h, fields.threat[cell] - 1, cover) if alone \
            and fields.threat else (0.0, 1.0)
        return value + kept * lives * gains + FIGHT * gain - kept * EXPOSURE * loss
    if not near:
        return value + gains
    value += COVER if cover else -EXPOSED
    if not alone:
        return value + gains
    loss, kept = exposure(state, unit, h, fields.threat[cell] if fields.threat else 0, cover)
    return value + kept * gains - EXPOSURE * loss


def exposure(state: GuerraState, unit: Unit, h: Hex, threats: int,
             cover: bool) -> tuple[float, float]:
    """What a lone `unit` on `h` stands to lose where `threats` enemy land counters are within
    reach, and its chance of living through it (section 8: two of them may attack it together
    when no stack is involved, a stack next to it with all its counters): nothing to lose when
    the attack would cost the enemy as much as it gains, since the enemy's heuristics would not
    make it."""
    data = state.data
    stack = max((len(ids) for n in hex_neighbors(h) if (ids := state.land_at.get(n))
                 and state.units[ids[0]].side is not unit.side), default=0)
    most = max(data.max_without_stacks, stack + 1 if stack >= 2 else 0)
    attackers = min(threats, most)
    if attackers <= 0:
        return 0.0, 1.0
    defence = data.combat_factor + (data.terrain_defence_bonus if cover else 0)
    win, lose = win_lose(data.die.faces, data.combat_factor * attackers, defence)
    loss = win * UNIT_VALUE[unit.kind] - lose * attackers * UNIT_VALUE[Kind.ARMY]
    if loss <= 0:
        return 0.0, 1.0
    return loss, 1.0 - win


def _blocks(state: GuerraState, unit: Unit, pid: str) -> bool:
    """Whether entering the disputed province `pid` stops the enemy counter on its capital
    from taking it at the end of the turn (section 9: only with no enemy counter elsewhere in
    the province), because no counter of `unit`'s side stands in it yet."""
    capital = state.data.board.capitals[pid]
    holders = state.land_at.get(capital)
    if not holders or state.units[holders[0]].side is unit.side:
        return False
    assert unit.hex is not None
    inside = state.land_count[pid][unit.side]
    if state.data.board.territory[unit.hex] == pid:
        inside -= 1
    return inside == 0


def _forced_combat(state: GuerraState, unit: Unit, h: Hex) -> tuple[float, float]:
    """Expected gain of the best combat `unit` could fight from `h`, joined by one more counter
    of its seat: one already next to the same enemy, or one still free to move there
    (section 8); and the share of the attackers that comes out of it (all of them lost when a
    normal combat is lost, the table's losses against a city stack)."""
    best = float("-inf")
    kept = 1.0
    reach = state.data.movement.army_movement + 1
    faces = state.data.die.faces
    for n in hex_neighbors(h):
        ids = state.land_at.get(n)
        if not ids or state.units[ids[0]].side is unit.side:
            continue
        stack = is_city_stack(state, n)
        defenders = [state.units[i] for i in ids] if stack else [state.units[ids[0]]]
        helper = next((state.units[i] for m in hex_neighbors(n) for i in state.land_at.get(m, ())
                       if i != unit.id and state.units[i].player == unit.player
                       and can_attack(state.units[i])), None)
        if helper is None:
            helper = next((u for u in state.units.values()
                           if u.id != unit.id and u.player == unit.player and u.kind is Kind.ARMY
                           and u.where is Where.MAP and not u.moved and u.hex is not None
                           and hex_distance(u.hex, n) <= reach), None)
        attackers = [unit] if helper is None else [unit, helper]
        # the air support and F.E.C. each side would add at the combat step (sections 8,
        # 11), as the combat step counts them (`fights`)
        held = enemy_bonus(state, unit.side, defenders)
        air = air_near(state, unit.player, attackers, defence=False, at=h) \
            if unit.kind.is_land else 0
        gain = combat_value(state, attackers, defenders, stack=stack, attack_bonus=air,
                            defence_bonus=held, prize=prize(state, unit.side, defenders))
        if gain > best:
            best = gain
            attack, defence = combat_strengths(state, attackers, defenders, air, held)
            if stack:
                lost, _ = expected_stack_losses(state, attack, defence)
                kept = 1.0 - min(1.0, lost / len(attackers))
            else:
                kept = 1.0 - win_lose(faces, attack, defence)[1]
    return (0.0, 1.0) if best == float("-inf") else (best, kept)
