"""What the environments share: the rules they are given, the bounds of the observation
vector, the reading and mask of action ids, the end-of-game rewards and the text rendering."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from rummy500 import ActionError, ConfigError, RuleConfig, State, presets
from rummy500.core.errors import describe_value, is_count
from rummy500.observations import ObservationSpace
from rummy500.render import game_result_line, hand_text, move_words, side_names, table_lines
from rummy500.toolkit import ActionSpace

#: A game seed drawn from an environment's random generator lies below this.
SEED_RANGE = 2**32

#: The render modes of the PettingZoo and Gymnasium environments: ``"ansi"`` returns the text,
#: ``"human"`` prints it.
RENDER_MODES = ("ansi", "human")

_INT8 = np.dtype(np.int8)


def resolve_config(config: RuleConfig | str) -> RuleConfig:
    """The rules named by ``config``: a :class:`RuleConfig` as it is, a preset by its name
    (anything else raises :class:`~rummy500.ConfigError`)."""
    if isinstance(config, RuleConfig):
        return config
    if isinstance(config, str):
        return presets.get(config)
    raise ConfigError(f"config must be a RuleConfig or a preset name, not {describe_value(config)}")


def check_seed(seed: object) -> None:
    """Refuse a seed of ``reset`` other than ``None`` and a whole number of 0 or more."""
    if seed is not None and not is_count(seed):
        raise ConfigError(
            f"seed must be None or a whole number of 0 or more, not {describe_value(seed)}"
        )


def check_render_mode(render_mode: object) -> None:
    """Refuse a render mode other than ``None`` and those of :data:`RENDER_MODES`."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ConfigError(
            "render_mode must be None, 'ansi' or 'human', not " + describe_value(render_mode)
        )


def action_id(action: object) -> int:
    """``action`` as an action id: an int, a numpy integer (what ``Discrete.sample`` gives) or
    a numpy integer array of no dimensions, the types Gymnasium's ``Discrete.contains`` takes.

    Anything else (a float, a string, ``None``, a bool, which Python counts as an int but
    numpy does not count as an integer) is no action of a ``Discrete`` space, whatever its
    value: it raises :class:`~rummy500.ActionError`. An id that names no legal move is left to
    the environment, which scores it as an illegal action.
    """
    if type(action) is int:
        return action
    if (isinstance(action, int | np.integer) and not isinstance(action, bool)) or (
        isinstance(action, np.ndarray)
        and action.shape == ()
        and np.issubdtype(action.dtype, np.integer)
    ):
        return int(action)
    raise ActionError(f"an action id is an int or a numpy integer, not {describe_value(action)}")


def agent_names(players: int) -> list[str]:
    """The agents' names, by seat: ``player_0``, ``player_1``, ..."""
    return [f"player_{p}" for p in range(players)]


def check_flag(name: str, value: object) -> bool:
    """``value`` when it is a bool; anything else raises :class:`~rummy500.ConfigError` naming
    the keyword ``name``."""
    if not isinstance(value, bool):
        raise ConfigError(f"{name} must be True or False, not {describe_value(value)}")
    return value


def observation_bounds(
    space: ObservationSpace, *, scaled: bool = False
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """The least and greatest value each number of ``space``'s vectors can take (of its
    :meth:`~rummy500.observations.ObservationSpace.scaled` vectors with ``scaled``).

    The bounds are finite and follow from the rules: no card column counts more copies than
    the decks hold, no hand or pile more cards than the game uses, no hand lasts more than
    ``turn_limit`` turns nor a game more than ``hand_limit`` hands, and no side scores more
    in one hand (either way) than every card's top value plus the going-out bonus.
    """
    if scaled:
        return space.scaled_bounds()
    config = space.config
    players = space.players
    deck = config.deck_size(players)
    copies = config.decks[players] + config.jokers(players)
    values = config.card_values
    top = max(*values.by_rank, values.low_ace, values.high_ace, values.joker)
    per_hand = deck * top + config.going_out_bonus
    low = np.zeros(space.size, dtype=np.float32)
    high = np.ones(space.size, dtype=np.float32)
    limits = {
        "hand": copies,
        "pile": copies,
        "table_jokers": copies,
        "hand_sizes": deck,
        "stock_size": deck,
        "pile_size": deck,
        "turn": config.turn_limit,
        "hand_number": config.hand_limit,
        "totals": config.hand_limit * per_hand,
    }
    for part in space.layout():
        limit = limits.get(part.name)
        if limit is None and part.name.startswith("table_seat_"):
            limit = copies
        if limit is not None:
            high[part.start : part.stop] = limit
        if part.name == "totals":
            low[part.start : part.stop] = -limit if limit is not None else 0
    return low, high


def legal_mask(actions: ActionSpace, state: State) -> npt.NDArray[np.int8]:
    """A new writable ``int8`` vector of ``actions.size`` numbers, 1 at each legal id of
    ``state`` (the bytes of :meth:`ActionSpace.mask`)."""
    # A writable array over a copy of the mask's bytes (quicker than numpy's copy).
    return np.frombuffer(bytearray(actions.mask(state)), _INT8)


def stopped_by_limit(state: State) -> bool:
    """Whether ``state`` is a game over that was cut off rather than played out to a result:
    a draw (the ``hand_limit`` reached with a tie at the top), a last hand stopped by
    ``turn_limit``, nobody out, or a game ended early from outside (a player who left, a host
    who cancelled it: :attr:`State.ending <rummy500.play.position.Position.ending>`), the only
    ways a game ends without a winner but the draw. Gymnasium and PettingZoo call such an
    ending a *truncation*; every other end of a game is a *termination*."""
    if not state.is_terminal():
        return False
    return state.winner is None or (
        state.went_out is None and state.turn >= state.config.turn_limit
    )


def outcome(state: State, player: int) -> float:
    """``player``'s reward at the end of the game: +1 if their side won, -1 if another side
    won, 0 for a draw or a game ended early with no winner (and 0 while the game goes on)."""
    if not state.is_terminal() or state.winner is None:
        return 0.0
    side = state.config.side_of(player, state.players)
    return 1.0 if side == state.winner else -1.0


def rendered(render_mode: str, text: str) -> str | None:
    """What ``render()`` gives in ``render_mode``: ``text`` itself for ``"ansi"``; for
    ``"human"`` nothing, the text printed instead."""
    if render_mode == "human":
        print(text)
        return None
    return text


def render_text(state: State, names: list[str]) -> str:
    """The game as text: the hand and scores, the last move, the public table and the hand of
    the player to move (no other hand, and never the stock)."""
    lines = [
        f"Hand {state.hand_number + 1}, turn {state.turn + 1}, {state.phase.name.lower()}. "
        + "Totals: "
        + ", ".join(
            f"{side} {total}"
            for side, total in zip(side_names(state, names), state.totals, strict=True)
        )
    ]
    last = state.last_move
    if last is not None and state.parent is not None:
        mover = state.parent.current_player
        who = names[mover] if mover >= 0 else "The dealer"
        lines.append(f"Last move: {who} {move_words(last)}.")
    player = state.current_player
    lines.extend(table_lines(state.view(max(player, 0)), names))
    if player >= 0:
        lines.append(f"  {names[player]} to move holds: {hand_text(state.hands[player])}")
    elif state.is_terminal():
        lines.append(game_result_line(state, names))
    return "\n".join(lines)
