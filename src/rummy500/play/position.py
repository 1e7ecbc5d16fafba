"""The data of a position, and the one place where positions are built.

:class:`Position` holds everything a game position is: the hands, the stock, the discard pile,
the table, whose turn it is and how far the turn has gone, and the scores so far. It is
immutable and has no rules in it; the rules live in :mod:`rummy500.play.legality`,
:mod:`rummy500.play.movegen` and :mod:`rummy500.play.engine`, which all work on positions, and
:class:`rummy500.State` puts a friendly face on it.

Positions are built very often (once per move in random play or search), so they are slotted
objects (their slots are :class:`~rummy500.play.layout._Slots`) built by a plain ``__init__``
on a private draft class and then sealed: setting an attribute on a sealed position raises
:class:`attrs.exceptions.FrozenInstanceError`. What stays the same for a whole game or a whole
hand is shared between positions (:mod:`rummy500.play.layout`), and the log of the hand is read
off the undo chain (:mod:`rummy500.play.log`).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Final

from attrs.exceptions import FrozenInstanceError

from rummy500.core.cards import Card
from rummy500.core.errors import StateError
from rummy500.core.phases import USE_ANY as _USE_ANY
from rummy500.core.phases import Ending, OwedUse, Phase
from rummy500.melds.table import TableMeld
from rummy500.play.events import Event
from rummy500.play.layout import Game, Owing, Standing, _owing_of, _Slots
from rummy500.play.log import read_log, seen_by
from rummy500.play.moves import Move
from rummy500.rules.config import RuleConfig

if TYPE_CHECKING:
    from typing import Self

__all__ = ["FIELDS", "Position"]


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
    "ending",
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
        parent: Self | None

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
        """The position after ``move``: the one way every position is built (:meth:`_of`
        builds one from its fields through it too).

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
        ending: Ending | None = None,
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
        standing = Standing(
            hand_number,
            dealer,
            totals,
            history,
            went_out,
            winner,
            stock,
            player_history=player_history,
            ending=ending,
            log=log,
            game=Game(
                config,
                seed,
                len(hands),
                dealer_draw,
                history_start,
                (0,) * len(totals) if start_totals is None else start_totals,
            ),
        )
        # Built as every successor is, by _next, from a blank position of this class that is
        # then cut off: a position built from its fields has no parent and no last move.
        blank: Self = object.__new__(cls)
        built = blank._next(
            None,
            phase,
            current,
            hands,
            len(stock),
            pile,
            table,
            owed=owed,
            owed_use=owed_use,
            kept=kept,
            discarder=discarder,
            turn=turn,
            standing=standing,
        )
        self_set(built, "parent", None)
        return built

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
    def ending(self) -> Ending | None:
        """How the game ended early (:class:`~rummy500.Ending`: a player left, or the host
        cancelled it), ``None`` while it goes on and once it is played out."""
        return self._standing.ending

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
        return read_log(self).events

    def seen_log(self, player: int) -> tuple[Event, ...]:
        """The :attr:`log` as ``player`` saw it (see :meth:`Event.seen_by
        <rummy500.events.Event.seen_by>`)."""
        return seen_by(read_log(self), player)

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
