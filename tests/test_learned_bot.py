"""The learned bot: a linear policy over the action ids, its parameters shipped in the package,
made by name, and refused with the extra to install where numpy is missing."""

from __future__ import annotations

import importlib.resources
import io
import sys
import zipfile
from pathlib import Path
from typing import Any

import attrs
import pytest

from rummy500 import ConfigError, Deal, State, StateError, new_game, presets
from rummy500.bots import BOT_NAMES, PARAMETERS, GreedyBot, _learned, bot_text, make_bot, play_game
from rummy500.toolkit import ActionSpace

NO_NUMPY = (
    "the learned bot needs numpy, from rummy500's rl extra: pip install '.[rl]' in a checkout "
    "of rummy500"
)


def test_the_parameter_file_ships_inside_the_package() -> None:
    # Read as package data, as the bot reads it: from the built wheel where it is installed.
    shipped = importlib.resources.files("rummy500.bots").joinpath("learned.npz")
    data = shipped.read_bytes()
    assert len(data) < 1_000_000
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert sorted(archive.namelist()) == [
            f"{name}_{players}.npy"
            for name in ("actions", "bias", "observations", "weights")
            for players in (2, 3)
        ]


def test_the_learned_bot_has_a_name_and_takes_no_parameters() -> None:
    assert list(BOT_NAMES)[-1] == "learned"
    assert PARAMETERS["learned"] == ()
    with pytest.raises(ConfigError) as caught:
        bot_text("learned:iterations=3")
    assert str(caught.value) == (
        "bot 'learned:iterations=3': learned takes no parameters, not 'iterations'"
    )


def test_without_numpy_the_bot_names_the_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    # numpy is imported when the bot is first made: hide it, and forget the import made.
    monkeypatch.setitem(sys.modules, "numpy", None)
    _learned._numpy.cache_clear()
    _learned._observation_space.cache_clear()
    with pytest.raises(ConfigError) as caught:
        _learned.LearnedBot()
    assert str(caught.value) == NO_NUMPY
    with pytest.raises(ConfigError) as caught:
        make_bot("learned")
    assert str(caught.value) == f"bot 'learned': {NO_NUMPY}"
    with pytest.raises(ConfigError) as caught:
        bot_text(" Learned ")
    assert str(caught.value) == f"bot ' Learned ': {NO_NUMPY}"


# -- with numpy ---------------------------------------------------------------------------------


def observation_space() -> Any:
    """The class of the observation vectors (its module needs numpy), or the test is skipped."""
    return pytest.importorskip("rummy500.observations").ObservationSpace


@pytest.fixture
def np() -> Any:
    """numpy, or the test is skipped (it is an optional package: the rl extra)."""
    return pytest.importorskip("numpy")


def write_parameters(np: Any, path: Path, players: int, seed: int) -> tuple[Any, Any]:
    """A parameter file of random weights for ``players`` players under the standard rules at
    ``path``, and its weights and bias."""
    config = presets.get("standard")
    actions = ActionSpace.of(config, players)
    space = observation_space().of(config, players)
    rng = np.random.default_rng(seed)
    weights = rng.normal(size=(actions.size, space.size)).astype(np.float32)
    bias = rng.normal(size=actions.size).astype(np.float32)
    np.savez(
        path,
        **{
            f"weights_{players}": weights,
            f"bias_{players}": bias,
            f"actions_{players}": np.array(actions.layout()),
            f"observations_{players}": np.array(_learned.observation_layout(space)),
        },
    )
    return weights, bias


def dealt(game: State) -> State:
    """``game`` once the cards are dealt."""
    while game.is_chance_node():
        game = game.apply(Deal())
    return game


def test_the_learned_bot_is_made_by_name(np: Any) -> None:
    bot = make_bot("learned", 5)
    assert isinstance(bot, _learned.LearnedBot)
    assert repr(bot) == "LearnedBot()"
    assert bot_text(" Learned ") == "learned"


def test_the_shipped_policies_are_learnt_under_the_standard_rules(np: Any) -> None:
    policies = _learned._parameters(None)
    assert sorted(policies) == [2, 3]
    config = presets.get("standard")
    for players, policy in policies.items():
        actions = ActionSpace.of(config, players)
        space = observation_space().of(config, players)
        assert policy.weights.shape == (actions.size, space.size)
        assert policy.bias.shape == (actions.size,)
        assert policy.weights.dtype == policy.bias.dtype == np.float32
        assert _learned._policy_for(None, config, players) is policy


@pytest.mark.parametrize("players", [2, 3])
def test_the_bot_plays_the_id_its_policy_scores_highest(
    np: Any, tmp_path: Path, players: int
) -> None:
    # Every seat's choice, a whole one-hand game long, against the scores worked out from the
    # PettingZoo environment's own observation vector and mask.
    pettingzoo = pytest.importorskip("rummy500.envs.pettingzoo")
    path = tmp_path / "random.npz"
    weights, bias = write_parameters(np, path, players, seed=players)
    bot = _learned.LearnedBot(path)
    env = pettingzoo.raw_env("standard", players, scaled_observations=True)
    env.reset(seed=7)
    moves = 0
    while env.agents:
        observed, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observed["action_mask"])
        expected = int(legal[np.argmax(weights[legal] @ observed["observation"] + bias[legal])])
        game = env.game
        move = bot.choose(game.view(game.current_player))
        assert env.actions.encode(move, game) == expected
        env.step(expected)
        moves += 1
        if game.hand_number > 0:
            break
    assert moves > 20


def test_the_shipped_bot_plays_the_ladder_formats_to_the_end(np: Any) -> None:
    one_hand = attrs.evolve(presets.get("standard"), target=None, hands_per_game=1)
    learned = make_bot("learned")
    hand = play_game(new_game(one_hand, 3, seed=2), [learned, GreedyBot(), learned])
    assert hand.is_terminal()
    game = play_game(new_game(presets.get("standard"), 2, seed=1), [GreedyBot(), learned])
    assert game.is_terminal()


def test_a_game_the_bot_has_no_policy_for_is_refused(np: Any) -> None:
    bot = make_bot("learned")
    for config, players in ((presets.get("standard"), 4), (presets.get("pagat"), 2)):
        game = dealt(new_game(config, players, seed=3))
        with pytest.raises(ConfigError) as caught:
            bot.choose(game.view(game.current_player))
        assert str(caught.value) == (
            "the learned bot has policies for 2 and 3 players under rules with the action ids "
            f"and observations of the standard rules, and none for a {players}-player game "
            "under these rules"
        )


def test_the_bot_chooses_only_on_its_turn(np: Any) -> None:
    game = dealt(new_game(presets.get("standard"), 2, seed=3))
    waiting = 1 - game.current_player
    with pytest.raises(StateError) as caught:
        make_bot("learned").choose(game.view(waiting))
    assert str(caught.value) == (
        f"player {waiting} has no move to choose: it is not their turn (the player to move is "
        f"{game.current_player})"
    )


def test_a_parameter_file_it_cannot_use_is_refused(np: Any, tmp_path: Path) -> None:
    missing = tmp_path / "missing.npz"
    with pytest.raises(ConfigError) as caught:
        _learned.LearnedBot(missing)
    assert str(caught.value) == (
        f"the learned bot's parameters cannot be read from {missing}: [Errno 2] No such file or "
        f"directory: '{missing}'"
    )
    empty = tmp_path / "empty.npz"
    np.savez(empty, other=np.zeros(1))
    with pytest.raises(ConfigError) as caught:
        _learned.LearnedBot(str(empty))
    assert str(caught.value) == f"the learned bot's parameters in {empty} hold no policy"
    skewed = tmp_path / "skewed.npz"
    np.savez(
        skewed,
        weights_2=np.zeros((3, 4)),
        bias_2=np.zeros(2),
        actions_2=np.array(""),
        observations_2=np.array(""),
    )
    with pytest.raises(ConfigError) as caught:
        _learned.LearnedBot(skewed)
    assert str(caught.value) == (
        f"the learned bot's parameters in {skewed} for 2 players have weights of shape (3, 4) "
        "and a bias of shape (2,): one weight row and one bias for each action id"
    )
    with pytest.raises(ConfigError) as caught:
        _learned.LearnedBot(3)  # type: ignore[arg-type]
    assert str(caught.value) == (
        "the learned bot's parameters are a path to a file, or None for the shipped ones, not 3"
    )
