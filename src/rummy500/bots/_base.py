"""What every built-in bot shares: the :class:`Bot` protocol, and the checks of the view a bot
chooses from and of the seed it is given."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from rummy500 import ConfigError, Move, PlayerView, StateError
from rummy500.core.errors import describe_value, is_whole


@runtime_checkable
class Bot(Protocol):
    """Anything that chooses a move from a player's view of the game."""

    def choose(self, view: PlayerView) -> Move:
        """One of ``view.legal_moves`` (the view is of the player whose turn it is)."""
        ...


def need_moves(view: PlayerView) -> tuple[Move, ...]:
    """The legal moves of ``view``, which must be a view of the player to move."""
    if not isinstance(view, PlayerView):
        raise StateError(f"a bot chooses from a PlayerView, not {describe_value(view)}")
    if not view.legal_moves:
        raise StateError(
            f"player {view.player} has no move to choose: it is not their turn "
            f"(the player to move is {view.current_player})"
        )
    return view.legal_moves


def check_seed(owner: str, seed: object) -> int:
    """``seed``, which must be a whole number (a bot seeded with ``None`` would not replay)."""
    if not is_whole(seed):
        raise ConfigError(f"{owner} seed must be a whole number, not {describe_value(seed)}")
    return seed
