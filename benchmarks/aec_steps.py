"""Random play through a PettingZoo AEC environment, step by step.

One loop for every environment the benchmarks time, rummy500's and PettingZoo's own
``gin_rummy_v4`` (run under another Python, which imports this file by path), so that both
sides of a comparison do the same work per step. It imports nothing beyond the standard
library: the environment is handed in.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any


def random_steps(game: Any, rng: random.Random) -> Iterator[int]:
    """Random legal ids through ``game``'s action masks, whole games one after another (the
    game is reset when every agent is done): yields 1 per step.

    A step is ``game.last()``, a legal id read off the int8 mask as booleans
    (``mask.view(bool).nonzero()``, a fifth of the cost of ``np.flatnonzero`` on the int8
    mask) and ``game.step(id)``; the steps that retire a finished agent are not counted.
    """
    while True:
        observation, _, termination, truncation, _ = game.last()
        if termination or truncation:
            game.step(None)
            if not game.agents:
                game.reset()
            continue
        legal = observation["action_mask"].view(bool).nonzero()[0]
        game.step(int(legal[rng.randrange(len(legal))]))
        yield 1
