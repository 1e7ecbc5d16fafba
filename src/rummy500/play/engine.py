"""The transitions: what each legal move does to a position.

:func:`apply` accepts a move the position's cached legal moves hold (the very object listed:
the generator listed only moves the predicates accept), asks the predicate for the move's kind
in :mod:`rummy500.play.legality` about any other move, refuses an illegal one with an
:class:`~rummy500.IllegalMoveError` whose message is that predicate's reason, and
otherwise builds the successor. :func:`is_legal` and :func:`explain_illegal` answer the same
way, so the cache makes them faster but never different. Every successor is built by
:meth:`Position._next <rummy500.play.position.Position._next>`, so the engine never names the
``State`` class. A game also ends early, from outside play (:func:`end_early`: a player left,
or the host cancelled it).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from typing import Final, Literal, TypeVar, cast

from rummy500.core.cards import Card
from rummy500.core.errors import IllegalMoveError, StateError
from rummy500.core.phases import CALL_PHASE as _CALL
from rummy500.core.phases import DRAW_PHASE as _DRAW
from rummy500.core.phases import GAME_OVER_PHASE as _GAME_OVER
from rummy500.core.phases import HAND_OVER_PHASE as _HAND_OVER
from rummy500.core.phases import PLAY_PHASE as _PLAY
from rummy500.core.phases import USE_ANY as _USE_ANY
from rummy500.core.phases import Ending
from rummy500.melds.putdown import physical, put_down_unchecked
from rummy500.melds.table import TableMeld
from rummy500.play.legality import PLAYABLE, problem
from rummy500.play.movegen import generate
from rummy500.play.moves import (
    Call,
    Deal,
    Decline,
    Discard,
    Draw,
    Layoff,
    Meld,
    Move,
    Pass,
    PileMove,
    Take,
    kind_column,
)
from rummy500.play.pile import call_options, call_use, callable_from, keeps_top, take_use
from rummy500.play.position import Position, self_set
from rummy500.play.scoring import game_result, player_scores, side_scores
from rummy500.rules.choices import STOCK_END_AT_ONCE as _STOCK_END_AT_ONCE
from rummy500.rules.choices import STOCK_REUSE_PILE as _STOCK_REUSE_PILE
from rummy500.rules.config import RuleConfig
from rummy500.rules.dealing import deal_hand, reshuffled_pile

__all__ = [
    "apply",
    "end_early",
    "end_hand",
    "ends_before_next_draw",
    "ends_without_a_take",
    "explain_illegal",
    "first_caller",
    "is_legal",
    "replay",
    "turns_pile_over",
]

P = TypeVar("P", bound=Position)
_Hands = tuple[tuple[Card, ...], ...]

#: The most characters of a move's text a refusal quotes (a whole pile takes about 450).
MOVE_TEXT_SHOWN: Final = 500


def is_legal(s: Position, move: object) -> bool:
    """Whether ``move`` is legal in ``s``: listed among its cached legal moves, or accepted by
    the predicate for its kind (without listing every legal move)."""
    return _listed(s, move) or problem(s, move) is None


def explain_illegal(s: Position, move: object) -> str | None:
    """Why ``move`` is illegal in ``s``, as a sentence that names the rule; ``None`` if legal."""
    if _listed(s, move):
        return None
    reason = problem(s, move)
    return None if reason is None else _refusal(move, reason)


def apply(s: P, move: object) -> P:
    """The position after ``move``; raises :class:`IllegalMoveError` naming the broken rule."""
    if not _listed(s, move):
        reason = problem(s, move)
        if reason is not None:
            raise IllegalMoveError(_refusal(move, reason))
    assert isinstance(move, Move)
    return cast(P, _APPLY[type(move)](s, move))


def _listed(s: Position, move: object) -> bool:
    """Whether ``move`` is the very object listed among the cached legal moves of ``s``.

    The generator listed only moves the predicates accept, so this is a quick yes; a move not
    found here (or a position not yet listed) is left to the predicates.
    """
    legal = s._legal
    if legal is not None:
        # A move picked from the list is the very object listed: identity is much cheaper than
        # comparing moves by value.
        for m in legal:
            if m is move:
                return True
    return False


def _refusal(move: object, reason: str) -> str:
    """The message refusing ``move`` for ``reason``: the move's text (or its start), then why."""
    if type(move) not in PLAYABLE:
        return reason
    text = str(move)
    if len(text) > MOVE_TEXT_SHOWN:
        # A move built in code can name any number of cards: quote only its start.
        text = text[:MOVE_TEXT_SHOWN] + "…"
    return f"'{text}' is illegal: {reason}"


def replay(s: P, move: Move) -> P:
    """The position after ``move``, a move already known to be legal in ``s`` (it was played
    there before): the same transition as :func:`apply`, without the check."""
    return cast(P, _APPLY[type(move)](s, move))


def _with_hand(s: Position, hand: tuple[Card, ...]) -> _Hands:
    p = s._current
    hands = s.hands
    return (*hands[:p], hand, *hands[p + 1 :])


def _draw(s: Position, move: Move) -> Position:
    size = s.stock_size - 1
    card = s._standing.stock_cards[size]
    held = s.hands[s._current]
    # The hand is sorted: put the card in its place rather than sort the hand again.
    at = bisect_right(held, card)
    hand = (*held[:at], card, *held[at:])
    return s._next(move, _PLAY, s._current, _with_hand(s, hand), size, s.pile, s.table)


def _take(s: Position, move: Move) -> Position:
    assert isinstance(move, PileMove)
    taken = move.taken
    held = s.hands[s._current]
    hands = _with_hand(s, tuple(sorted((*held, *taken))))
    pile = s.pile[: len(s.pile) - len(taken)]
    cfg = s.config
    if isinstance(move, Call):
        use = call_use(cfg)
    elif keeps_top(cfg, held, taken):
        return s._next(move, _PLAY, s._current, hands, s.stock_size, pile, s.table, kept=taken[0])
    else:
        use = take_use(cfg)
    return s._next(
        move,
        _PLAY,
        s._current,
        hands,
        s.stock_size,
        pile,
        s.table,
        owed=taken[0],
        owed_use=use,
    )


def _put_down(s: Position, move: Move) -> Position:
    player = s._current
    cfg = s.config
    held = s.hands[player]
    if isinstance(move, Meld):
        cards = move.melded
        hand, table = put_down_unchecked(held, s.table, cards, player, cfg)
    else:
        assert isinstance(move, Layoff)
        cards = move.laid
        hand, table = put_down_unchecked(
            held, s.table, cards, player, cfg, onto=move.meld_id, high=move.high
        )
    hands = _with_hand(s, hand)
    if not hand:
        if cfg.floating:
            # Nothing left to discard: the player floats and the turn passes on.
            return _pass_turn(s, move, hands, s.pile, table, (player + 1) % s.players, s.turn + 1)
        return _end_hand(s, move, hands, s.pile, table, went_out=player)
    owing = s._owing
    if owing is None:
        # No card owed or kept (most positions): none to carry over.
        return s._next(move, _PLAY, player, hands, s.stock_size, s.pile, table)
    put = physical(cards)
    # Equal cards are interchangeable: putting down any copy of the owed or kept card uses it.
    owed = None if owing.owed in put else owing.owed
    return s._next(
        move,
        _PLAY,
        player,
        hands,
        s.stock_size,
        s.pile,
        table,
        owed=owed,
        owed_use=owing.owed_use if owed is not None else _USE_ANY,
        kept=None if owing.kept in put else owing.kept,
    )


def _discard(s: Position, move: Move) -> Position:
    assert isinstance(move, Discard)
    player = s._current
    held = s.hands[player]
    card = move.card
    at = held.index(card)
    hand = (*held[:at], *held[at + 1 :])
    hands = _with_hand(s, hand)
    pile = (*s.pile, card)
    table = s.table
    if not hand:
        return _end_hand(s, move, hands, pile, table, went_out=player)
    turn = s.turn + 1
    cfg = s.config
    if ends_before_next_draw(cfg, turn, s.stock_size, pile):
        return _end_hand(s, move, hands, pile, table, went_out=None, stock_ran_out=True)
    caller = first_caller(cfg, hands, pile, table, player)
    if caller is not None:
        return s._next(
            move,
            _CALL,
            caller,
            hands,
            s.stock_size,
            pile,
            table,
            turn=turn,
            discarder=player,
        )
    return _pass_turn(s, move, hands, pile, table, (player + 1) % s.players, turn)


def ends_before_next_draw(
    config: RuleConfig, turn: int, stock_size: int, pile: tuple[Card, ...]
) -> bool:
    """Whether the hand ends, with nobody out, once ``turn`` turns are over: the turn limit is
    reached, or the stock is out under the rule that the hand then ends at once, or under the
    rule that reuses the pile when there is no pile to turn over (:func:`turns_pile_over`)."""
    if turn >= config.turn_limit:
        return True
    if stock_size:
        return False
    rule = config.empty_stock
    return rule is _STOCK_END_AT_ONCE or (rule is _STOCK_REUSE_PILE and not pile)


def ends_without_a_take(stock_size: int, moves: Sequence[Move]) -> bool:
    """Whether the hand ends at once at a draw whose legal moves are ``moves``: the stock is
    out (``empty_stock`` take_or_end) and ``decline`` is all the player to draw can do."""
    return not stock_size and len(moves) == 1


def turns_pile_over(config: RuleConfig, stock_size: int, pile: tuple[Card, ...]) -> bool:
    """Whether the discard pile is turned over as a new stock before the next draw: the stock
    is out, the pile is not, and the rules reuse the pile (``empty_stock`` reuse_pile)."""
    return not stock_size and bool(pile) and config.empty_stock is _STOCK_REUSE_PILE


def first_caller(
    config: RuleConfig,
    hands: _Hands,
    pile: tuple[Card, ...],
    table: tuple[TableMeld, ...],
    discarder: int,
) -> int | None:
    """The first player polled for a call after ``discarder`` discarded the top of ``pile``:
    the next in seat order who may call, or ``None`` when nobody may."""
    return _next_caller(config, hands, pile, table, discarder, discarder)


def _next_caller(
    config: RuleConfig,
    hands: _Hands,
    pile: tuple[Card, ...],
    table: tuple[TableMeld, ...],
    discarder: int,
    after: int,
) -> int | None:
    """The next player after ``after`` (in seat order, up to the discarder) who may call."""
    options = call_options(config, pile, table)
    if not options:
        return None
    n = len(hands)
    p = (after + 1) % n
    while p != discarder:
        if callable_from(options, len(hands[p]), config):
            return p
        p = (p + 1) % n
    return None


def _pass_turn(
    s: Position,
    move: Move,
    hands: _Hands,
    pile: tuple[Card, ...],
    table: tuple[TableMeld, ...],
    player: int,
    turn: int,
) -> Position:
    """Hand the turn to ``player`` after ``turn`` turns, turning the pile into a new stock
    first or ending the hand when the stock is out and the rules say so."""
    cfg = s.config
    size = s.stock_size
    standing = None
    if ends_before_next_draw(cfg, turn, size, pile):
        return _end_hand(s, move, hands, pile, table, went_out=None, stock_ran_out=True)
    if turns_pile_over(cfg, size, pile):
        stock = reshuffled_pile(pile, s.seed, s.hand_number, turn)
        standing = s._standing.moved_on(stock_cards=stock)
        size, pile = len(stock), ()
    nxt = s._next(move, _DRAW, player, hands, size, pile, table, turn=turn, standing=standing)
    if not size:
        moves = generate(nxt)
        if ends_without_a_take(size, moves):
            return _end_hand(s, move, hands, pile, table, went_out=None, stock_ran_out=True)
        # Listing the takes was the way to know the hand goes on: keep the list.
        self_set(nxt, "_legal", moves)
    return nxt


def _pass(s: Position, move: Move) -> Position:
    discarder = s.discarder
    assert discarder is not None
    caller = _next_caller(s.config, s.hands, s.pile, s.table, discarder, s._current)
    if caller is not None:
        return s._next(
            move,
            _CALL,
            caller,
            s.hands,
            s.stock_size,
            s.pile,
            s.table,
            discarder=discarder,
        )
    return _pass_turn(s, move, s.hands, s.pile, s.table, (discarder + 1) % s.players, s.turn)


def _decline(s: Position, move: Move) -> Position:
    return _end_hand(s, move, s.hands, s.pile, s.table, went_out=None, stock_ran_out=True)


def end_hand(s: P, went_out: int | None) -> P:
    """``s`` as a finished hand: scored as if play had ended there, with ``went_out`` gone out
    (``None``: the stock ran out), exactly as a move that ends the hand scores it.

    The hand's scores are added to the totals and the history, and the phase is ``HAND_OVER``
    or, when the totals decide the game, ``GAME_OVER``; the turn is counted as finished. The
    result's parent is ``s``, with no move in between. Nothing is checked here.
    """
    ended = _end_hand(
        s, None, s.hands, s.pile, s.table, went_out=went_out, stock_ran_out=went_out is None
    )
    return cast(P, ended)


def end_early(s: P, how: Literal["abandoned", "cancelled"], player: int | None) -> P:
    """``s`` with the game over at once, ``how`` it ended early (``"abandoned"`` by ``player``,
    who left, or ``"cancelled"`` by the host, ``player`` ``None``): there is no winner, and the
    hand in play, if any, is not scored, so the totals are those of the hands finished.

    The hands, the stock, the pile and the table stay as they lie; nothing is owed or kept any
    more. The result's parent is ``s``, with no move in between. A game already over raises
    :class:`~rummy500.StateError`; ``player`` is not checked against the players here.
    """
    phase = s.phase
    if phase == _GAME_OVER:
        ended = s._standing.ending
        won = s._standing.winner
        over = str(ended) if ended is not None else "drawn" if won is None else f"won by side {won}"
        verb = "abandon" if how == "abandoned" else "cancel"
        raise StateError(f"the game is already over ({over}): there is no game left to {verb}")
    ending = Ending(how, player, phase < _HAND_OVER)
    standing = s._standing.moved_on(ending=ending)
    return s._next(
        None, _GAME_OVER, s._current, s.hands, s.stock_size, s.pile, s.table, standing=standing
    )


def _end_hand(
    s: Position,
    move: Move | None,
    hands: _Hands,
    pile: tuple[Card, ...],
    table: tuple[TableMeld, ...],
    *,
    went_out: int | None,
    stock_ran_out: bool = False,
) -> Position:
    """Score the hand that just ended and see whether the game is over (won or drawn)."""
    cfg = s.config
    per_player = player_scores(cfg, hands, table, went_out=went_out, stock_ran_out=stock_ran_out)
    scores = side_scores(cfg, per_player)
    totals = tuple(t + d for t, d in zip(s.totals, scores, strict=True))
    over, won = game_result(
        cfg,
        totals,
        hands_played=s.hand_number + 1,
        went_out_side=None if went_out is None else cfg.side_of(went_out, s.players),
    )
    history = (*s.history, scores)
    standing = s._standing.moved_on(
        totals=totals,
        history=history,
        went_out=went_out,
        winner=won,
        # Without partnerships each player is a side: the same rows serve both.
        player_history=(*s.player_history, per_player) if cfg.team_size > 1 else history,
    )
    phase = _GAME_OVER if over else _HAND_OVER
    return s._next(
        move,
        phase,
        s._current,
        hands,
        s.stock_size,
        pile,
        table,
        turn=s.turn + 1,
        standing=standing,
    )


def _deal(s: Position, move: Move) -> Position:
    n = s.players
    number = s.hand_number + 1
    dealer = (s.dealer + 1) % n
    hands, stock, pile = deal_hand(s.config, n, s.seed, number, dealer)
    standing = s._standing.moved_on(
        hand_number=number, dealer=dealer, went_out=None, winner=None, stock_cards=stock
    )
    return s._next(
        move, _DRAW, (dealer + 1) % n, hands, len(stock), pile, (), turn=0, standing=standing
    )


#: The registry's column ``"transition"``: what each kind of move does to a position (a take and
#: a call differ only in how the card taken is owed; a meld and a lay-off both put cards down).
_APPLY: Final[dict[type[Move], Callable[[Position, Move], Position]]] = kind_column(
    "transition",
    {
        Draw: _draw,
        Take: _take,
        Meld: _put_down,
        Layoff: _put_down,
        Discard: _discard,
        Decline: _decline,
        Call: _take,
        Pass: _pass,
        Deal: _deal,
    },
)
