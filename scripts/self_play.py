"""Self-play policy gradient for one-hand games, without Ray: the linear softmax policy, the
episodes a rollout worker plays with it, the learner's step, and the games that measure it
against the built-in bots.

The policy scores each action id from the scaled observation vector (``weights @ observation
+ bias``) and draws from the softmax over the legal ids only, as the numpy learner of
``examples/train_policy_gradient.py`` does. Here it plays **every seat** of the PettingZoo
environment, and every seat's moves are learnt from (REINFORCE): each move's log-probability
is stepped by the seat's reward at the end of the game less a baseline. The baseline is a
constant: with one policy in every seat of a symmetric game, every seat expects the same
reward, and the rewards of a game won sum to ``1 - (players - 1)``, so each seat expects
``(2 - players) / players`` (0 for two players, -1/3 for three; a draw, under one game in a
hundred, gives every seat 0). A worker can then finish each episode's gradient itself.

Episode ``i`` of a run is seeded by ``(seed, i)`` alone, and the learner adds the gradients
of its tasks in episode order, so the policy after every update is the same whatever the
number of workers, and whether they run on Ray or in the process
(``scripts/train_self_play.py`` hands these functions to Ray). Needs the ``rl`` extra.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, Final

import attrs
import numpy as np
import numpy.typing as npt

from rummy500 import ConfigError, RuleConfig, presets
from rummy500.envs.gymnasium import Rummy500GymEnv
from rummy500.envs.pettingzoo import Rummy500AECEnv

Floats = npt.NDArray[np.float32]
Ids = npt.NDArray[np.intp]

#: The opponents the policy is measured against, in the order the results give them.
OPPONENTS: Final = ("random", "greedy")
#: Game seeds are drawn below this (the environments take any whole number of 0 or more).
_SEEDS: Final = 2**32
#: What a task playing evaluation games adds to the seed of the run's games, so that the
#: evaluation deals are never training deals.
_EVALUATION: Final = 1_000_003


def one_hand_rules() -> RuleConfig:
    """The standard rules cut to one hand: the higher score wins, a tie is a draw."""
    return attrs.evolve(presets.get("standard"), target=None, hands_per_game=1, hand_limit=1)


@attrs.frozen
class Settings:
    """One training run: the players at the table, the step size, the episodes each update
    learns from and each task plays, and the seed of every episode."""

    players: int = 2
    learning_rate: float = 0.4
    episodes_per_update: int = 16
    episodes_per_task: int = 4
    seed: int = 1

    def __attrs_post_init__(self) -> None:
        if self.episodes_per_update % self.episodes_per_task:
            raise ConfigError(
                f"an update's {self.episodes_per_update} episodes must split into tasks of "
                f"{self.episodes_per_task}"
            )

    @property
    def baseline(self) -> float:
        """What every seat expects from a game under one policy in every seat."""
        return (2 - self.players) / self.players

    def tasks(self, update: int) -> list[tuple[int, int]]:
        """The first episode and the number of episodes of each task of update ``update``."""
        first = update * self.episodes_per_update
        size = self.episodes_per_task
        return [(start, size) for start in range(first, first + self.episodes_per_update, size)]


@attrs.define(eq=False)
class Policy:
    """``weights @ observation + bias``: one score for each action id, a softmax over the
    legal ids."""

    weights: Floats
    bias: Floats

    @classmethod
    def zeros(cls, players: int) -> Policy:
        """The policy that plays every legal id alike, sized for ``players`` players."""
        actions, observations = sizes(players)
        return cls(
            np.zeros((actions, observations), dtype=np.float32),
            np.zeros(actions, dtype=np.float32),
        )

    def probabilities(self, observation: Floats, legal: Ids) -> Floats:
        """The probability of each of the ``legal`` ids."""
        scores = self.weights[legal] @ observation + self.bias[legal]
        scores = np.exp(scores - scores.max())
        return scores / scores.sum()  # type: ignore[no-any-return]

    def best(self, observation: Floats, legal: Ids) -> int:
        """The legal id with the highest score (the lowest such id on a tie)."""
        scores = self.weights[legal] @ observation + self.bias[legal]
        return int(legal[int(np.argmax(scores))])


@cache
def sizes(players: int) -> tuple[int, int]:
    """The number of action ids and the size of the observation vector."""
    env = _self_play_env(players)
    return env.actions.size, env.observations.size


@cache
def _self_play_env(players: int) -> Rummy500AECEnv:
    # Kept for the life of the worker process: built once, reset for every episode.
    return Rummy500AECEnv(one_hand_rules(), players, scaled_observations=True)


@cache
def _evaluation_env(players: int, seat: int, opponent: str) -> Rummy500GymEnv:
    return Rummy500GymEnv(
        one_hand_rules(), players, seat=seat, opponents=opponent, scaled_observations=True
    )


def _legal(mask: npt.NDArray[np.int8]) -> Ids:
    # The legal ids, read off the int8 mask as booleans (a fifth of np.flatnonzero's cost).
    return mask.view(np.bool_).nonzero()[0]


@attrs.frozen(eq=False)
class Rollout:
    """What a task gives back: the gradient of the episodes it played (the rows of the
    weights they touched, and all of the bias), their learner's steps, and their draws."""

    first: int
    episodes: int
    rows: Ids
    weights: Floats
    bias: Floats
    steps: int
    draws: int


def play_episodes(policy: Policy, settings: Settings, first: int, count: int) -> Rollout:
    """Episodes ``first`` to ``first + count - 1``: ``policy`` in every seat, each seat's moves
    weighed by its reward less the baseline."""
    env = _self_play_env(settings.players)
    seats = {agent: seat for seat, agent in enumerate(env.possible_agents)}
    weights, bias = policy.weights, policy.bias
    grad_weights = np.zeros_like(weights)
    grad_bias = np.zeros_like(bias)
    touched = np.zeros(len(bias), dtype=np.bool_)
    steps = draws = 0
    for episode in range(first, first + count):
        rng = np.random.default_rng((settings.seed, episode))
        env.reset(seed=int(rng.integers(_SEEDS)))
        # Each seat's moves: the observation, the legal ids, one-hot(chosen) - probabilities.
        moves: list[list[tuple[Floats, Ids, Floats]]] = [[] for _ in seats]
        rewards = [0.0] * len(seats)
        while env.agents:
            agent = env.agent_selection
            observed, reward, terminated, truncated, _ = env.last()
            assert observed is not None  # the environment observes every agent
            seat = seats[agent]
            if terminated or truncated:
                # The game's only reward, read on the agent's turn after the game ended.
                rewards[seat] = float(reward)
                env.step(None)
                continue
            vector, legal = observed["observation"], _legal(observed["action_mask"])
            probabilities = policy.probabilities(vector, legal)
            chosen = int(rng.choice(len(legal), p=probabilities))
            direction = -probabilities
            direction[chosen] += 1
            moves[seat].append((vector, legal, direction))
            env.step(int(legal[chosen]))
        draws += not any(rewards)
        for seat_moves, reward in zip(moves, rewards, strict=True):
            steps += len(seat_moves)
            advantage = np.float32(reward - settings.baseline)
            if not advantage:
                continue
            for vector, legal, direction in seat_moves:
                scaled = advantage * direction
                grad_weights[legal] += np.outer(scaled, vector)
                grad_bias[legal] += scaled
                touched[legal] = True
    rows = touched.nonzero()[0]
    return Rollout(first, count, rows, grad_weights[rows], grad_bias, steps, draws)


def learn(policy: Policy, rollouts: Sequence[Rollout], settings: Settings) -> Policy:
    """The policy after one update: the gradients of ``rollouts`` (one update's tasks, in
    episode order) added up in that order, their mean over the episodes stepped by the
    learning rate."""
    grad_weights = np.zeros_like(policy.weights)
    grad_bias = np.zeros_like(policy.bias)
    episodes = 0
    for rollout in sorted(rollouts, key=lambda r: r.first):
        grad_weights[rollout.rows] += rollout.weights
        grad_bias += rollout.bias
        episodes += rollout.episodes
    step = np.float32(settings.learning_rate / episodes)
    return Policy(policy.weights + step * grad_weights, policy.bias + step * grad_bias)


@attrs.frozen
class Tally:
    """Games won, drawn and played by the policy against one opponent."""

    wins: int
    draws: int
    games: int

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.wins + other.wins, self.draws + other.draws, self.games + other.games)


def evaluate(
    policy: Policy, players: int, opponent: str, first: int, count: int, seed: int
) -> Tally:
    """Deals ``first`` to ``first + count - 1`` played by ``policy`` (its best-scored id at
    every turn, as the learned bot plays) from every seat, ``opponent`` in the other seats."""
    wins = draws = games = 0
    for deal in range(first, first + count):
        deal_seed = int(np.random.default_rng((seed + _EVALUATION, deal)).integers(_SEEDS))
        for seat in range(players):
            env = _evaluation_env(players, seat, opponent)
            vector, info = env.reset(seed=deal_seed)
            while True:
                action = policy.best(vector, _legal(info["action_mask"]))
                vector, reward, terminated, truncated, info = env.step(action)
                if terminated or truncated:
                    break
            wins += reward > 0
            draws += reward == 0
            games += 1
    return Tally(wins, draws, games)


def policy_arrays(policies: dict[int, Policy]) -> dict[str, Any]:
    """The arrays of the learned bot's parameter file (``rummy500/bots/learned.npz``) for
    ``policies`` by number of players: ``weights_N`` and ``bias_N`` for each, and the
    layouts they were learnt under (``actions_N``, ``observations_N``), which the bot checks
    a game's against."""
    arrays: dict[str, Any] = {}
    for players, policy in sorted(policies.items()):
        env = _self_play_env(players)
        arrays[f"weights_{players}"] = policy.weights.astype(np.float16)
        arrays[f"bias_{players}"] = policy.bias.astype(np.float16)
        arrays[f"actions_{players}"] = np.array(env.actions.layout())
        arrays[f"observations_{players}"] = np.array(
            "\n".join(f"{p.start} {p.size} {p.name}" for p in env.observations.layout())
        )
    return arrays
