"""A Gymnasium environment: one seat learns, built-in bots play the others.

Needs the ``rl`` extra (``pip install '.[rl]'`` in a checkout). Importing this module registers the
environment with Gymnasium as ``"rummy500/Rummy500-v0"``:

    >>> import gymnasium
    >>> import rummy500.envs.gymnasium
    >>> game = gymnasium.make(
    ...     "rummy500/Rummy500-v0", config="standard", players=2
    ... )
    >>> observation, info = game.reset(seed=1)
    >>> observation.shape
    (499,)
    >>> first = int(info["action_mask"].argmax())
    >>> game.unwrapped.actions.decode(first, game.unwrapped.game)
    Draw()

(``gymnasium.make("rummy500.envs.gymnasium:rummy500/Rummy500-v0")`` imports the module itself.)

The learner sits at ``seat`` (default 0); the other seats are played by built-in bots named by
``opponents`` (``"greedy"``, the default, or ``"random"``: one name for every other seat, or
one for each in seat order). It observes the ``float32`` vector of
:class:`~rummy500.observations.ObservationSpace` for its own view (``Box``) and acts with the
ids of :class:`~rummy500.toolkit.ActionSpace` (``Discrete(size)``). Each
:meth:`~Rummy500GymEnv.step` plays the learner's move, then the bots' moves and the deals of new
hands until it is the learner's turn again or the game is over.

Legal actions: ``info["action_mask"]`` is an ``int8`` vector with 1 at each legal id, and
:meth:`~Rummy500GymEnv.action_masks` gives the same as booleans (what sb3-contrib's
``MaskablePPO`` asks for). Index with booleans, never with the ``int8`` mask itself:
``logits[mask]`` picks positions 0 and 1, not the legal ids; ``mask.view(np.bool_)`` (no copy)
or ``mask.astype(bool)`` is the boolean mask, ``np.flatnonzero(mask)`` the legal ids.

An illegal action ends the episode at once: reward -1, ``terminated`` true and
``info["illegal_action"]`` true (the game is left as it was). An action is an int or a numpy
integer (the types of Gymnasium's ``Discrete`` space): a float, a string, ``None`` or any
other value raises :class:`~rummy500.ActionError` instead and leaves the episode as it was.

Rewards come at the end of the game, in the return of the ``step`` that ends it (the
learner's last move, or the move after which the bots ended the game): +1 when the learner's
side wins, -1 when another side wins, 0 for a draw; every step before that rewards 0. The
game ends ``terminated`` when it is played out to a result, ``truncated`` (``terminated``
false) when a limit of the rules cut it off: a draw, which only ``hand_limit`` gives (the
last hand played with a tie at the top), or a last hand stopped by ``turn_limit``. The
reward is the same either way (0 for the draw, the leader's side winning a hand cut off).

The online game's early ends come from outside play: :meth:`~Rummy500GymEnv.abandon` (a
player, the learner or a bot, left and was not back before their reconnect time ran out) and
:meth:`~Rummy500GymEnv.cancel` (the host cancelled the game) end it at once with no winner, as
:meth:`State.abandon <rummy500.State.abandon>` does. Gymnasium calls an episode cut off from
outside a *truncation*: each returns what :meth:`~Rummy500GymEnv.step` would, with reward 0,
``terminated`` false, ``truncated`` true and ``info["ending"]`` the :class:`~rummy500.Ending`;
the next call is :meth:`~Rummy500GymEnv.reset`. Behind ``gymnasium.make``'s wrappers, call them
on the environment itself: ``game.unwrapped.abandon(1)``.

``scaled_observations=True`` gives the vectors of
:meth:`ObservationSpace.scaled <rummy500.observations.ObservationSpace.scaled>` (every number
from -1 to 1, the ``Box`` bounds with them) rather than the raw counts, sizes and totals
(totals bounded by the rules at tens of thousands of points, so dividing by the bounds
squashes them to nothing). ``reset(seed=s)`` seeds a
:class:`random.Random` that draws each game's seed and the bots' seeds, so the same seed gives
the same games on every ``reset()`` that follows. ``render_mode="ansi"`` renders the game as
text (the public table and the learner's hand when it is to move); ``render_mode="human"``
prints that text on every ``reset()`` and ``step()``, as Gymnasium asks of that mode (and on
``render()``, which then returns ``None``). For short episodes, give
rules that stop after one hand, such as ``attrs.evolve(config, target=None, hands_per_game=1)``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from rummy500 import (
    ActionError,
    ConfigError,
    Deal,
    IllegalMoveError,
    RuleConfig,
    State,
    StateError,
    new_game,
)
from rummy500.bots import Bot, make_bot
from rummy500.core.errors import describe_value, is_count
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

__all__ = ["ENV_ID", "Rummy500GymEnv"]

#: The id the environment is registered under.
ENV_ID = "rummy500/Rummy500-v0"

_DEAL = Deal()

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


class Rummy500GymEnv(gymnasium.Env[Vector, np.int64]):
    """Rummy 500 under ``config`` (a :class:`~rummy500.RuleConfig` or a preset's name) for
    ``players`` players, the learner at ``seat`` and bots named by ``opponents`` at the other
    seats (see the module's description). :attr:`game` is the :class:`~rummy500.State` being
    played.
    """

    # Text has no frame rate; Gymnasium warns unless one is declared.
    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        config: RuleConfig | str = "standard",
        players: int = 3,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "greedy",
        render_mode: str | None = None,
        scaled_observations: bool = False,
    ) -> None:
        check_render_mode(render_mode)
        rules = resolve_config(config)
        rules.check_players(players)
        if not is_count(seat, players):
            raise ConfigError(
                f"seat must be a seat from 0 to {players - 1}, not {describe_value(seat)}"
            )
        if isinstance(opponents, str):
            names = [opponents] * (players - 1)
        elif isinstance(opponents, Sequence) and all(isinstance(n, str) for n in opponents):
            names = list(opponents)
        else:
            raise ConfigError(
                "opponents must be a bot's name or a list of them, one for each other seat, "
                f"not {describe_value(opponents)}"
            )
        if len(names) != players - 1:
            raise ConfigError(
                f"{players - 1} opponents play with {players} players, not {len(names)}"
            )
        for name in names:
            make_bot(name)  # an unknown name fails here, not at the first reset
        self.config = rules
        self.players = players
        self.seat = seat
        #: The bot names of the other seats, in seat order.
        self.opponents = tuple(names)
        self.render_mode = render_mode
        #: The action ids and the observation layout of these rules and players.
        self.actions = ActionSpace.of(rules, players)
        self.observations = ObservationSpace.of(rules, players)
        #: Whether observations are scaled for learning
        #: (:meth:`~rummy500.observations.ObservationSpace.scaled`).
        self.scaled_observations = check_flag("scaled_observations", scaled_observations)
        low, high = observation_bounds(self.observations, scaled=scaled_observations)
        self.observation_space = spaces.Box(low, high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.actions.size)
        self._names = agent_names(players)
        self._bots: dict[int, Bot] = {}
        self._rng = random.Random()
        self._seeded = False
        self._game: State | None = None
        self._over = False

    @property
    def game(self) -> State:
        """The state of the game being played; raises before the first :meth:`reset`."""
        if self._game is None:
            raise RuntimeError("call reset() before playing")
        return self._game

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, dict[str, Any]]:
        """Start a new game and play the bots' moves up to the learner's first turn.

        Its seed, and the bots', are drawn from the generator ``seed`` starts afresh (or from
        where the last game left it when ``seed`` is ``None``). ``options`` is not used. A
        seed other than ``None`` and a whole number of 0 or more raises
        :class:`~rummy500.ConfigError`.
        """
        check_seed(seed)
        super().reset(seed=seed)
        if seed is not None or not self._seeded:
            self._rng = random.Random(seed)
            self._seeded = True
        rng = self._rng
        while True:
            game = new_game(self.config, self.players, rng.randrange(SEED_RANGE))
            others = [p for p in range(self.players) if p != self.seat]
            self._bots = {
                p: make_bot(name, rng.randrange(SEED_RANGE))
                for p, name in zip(others, self.opponents, strict=True)
            }
            game = self._play_bots(game)
            # A bot can end a one-hand game before the learner's first turn (rarely): that
            # game has nothing to learn from, so the next one is dealt.
            if not game.is_terminal():
                break
        self._game = game
        self._over = False
        self._show()
        return self._observe(game), {"action_mask": self._mask(game)}

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        """Play ``action`` for the learner, then the bots up to its next turn or the end.

        An id that names no legal move ends the episode with -1; a value that is no action id
        at all (a float, a string, ``None``) raises :class:`~rummy500.ActionError`, the episode
        left as it was.
        """
        if self._over:
            raise RuntimeError("the episode is over: call reset()")
        game = self.game
        number = action_id(action)
        try:
            move = self.actions.decode(number, game)
        except (ActionError, IllegalMoveError) as error:
            self._over = True
            info = {
                "action_mask": self._mask(game),
                "illegal_action": True,
                "reason": str(error),
            }
            self._show()
            return self._observe(game), -1.0, True, False, info
        game = self._play_bots(game.apply(move))
        self._game = game
        self._over = game.is_terminal()
        self._show()
        reward = outcome(game, self.seat)
        truncated = stopped_by_limit(game)
        info = {"action_mask": self._mask(game)}
        return self._observe(game), reward, self._over and not truncated, truncated, info

    def abandon(self, player: int) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        """End the episode at once because ``player`` (a seat: the learner's or a bot's) left
        and was not back before their reconnect time ran out: what :meth:`step` returns, the
        episode truncated with reward 0 (see the module's description). Raises
        :class:`~rummy500.StateError` for a seat that is not one, and when the episode is over
        already."""
        return self._end_early(lambda game: game.abandon(player))

    def cancel(self) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        """End the episode at once because the host cancelled the game, as :meth:`abandon`
        does."""
        return self._end_early(State.cancel)

    def _end_early(
        self, end: Callable[[State], State]
    ) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        """End the episode by ``end``, which ends the game early: truncated, reward 0."""
        if self._over:
            raise StateError("the episode is over: there is no game left to end; call reset()")
        game = self._game = end(self.game)
        self._over = True
        self._show()
        info = {"action_mask": self._mask(game), "ending": game.ending}
        return self._observe(game), 0.0, False, True, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Which action ids are legal now, as booleans (sb3-contrib's ``MaskablePPO`` calls
        this)."""
        return self._mask(self.game).astype(np.bool_)

    def render(self) -> str | None:
        """The game as text with ``render_mode="ansi"``; with ``"human"`` the same text
        printed, and ``None`` returned (``None`` without a render mode too)."""
        if self.render_mode is None:
            return None
        return rendered(self.render_mode, render_text(self.game, self._names))

    def _show(self) -> None:
        """Print the game after a reset or a step with ``render_mode="human"``."""
        if self.render_mode == "human":
            self.render()

    def _play_bots(self, game: State) -> State:
        """``game`` after the bots' moves and the deals, up to the learner's turn or the end."""
        seat = self.seat
        bots = self._bots
        while True:
            player = game.current_player
            if player == seat or game.is_terminal():
                return game
            if game.is_chance_node():
                game = game.apply(_DEAL)
            else:
                game = game.apply(bots[player].choose(game.view(player)))

    def _observe(self, game: State) -> Vector:
        vector = self.observations.observation_for(game, self.seat)
        return self.observations.scaled(vector) if self.scaled_observations else vector

    def _mask(self, game: State) -> Mask:
        if game.current_player != self.seat:
            return np.zeros(self.actions.size, dtype=np.int8)
        return legal_mask(self.actions, game)


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:Rummy500GymEnv")
