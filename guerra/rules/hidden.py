"""What each side may not see in La Guerra de España (RulesExtras.determinize): nothing but the
dice to come. Every counter on the map, aboard or in a box is shown to both sides, the pool of
counters not yet in play is the printed counter mix, entering in a fixed order (section 12),
and there are no cards or bags. A determinization is a copy with fresh dice.
"""

from __future__ import annotations

import random

from engine.core.sampling import public_determinize
from guerra.rules.state import GuerraState


def determinize(state: GuerraState, side: str, rng: random.Random) -> GuerraState:
    """A copy of `state` whose dice to come are redrawn with `rng`."""
    sample: GuerraState = public_determinize(state, side, rng)
    return sample
