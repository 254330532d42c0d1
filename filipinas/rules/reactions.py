"""Which answers of a reaction window are worth offering (engine `RulesExtras`).

The card windows (combat cards 6.7, cancelling 10.2, reaction cards 6.11) open only when the
side holds a card it may play there, and the interception (6.8.3) and the Zapote Line (6.13.3)
are choices of forces: every answer of those is usable. A counterattack (6.7) is usable only
when it can hit: the 6.7 example itself says there is "no possibility of a counterattack" when
even a 6 would fall short. That is worked out from public information only (the modifiers of
the Combat Table, and the best combat cards the side could still hold: its cards not yet
played, as many as its hand holds), so whether the window is offered reveals nothing of the
hand. A counterattack costs nothing and cannot hurt the side that makes it (the attacker does
not answer it), so a usable one is also better than declining.
"""

from __future__ import annotations

from engine.core.actions import Action
from filipinas.rules import actions as A
from filipinas.rules.combat import attacking_cf, base_modifiers, defending_cf, naval_cf
from filipinas.rules.state import FilState, Kind, Prompt


def best_card_bonus(state: FilState, side: str, kind: str) -> int:
    """The most the attacking side's combat cards could add to the roll, as far as the other
    side can tell: the best of its unplayed cards, no more of them than its hand holds."""
    played = set(state.out)
    bonuses = sorted(
        (int(card.effect.get("combat_roll", 0)) for card in state.data.cards.values()
         if card.side == side and card.id not in played and "combat" in card.when
         and kind in card.combat_kinds and card.role in ("attacker", "any")),
        reverse=True)
    return sum(b for b in bonuses[:len(state.hands[side])] if b > 0)


def counter_can_hit(state: FilState, prompt: Prompt) -> bool:
    """Whether the counterattack offered by `prompt` can score a hit: a 6 plus the Combat
    Table's modifiers and the best cards the side could play reaches the hit number (6.7)."""
    units = [u for u in prompt.units if u in state.stack_of]
    targets = [t for t in prompt.targets if t in state.stack_of]
    if not units or not targets:
        return False
    kind = prompt.action
    acf = naval_cf(state, units) if kind == "naval" else (
        prompt.pre or attacking_cf(state, units))
    dcf = min(prompt.value, defending_cf(state, kind, targets)) if kind == "naval" \
        else prompt.value
    modifiers = sum(v for _, v in base_modifiers(state, kind, units, acf, targets, dcf))
    best = 6 + modifiers + best_card_bonus(state, prompt.player, kind)
    return best >= state.data.params.combat_hit


def usable_reactions(state: FilState, legal: list[Action]) -> list[Action]:
    """The answers other than Decline that can change the outcome for the side."""
    if not state.pending:
        return []
    prompt = state.pending[-1]
    if prompt.kind == Kind.COUNTERATTACK and not counter_can_hit(state, prompt):
        return []
    return [a for a in legal if not isinstance(a, A.Decline)]


def better_reactions(state: FilState, legal: list[Action]) -> list[Action]:
    """A counterattack that can hit (free, and the attacker cannot answer it); playing a card
    spends it, and an interception or a Zapote defence risks the stack."""
    if state.pending and state.pending[-1].kind == Kind.COUNTERATTACK:
        return [a for a in usable_reactions(state, legal) if isinstance(a, A.Counterattack)]
    return []
