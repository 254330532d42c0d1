"""Victory points scored in the Upkeep phase, automatic victory and the tie breakers (rulebook
"Upkeep Phase / Victory conditions", "Tie breaker")."""

from __future__ import annotations

from baler.rules.queries import tcm_position
from baler.rules.state import DESTROYED, SIDES, BalerState, Phase, Side
from baler.rules.tasks import say, score
from engine.core.actions import Event, GameOver
from engine.core.game import Result


def last_turn(st: BalerState) -> bool:
    return st.turn >= int(st.data.tables["turns"])


def destroyed_areas(st: BalerState) -> int:
    """The areas whose church walls are Destroyed: enough of them end the game at the Upkeep
    (rulebook "Upkeep Phase / Victory conditions")."""
    return sum(1 for w in st.walls.values() if w >= DESTROYED)


def score_upkeep(st: BalerState, ev: list[Event]) -> None:
    """Trenches (all 8 built and operational: 5, +1 in turn 6, every Upkeep it holds:
    GAP-BAL-26), the territorial control map in turns 3 and 6 (GAP-BAL-27) and the walls in
    turn 6 (2 for all Intact, otherwise 1 for none Wrecked or Destroyed: GAP-BAL-28)."""
    victory = st.data.tables["victory"]
    spaces = st.data.trench_spaces
    if all(st.trenches.get(t) == "operational" for t in spaces):
        points = int(victory["all_trenches"])
        if last_turn(st):
            points += int(victory["all_trenches_last_turn_extra"])
        score(st, Side.PHILIPPINE, points, ev, "all trench sections built and operational",
              "trench sections")
    if st.turn in victory["tcm_turns"]:
        pos = tcm_position(st)
        points = int(victory["tcm_space_vp"].get(str(pos), 0)) if pos is not None else 0
        score(st, Side.PHILIPPINE, points, ev, f"troops on space {pos} of the territorial map",
              "territorial control map")
    if last_turn(st):
        walls = list(st.walls.values())
        if all(w == 0 for w in walls):
            score(st, Side.SPANISH, int(victory["walls_last_turn_all_intact"]), ev,
                  "all church walls Intact", "church walls in turn 6")
        elif all(w < 2 for w in walls):
            score(st, Side.SPANISH, int(victory["walls_last_turn_none_wrecked"]), ev,
                  "no church walls Wrecked or Destroyed", "church walls in turn 6")


def tie_break(st: BalerState, ended_early: bool) -> tuple[Side, str]:
    """Higher morale, then higher supply; then the Philippine side if the game ended before
    turn 6, the Spanish side if it ended in turn 6."""
    es, ph = Side.SPANISH, Side.PHILIPPINE
    if st.morale[es] != st.morale[ph]:
        return (es if st.morale[es] > st.morale[ph] else ph), "tie broken by morale"
    if st.supply[es] != st.supply[ph]:
        return (es if st.supply[es] > st.supply[ph] else ph), "tie broken by supply"
    return (ph, "tie: the game ended before turn 6") if ended_early else (
        es, "tie: the game ended in turn 6")


def winner_by_points(st: BalerState, ended_early: bool) -> tuple[Side, str]:
    es, ph = st.vp[Side.SPANISH], st.vp[Side.PHILIPPINE]
    if es != ph:
        return (Side.SPANISH if es > ph else Side.PHILIPPINE), "more victory points"
    return tie_break(st, ended_early)


def check_end(st: BalerState, ev: list[Event]) -> bool:
    """Two or more areas Destroyed (+6 Philippine VP), a 15-point lead, or the end of turn 6;
    checked in the Upkeep only (GAP-BAL-29)."""
    victory = st.data.tables["victory"]
    destroyed = destroyed_areas(st)
    reason = ""
    if destroyed >= int(victory["destroyed_areas_to_end"]):
        score(st, Side.PHILIPPINE, int(victory["destroyed_areas_vp"]), ev,
              f"church walls destroyed in {destroyed} areas", "areas destroyed")
        winner, why = winner_by_points(st, ended_early=not last_turn(st))
        reason = f"The church walls are destroyed in {destroyed} areas; {why}"
    elif abs(st.vp[Side.SPANISH] - st.vp[Side.PHILIPPINE]) >= int(victory["automatic_lead"]):
        winner, why = winner_by_points(st, ended_early=True)
        reason = f"A lead of {victory['automatic_lead']} victory points or more"
    elif last_turn(st):
        winner, why = winner_by_points(st, ended_early=False)
        reason = f"End of turn {st.turn}; {why}"
    else:
        return False
    scores = {side.value: st.vp[side] for side in SIDES}
    st.outcome = Result(winner.value, reason, scores)
    st.phase = Phase.OVER
    say(ev, f"Final score: Spanish {scores['spanish']}, Philippine {scores['philippine']}")
    ev.append(GameOver(f"The {winner.label} side wins. {reason}.", winner=winner.value))
    return True
