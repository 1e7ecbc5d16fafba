"""Self-play training (scripts/self_play.py, scripts/train_self_play.py): the episodes, the
learner's update, the evaluations, the parameter file the learned bot reads, and the same policy
whatever the number of Ray workers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rummy500 import ConfigError
from rummy500.bots import _learned

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from helpers_scripts import load_script  # noqa: E402 (after the optional packages are found)

self_play = load_script("self_play")
Settings, Policy, Tally = self_play.Settings, self_play.Policy, self_play.Tally


def test_an_update_is_split_into_tasks_of_episodes() -> None:
    settings = Settings(players=2, episodes_per_update=16, episodes_per_task=4)
    assert settings.tasks(2) == [(32, 4), (36, 4), (40, 4), (44, 4)]
    assert settings.baseline == 0.0
    assert Settings(players=3).baseline == -1 / 3
    with pytest.raises(ConfigError) as caught:
        Settings(episodes_per_update=10, episodes_per_task=4)
    assert str(caught.value) == "an update's 10 episodes must split into tasks of 4"


def test_an_episode_is_played_the_same_by_any_worker() -> None:
    settings = Settings(players=2, seed=5)
    first = self_play.play_episodes(Policy.zeros(2), settings, 8, 2)
    again = self_play.play_episodes(Policy.zeros(2), settings, 8, 2)
    assert (first.first, first.episodes, first.steps, first.draws) == (
        again.first,
        again.episodes,
        again.steps,
        again.draws,
    )
    assert np.array_equal(first.rows, again.rows)
    assert np.array_equal(first.weights, again.weights)
    assert np.array_equal(first.bias, again.bias)
    # Rows the episodes touched, and nothing elsewhere in the bias.
    assert first.weights.shape == (len(first.rows), self_play.sizes(2)[1])
    assert set(np.flatnonzero(first.bias)) <= set(first.rows)


def test_the_update_adds_the_tasks_in_episode_order() -> None:
    settings = Settings(players=3, episodes_per_update=8, episodes_per_task=2)
    policy = Policy.zeros(3)
    rollouts = [self_play.play_episodes(policy, settings, f, n) for f, n in settings.tasks(0)]
    learnt = self_play.learn(policy, rollouts, settings)
    shuffled = self_play.learn(policy, rollouts[::-1], settings)
    assert np.array_equal(learnt.weights, shuffled.weights)
    assert np.array_equal(learnt.bias, shuffled.bias)
    # Every seat's moves were stepped: a winner's up, a loser's down.
    assert np.any(learnt.weights > 0)
    assert np.any(learnt.weights < 0)


def test_the_uniform_policy_loses_every_evaluation_game() -> None:
    # Its best-scored id is always the lowest legal one: it never melds.
    tallies = [self_play.evaluate(Policy.zeros(2), 2, bot, 0, 3, 1) for bot in ("random", "greedy")]
    assert tallies == [Tally(0, 0, 6), Tally(0, 0, 6)]
    assert tallies[0] + tallies[1] == Tally(0, 0, 12)


def test_the_parameter_file_written_is_the_policy_the_bot_plays(tmp_path: Path) -> None:
    settings = Settings(players=2, learning_rate=0.8, episodes_per_update=4)
    policy = Policy.zeros(2)
    for number in range(2):
        rollouts = [
            self_play.play_episodes(policy, settings, f, n) for f, n in settings.tasks(number)
        ]
        policy = self_play.learn(policy, rollouts, settings)
    path = tmp_path / "learned.npz"
    np.savez_compressed(path, **self_play.policy_arrays({2: policy}))
    bot = _learned.LearnedBot(path)
    shipped = Policy(
        policy.weights.astype(np.float16).astype(np.float32),
        policy.bias.astype(np.float16).astype(np.float32),
    )
    env = self_play._evaluation_env(2, 1, "greedy")
    vector, info = env.reset(seed=4)
    steps = 0
    while True:
        action = shipped.best(vector, np.flatnonzero(info["action_mask"]))
        game = env.unwrapped.game
        assert env.unwrapped.actions.encode(bot.choose(game.view(1)), game) == action
        vector, _, terminated, truncated, info = env.step(action)
        steps += 1
        if terminated or truncated:
            break
    assert steps > 10


# -- on Ray ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def ray() -> Iterator[Any]:
    """A local Ray of 2 CPUs, its workers importing self_play from scripts/."""
    ray = pytest.importorskip("ray")
    pytest.importorskip("ray.tune")
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={"working_dir": str(Path(self_play.__file__).parent)},
    )
    yield ray
    ray.shutdown()


@pytest.mark.processes
def test_the_same_seed_gives_the_same_policy_on_any_number_of_workers(ray: Any) -> None:
    train = load_script("train_self_play")
    plan = train.SHORT
    ends = []
    for count in (0, 1, 2):
        workers = train.Workers(count)
        settings = train.settings_of(plan, 2, 0.4)
        policy = Policy.zeros(2)
        for number in range(2):
            policy, _ = train.update(workers, policy, settings, number)
        ends.append((policy, train.measure(workers, policy, 2, 12)))
    (inline, measured), *others = ends
    for policy, tallies in others:
        assert np.array_equal(policy.weights, inline.weights)
        assert np.array_equal(policy.bias, inline.bias)
        assert tallies == measured
    assert sorted(measured) == ["greedy", "random"]
    assert [tally.games for tally in measured.values()] == [24, 24]
