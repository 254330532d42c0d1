"""What the cards are worth to Spain: a Spanish card played now or kept in hand, and the harm
of a Filipino card it may cancel (cards.yaml: every card is a few verbs of one vocabulary,
6.13). A card that changes nothing now is worth nothing now: Spanish Diplomacy with the US
track at its minimum, a Morale card at Morale 10, an appointment that only swaps a Captain
General for one no better (6.13.5)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from filipinas.rules import board as B
from filipinas.rules.resources import income
from filipinas.rules.setup import FILIPINO, SPAIN
from filipinas.spain.picture import AP_WORTH, FILIPINO_AP, HUNT, TF, Picture

HOLD: dict[str, float] = {
    "spanish_artillery": 0.3, "to_the_bayonet": 0.3, "blockhouses": 0.25,
    "censorship": 0.7, "guardia_civil": 0.6, "loyal_principales": 0.8,
    "friars_informants": 0.2, "macabebe_scouts": 0.2, "diplomatic_note": 0.3,
    "merritt_keeps_the_city": 0.5, "defence_of_manila": 0.4, "ultimos_de_filipinas": 0.4,
    "sagasta_buys_the_rebels": 1.0, "fortified_lines": 0.1, "expeditionary_battalions": 0.3,
}
"""What a card is worth kept in hand, for the cards whose moment is not chosen in Spain's
round (reactions, 5.2.3) or may come later (the Baler marker, the Targets, a Brigade from
Spain): the discard over the hand limit (6.13) and the two-card trade weigh it."""

WAITING = frozenset({"ultimos_de_filipinas", "friars_informants", "macabebe_scouts",
                     "expeditionary_battalions", "fortified_lines"})
"""Round cards played now only when now is worth more than the card kept."""


def effect(pic: Picture, card: str) -> Mapping[str, Any]:
    return pic.st.data.cards[card].effect


def simple_worth(pic: Picture, card: str) -> tuple[float, str] | None:
    """The worth now of a card whose effect is a track or AP (None for the others): Morale
    (4.2.3.13), the US track (4.2.3.14), AP (6.13.5)."""
    eff = effect(pic, card)
    if "morale" in eff:
        worth = pic.gain(int(eff["morale"]))
        return worth, ("Morale up" if worth else "")
    if "us_intervention" in eff:
        worth = -int(eff["us_intervention"]) * pic.us_step()
        return worth, ("US Intervention down" if worth else "")
    if "ap" in eff:
        return AP_WORTH * int(eff["ap"]), "an Action Point"
    if eff.get("restore_brigade"):
        return 0.6, "a Brigade back to full strength"
    if eff.get("camara_fleet"):
        return 0.4, "the reserve squadron at sea"
    return None


def appointment(pic: Picture, eff: Mapping[str, Any]) -> tuple[float, str]:
    """A new Captain General recalls the one in play for good (6.13.5): worth it for a better
    one (more LF or TF), for none at all in play, or for Lachambre who comes with Polavieja;
    never for a swap that only brings this turn's AP."""
    st = pic.st
    counters = st.data.counters
    old = [c for c in st.stack_of if counters[c].captain_general]
    turns = pic.turns_left + 1
    worth = 0.0
    if "appoint" in eff:
        new = counters[eff["appoint"]]
        if not old:
            worth += 1.0 + AP_WORTH * new.lf * turns
        else:
            lf_old = max(counters[c].lf for c in old)
            tf_old = max(counters[c].tf for c in old)
            worth += AP_WORTH * (new.lf - lf_old) * turns + TF * (new.tf - tf_old)
    for leader in eff.get("enter", []):
        worth += AP_WORTH * counters[leader].lf * turns + TF * counters[leader].tf
    if worth <= 0.0:
        return worth - 0.1, ""
    return worth, "a better Captain General"


def buy_worth(pic: Picture) -> float:
    """Sagasta Buys the Rebels: Aguinaldo's LF for every turn left and the corps with him
    disbanded (6.13.4); no annihilation win while he is away (5.3.3)."""
    st = pic.st
    if "aguinaldo" not in st.stack_of or st.exiled:
        return 0.0
    corps = [c for c in B.combat_units(st, st.members("aguinaldo"))
             if B.cdef(st, c).faction == FILIPINO]
    worth = pic.leader_worth("aguinaldo") + sum(0.8 * B.cf(st, c) for c in corps)
    if pic.units_left <= len(corps) + 1:
        worth -= 1.0
    return worth


def reconcentration_worth(pic: Picture, now: bool) -> float:
    """Reconcentration: −1 AP to both sides now (not below 0) and at every Administration
    Phase (never under the minimum, 6.13.1), +1 US at every end of turn (4.2.3.5)."""
    st = pic.st
    p = st.data.params
    minimum = p.min_ap_biak if st.biak else p.min_ap
    bites = 1.0 if income(st, FILIPINO).income - 1 >= minimum else 0.3
    worth = (bites * FILIPINO_AP - AP_WORTH - pic.us_step()) * pic.turns_left
    if now:
        worth += (FILIPINO_AP if st.ap[FILIPINO] > 0 else 0.0) - AP_WORTH
    return worth


def baler(pic: Picture, stack: str) -> tuple[float, str]:
    """Últimos de Filipinas: the Baler marker ties a Filipino stack down for the rest of the
    turn (4.2.3.15): a band that would plunder, or a stack that could besiege a city."""
    st = pic.st
    if not stack:
        return 0.0, ""
    where = st.loc[stack]
    worth = 0.0
    # the marker goes at the End of Turn: with no AP left the stack can act again only if a
    # card gives them some this turn
    now = 1.0 if st.ap[FILIPINO] else 0.3
    if stack in pic.bands.get(where, ()) and where not in pic.protected \
            and where not in st.sacked:
        worth = pic.plunder() * now
    for city in pic.cities:
        if st.data.spaces[city].province == where:
            worth += pic.city_danger(city) * pic.city_stake(city) * now
    return worth, f"the stack in {st.data.spaces[where].name} tied down for the turn"


def harm(pic: Picture, card: str) -> float:
    """What a Filipino card would cost Spain."""
    eff = effect(pic, card)
    worth = 0.0
    if "morale" in eff:
        worth += pic.loss(-int(eff["morale"]))
    if "us_intervention" in eff:
        worth += int(eff["us_intervention"]) * pic.us_step()
    if "ap" in eff:
        worth += FILIPINO_AP * int(eff["ap"])
    if "place_guerrilla" in eff:
        worth += pic.plunder() + HUNT
    if "place_unit" in eff:
        worth += pic.plunder() * (1 + 0.25 * min(pic.turns_left, 2))
    if "recruit" in eff:
        worth += 0.5 * (pic.plunder() + HUNT)
    return worth


def attack_bonus(pic: Picture) -> int:
    """+1 when the hand holds a card for the attacker's roll (6.13.5)."""
    found = pic.memo.get("attack bonus")
    if found is None:
        st = pic.st
        found = pic.memo["attack bonus"] = 1 if any(
            st.data.cards[c].role == "attacker"
            and int(st.data.cards[c].effect.get("combat_roll", 0)) > 0
            for c in st.hands[SPAIN]) else 0
    return int(found)
