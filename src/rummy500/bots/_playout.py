"""Playouts, what the search bots value a move by: the default playout policy
(:func:`playout_move`), a world played on to the end of its hand (:func:`playout`) and the value
of the hand to each player (:func:`hand_value`, in units of :data:`SCALE`)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final, cast

from rummy500 import ConfigError, Move, Phase, State, StateError
from rummy500.core.errors import describe_value
from rummy500.toolkit import play_out, playout_step

#: Read once (an enum member read from its class costs more than the test itself).
_HAND_OVER: Final = Phase.HAND_OVER

#: The points of a hand's score difference that make one unit of playout value.
SCALE: Final = 100.0

#: A playout policy: a move for the player to move in a state (a world's full state).
Policy = Callable[[State, random.Random], Move]


def _check_playout(function: str, state: object, rng: object) -> None:
    """Refuse a state and a random number generator that a playout cannot play with."""
    if not isinstance(state, State):
        raise StateError(f"{function} plays from a State, not {describe_value(state)}")
    if not isinstance(rng, random.Random):
        raise ConfigError(f"{function}'s rng must be a random.Random, not {describe_value(rng)}")


def playout_move(state: State, rng: random.Random) -> Move:
    """The default playout policy's move in ``state``, for whoever is to move.

    It plays on a world's full state: put down the meld or lay-off with the most cards; call
    rummy whenever allowed; take at most two cards from the pile when the deepest of them can go
    down this turn, otherwise draw; discard the
    highest-value card that makes no pair and no short run with another card, at random among
    equals. It is cheap, and close enough to how people play for playouts to tell good moves
    from bad. The toolkit works it out (:func:`~rummy500.toolkit.playout_step`, and
    :func:`~rummy500.toolkit.play_out` for a whole hand) from only what it weighs, not every
    legal move. A ``state`` that is not a :class:`~rummy500.State` raises
    :class:`~rummy500.StateError`, an ``rng`` that is not a :class:`random.Random`
    :class:`~rummy500.ConfigError`.
    """
    _check_playout("playout_move", state, rng)
    if state.phase >= _HAND_OVER:
        # Between hands the one legal move is the deal; a finished game has none.
        moves = state.legal_moves()
        return moves[0] if len(moves) == 1 else rng.choice(moves)
    move = playout_step(state, rng).last_move
    assert move is not None
    return move


def playout(state: State, rng: random.Random, policy: Policy = playout_move) -> State:
    """Play ``state`` on to the end of its hand with ``policy`` for every player (the default
    policy as :func:`~rummy500.toolkit.play_out` plays it: the same moves, and the same
    numbers drawn from ``rng``).

    Raises :class:`~rummy500.StateError` for a ``state`` that is not a
    :class:`~rummy500.State`, and :class:`~rummy500.ConfigError` for an ``rng`` that is not a
    :class:`random.Random` or a ``policy`` that cannot be called.
    """
    _check_playout("playout", state, rng)
    policy = check_policy("playout", policy)
    if policy is playout_move:
        # The toolkit plays the default policy without listing every legal move.
        return play_out(state, rng)
    while state.phase < _HAND_OVER:
        state = state.apply(policy(state, rng))
    return state


def hand_value(state: State) -> tuple[float, ...]:
    """Each player's value of the hand just ended in ``state``: their side's score of the hand
    less the mean of the other sides' scores, over :data:`~rummy500.bots.SCALE`."""
    if not isinstance(state, State) or not state.history:
        raise StateError(
            f"hand_value scores a State whose hand is over, not {describe_value(state)}"
            + (" with no hand played" if isinstance(state, State) else "")
        )
    config = state.config
    players = state.players
    per_side = side_values(state.history[-1])
    return tuple(per_side[config.side_of(p, players)] for p in range(players))


def side_values(scores: tuple[int, ...]) -> list[float]:
    """Each side's value of a hand its sides scored ``scores``: what :func:`hand_value` gives
    each of the side's players."""
    sides = len(scores)
    total = sum(scores)
    return [(s - (total - s) / (sides - 1)) / SCALE for s in scores]


def check_policy(owner: str, policy: object) -> Policy:
    """``policy``, which must be a function (a playout policy)."""
    if not callable(policy):
        raise ConfigError(
            f"{owner} policy must be a function of a state and a random.Random that returns a "
            f"move, not {describe_value(policy)}"
        )
    return cast(Policy, policy)
