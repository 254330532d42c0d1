"""The events of a card in the rulebook's words, from the effect vocabulary of cards.yaml
(baler/rules/effects.py): what the card face prints and its tooltip says."""

from __future__ import annotations

from baler.rules.state import CardInfo, Effect

ICON_NAMES = {"attack": "attack", "movement": "movement", "supply": "supply",
              "morale": "morale", "star": "star (as support: any icon)"}
REQUIREMENTS = {"morale_at_least": "morale {} or more", "supply_at_least": "supply {} or more",
                "turn_at_least": "turn {} or later", "leader_in_command": "a leader in the "
                "command area"}


def _attack(effect: Effect) -> str:
    kind = effect.get("kind", "any")
    count = int(effect.get("count", 1))
    article = "an" if kind[0] in "aeiou" else "a"
    what = "an attack of any type" if kind == "any" else f"{article} {kind} attack"
    if count > 1:
        what = f"{count} attacks" + ("" if kind == "any" else f" ({kind})")
    extras = []
    if effect.get("extra_dice"):
        extras.append(f"+{effect.get('extra_dice')} die")
    if effect.get("strength_bonus"):
        extras.append(f"+{effect.get('strength_bonus')} combat strength")
    if effect.get("free_rerolls"):
        extras.append(f"{effect.get('free_rerolls')} free reroll(s)")
    return what.capitalize() + (f", {', '.join(extras)}" if extras else "")


def effect_text(effect: Effect) -> str:
    """One effect in words ("Shooting attack, +1 die"; "Enemy morale -2")."""
    verb = effect.verb
    whose = "Enemy" if effect.get("side") == "enemy" else "Your"
    if verb == "attack":
        return _attack(effect)
    if verb == "movement":
        return f"{effect.get('count', 1)} movement(s)"
    if verb in ("supply", "morale"):
        amount = int(effect.get("amount", 0))
        return f"{whose} {verb} {amount:+d}"
    simple = {
        "supply_roll": "Roll on your supply table",
        "expand_infirmary": "Open the next infirmary bed",
        "artillery_reinforcement": "An artillery piece from the reserve to an artillery post",
        "persistence": "Activate the Persistence marker",
        "us_activation": "Activate the US marker (turns 4-6)",
        "ready_leader": "An exhausted leader is ready again",
    }
    if verb in simple:
        return simple[verb]
    count = int(effect.get("count", 1))
    if verb == "surveillance":
        return f"Place {count} surveillance marker(s)"
    if verb == "repair":
        cost = int(effect.get("supply_cost", 1))
        return f"Repair {count}" + (f" (costs {cost} supply)" if cost else " (no supply cost)")
    if verb == "heal":
        return f"Heal {count} patient(s)"
    if verb == "destroy_trench":
        return f"Remove a {effect.get('state', 'sabotaged')} trench section"
    if verb == "build_trench":
        cost = int(effect.get("supply_cost", 1))
        return "Build a trench section" + (f" ({cost} supply)" if cost else "")
    if verb == "damage_walls":
        table = list(effect.get("roll", ()))
        faces = ", ".join(f"{face}: {levels}" for face, levels in enumerate(table, 1) if levels)
        return f"Assault the walls of an area: a die, levels lost by roll ({faces})"
    if verb == "reinforce_posts":
        return f"Man up to {count} empty guard post(s) from the bag"
    return verb.replace("_", " ")


def events_text(effects: tuple[Effect, ...]) -> str:
    return "; ".join(effect_text(e) for e in effects) or "—"


def requirement_text(card: CardInfo) -> str:
    return ", ".join(REQUIREMENTS.get(k, k).format(v) for k, v in card.requires)


def owner_text(card: CardInfo) -> str:
    if card.owner == "shared":
        return "Shared card"
    side = "Spanish" if card.owner == "spanish" else "Philippine"
    return f"{side} Fog of War card" if card.fow else f"{side} faction card"


def card_tooltip(card: CardInfo) -> str:
    """The whole card in words: title, owner, values, icons, events, flavour."""
    icons = ", ".join(ICON_NAMES.get(i, i) for i in card.icons) or "none"
    lines = [f"'{card.title}' — {owner_text(card)}",
             f"{card.ap} action points, initiative {card.initiative}; icons: {icons}",
             f"Event: {events_text(card.main)}"]
    if card.secondary:
        need = requirement_text(card)
        lines.append("Boosted: " + (f"(needs {need}) " if need else "")
                     + events_text(card.secondary))
    lines.append(card.flavour)
    return "\n".join(lines)


def cards_count(n: int) -> str:
    """"1 card", "6 cards"."""
    return f"{n} card{'s' * (n != 1)}"
