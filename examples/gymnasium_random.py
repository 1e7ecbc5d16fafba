"""Random legal play for one seat through the Gymnasium environment, against the greedy bot.

Needs the ``rl`` extra (``pip install '.[rl]'`` in a checkout of rummy500). Run it with
``python examples/gymnasium_random.py``.
"""

import random

import attrs

from rummy500 import presets

try:
    import gymnasium
    import numpy as np

    import rummy500.envs.gymnasium  # noqa: F401 (registers "rummy500/Rummy500-v0")
except ImportError as missing:
    raise SystemExit(
        f"This example needs the rl extra ({missing.name} is not installed): "
        "pip install '.[rl]' in a checkout of rummy500"
    ) from None


def main() -> None:
    rules = attrs.evolve(presets.get("pagat"), target=None, hands_per_game=1, hand_limit=1)
    game = gymnasium.make("rummy500/Rummy500-v0", config=rules, players=2, opponents="greedy")
    rng = random.Random(1)
    results = []
    for episode in range(5):
        _, info = game.reset(seed=episode)
        terminated = truncated = False
        while not (terminated or truncated):
            # info["action_mask"] marks the legal ids (game.unwrapped.action_masks() too).
            legal = np.flatnonzero(info["action_mask"])
            _, reward, terminated, truncated, info = game.step(int(rng.choice(legal)))
        results.append(reward)
    print(f"Random play against the greedy bot, 5 one-hand games: rewards {results}")

    # An illegal id ends the episode with -1.
    _, info = game.reset(seed=99)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = game.step(illegal)
    print(f"An illegal action: reward {reward}, terminated {terminated}, {info['reason']}")


if __name__ == "__main__":
    main()
