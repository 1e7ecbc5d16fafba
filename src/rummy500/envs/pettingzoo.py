"""A PettingZoo AEC environment: every seat an agent, the game dealt and scored for them.

Needs the ``rl`` extra (``pip install '.[rl]'`` in a checkout):

    >>> from rummy500.envs.pettingzoo import env
    >>> game = env("standard", players=3)
    >>> game.reset(seed=1)
    >>> game.agent_selection
    'player_0'
    >>> observation, reward, termination, truncation, info = game.last()
    >>> sorted(observation)
    ['action_mask', 'observation']

The agents are ``player_0`` to ``player_{n-1}``, by seat. Each observes a dict: under
``"observation"`` the ``float32`` vector of :class:`~rummy500.observations.ObservationSpace`
built from that player's view (nothing they cannot see goes in), under ``"action_mask"`` an
``int8`` vector of :attr:`ActionSpace.size <rummy500.toolkit.ActionSpace.size>` numbers, 1 at
each legal action id (all 0 when it is not the agent's turn). Index with booleans, never with
the ``int8`` mask itself (``logits[mask]`` picks positions 0 and 1): ``mask.view(np.bool_)``
(no copy) or ``mask.astype(bool)``. Actions are ids of
:class:`~rummy500.toolkit.ActionSpace`: ``Discrete(size)``. ``scaled_observations=True``
gives the vectors of
:meth:`ObservationSpace.scaled <rummy500.observations.ObservationSpace.scaled>` instead
(every number from -1 to 1, the ``Box`` bounds with them).

Between hands the environment deals the next hand itself (the deal is a chance event, decided
by the game seed), so an agent is only asked to move when a player has a choice. Rewards come
at the end of the game: +1 for each player of the winning side, -1 for every other player, 0
for everyone when the game is drawn; every step before that rewards 0. As in every AEC
environment, an agent reads its reward in :meth:`last` when it is selected again, after the
other agents' moves: the reward of a game is shown to each agent once the game is over, on
the turn where it steps with ``None``, and belongs to the last action it chose. The game ends
in ``terminations`` when it is played out to a result, in ``truncations`` when a limit of the
rules cut it off: a draw (only ``hand_limit`` gives one: the last hand played with a tie at
the top) or a last hand stopped by ``turn_limit``. An illegal action ends
the game at once: the player who chose it gets -1, the others 0, and its info holds
``"illegal_action": True``.

The online game's early ends come from outside play: :meth:`~Rummy500AECEnv.abandon` (an agent
left and was not back before their reconnect time ran out) and :meth:`~Rummy500AECEnv.cancel`
(the host cancelled the game) end it at once with no winner, as :meth:`State.abandon
<rummy500.State.abandon>` does. PettingZoo calls an episode cut off from outside a
*truncation*: every agent is truncated, every reward is 0, each info holds ``"ending"`` (the
:class:`~rummy500.Ending`), and each agent steps with ``None`` as at any other end.

``reset(seed=s)`` seeds a :class:`random.Random` that draws each game's seed, so the same
seed gives the same games, one after another, on every ``reset()`` that follows.
``render_mode="ansi"`` makes :meth:`~Rummy500AECEnv.render` return the game as text (the public
table and the hand of the player to move); ``render_mode="human"`` prints that text instead, on
every ``reset()`` and every step of an agent still playing, as well as on ``render()``.

An action is an int or a numpy integer (the types Gymnasium's ``Discrete`` space holds); a
float, a string or any other value raises :class:`~rummy500.ActionError` and leaves the game as
it was, as does ``None`` for an agent still playing (``None`` is the step of an agent whose game
is over).

A whole game runs to 500 points and can take thousands of steps; for short episodes give rules
that stop after one hand, such as ``attrs.evolve(config, target=None, hands_per_game=1)``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from rummy500 import ActionError, Deal, IllegalMoveError, RuleConfig, State, StateError, new_game
from rummy500.core.errors import describe_value
from rummy500.envs._common import (
    RENDER_MODES,
    SEED_RANGE,
    action_id,
    agent_names,
    check_flag,
    check_render_mode,
    check_seed,
    legal_mask,
    observation_bounds,
    outcome,
    render_text,
    rendered,
    resolve_config,
    stopped_by_limit,
)
from rummy500.observations import ObservationSpace
from rummy500.toolkit import ActionSpace

__all__ = ["Action", "Observation", "Rummy500AECEnv", "env", "raw_env"]

#: What an agent observes: the vector under ``"observation"``, the mask under ``"action_mask"``
#: (Gymnasium types the values of a ``Dict`` space's samples loosely, hence ``Any``).
Observation = dict[str, Any]
#: An action id, as an int or a numpy integer (what ``Discrete.sample`` gives); ``None`` is the
#: step of an agent whose game is over.
Action = int | np.integer[Any] | None

_DEAL = Deal()


class Rummy500AECEnv(AECEnv[str, Observation, Action]):
    """Rummy 500 under ``config`` (a :class:`~rummy500.RuleConfig` or a preset's name) for
    ``players`` players, as a PettingZoo AEC environment (see the module's description).

    :func:`env` gives it wrapped in PettingZoo's order checks, as PettingZoo's own
    environments are. :attr:`game` is the :class:`~rummy500.State` being played.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it per class and instance)
        "name": "rummy500_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        config: RuleConfig | str = "standard",
        players: int = 3,
        render_mode: str | None = None,
        *,
        scaled_observations: bool = False,
    ) -> None:
        # PettingZoo's constructor takes and does nothing, and is not annotated.
        super().__init__()  # type: ignore[no-untyped-call]
        check_render_mode(render_mode)
        rules = resolve_config(config)
        rules.check_players(players)
        self.config = rules
        self.players = players
        self.render_mode = render_mode
        #: The action ids and the observation layout of these rules and players.
        self.actions = ActionSpace.of(rules, players)
        self.observations = ObservationSpace.of(rules, players)
        self.possible_agents = agent_names(players)
        self.agents: list[str] = []
        self._seat = {agent: p for p, agent in enumerate(self.possible_agents)}
        #: Whether observations are scaled for learning
        #: (:meth:`~rummy500.observations.ObservationSpace.scaled`).
        self.scaled_observations = check_flag("scaled_observations", scaled_observations)
        low, high = observation_bounds(self.observations, scaled=scaled_observations)
        size = self.actions.size
        # One space object per agent, so that seeding one agent's space leaves the others be.
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._no_moves = np.zeros(size, dtype=np.int8)
        self._rng = random.Random()
        self._game: State | None = None

    def observation_space(self, agent: str) -> spaces.Space[Observation]:
        """The space of ``agent``'s observations (the same object on every call)."""
        return self.observation_spaces[self.possible_agents[self._seat_of(agent)]]

    def action_space(self, agent: str) -> spaces.Space[Action]:
        """``Discrete(ActionSpace.size)`` for every agent (one object per agent)."""
        return self.action_spaces[self.possible_agents[self._seat_of(agent)]]

    def _seat_of(self, agent: str) -> int:
        """The seat of ``agent``; anything but one of :attr:`possible_agents` raises
        :class:`~rummy500.StateError`."""
        try:
            return self._seat[agent]
        except (KeyError, TypeError):  # TypeError: an agent that cannot be a key
            raise StateError(
                f"no agent {describe_value(agent)}: the agents are "
                f"{', '.join(self.possible_agents)}"
            ) from None

    @property
    def game(self) -> State:
        """The state of the game being played; raises before the first :meth:`reset`."""
        if self._game is None:
            raise RuntimeError("call reset() before playing")
        return self._game

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game, its seed drawn from the generator ``seed`` starts afresh (or from
        where the last game left it when ``seed`` is ``None``). ``options`` is not used. A
        seed other than ``None`` and a whole number of 0 or more raises
        :class:`~rummy500.ConfigError`."""
        check_seed(seed)
        if seed is not None:
            self._rng = random.Random(seed)
        game = new_game(self.config, self.players, self._rng.randrange(SEED_RANGE))
        self._game = game
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: dict[str, Any]() for agent in self.agents}
        self.agent_selection = self.possible_agents[game.current_player]
        self._show()

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees now: its vector and its mask of legal action ids."""
        game = self.game
        player = self._seat_of(agent)
        vector = self.observations.observation_for(game, player)
        if self.scaled_observations:
            vector = self.observations.scaled(vector)
        if game.current_player == player:
            mask = legal_mask(self.actions, game)
        else:
            mask = self._no_moves.copy()
        return {"observation": vector, "action_mask": mask}

    def step(self, action: Action) -> None:
        """Play action id ``action`` for the agent to move (``None`` once its game is over).

        The next hand is dealt when this move ends one. An illegal id ends the game: this
        agent gets -1, the others 0. A value that is no action id at all (a float, a string,
        ``None`` while the agent plays) raises :class:`~rummy500.ActionError`, the game left
        as it was.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ActionError(f"{agent} is still playing: choose an action id, not None")
        number = action_id(action)
        game = self.game
        player = game.current_player
        self._cumulative_rewards[agent] = 0.0
        try:
            move = self.actions.decode(number, game)
        except (ActionError, IllegalMoveError) as error:
            self.rewards[agent] = -1.0
            self.infos[agent] = {"illegal_action": True, "reason": str(error)}
            self._finish(player)
            self._show()
            return
        game = game.apply(move)
        while game.is_chance_node():
            game = game.apply(_DEAL)
        self._game = game
        if game.is_terminal():
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = outcome(game, seat)
            self._finish(player, truncated=stopped_by_limit(game))
        else:
            self.agent_selection = self.possible_agents[game.current_player]
        self._show()

    def abandon(self, agent: str) -> None:
        """End the game at once because ``agent`` left and was not back before their reconnect
        time ran out: every agent is truncated, with reward 0 and ``"ending"`` in its info (see
        the module's description); the agent selected stays selected. Raises
        :class:`~rummy500.StateError` for anything but one of :attr:`possible_agents`, and
        when the episode is over already."""
        seat = self._seat_of(agent)
        self._end_early(lambda game: game.abandon(seat))

    def cancel(self) -> None:
        """End the game at once because the host cancelled it, as :meth:`abandon` does."""
        self._end_early(State.cancel)

    def _end_early(self, end: Callable[[State], State]) -> None:
        """End the episode by ``end``, which ends the game early: every agent truncated."""
        game = self.game  # raises before the first reset
        if not self.agents or any(self.terminations.values()) or any(self.truncations.values()):
            raise StateError("the episode is over: there is no game left to end; call reset()")
        self._game = game = end(game)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.infos = {agent: {"ending": game.ending} for agent in self.agents}
        self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._show()

    def _finish(self, player: int, *, truncated: bool = False) -> None:
        """End the episode after ``player``'s move: every agent is done (truncated, with
        ``truncated``, rather than terminated), and each in turn, starting after ``player``,
        is shown its reward and steps with ``None``."""
        if truncated:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.terminations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.possible_agents[(player + 1) % self.players]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The game as text with ``render_mode="ansi"``; with ``"human"`` the same text
        printed, and ``None`` returned (``None`` without a render mode too)."""
        if self.render_mode is None:
            return None
        return rendered(self.render_mode, render_text(self.game, self.possible_agents))

    def _show(self) -> None:
        """Print the game after a reset or a step with ``render_mode="human"``."""
        if self.render_mode == "human":
            self.render()

    def close(self) -> None:
        """Nothing to release."""


#: PettingZoo's name for the environment without wrappers.
raw_env = Rummy500AECEnv


class _OrderEnforcing(wrappers.OrderEnforcingWrapper[str, Observation, Action]):
    """PettingZoo's checks of the order of calls, with a quicker way through :meth:`last`
    and :meth:`step` once the environment is reset.

    The wrapper reads every attribute of the environment through ``__getattr__``, which
    ``last()`` does five times a step: here a reset environment is asked directly. Every
    call before a reset, and a step once no agent is left, goes through PettingZoo's own
    wrapper, with its errors and warnings.
    """

    env: Rummy500AECEnv

    def last(
        self, observe: bool = True
    ) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            return super().last(observe)
        return self.env.last(observe)

    def step(self, action: Action) -> None:
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)

    def __str__(self) -> str:
        # PettingZoo names an environment in its own order checks by the environment alone.
        if hasattr(self, "metadata"):
            return str(self.env)
        return super().__str__()


def env(
    config: RuleConfig | str = "standard",
    players: int = 3,
    render_mode: str | None = None,
    *,
    scaled_observations: bool = False,
) -> AECEnv[str, Observation, Action]:
    """A :class:`Rummy500AECEnv` wrapped in PettingZoo's checks of the order of calls (a
    subclass of PettingZoo's ``OrderEnforcingWrapper`` that behaves as it does)."""
    return _OrderEnforcing(
        Rummy500AECEnv(config, players, render_mode, scaled_observations=scaled_observations)
    )
