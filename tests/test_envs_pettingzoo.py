"""The PettingZoo environment: PettingZoo's own API and seed tests on several rule sets, the
rewards at the end of the game, illegal actions, masks, seeding and rendering."""

from __future__ import annotations

import doctest
import random
from typing import Any

import attrs
import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402
from pettingzoo.utils import wrappers  # noqa: E402
from pettingzoo.utils.env_logger import EnvLogger  # noqa: E402

import rummy500  # noqa: E402
from rummy500 import ActionError, ConfigError, presets  # noqa: E402
from rummy500.envs import pettingzoo as pz_module  # noqa: E402
from rummy500.envs.pettingzoo import Rummy500AECEnv, env  # noqa: E402
from rummy500.observations import ObservationSpace  # noqa: E402
from rummy500.toolkit import ActionSpace  # noqa: E402


def one_hand(name: str) -> rummy500.RuleConfig:
    """A preset's rules cut down to exactly one hand (a tie is then a draw)."""
    return attrs.evolve(presets.get(name), target=None, hands_per_game=1, hand_limit=1)


# PettingZoo hints that observations should be bare arrays: a dict with an action mask is its
# own convention for board games, which it only recognises by its own games' names.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably"),
]


@pytest.mark.parametrize(
    ("config", "players", "cycles"),
    [("standard", 3, 1000), (one_hand("pagat"), 2, 400), (one_hand("partnership"), 4, 300)],
    ids=["standard-3", "pagat-one-hand-2", "partnership-one-hand-4"],
)
def test_pettingzoo_api_test(config: rummy500.RuleConfig | str, players: int, cycles: int) -> None:
    api_test(env(config, players), num_cycles=cycles)


@pytest.mark.parametrize(
    ("config", "players"),
    [("standard", 3), (one_hand("playingcards_io"), 2), (one_hand("persian"), 4)],
    ids=["standard-3", "playingcards_io-one-hand-2", "persian-one-hand-4"],
)
def test_pettingzoo_seed_test(config: rummy500.RuleConfig | str, players: int) -> None:
    seed_test(lambda: env(config, players), num_cycles=100)


def play_out(game: Rummy500AECEnv, seed: int) -> tuple[dict[str, float], int]:
    """Play random legal actions to the end; the rewards each agent was shown, and the steps."""
    rng = random.Random(seed)
    game.reset(seed=seed)
    shown: dict[str, float] = {}
    steps = 0
    for agent in game.agent_iter():
        observation, reward, termination, truncation, _ = game.last()
        # Truncated exactly when the game is a draw: one hand, so the turn limit is far off.
        final = game.game
        over = final.is_terminal()
        assert (termination, truncation) == (
            over and final.winner is not None,
            over and final.winner is None,
        )
        if termination or truncation:
            shown[agent] = reward
            game.step(None)
            continue
        assert reward == 0
        legal = np.flatnonzero(observation["action_mask"])
        game.step(int(rng.choice(legal)))
        steps += 1
    return shown, steps


@pytest.mark.parametrize("name", ["standard", "partnership"])
def test_the_end_of_the_game_rewards_the_winning_side(name: str) -> None:
    config = one_hand(name)
    players = 4 if name == "partnership" else 3
    seen_win = False
    for seed in range(6):
        game = Rummy500AECEnv(config, players)
        shown, _ = play_out(game, seed)
        final = game.game
        assert final.is_terminal()
        assert set(shown) == set(game.possible_agents)
        assert game.agents == []
        for p, agent in enumerate(game.possible_agents):
            if final.winner is None:
                assert shown[agent] == 0
            else:
                won = config.side_of(p, players) == final.winner
                assert shown[agent] == (1 if won else -1)
                seen_win = True
    assert seen_win


def test_a_whole_game_to_500_ends_with_a_reward() -> None:
    game = Rummy500AECEnv("standard", 2)
    shown, steps = play_out(game, 3)
    assert game.game.is_terminal()
    assert game.game.hand_number > 0  # the hands were dealt by the environment
    assert sorted(shown.values()) in ([-1.0, 1.0], [0.0, 0.0])
    assert steps > 100


@pytest.mark.parametrize("name", ["standard", "pagat", "partnership", "playingcards_io"])
def test_the_mask_holds_the_bytes_of_the_action_spaces_mask_in_a_writable_copy(name: str) -> None:
    # The mask is filled from the legal ids rather than copied from ActionSpace.mask: the
    # same numbers, in an array of its own that the agent may write to.
    config = one_hand(name)
    players = 4 if config.team_size > 1 else 3
    game = Rummy500AECEnv(config, players)
    game.reset(seed=3)
    space = ActionSpace.of(config, players)
    rng = random.Random(name)
    steps = 0
    while not game.terminations[game.agent_selection] and steps < 300:
        agent = game.agent_selection
        mask = game.observe(agent)["action_mask"]
        again = game.observe(agent)["action_mask"]
        assert mask.tobytes() == space.mask(game.game)
        mask[:] = 1 - mask
        assert again.tobytes() == space.mask(game.game)
        game.step(rng.choice(space.legal_actions(game.game)))
        steps += 1
    assert steps > 50


def test_the_mask_is_the_legal_action_ids_of_the_agent_to_move() -> None:
    game = Rummy500AECEnv("pagat", 3)
    game.reset(seed=5)
    space = ActionSpace.of(presets.get("pagat"), 3)
    rng = random.Random(5)
    for _ in range(200):
        state = game.game
        mover = game.agent_selection
        for agent in game.agents:
            mask = game.observe(agent)["action_mask"]
            assert mask.dtype == np.int8
            if agent == mover:
                assert list(np.flatnonzero(mask)) == space.legal_actions(state)
            else:
                assert not mask.any()
        game.step(rng.choice(space.legal_actions(state)))
        if game.terminations[game.agent_selection]:
            break


def test_the_observation_is_the_agents_view() -> None:
    from rummy500.observations import ObservationSpace

    game = Rummy500AECEnv("standard", 3)
    game.reset(seed=2)
    layout = ObservationSpace.of(presets.get("standard"), 3)
    for p, agent in enumerate(game.possible_agents):
        vector = game.observe(agent)["observation"]
        assert vector.dtype == np.float32
        assert np.array_equal(vector, layout.observation(game.game.view(p)))
        assert game.observation_space(agent).contains(game.observe(agent))


def test_an_illegal_action_ends_the_game_against_the_player_who_chose_it() -> None:
    game = Rummy500AECEnv("standard", 3)
    game.reset(seed=1)
    offender = game.agent_selection
    mask = game.observe(offender)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    game.step(illegal)
    assert all(game.terminations.values())
    assert game.infos[offender]["illegal_action"] is True
    shown = {}
    for agent in game.agent_iter():
        _, reward, termination, _, _ = game.last()
        assert termination
        shown[agent] = reward
        game.step(None)
    assert shown[offender] == -1
    assert all(r == 0 for a, r in shown.items() if a != offender)


def test_an_action_id_out_of_range_is_illegal_and_a_float_is_refused() -> None:
    game = Rummy500AECEnv("standard", 2)
    game.reset(seed=1)
    before = game.game
    agent = game.agent_selection
    for action, shown in ((1.5, "1.5"), ("3", "'3'"), (np.float64(0.0), "np.float64(0.0)")):
        with pytest.raises(ActionError) as refused:
            game.step(action)  # type: ignore[arg-type]
        assert str(refused.value) == f"an action id is an int or a numpy integer, not {shown}"
    with pytest.raises(ActionError) as refused:
        game.step(None)
    assert str(refused.value) == f"{agent} is still playing: choose an action id, not None"
    # Refused before anything changed: the same game, agent, rewards and infos.
    assert game.game is before
    assert game.agent_selection == agent
    assert not any(game.terminations.values())
    assert game.rewards == dict.fromkeys(game.agents, 0.0)
    assert game.infos == {a: {} for a in game.agents}
    game.step(game.actions.size + 5)
    assert game.infos[agent] == {
        "illegal_action": True,
        "reason": "action ids run from 0 to 1514 under these rules with 2 players, not 1520",
    }
    assert all(game.terminations.values())


def test_numpy_integers_are_action_ids() -> None:
    game = Rummy500AECEnv("standard", 2)
    game.reset(seed=1)
    legal = ActionSpace.for_state(game.game).legal_actions(game.game)
    expected = game.game.apply(game.actions.decode(legal[0], game.game))
    game.step(np.int64(legal[0]))
    assert game.game == expected
    game.step(np.array(game.actions.legal_actions(game.game)[0], dtype=np.int32))
    assert game.game.parent == expected
    assert not any(game.terminations.values())


def test_a_dead_agent_steps_with_none_and_nothing_else() -> None:
    game = Rummy500AECEnv("standard", 2)
    game.reset(seed=1)
    game.step(game.actions.size)  # illegal: the game is over
    with pytest.raises(ValueError, match="when an agent is dead, the only valid action is None"):
        game.step(0)
    game.step(None)
    game.step(None)
    assert game.agents == []


def test_the_same_seed_gives_the_same_games_and_reset_carries_on() -> None:
    a, b = Rummy500AECEnv("pagat", 2), Rummy500AECEnv("pagat", 2)
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.game == b.game
    a.reset()
    b.reset()
    assert a.game == b.game
    c = Rummy500AECEnv("pagat", 2)
    c.reset(seed=10)
    assert c.game != b.game


def test_ansi_rendering_shows_the_table_and_only_the_hand_of_the_player_to_move() -> None:
    game = Rummy500AECEnv("standard", 3, render_mode="ansi")
    game.reset(seed=4)
    text = game.render()
    assert isinstance(text, str)
    state = game.game
    mover = state.current_player
    assert f"player_{mover} to move holds: " in text
    assert "Discard pile" in text
    assert text.count("holds:") == 1
    assert Rummy500AECEnv("standard", 3).render() is None


def test_human_rendering_prints_the_text_of_ansi_rendering(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = Rummy500AECEnv("standard", 2, render_mode="human")
    ansi = Rummy500AECEnv("standard", 2, render_mode="ansi")
    assert game.metadata["render_modes"] == ["ansi", "human"]
    game.reset(seed=4)  # a reset prints the game
    assert capsys.readouterr().out == (
        "Hand 1, turn 1, draw. Totals: player_0 0, player_1 0\n"
        "  Table melds: none\n"
        "  Discard pile (oldest first, top last): 9♥\n"
        "  Stock: 25 cards.   Cards in hand: player_0 13, player_1 13\n"
        "  player_0 to move holds: 8♣ 3♦ 7♦ 8♦ 9♦ J♦ K♦ A♥ 10♥ K♥ 2♠ 5♠ 9♠\n"
    )
    assert game.render() is None
    ansi.reset(seed=4)
    assert capsys.readouterr().out == ansi.render() + "\n"
    game.step(0)  # so does a step
    ansi.step(0)
    text = ansi.render()
    assert text is not None
    assert text.startswith("Hand 1, turn 1, play. Totals: player_0 0, player_1 0\n")
    assert capsys.readouterr().out == text + "\n"
    ansi.step(ansi.actions.size)  # an illegal action ends the game, shown as it was
    game.step(game.actions.size)
    assert capsys.readouterr().out == text + "\n"
    game.step(None)  # the steps of the agents whose game is over show nothing new
    assert capsys.readouterr().out == ""


def test_pettingzoos_render_test(capsys: pytest.CaptureFixture[str]) -> None:
    config = one_hand("pagat")
    render_test(lambda render_mode=None: env(config, 2, render_mode))
    assert "to move holds: " in capsys.readouterr().out


def test_bad_arguments_are_refused() -> None:
    for mode, shown in (("rgb_array", "'rgb_array'"), (1, "1")):
        with pytest.raises(ConfigError) as refused:
            Rummy500AECEnv("standard", 3, render_mode=mode)  # type: ignore[arg-type]
        assert str(refused.value) == f"render_mode must be None, 'ansi' or 'human', not {shown}"
    with pytest.raises(ConfigError):
        Rummy500AECEnv("standard", 9)
    with pytest.raises(ConfigError):
        Rummy500AECEnv("no such preset", 3)
    with pytest.raises(ConfigError) as refused:
        Rummy500AECEnv(3, 3)  # type: ignore[arg-type]
    assert str(refused.value) == "config must be a RuleConfig or a preset name, not 3"


def test_the_examples_in_the_module_description_run() -> None:
    result = doctest.testmod(pz_module)
    assert result.attempted > 0
    assert result.failed == 0


def order_checked_games() -> list[Any]:
    """``env()``'s game and the same game in PettingZoo's own order checks."""
    config = one_hand("pagat")
    return [env(config, 2), wrappers.OrderEnforcingWrapper(Rummy500AECEnv(config, 2))]


def test_env_keeps_pettingzoo_order_checks_before_reset() -> None:
    for game in order_checked_games():
        assert isinstance(game, wrappers.OrderEnforcingWrapper)
        assert str(game) == "rummy500_v0"
        with pytest.raises(AttributeError) as early:
            game.last()
        assert str(early.value) == "agent_selection cannot be accessed before reset"
        with pytest.raises(AttributeError) as early:
            game.agents  # noqa: B018
        assert str(early.value) == "agents cannot be accessed before reset"
        with pytest.raises(AssertionError) as early:
            game.step(0)
        assert str(early.value) == "reset() needs to be called before step."
        with pytest.raises(AssertionError) as early:
            game.observe("player_0")
        assert str(early.value) == "reset() needs to be called before observe."
        with pytest.raises(AssertionError) as early:
            game.agent_iter()
        assert str(early.value) == "reset() needs to be called before agent_iter()."


def test_env_plays_as_pettingzoo_order_checks_do_and_warns_of_a_step_after_the_end() -> None:
    records = []
    for game in order_checked_games():
        record: list[tuple[Any, ...]] = []
        rng = random.Random(4)
        game.reset(seed=4)
        for agent in game.agent_iter():
            observation, reward, termination, truncation, info = game.last()
            vector, mask = observation["observation"], observation["action_mask"]
            record.append(
                (agent, vector.tobytes(), mask.tobytes(), reward, termination, truncation, info)
            )
            assert game.last(observe=False)[0] is None
            if termination:
                game.step(None)
            else:
                game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        assert not game.agents
        EnvLogger.flush()
        game.step(None)
        assert EnvLogger.mqueue[-1] == (
            "[WARNING]: step() called after all agents are terminated or truncated. "
            "Should reset() first."
        )
        EnvLogger.flush()
        # agent_iter asks for a step (or a reset) before each next agent.
        game.reset(seed=4)
        agents = iter(game.agent_iter())
        next(agents)
        with pytest.raises(AssertionError) as skipped:
            next(agents)
        assert str(skipped.value) == "need to call step() or reset() in a loop over `agent_iter`"
        records.append(record)
    assert len(records[0]) > 20
    assert records[0] == records[1]


def test_a_last_hand_stopped_by_the_turn_limit_truncates_every_agent() -> None:
    config = attrs.evolve(one_hand("standard"), turn_limit=2)
    game = Rummy500AECEnv(config, 2)
    game.reset(seed=5)
    shown = {}
    for agent in game.agent_iter():
        observation, reward, termination, truncation, _ = game.last()
        if termination or truncation:
            shown[agent] = (reward, termination, truncation)
            game.step(None)
            continue
        assert (reward, termination, truncation) == (0.0, False, False)
        game.step(int(np.flatnonzero(observation["action_mask"])[0]))
    final = game.game
    assert (final.turn, final.went_out, final.winner) == (2, None, 0)
    assert shown == {"player_0": (1.0, False, True), "player_1": (-1.0, False, True)}


def test_scaled_observations_are_the_spaces_scaled_vectors() -> None:
    config = one_hand("pagat")
    game = env(config, 3, scaled_observations=True)
    space = ObservationSpace.of(config, 3)
    low, high = space.scaled_bounds()
    box = game.observation_space("player_1")["observation"]
    assert (np.array_equal(box.low, low), np.array_equal(box.high, high)) == (True, True)
    game.reset(seed=2)
    rng = random.Random(2)
    for agent in game.agent_iter():
        observation, _, termination, truncation, _ = game.last()
        player = game.possible_agents.index(agent)
        raw = space.observation_for(game.unwrapped.game, player)
        assert np.array_equal(observation["observation"], space.scaled(raw))
        assert game.observation_space(agent).contains(observation)
        if termination or truncation:
            game.step(None)
        else:
            game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))


def test_pettingzoo_api_test_with_scaled_observations() -> None:
    api_test(env(one_hand("standard"), 2, scaled_observations=True), num_cycles=300)
    with pytest.raises(ConfigError) as refused:
        env("standard", 2, scaled_observations="yes")  # type: ignore[arg-type]
    assert str(refused.value) == "scaled_observations must be True or False, not 'yes'"
