"""What a position is made of: its own slots, and the records it keeps in them.

A position (:class:`rummy500.play.position.Position`) is a slotted object (:class:`_Slots`,
the one list of its slots and their types). What stays the same for a whole game
(:class:`Game`) or a whole hand (:class:`Standing`) is shared between positions rather than
copied into each, which keeps a long undo chain small; what a position rarely holds (a card
owed or kept, a discard that may be called) shares one slot (:class:`Owing`). The log of the
hand is read off the undo chain (:mod:`rummy500.play.log`), and the standing keeps the last log
read (:class:`_LogCache`). Nothing here builds a position or knows a rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, NamedTuple, cast

import attrs

from rummy500.core.cards import Card
from rummy500.core.phases import Ending, OwedUse, Phase
from rummy500.melds.table import TableMeld
from rummy500.play.events import Event
from rummy500.play.moves import Move
from rummy500.rules.config import RuleConfig

__all__ = ["NOTHING_OWED", "Game", "Owing", "Standing"]


@attrs.frozen
class Game:
    """What stays the same for a whole game: the rules, the seed, the players, and where the
    record of the game (the history) starts."""

    config: RuleConfig
    seed: int
    players: int
    #: The cards drawn to choose the first dealer, in the order drawn.
    dealer_draw: tuple[Card, ...] = ()
    #: The number of the first hand the history records (0: the game is recorded from its
    #: start), and each side's total before that hand (all 0 from the start).
    history_start: int = 0
    start_totals: tuple[int, ...] = ()


@attrs.frozen
class Standing:
    """What stays the same through one hand: its number, the dealer and the scores so far.

    ``stock_cards`` is the order of the stock as dealt (or as reshuffled from the pile): a
    position's stock is its first ``stock_size`` cards, so a draw copies no cards.
    ``player_history`` is each player's score of the last finished hands; in a game without
    partnerships it is the very ``history`` object, so it costs nothing to keep. ``ending`` is
    how the game ended early, if it did (a player left, or the host cancelled it). ``log`` is
    what happened in the hand before the first position of an undo chain (see
    :attr:`Position.log <rummy500.play.position.Position.log>`): only that position's standing
    needs it.
    """

    hand_number: int
    dealer: int
    totals: tuple[int, ...]
    history: tuple[tuple[int, ...], ...] = ()
    went_out: int | None = None
    winner: int | None = None
    stock_cards: tuple[Card, ...] = attrs.field(default=(), eq=False, repr=False)
    player_history: tuple[tuple[int, ...], ...] = attrs.field(kw_only=True)
    ending: Ending | None = attrs.field(default=None, kw_only=True)
    #: The game the hand belongs to (kept here rather than in every position).
    game: Game = attrs.field(kw_only=True, repr=False)
    log: tuple[Event, ...] = attrs.field(default=(), kw_only=True, eq=False, repr=False)
    #: The log of the last position of this stretch of the hand whose log was asked for, so
    #: that asking again one move later reads one step of the chain, not the whole hand.
    cache: _LogCache | None = attrs.field(default=None, init=False, eq=False, repr=False)

    def moved_on(self, **changes: Any) -> Standing:
        """This standing with ``changes`` (fields by name), for the rest of the hand after the
        stock is turned over, the hand scored, or the next hand. The log before the undo
        chain starts is left behind: a successor's log is read off the chain."""
        return attrs.evolve(self, log=(), **changes)


class _LogCache:
    """A position's log, and that log as each player saw it (filled in when asked for)."""

    __slots__ = ("events", "position", "seen")

    def __init__(
        self, position: _Slots, events: tuple[Event, ...], seen: dict[int, tuple[Event, ...]]
    ) -> None:
        self.position = position
        self.events = events
        # Each player's view of the first len(seen[p]) events: the log only grows, so a later
        # position's cache takes these over and adds the new events.
        self.seen = seen


class Owing(NamedTuple):
    """What a position rarely holds, in one record: the card owed and how it must be used, the
    card kept, and whose discard may be called (see :class:`Position
    <rummy500.play.position.Position>`'s properties of the same names). A position that holds
    none of them has no record (``None``)."""

    owed: Card | None
    owed_use: OwedUse
    kept: Card | None
    discarder: int | None


#: Build an :class:`Owing` from a tuple of its four fields, without the call through the
#: class's ``__new__`` (a position is built at every move).
_owing_of: Final = cast(
    "Callable[[type[Owing], tuple[Card | None, OwedUse, Card | None, int | None]], Owing]",
    tuple.__new__,
)

#: The record of a position that owes, keeps and waits for nothing (which holds ``None``).
NOTHING_OWED: Final = Owing(None, OwedUse.ANY, None, None)


class _Slots:
    """The slots of a position, with their types (a position narrows its ``parent`` to its own
    class)."""

    __slots__ = (
        "_current",
        "_legal",
        "_owing",
        "_standing",
        "hands",
        "last_move",
        "parent",
        "phase",
        "pile",
        "stock_size",
        "table",
        "turn",
    )

    if TYPE_CHECKING:
        _standing: Standing
        phase: Phase
        _current: int
        turn: int
        hands: tuple[tuple[Card, ...], ...]
        stock_size: int
        pile: tuple[Card, ...]
        table: tuple[TableMeld, ...]
        _owing: Owing | None
        parent: _Slots | None
        last_move: Move | None
        _legal: tuple[Move, ...] | None
