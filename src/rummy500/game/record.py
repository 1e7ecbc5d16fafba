"""A game as its starting point and the moves played since (:class:`GameRecord`): the compact way
to save a game, which replays to its final state. Its JSON form is in
:mod:`rummy500.game.documents`.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from rummy500.core.errors import (
    ConfigError,
    IllegalMoveError,
    MoveParseError,
    StateError,
    describe_value,
    is_whole,
    quote_value,
)
from rummy500.game.state import State, new_game
from rummy500.play.moves import Move
from rummy500.rules.config import RuleConfig

__all__ = ["GameRecord"]


def _move_tuple(moves: Iterable[Move]) -> tuple[Move, ...]:
    if isinstance(moves, str | bytes) or not isinstance(moves, Iterable):
        raise MoveParseError(
            f"a game record's moves are an iterable of moves, not {describe_value(moves)}"
        )
    out = tuple(moves)
    for m in out:
        if not isinstance(m, Move):
            raise MoveParseError(f"a game record holds moves, not {quote_value(m)}")
    return out


@attrs.frozen
class GameRecord:
    """A game as its starting point and the moves played since: the compact way to save it.

    ``config``, ``players``, ``seed`` and ``dealer`` are the arguments that
    :func:`~rummy500.game.state.new_game` was called with (``dealer`` is ``None`` when the first
    dealer was chosen by the draw for deal). ``moves`` is the line of play, oldest first.
    """

    config: RuleConfig
    players: int
    seed: int
    dealer: int | None = None
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_move_tuple)

    def __attrs_post_init__(self) -> None:
        # The arguments of new_game, refused as new_game refuses them.
        if not isinstance(self.config, RuleConfig):
            raise ConfigError(
                f"a game record's config must be a RuleConfig, not {describe_value(self.config)}"
            )
        self.config.check_players(self.players)
        if not is_whole(self.seed):
            raise ConfigError(f"seed must be a whole number, not {describe_value(self.seed)}")
        dealer = self.dealer
        if dealer is not None and not (is_whole(dealer) and 0 <= dealer < self.players):
            raise StateError(
                f"the dealer must be a player from 0 to {self.players - 1} or None, not "
                f"{describe_value(dealer)}"
            )

    @classmethod
    def from_state(cls, state: State) -> GameRecord:
        """The record of the line of play that led to ``state`` (its :attr:`State.move_stack
        <rummy500.State.move_stack>`).

        The line must start from an opening state made by :func:`~rummy500.game.state.new_game`;
        otherwise (a position built with ``State.from_position``, say) :class:`StateError`, as
        for anything that is not a state.
        """
        if not isinstance(state, State):
            raise StateError(f"GameRecord.from_state needs a State, not {describe_value(state)}")
        root = state
        while root.parent is not None and root.last_move is not None:
            root = root.parent
        # A dealer chosen by the draw for deal leaves the drawn cards; a given one leaves none.
        dealer = None if root.dealer_draw else root.dealer
        record = cls(root.config, root.players, root.seed, dealer, state.move_stack)
        if record.start() != root:
            raise StateError(
                "this line of play does not start from a new game: a game record replays from "
                "rummy500.new_game(config, players, seed, dealer=...)"
            )
        return record

    def start(self) -> State:
        """The opening state: ``new_game(config, players, seed, dealer=dealer)``."""
        return new_game(self.config, self.players, self.seed, dealer=self.dealer)

    def replay(self, *, undo: bool = True) -> State:
        """Play every move from the opening state and return the final state.

        With ``undo=False`` each move is applied to the position before it detached
        (:meth:`State.detached <rummy500.State.detached>`), so no chain of positions is kept:
        the final state can undo its last move only. A long game loaded where memory or the
        stack is small (in a browser) needs that.

        Raises :class:`~rummy500.IllegalMoveError` naming the first move that is illegal
        where the record plays it, and :class:`~rummy500.StateError` if ``undo`` is not a
        bool.
        """
        if not isinstance(undo, bool):
            raise StateError(f"replay's undo must be True or False, not {describe_value(undo)}")
        state = self.start()
        for number, move in enumerate(self.moves, 1):
            try:
                state = (state if undo else state.detached()).apply(move)
            except IllegalMoveError as exc:
                raise IllegalMoveError(
                    f"move {number} of the record, '{move.text(ascii=True)}': {exc}"
                ) from exc
        return state
