"""The Gymnasium environment: Gymnasium's own checker on several rule sets and seats, the
registration, masks, illegal actions, rewards, seeding and rendering."""

from __future__ import annotations

import doctest
import random

import attrs
import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import rummy500  # noqa: E402
from rummy500 import ActionError, ConfigError, presets  # noqa: E402
from rummy500.envs import gymnasium as gym_module  # noqa: E402
from rummy500.envs._common import observation_bounds, render_text  # noqa: E402
from rummy500.envs.gymnasium import ENV_ID, Rummy500GymEnv  # noqa: E402
from rummy500.toolkit import ActionSpace  # noqa: E402


def one_hand(name: str) -> rummy500.RuleConfig:
    """A preset's rules cut down to exactly one hand (a tie is then a draw)."""
    return attrs.evolve(presets.get(name), target=None, hands_per_game=1, hand_limit=1)


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize(
    "kwargs",
    [
        {"config": "standard", "players": 3},
        {"config": one_hand("pagat"), "players": 2, "seat": 1, "opponents": "random"},
        {
            "config": one_hand("partnership"),
            "players": 4,
            "seat": 3,
            "opponents": ["random", "greedy", "random"],
        },
    ],
    ids=["standard-3", "pagat-one-hand-2-seat-1", "partnership-one-hand-4-seat-3"],
)
def test_gymnasium_check_env(kwargs: dict[str, object]) -> None:
    # Made through the registry, so that the checker also tries the ansi render mode.
    check_env(gymnasium.make(ENV_ID, **kwargs).unwrapped)


def test_the_module_can_be_named_in_the_id() -> None:
    game = gymnasium.make(f"rummy500.envs.gymnasium:{ENV_ID}", players=2, render_mode="ansi")
    game.reset(seed=0)
    assert "player_0 to move holds" in game.render()


def play_out(game: Rummy500GymEnv, seed: int) -> tuple[float, int]:
    """Random legal actions to the end of the game; the last reward and the number of steps.

    The game ends truncated exactly when a limit cut it off: a draw, or a last hand stopped
    by the turn limit (nobody out)."""
    rng = random.Random(seed)
    _, info = game.reset(seed=seed)
    steps = 0
    while True:
        mask = game.action_masks()
        assert mask.dtype == np.bool_
        assert np.array_equal(mask, info["action_mask"].astype(bool))
        observation, reward, terminated, truncated, info = game.step(
            int(rng.choice(np.flatnonzero(mask)))
        )
        steps += 1
        assert game.observation_space.contains(observation)
        final = game.game
        cut_off = final.is_terminal() and (
            final.winner is None
            or (final.went_out is None and final.turn >= final.config.turn_limit)
        )
        assert (terminated, truncated) == (final.is_terminal() and not cut_off, cut_off)
        if terminated or truncated:
            assert "illegal_action" not in info
            assert not info["action_mask"].any()
            return reward, steps
        assert reward == 0


@pytest.mark.parametrize(("name", "players", "seat"), [("standard", 3, 2), ("partnership", 4, 1)])
def test_the_end_of_the_game_rewards_the_learners_side(name: str, players: int, seat: int) -> None:
    config = one_hand(name)
    rewards = set()
    for seed in range(6):
        game = Rummy500GymEnv(config, players, seat=seat, opponents="random")
        reward, _ = play_out(game, seed)
        final = game.game
        assert final.is_terminal()
        if final.winner is None:
            assert reward == 0
        else:
            assert reward == (1 if config.side_of(seat, players) == final.winner else -1)
        rewards.add(reward)
    assert rewards & {1.0, -1.0}


def test_the_learner_moves_only_on_its_own_turns() -> None:
    game = Rummy500GymEnv("pagat", 3, seat=1)
    game.reset(seed=3)
    space = ActionSpace.of(presets.get("pagat"), 3)
    rng = random.Random(3)
    for _ in range(100):
        state = game.game
        assert state.current_player == 1
        legal = space.legal_actions(state)
        assert list(np.flatnonzero(game.action_masks())) == legal
        *_, terminated, _, _ = game.step(rng.choice(legal))
        if terminated:
            break


def test_an_illegal_action_ends_the_episode_with_minus_one() -> None:
    game = Rummy500GymEnv("standard", 3)
    _, info = game.reset(seed=1)
    before = game.game
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    observation, reward, terminated, truncated, info = game.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] is True
    assert game.game is before
    assert game.observation_space.contains(observation)
    with pytest.raises(RuntimeError, match="reset"):
        game.step(0)
    game.reset()
    *_, info = game.step(game.actions.size + 3)
    assert info["illegal_action"] is True


def test_a_value_that_is_no_action_id_is_refused_and_the_episode_goes_on() -> None:
    game = Rummy500GymEnv("standard", 2)
    _, info = game.reset(seed=1)
    before = game.game
    for action, shown in ((1.5, "1.5"), ("0", "'0'"), (None, "None"), ([0], "a list")):
        with pytest.raises(ActionError) as refused:
            game.step(action)  # type: ignore[arg-type]
        assert str(refused.value) == f"an action id is an int or a numpy integer, not {shown}"
        assert not game.action_space.contains(action)
    assert game.game is before
    legal = int(np.flatnonzero(info["action_mask"])[0])
    _, reward, terminated, truncated, info = game.step(np.int64(legal))
    assert (reward, terminated, truncated) == (0.0, False, False)
    assert "illegal_action" not in info
    assert game.game.undo() is before
    # An int out of range is in no Discrete space either, but it is an action id: illegal.
    assert not game.action_space.contains(game.actions.size)
    _, reward, terminated, _, info = game.step(game.actions.size)
    assert (reward, terminated) == (-1.0, True)
    assert info["reason"] == (
        "action ids run from 0 to 1514 under these rules with 2 players, not 1515"
    )


def test_human_rendering_prints_on_reset_and_step(capsys: pytest.CaptureFixture[str]) -> None:
    game = Rummy500GymEnv("standard", 2, render_mode="human")
    ansi = Rummy500GymEnv("standard", 2, render_mode="ansi")
    assert game.metadata["render_modes"] == ["ansi", "human"]
    game.reset(seed=4)
    assert capsys.readouterr().out == (
        "Hand 1, turn 1, draw. Totals: player_0 0, player_1 0\n"
        "  Table melds: none\n"
        "  Discard pile (oldest first, top last): 9♥\n"
        "  Stock: 25 cards.   Cards in hand: player_0 13, player_1 13\n"
        "  player_0 to move holds: 8♣ 3♦ 7♦ 8♦ 9♦ J♦ K♦ A♥ 10♥ K♥ 2♠ 5♠ 9♠\n"
    )
    assert game.render() is None
    ansi.reset(seed=4)
    assert capsys.readouterr().out == f"{ansi.render()}\n"
    game.step(0)
    ansi.step(0)
    assert capsys.readouterr().out == f"{ansi.render()}\n"
    game.step(game.actions.size)  # illegal: the game as it was, shown again
    assert capsys.readouterr().out == f"{ansi.render()}\n"


def test_human_rendering_through_the_registry(capsys: pytest.CaptureFixture[str]) -> None:
    game = gymnasium.make(ENV_ID, config=one_hand("pagat"), players=2, render_mode="human")
    game.reset(seed=0)
    assert game.render() is None
    printed = capsys.readouterr().out
    assert printed.count("Hand 1, turn ") == 2
    assert printed.endswith(f"{render_text(game.unwrapped.game, ['player_0', 'player_1'])}\n")


def test_the_same_seed_gives_the_same_games_and_bots() -> None:
    a = Rummy500GymEnv("pagat", 2, opponents="random")
    b = Rummy500GymEnv("pagat", 2, opponents="random")
    assert play_out(a, 7) == play_out(b, 7)
    assert a.game == b.game
    a.reset()
    b.reset()
    assert a.game == b.game


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="seat"):
        Rummy500GymEnv("standard", 3, seat=3)
    with pytest.raises(ValueError, match="opponents"):
        Rummy500GymEnv("standard", 3, opponents=["greedy"])
    with pytest.raises(ValueError, match="unknown bot"):
        Rummy500GymEnv("standard", 2, opponents="clever")
    with pytest.raises(ConfigError) as refused:
        Rummy500GymEnv("standard", 2, render_mode="rgb_array")
    assert str(refused.value) == "render_mode must be None, 'ansi' or 'human', not 'rgb_array'"
    with pytest.raises(RuntimeError, match="reset"):
        Rummy500GymEnv("standard", 2).action_masks()


def test_the_examples_in_the_module_description_run() -> None:
    result = doctest.testmod(gym_module)
    assert result.attempted > 0
    assert result.failed == 0


def test_a_drawn_game_is_truncated_not_terminated() -> None:
    game = Rummy500GymEnv(one_hand("standard"), 2, opponents="random")
    rng = random.Random(121)
    _, info = game.reset(seed=121)
    terminated = truncated = False
    while not (terminated or truncated):
        _, reward, terminated, truncated, info = game.step(
            int(rng.choice(np.flatnonzero(info["action_mask"])))
        )
    # The one hand ended with a tie: hand_limit=1 ends the game as a draw.
    assert (game.game.totals, game.game.winner) == ((98, 98), None)
    assert (reward, terminated, truncated) == (0.0, False, True)
    with pytest.raises(RuntimeError, match="reset"):
        game.step(0)


#: How the game of the turn-limit test ends: after 2 turns, nobody out, seat 0 ahead.
TURN_LIMITED_END = (2, None, (-92, -101), 0)


def test_a_last_hand_stopped_by_the_turn_limit_is_truncated() -> None:
    config = attrs.evolve(one_hand("standard"), turn_limit=2)
    game = Rummy500GymEnv(config, 2, opponents="random")
    _, info = game.reset(seed=5)
    results = []
    while not results or not (results[-1][1] or results[-1][2]):
        _, reward, terminated, truncated, info = game.step(
            int(np.flatnonzero(info["action_mask"])[0])
        )
        results.append((reward, terminated, truncated))
    final = game.game
    assert (final.turn, final.went_out, final.totals, final.winner) == TURN_LIMITED_END
    assert results[-1] == (1.0, False, True)  # the hand scored as it stood: seat 0 ahead
    assert all(result == (0.0, False, False) for result in results[:-1])


def test_scaled_observations_are_the_spaces_scaled_vectors_within_the_box() -> None:
    config = one_hand("pagat")
    raw = Rummy500GymEnv(config, 2, opponents="random")
    scaled = Rummy500GymEnv(config, 2, opponents="random", scaled_observations=True)
    space = scaled.observations
    low, high = space.scaled_bounds()
    assert np.array_equal(scaled.observation_space.low, low)
    assert np.array_equal(scaled.observation_space.high, high)
    # The default is as it was: the raw vector, in the bounds the rules give.
    assert (raw.scaled_observations, scaled.scaled_observations) == (False, True)
    raw_low, raw_high = observation_bounds(space)
    assert np.array_equal(raw.observation_space.low, raw_low)
    assert np.array_equal(raw.observation_space.high, raw_high)
    assert raw_high.max() == 1000  # the turn limit: scaled by it, a turn would not show
    for seed in range(3):
        rng_raw, rng_scaled = random.Random(seed), random.Random(seed)
        vector, info = raw.reset(seed=seed)
        seen, _ = scaled.reset(seed=seed)
        while True:
            assert np.array_equal(vector, space.observation_for(raw.game, 0))
            assert np.array_equal(seen, space.scaled(vector))
            assert scaled.observation_space.contains(seen)
            legal = np.flatnonzero(info["action_mask"])
            vector, _, over, cut, info = raw.step(int(rng_raw.choice(legal)))
            seen, *_ = scaled.step(int(rng_scaled.choice(legal)))
            if over or cut:
                break


@pytest.mark.filterwarnings("error")
def test_gymnasium_check_env_with_scaled_observations() -> None:
    check_env(
        gymnasium.make(
            ENV_ID, config=one_hand("standard"), players=2, scaled_observations=True
        ).unwrapped
    )


def test_scaled_observations_is_a_bool() -> None:
    with pytest.raises(ConfigError) as refused:
        Rummy500GymEnv("standard", 2, scaled_observations=1)  # type: ignore[arg-type]
    assert str(refused.value) == "scaled_observations must be True or False, not 1"
