"""Where OpenSpiel's numbers meet the engine's: the ranges of an action and a player id that
OpenSpiel's C++ side holds, the reading of a player argument, and OpenSpiel's player to move in
a state."""

from __future__ import annotations

from typing import Final

import numpy as np
import pyspiel

from rummy500 import State, StateError
from rummy500.core.errors import describe_value

#: OpenSpiel's player id of a chance node, as the int a state compares with.
CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
#: OpenSpiel holds an action in a C++ 64-bit int, and a player in a C++ int: a Python int
#: beyond these it refuses with a TypeError of its own, so the game refuses it first.
MAX_ACTION: Final = 2**63 - 1
PLAYER_IDS: Final = range(-(2**31), 2**31)


def read_player(player: object) -> int:
    """``player``, an argument of ``legal_actions``, as the int OpenSpiel reads."""
    if (isinstance(player, int | np.integer) and not isinstance(player, bool | np.bool_)) and (
        int(player) in PLAYER_IDS
    ):
        return int(player)
    raise StateError(
        f"legal_actions' player is None or a player id (an int from {PLAYER_IDS.start} to "
        f"{PLAYER_IDS.stop - 1}), not {describe_value(player)}"
    )


def player_to_move(state: State) -> int:
    """OpenSpiel's player to move in ``state``: a seat, chance at a deal, terminal at the end."""
    player = state.current_player
    if player >= 0:
        return player
    if state.is_terminal():
        return int(pyspiel.PlayerId.TERMINAL)
    return int(pyspiel.PlayerId.CHANCE)
