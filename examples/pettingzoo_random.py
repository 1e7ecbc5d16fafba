"""Random legal play through the PettingZoo environment: short games of one hand, then the
rewards each seat collected.

Needs the ``rl`` extra (``pip install '.[rl]'`` in a checkout of rummy500). Run it with
``python examples/pettingzoo_random.py``.
"""

import random
from collections import Counter

import attrs

from rummy500 import presets

try:
    import numpy as np

    from rummy500.envs.pettingzoo import env
except ImportError as missing:
    raise SystemExit(
        f"This example needs the rl extra ({missing.name} is not installed): "
        "pip install '.[rl]' in a checkout of rummy500"
    ) from None


def main() -> None:
    # One hand per game keeps episodes short; a tie after it is a draw.
    rules = attrs.evolve(presets.get("standard"), target=None, hands_per_game=1, hand_limit=1)
    game = env(rules, players=3, render_mode="ansi")
    rng = random.Random(1)
    totals: Counter[str] = Counter()
    steps = 0
    for episode in range(5):
        game.reset(seed=episode)
        for agent in game.agent_iter():
            observation, reward, termination, truncation, _ = game.last()
            if termination or truncation:
                totals[agent] += reward  # the reward of the game, shown once it is over
                game.step(None)
                continue
            # Only the ids the mask marks are legal; anything else would end the game.
            legal = np.flatnonzero(observation["action_mask"])
            game.step(int(rng.choice(legal)))
            steps += 1
        if episode == 0:
            print(game.render())
    print(f"{steps} steps over 5 games; rewards by seat: {dict(sorted(totals.items()))}")


if __name__ == "__main__":
    main()
