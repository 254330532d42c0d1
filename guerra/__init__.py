"""La Guerra de España (1936-1939): the whole Spanish Civil War in 16 turns of two months on a
hex map of the Peninsula and Spanish North Africa, for 2 to 4 players in two sides.

`guerra.rules` holds the pure rules (state machine, procedures of sections 4-14), `guerra.schema`
the YAML kinds of `scenarios/guerra/`.
"""
