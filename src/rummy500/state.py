"""The immutable game state, the start of a game, and each player's view of it.

A :class:`State` describes a whole game: the hand in progress (hands, stock, discard pile,
table melds with the owner of every card), the running totals and the score of every finished
hand, each side's and each player's. It never changes. :meth:`State.apply` returns a new
state; :meth:`State.undo` returns the state the move was applied to (the very same object, in
O(1)).

Build the opening state with :func:`new_game`, or any position at all with
:meth:`State.from_position`.
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, SupportsIndex

import attrs

from rummy500.cards import CARDS, JOKER, Card, make_deck, parse_cards
from rummy500.dealing import choose_first_dealer, deal_hand, dealer_draw_rounds, rest_of_deck
from rummy500.engine import (
    apply,
    end_hand,
    ends_before_next_draw,
    explain_illegal,
    first_caller,
    is_legal,
    replay,
)
from rummy500.errors import (
    CardError,
    ConfigError,
    IllegalMoveError,
    StateError,
    describe_value,
    quote_value,
)
from rummy500.events import Event, event_problem, quoted_event
from rummy500.knowledge import LogReader, choose_split, deal_groups, hidden_cards, hidden_deals
from rummy500.melds import TableMeld, canonical_meld, meld_error
from rummy500.movegen import generate
from rummy500.moves import (
    Move,
    PileMove,
)
from rummy500.phases import CHANCE, TERMINAL, OwedUse, Phase
from rummy500.position import Position, dealt, self_set
from rummy500.rules import Calling, EmptyStock, FirstDealer, RuleConfig
from rummy500.scoring import game_result, hand_scores, player_scores, side_scores

__all__ = ["CHANCE", "TERMINAL", "Phase", "PlayerView", "State", "new_game", "parse_move"]


#: Cards as :meth:`State.from_position` takes them: one text of cards separated by spaces
#: (``"5H 6H JK=7H"``), or a list of cards, each a card's text, a :class:`Card` or a card id.
CardsInput = str | Iterable[int | str]

#: A table meld as :meth:`State.from_position` takes it: a :class:`TableMeld`; its cards with
#: the player who put them all down (or a list of one owner for each card); or a mapping with
#: ``"cards"`` and any of ``"owners"``, ``"owner"`` and ``"id"``.
TableMeldInput = TableMeld | tuple[CardsInput, int | Sequence[int]] | Mapping[str, object]


def _card(value: object, where: str) -> Card:
    """The card given as ``value`` (a card id or a card's text) at ``where``."""
    if isinstance(value, str):
        try:
            return Card(value)
        except CardError as exc:
            raise CardError(f"{where}: {exc}") from exc
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(CARDS):
        return CARDS[value]
    raise CardError(
        f"{where}: a card is a card id from 0 to {len(CARDS) - 1} or a card's text such as "
        f"'QH', not {describe_value(value)}"
    )


def _card_list(value: object, where: str) -> list[Card]:
    if isinstance(value, str):
        try:
            return list(parse_cards(value))
        except CardError as exc:
            raise CardError(f"{where}: {exc}") from exc
    if not isinstance(value, Iterable):
        raise StateError(
            f"{where} must be a list of cards or a text of cards such as '8S 8H 8D', not "
            f"{describe_value(value)}"
        )
    return [_card(c, f"{where}[{i}]") for i, c in enumerate(value)]


def _hands(value: Iterable[object]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(sorted(_card_list(hand, f"hands[{p}]"))) for p, hand in enumerate(value))


def _cards(value: object, where: str) -> tuple[Card, ...]:
    return tuple(_card_list(value, where))


# -- the arguments of State.from_position ---------------------------------------------------


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_list(value: object) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, str | bytes)


def _player_test(players: int) -> Callable[[object], bool]:
    def test(value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players

    return test


def _is_owed_use(value: object) -> bool:
    return isinstance(value, OwedUse) or (_is_whole(value) and value in _OWED_USE_VALUES)


_OWED_USE_VALUES: Final = frozenset(use.value for use in OwedUse)
_OWED_USE_WORDS: Final = (
    f"an OwedUse ({', '.join(f'OwedUse.{use.name}' for use in OwedUse)}) or the value of one "
    f"({', '.join(str(use.value) for use in OwedUse)})"
)


def _argument(
    name: str,
    value: object,
    expected: str,
    test: Callable[[object], bool] = _is_whole,
    *,
    optional: bool = False,
) -> None:
    """Refuse ``value`` for the argument ``name`` unless it passes ``test`` (or is ``None``,
    when ``optional``): a :class:`StateError` saying what the argument must be."""
    if (optional and value is None) or test(value):
        return
    also = " or None" if optional else ""
    raise StateError(f"{name} must be {expected}{also}, not {describe_value(value)}")


def _numbers(value: object, name: str) -> tuple[int, ...]:
    """``value``, the argument ``name``, as a tuple of whole numbers."""
    _argument(name, value, "a list of whole numbers", _is_list)
    assert isinstance(value, Sequence)
    for i, number in enumerate(value):
        _argument(f"{name}[{i}]", number, "a whole number")
    return tuple(value)


def _rows_given(value: object, name: str) -> tuple[tuple[int, ...], ...]:
    """``value``, the argument ``name``, as rows of scores: a tuple of tuples of whole numbers."""
    _argument(name, value, "a list of rows of scores, each a list of whole numbers", _is_list)
    assert isinstance(value, Sequence)
    return tuple(_numbers(row, f"{name}[{i}]") for i, row in enumerate(value))


class State(Position):
    """One position of a game of Rummy 500, with the moves that lead on from it.

    Immutable; compare with ``==``. See :class:`~rummy500.position.Position` for the fields.
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
        """The state after ``move``. Raises :class:`~rummy500.errors.IllegalMoveError`."""
        after = apply(self, move)
        turn = after.turn
        if turn != self.turn and not turn % _SWEEP_TURNS:
            # Every few turns (and at each deal), drop what states far behind keep.
            _drop_behind(after)
        return after

    def push(self, move: Move | str) -> State:
        """Like :meth:`apply`, but also reads a move's text form (see :meth:`parse_move`)."""
        return self.apply(self.parse_move(move) if isinstance(move, str) else move)

    def undo(self) -> State:
        """The state before the last move (the same object). Raises if there is none."""
        parent = self.parent
        if parent is None:
            raise IllegalMoveError("there is no move to undo: this state was built directly")
        return parent

    def detached(self) -> State:
        """This position with no undo history, so that the positions before it can be freed.

        Long self-play keeps every position of a game alive through :meth:`undo` (about 250
        bytes a move: positions far behind the newest keep only what they need to be rebuilt
        by replaying moves); carry on from ``state.detached()`` now and then (between hands,
        say) to bound the memory. The detached state keeps the :attr:`log` of the hand, so
        nothing its players saw is lost.
        """
        return self.of(**self.fields(), log=self.log)

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
        if phase < Phase.HAND_OVER:
            return self.current
        return CHANCE if phase == Phase.HAND_OVER else TERMINAL

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.phase == Phase.GAME_OVER

    def is_chance_node(self) -> bool:
        """Whether the next move is the deal of a new hand (decided by the seed)."""
        return self.phase == Phase.HAND_OVER

    def moves(self) -> list[Move]:
        """The moves from the start of the recorded line of play to this state, oldest first."""
        out: list[Move] = []
        node: Position | None = self
        while node is not None and node.last_move is not None:
            out.append(node.last_move)
            node = node.parent
        out.reverse()
        return out

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know: their own hand, all public information, and the
        :attr:`log` of the hand as they saw it."""
        standing = self._standing
        game = standing.game
        if type(player) is not int or not 0 <= player < game.players:
            self._check_player(player)  # raises unless an int subclass names a player
        hands = self.hands
        mover = self.current_player
        legal = self.legal_moves() if mover == player else ()
        extra = self._extra
        if extra is None:
            owed, owed_use, kept, discarder = None, OwedUse.ANY, None, None
        else:
            owed, owed_use, kept, discarder = extra
        config = game.config
        # Bots are shown a view at every move: it is built by the plain constructor of a
        # draft with the view's slots, in the order of PlayerView's fields, and then sealed
        # (attrs' frozen __init__ sets every field through object.__setattr__, which costs
        # more than the rest of the view). The values are the state's own, so nothing is
        # left to check.
        view = _ViewDraft(
            player,
            config.side_of(player, len(hands)),  # side
            hands[player],  # hand
            tuple(map(len, hands)),  # hand_sizes
            self.stock_size,
            mover,  # current_player
            legal,  # legal_moves
            config,
            standing.hand_number,
            standing.dealer,
            self.phase,
            self.pile,
            self.table,
            owed,
            owed_use,
            kept,
            discarder,
            self.turn,
            standing.totals,
            standing.history,
            standing.player_history,
            standing.went_out,
            standing.winner,
            game.dealer_draw,
            self._log_cache().seen_by(player),  # log
        )
        view.__class__ = PlayerView  # type: ignore[assignment]
        return view  # type: ignore[return-value]

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
        line as the player saw it::

            player 0 of 3, side 0; to move: player 1; phase draw
            ...
            log:
              hand 0 dealt by P2: P0 3♠ 4♦ ..., P1 7 cards, P2 7 cards; pile 8♣; stock 30
        """
        return _information_text(self._seen(player))

    def _seen(self, player: int) -> dict[str, Any]:
        """Every field of :meth:`view` but ``legal_moves``, by name: the moves follow from
        the rest, and listing them costs more than all of it."""
        self._check_player(player)
        return {
            "player": player,
            "side": self.config.side_of(player, self.players),
            "hand": self.hands[player],
            "hand_sizes": tuple(len(h) for h in self.hands),
            "stock_size": self.stock_size,
            "current_player": self.current_player,
            **dict(zip(_SHARED_WITH_VIEW, _shared_with_view(self), strict=True)),
            "log": self.seen_log(player),
        }

    def seen_log(self, player: int) -> tuple[Event, ...]:
        """The :attr:`log` as ``player`` saw it (see :meth:`Event.seen_by
        <rummy500.events.Event.seen_by>`); :class:`StateError` unless ``player`` is a player
        of the game, as for :meth:`view`."""
        self._check_player(player)
        return super().seen_log(player)

    def _check_player(self, player: object) -> None:
        if (
            isinstance(player, bool)
            or not isinstance(player, int)
            or not 0 <= player < self.players
        ):
            raise StateError(
                f"there is no player {quote_value(player)} in a {self.players}-player game"
            )

    def __repr__(self) -> str:
        return (
            f"<State hand {self.hand_number} {self.phase.name} player {self.current} "
            f"stock {self.stock_size} pile {len(self.pile)} table {len(self.table)} "
            f"totals {list(self.totals)}>"
        )

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
        current: int | None = None,
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
    ) -> State:
        """Build any position, checking that it is consistent.

        Cards may be given everywhere as text (``"QH"``, ``"10♠"``, ``"JK"``), as
        :class:`~rummy500.cards.Card` values or as card ids, and a list of cards may be one
        text with the cards separated by spaces (``"5H 6H 7H"``). Players are numbered from 0,
        and so are hands: the first hand of a game is hand 0.

        Left out, the stock is every card not placed elsewhere, shuffled by the seed:

            >>> from rummy500 import Phase, RuleConfig, State, presets
            >>> config = RuleConfig()  # standard rules: one deck, 7 cards each for 3 players
            >>> hands = ["AS 2S 3S 4S 5S 6S 7S", "AH 2H 3H 4H 5H 6H 7H", "AD 2D 3D 4D 5D 6D 7D"]
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
            >>> window.phase.name, window.current, window.discarder
            ('CALL', 0, 2)

        The position starts with an empty :attr:`log`: what happened in the hand before it
        is not known, so it is not in what any player saw (with ``went_out``, the log holds
        the end of the hand, as scored on construction).

        Every refusal is a :class:`~rummy500.errors.StateError` (a
        :class:`~rummy500.errors.CardError` for a card it cannot read, a
        :class:`~rummy500.errors.ConfigError` for a config that is not one) whose message names
        what is inconsistent: an argument of the wrong type (``turn must be a whole number of
        turns, not True``), a card missing or placed twice, a hand of the wrong size, a table
        meld that is not a meld, totals that are not the sums of the history, a player who went
        out still holding cards, a discard nobody may call...

        :param config: the rules, a :class:`~rummy500.rules.RuleConfig`; named rule sets are
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
            one of the decks' jokers. A :class:`~rummy500.melds.TableMeld` is taken as it is:
            build one with :meth:`TableMeld.of <rummy500.melds.TableMeld.of>` for a set of
            four that scores double.
        :param current: the player to move, 0 unless given: ``current=2``.
        :param dealer: the dealer of this hand: ``dealer=1``. By default, the player on the
            right of the player whose turn it is (``current``; the player who went out, with
            ``went_out``; the discarder, with ``discarded_by``).
        :param phase: where the turn is, a :class:`~rummy500.phases.Phase`, ``Phase.DRAW``
            unless given: ``phase=Phase.PLAY`` once the player to move has drawn (and holds
            one card more). Leave it out with ``went_out`` and ``discarded_by``, which decide
            it.
        :param owed: in the play phase, the deepest card taken from the pile this turn, which
            must still go down: ``owed="JC"``.
        :param owed_use: how the owed card must go down, a
            :class:`~rummy500.phases.OwedUse`: ``owed_use=OwedUse.MELD``.
        :param kept: in the play phase, a lone top discard taken and kept (under
            ``keep_top_discard``), which may not be thrown back this turn: ``kept="KD"``.
        :param discarder: in the call phase, the player whose discard may be called, with
            ``current`` the player polled: ``phase=Phase.CALL, discarder=2, current=0``.
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
            ``kept`` and ``discarder`` do not apply, and ``current``, if given, must be the
            player who went out.
        :param discarded_by: the player who has just discarded the top card of ``pile``, for
            an open call window under rules that play calling rummy: ``discarded_by=2``. The
            player polled first is decided as in play: the next in seat order who may call.
            When nobody may call on that pile, no window opens and :class:`StateError` says
            so: build the next player's draw instead (``current``, without ``discarded_by``).
            ``phase`` and ``discarder`` do not apply, and ``current``, if given, must be the
            player polled first.
        :raises StateError: when the position is inconsistent, saying why.
        """
        if not isinstance(config, RuleConfig):
            raise ConfigError(f"config must be a RuleConfig, not {describe_value(config)}")
        if isinstance(hands, str) or not isinstance(hands, Sequence):
            raise StateError(
                f"hands must be a list of hands, one for each player, not {describe_value(hands)}"
            )
        n = len(hands)
        config.check_players(n)
        for name, who in (
            ("current", current),
            ("dealer", dealer),
            ("discarder", discarder),
            ("went_out", went_out),
            ("discarded_by", discarded_by),
        ):
            _argument(name, who, f"a player from 0 to {n - 1}", _player_test(n), optional=True)
        _argument("table", table, "a list of table melds", _is_list)
        _argument("owed_use", owed_use, _OWED_USE_WORDS, _is_owed_use)
        _argument("turn", turn, "a whole number of turns")
        _argument("hand_number", hand_number, "a whole number", optional=True)
        _argument("seed", seed, "a whole number")
        side_totals = (0,) * config.sides(n) if totals is None else _numbers(totals, "totals")
        record = _rows_given(history, "history")
        player_rows = (
            None if player_history is None else _rows_given(player_history, "player_history")
        )
        held = _hands(hands)
        pile_cards = _cards(pile, "pile")
        melds = tuple(_table_input(config, m, i) for i, m in enumerate(table))
        number = len(record) if hand_number is None else hand_number
        if stock is None:
            placed = [c for h in held for c in h] + [c for m in melds for c in m.cards]
            placed += pile_cards
            stock_cards = rest_of_deck(config, n, seed, number, placed)
        else:
            stock_cards = _cards(stock, "stock")

        def build(
            phase: Phase,
            mover: int,
            in_turn: int,
            *,
            owed: Card | None = None,
            kept: Card | None = None,
            discarder: int | None = None,
        ) -> State:
            return cls.of(
                config=config,
                seed=seed,
                hand_number=number,
                dealer=(in_turn - 1) % n if dealer is None else dealer,
                phase=phase,
                current=mover,
                hands=held,
                stock=stock_cards,
                pile=pile_cards,
                table=melds,
                owed=owed,
                totals=side_totals,
                history=record,
                player_history=player_rows,
                # A history given is the whole record of the game; without one, the record
                # starts with this hand (after it, in a hand built as over), at the totals given.
                history_start=0 if record else number + (phase >= Phase.HAND_OVER),
                start_totals=None if record else side_totals,
                turn=turn,
                kept=kept,
                owed_use=OwedUse(owed_use),
                discarder=discarder,
            )

        if went_out is not None or discarded_by is not None:
            _refuse_extras(
                went_out, discarded_by, phase=phase, owed=owed, kept=kept, discarder=discarder
            )
        if went_out is not None:
            if current is not None and current != went_out:
                raise StateError(
                    f"current is {current}, but went_out is {went_out}: the player who goes out "
                    "makes the last move of the hand"
                )
            before = build(Phase.PLAY, went_out, went_out)
            before._validate_basics()
            # The record before the hand is checked as given, before the hand is added to it.
            before._validate_hand_number()
            before._validate_history()
            state = end_hand(before, went_out).detached()
        elif discarded_by is not None:
            base = build(Phase.CALL, (discarded_by + 1) % n, discarded_by, discarder=discarded_by)
            base._validate_basics()
            state = base.replace(current=_first_caller(base, discarded_by, current))
        else:
            mover = 0 if current is None else current
            state = build(
                Phase.DRAW if phase is None else _phase(phase),
                mover,
                mover,
                owed=None if owed is None else _card(owed, "owed"),
                kept=None if kept is None else _card(kept, "kept"),
                discarder=discarder,
            )
        state.validate()
        return state

    def validate(self) -> None:
        """Check that this state is consistent; raise :class:`StateError` saying why not."""
        self._validate_basics()
        if self.phase < Phase.HAND_OVER:
            self._validate_hand_sizes()
        self._validate_turn()
        self._validate_hand_number()
        self._validate_outcome()
        self._validate_history()
        self._validate_player_history()
        self._validate_dealer_draw()
        self._validate_has_a_move()

    def _validate_basics(self) -> None:
        """The players, the sides, the cards and the table: what holds in every phase.

        Every field that names a player or a side is checked here, before anything looks a
        player up by it (the scores of a hand over, say)."""
        n = self.players
        cfg = self.config
        cfg.check_players(n)
        for name, value in (("current", self.current), ("dealer", self.dealer)):
            if not 0 <= value < n:
                raise StateError(f"{name} must be a player from 0 to {n - 1}, not {value}")
        went_out, won, discarder = self.went_out, self.winner, self.discarder
        if went_out is not None and not 0 <= went_out < n:
            raise StateError(f"went_out must be a player from 0 to {n - 1} or None, not {went_out}")
        if discarder is not None and not 0 <= discarder < n:
            raise StateError(
                f"discarder must be a player from 0 to {n - 1} or None, not {discarder}"
            )
        sides = cfg.sides(n)
        if won is not None and not 0 <= won < sides:
            who = "a player" if sides == n else "a team"
            raise StateError(f"winner must be {who} from 0 to {sides - 1} or None, not {won}")
        if len(self.totals) != sides or any(len(h) != sides for h in self.history):
            raise StateError(
                f"totals and every history row need one score for each of the {sides} sides"
            )
        if len(self.start_totals) != sides:
            raise StateError(
                f"start_totals {list(self.start_totals)} needs one score for each of the "
                f"{sides} sides"
            )
        if any(len(row) != n for row in self.player_history):
            raise StateError(
                f"every player_history row needs one score for each of the {n} players"
            )
        self._validate_cards()
        for i, meld in enumerate(self.table):
            problem = meld_error(meld.cards, cfg)
            if problem is not None:
                raise StateError(f"table meld {i} is not a meld: {problem}")
            if any(not 0 <= o < n for o in meld.owners) or len(meld.owners) != len(meld.cards):
                raise StateError(f"table meld {i} needs an owner from 0 to {n - 1} for each card")
            if meld.doubled and not (
                cfg.four_of_a_kind_double and not meld.is_run and len(meld.cards) == 4
            ):
                raise StateError(
                    f"table meld {i} scores double, but only a set of four melded at once does, "
                    "and only under four_of_a_kind_double"
                )
        self._validate_meld_ids()

    def _validate_hand_number(self) -> None:
        if self.hand_number < 0:
            raise StateError(f"hand_number cannot be negative, not {self.hand_number}")
        last = self.config.hand_limit - 1  # hands are numbered from 0
        if self.hand_number > last or (self.phase == Phase.HAND_OVER and self.hand_number == last):
            raise StateError(
                f"hand_number {self.hand_number} (counting from 0) in phase "
                f"{self.phase.name.lower()}: with hand_limit {self.config.hand_limit}, the game "
                f"ends when hand_number {last} is over"
            )

    def _validate_meld_ids(self) -> None:
        """Each table meld has an id of its own, a player who laid it down, and a ``top_id``
        that is its own id or the id of a run joined into it (no meld on the table)."""
        n = self.players
        place_of: dict[int, int] = {}
        for i, meld in enumerate(self.table):
            if meld.id < 0:
                raise StateError(f"table[{i}] has id {meld.id}: a meld id is 0 or more")
            if meld.id in place_of:
                raise StateError(
                    f"table[{place_of[meld.id]}] and table[{i}] both have id {meld.id}: each "
                    "meld on the table has an id of its own"
                )
            place_of[meld.id] = i
            if not 0 <= meld.owner < n:
                raise StateError(
                    f"table[{i}] was laid down by player {meld.owner}: the owner of a meld is a "
                    f"player from 0 to {n - 1}"
                )
        for i, meld in enumerate(self.table):
            top = meld.top_id
            if top < meld.id or (top != meld.id and top in place_of):
                raise StateError(
                    f"table[{i}] has id {meld.id} and top_id {top}: top_id is the highest id "
                    "of the meld and the runs joined into it, so it is at least the meld's id "
                    "and no other meld on the table has it"
                )

    def _validate_turn(self) -> None:
        limit = self.config.turn_limit
        if not 0 <= self.turn <= limit:
            raise StateError(
                f"turn {self.turn} is impossible: a hand ends after at most turn_limit "
                f"({limit}) turns, so turn counts from 0 to {limit}"
            )
        hand = self.hands[self.current]
        if self.phase == Phase.PLAY and not hand:
            raise StateError(
                f"player {self.current} is to play with no cards: a player holds at least the "
                "card just drawn in play"
            )
        if (
            self.phase == Phase.DRAW
            and self.config.empty_stock is EmptyStock.REUSE_PILE
            and not self.stock_size
            and self.pile
        ):
            raise StateError(
                "the stock is empty while the discard pile is not, in the draw phase: under "
                "empty_stock reuse_pile the pile is turned into a new stock before the next draw"
            )
        if self.owed is not None:
            if self.phase != Phase.PLAY:
                raise StateError("a card is owed only after a take, while the player plays")
            if self.owed not in hand:
                raise StateError(f"the owed card {self.owed} is not in the mover's hand")
        if not isinstance(self.owed_use, OwedUse):
            raise StateError(f"owed_use must be an OwedUse, not {self.owed_use!r}")
        if self.kept is not None:
            if not self.config.keep_top_discard:
                raise StateError("a discard is kept only when keep_top_discard is played")
            if self.phase != Phase.PLAY or self.kept not in hand:
                raise StateError(f"the kept card {self.kept} must be in the mover's hand in play")
        if (self.phase == Phase.CALL) != (self.discarder is not None):
            raise StateError("discarder is set exactly while players may call rummy")
        if self.phase == Phase.CALL and self.config.calling is Calling.NONE:
            raise StateError("a call window opens only under rules that play calling rummy")
        if self.discarder == self.current:
            raise StateError("a player cannot call rummy on their own discard")

    def _validate_history(self) -> None:
        """The history is the record of the game from hand :attr:`history_start` on: one row
        for every hand finished since (the hand just scored included), and the totals are
        :attr:`start_totals` plus its column sums."""
        history = self.history
        over = self.phase >= Phase.HAND_OVER
        finished = self.hand_number + 1 if over else self.hand_number
        start = self.history_start
        phase = self.phase.name.lower()
        where = f"hand_number {self.hand_number} (counting from 0) in phase {phase}"
        if not 0 <= start <= finished:
            raise StateError(
                f"history_start {start} is not from 0 to {finished}: {where} means "
                f"{_hands_count(finished, 'finished ')}, and the record of the game starts at "
                "one of them or with the hand in play"
            )
        if len(history) != finished - start:
            since = (
                f" since hand {start}, where the record of the game starts (history_start): the "
                "history records every hand from there"
                if start
                else ": a history, when given, records every hand of the game"
            )
            raise StateError(
                f"the history holds {_hands_count(len(history))}, but {where} means "
                f"{_hands_count(finished - start, 'finished ')}{since}"
            )
        base = self.start_totals
        sums = [sum(row[side] for row in history) for side in range(len(self.totals))]
        if tuple(map(operator.add, base, sums)) != self.totals:
            if any(base):
                raise StateError(
                    f"totals {list(self.totals)} are not the start_totals {list(base)} plus "
                    f"the sums {sums} of the history: the history records every hand since "
                    f"hand {start}, where the record of the game starts with start_totals"
                )
            raise StateError(
                f"totals {list(self.totals)} are not the sums {sums} of the history: a "
                "history, when given, records every hand since the totals were all 0"
            )
        if over and history:
            went_out = self.went_out
            scores = hand_scores(
                self.config,
                self.hands,
                self.table,
                went_out=went_out,
                stock_ran_out=went_out is None,
            )
            if history[-1] != scores:
                raise StateError(
                    f"the last hand's scores {list(history[-1])} are not {list(scores)}, what "
                    "the hands and table of the hand just over score"
                )

    def _validate_player_history(self) -> None:
        """Each player's rows are the last rows of the history, split between partners."""
        cfg = self.config
        rows, history = self.player_history, self.history
        if cfg.team_size == 1:
            if rows != history:
                raise StateError(
                    f"player_history {_rows(rows)} is not the history {_rows(history)}: without "
                    "partnerships each player is a side, so both record the same scores"
                )
            return
        if len(rows) > len(history):
            raise StateError(
                f"player_history holds {_hands_count(len(rows))}, but the history "
                f"{_hands_count(len(history))}: each player's scores are kept for hands the "
                "history records"
            )
        first = len(history) - len(rows)
        for number, row in enumerate(rows, first):
            teams = side_scores(cfg, row)
            if teams != history[number]:
                raise StateError(
                    f"hand {number} (counting from 0): the players' scores {list(row)} make "
                    f"the team scores {list(teams)}, but the history records "
                    f"{list(history[number])}: a team scores the sum of its players' scores"
                )
        if rows and self.phase >= Phase.HAND_OVER:
            went_out = self.went_out
            scores = player_scores(
                cfg, self.hands, self.table, went_out=went_out, stock_ran_out=went_out is None
            )
            if rows[-1] != scores:
                raise StateError(
                    f"the last hand's player scores {list(rows[-1])} are not {list(scores)}, "
                    "what the hands and table of the hand just over score"
                )

    def _validate_outcome(self) -> None:
        n = self.players
        cfg = self.config
        went_out, won = self.went_out, self.winner
        phase = self.phase.name.lower()
        if self.phase < Phase.HAND_OVER:
            if went_out is not None:
                raise StateError(
                    f"went_out is {went_out} in phase {phase}: it names who went out of a hand "
                    "that is over"
                )
            if won is not None:
                raise StateError(
                    f"winner is {won} in phase {phase}: a game has a winner only once it is over"
                )
            return
        if went_out is not None and self.hands[went_out]:
            raise StateError(
                f"went_out is {went_out}, but player {went_out} still holds cards: the player "
                "who goes out has none left"
            )
        result = game_result(
            cfg,
            self.totals,
            hands_played=self.hand_number + 1,
            went_out_side=None if went_out is None else cfg.side_of(went_out, n),
        )
        if self.phase == Phase.HAND_OVER:
            if won is not None:
                raise StateError(
                    f"winner is {won} in phase hand_over: a game has a winner only once it is over"
                )
            if result.over:
                raise StateError(
                    f"the game is over after hand {self.hand_number} with totals "
                    f"{list(self.totals)}, yet the phase is hand_over rather than game_over"
                )
            return
        if not result.over:
            raise StateError(
                f"the phase is game_over, but with totals {list(self.totals)} after "
                f"{self.hand_number + 1} of at most {cfg.hand_limit} hands the game goes on"
            )
        if won != result.winner:
            want = "nobody (a drawn game)" if result.winner is None else f"side {result.winner}"
            raise StateError(
                f"winner is {won}, but with totals {list(self.totals)} after "
                f"{self.hand_number + 1} hands the game is won by {want}"
            )

    def _validate_dealer_draw(self) -> None:
        drawn = self.dealer_draw
        if not drawn:
            return
        cfg = self.config
        n = self.players
        deck: Counter[int] = Counter(make_deck(cfg.decks[n], 0))
        size = sum(deck.values())
        for start in range(0, len(drawn), size):
            # The draw is from a jokerless deck; a fresh one is shuffled if it runs out.
            counts = Counter(drawn[start : start + size])
            for card, count in sorted(counts.items()):
                if not deck[card]:
                    raise StateError(
                        f"{CARDS[card]} was drawn for the first deal, but that draw uses the "
                        "decks without jokers"
                    )
                if count > deck[card]:
                    raise StateError(
                        f"{CARDS[card]} was drawn {count} times for the first deal, but the "
                        f"decks hold {deck[card]}"
                    )
        highest = cfg.first_dealer is FirstDealer.HIGHEST

        def rank(card: Card) -> int:
            return 14 if highest and card.rank == 1 else card.rank

        # The last round has one player alone at the top (the lowest card, or the highest).
        last_round = dealer_draw_rounds(cfg, n, drawn)[-1]
        pick = max if highest else min
        first = pick(last_round, key=lambda drew: rank(drew[1]))[0]
        dealer = (first + self.hand_number) % n
        if self.dealer != dealer:
            raise StateError(
                f"dealer is {self.dealer}, but player {first} won the draw for the first deal, "
                f"so hand {self.hand_number} is dealt by player {dealer}"
            )

    def _validate_has_a_move(self) -> None:
        if self.phase == Phase.GAME_OVER:
            return
        if not generate(self):
            raise StateError(
                f"player {self.current} has no legal move in phase "
                f"{self.phase.name.lower()}, yet the game is not over"
            )

    def _validate_cards(self) -> None:
        deck: Counter[int] = Counter(
            make_deck(self.config.decks[self.players], self.config.jokers_per_deck)
        )
        seen: Counter[int] = Counter()
        for hand in self.hands:
            seen.update(hand)
        seen.update(self.stock)
        seen.update(self.pile)
        for meld in self.table:
            seen.update(min(c, JOKER) for c in meld.cards)
        _check_counts(seen, deck)
        missing = deck - seen
        if missing:
            shown = " ".join(str(CARDS[c]) for c in sorted(missing.elements()))
            raise StateError(f"cards missing from the position: {shown}")

    def _validate_hand_sizes(self) -> None:
        deal = self.config.deal_size[self.players]
        floating = self.config.floating
        for p, hand in enumerate(self.hands):
            if not hand and not floating:
                raise StateError(f"player {p} holds no cards, so the hand would be over")
        if self.table:
            return
        # With nothing melded yet, only draws and discards have happened: hands are as dealt.
        for p, hand in enumerate(self.hands):
            want = deal
            if p == self.current and self.phase == Phase.PLAY:
                want = deal + 1
                if self.owed is not None and len(hand) >= want:
                    continue
            if len(hand) != want:
                raise StateError(
                    f"player {p} holds {len(hand)} cards; with no melds on the table a hand "
                    f"holds the {deal} dealt" + (" plus the card drawn" if want > deal else "")
                )


# -- keeping a long line of play small ------------------------------------------------------
#
# Every state keeps the state it came from, so the last state of a game keeps the whole line of
# play for undo(). Most of what a state holds is rebuilt by its move (the mover's hand and the
# tuple of hands, the pile, the table), while the state's own object is small. So, behind the
# newest states of a line, a state's hands, pile and table are dropped, and the state becomes a
# stand-in (_Dropped) whose first read of one of them replays its move from the nearest state
# before it that still has them; the replayed states keep their fields again. Undo, equality
# and every field behave as before: only the memory differs.

#: How many of the newest states of a line keep every field (search and undo work there).
_WINDOW: Final = 32
#: Behind the window, one state in this many keeps its fields as a place to replay from.
_CHECKPOINT: Final = 32
#: Every this many turns of a hand, a line drops the fields of its states behind the window.
_SWEEP_TURNS: Final = 16
#: The fields a stand-in drops.
_DROPPED_FIELDS: Final = ("hands", "pile", "table")


#: The setters of the dropped fields' slots (a stand-in's class reads them through properties,
#: and setting a slot straight is quicker than through ``setattr``).
_SETTERS: Final[tuple[Any, ...]] = tuple(getattr(State, name).__set__ for name in _DROPPED_FIELDS)


def _restored(state: State) -> State:
    """``state`` with every field in place again: a stand-in's dropped fields are replayed from
    the nearest state before it that kept them, and so are those of the stand-ins between."""
    path = []
    node = state
    while node.__class__ is _Dropped:
        path.append(node)
        parent = node.parent
        assert parent is not None  # a state is dropped only when it has a parent
        node = parent
    for child in reversed(path):
        move = child.last_move
        assert move is not None
        after = replay(node, move)
        self_set(child, "__class__", State)
        for name, put in zip(_DROPPED_FIELDS, _SETTERS, strict=True):
            put(child, getattr(after, name))
        node = child
    return state


class _Dropped(State):
    """A state whose hands, pile and table were dropped (see above): it reads as the state it
    stands in for, replaying moves to get them back on the first read."""

    __slots__ = ()
    _value_type = State

    if not TYPE_CHECKING:

        @property
        def hands(self) -> tuple[tuple[Card, ...], ...]:
            return _restored(self).hands

        @property
        def pile(self) -> tuple[Card, ...]:
            return _restored(self).pile

        @property
        def table(self) -> tuple[TableMeld, ...]:
            return _restored(self).table

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        return _restored(self).__reduce_ex__(protocol)


def _drop_behind(tip: State) -> None:
    """Drop the fields of the states of ``tip``'s line behind its newest :data:`_WINDOW`, back
    to the states dropped before, keeping one in :data:`_CHECKPOINT` whole and the oldest one
    (whose parent was dropped before), so that a read replays fewer than ``_CHECKPOINT``
    moves."""
    clear_hands, clear_pile, clear_table = _SETTERS
    node: Position = tip
    for _ in range(_WINDOW):
        parent = node.parent
        if parent is None:
            return
        node = parent
    i = 0
    while node.__class__ is State and node.last_move is not None:
        parent = node.parent
        if parent is None or parent.__class__ is _Dropped:
            return
        i += 1
        if i % _CHECKPOINT:
            clear_hands(node, None)
            clear_pile(node, None)
            clear_table(node, None)
            self_set(node, "__class__", _Dropped)
        node = parent


def _phase(value: object) -> Phase:
    if isinstance(value, Phase):
        return value
    names = ", ".join(f"Phase.{p.name}" for p in Phase)
    raise StateError(f"phase must be one of {names}, not {describe_value(value)}")


def _rows(rows: tuple[tuple[int, ...], ...]) -> list[list[int]]:
    return [list(row) for row in rows]


def _hands_count(n: int, kind: str = "") -> str:
    return f"{n} {kind}hand" + ("" if n == 1 else "s")


def _table_input(config: RuleConfig, item: object, place: int) -> TableMeld:
    """The table meld at ``place`` as :meth:`State.from_position` takes it: a
    :class:`TableMeld`, a ``(cards, owner)`` pair or a mapping (see :data:`TableMeldInput`)."""
    where = f"table[{place}]"
    if isinstance(item, TableMeld):
        return item
    if isinstance(item, Mapping):
        return _table_mapping(config, item, where, place)
    if isinstance(item, str) or not isinstance(item, Sequence) or len(item) != 2:
        raise StateError(
            f"{where} must be a TableMeld, a (cards, owner) pair such as ('5H 6H JK=7H', 0) or "
            f"a mapping with cards, owners, owner and id, not {describe_value(item)}"
        )
    cards = _cards(item[0], f"{where} cards")
    owner = item[1]
    if isinstance(owner, int) and not isinstance(owner, bool):
        return _table_meld(config, cards, (owner,) * len(cards), meld_id=place)
    if isinstance(owner, str) or not isinstance(owner, Sequence):
        raise StateError(
            f"{where} owner must be a player number, or a list of one player number for each "
            f"card, not {describe_value(owner)}"
        )
    for i, one in enumerate(owner):
        if isinstance(one, bool) or not isinstance(one, int):
            raise StateError(
                f"{where} owner[{i}] must be a player number, not {describe_value(one)}"
            )
    return _table_meld(config, cards, tuple(owner), meld_id=place)


def _table_mapping(
    config: RuleConfig, entry: Mapping[object, object], where: str, place: int
) -> TableMeld:
    """A table meld given as a mapping with its cards and any of owners, owner and id."""
    unknown = sorted(map(str, set(entry) - {"cards", "owners", "owner", "id"}))
    if unknown or "cards" not in entry:
        raise StateError(
            f"{where} has the keys cards and any of owners, owner and id, not "
            f"{', '.join(map(repr, entry)) or 'none'}"
        )
    cards = _cards(entry["cards"], f"{where} cards")
    owner = _whole(entry.get("owner"), f"{where} owner")
    meld_id = _whole(entry.get("id"), f"{where} id")
    if "owners" in entry:
        owners = entry["owners"]
        if isinstance(owners, str) or not isinstance(owners, Sequence):
            raise StateError(f"{where} owners is a list of players, not {describe_value(owners)}")
    elif owner is None:
        raise StateError(f"{where} needs the owners of its cards, or the owner of the meld")
    else:
        owners = [owner] * len(cards)
    return _table_meld(
        config, cards, owners, meld_id=place if meld_id is None else meld_id, owner=owner
    )


def _whole(value: object, where: str) -> int | None:
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise StateError(f"{where} is a whole number, not {describe_value(value)}")


def _table_meld(
    config: RuleConfig,
    cards: Sequence[int],
    owners: Sequence[int],
    *,
    meld_id: int = 0,
    owner: int | None = None,
) -> TableMeld:
    ordered = canonical_meld(cards)
    problem = meld_error(ordered, config)
    if problem is not None:
        raise StateError(f"{' '.join(str(CARDS[c]) for c in cards)} is not a meld: {problem}")
    if len(owners) != len(cards):
        raise StateError("a table meld needs exactly one owner for each card")
    return TableMeld.of(cards, owners, id=meld_id, owner=owner)


def _refuse_extras(
    went_out: int | None,
    discarded_by: int | None,
    *,
    phase: Phase | None,
    owed: object,
    kept: object,
    discarder: int | None,
) -> None:
    """Refuse what :meth:`State.from_position` cannot take along with ``went_out`` or
    ``discarded_by``, which decide the phase themselves."""
    if went_out is not None and discarded_by is not None:
        raise StateError(
            f"went_out is {went_out} and discarded_by is {discarded_by}, but a hand that is over "
            "has no call window: give one of them"
        )
    key = "went_out" if went_out is not None else "discarded_by"
    if phase is not None:
        raise StateError(f"phase is given with {key}, which decides the phase: leave phase out")
    for name, value in (("owed", owed), ("kept", kept)):
        if value is not None:
            raise StateError(
                f"{name} is given with {key}, but a card is {name} only while the player who "
                "took it is to play"
            )
    if discarder is not None:
        why = (
            "a hand that is over has no call window"
            if key == "went_out"
            else "discarded_by opens the call window itself"
        )
        raise StateError(f"discarder is given with {key}, but {why}: leave discarder out")


def _first_caller(base: State, discarded_by: int, current: int | None) -> int:
    """The player polled first in the call window after ``discarded_by``'s discard, the top
    card of ``base``'s pile, as play decides it; :class:`StateError` when no window opens."""
    cfg = base.config
    who = f"discarded_by is {discarded_by}, but"
    if not base.pile:
        raise StateError(
            f"{who} the pile is empty: the card just discarded is the top card of the pile"
        )
    if not base.hands[discarded_by]:
        raise StateError(
            f"{who} player {discarded_by} holds no cards: a discard that empties the hand goes "
            f"out (went_out={discarded_by} builds the finished hand)"
        )
    if cfg.calling is Calling.NONE:
        raise StateError(
            f"{who} these rules do not play calling rummy, so no call window opens after a discard"
        )
    if ends_before_next_draw(cfg, base.turn, base.stock_size):
        why = (
            f"turn {base.turn} reaches the turn_limit of {cfg.turn_limit}"
            if base.turn >= cfg.turn_limit
            else "the stock is empty under empty_stock end_at_once"
        )
        raise StateError(f"{who} that discard ends the hand ({why}), so no call window opens")
    caller = first_caller(cfg, base.hands, base.pile, base.table, discarded_by)
    if caller is None:
        n = base.players
        raise StateError(
            f"{who} nobody may call rummy on that pile, so no call window opens: for the next "
            f"player's draw, leave out discarded_by and give current={(discarded_by + 1) % n}"
        )
    if current is not None and current != caller:
        raise StateError(
            f"current is {current}, but after player {discarded_by}'s discard player {caller} "
            "is the first who may call rummy"
        )
    return caller


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
    if config is not None and not isinstance(config, RuleConfig):
        hint = (
            f" (for a preset, pass rummy500.presets.get({describe_value(config)}))"
            if isinstance(config, str)
            else ""
        )
        raise ConfigError(
            f"config must be a RuleConfig or None, not {describe_value(config)}{hint}"
        )
    for name, value in (("players", players), ("seed", seed)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"{name} must be a whole number, not {describe_value(value)}")
    if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int)):
        raise StateError(f"dealer must be a player number or None, not {describe_value(dealer)}")
    cfg = RuleConfig() if config is None else config
    cfg.check_players(players)
    drawn: tuple[Card, ...] = ()
    if dealer is None:
        dealer, drawn = choose_first_dealer(cfg, players, seed)
    elif not 0 <= dealer < players:
        raise IllegalMoveError(f"the dealer must be a player from 0 to {players - 1}")
    hands, stock, pile = deal_hand(cfg, players, seed, 0, dealer)
    state = State.of(
        config=cfg,
        seed=seed,
        hand_number=0,
        dealer=dealer,
        phase=Phase.DRAW,
        current=(dealer + 1) % players,
        hands=hands,
        stock=stock,
        pile=pile,
        table=(),
        owed=None,
        totals=(0,) * cfg.sides(players),
        dealer_draw=drawn,
    )
    # The deal is the first event of the hand, read off the state just dealt: the position
    # that starts the undo chain keeps it as what happened before it.
    return State.of(**state.fields(), log=(dealt(state),))


def parse_move(state: State, text: str) -> Move:
    """Read a move's text in the context of ``state`` (see :meth:`State.parse_move`)."""
    if not isinstance(state, State):
        raise StateError(f"parse_move reads a move in a State, not {describe_value(state)}")
    return state.parse_move(text)


@attrs.frozen(weakref_slot=False)
class PlayerView:
    """What one player may know of a state: no other hand and not the stock order.

    Every public field of a state is here under the same name except the hands (only
    ``hand``, the player's own, and ``hand_sizes``), the stock (only ``stock_size``) and the
    seed (which would tell the stock order). Where the record of the game starts
    (``history_start``, ``start_totals``) follows from the hand number, the totals and the
    history, so it is read off them rather than kept.
    """

    #: The player whose view this is, and the scoring side (team, or the player alone).
    player: int
    side: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    current_player: int
    #: The player's legal moves when it is their turn (they depend only on what they know).
    legal_moves: tuple[Move, ...]
    config: RuleConfig
    hand_number: int
    dealer: int
    phase: Phase
    pile: tuple[Card, ...]
    table: tuple[TableMeld, ...]
    owed: Card | None
    owed_use: OwedUse
    kept: Card | None
    discarder: int | None
    turn: int
    totals: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    #: Each player's score of the finished hands (see :attr:`State.player_history`).
    player_history: tuple[tuple[int, ...], ...]
    went_out: int | None
    winner: int | None
    #: The cards drawn to choose the first dealer (drawn face up for everyone to see).
    dealer_draw: tuple[Card, ...]
    #: What happened in the hand so far as this player saw it (see :attr:`State.log`): their
    #: own stock draws show the card, other players' do not, and the deal shows only their
    #: own cards; everything else is public.
    log: tuple[Event, ...] = ()

    def __attrs_post_init__(self) -> None:
        # Views built by State.view skip __init__ (and this): their values are the state's.
        # Every view built any other way (by hand, attrs.evolve, loading) is checked here.
        self.validate()

    def validate(self) -> None:
        """Check that this view is consistent: that it could be a player's view of a valid
        :class:`State`. Raise :class:`~rummy500.errors.StateError` saying why not.

        Every view built through the constructor (by hand, with :func:`attrs.evolve`, or
        loaded with :func:`rummy500.serialize.from_data`) is checked on construction, so a
        view in hand is always consistent; :meth:`State.view` builds its views straight from
        the state, without the check. Checked: the types of the fields; ``player`` and
        ``side``; the hand (sorted, of the size ``hand_sizes`` gives); the number of players
        (one hand size each); the player to move for the phase; the cards (the hand, the pile,
        the table and a card owed or kept by another player never more than the decks hold,
        and with the other hands and the stock as many as the decks hold); and all that
        :meth:`State.validate` checks of what the view shows (the table melds and their ids,
        the turn, the hand number, the owed, kept card and discarder for the phase, the scores
        and their history, who went out and who won, the first dealer's draw). The
        ``legal_moves`` are those of the player when they are to move, and none otherwise.
        The :attr:`log`'s events name only players of the game and show only cards, and only
        what the player saw. In a hand in play, what the log tells of the cards the player
        cannot see is replayed as :func:`rummy500.worlds.sample_world` reads it (see
        :mod:`rummy500.knowledge`): the cards an opponent took from the pile and has not played
        since are in their hand, and after the pile was turned over each hidden card is where
        the stock it came from puts it. So a view passes exactly when a world that agrees with
        all the player saw exists, and then ``sample_world`` deals one. The log is not checked
        against the rules of play move by move, and the scores of a hand just over are not
        checked against the hands the player cannot see.
        """
        _check_view_types(self)
        n = len(self.hand_sizes)
        config = self.config
        try:
            config.check_players(n)
        except ConfigError as exc:
            raise StateError(f"hand_sizes has one size for each player: {exc}") from exc
        me = self.player
        if not 0 <= me < n:
            raise StateError(f"player must be a player from 0 to {n - 1}, not {me}")
        side = config.side_of(me, n)
        if self.side != side:
            raise StateError(f"side is {self.side}, but player {me} plays for side {side}")
        if list(self.hand) != sorted(self.hand):
            raise StateError(f"hand must be sorted, as in a state: {_listed(self.hand)}")
        if len(self.hand) != self.hand_sizes[me]:
            raise StateError(
                f"player {me} holds {len(self.hand)} cards, but hand_sizes gives "
                f"{self.hand_sizes[me]}"
            )
        _check_view_mover(self.phase, self.current_player, n)
        for i, event in enumerate(self.log):
            problem = event_problem(event, n)
            if problem is None and not event._public and event.seen_by(me) != event:
                problem = f"shows a card that player {me} did not see"
            if problem is not None:
                raise StateError(f"the log event log[{i}]{quoted_event(event)} {problem}")
        if self.history_start < 0:
            # A view's record start is read off its history: more rows than hands finished.
            finished = len(self.history) + self.history_start
            raise StateError(
                f"the history holds {_hands_count(len(self.history))}, but hand_number "
                f"{self.hand_number} (counting from 0) in phase {self.phase.name.lower()} means "
                f"{_hands_count(finished, 'finished ')}: the history records finished hands only"
            )
        whole = _whole_from_view(self)
        whole._validate_basics()
        if whole.phase < Phase.HAND_OVER:
            whole._validate_hand_sizes()
        whole._validate_turn()
        whole._validate_hand_number()
        # The record of a hand just over is checked as the next hand's would be: its last
        # row's scores depend on the hands the player cannot see.
        record = (
            whole
            if whole.phase < Phase.HAND_OVER
            else whole.replace(phase=Phase.DRAW, hand_number=whole.hand_number + 1)
        )
        record._validate_history()
        record._validate_player_history()
        whole._validate_outcome()
        whole._validate_dealer_draw()
        legal: tuple[Move, ...] = ()
        if self.current_player == me:
            legal = whole.legal_moves()
            if not legal:
                whole._validate_has_a_move()  # refuses, saying so
        if self.legal_moves != legal:
            whose = (
                f"the {len(legal)} legal moves of player {me}, who is to move"
                if legal
                else f"empty: player {me} is not to move"
            )
            raise StateError(
                f"legal_moves must be {whose}, not {len(self.legal_moves)} other moves"
            )

    @property
    def history_start(self) -> int:
        """The number of the first hand :attr:`history` records (see
        :attr:`State.history_start <rummy500.position.Position.history_start>`): read off the
        hand number and the rows of the history, so it is not a field of its own."""
        finished = self.hand_number + 1 if self.phase >= Phase.HAND_OVER else self.hand_number
        return finished - len(self.history)

    @property
    def start_totals(self) -> tuple[int, ...]:
        """Each side's total where the record of the game starts (see
        :attr:`State.start_totals <rummy500.position.Position.start_totals>`): the totals less
        the column sums of :attr:`history`."""
        history = self.history
        return tuple(t - sum(row[s] for row in history) for s, t in enumerate(self.totals))


def _is_count(value: object) -> bool:
    return _is_whole(value) and value >= 0  # type: ignore[operator]


def _tuple_of(test: Any) -> Any:
    return lambda value: isinstance(value, tuple) and all(map(test, value))


def _or_none(test: Any) -> Any:
    return lambda value: value is None or test(value)


def _is_card(value: object) -> bool:
    return isinstance(value, Card)


_WHOLE: Final = (_is_whole, "a whole number")
_COUNT: Final = (_is_count, "a whole number, 0 or more")
_CARDS: Final = (_tuple_of(_is_card), "a tuple of Card")
_SCORES: Final = (_tuple_of(_is_whole), "a tuple of whole numbers")
_ROWS: Final = (_tuple_of(_tuple_of(_is_whole)), "a tuple of tuples of whole numbers")
_PLAYER_OR_NONE: Final = (_or_none(_is_whole), "a whole number or None")
_CARD_OR_NONE: Final = (_or_none(_is_card), "a Card or None")

#: What each field of a view holds, as a test and its description.
_VIEW_TYPES: Final[dict[str, tuple[Any, str]]] = {
    "player": _WHOLE,
    "side": _WHOLE,
    "hand": _CARDS,
    "hand_sizes": (_tuple_of(_is_count), "a tuple of whole numbers, 0 or more"),
    "stock_size": _COUNT,
    "current_player": _WHOLE,
    "legal_moves": (_tuple_of(lambda m: isinstance(m, Move)), "a tuple of Move"),
    "config": (lambda value: isinstance(value, RuleConfig), "a RuleConfig"),
    "hand_number": _WHOLE,
    "dealer": _WHOLE,
    "phase": (lambda value: isinstance(value, Phase), "a Phase"),
    "pile": _CARDS,
    "table": (_tuple_of(lambda m: isinstance(m, TableMeld)), "a tuple of TableMeld"),
    "owed": _CARD_OR_NONE,
    "owed_use": (lambda value: isinstance(value, OwedUse), "an OwedUse"),
    "kept": _CARD_OR_NONE,
    "discarder": _PLAYER_OR_NONE,
    "turn": _WHOLE,
    "totals": _SCORES,
    "history": _ROWS,
    "player_history": _ROWS,
    "went_out": _PLAYER_OR_NONE,
    "winner": _PLAYER_OR_NONE,
    "dealer_draw": _CARDS,
    "log": (lambda value: isinstance(value, tuple), "a tuple of events"),
}


def _check_view_types(view: PlayerView) -> None:
    for name, (test, what) in _VIEW_TYPES.items():
        value = getattr(view, name)
        if not test(value):
            raise StateError(f"{name} must be {what}, not {describe_value(value)}")


def _check_view_mover(phase: Phase, mover: int, players: int) -> None:
    """Refuse a player to move that does not fit the phase: a player in a hand in play,
    :data:`CHANCE` between hands and :data:`TERMINAL` once the game is over."""
    if phase < Phase.HAND_OVER:
        if not 0 <= mover < players:
            raise StateError(
                f"current_player must be a player from 0 to {players - 1} in phase "
                f"{phase.name.lower()}, not {mover}"
            )
        return
    want, name = (CHANCE, "CHANCE") if phase == Phase.HAND_OVER else (TERMINAL, "TERMINAL")
    if mover != want:
        raise StateError(
            f"current_player must be {name} ({want}) in phase {phase.name.lower()}, not {mover}"
        )


def _whole_from_view(view: PlayerView) -> State:
    """A whole state of which ``view`` shows all it shows, for :meth:`PlayerView.validate`:
    the cards the player does not see dealt to the other hands and the stock, in a hand in
    play as the log allows (see :func:`_dealt_by_log`), in order otherwise. Refuses cards the
    decks cannot hold and a log that contradicts the view."""
    config = view.config
    sizes = view.hand_sizes
    n = len(sizes)
    me = view.player
    playing = view.phase < Phase.HAND_OVER
    mover = view.current_player if playing else 0
    known: list[Card] = []
    if playing and mover != me:
        known = sorted({c for c in (view.owed, view.kept) if c is not None})
    deck: Counter[int] = Counter(make_deck(config.decks[n], config.jokers_per_deck))
    seen: Counter[int] = Counter(view.hand)
    seen.update(view.pile)
    seen.update(known)
    for meld in view.table:
        seen.update(min(c, JOKER) for c in meld.cards)
    _check_counts(seen, deck)
    on_table = sum(len(meld.cards) for meld in view.table)
    size = deck.total()
    if sum(sizes) + view.stock_size + len(view.pile) + on_table != size:
        raise StateError(
            f"the hands hold {sum(sizes)} cards, the stock {view.stock_size}, the pile "
            f"{len(view.pile)} and the table {on_table}, but the decks hold {size} cards"
        )
    for p, held in enumerate(sizes):
        mine = known if p == mover and p != me else []
        if held < len(mine):
            raise StateError(
                f"player {p} holds {held} cards, but the owed and kept cards "
                f"{_listed(mine)} are in their hand"
            )
    if playing:
        hands, stock = _dealt_by_log(view, mover)
    else:
        # A hand just over: the log's record of it is not dealt from (nothing hidden is in
        # play), so the other hands get the hidden cards in order.
        hidden = sorted((deck - seen).elements())
        hands = []
        for p, held in enumerate(sizes):
            if p == me:
                hands.append(view.hand)
                continue
            hands.append(tuple(CARDS[c] for c in hidden[:held]))
            del hidden[:held]
        stock = tuple(CARDS[c] for c in hidden)
    return state_behind_view(view, tuple(hands), stock, current=mover)


def state_behind_view(
    view: PlayerView,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    *,
    current: int,
    seed: int = 0,
    log: tuple[Event, ...] = (),
) -> State:
    """A whole state that shows ``view``'s player all that ``view`` shows, with the hidden
    cards placed as given: ``hands`` (``view.hand`` among them) and ``stock``. Nothing is
    checked here: the view's own check and the sampling of worlds build it from what they
    have checked."""
    return State.of(
        config=view.config,
        seed=seed,
        hand_number=view.hand_number,
        dealer=view.dealer,
        phase=view.phase,
        current=current,
        hands=hands,
        stock=stock,
        pile=view.pile,
        table=view.table,
        owed=view.owed,
        totals=view.totals,
        history=view.history,
        player_history=view.player_history,
        history_start=view.history_start,
        start_totals=view.start_totals,
        went_out=view.went_out,
        winner=view.winner,
        dealer_draw=view.dealer_draw,
        turn=view.turn,
        kept=view.kept,
        owed_use=view.owed_use,
        discarder=view.discarder,
        log=log,
    )


def _dealt_by_log(view: PlayerView, mover: int) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """The hands and the stock of a witness of ``view``, a view of a hand in play with
    ``mover`` to move: the cards the player does not see dealt, in order, in a way the log
    allows (see :mod:`rummy500.knowledge`); a card owed or kept by another player is in their
    hand. Refuses a log that contradicts the view, saying how."""
    sizes = view.hand_sizes
    n = len(sizes)
    me = view.player
    reader = LogReader(n)
    reader.read(view.log)
    known = reader.held(True, mover, view.owed, view.kept)
    known[me] = Counter()
    seen = Counter(view.hand)
    seen.update(view.pile)
    for meld in view.table:
        seen.update(c.physical for c in meld.cards)
    config = view.config
    deck = Counter(make_deck(config.decks[n], config.jokers_per_deck))
    hidden, slots = hidden_cards(deck, seen, known, sizes, me)
    deals = hidden_deals(reader, me, hidden, slots, view.stock_size)
    stock, dealt = deal_groups(choose_split(deals, None), view.stock_size, None)
    hands = [
        view.hand if p == me else tuple(sorted((*known[p].elements(), *dealt[p]))) for p in range(n)
    ]
    return hands, stock


def _check_counts(seen: Counter[int], deck: Counter[int]) -> None:
    """Refuse a card ``seen`` that is not in the ``deck`` or seen more often than it holds."""
    for card, count in sorted(seen.items()):
        if not deck[card]:
            raise StateError(f"{CARDS[card]} is not a card of this game's decks")
        if count > deck[card]:
            raise StateError(
                f"{CARDS[card]} appears {count} times, but the decks hold {deck[card]}"
            )


class _ViewDraft:
    """A :class:`PlayerView` under construction (see :meth:`State.view`): its slots and a
    plain ``__init__`` taking the view's fields in order; sealed by a class change. PlayerView
    keeps no weak-reference slot, so that the two lay out their slots alike."""

    __slots__ = tuple(f.name for f in attrs.fields(PlayerView))

    def __init__(
        self,
        player: int,
        side: int,
        hand: tuple[Card, ...],
        hand_sizes: tuple[int, ...],
        stock_size: int,
        current_player: int,
        legal_moves: tuple[Move, ...],
        config: RuleConfig,
        hand_number: int,
        dealer: int,
        phase: Phase,
        pile: tuple[Card, ...],
        table: tuple[TableMeld, ...],
        owed: Card | None,
        owed_use: OwedUse,
        kept: Card | None,
        discarder: int | None,
        turn: int,
        totals: tuple[int, ...],
        history: tuple[tuple[int, ...], ...],
        player_history: tuple[tuple[int, ...], ...],
        went_out: int | None,
        winner: int | None,
        dealer_draw: tuple[Card, ...],
        log: tuple[Event, ...],
    ) -> None:
        self.player = player
        self.side = side
        self.hand = hand
        self.hand_sizes = hand_sizes
        self.stock_size = stock_size
        self.current_player = current_player
        self.legal_moves = legal_moves
        self.config = config
        self.hand_number = hand_number
        self.dealer = dealer
        self.phase = phase
        self.pile = pile
        self.table = table
        self.owed = owed
        self.owed_use = owed_use
        self.kept = kept
        self.discarder = discarder
        self.turn = turn
        self.totals = totals
        self.history = history
        self.player_history = player_history
        self.went_out = went_out
        self.winner = winner
        self.dealer_draw = dealer_draw
        self.log = log


#: The view's fields that are copied from the state under the same name.
_SHARED_WITH_VIEW: Final = tuple(
    f.name
    for f in attrs.fields(PlayerView)
    if f.name
    not in {
        "player",
        "side",
        "hand",
        "hand_sizes",
        "stock_size",
        "current_player",
        "legal_moves",
        "log",
    }
)
#: Reads those fields of a state in one call (views are built at every step of a bot).
_shared_with_view: Final = operator.attrgetter(*_SHARED_WITH_VIEW)


def _listed(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards)) or "-"


def _score_rows(rows: Sequence[Sequence[int]]) -> str:
    return " | ".join(" ".join(map(str, row)) for row in rows) or "-"


def _maybe(value: object) -> str:
    return "-" if value is None else str(value)


def _information_text(seen: Mapping[str, Any]) -> str:
    """The text of :meth:`State.information_state_string`: every field of ``seen`` (see
    ``State._seen``), each written so that different values give different text."""
    sizes = seen["hand_sizes"]
    lines = [
        f"player {seen['player']} of {len(sizes)}, side {seen['side']}; to move: "
        f"{seen['current_player']}; phase {seen['phase'].name.lower()}",
        f"rules: {seen['config']!r}",
        f"hand {seen['hand_number']}, dealer {seen['dealer']}, turn {seen['turn']}; went out "
        f"{_maybe(seen['went_out'])}; winner {_maybe(seen['winner'])}",
        f"totals {_score_rows([seen['totals']])}; history {_score_rows(seen['history'])}; "
        f"player history {_score_rows(seen['player_history'])}",
        f"first-dealer draw: {_listed(seen['dealer_draw'])}",
        f"hand sizes {_score_rows([sizes])}; stock {seen['stock_size']}",
        f"pile: {_listed(seen['pile'])}",
        f"owed {_maybe(seen['owed'])} ({seen['owed_use'].name.lower()}); kept "
        f"{_maybe(seen['kept'])}; discarder {_maybe(seen['discarder'])}",
        f"hand: {_listed(seen['hand'])}",
        "table:" if seen["table"] else "table: -",
    ]
    for meld in seen["table"]:
        doubled = ", doubled" if meld.doubled else ""
        lines.append(
            f"  meld {meld.id} by P{meld.owner} (top id {meld.top_id}{doubled}): "
            f"{_listed(meld.cards)}; owners {_score_rows([meld.owners])}"
        )
    lines.append("log:" if seen["log"] else "log: -")
    lines.extend(f"  {event}" for event in seen["log"])
    return "\n".join(lines)
