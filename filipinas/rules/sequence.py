"""The sequence of play as a state machine (5.0-5.3): Administration, rounds of the Action
Phase with their costs, coordinated actions and passes, and the End of Turn Phase."""

from __future__ import annotations

from engine.core.actions import Action, CardDrawn, Event, Message, PhaseStarted, TurnEnded
from filipinas.rules import actions as A
from filipinas.rules import board as B
from filipinas.rules.cards import round_cards
from filipinas.rules.combat import advance_combat, other
from filipinas.rules.resources import income
from filipinas.rules.setup import FILIPINO, SPAIN
from filipinas.rules.state import FilState, Kind, Phase, Prompt
from filipinas.rules.usa import adjust_us, enter_war, return_to_base
from filipinas.rules.victory import annihilation_check, end_of_turn_check

# --- costs (4.2.2, 5.2, 5.2.2, 6.x) --------------------------------------------------------------

def attack_cost(state: FilState, side: str, space: str, units: tuple[str, ...] = ()) -> int:
    """1 AP with a general of the side in the Province of `space` (or in its city), or stacked
    with the attacking `units`, or with a Spanish Captain General in the Captaincy; 2 AP
    otherwise (4.2.2, 5.2, 5.2.2.2)."""
    p = state.data.params
    province = B.province_of(state, space)
    if province is not None and B.leader_in_province(state, side, province):
        return p.cost
    if province is None and B.leader_present(state, side, space):
        return p.cost
    if any(B.leaders(state, state.members(u)) for u in units):
        return p.cost
    if side == SPAIN and B.captain_general_in_captaincy(state):
        return p.cost
    return p.cost_no_general


def base_cost(state: FilState, side: str, action: Action) -> tuple[int, int]:
    """(AP, number of actions it adds to the round) before any coordination surcharge."""
    p = state.data.params
    if isinstance(action, A.Move):
        if action.mode in ("convoy", "landing"):
            has_general = "merritt" in state.members(action.stack)
            return (p.cost if has_general else p.cost_convoy_no_general), 1
        return p.cost, 1
    if isinstance(action, A.Reinforce):
        return p.cost * len(action.dests), 1
    if isinstance(action, A.Repatriate):
        return p.cost, 0 if state.round_repatriated else 1
    if isinstance(action, A.Split):
        # "unstacking costs 1 AP for each unit unstacked" (6.3): the units taken out of stacks
        # in one round are one unstacking, priced per unit, never a Coordinated Action.
        return p.cost, 0 if state.round_unstacked else 1
    if isinstance(action, A.Attack):
        groups: dict[int, list[str]] = {}
        for u in action.units:
            groups.setdefault(state.stack_of[u], []).append(u)
        hidden = side == SPAIN and action.target in state.stack_of and (
            B.is_guerrilla(state, action.target) or B.is_lone_leader(state, action.target))
        total = count = 0
        for units in groups.values():
            if hidden and all(u in state.search_free for u in units):
                continue  # the Search and Destroy action covers this locate-and-attack (6.9.2)
            count += 1
            if hidden:
                total += p.cost  # Locate costs 1 AP; the attack on what it finds is free (6.6)
                continue
            where = state.loc[units[0]]
            if action.target not in state.data.spaces and B.cdef(state, units[0]).kind != "fleet":
                target_space = state.loc[action.target]
                if B.province_of(state, target_space) is not None:
                    where = target_space  # the attacked Province (a line: the attacker's)
            total += attack_cost(state, side, where, tuple(units))
        return total, count
    if isinstance(action, FLAT_COST):
        return p.cost, 1
    return 0, 0


FLAT_COST = (A.MoveLeader, A.Merge, A.Recruit, A.Disperse, A.Regroup, A.Plunder, A.Hide,
             A.Entrench, A.Political, A.BuildLine, A.EndReconcentration)
"""The actions that always cost the printed cost and count as one action of the round."""


def flat_cost(state: FilState) -> int:
    """What an action of `FLAT_COST` costs now: `cost` of it, worked out once for all."""
    p = state.data.params
    if not state.round_surcharged and state.round_count + 1 >= 2:
        return p.cost + p.coordination
    return p.cost


def cost(state: FilState, side: str, action: Action) -> int:
    """AP to pay: the action's cost, plus 1 once per round when it makes the round's actions a
    Coordinated Action (5.2.2.1)."""
    ap, count = base_cost(state, side, action)
    if count and not state.round_surcharged and state.round_count + count >= 2:
        ap += state.data.params.coordination
    return ap


def pay(state: FilState, side: str, action: Action) -> int:
    ap, count = base_cost(state, side, action)
    total = cost(state, side, action)
    if total > ap:
        state.round_surcharged = True
    state.round_count += count
    state.ap[side] -= total
    state.round_did = True
    return total


# --- rounds ------------------------------------------------------------------------------------

def has_options(state: FilState, side: str) -> bool:
    """Whether a side can do anything in its round (5.2.3: no AP and no cards ends it)."""
    if state.ap[side] > 0:
        return True
    if len(state.hands[side]) >= state.data.params.cards_for_ap:
        return True
    return bool(round_cards(state, side))


def fresh_round(state: FilState) -> None:
    """Forget what the round in progress has done: its actions and their surcharge (5.2.2.1),
    its repatriation, unstacking and reinforcements, its free Search and Destroy attacks."""
    state.round_count = 0
    state.round_surcharged = False
    state.round_did = False
    state.round_repatriated = False
    state.round_unstacked = False
    state.round_reinforced = 0
    state.search_free.clear()


def end_round(state: FilState, events: list[Event], automatic: bool = False) -> None:
    """Close the active side's round; two passes in a row end the Action Phase (5.2.3)."""
    side = state.active
    if state.round_did:
        state.passes = 0
    else:
        state.passes += 1
        events.append(Message(f"{side.title()} passes" + (" (nothing left to do)"
                                                           if automatic else "")))
    if state.data.solo and side == SPAIN:
        reshuffle_spanish_hand(state, events)
    fresh_round(state)
    if state.us_next_round:
        state.us_next_round = False
        state.passes = 0
        state.active = FILIPINO  # the American/Filipino player plays next (7.0)
        return
    if state.passes >= 2:
        state.phase = Phase.END
        return
    state.active = other(side)


def reshuffle_spanish_hand(state: FilState, events: list[Event]) -> None:
    """Solo play: the bot's unplayed cards go back into the deck, which is shuffled, and as many
    are drawn face down (10.2 R4, end of 10.3)."""
    hand = state.hands[SPAIN]
    n = len(hand)
    if not n:
        return
    deck = state.decks["spanish"]
    deck.extend(hand)
    hand.clear()
    state.dice.shuffle(deck)
    for _ in range(n):
        hand.append(state.dice.deal(deck))
    events.append(CardDrawn(f"The Spanish bot reshuffles and draws {n} card(s)", item="",
                            source="spanish"))


# --- the turn ------------------------------------------------------------------------------------

def end_of_turn(state: FilState, events: list[Event]) -> None:
    """Government and Reconcentration effects, Fleets back to port, victory check (5.3,
    GAP-FIL-34)."""
    from filipinas.rules.forces import adjust_morale

    p = state.data.params
    events.append(PhaseStarted(f"End of turn {state.turn}", phase="end", turn=state.turn))
    if state.government == "sagasta":
        adjust_morale(state, p.sagasta_morale, "Sagasta's government", events)
        adjust_us(state, p.sagasta_us, "Sagasta's government", events)
    else:
        adjust_us(state, p.canovas_us, "Cánovas's government", events)
    if state.reconcentration:
        adjust_us(state, p.reconcentration_us, "Reconcentration", events)
    return_to_base(state, events)
    events.append(TurnEnded(f"Turn {state.turn} ends", turn=state.turn))
    if end_of_turn_check(state, events):
        return
    state.turn += 1
    state.phase = Phase.ADMINISTRATION


def administration(state: FilState, events: list[Event]) -> None:
    """Turn marker, US entry if due, resources, cards, hand limit, markers off (5.1, 7.0)."""
    events.append(PhaseStarted(f"Turn {state.turn}: Administration Phase", phase="administration",
                               turn=state.turn))
    if state.us_entry_pending:
        enter_war(state, events, lf_now=False)
    for side in (FILIPINO, SPAIN):
        inc = income(state, side)
        state.ap[side] = inc.total
        events.append(Message(
            f"{side.title()} resources: Provinces {inc.provinces2 / 2:g}, leaders {inc.lf}"
            + (f", wet turn {inc.wet}" if inc.wet else "")
            + (f", Reconcentration {inc.reconcentration}" if inc.reconcentration else "")
            + f" → {inc.income}; with {inc.carried} carried over: {inc.total} AP"))
    for side in (FILIPINO, SPAIN):
        draw(state, side, state.data.params.cards_for(state.ap[side]), events)
    state.sacked.clear()
    state.targets.clear()
    state.baler.clear()
    state.plunders = 0
    state.phase = Phase.ACTION
    state.active = FILIPINO
    state.passes = 0
    events.append(PhaseStarted(f"Turn {state.turn}: Action Phase", phase="action",
                               turn=state.turn))
    for side in (SPAIN, FILIPINO):
        check_hand(state, side)


def draw(state: FilState, side: str, n: int, events: list[Event]) -> None:
    """Draw from the side's deck; an empty deck gives nothing (GAP-FIL-02)."""
    deck = state.decks["filipino" if side == FILIPINO else "spanish"]
    drawn = 0
    for _ in range(n):
        if not deck:
            break
        card = state.dice.deal(deck)
        state.hands[side].append(card)
        drawn += 1
        events.append(CardDrawn(f"{side.title()} draws '{state.data.cards[card].name}'",
                                item=card, source=side, visible_to=frozenset({side})))
    events.append(CardDrawn(f"{side.title()} draws {drawn} card(s)", item="", source=side))


def check_hand(state: FilState, side: str) -> None:
    """A hand over the limit must be cut down at once, owner's choice (6.13, GAP-FIL-02)."""
    if len(state.hands[side]) > state.data.params.hand and not any(
            p.kind == Kind.DISCARD and p.player == side for p in state.pending):
        state.pending.append(Prompt(Kind.DISCARD, side))


def settle(state: FilState, events: list[Event]) -> None:
    """Run the automatic steps until a real decision or the end of the game (DESIGN.md §2)."""
    for _ in range(10_000):
        if state.outcome is not None:
            return
        if annihilation_check(state, events):
            return
        if state.zapote and not any(state.loc[c] == "cavite" and B.cdef(state, c).side == FILIPINO
                                    for c in state.stack_of):
            state.zapote = False
            state.zapote_defenders.clear()
            events.append(Message("No Filipino counter is left in Cavite: the Zapote marker goes"))
        for side in (SPAIN, FILIPINO):
            check_hand(state, side)
        if state.pending:
            return
        if state.combat is not None:
            advance_combat(state, events)
            continue
        if state.phase == Phase.ACTION:
            if not has_options(state, state.active):
                end_round(state, events, automatic=True)
                continue
            return
        if state.phase == Phase.END:
            end_of_turn(state, events)
            continue
        if state.phase == Phase.ADMINISTRATION:
            administration(state, events)
            continue
        return
    raise RuntimeError("the automatic steps do not settle")
