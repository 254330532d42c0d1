"""Who wins the game (section 5).

a) Surrender: a player concedes with the Surrender action (GAP-GUE-20). b) Annihilation: at the
end of a turn, a side with no land counter left on the map (aboard included) loses
(GAP-GUE-21). c) At the end of any turn, 35 or more own provinces win; provinces in dispute
count for nobody. d) At the end of turn 16, the population factors of own provinces are added
up: a difference of more than 30 wins, 30 or less is a tie (GAP-GUE-22); the tie ends the game
unless the players agreed beforehand to play on, in which case play goes on until a), b) or c)
for at most the extra turns of the turn table.
"""

from __future__ import annotations

from engine.core.game import Result
from guerra.rules.data import Side
from guerra.rules.provinces import owned
from guerra.rules.state import GuerraState, Where


def population_score(state: GuerraState, side: Side) -> int:
    """Population factors of the provinces `side` owns (section 5d)."""
    return sum(state.data.provinces[p].population for p in owned(state, side))


def has_land_counters(state: GuerraState, side: Side) -> bool:
    return any(u.side is side and u.kind.is_land and u.where in (Where.MAP, Where.ABOARD)
               for u in state.units.values())


def scores(state: GuerraState) -> dict[str, int]:
    return {side.value: population_score(state, side) for side in Side}


def end_of_turn_result(state: GuerraState) -> Result | None:
    """The result at the end of the current turn, or None to play on (section 5)."""
    data = state.data
    counts = {side: len(owned(state, side)) for side in Side}
    for side in Side:
        if counts[side] >= data.victory_provinces:
            return Result(side.value, f"{counts[side]} provinces at the end of turn "
                                      f"{state.turn} (section 5c)", scores(state))
    alive = {side: has_land_counters(state, side) for side in Side}
    if not alive[Side.NATIONALIST] and not alive[Side.REPUBLICAN]:
        return Result(None, "both armies annihilated (section 5b)", scores(state))
    for side in Side:
        if not alive[side]:
            return Result(side.enemy.value, f"the {side.label} are annihilated (section 5b)",
                          scores(state))
    assert state.options is not None
    if state.turn == data.last_turn:
        return final_count(state)
    if state.turn >= data.last_turn + data.extra_turns:
        return Result(None, "no decision after the extra turns (section 5d, decision)",
                      scores(state))
    return None


def final_count(state: GuerraState) -> Result | None:
    """Section 5d at the end of turn 16."""
    data = state.data
    nat = population_score(state, Side.NATIONALIST)
    rep = population_score(state, Side.REPUBLICAN)
    score = {Side.NATIONALIST.value: nat, Side.REPUBLICAN.value: rep}
    if abs(nat - rep) > data.victory_margin:
        winner = Side.NATIONALIST if nat > rep else Side.REPUBLICAN
        return Result(winner.value, f"population factors {nat} to {rep} after turn "
                                    f"{state.turn}, more than {data.victory_margin} apart "
                                    "(section 5d)", score)
    assert state.options is not None
    if state.options.tie_ends_game:
        return Result(None, f"population factors {nat} to {rep}: a tie (section 5d)", score)
    return None


def surrender_result(state: GuerraState, side: Side) -> Result:
    return Result(side.enemy.value, f"the {side.label} surrender (section 5a)", scores(state))
