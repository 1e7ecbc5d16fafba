"""Train PPO with RLlib on the PettingZoo environment, illegal actions masked out: one policy in
both seats (self-play), in one-hand games for 2 players, then its win rate against the random
bot.

Needs torch and Ray's RLlib, which no extra of rummy500 installs: the package index's default
torch build pulls about 3 GB of CUDA libraries, so install a CPU build of torch yourself (the
PyTorch site gives the command for a CPU-only wheel), then ``pip install 'ray[rllib]'`` and,
in a checkout of rummy500, ``pip install -e '.[rl]'``. Without them the example says what it
needs and exits with status 0, so that it can be run anywhere::

    python examples/rllib_ppo.py                   # two short iterations: a minute or two
    python examples/rllib_ppo.py --iterations 50   # a longer run

RLlib's action-masking module for PPO (``ActionMaskingTorchRLModule``, shipped in RLlib's
examples) reads a ``Dict`` observation with the vector under ``"observations"`` and the mask,
as ``float32``, under ``"action_mask"``: the environment's ``"observation"`` and ``int8``
``"action_mask"`` are renamed and cast by a PettingZoo wrapper, :class:`MaskedObservations`.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

try:
    import torch
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )
    from ray.tune.registry import register_env
except ImportError as missing:
    # RLlib fails on whichever of its own dependencies is missing: name the extra to install.
    what = "torch" if missing.name == "torch" else "ray[rllib]"
    print(
        f"This example needs torch and ray[rllib] ({what} is not installed). No extra "
        "of rummy500 installs torch: the package index's default build pulls about 3 GB of "
        "CUDA libraries. Install a CPU build of torch yourself, then pip install 'ray[rllib]' "
        "and, in a checkout of rummy500, pip install -e '.[rl]'"
    )
    sys.exit(0)

import attrs
import numpy as np
from gymnasium import spaces
from pettingzoo.utils.wrappers import BaseWrapper

from rummy500 import RuleConfig, presets
from rummy500.envs.gymnasium import Rummy500GymEnv
from rummy500.envs.pettingzoo import raw_env
from rummy500.simulate import proportion

PLAYERS = 2
#: Deals the trained policy plays against the random bot, each from both seats.
DEALS = 50


def one_hand_rules() -> RuleConfig:
    """The standard rules cut to one hand: the higher score wins, a tie is a draw."""
    return attrs.evolve(presets.get("standard"), target=None, hands_per_game=1, hand_limit=1)


class MaskedObservations(BaseWrapper):
    """The environment's observations as RLlib's action-masking module reads them."""

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        agent = env.possible_agents[0]
        vector = env.observation_space(agent)["observation"]
        size = env.action_space(agent).n
        self._space = spaces.Dict(
            {
                "observations": vector,
                "action_mask": spaces.Box(0.0, 1.0, (size,), np.float32),
            }
        )

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._space

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seen = self.env.observe(agent)
        return {
            "observations": seen["observation"],
            "action_mask": seen["action_mask"].astype(np.float32),
        }


def make_env(config: dict[str, Any]) -> PettingZooEnv:
    """The environment RLlib samples from: one-hand games, scaled observations."""
    return PettingZooEnv(
        MaskedObservations(raw_env(one_hand_rules(), PLAYERS, scaled_observations=True))
    )


def best_action(module: Any, vector: np.ndarray, mask: np.ndarray) -> int:
    """The action the trained module scores highest (its logits are masked already)."""
    batch = {
        "obs": {
            "observations": torch.from_numpy(vector[None]),
            "action_mask": torch.from_numpy(mask.astype(np.float32)[None]),
        }
    }
    with torch.no_grad():
        logits = module.forward_inference(batch)["action_dist_inputs"]
    return int(torch.argmax(logits[0]))


def against_random(module: Any) -> str:
    """The module's games won against the random bot: ``DEALS`` deals, each from both seats."""
    wins = games = 0
    for seat in range(PLAYERS):
        env = Rummy500GymEnv(
            one_hand_rules(), PLAYERS, seat=seat, opponents="random", scaled_observations=True
        )
        vector, info = env.reset(seed=2)
        for _ in range(DEALS):
            while True:
                action = best_action(module, vector, info["action_mask"])
                vector, reward, terminated, truncated, info = env.step(action)
                if terminated or truncated:
                    break
            wins += reward > 0
            games += 1
            vector, info = env.reset()
    return f"won {wins} of {games} games against the random bot, " + proportion(wins, games).text(
        percent=True
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=2, help="PPO training iterations")
    parser.add_argument("--batch", type=int, default=1000, help="env steps per iteration")
    args = parser.parse_args()
    register_env("rummy500", make_env)
    config = (
        PPOConfig()
        .environment("rummy500")
        .env_runners(num_env_runners=1)
        .multi_agent(
            # Self-play: both seats are played, and learnt from, by one module.
            policies={"shared"},
            policy_mapping_fn=lambda agent_id, episode, **kwargs: "shared",
        )
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={
                    "shared": RLModuleSpec(
                        module_class=ActionMaskingTorchRLModule,
                        model_config={"fcnet_hiddens": [128, 128]},
                    )
                }
            )
        )
        .training(
            train_batch_size_per_learner=args.batch,
            minibatch_size=max(args.batch // 4, 1),
            num_epochs=4,
            lr=3e-4,
        )
    )
    algo = config.build_algo()
    steps = 0
    start = time.perf_counter()
    for iteration in range(1, args.iterations + 1):
        result = algo.train()
        runners = result.get("env_runners", {})
        steps = int(runners.get("num_env_steps_sampled_lifetime", steps))
        print(
            f"iteration {iteration}: {steps} env steps in all, "
            f"{steps / (time.perf_counter() - start):.0f} env steps/s, "
            f"{int(runners.get('num_episodes_lifetime', 0))} games"
        )
    print(f"After training: {against_random(algo.get_module('shared'))}")
    algo.stop()


if __name__ == "__main__":
    main()
