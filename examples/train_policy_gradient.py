"""Train an agent: a masked softmax policy learnt by policy gradient (REINFORCE with a
baseline), in numpy alone, for one seat of the Gymnasium environment against the random bot.

The games are of one hand for 2 players (the standard rules cut to one hand), so that a reward
comes every few dozen steps rather than once in hundreds. The policy is linear: a score for
each action id from the scaled observation, softmax over the legal ids only. Its win rate
against the random bot is measured before and after training, with a 95% Wilson interval.

Needs the ``rl`` extra (``pip install '.[rl]'`` in a checkout of rummy500); ``--plot`` needs
the ``plots`` extra too. Run it with ``python examples/train_policy_gradient.py`` for a short
smoke run (a few seconds of training), or with ``--full`` for the run the "Train with
PettingZoo" page reports, written to a scratch folder (the page's own figures and plot,
``docs/data/train-curve.json`` and ``docs/img/train-curve.png``, are kept as they are)::

    python examples/train_policy_gradient.py --full \\
        --data /tmp/train-curve.json --plot /tmp/train-curve.png

The seeds are fixed, so every figure but the two times comes out as in the page's data (the
page says how to compare them).
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

import attrs

from rummy500 import RuleConfig, presets

try:
    import gymnasium
    import numpy as np

    import rummy500.envs.gymnasium  # noqa: F401 (registers "rummy500/Rummy500-v0")
except ImportError as missing:
    raise SystemExit(
        f"This example needs the rl extra ({missing.name} is not installed): "
        "pip install '.[rl]' in a checkout of rummy500"
    ) from None

#: Training games, evaluation games (before and after) and points of the learning curve.
SHORT = {"episodes": 100, "evaluation": 50, "points": 5}
FULL = {"episodes": 4000, "evaluation": 500, "points": 20}
TRAIN_SEED, EVALUATION_SEED, POLICY_SEED = 1, 2, 3
LEARNING_RATE = 0.05
BASELINE_RATE = 0.01


def one_hand_rules() -> RuleConfig:
    """The standard rules cut to one hand: the higher score wins, a tie is a draw."""
    return attrs.evolve(presets.get("standard"), target=None, hands_per_game=1, hand_limit=1)


def make_env() -> gymnasium.Env[Any, Any]:
    """The Gymnasium environment of these games, the learner at seat 0."""
    return gymnasium.make(
        "rummy500/Rummy500-v0",
        config=one_hand_rules(),
        players=2,
        opponents="random",
        scaled_observations=True,  # numbers from -1 to 1, fit to learn from
    )


class Policy:
    """Softmax over the legal ids of ``weights @ observation + bias``."""

    def __init__(self, observations: int, actions: int, seed: int) -> None:
        self.weights = np.zeros((actions, observations), dtype=np.float32)
        self.bias = np.zeros(actions, dtype=np.float32)
        self.rng = np.random.default_rng(seed)
        #: The running mean of the rewards, taken from each reward to learn from.
        self.baseline = 0.0

    def probabilities(self, observation: np.ndarray, legal: np.ndarray) -> np.ndarray:
        scores = self.weights[legal] @ observation + self.bias[legal]
        scores = np.exp(scores - scores.max())
        return scores / scores.sum()

    def act(self, observation: np.ndarray, mask: np.ndarray) -> tuple[int, np.ndarray, int]:
        """An action id drawn from the policy, the legal ids and the place of the one drawn.

        ``mask`` is the environment's ``int8`` mask: ``np.flatnonzero`` gives the legal ids
        (``scores[mask]`` would pick positions 0 and 1, not the legal ids).
        """
        legal = np.flatnonzero(mask)
        chosen = int(self.rng.choice(len(legal), p=self.probabilities(observation, legal)))
        return int(legal[chosen]), legal, chosen

    def learn(self, steps: list[tuple[np.ndarray, np.ndarray, int]], advantage: float) -> None:
        """Step the log-probability of each action of a game up by ``advantage``: its
        gradient for a linear softmax is (one-hot of the action - probabilities) x input."""
        for observation, legal, chosen in steps:
            grad = -self.probabilities(observation, legal)
            grad[chosen] += 1
            grad *= LEARNING_RATE * advantage
            self.weights[legal] += np.outer(grad, observation)
            self.bias[legal] += grad


def play(env: gymnasium.Env[Any, Any], policy: Policy, learn: bool) -> tuple[float, int]:
    """One game; the learner's reward (given by the step that ends the game, after the
    bot's reply) and the number of its steps. With ``learn``, the policy learns from it."""
    observation, info = env.reset()
    steps: list[tuple[np.ndarray, np.ndarray, int]] = []
    while True:
        action, legal, chosen = policy.act(observation, info["action_mask"])
        steps.append((observation, legal, chosen))
        observation, reward, terminated, truncated, info = env.step(action)
        # Truncated: a tie after the hand (a draw, reward 0); the game is over all the same.
        if terminated or truncated:
            break
    if learn:
        advantage = reward - policy.baseline
        policy.baseline += BASELINE_RATE * advantage
        policy.learn(steps, advantage)
    return float(reward), len(steps)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion of ``wins`` in ``games``."""
    p = wins / games
    middle = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return middle - half, middle + half


def evaluate(policy: Policy, games: int) -> dict[str, float]:
    """The policy's wins in ``games`` games against the random bot, always the same games."""
    env = make_env()
    env.reset(seed=EVALUATION_SEED)  # the same deals and bot seeds at every evaluation
    wins = sum(play(env, policy, learn=False)[0] > 0 for _ in range(games))
    low, high = wilson(wins, games)
    return {"games": games, "wins": wins, "rate": wins / games, "low": low, "high": high}


def shown(result: dict[str, float]) -> str:
    return (
        f"won {result['wins']} of {result['games']} games, {result['rate']:.1%} "
        f"(95% interval {result['low']:.1%} to {result['high']:.1%})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true", help="the documented run (minutes)")
    parser.add_argument("--data", type=Path, help="write the results and curve here (JSON)")
    parser.add_argument("--plot", type=Path, help="save the learning curve here (matplotlib)")
    args = parser.parse_args()
    plan = FULL if args.full else SHORT
    env = make_env()
    size = env.observation_space.shape[0]
    policy = Policy(size, int(env.action_space.n), POLICY_SEED)
    print("One-hand games, 2 players, the learner at seat 0 against the random bot")
    before = evaluate(policy, plan["evaluation"])
    print(f"Before training: {shown(before)}")

    env.reset(seed=TRAIN_SEED)
    episodes, block = plan["episodes"], plan["episodes"] // plan["points"]
    curve: list[dict[str, float]] = []
    wins = steps = 0  # wins in the current block of games, steps in all
    start, cpu = time.perf_counter(), time.process_time()
    for episode in range(1, episodes + 1):
        reward, taken = play(env, policy, learn=True)
        wins += reward > 0
        steps += taken
        if episode % block == 0:
            curve.append({"games": episode, "steps": steps, "win_rate": wins / block})
            wins = 0
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"Training: {episodes} games, {steps} steps in {seconds:.1f} s ({cpu:.1f} s of CPU)")
    after = evaluate(policy, plan["evaluation"])
    print(f"After training: {shown(after)}")

    results = {
        "episodes": episodes,
        "steps": steps,
        "seconds": round(seconds, 1),
        "cpu_seconds": round(cpu, 1),
        "before": before,
        "after": after,
        "curve": curve,
    }
    if args.data:
        args.data.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
        print(f"Wrote {args.data}")
    if args.plot:
        plot(curve, before, after, args.plot)
        print(f"Wrote {args.plot}")


def plot(
    curve: list[dict[str, float]], before: dict[str, float], after: dict[str, float], path: Path
) -> None:
    """The learning curve, with the win rates before and after and their intervals."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise SystemExit(
            "--plot needs the plots extra (matplotlib is not installed): "
            "pip install '.[plots]' in a checkout of rummy500"
        ) from None
    figure, axes = plt.subplots(figsize=(7, 3.6), dpi=100)
    axes.plot(
        [point["steps"] for point in curve],
        [100 * point["win_rate"] for point in curve],
        marker="o",
        markersize=3,
        label=f"win rate in training, each {curve[0]['games']} games",
    )
    last = curve[-1]["steps"]
    # The "before" label to the right of its point, the "after" one to the left: at the
    # ends of the axis, that keeps both inside the frame.
    for result, x, name, side in ((before, 0, "before", 1), (after, last, "after", -1)):
        axes.errorbar(
            [x],
            [100 * result["rate"]],
            yerr=[
                [100 * (result["rate"] - result["low"])],
                [100 * (result["high"] - result["rate"])],
            ],
            fmt="s",
            capsize=4,
            color="black",
        )
        axes.annotate(
            f"{name}: {result['rate']:.0%}",
            (x, 100 * result["rate"]),
            xytext=(6 * side, 6),
            textcoords="offset points",
            ha="left" if side > 0 else "right",
        )
    axes.axhline(50, color="grey", linewidth=0.8, linestyle=":")
    axes.set_xlabel("learner's steps")
    axes.set_ylabel("games won against the random bot (%)")
    axes.set_title("Policy gradient, one-hand games, 2 players")
    axes.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(path)


if __name__ == "__main__":
    main()
