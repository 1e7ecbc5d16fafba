"""The data of a position, and the one place where positions are built.

:class:`Position` holds everything a game position is: the hands, the stock, the discard pile,
the table, whose turn it is and how far the turn has gone, and the scores so far. It is
immutable and has no rules in it; the rules live in :mod:`rummy500.play.legality`,
:mod:`rummy500.play.movegen` and :mod:`rummy500.play.engine`, which all work on positions, and
:class:`rummy500.State` puts a friendly face on it.

Positions are built very often (once per move in random play or search), so they are slotted
objects built by a plain ``__init__`` on a private draft class and then sealed: setting an
attribute on a sealed position raises :class:`attrs.exceptions.FrozenInstanceError`. What stays
the same for a whole game (:class:`Game`) or a whole hand (:class:`Standing`) is shared between
positions rather than copied into each, which keeps a long undo chain small.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Final, NamedTuple, cast

import attrs
from attrs.exceptions import FrozenInstanceError

from rummy500.core.cards import Card
from rummy500.core.errors import StateError
from rummy500.core.phases import USE_ANY as _USE_ANY
from rummy500.core.phases import OwedUse, Phase
from rummy500.melds.putdown import next_meld_id
from rummy500.melds.table import TableMeld
from rummy500.play.events import (
    Dealt,
    Declined,
    Event,
    HandEnded,
    Passed,
    Reshuffled,
    as_seen_by,
    trusted_called,
    trusted_discarded,
    trusted_drew,
    trusted_laid_off,
    trusted_melded,
    trusted_took,
)
from rummy500.play.moves import (
    KINDS,
    Call,
    Deal,
    Decline,
    Discard,
    Draw,
    Layoff,
    Meld,
    Move,
    Pass,
    Take,
    kind_column,
)
from rummy500.rules.config import RuleConfig

if TYPE_CHECKING:
    from typing import Self

__all__ = ["FIELDS", "NOTHING_OWED", "Game", "Owing", "Position", "Standing", "dealt"]


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
    partnerships it is the very ``history`` object, so it costs nothing to keep. ``log`` is
    what happened in the hand before the first position of an undo chain (see
    :attr:`Position.log`): only that position's standing needs it.
    """

    hand_number: int
    dealer: int
    totals: tuple[int, ...]
    history: tuple[tuple[int, ...], ...] = ()
    went_out: int | None = None
    winner: int | None = None
    stock_cards: tuple[Card, ...] = attrs.field(default=(), eq=False, repr=False)
    player_history: tuple[tuple[int, ...], ...] = attrs.field(kw_only=True)
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


class Owing(NamedTuple):
    """What a position rarely holds, in one record: the card owed and how it must be used, the
    card kept, and whose discard may be called (see :class:`Position`'s properties of the
    same names). A position that holds none of them has no record (``None``)."""

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


class _LogCache:
    """A position's log, and that log as each player saw it (filled in when asked for)."""

    __slots__ = ("events", "position", "seen")

    def __init__(
        self, position: Position, events: tuple[Event, ...], seen: dict[int, tuple[Event, ...]]
    ) -> None:
        self.position = position
        self.events = events
        # Each player's view of the first len(seen[p]) events: the log only grows, so a later
        # position's cache takes these over and adds the new events.
        self.seen = seen

    def seen_by(self, player: int) -> tuple[Event, ...]:
        """The log as ``player`` saw it."""
        seen = self.seen.get(player, ())
        events = self.events
        known = len(seen)
        if known < len(events):
            if known + 1 == len(events):  # one event since: the usual step of a bot's play
                seen += (events[known].seen_by(player),)
            else:
                seen += as_seen_by(events[known:], player)
            self.seen[player] = seen
        return seen


#: The fields of a position, as :meth:`Position.of` takes them and :meth:`Position.fields`
#: gives them (the order of the saved form).
FIELDS: Final = (
    "config",
    "seed",
    "hand_number",
    "dealer",
    "phase",
    "current",
    "hands",
    "stock",
    "pile",
    "table",
    "owed",
    "totals",
    "history",
    "player_history",
    "history_start",
    "start_totals",
    "went_out",
    "winner",
    "dealer_draw",
    "turn",
    "kept",
    "owed_use",
    "discarder",
)


class _Slots:
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


#: The slots that are not part of a position's value: where it came from, and a cache.
_NOT_VALUE: Final = frozenset({"parent", "last_move", "_legal"})

#: A position's value, what equality and hashing compare: every slot but those, with the stock's
#: cards for its size (the standing's stock order is not part of its own equality).
_value_key: Final[Callable[[Position], tuple[object, ...]]] = operator.attrgetter(
    *(
        ("stock" if name == "stock_size" else name)
        for name in _Slots.__slots__
        if name not in _NOT_VALUE
    )
)


class Position(_Slots):
    """One position of a game of Rummy 500. Immutable; compare with ``==``.

    Hands are sorted tuples of cards. The stock's top card is its *last* element, and so is the
    discard pile's (the pile is listed oldest first, as it lies spread on the table). ``owed``
    is the deepest card taken from the discard pile this turn while it still has to be used,
    and ``owed_use`` how (:class:`~rummy500.core.phases.OwedUse`); ``kept`` is a lone top discard
    taken and kept, which may not be discarded this turn. ``totals`` are the running totals of
    each scoring side (each player, or each team in a partnership game), ``history`` the side
    scores of every hand finished since the record of the game starts (``history_start``, with
    the totals ``start_totals`` then), ``player_history`` each player's scores of them (the same
    rows unless players play in teams), and ``winner`` the winning side (``None`` until the game is
    won, and in a game drawn at ``RuleConfig.hand_limit``). ``turn`` counts the turns finished
    in this hand; in the ``CALL`` phase, ``discarder`` is the player whose discard
    may be called. ``parent`` is the position this one came from by ``last_move`` (neither is
    part of equality).
    """

    __slots__ = ()

    #: The class of position this one is as a value: its own class, except for a stand-in
    #: class that keeps a position's place in a chain while some of its fields are dropped
    #: (see :mod:`rummy500.game.state`), which is the class it stands in for.
    _value_type: ClassVar[type[Position]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "_value_type" not in cls.__dict__:
            cls._value_type = cls

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
        parent: Self | None
        last_move: Move | None
        _legal: tuple[Move, ...] | None

    # -- what a position rarely holds, kept in one place ---------------------------------
    #
    # Most positions owe no card, keep none and wait for no call: these four fields share one
    # slot (an Owing record, None when none is set), which keeps every position of a long line
    # of play smaller.

    @property
    def owed(self) -> Card | None:
        """The deepest card taken from the discard pile this turn, while it must still be used."""
        owing = self._owing
        return None if owing is None else owing.owed

    @property
    def owed_use(self) -> OwedUse:
        """How the owed card must be used (:attr:`OwedUse.ANY` when none is owed)."""
        owing = self._owing
        return OwedUse.ANY if owing is None else owing.owed_use

    @property
    def kept(self) -> Card | None:
        """A lone top discard taken and kept, which may not be discarded this turn."""
        owing = self._owing
        return None if owing is None else owing.kept

    @property
    def discarder(self) -> int | None:
        """In the ``CALL`` phase, the player whose discard may be called."""
        owing = self._owing
        return None if owing is None else owing.discarder

    # -- building -------------------------------------------------------------------------

    def _next(
        self,
        move: Move | None,
        phase: Phase,
        current: int,
        hands: tuple[tuple[Card, ...], ...],
        stock_size: int,
        pile: tuple[Card, ...],
        table: tuple[TableMeld, ...],
        *,
        owed: Card | None = None,
        owed_use: OwedUse = OwedUse.ANY,
        kept: Card | None = None,
        discarder: int | None = None,
        turn: int | None = None,
        standing: Standing | None = None,
    ) -> Self:
        """The position after ``move``: the one way every successor is built.

        What is not given is carried over (the game, the standing, the turn count) or reset
        (the owed and kept cards, the discarder). The parent forgets its cached legal moves, so
        that a long line of play keeps only positions.
        """
        self_set(self, "_legal", None)
        draft = _Draft(
            self._standing if standing is None else standing,
            phase,
            current,
            self.turn if turn is None else turn,
            hands,
            stock_size,
            pile,
            table,
            owed,
            owed_use,
            kept,
            discarder,
            self,
            move,
        )
        draft.__class__ = self._value_type  # type: ignore[assignment]
        return draft  # type: ignore[return-value]

    @classmethod
    def _of(
        cls,
        *,
        config: RuleConfig,
        seed: int,
        hand_number: int,
        dealer: int,
        phase: Phase,
        current: int,
        hands: tuple[tuple[Card, ...], ...],
        stock: tuple[Card, ...],
        pile: tuple[Card, ...],
        table: tuple[TableMeld, ...],
        owed: Card | None,
        totals: tuple[int, ...],
        history: tuple[tuple[int, ...], ...] = (),
        player_history: tuple[tuple[int, ...], ...] | None = None,
        history_start: int = 0,
        start_totals: tuple[int, ...] | None = None,
        went_out: int | None = None,
        winner: int | None = None,
        dealer_draw: tuple[Card, ...] = (),
        turn: int = 0,
        kept: Card | None = None,
        owed_use: OwedUse = OwedUse.ANY,
        discarder: int | None = None,
        log: tuple[Event, ...] = (),
    ) -> Self:
        """A position from its fields (see :data:`FIELDS`), with no undo history.

        ``player_history`` left out (``None``) is ``history`` in a game without partnerships,
        and no rows (each player's scores not known) in a partnership game.
        ``history_start`` and ``start_totals`` say where the record of the game starts (see
        :attr:`history_start`); left out, at the start of the game, with totals all 0. ``log``
        is what happened in the hand before this position (its :attr:`log`; none by default).
        Nothing is checked here: :meth:`rummy500.State.from_position` builds a checked
        position.
        """
        if player_history is None:
            player_history = () if config.team_size > 1 else history
        elif player_history == history:
            player_history = history  # share the rows rather than keep a second copy
        draft = _Draft(
            Standing(
                hand_number,
                dealer,
                totals,
                history,
                went_out,
                winner,
                stock,
                player_history=player_history,
                log=log,
                game=Game(
                    config,
                    seed,
                    len(hands),
                    dealer_draw,
                    history_start,
                    (0,) * len(totals) if start_totals is None else start_totals,
                ),
            ),
            phase,
            current,
            turn,
            hands,
            len(stock),
            pile,
            table,
            owed,
            owed_use,
            kept,
            discarder,
            None,
            None,
        )
        draft.__class__ = cls._value_type  # type: ignore[assignment]
        return draft  # type: ignore[return-value]

    def _fields(self) -> dict[str, Any]:
        """Every field of the position by name (the arguments of :meth:`_of`)."""
        return dict(zip(FIELDS, _read_fields(self), strict=True))

    def _replace(self, **changes: Any) -> Self:
        """A copy with some fields changed (by the names of :data:`FIELDS`), unchecked and
        with no undo history.

        Where ``player_history`` is the history (no partnerships), a new ``history`` is also
        taken for it unless ``player_history`` is given too. The copy keeps this position's
        :attr:`log` as it is: what happened in the hand so far is not changed by the changes.
        """
        unknown = sorted(set(changes) - set(FIELDS))
        if unknown:
            raise StateError(
                f"a position has no field {', '.join(map(repr, unknown))}; its fields are "
                f"{', '.join(FIELDS)}"
            )
        fields = self._fields()
        if "player_history" not in changes and fields["player_history"] == fields["history"]:
            # Rows that are the history's (every player a side) follow a changed history.
            del fields["player_history"]
        return self._of(**{**fields, **changes}, log=self.log)

    # -- what is shared by a whole game or hand ------------------------------------------------

    @property
    def config(self) -> RuleConfig:
        """The rules of the game."""
        return self._standing.game.config

    @property
    def seed(self) -> int:
        """The seed every shuffle of the game comes from."""
        return self._standing.game.seed

    @property
    def players(self) -> int:
        """The number of players."""
        return self._standing.game.players

    @property
    def dealer_draw(self) -> tuple[Card, ...]:
        """The cards drawn to choose the first dealer, in the order drawn."""
        return self._standing.game.dealer_draw

    @property
    def hand_number(self) -> int:
        """The number of the hand in play (or just scored), from 0."""
        return self._standing.hand_number

    @property
    def dealer(self) -> int:
        """The dealer of this hand."""
        return self._standing.dealer

    @property
    def totals(self) -> tuple[int, ...]:
        """The running total of each scoring side."""
        return self._standing.totals

    @property
    def history(self) -> tuple[tuple[int, ...], ...]:
        """Each finished hand's score for each side, oldest first: one row for each hand from
        :attr:`history_start` on (every hand, in a game recorded from its start)."""
        return self._standing.history

    @property
    def player_history(self) -> tuple[tuple[int, ...], ...]:
        """Each player's score of the last finished hands, oldest first, one row per hand.

        A team's row of :attr:`history` is the sum of its players' scores, and without
        partnerships the rows are the same. Every hand played through the engine has a row;
        a partnership position built or loaded without each player's scores has rows only for
        the hands finished since, which are the last rows of :attr:`history`.
        """
        return self._standing.player_history

    @property
    def history_start(self) -> int:
        """The number of the first hand :attr:`history` records, from 0: where the record of
        the game starts.

        0 in a game started with :func:`rummy500.new_game` (every hand is recorded) and in a
        position built or loaded with the whole history; a position built mid-game without the
        hands before it starts the record with its own hand. The history then holds one row
        for each hand finished since, and :attr:`totals` are :attr:`start_totals` plus its
        column sums. The same for every position of a game.
        """
        return self._standing.game.history_start

    @property
    def start_totals(self) -> tuple[int, ...]:
        """Each scoring side's total before hand :attr:`history_start`, where the record of the
        game starts: all 0 for a game recorded from its start. The same for every position of
        a game."""
        return self._standing.game.start_totals

    @property
    def went_out(self) -> int | None:
        """The player who went out in the hand just scored, if any."""
        return self._standing.went_out

    @property
    def winner(self) -> int | None:
        """The winning side once the game is won."""
        return self._standing.winner

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, bottom card first (the top card is the last)."""
        return self._standing.stock_cards[: self.stock_size]

    # -- the log of the hand ------------------------------------------------------------------

    @property
    def log(self) -> tuple[Event, ...]:
        """What happened in the hand so far, oldest first: every move as an event, and what
        play does by itself (the deal, the pile turned over, the hand scored).

        The log is read off the undo chain (each position's ``last_move`` and its parent), back
        to the deal of this hand or the first position of the chain, whose standing keeps what
        happened before it: so it costs no memory per move. A position built directly (not
        by play, nor by :meth:`_replace` or ``detached()`` from one that was) starts with an
        empty log. It holds every card, the ones drawn from the stock included; a player's
        view holds it as that player saw it.
        """
        return self._log_cache().events

    def seen_log(self, player: int) -> tuple[Event, ...]:
        """The :attr:`log` as ``player`` saw it (see :meth:`Event.seen_by
        <rummy500.events.Event.seen_by>`)."""
        return self._log_cache().seen_by(player)

    def _log_cache(self) -> _LogCache:
        cache = self._standing.cache
        if cache is not None and cache.position is self:
            return cache
        # One move on from the position whose log is known: the usual step of a line of play.
        before = self.parent
        if before is not None:
            cache = before._standing.cache
            move = self.last_move
            if cache is not None and cache.position is before and type(move) is not Deal:
                new = _step_events(before, move, self)
                built = _LogCache(self, cache.events + new, dict(cache.seen))
                self_set(self._standing, "cache", built)
                return built
        # Walk back to the last position whose log is known, the deal of the hand, or the
        # first position of the chain.
        steps: list[Position] = []
        node = self
        start: list[Event] | None = None
        base = None
        while True:
            cache = node._standing.cache
            if cache is not None and cache.position is node:
                base = cache
                break
            parent = node.parent
            if parent is None:
                start = list(node._standing.log)
                break
            steps.append(node)
            if type(node.last_move) is Deal:
                start = []
                break
            node = parent
        if base is not None and not steps:
            return base
        # Only the new events are listed: the known ones are copied once, into the new tuple.
        out = [] if base is not None else start
        assert out is not None
        for child in reversed(steps):
            parent = child.parent
            assert parent is not None
            out += _step_events(parent, child.last_move, child)
        # The cache holds one position of the chain, which holds the standing: a cycle, so a
        # dropped chain is freed by the garbage collector rather than at once.
        if base is not None:
            built = _LogCache(self, base.events + tuple(out), dict(base.seen))
        else:
            built = _LogCache(self, tuple(out), {})
        self_set(self._standing, "cache", built)
        return built

    # -- value semantics -------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__ and (
            getattr(other, "_value_type", None) is not self._value_type
        ):
            return NotImplemented
        assert isinstance(other, Position)
        return other is self or _value_key(self) == _value_key(other)

    def __hash__(self) -> int:
        return hash(_value_key(self))

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self

    def __getstate__(self) -> dict[str, object]:
        # Pickle the position alone: the parent chain (the undo history) can be thousands of
        # positions long, which would make pickles huge and overflow the recursion limit. The
        # log of the hand goes with it, so a pickled position keeps what its players saw.
        return {**self._fields(), "log": self.log}

    def __setstate__(self, data: dict[str, Any]) -> None:
        built = self._of(**data)
        for name in _Slots.__slots__:
            self_set(self, name, getattr(built, name))


def _step_events(before: Position, move: Move | None, after: Position) -> tuple[Event, ...]:
    """The events of the step from ``before`` to ``after`` by ``move`` (``None``: a hand
    scored as it stood, as ``State.from_position(went_out=...)`` does)."""
    if move is None:
        events: tuple[Event, ...] = ()
    else:
        events = _LOGGED[type(move)](before, move, after)
        if type(move) is Deal:
            return events
    # A hand scored and a stock turned over from the pile each come with a new standing.
    if after._standing is not before._standing:
        if after.phase >= Phase.HAND_OVER > before.phase:
            return (*events, _hand_ended(after))
        if after._standing.stock_cards is not before._standing.stock_cards:
            return (*events, Reshuffled(after.stock_size))
    return events


# The log's events of each kind of move, from the position before it, the move and the
# position after it.


def _drew(before: Position, move: Move, after: Position) -> tuple[Event, ...]:
    return (trusted_drew(before._current, before._standing.stock_cards[before.stock_size - 1]),)


def _discarded(before: Position, move: Move, after: Position) -> tuple[Event, ...]:
    assert isinstance(move, Discard)
    return (trusted_discarded(before._current, move.card),)


def _took(before: Position, move: Move, after: Position) -> tuple[Event, ...]:
    assert isinstance(move, Take)
    return (trusted_took(before._current, move.taken),)


def _called(before: Position, move: Move, after: Position) -> tuple[Event, ...]:
    assert isinstance(move, Call)
    return (trusted_called(before._current, move.taken),)


def _melded(before: Position, move: Move, after: Position) -> tuple[Event, ...]:
    assert isinstance(move, Meld)
    meld_id = next_meld_id(before.table)
    joined = None
    for meld in after.table:
        if meld.top_id == meld_id and meld.id != meld_id:
            joined = meld.id
    return (trusted_melded(before._current, move.melded, meld_id, joined),)


def _laid_off(before: Position, move: Move, after: Position) -> tuple[Event, ...]:
    assert isinstance(move, Layoff)
    return (trusted_laid_off(before._current, move.meld_id, move.laid, move.high),)


def _passed(before: Position, move: Move, after: Position) -> tuple[Event, ...]:
    return (Passed(before._current),)


def _declined(before: Position, move: Move, after: Position) -> tuple[Event, ...]:
    return (Declined(before._current),)


def _dealt(before: Position, move: Move, after: Position) -> tuple[Event, ...]:
    # A deal starts a new hand's log: nothing of the hand before it follows.
    return (dealt(after),)


def _played(before: Position, move: Move, after: Position) -> tuple[Event, ...]:
    # A kind of move whose event holds the player and the move's own fields, in that order,
    # needs no builder of its own: the event is built from them.
    event: Callable[..., Event] = type(move).event
    fields = attrs.astuple(cast("attrs.AttrsInstance", move), recurse=False)
    return (event(before._current, *fields),)


#: The events each of the package's own kinds of move puts in the log.
_BUILDERS: Final[dict[type[Move], Callable[[Position, Move, Position], tuple[Event, ...]]]] = {
    Draw: _drew,
    Take: _took,
    Meld: _melded,
    Layoff: _laid_off,
    Discard: _discarded,
    Decline: _declined,
    Call: _called,
    Pass: _passed,
    Deal: _dealt,
}

#: The registry's column ``"log"``: the events each kind of move puts in the log (each an
#: instance of that kind's :attr:`Move.event <rummy500.Move.event>`); any other kind of move is
#: logged as its event built from the player and the move's fields.
_LOGGED: Final[dict[type[Move], Callable[[Position, Move, Position], tuple[Event, ...]]]] = (
    kind_column("log", {kind: _BUILDERS.get(kind, _played) for kind in KINDS})
)


def _hand_ended(position: Position) -> HandEnded:
    """The event of the hand just scored in ``position`` (a hand that is over)."""
    return HandEnded(
        position.hand_number,
        position.went_out,
        position.history[-1] if position.history else (),
        position.totals,
        position.phase == Phase.GAME_OVER,
        position.winner,
    )


def dealt(position: Position) -> Dealt:
    """The event of the deal of ``position``'s hand, as it lies at the start of the hand."""
    hands = position.hands
    return Dealt(
        position.hand_number,
        position.dealer,
        hands,
        tuple(len(h) for h in hands),
        position.pile,
        position.stock_size,
    )


Position._value_type = Position

#: Reads a position's fields in the order of :data:`FIELDS` (the player to move is kept in the
#: slot ``_current``: ``State.current_player`` is its public face).
_read_fields: Final = operator.attrgetter(
    *(("_current" if name == "current" else name) for name in FIELDS)
)


#: Set a slot of a (sealed) position: only for the position's own caches and construction.
self_set: Final = object.__setattr__


class _Draft(_Slots):
    """A position under construction: a plain, fast ``__init__``; sealed by a class change."""

    __slots__ = ()

    def __init__(
        self,
        standing: Standing,
        phase: Phase,
        current: int,
        turn: int,
        hands: tuple[tuple[Card, ...], ...],
        stock_size: int,
        pile: tuple[Card, ...],
        table: tuple[TableMeld, ...],
        owed: Card | None,
        owed_use: OwedUse,
        kept: Card | None,
        discarder: int | None,
        parent: Position | None,
        last_move: Move | None,
    ) -> None:
        self._standing = standing
        self.phase = phase
        self._current = current
        self.turn = turn
        self.hands = hands
        self.stock_size = stock_size
        self.pile = pile
        self.table = table
        self._owing = (
            None
            if owed is None and kept is None and discarder is None and owed_use is _USE_ANY
            else _owing_of(Owing, (owed, owed_use, kept, discarder))
        )
        self.parent = parent
        self.last_move = last_move
        self._legal = None
