"""Filipinas 1896-1898: Fin de un Imperio — the Philippine Revolution against Spain and the
possible intervention of the United States, for two players or solo against the Spanish bot."""

from engine.core.game import GamePlugin, lazy_rules
from engine.paths import SCENARIOS

PLUGIN = GamePlugin(
    id="filipinas",
    title="Filipinas 1896-1898",
    rules=lazy_rules("filipinas.rules:FilipinasRules"),
    side_names={"filipino": "Filipino", "spain": "Spanish"},
    scenarios_dir=str(SCENARIOS / "filipinas"),
    default_scenario="standard.yaml",
    schemas="filipinas.schema:SCHEMAS",
    ui="filipinas.ui:create",
    editor="filipinas.ui.editor:create",
    reasons="filipinas.reasons:REASONS",
    agents={"easy": "filipinas.ai:easy", "normal": "filipinas.ai:normal",
            "hard": "filipinas.ai:hard",
            "bot": "filipinas.ai:bot", "ai": "filipinas.ai:easy"},
    description=(
        "The Philippine Revolution, 1896-1898: the Katipunan's guerrillas plunder and rise "
        "across central Luzon while Spain's brigades hunt them, and the United States wait "
        "for their moment. Two players, or solo as the Filipinos against the rulebook's "
        "Spanish bot (the solo scenario gives the Spanish side to the \"Solo bot (rulebook "
        "§10)\")."
    ),
)

__all__ = ["PLUGIN"]
