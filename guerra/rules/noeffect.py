"""Which answers would change nothing now, and why (`no_effect_reason`).

Ten F.E.C. or an air counter's support add one combat factor (sections 8, 11). A normal combat
is won by the higher product of die and factors, a combat against a city stack is read on the
table by the difference of factors, clamped to its first and last columns (GAP-GUE-06): a point
more changes nothing when no throw of the two dice would end otherwise, whatever the other
side may still add (its air support in defence and its own F.E.C.). Such a spending costs the
F.E.C., or the air counter's air combat of the turn, for nothing. The computer opponent never
picks it while a useful answer exists (DESIGN.md §9); the screen can grey it and say why. Every
counter is shown to both sides, so the reason reveals nothing hidden.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.actions import Action
from guerra.rules.actions import DefenceReady, Resolve, Support
from guerra.rules.combat import combat_factors, defence_actions, stack_result
from guerra.rules.fec import can_spend
from guerra.rules.state import Combat, CombatStage, GuerraState


def _outcomes(state: GuerraState, combat: Combat, attack: int, defence: int) -> tuple[object, ...]:
    """The result of every throw of the two dice, in a fixed order."""
    faces = state.data.die.faces
    if combat.stack:
        return tuple(stack_result(state, attack - defence, a - d) for a in faces for d in faces)
    return tuple((a * attack > d * defence) - (a * attack < d * defence)
                 for a in faces for d in faces)


def _defence_to_come(state: GuerraState, combat: Combat) -> int:
    """What the defender may still add once the attacker rolls: its air counters able to
    support in defence, and ten F.E.C. (sections 8, 11)."""
    supports = {a.air for a in defence_actions(state) if isinstance(a, Support)}
    extra = state.data.air_support_bonus * len(supports)
    if can_spend(state, state.units[combat.defenders[0]].side):
        extra += state.data.fec_bonus
    return extra


def _idle(state: GuerraState, combat: Combat, more: Combat) -> bool:
    """Whether the combat declared as `more` (a point added) ends as `combat` would on every
    throw, whatever the defender may still add when the attacker is the one adding."""
    attack, defence = combat_factors(state, combat)
    attack_more, defence_more = combat_factors(state, more)
    extra = _defence_to_come(state, combat) if combat.stage is CombatStage.SETUP else 0
    return all(_outcomes(state, combat, attack, defence + d)
               == _outcomes(state, combat, attack_more, defence_more + d)
               for d in range(extra + 1))


def _verdict(state: GuerraState, combat: Combat) -> str:
    attack, defence = combat_factors(state, combat)
    if combat.stack:
        return f"against the city stack, {attack} against {defence} reads the same column of " \
            "the table (section 8, GAP-GUE-06)"
    return f"{attack} against {defence}, no throw of the dice ends otherwise (section 8)"


def no_effect_reason(state: GuerraState, action: Action) -> str | None:
    """Why `action`, a legal answer now, would change nothing in the game; None when it does
    something. Covered: ten F.E.C. spent in attack or in defence (section 11) and an air
    counter's support (section 8) when the point it adds cannot change the combat's result."""
    combat = state.combat
    if combat is None or state.outcome is not None:
        return None
    setup = combat.stage is CombatStage.SETUP
    defence = combat.stage is CombatStage.DEFENCE
    more: Combat | None = None
    what = "ten F.E.C. change nothing"
    if isinstance(action, Resolve) and action.fec and setup:
        more = replace(combat, attacker_fec=True)
    elif isinstance(action, DefenceReady) and action.fec and defence:
        more = replace(combat, defender_fec=True)
    elif isinstance(action, Support) and (setup or defence):
        what = "the air support changes nothing"
        if setup:
            more = replace(combat, attack_support=[*combat.attack_support,
                                                   (action.air, action.unit)])
        else:
            more = replace(combat, defence_support=[*combat.defence_support,
                                                    (action.air, action.unit)])
    if more is None or not _idle(state, combat, more):
        return None
    return f"{what}: {_verdict(state, combat)}"
