"""The immutable game state, the start of a game, and each player's view of it.

A :class:`State` describes a whole game: the hand in progress (hands, stock, discard pile,
table melds with the owner of every card), the running totals and the score of every finished
hand, each side's and each player's. It never changes. :meth:`State.apply` returns a new
state; :meth:`State.undo` returns the state the move was applied to (the very same object, in
O(1)).

Build the opening state with :func:`new_game`, or any position at all with
:meth:`State.from_position`.

This module is the face a user meets; the work behind it lives on the floors below, each part
in a module named for it: the opening of a game (:mod:`rummy500.game.opening`), a player's
view (:mod:`rummy500.game.viewing`), the arguments of :meth:`State.from_position`
(:mod:`rummy500.play.building`) and the checks of a position (:mod:`rummy500.play.validation`).
"""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any, Final

from rummy500.core.deprecation import renamed_attribute, warn
from rummy500.core.errors import IllegalMoveError, StateError, describe_value, is_whole, quote_value
from rummy500.core.phases import (
    CHANCE,
    GAME_OVER_PHASE,
    HAND_OVER_PHASE,
    TERMINAL,
    OwedUse,
    Phase,
)
from rummy500.drawing.composing import state_scene
from rummy500.drawing.picture import draw
from rummy500.game.opening import open_game
from rummy500.game.viewing import seen_fields, view_of
from rummy500.hidden.infotext import information_text
from rummy500.hidden.views import PlayerView
from rummy500.play.building import CardsInput, TableMeldInput, build_position
from rummy500.play.engine import apply, end_early, explain_illegal, is_legal
from rummy500.play.events import Event
from rummy500.play.memory import SWEEP_TURNS, LineMemory
from rummy500.play.movegen import generate
from rummy500.play.moves import Move, PileMove
from rummy500.play.position import Position, self_set
from rummy500.play.validation import validate
from rummy500.rules.config import RuleConfig

__all__ = [
    "CHANCE",
    "TERMINAL",
    "CardsInput",
    "Phase",
    "PlayerView",
    "State",
    "TableMeldInput",
    "new_game",
    "parse_move",
]


class State(Position):
    """One position of a game of Rummy 500, with the moves that lead on from it.

    Immutable; compare with ``==``. See :class:`~rummy500.play.position.Position` for the fields.
    """

    __slots__ = ()

    # -- moves ----------------------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move, in a fixed order; empty only when the game is over."""
        moves = self._legal
        if moves is None:
            moves = generate(self)
            self_set(self, "_legal", moves)
        return moves

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal here (checked on its own: no list of moves is built)."""
        return is_legal(self, move)

    def explain_illegal(self, move: Move) -> str | None:
        """Why ``move`` is illegal here, naming the rule; ``None`` when it is legal."""
        return explain_illegal(self, move)

    def apply(self, move: Move) -> State:
        """The state after ``move``. Raises :class:`~rummy500.IllegalMoveError` naming
        the rule an illegal move breaks (and anything that is not a move: for a move's text,
        :meth:`apply_text`)."""
        after = apply(self, move)
        turn = after.turn
        if turn != self.turn and not turn % SWEEP_TURNS:
            # Every few turns (and at each deal), drop what states far behind keep.
            _MEMORY.sweep(after)
        return after

    def apply_text(self, text: str) -> State:
        """The state after the move written ``text`` (read by :meth:`parse_move`:
        ``state.apply_text("take 8C")``), as python-chess's ``push_san`` reads a move's
        notation. Raises :class:`~rummy500.MoveParseError` for a text that is not a
        move and :class:`~rummy500.IllegalMoveError` as :meth:`apply` does."""
        return self.apply(self.parse_move(text))

    def push(self, move: Move | str) -> State:
        """Deprecated: :meth:`apply`, or :meth:`apply_text` for a move's text (``push``
        returned a new state, unlike python-chess's ``push``, which changes the board)."""
        warn("State.push", "State.apply, or State.apply_text for a move's text")
        return self.apply_text(move) if isinstance(move, str) else self.apply(move)

    def undo(self) -> State:
        """The state before the last move (the same object). Raises if there is none."""
        parent = self.parent
        if parent is None:
            raise IllegalMoveError("there is no move to undo: this state was built directly")
        return parent

    def abandon(self, player: int) -> State:
        """The game over at once because ``player`` left and was not back before their
        reconnect time ran out, which ends it for everyone (the online game's rule). Nobody
        wins, and the hand in play, if any, is not scored: the totals are those of the hands
        finished. :attr:`ending` says how it ended, the :attr:`log` ends with an
        :class:`~rummy500.events.Abandoned` event, and :meth:`undo` gives this state back.
        Not a move: no legal move list holds it. :class:`StateError` for a game already over
        or a player not in it."""
        self._check_player(player)
        return end_early(self, "abandoned", player)

    def cancel(self) -> State:
        """The game over at once because the host cancelled it: as :meth:`abandon`, with no
        player named (an :class:`~rummy500.events.Cancelled` event)."""
        return end_early(self, "cancelled", None)

    def detached(self) -> State:
        """This position with no undo history, so that the positions before it can be freed.

        Long self-play keeps every position of a game alive through :meth:`undo` (about 250
        bytes a move: positions far behind the newest keep only what they need to be rebuilt
        by replaying moves); carry on from ``state.detached()`` now and then (between hands,
        say) to bound the memory. The detached state keeps the :attr:`log` of the hand, so
        nothing its players saw is lost.
        """
        return self._of(**self._fields(), log=self.log)

    def with_seed(self, seed: int) -> State:
        """This position with ``seed`` for every shuffle from here on (the next deal, a pile
        turned over as a new stock), and no undo history: for chance outcomes decided from
        outside, as OpenSpiel's chance nodes do (``state.with_seed(outcome).apply(Deal())``).
        The seed is a whole number; :class:`~rummy500.StateError` otherwise."""
        if not is_whole(seed):
            raise StateError(f"seed must be a whole number, not {describe_value(seed)}")
        return self._replace(seed=seed)

    def parse_move(self, text: str) -> Move:
        """Read a move's text, also accepting ``take CARD`` for the top-most such card.

        Besides :meth:`Move.from_text`, this accepts ``take CARD`` (and ``call CARD``) for the
        top-most copy of that card in the pile with everything above it.
        """
        move = Move.from_text(text)  # refuses a text that is not a str, with MoveParseError
        if isinstance(move, PileMove) and len(move.taken) == 1:
            card = move.taken[0]
            pile = self.pile
            for i in range(len(pile) - 1, -1, -1):
                if pile[i] == card:
                    return type(move)(pile[i:])
        return move

    # -- questions --------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        """The player to move; :data:`CHANCE` between hands, :data:`TERMINAL` at the end."""
        phase = self.phase
        if phase < HAND_OVER_PHASE:
            return self._current
        return CHANCE if phase == HAND_OVER_PHASE else TERMINAL

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.phase == GAME_OVER_PHASE

    def is_chance_node(self) -> bool:
        """Whether the next move is the deal of a new hand (decided by the seed)."""
        return self.phase == HAND_OVER_PHASE

    @property
    def move_stack(self) -> tuple[Move, ...]:
        """The moves from the start of the recorded line of play to this state, oldest first
        (python-chess's name): the moves :meth:`undo` steps back through."""
        out: list[Move] = []
        # An early end of the game is no move: the line is the moves before it.
        early = self.ending is not None and self.last_move is None
        node: Position | None = self.parent if early else self
        while node is not None and node.last_move is not None:
            out.append(node.last_move)
            node = node.parent
        out.reverse()
        return tuple(out)

    def moves(self) -> list[Move]:
        """Deprecated: :attr:`move_stack` (``moves()`` read like :meth:`legal_moves`)."""
        warn("State.moves()", "State.move_stack")
        return list(self.move_stack)

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know: their own hand, all public information, and the
        :attr:`log` of the hand as they saw it."""
        if type(player) is not int or not 0 <= player < self._standing.game.players:
            self._check_player(player)  # raises unless an int subclass names a player
        mover = self.current_player
        return view_of(self, player, mover, self.legal_moves() if mover == player else ())

    def information_state_key(self, player: int) -> tuple[object, ...]:
        """A hashable key of what ``player`` knows: equal for two states exactly when that
        player cannot tell them apart.

        It holds everything in :meth:`view` but the legal moves (which follow from the rest):
        the rules and the number of players, the player's own hand, the public table, pile,
        hand sizes, stock size, phase and scores, and the :attr:`log` of the hand as that
        player saw it. The seed, the other hands and the stock order are not in it. What
        happened in earlier hands is in it only as their scores: a new deal does not depend
        on the play of the hands before.
        """
        return tuple(self._seen(player).values())

    def information_state_string(self, player: int) -> str:
        """What ``player`` knows, as text: equal for two states exactly when
        :meth:`information_state_key` is (see there for what it holds).

        One line for each part, the rules first and the log of the hand last, one event a
        line as the player saw it:

            player 0 of 3, side 0; to move: player 1; phase draw
            ...
            log:
              hand 0 dealt by P2: P0 3♠ 4♦ ..., P1 7 cards, P2 7 cards; pile 8♣; stock 30
        """
        return information_text(self._seen(player))

    def _seen(self, player: int) -> dict[str, Any]:
        """Every field of :meth:`view` but ``legal_moves``, by name: the moves follow from
        the rest, and listing them costs more than all of it."""
        self._check_player(player)
        return seen_fields(self, player, self.current_player)

    def seen_log(self, player: int) -> tuple[Event, ...]:
        """The :attr:`log` as ``player`` saw it (see :meth:`Event.seen_by
        <rummy500.events.Event.seen_by>`); :class:`StateError` unless ``player`` is a player
        of the game, as for :meth:`view`."""
        self._check_player(player)
        return super().seen_log(player)

    def _check_player(self, player: object) -> None:
        if not is_whole(player) or not 0 <= player < self.players:
            raise StateError(
                f"there is no player {quote_value(player)} in a {self.players}-player game"
            )

    def __repr__(self) -> str:
        return (
            f"<State hand {self.hand_number} {self.phase.name} player {self._current} "
            f"stock {self.stock_size} pile {len(self.pile)} table {len(self.table)} "
            f"totals {list(self.totals)}>"
        )

    def _repr_svg_(self) -> str:
        """The picture of the whole table seen from above, every hand face up, as Jupyter shows
        a state (:func:`rummy500.pictures.svg` draws it from a seat, with a take marked...)."""
        return draw(state_scene(self, self.hands, None))

    # -- building positions -----------------------------------------------------------------

    @classmethod
    def from_position(
        cls,
        config: RuleConfig,
        *,
        hands: Sequence[CardsInput],
        stock: CardsInput | None = None,
        pile: CardsInput,
        table: Sequence[TableMeldInput] = (),
        current_player: int | None = None,
        dealer: int | None = None,
        phase: Phase | None = None,
        owed: int | str | None = None,
        owed_use: OwedUse = OwedUse.ANY,
        kept: int | str | None = None,
        discarder: int | None = None,
        turn: int = 0,
        totals: Sequence[int] | None = None,
        history: Sequence[Sequence[int]] = (),
        player_history: Sequence[Sequence[int]] | None = None,
        hand_number: int | None = None,
        seed: int = 0,
        went_out: int | None = None,
        discarded_by: int | None = None,
        current: int | None = None,
    ) -> State:
        """Build any position, checking that it is consistent.

        Cards may be given everywhere as text (``"QH"``, ``"10♠"``, ``"JK"``), as
        :class:`~rummy500.Card` values or as card ids, and a list of cards may be one
        text with the cards separated by spaces (``"5H 6H 7H"``). Players are numbered from 0,
        and so are hands: the first hand of a game is hand 0.

        Left out, the stock is every card not placed elsewhere, shuffled by the seed:

            >>> from rummy500 import Phase, RuleConfig, State, presets
            >>> config = RuleConfig()  # standard rules: one deck, 7 cards each
            >>> hands = [
            ...     "AS 2S 3S 4S 5S 6S 7S", "AH 2H 3H 4H 5H 6H 7H", "AD 2D 3D 4D 5D 6D 7D"
            ... ]
            >>> state = State.from_position(config, hands=hands, pile="8C")
            >>> state.stock_size, state.stock[-1], state.hand_number
            (30, Card('10D'), 0)

        Table melds are written as on the table, each with the player who put it down:

            >>> state = State.from_position(
            ...     config, hands=hands, pile="8C", table=[("9C 10C JC", 1)]
            ... )
            >>> state.table[0].owners
            (1, 1, 1)

        ``went_out`` builds a finished hand, scored as if play had ended there:

            >>> done = State.from_position(
            ...     config,
            ...     hands=["", "2H 3H", "KD"],
            ...     pile="8C",
            ...     table=[("9C 10C JC", 0), ("QS KS AS", 0)],
            ...     went_out=0,
            ... )
            >>> done.phase.name, done.totals, done.history
            ('HAND_OVER', (64, -5, -10), ((64, -5, -10),))

        ``discarded_by`` opens the call window after a discard, polling whoever play would:

            >>> window = State.from_position(
            ...     presets.get("pagat"),  # wild jokers, and calling rummy
            ...     hands=["2S 3S 4S 9D 9C", "QH QD", "8C 4D 6C"],
            ...     pile="KH 8H",
            ...     table=[("5H 6H JK=7H", 0)],
            ...     discarded_by=2,
            ...     turn=5,
            ... )
            >>> window.phase.name, window.current_player, window.discarder
            ('CALL', 0, 2)

        The position starts with an empty :attr:`log`: what happened in the hand before it
        is not known, so it is not in what any player saw (with ``went_out``, the log holds
        the end of the hand, as scored on construction).

        Every refusal is a :class:`~rummy500.StateError` (a
        :class:`~rummy500.CardError` for a card it cannot read, a
        :class:`~rummy500.ConfigError` for a config that is not one) whose message names
        what is inconsistent: an argument of the wrong type (``turn must be a whole number of
        turns, not True``), a card missing or placed twice, a hand of the wrong size, a table
        meld that is not a meld, totals that are not the sums of the history, a player who went
        out still holding cards, a discard nobody may call...

        :param config: the rules, a :class:`~rummy500.RuleConfig`; named rule sets are
            in :mod:`rummy500.presets`: ``presets.get("pagat")``.
        :param hands: one list of cards for each player (their number is the number of
            players): ``hands=["AS 2S 3S", ["AH", "2H", "3H"], [Card("AD"), 14, 15]]``.
        :param stock: the stock, bottom card first (the next card drawn is the last):
            ``stock="KC QC"`` has the Q♣ on top. Given, the hands, stock, pile and table must
            hold exactly the cards of the game's decks. Left out, the stock is every card of
            those decks not placed in the hands, the pile or on the table, shuffled by ``seed``
            and ``hand_number`` (the same cards and numbers give the same order); the decks are
            the ones the rules use for that many players, ``config.decks[players]`` standard
            decks with ``config.jokers_per_deck`` jokers each.
        :param pile: the discard pile, oldest card first (the top card is the last):
            ``pile="9C 8C"`` has the 8♣ on top.
        :param table: the melds on the table, oldest first. Each is a ``(cards, owner)`` pair:
            the cards as written on the table, a wild joker with the card it stands for, and
            the player who put them all down, or a list with the owner of each card:
            ``table=[("5H 6H JK=7H", 0), (["8C", "8D", "8S"], [1, 1, 2])]``. A pair takes its
            place on the table as its id (the number a lay-off names it by), and the owner of
            its first card as listed as the player who laid it down. A mapping gives the id and
            that player as well: ``{"cards": "5S 6S 7S 8S", "owners": [1, 1, 1, 2], "id": 4}``
            (with ``"owner"``, the player who laid it down, every card's owner by default).
            Each meld on the table needs an id of its own. A joker on the table is counted as
            one of the decks' jokers. A :class:`~rummy500.TableMeld` is taken as it is:
            build one with :meth:`TableMeld.of <rummy500.TableMeld.of>` for a set of
            four that scores double.
        :param current_player: the player to move, 0 unless given: ``current_player=2``.
        :param dealer: the dealer of this hand: ``dealer=1``. By default, the player on the
            right of the player whose turn it is (``current_player``; the player who went out, with
            ``went_out``; the discarder, with ``discarded_by``).
        :param phase: where the turn is, a :class:`~rummy500.core.phases.Phase`, ``Phase.DRAW``
            unless given: ``phase=Phase.PLAY`` once the player to move has drawn (and holds
            one card more). Leave it out with ``went_out`` and ``discarded_by``, which decide
            it.
        :param owed: in the play phase, the deepest card taken from the pile this turn, which
            must still go down: ``owed="JC"``.
        :param owed_use: how the owed card must go down, a
            :class:`~rummy500.core.phases.OwedUse`: ``owed_use=OwedUse.MELD``.
        :param kept: in the play phase, a lone top discard taken and kept (under
            ``keep_top_discard``), which may not be thrown back this turn: ``kept="KD"``.
        :param discarder: in the call phase, the player whose discard may be called, with
            ``current_player`` the player polled: ``phase=Phase.CALL, discarder=2,
            current_player=0``.
            ``discarded_by`` finds the player polled by itself.
        :param turn: how many turns of this hand are over, 0 unless given: ``turn=12``. With
            ``discarded_by``, the turn of the discard is one of them; with ``went_out``, the
            turn in which the player went out is not, and the finished hand counts it
            (``turn + 1``), as play does.
        :param totals: each scoring side's running total (each player's, or each team's in a
            partnership game), all 0 unless given: ``totals=[120, 85, -20]``. With
            ``went_out``, the totals before this hand.
        :param history: each finished hand's score for each side, oldest first:
            ``history=[[120, 85, -20]]``. Given, it is the whole record of the game: one row
            for each hand before this one, adding up to ``totals``. Left out (or empty), the
            record of the game starts with this position's hand: :attr:`history_start` is
            ``hand_number`` and :attr:`start_totals` are ``totals``, and the hands finished
            from here on are the rows of the history. (A hand given as over by ``phase``,
            not by ``went_out``, is not scored: the record then starts after it, at the
            ``totals`` given.)
        :param player_history: each finished hand's score for each player, the last rows of
            ``history`` (a partnership game's team rows are the sums of its partners' rows):
            ``player_history=[[70, 50, 85, -20]]`` for two teams of two. Left out, it is the
            history in a game without partnerships, and unknown (no rows) in a partnership
            game.
        :param hand_number: the number of this hand, counting from 0 (the first hand of a game
            is hand 0; after three finished hands comes hand 3): ``hand_number=3``. By default
            the number of rows in ``history``, so 0 without a history.
        :param seed: the seed of every shuffle from here on (the stock when left out, the pile
            turned into a new stock, the next deals): ``seed=7``.
        :param went_out: the player who has just gone out (holding no cards), for a finished
            hand: ``went_out=0``. The position is scored on construction, exactly as if play
            had ended there: the phase is ``HAND_OVER`` (``GAME_OVER`` when the totals decide
            the game), and the hand's scores are added to ``totals`` and recorded in
            ``history`` (as its first row when no history is given). ``phase``, ``owed``,
            ``kept`` and ``discarder`` do not apply, and ``current_player``, if given, must be
            the player who went out.
        :param discarded_by: the player who has just discarded the top card of ``pile``, for
            an open call window under rules that play calling rummy: ``discarded_by=2``. The
            player polled first is decided as in play: the next in seat order who may call.
            When nobody may call on that pile, no window opens and :class:`StateError` says
            so: build the next player's draw instead (``current_player``, without
            ``discarded_by``). ``phase`` and ``discarder`` do not apply, and
            ``current_player``, if given, must be the player polled first.
        :param current: deprecated: ``current_player``.
        :raises StateError: when the position is inconsistent, saying why.
        """
        # Every argument by name, as given: this signature is their one list, and the checker
        # reads each from here.
        given = SimpleNamespace(**locals())
        if current is not None:
            warn("State.from_position(current=...)", "State.from_position(current_player=...)")
            if current_player is not None:
                raise StateError(
                    "current and current_player are both given: give only current_player "
                    "(current is its old name)"
                )
            given.current_player = current
        return build_position(cls, given)

    def validate(self) -> None:
        """Check that this state is consistent; raise :class:`StateError` saying why not.

        Every state play reaches passes; :meth:`from_position` and loading check what they
        build with it (see :mod:`rummy500.play.validation` for each check)."""
        validate(self)

    # -- names before 1.0, kept for a release (see rummy500.core.deprecation) -------------------

    #: Deprecated: the seat whose turn the hand is at; :attr:`current_player` is the player to
    #: move (or :data:`CHANCE`, :data:`TERMINAL`).
    current = renamed_attribute("_current", "State.current_player")
    #: Deprecated: an unchecked constructor; :meth:`from_position` builds a checked state.
    of = renamed_attribute("_of", "State.from_position")
    #: Deprecated: an unchecked copy with fields changed; :meth:`from_position` builds a
    #: checked state, and :meth:`with_seed` changes the seed.
    replace = renamed_attribute("_replace", "State.from_position or State.with_seed")
    #: Deprecated: the fields by name; :func:`rummy500.to_data` gives the saved form.
    fields = renamed_attribute("_fields", "rummy500.to_data")


#: Drops the fields of states far behind the newest of a line, to keep long lines small.
_MEMORY: Final = LineMemory(State)


def new_game(
    config: RuleConfig | None = None,
    players: int = 3,
    seed: int = 0,
    *,
    dealer: int | None = None,
) -> State:
    """Start a game: choose the first dealer (unless given) and deal the first hand.

    The same ``config``, ``players`` and ``seed`` always give the same game.
    """
    return open_game(State, config, players, seed, dealer)


def parse_move(state: State, text: str) -> Move:
    """Read a move's text in the context of ``state`` (see :meth:`State.parse_move`)."""
    if not isinstance(state, State):
        raise StateError(f"parse_move reads a move in a State, not {describe_value(state)}")
    return state.parse_move(text)
