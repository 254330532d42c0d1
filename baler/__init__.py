"""Heroes of Baler: the siege of the church of Baler, 1898-1899 (rules in `baler.rules`)."""

from engine.core.game import GamePlugin, lazy_rules
from engine.paths import SCENARIOS

PLUGIN = GamePlugin(
    id="baler",
    title="Heroes of Baler",
    rules=lazy_rules("baler.rules:BalerRules"),
    side_names={"spanish": "Spanish", "philippine": "Philippine"},
    scenarios_dir=str(SCENARIOS / "baler"),
    default_scenario="siege.yaml",
    schemas="baler.schema:SCHEMAS",
    ui="baler.ui:create",
    editor="baler.ui.editor:create",
    reasons="baler.ai.reasons:REASONS",
    agents={"easy": "baler.ai:easy", "normal": "baler.ai:normal", "hard": "baler.ai:hard",
            "ai": "baler.ai:easy"},
    description="The siege of the church of Baler, 1898-1899: the Spanish detachment holds out "
    "while the Philippine side besieges the church and fights Spain, then the United States, "
    "across Luzón. Six turns of cards, guard posts, shootings and incursions.",
)
