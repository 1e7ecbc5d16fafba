"""The online game's early ends in the environments: a player who leaves, or a host who cancels,
cuts the episode off from outside. PettingZoo and Gymnasium call that a truncation (every reward
0, the :class:`~rummy500.Ending` in the info); OpenSpiel's state is then terminal, every return
0, and keeps its end through cloning and OpenSpiel's serialization."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from rummy500 import TERMINAL, Ending, Phase, StateError  # noqa: E402
from rummy500.events import Abandoned, Cancelled  # noqa: E402

# PettingZoo hints that observations should be bare arrays: a dict with an action mask is its
# own convention for board games, which it only recognises by its own games' names.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably"),
]

#: An early end in the middle of the first hand, as every environment gives it here.
LEFT = Ending("abandoned", 1, during_hand=True)
CANCELLED = Ending("cancelled", None, during_hand=True)


# -- PettingZoo ------------------------------------------------------------------------------------


def aec_after(moves: int) -> Any:
    """A wrapped PettingZoo environment after ``moves`` actions (the first legal id each)."""
    pytest.importorskip("pettingzoo")
    from rummy500.envs.pettingzoo import env

    game: Any = env("standard", players=3)
    game.reset(seed=1)
    for _ in range(moves):
        observation, *_ = game.last()
        game.step(int(np.flatnonzero(observation["action_mask"])[0]))
    return game


def finish(game: Any) -> list[tuple[str, float, bool, bool, dict[str, Any]]]:
    """Every agent's ``last()`` through ``agent_iter``, each stepping with ``None`` as done."""
    seen = []
    for agent in game.agent_iter():
        _, reward, terminated, truncated, info = game.last()
        seen.append((agent, reward, terminated, truncated, info))
        game.step(None if terminated or truncated else 0)
    return seen


def test_pettingzoo_an_agent_who_leaves_truncates_every_agent() -> None:
    game = aec_after(3)
    assert game.agent_selection == "player_1"
    game.abandon("player_1")
    state = game.unwrapped.game
    assert (state.phase, state.current_player, state.ending) == (Phase.GAME_OVER, TERMINAL, LEFT)
    assert state.log[-1] == Abandoned(1, (0, 0, 0))
    # The agent selected stays selected; each agent in turn sees the truncation and steps None.
    assert finish(game) == [
        ("player_1", 0.0, False, True, {"ending": LEFT}),
        ("player_0", 0.0, False, True, {"ending": LEFT}),
        ("player_2", 0.0, False, True, {"ending": LEFT}),
    ]
    assert game.agents == []
    # Every agent's last observation masks every action.
    for agent in game.possible_agents:
        assert not game.observe(agent)["action_mask"].any()


def test_pettingzoo_a_host_who_cancels_truncates_every_agent() -> None:
    game = aec_after(0)
    assert game.agent_selection == "player_0"
    game.cancel()
    assert game.unwrapped.game.log[-1] == Cancelled((0, 0, 0))
    assert finish(game) == [
        ("player_0", 0.0, False, True, {"ending": CANCELLED}),
        ("player_1", 0.0, False, True, {"ending": CANCELLED}),
        ("player_2", 0.0, False, True, {"ending": CANCELLED}),
    ]
    assert game.unwrapped.game.ending == CANCELLED


def test_pettingzoo_refuses_an_end_it_cannot_make() -> None:
    pytest.importorskip("pettingzoo")
    from rummy500.envs.pettingzoo import env

    fresh: Any = env("standard", players=3)
    with pytest.raises(RuntimeError) as early:
        fresh.unwrapped.cancel()
    assert str(early.value) == "call reset() before playing"
    game = aec_after(1)
    with pytest.raises(StateError) as refused:
        game.abandon("player_3")
    assert str(refused.value) == (
        "no agent 'player_3': the agents are player_0, player_1, player_2"
    )
    game.cancel()
    for end in (lambda: game.abandon("player_0"), game.cancel):
        with pytest.raises(StateError) as refused:
            end()
        assert str(refused.value) == (
            "the episode is over: there is no game left to end; call reset()"
        )
    # After a reset, the next game can end early too.
    game.reset(seed=2)
    game.abandon("player_0")
    assert game.unwrapped.game.ending == Ending("abandoned", 0, True)


# -- Gymnasium -------------------------------------------------------------------------------------


def gym_game() -> Any:
    gymnasium = pytest.importorskip("gymnasium")
    import rummy500.envs.gymnasium  # noqa: F401 (registers the environment)

    return gymnasium.make("rummy500/Rummy500-v0", config="standard", players=3)


def test_gymnasium_a_player_who_leaves_truncates_the_episode() -> None:
    game = gym_game()
    observation, info = game.reset(seed=1)
    observation, reward, terminated, truncated, info = game.step(int(info["action_mask"].argmax()))
    assert not terminated
    assert not truncated
    observation, reward, terminated, truncated, info = game.unwrapped.abandon(2)
    assert (reward, terminated, truncated) == (0.0, False, True)
    assert set(info) == {"action_mask", "ending"}
    assert info["ending"] == Ending("abandoned", 2, True)
    assert not info["action_mask"].any()
    state = game.unwrapped.game
    assert np.array_equal(observation, game.unwrapped.observations.observation_for(state, 0))
    assert state.log[-1] == Abandoned(2, state.totals)
    # The episode is over: the next call is reset().
    with pytest.raises(RuntimeError) as refused:
        game.step(0)
    assert str(refused.value) == "the episode is over: call reset()"
    with pytest.raises(StateError) as ended:
        game.unwrapped.cancel()
    assert str(ended.value) == "the episode is over: there is no game left to end; call reset()"
    game.reset(seed=1)
    observation, reward, terminated, truncated, info = game.unwrapped.cancel()
    assert (reward, terminated, truncated, info["ending"]) == (
        0.0,
        False,
        True,
        Ending("cancelled", None, True),
    )


def test_gymnasium_the_learner_may_leave_and_only_a_player_may() -> None:
    game = gym_game()
    game.reset(seed=3)
    with pytest.raises(StateError) as refused:
        game.unwrapped.abandon(3)
    assert str(refused.value) == "there is no player 3 in a 3-player game"
    _, reward, terminated, truncated, info = game.unwrapped.abandon(game.unwrapped.seat)
    assert (reward, terminated, truncated, info["ending"].player) == (0.0, False, True, 0)


# -- OpenSpiel -------------------------------------------------------------------------------------


def spiel_state(decisions: int) -> tuple[Any, Any]:
    """An OpenSpiel game of 3 players and a state ``decisions`` actions after the first deal."""
    pyspiel = pytest.importorskip("pyspiel")
    from rummy500.envs.openspiel import SHORT_NAME

    game = pyspiel.load_game(SHORT_NAME, {"players": 3})
    state = game.new_initial_state()
    state.apply_action(5)
    for _ in range(decisions):
        state.apply_action(state.legal_actions()[0])
    return game, state


def test_openspiel_an_early_end_is_terminal_with_every_return_zero() -> None:
    import pyspiel

    game, state = spiel_state(4)
    before = state.clone()
    history = state.history()
    state.abandon(1)
    assert state.is_terminal()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert (state.returns(), state.rewards()) == ([0.0, 0.0, 0.0], [0.0, 0.0, 0.0])
    assert state.legal_actions() == []
    assert state.history() == history  # an early end is no action
    assert state.game_state is not None
    assert state.game_state.ending == Ending("abandoned", 1, True)
    assert str(state).splitlines()[-2:] == [
        "The game is over: player_1 left during hand 1, which is not scored, so nobody wins "
        "(totals: player_0 0, player_1 0, player_2 0).",
        "Last event: P1 left: game abandoned; totals 0 0 0",
    ]
    # The state it ended is left as it was, and a clone keeps the end.
    assert not before.is_terminal()
    assert state.clone().is_terminal()
    # OpenSpiel's serialization keeps it.
    _, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert back.is_terminal()
    assert back.returns() == [0.0, 0.0, 0.0]
    assert back.game_state == state.game_state
    for player in range(3):
        assert back.information_state_string(player) == state.information_state_string(player)
        assert back.information_state_tensor(player) == state.information_state_tensor(player)
    # A search's resampling leaves a game that is over as it is.
    assert state.resample_from_infostate(0, lambda: 0.5).game_state == state.game_state


def test_openspiel_a_host_who_cancels_ends_the_game() -> None:
    _, state = spiel_state(0)
    state.cancel()
    assert state.is_terminal()
    assert state.returns() == [0.0, 0.0, 0.0]
    assert state.game_state is not None
    assert state.game_state.log[-1] == Cancelled((0, 0, 0))


def test_openspiel_refuses_an_end_it_cannot_make() -> None:
    game, state = spiel_state(2)
    with pytest.raises(StateError) as refused:
        state.abandon(5)
    assert str(refused.value) == "there is no player 5 in a 3-player game"
    state.cancel()
    with pytest.raises(StateError) as refused:
        state.abandon(0)
    assert str(refused.value) == (
        "the game is already over (cancelled by the host during a hand, which is not scored): "
        "there is no game left to abandon"
    )
    with pytest.raises(StateError) as refused:
        game.new_initial_state().cancel()
    assert str(refused.value) == (
        "nothing is dealt yet: a game ends early once its first hand is dealt"
    )


def test_no_environment_warns_when_a_game_ends_early() -> None:
    # Gymnasium's passive checker and PettingZoo's wrappers see nothing amiss.
    game = gym_game()
    game.reset(seed=4)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        game.unwrapped.cancel()
        game.reset(seed=4)
    aec = aec_after(2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        aec.cancel()
        assert [truncated for _, _, _, truncated, _ in finish(aec)] == [True, True, True]
