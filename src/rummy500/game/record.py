"""A game as its starting point and the moves played since (:class:`GameRecord`): the compact way
to save a game, which replays to its final state (and its early end, if it ended so). Its JSON
form is in :mod:`rummy500.game.documents`.
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
from rummy500.core.phases import Ending
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
    ``ending`` is how the game ended early after those moves (a player left, or the host
    cancelled it: see :class:`~rummy500.Ending`), ``None`` for a game played out or still
    going on.
    """

    config: RuleConfig
    players: int
    seed: int
    dealer: int | None = None
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_move_tuple)
    ending: Ending | None = attrs.field(default=None, kw_only=True)

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
        ending = self.ending
        if ending is not None and not isinstance(ending, Ending):
            raise StateError(
                f"a game record's ending is an Ending or None, not {describe_value(ending)}"
            )
        if ending is not None and ending.player is not None and ending.player >= self.players:
            raise StateError(
                f"the game record's ending names player {ending.player}, but the players are 0 "
                f"to {self.players - 1}"
            )

    @classmethod
    def from_state(cls, state: State) -> GameRecord:
        """The record of the line of play that led to ``state`` (its :attr:`State.move_stack
        <rummy500.State.move_stack>`), and of its early end if the game ended so
        (:attr:`State.ending <rummy500.play.position.Position.ending>`).

        The line must start from an opening state made by :func:`~rummy500.game.state.new_game`;
        otherwise (a position built with ``State.from_position``, say) :class:`StateError`, as
        for anything that is not a state.
        """
        if not isinstance(state, State):
            raise StateError(f"GameRecord.from_state needs a State, not {describe_value(state)}")
        root = state
        if state.ending is not None and state.last_move is None and state.parent is not None:
            root = state.parent  # the early end is no move: the line is the moves before it
        while root.parent is not None and root.last_move is not None:
            root = root.parent
        # A dealer chosen by the draw for deal leaves the drawn cards; a given one leaves none.
        dealer = None if root.dealer_draw else root.dealer
        moves = state.move_stack
        record = cls(root.config, root.players, root.seed, dealer, moves, ending=state.ending)
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
        """Play every move from the opening state and return the final state (ended early as
        :attr:`ending` says, if it is given).

        With ``undo=False`` each move is applied to the position before it detached
        (:meth:`State.detached <rummy500.State.detached>`), so no chain of positions is kept:
        the final state can undo its last move only. A long game loaded where memory or the
        stack is small (in a browser) needs that.

        Raises :class:`~rummy500.IllegalMoveError` naming the first move that is illegal
        where the record plays it (or an ending that cannot follow the moves: after a game
        over, or between hands where the record says during a hand, or the other way round),
        and :class:`~rummy500.StateError` if ``undo`` is not a bool.
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
        return state if self.ending is None else self._ended(state)

    def _ended(self, state: State) -> State:
        """``state``, where the moves end, ended early as :attr:`ending` says."""
        ending = self.ending
        assert ending is not None
        try:
            ended = state.cancel() if ending.player is None else state.abandon(ending.player)
        except StateError as exc:
            raise IllegalMoveError(
                f"the record's ending, '{ending}', cannot follow its moves: {exc}"
            ) from exc
        if ended.ending != ending:
            raise IllegalMoveError(
                f"the record's ending, '{ending}', does not fit where its moves end: the game "
                f"is {ended.ending} there"
            )
        return ended
