"""An OpenSpiel game: Rummy 500 for OpenSpiel's search, learning and evaluation code.

Needs OpenSpiel (the ``openspiel`` extra: ``pip install '.[openspiel]'`` in a checkout).
Importing this module registers the game with ``pyspiel`` under the name
``"python_rummy500"``:

    >>> import pyspiel
    >>> import rummy500.envs.openspiel
    >>> game = pyspiel.load_game("python_rummy500", {"players": 2, "hands": 1})
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes())
    (True, 4096)
    >>> state.apply_action(7)  # deal the first hand from game seed 7
    >>> state.current_player(), state.legal_actions()
    (1, [0])
    >>> state.action_to_string(0)
    'draw'

**Parameters.** ``preset`` (a preset's name, ``"standard"`` unless given) or ``rules`` (a
:class:`~rummy500.RuleConfig`, as JSON as :func:`rummy500.dumps` writes it or in the form
:func:`rules_parameter` writes; it wins over ``preset``), ``players`` (3 unless given),
``hands`` (0: the game ends as the rules say; a number ``n``: the game ends after ``n`` hands,
whoever leads winning, and not on reaching the target) and ``seeds`` (the number of chance
outcomes of each deal, 4096 unless given, at most :data:`MAX_SEEDS`). A parameter of the wrong
type or out of range raises :class:`~rummy500.ConfigError`, and rules that cannot be read
:class:`~rummy500.SerializationError`. (``pyspiel.load_game`` itself refuses a number of 2**31
or more, with its own ``RuntimeError``, before the game sees it.)

**The game's string.** ``str(game)`` is the game's name and parameters, which
``pyspiel.load_game(str(game))`` reads back into an equal game, and which
``pyspiel.serialize_game_and_state`` saves with a state. OpenSpiel's reading of that string
splits it at commas, ``=`` and parentheses, and JSON holds commas: so the game keeps the rules
in the form :func:`rules_parameter` writes (URL-safe base64 of the JSON, none of those
characters in it), whichever form they were given in, and that is what ``str(game)`` and
``game.get_parameters()["rules"]`` show:

    >>> from rummy500 import RuleConfig
    >>> rules = RuleConfig(target=300)
    >>> params = {"rules": rummy500.dumps(rules)}
    >>> game = pyspiel.load_game("python_rummy500", params)
    >>> str(game)
    'python_rummy500(hands=0,players=3,preset=standard,rules=eyJ...,seeds=4096)'
    >>> pyspiel.load_game(str(game)).config == rules
    True

**Actions.** A player's action is an id of :class:`~rummy500.toolkit.ActionSpace` for these
rules and players (``num_distinct_actions`` is its ``size``): ``legal_actions()`` lists the ids
of the engine's legal moves, and ``apply_action`` decodes the id and plays the move. An id is an
int or a numpy integer: any other value raises :class:`~rummy500.ActionError`, as does an id out
of range; an id in range that names no legal move raises :class:`~rummy500.IllegalMoveError`
(the state is left as it was).

**Chance.** Every deal is a chance node: the state before the first hand, and every state
between two hands (the engine's own chance node, where the next move is the deal). Its
``seeds`` outcomes are equally likely seeds; the outcome is the seed the engine shuffles that
hand with (for the first hand it also draws the first dealer). The shuffle is the only thing
left to chance in a hand (the stock turned over when it runs out is shuffled from the same
seed), so each hand is one draw among ``seeds`` equally likely deals, independent of the hands
before: every deal of the real game cannot be an outcome, but no outcome is favoured and no
hand's deal follows from another's. Applying a number that is not one of the outcomes (a seed
below 0 or from ``seeds`` on) raises :class:`~rummy500.ActionError`. A player does not see the
seed: information states and observations are built from what the player sees of the cards.

**Rewards.** Only at the end of the game: +1 for each player of the winning side, -1 for every
other player, 0 for everyone in a drawn game, as in the other environments of
:mod:`rummy500.envs`. The game is therefore general-sum (with two sides it sums to 0). The
online game's early ends, ``state.abandon(player)`` and ``state.cancel()`` (a player left, the
host cancelled: no actions, applied from outside), make the state terminal with no winner:
every return is 0, as in a drawn game.

**Observations.** ``information_state_string`` is
:meth:`State.information_state_string <rummy500.State.information_state_string>` (the log of
the hand included). ``observation_string`` is the same text without the log, and
``observation_tensor`` the vector of :class:`~rummy500.observations.ObservationSpace` of the
player's view. ``information_state_tensor`` is the vector of
:class:`~rummy500.infostate.InformationStateSpace` (the observation, whole-hand summaries of
the log and its last :data:`~rummy500.infostate.HISTORY` events): of fixed size, it recalls the
last events exactly and the earlier ones only through the summaries, where the string recalls
every event. Nothing in them depends on a card the player cannot see.

**Determinization.** ``state.resample_from_infostate(player, sampler)`` returns a state the
player cannot tell from this one (see :func:`rummy500.toolkit.sample_world`), which is what
OpenSpiel's IS-MCTS bot asks for.

**Length.** ``max_game_length`` is a bound, far above any real game: ``hand_limit`` hands of
``turn_limit`` turns, each turn counted as at most ``2 * deck + 2 * players + 4`` actions
(a draw or a take, a meld or lay-off per card put down, a discard, every other player's call
or pass, a caller's melds), plus one deal per hand. OpenSpiel holds the length in a C++
``int``: when the bound passes ``2**31 - 1`` (a ``turn_limit`` or ``hand_limit`` in the tens
of thousands), ``max_game_length`` is ``2**31 - 1``, which no game played comes near.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Final

import numpy as np
import pyspiel

from rummy500 import (
    ActionError,
    ConfigError,
    Deal,
    IllegalMoveError,
    Phase,
    RuleConfig,
    State,
    StateError,
    new_game,
)
from rummy500.core.errors import describe_value, quote_value
from rummy500.envs._common import action_id, agent_names, outcome, render_text
from rummy500.envs._openspiel_ids import (
    CHANCE,
    MAX_ACTION,
    PLAYER_IDS,
    player_to_move,
    read_player,
)
from rummy500.envs._openspiel_observer import _Observer
from rummy500.envs._openspiel_params import (
    DEFAULT_SEEDS,
    GAME_TYPE,
    MAX_GAME_LENGTH,
    MAX_SEEDS,
    SHORT_NAME,
    check_params,
    encoded_rules,
    game_rules,
    max_game_length,
)
from rummy500.infostate import InformationStateSpace
from rummy500.observations import ObservationSpace
from rummy500.toolkit import ActionSpace, WorldSampler

__all__ = [
    "DEFAULT_SEEDS",
    "GAME_TYPE",
    "MAX_GAME_LENGTH",
    "MAX_SEEDS",
    "SHORT_NAME",
    "Rummy500Game",
    "Rummy500State",
    "rules_parameter",
]

_DEAL: Final = Deal()


class _SpielStateError(StateError, pyspiel.SpielError):  # type: ignore[misc]
    """A question OpenSpiel's own method refuses, such as the legal actions of a pseudo-player
    (chance at a player's turn): its ``SpielError``, which OpenSpiel's code expects and
    catches, that is also the package's :class:`~rummy500.StateError`."""


# Defined in this module, which a serialized state names as the home of the class it pickles.
class _Shared:
    """What every state of one game shares: the rules, the action, observation and
    information-state spaces.

    OpenSpiel clones a Python state by deep-copying its attributes and serializes it by
    pickling them: this is shared by a clone rather than copied, and pickled as the arguments
    that rebuild it.
    """

    __slots__ = (
        "actions",
        "config",
        "information_states",
        "observations",
        "outcomes",
        "players",
        "sampler",
        "seeds",
    )

    def __init__(self, config: RuleConfig, players: int, seeds: int) -> None:
        self.config = config
        self.players = players
        self.seeds = seeds
        self.actions = ActionSpace.of(config, players)
        self.observations = ObservationSpace.of(config, players)
        self.information_states = InformationStateSpace.of(config, players)
        chance = 1.0 / seeds
        self.outcomes = tuple((seed, chance) for seed in range(seeds))
        #: The last state resampled, the player it was for and the sampler of their view: a
        #: search resamples one state over and over, and reads its log once that way.
        self.sampler: tuple[State, int, WorldSampler] | None = None

    def __deepcopy__(self, memo: dict[int, object]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[type[_Shared], tuple[RuleConfig, int, int]]:
        return (_Shared, (self.config, self.players, self.seeds))


def rules_parameter(config: RuleConfig) -> str:
    """The game parameter ``rules`` for ``config`` as the game's string holds it: the JSON of
    ``config`` without spaces, in URL-safe base64 without padding.

    It holds only letters, digits, ``-`` and ``_``, none of which OpenSpiel's reading of a
    game's string treats specially (JSON's commas end a parameter there), so a game string
    can be written by hand too:

        >>> rules = rules_parameter(RuleConfig(target=300))
        >>> text = f"python_rummy500(players=2,rules={rules})"
        >>> pyspiel.load_game(text).config.target
        300
    """
    if not isinstance(config, RuleConfig):
        raise ConfigError(
            f"rules_parameter's config must be a RuleConfig, not {describe_value(config)}"
        )
    return encoded_rules(config)


class Rummy500Game(pyspiel.Game):  # type: ignore[misc]
    """Rummy 500 as an OpenSpiel game (see the module's description).

    Load it with ``pyspiel.load_game("python_rummy500", params)``, or build it directly with
    ``Rummy500Game(params)``; ``params`` (a dict, or ``None``) may leave out any parameter.
    :attr:`config` is the rule set and :attr:`players` the number of players.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        if params is not None and not isinstance(params, Mapping):
            raise ConfigError(
                "the game parameters are a dict of their names and values, not "
                + describe_value(params)
            )
        full = {**GAME_TYPE.parameter_specification, **(params or {})}
        check_params(full)
        # The game's string must read back (pyspiel.load_game(str(game))): the rules are kept
        # in a form it can hold, whatever form they came in.
        config, full["rules"] = game_rules(full)
        players = full["players"]
        config.check_players(players)
        seeds = full["seeds"]
        self._shared = _Shared(config, players, seeds)
        info = pyspiel.GameInfo(
            num_distinct_actions=self._shared.actions.size,
            max_chance_outcomes=seeds,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=max_game_length(config, players),
        )
        super().__init__(GAME_TYPE, info, full)

    @property
    def config(self) -> RuleConfig:
        """The rules this game is played under."""
        return self._shared.config

    @property
    def players(self) -> int:
        """The number of players."""
        return self._shared.players

    def new_initial_state(self) -> Rummy500State:
        """The state before the first deal (a chance node)."""
        return Rummy500State(self, self._shared)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        """An observer for OpenSpiel: the information state (string and tensor) with perfect
        recall, the observation otherwise (see the module's description).

        ``iig_obs_type`` is ``None`` or a ``pyspiel.IIGObservationType`` of one player's view,
        and ``params`` ``None`` or empty: anything else raises :class:`~rummy500.ConfigError`
        (a ``ValueError``, as OpenSpiel's own games raise for an observer they cannot make).
        """
        if params is not None and (not isinstance(params, Mapping) or params):
            raise ConfigError(
                "the observer takes no parameters (params is None or empty), not "
                + quote_value(params)
            )
        if iig_obs_type is not None and not isinstance(iig_obs_type, pyspiel.IIGObservationType):
            raise ConfigError(
                "the observer's iig_obs_type is None or a pyspiel.IIGObservationType, not "
                + describe_value(iig_obs_type)
            )
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ConfigError(
                "the observer shows one player's view: public and private information"
            )
        shared = self._shared
        return _Observer(
            shared.observations,
            shared.information_states,
            shared.players,
            perfect_recall=perfect_recall,
        )


class Rummy500State(pyspiel.State):  # type: ignore[misc]
    """A state of :class:`Rummy500Game`: a :class:`~rummy500.State` inside, or nothing before
    the first deal.

    :attr:`game_state` is that state. Cloning shares it (rummy500 states never change), and
    applying an action replaces it.
    """

    def __init__(self, game: Rummy500Game, shared: _Shared) -> None:
        super().__init__(game)
        self._shared = shared
        self._state: State | None = None
        # OpenSpiel asks for the player to move several times an action: it is worked out
        # once, when the state changes.
        self._player = int(pyspiel.PlayerId.CHANCE)

    @property
    def game_state(self) -> State | None:
        """The rummy500 state, ``None`` before the first deal."""
        return self._state

    def current_player(self) -> int:
        """The player to move, ``PlayerId.CHANCE`` at a deal, ``PlayerId.TERMINAL`` at the end."""
        return self._player

    def is_chance_node(self) -> bool:
        """Whether the next action is a deal (as OpenSpiel's own test, without its call back
        into Python for the player to move)."""
        return self._player == CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action ids of the player to move (or of ``player``), sorted.

        OpenSpiel's own method asks Python four times (whether the game is over, the player
        to move twice, the ids) and converts the list both ways: for the player to move it
        is answered here at once, and any other question goes to OpenSpiel's method (which
        raises ``pyspiel.SpielError`` for a pseudo-player such as chance at a player's turn).
        A ``player`` that is not an int (or a numpy integer) of a C++ int's range raises
        :class:`~rummy500.StateError`, where OpenSpiel would raise a ``TypeError``.
        """
        current = self._player
        if player is None:
            if current >= 0:
                return self._legal_actions(current)
            return super().legal_actions()  # type: ignore[no-any-return]
        if type(player) is not int or player not in PLAYER_IDS:
            player = read_player(player)
        if player == current >= 0:
            return self._legal_actions(current)
        try:
            return super().legal_actions(player)  # type: ignore[no-any-return]
        except pyspiel.SpielError as error:
            raise _SpielStateError(str(error)) from None

    def _legal_actions(self, player: int) -> list[int]:
        state = self._state
        assert state is not None
        assert player == state.current_player
        return self._shared.actions.legal_actions(state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every seed of the deal, each as likely as the others."""
        assert self.is_chance_node()
        return list(self._shared.outcomes)

    def apply_action(self, action: int) -> None:
        """Play action ``action``: a player's action id, or at a deal the seed drawn.

        A value that is not an int or a numpy integer raises :class:`~rummy500.ActionError`
        here, where OpenSpiel would raise a ``TypeError`` of its own; the rest is checked as
        the action is applied (see the module's description).
        """
        if type(action) is not int or not 0 <= action <= MAX_ACTION:
            action = self._checked(action)
        super().apply_action(action)

    def _checked(self, action: object) -> int:
        """``action`` as an int, for OpenSpiel to apply (it refuses -1 itself, as no action,
        and a number beyond a C++ 64-bit int with a TypeError: the error for either is raised
        here instead)."""
        number = action_id(action)
        if not 0 <= number <= MAX_ACTION:
            self._check_outcome(number)
            state = self._state
            assert state is not None  # the first state is a deal
            self._shared.actions.decode(number, state)  # raises: no id is out of this range
        return number

    def _check_outcome(self, action: int) -> None:
        """Refuse ``action`` at a deal unless it is one of its chance outcomes."""
        seeds = self._shared.seeds
        if self._player == CHANCE and not 0 <= action < seeds:
            raise ActionError(
                f"a deal's chance outcomes are the seeds 0 to {seeds - 1}, not "
                + describe_value(action)
            )

    def _apply_action(self, action: int) -> None:
        self._check_outcome(action)
        state = self._state
        shared = self._shared
        if state is None:
            self._state = new_game(shared.config, shared.players, action)
        elif state.is_chance_node():
            # The engine deals every hand from the state's seed: the outcome becomes the seed.
            self._state = state.with_seed(action).apply(_DEAL)
        else:
            self._state = state.apply(shared.actions.decode(action, state))
        self._player = player_to_move(self._state)

    def _action_to_string(self, player: int, action: int) -> str:
        state = self._state
        if player == pyspiel.PlayerId.CHANCE:
            number = 0 if state is None else state.hand_number + 1
            return f"deal hand {number} from seed {action}"
        if state is not None and state.current_player == player:
            try:
                return str(self._shared.actions.decode(action, state))
            except (ActionError, IllegalMoveError):
                pass
        # Not a legal action here (the move a lay-off id names depends on the table).
        return self._shared.actions.describe(action)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        state = self._state
        return state is not None and state.is_terminal()

    def returns(self) -> list[float]:
        """Each player's reward: +1, -1 or 0 at the end of the game, 0 before."""
        state = self._state
        if state is None:
            return [0.0] * self._shared.players
        return [outcome(state, p) for p in range(self._shared.players)]

    def abandon(self, player: int) -> None:
        """End the game at once: ``player`` left and was not back before their reconnect time
        ran out (:meth:`State.abandon <rummy500.State.abandon>`). The state is then terminal,
        every return 0; ``history()`` does not hold it, as it is no action. Raises
        :class:`~rummy500.StateError` before the first deal, once the game is over, or for a
        player not in the game."""
        self._end_early(lambda state: state.abandon(player))

    def cancel(self) -> None:
        """End the game at once: the host cancelled it, as :meth:`abandon` ends it."""
        self._end_early(State.cancel)

    def _end_early(self, end: Callable[[State], State]) -> None:
        state = self._state
        if state is None:
            raise StateError("nothing is dealt yet: a game ends early once its first hand is dealt")
        self._state = state = end(state)
        self._player = player_to_move(state)

    def rewards(self) -> list[float]:
        """The rewards of the last action: the returns at the end of the game, 0 before."""
        return self.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Rummy500State:
        """A state ``player_id`` cannot tell from this one, its hidden cards dealt at random
        by :func:`rummy500.toolkit.sample_world` (the same state at a deal or at the end of the
        game). The view is read once for a run of calls on the same state and player (a
        :class:`~rummy500.toolkit.WorldSampler`): a search resamples its root over and over.

        ``probability_sampler`` is called once, for a number in [0, 1) that seeds the deal. One
        that is not a function, or returns anything but a number from 0 to 1, raises
        :class:`~rummy500.ConfigError`.
        """
        if not callable(probability_sampler):
            raise ConfigError(
                "resample_from_infostate's probability_sampler is a function that returns a "
                f"number from 0 to 1, not {describe_value(probability_sampler)}"
            )
        clone: Rummy500State = self.clone()
        state = self._state
        if state is None or state.phase >= Phase.HAND_OVER:
            return clone
        drawn = probability_sampler()
        if (
            not isinstance(drawn, float | int | np.floating | np.integer)
            or isinstance(drawn, bool)
            or not 0 <= drawn <= 1
        ):
            raise ConfigError(
                "resample_from_infostate's probability_sampler returns a number from 0 to 1, "
                f"not {describe_value(drawn)}"
            )
        rng = random.Random(int(float(drawn) * 2**53))
        shared = self._shared
        last = shared.sampler
        if last is None or last[0] is not state or last[1] != player_id:
            last = shared.sampler = (state, player_id, WorldSampler(state.view(player_id)))
        clone._state = world = last[2].sample(rng)
        clone._player = player_to_move(world)
        return clone

    def __str__(self) -> str:
        state = self._state
        if state is None:
            return "Nothing dealt yet."
        # A deserialized state has the log of the hand but not the undo chain that gives the
        # last move: the text is built from what both have, so that they print alike.
        text = render_text(state.detached(), agent_names(self._shared.players))
        log = state.log
        return f"{text}\nLast event: {log[-1]}" if log else text


pyspiel.register_game(GAME_TYPE, Rummy500Game)
