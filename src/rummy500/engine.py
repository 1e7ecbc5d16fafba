"""Starting a game, applying moves, and explaining why a move is illegal.

:func:`apply` accepts exactly the moves that :func:`rummy500.movegen.generate` lists, so the
checker and the generator share one source of truth. When a move is refused,
:func:`explain_illegal` names the rule it breaks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from rummy500.cards import Card, format_cards
from rummy500.dealing import choose_first_dealer, deal_hand
from rummy500.errors import IllegalMoveError
from rummy500.melds import TableMeld, layoff_error, meld_error
from rummy500.movegen import placed, remove_cards
from rummy500.moves import (
    Deal,
    Decline,
    Discard,
    Draw,
    Layoff,
    Meld,
    Move,
    Take,
)
from rummy500.rules import RuleConfig
from rummy500.scoring import hand_scores, winner
from rummy500.state import Phase, State

__all__ = ["apply", "explain_illegal", "new_game", "parse_move"]


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
    cfg = RuleConfig() if config is None else config
    cfg.check_players(players)
    drawn: tuple[Card, ...] = ()
    if dealer is None:
        dealer, drawn = choose_first_dealer(cfg, players, seed)
    elif not 0 <= dealer < players:
        raise IllegalMoveError(f"the dealer must be a player from 0 to {players - 1}")
    hands, stock, pile = deal_hand(cfg, players, seed, 0, dealer)
    return State(
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
        totals=(0,) * players,
        dealer_draw=drawn,
    )


def apply(state: State, move: Move) -> State:
    """The state after ``move``; raises :class:`IllegalMoveError` naming the broken rule."""
    if move not in state.legal_moves():
        raise IllegalMoveError(explain_illegal(state, move))
    return _APPLY[type(move)](state, move)


def _step(
    s: State,
    move: Move,
    phase: Phase,
    current: int,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    pile: tuple[Card, ...],
    table: tuple[TableMeld, ...],
    owed: Card | None,
) -> State:
    """The successor of ``s`` within a hand (totals and history unchanged)."""
    return State(
        s.config,
        s.seed,
        s.hand_number,
        s.dealer,
        phase,
        current,
        hands,
        stock,
        pile,
        table,
        owed,
        s.totals,
        s.history,
        s.went_out,
        s.winner,
        s.dealer_draw,
        s,
        move,
    )


def _with_hand(s: State, hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    p = s.current
    return (*s.hands[:p], hand, *s.hands[p + 1 :])


def _draw(s: State, move: Move) -> State:
    card = s.stock[-1]
    hand = tuple(sorted((*s.hands[s.current], card)))
    return _step(
        s, move, Phase.PLAY, s.current, _with_hand(s, hand), s.stock[:-1], s.pile, s.table, None
    )


def _take(s: State, move: Move) -> State:
    assert isinstance(move, Take)
    taken = move.taken
    hand = tuple(sorted((*s.hands[s.current], *taken)))
    pile = s.pile[: len(s.pile) - len(taken)]
    return _step(
        s, move, Phase.PLAY, s.current, _with_hand(s, hand), s.stock, pile, s.table, taken[0]
    )


def _put_down(s: State, move: Move) -> State:
    hand, table = placed(s.hands[s.current], s.table, move, s.current)
    owed = None if s.owed is not None and s.owed in move.cards else s.owed
    hands = _with_hand(s, hand)
    if not hand:
        return _end_hand(s, move, hands, s.pile, table, went_out=s.current)
    return _step(s, move, Phase.PLAY, s.current, hands, s.stock, s.pile, table, owed)


def _discard(s: State, move: Move) -> State:
    assert isinstance(move, Discard)
    hand = remove_cards(s.hands[s.current], (move.card,))
    hands = _with_hand(s, hand)
    pile = (*s.pile, move.card)
    if not hand:
        return _end_hand(s, move, hands, pile, s.table, went_out=s.current)
    nxt = (s.current + 1) % len(s.hands)
    return _step(s, move, Phase.DRAW, nxt, hands, s.stock, pile, s.table, None)


def _decline(s: State, move: Move) -> State:
    return _end_hand(s, move, s.hands, s.pile, s.table, went_out=None)


def _end_hand(
    s: State,
    move: Move,
    hands: tuple[tuple[Card, ...], ...],
    pile: tuple[Card, ...],
    table: tuple[TableMeld, ...],
    *,
    went_out: int | None,
) -> State:
    """Score the hand that just ended and see whether the game is won."""
    scores = hand_scores(s.config, hands, table)
    totals = tuple(t + d for t, d in zip(s.totals, scores, strict=True))
    won = winner(s.config, totals)
    return State(
        s.config,
        s.seed,
        s.hand_number,
        s.dealer,
        Phase.HAND_OVER if won is None else Phase.GAME_OVER,
        s.current,
        hands,
        s.stock,
        pile,
        table,
        None,
        totals,
        (*s.history, scores),
        went_out,
        won,
        s.dealer_draw,
        s,
        move,
    )


def _deal(s: State, move: Move) -> State:
    n = len(s.hands)
    number = s.hand_number + 1
    dealer = (s.dealer + 1) % n
    hands, stock, pile = deal_hand(s.config, n, s.seed, number, dealer)
    return State(
        s.config,
        s.seed,
        number,
        dealer,
        Phase.DRAW,
        (dealer + 1) % n,
        hands,
        stock,
        pile,
        (),
        None,
        s.totals,
        s.history,
        None,
        None,
        s.dealer_draw,
        s,
        move,
    )


_APPLY: dict[type[Move], Callable[[State, Move], State]] = {
    Draw: _draw,
    Take: _take,
    Meld: _put_down,
    Layoff: _put_down,
    Discard: _discard,
    Decline: _decline,
    Deal: _deal,
}


# -- explaining refusals ---------------------------------------------------------------------


def explain_illegal(state: State, move: Move) -> str:
    """Why ``move`` is not legal in ``state``: the rule it breaks, in words."""
    if not isinstance(move, Move):
        return f"{move!r} is not a move"
    phase = state.phase
    if phase == Phase.GAME_OVER:
        return "the game is over: there are no more moves"
    if phase == Phase.HAND_OVER:
        return f"the hand is over and scored: the next move is 'deal', not '{move}'"
    if isinstance(move, Deal):
        return "'deal' comes only after a hand is over"
    reason = (_explain_draw if phase == Phase.DRAW else _explain_play)(state, move)
    return f"'{move}' is illegal: {reason}"


def _explain_draw(state: State, move: Move) -> str:
    if isinstance(move, Draw):
        return "the stock is empty: take from the discard pile, or decline to end the hand"
    if isinstance(move, Decline):
        return "you may decline to draw only when the stock is empty"
    if isinstance(move, Take):
        k = len(move.taken)
        top = state.pile[len(state.pile) - k :] if k <= len(state.pile) else None
        if k == 0 or top != move.taken:
            return (
                "a take names the deepest card wanted and every card above it, up to the top "
                f"of the pile, deepest first; the pile is: {format_cards(state.pile) or 'empty'}"
            )
        return (
            f"the deepest card taken, {move.deepest}, must be melded or laid off this turn, "
            "and it cannot be: it makes no set or run with your cards and the cards above it, "
            "and fits no meld on the table"
        )
    return "a turn starts with a draw from the stock or a take from the discard pile"


def _explain_play(state: State, move: Move) -> str:
    if isinstance(move, Draw | Take | Decline):
        return "you have already drawn this turn"
    hand = state.hands[state.current]
    missing = Counter(move.cards) - Counter(hand)
    if missing:
        return f"you do not hold {format_cards(sorted(missing.elements()))}"
    owed = state.owed
    if isinstance(move, Discard):
        if owed is not None:
            return (
                f"{owed}, the deepest card you took from the discard pile, must be melded or "
                "laid off before you discard"
            )
    elif isinstance(move, Meld):
        problem = meld_error(move.melded)
        if problem is not None:
            return problem
    elif isinstance(move, Layoff):
        if move.meld >= len(state.table):
            return f"there is no table meld {move.meld} (the table holds {len(state.table)})"
        problem = layoff_error(state.table[move.meld], move.laid, high_ace=move.high_ace)
        if problem is not None:
            return problem
    if owed is not None and owed not in move.cards:
        return (
            f"afterwards {owed}, the deepest card you took from the discard pile, could no "
            "longer be used this turn, and it must be"
        )
    return "it is not one of the legal moves here"


def parse_move(state: State, text: str) -> Move:
    """Read a move's text in the context of ``state``.

    Besides :meth:`Move.from_text`, this accepts ``take CARD`` for the top-most copy of that
    card in the pile with everything above it, and ``layoff N A♠`` for an ace that can only go
    at the top of the run (the ``high`` is then implied).
    """
    move = Move.from_text(text)
    if isinstance(move, Take) and len(move.taken) == 1:
        card = move.taken[0]
        pile = state.pile
        for i in range(len(pile) - 1, -1, -1):
            if pile[i] == card:
                return Take(pile[i:])
    if isinstance(move, Layoff) and not move.high_ace and not state.is_legal(move):
        high = Layoff(move.meld, move.laid, True)
        if any(c % 13 == 0 for c in move.laid) and state.is_legal(high):
            return high
    return move
