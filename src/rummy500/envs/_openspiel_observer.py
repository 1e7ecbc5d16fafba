"""The OpenSpiel game's observer: the information state (string and tensor) with perfect
recall, the observation otherwise, of a player of a state of the game."""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np

from rummy500 import State
from rummy500.infostate import InformationStateSpace
from rummy500.observations import ObservationSpace


class Observed(Protocol):
    """What the observer reads of a state of the game: the rummy500 state inside it."""

    @property
    def game_state(self) -> State | None:
        """The rummy500 state, ``None`` before the first deal."""
        ...


def _observation_text(state: State, player: int) -> str:
    # The information state's text ends with the log: the observation is all that comes
    # before it, so the two always agree on everything else.
    text = state.information_state_string(player)
    return text.split("\nlog:", 1)[0]


class _Observer:
    """OpenSpiel's observer interface: ``tensor``, ``dict``, ``set_from`` and ``string_from``.

    ``observations`` and ``information_states`` are the game's spaces, and ``players`` its
    number of players.
    """

    def __init__(
        self,
        observations: ObservationSpace,
        information_states: InformationStateSpace,
        players: int,
        *,
        perfect_recall: bool,
    ) -> None:
        self._observations = observations
        self._information_states = information_states
        self._players = players
        self._perfect_recall = perfect_recall
        self._last: tuple[State, int, str] | None = None
        self.tensor: np.ndarray[Any, np.dtype[np.float32]]
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]]
        if perfect_recall:
            self.tensor = np.zeros(information_states.size, np.float32)
            self.dict = {"info_state": self.tensor}
        else:
            self.tensor = np.zeros(observations.size, np.float32)
            self.dict = {"observation": self.tensor}

    def set_from(self, state: Observed, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` knows of ``state`` (with perfect recall)
        or sees now."""
        tensor = self.tensor
        inner = state.game_state
        if inner is None:
            tensor.fill(0)
        elif self._perfect_recall:
            tensor[:] = self._information_states.information_state_for(inner, player)
        else:
            tensor[:] = self._observations.observation(inner.view(player))

    def string_from(self, state: Observed, player: int) -> str:
        """What ``player`` knows of ``state`` (with perfect recall) or sees now, as text."""
        inner = state.game_state
        if inner is None:
            return f"player {player} of {self._players}; nothing dealt yet"
        # Search asks for the same state's text several times in a row (IS-MCTS looks a node
        # up by it, then creates it), and the text of a long log is not cheap.
        last = self._last
        if last is not None and last[0] is inner and last[1] == player:
            return last[2]
        if self._perfect_recall:
            text = inner.information_state_string(player)
        else:
            text = _observation_text(inner, player)
        self._last = (inner, player, text)
        return text
