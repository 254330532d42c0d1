"""La Guerra de España (1936-1939): the whole Spanish Civil War in 16 turns of two months on a
hex map of the Peninsula and Spanish North Africa, for 2 to 4 players in two sides.

`guerra.rules` holds the pure rules (state machine, procedures of sections 4-14), `guerra.schema`
the YAML kinds of `scenarios/guerra/`, `guerra.ui` the game screen and `guerra.ai` the computer
opponent.
"""

from engine.core.game import GamePlugin, lazy_rules
from engine.paths import SCENARIOS

PLUGIN = GamePlugin(
    id="guerra",
    title="La Guerra de España",
    rules=lazy_rules("guerra.rules:GuerraRules"),
    side_names={
        "nationalist": "Nationalist",
        "republican": "Republican",
        "nationalist_2": "Nationalist 2 (south)",
        "republican_2": "Republican 2 (south)",
    },
    scenarios_dir=str(SCENARIOS / "guerra"),
    default_scenario="july_1936.yaml",
    schemas="guerra.schema:SCHEMAS",
    ui="guerra.ui:create",
    editor="guerra.ui.editor:create",
    reasons="guerra.ai.reasons:REASONS",
    agents={"easy": "guerra.ai:easy", "normal": "guerra.ai:normal", "hard": "guerra.ai:hard",
            "ai": "guerra.ai:easy"},
    description=(
        "The Spanish Civil War, July 1936 to March 1939: Nationalists against Republicans on a "
        "hex map of the Peninsula and North Africa, 16 turns of two months. Armies, garrisons, "
        "the Army of Africa across the Strait, the Condor Legion, the C.T.V. and the "
        "International Brigades; naval transport, air support, province control, "
        "reinforcements by population, extra combat factors and weather. 2 to 4 players: seats "
        "marked \"2 (south)\" play only in a game of 3 or 4, as the second player of a side."
    ),
)

__all__ = ["PLUGIN"]
