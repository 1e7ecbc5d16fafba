"""Starting a game, applying moves, and explaining why a move is illegal.

:func:`apply` accepts exactly the moves that :func:`rummy500.movegen.generate` lists, so the
checker and the generator share one source of truth. When a move is refused,
:func:`explain_illegal` names the rule it breaks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from rummy500.cards import JOKER, Card, format_cards
from rummy500.dealing import choose_first_dealer, deal_hand, reshuffled_pile
from rummy500.errors import IllegalMoveError
from rummy500.melds import USE_ANY, USE_LAYOFF, USE_MELD, TableMeld, layoff_error, meld_error
from rummy500.movegen import (
    call_options,
    call_use,
    calls,
    must_keep,
    placed,
    remove_cards,
    take_use,
)
from rummy500.moves import (
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
)
from rummy500.rules import CallRule, EmptyStock, RuleConfig
from rummy500.scoring import game_result, hand_scores
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
        totals=(0,) * cfg.sides(players),
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
    *,
    turn: int | None = None,
    kept: Card | None = None,
    owed_use: int = USE_ANY,
    discarder: int | None = None,
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
        s.turn if turn is None else turn,
        kept,
        owed_use,
        discarder,
        s,
        move,
    )


def _with_hand(s: State, player: int, hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    return (*s.hands[:player], hand, *s.hands[player + 1 :])


def _draw(s: State, move: Move) -> State:
    card = s.stock[-1]
    hand = tuple(sorted((*s.hands[s.current], card)))
    hands = _with_hand(s, s.current, hand)
    return _step(s, move, Phase.PLAY, s.current, hands, s.stock[:-1], s.pile, s.table, None)


def _take(s: State, move: Move) -> State:
    assert isinstance(move, PileMove)
    taken = move.taken
    player = s.current
    hand = tuple(sorted((*s.hands[player], *taken)))
    pile = s.pile[: len(s.pile) - len(taken)]
    hands = _with_hand(s, player, hand)
    cfg = s.config
    if isinstance(move, Call):
        owed_use = call_use(cfg)
    elif len(taken) == 1 and cfg.keep_top_discard and s.hands[player]:
        # The lone top card may be kept: nothing is owed, but it may not be thrown back.
        return _step(
            s, move, Phase.PLAY, player, hands, s.stock, pile, s.table, None, kept=taken[0]
        )
    else:
        owed_use = take_use(cfg)
    return _step(
        s, move, Phase.PLAY, player, hands, s.stock, pile, s.table, taken[0], owed_use=owed_use
    )


def _put_down(s: State, move: Move) -> State:
    player = s.current
    hand, table = placed(s.hands[player], s.table, move, player, s.config)
    physical = [JOKER if c > JOKER else c for c in move.cards]
    owed = None if s.owed is not None and s.owed in physical else s.owed
    # Equal cards are interchangeable: putting down any copy of the kept card uses it up.
    kept = None if s.kept in physical else s.kept
    hands = _with_hand(s, player, hand)
    if not hand:
        if s.config.floating:
            # Nothing left to discard: the player floats and the turn passes on.
            return _next_turn(s, move, hands, s.pile, table, (player + 1) % len(s.hands))
        return _end_hand(s, move, hands, s.pile, table, went_out=player)
    return _step(
        s,
        move,
        Phase.PLAY,
        player,
        hands,
        s.stock,
        s.pile,
        table,
        owed,
        kept=kept,
        owed_use=s.owed_use if owed is not None else USE_ANY,
    )


def _discard(s: State, move: Move) -> State:
    assert isinstance(move, Discard)
    player = s.current
    hand = remove_cards(s.hands[player], (move.card,))
    hands = _with_hand(s, player, hand)
    pile = (*s.pile, move.card)
    if not hand:
        return _end_hand(s, move, hands, pile, s.table, went_out=player)
    return _after_turn(s, move, hands, pile, s.table, discarder=player)


def _after_turn(
    s: State,
    move: Move,
    hands: tuple[tuple[Card, ...], ...],
    pile: tuple[Card, ...],
    table: tuple[TableMeld, ...],
    *,
    discarder: int,
) -> State:
    """A turn ended with a discard: end the hand, open a call window, or pass the turn on."""
    cfg = s.config
    turn = s.turn + 1
    if turn >= cfg.turn_limit or (not s.stock and cfg.empty_stock is EmptyStock.END_AT_ONCE):
        return _end_hand(s, move, hands, pile, table, went_out=None, stock_ran_out=True)
    n = len(hands)
    caller = None
    if cfg.calling is not CallRule.NONE:
        probe = _step(s, move, Phase.CALL, discarder, hands, s.stock, pile, table, None, turn=turn)
        caller = _next_caller(probe, discarder, discarder)
    if caller is not None:
        return _step(
            s,
            move,
            Phase.CALL,
            caller,
            hands,
            s.stock,
            pile,
            table,
            None,
            turn=turn,
            discarder=discarder,
        )
    return _next_turn(s, move, hands, pile, table, (discarder + 1) % n, turn=turn)


def _next_caller(s: State, discarder: int, after: int) -> int | None:
    """The next player after ``after`` (in seat order, up to the discarder) who may call."""
    options = call_options(s)
    if not options:
        return None
    n = len(s.hands)
    p = (after + 1) % n
    while p != discarder:
        if calls(s, p, options):
            return p
        p = (p + 1) % n
    return None


def _next_turn(
    s: State,
    move: Move,
    hands: tuple[tuple[Card, ...], ...],
    pile: tuple[Card, ...],
    table: tuple[TableMeld, ...],
    player: int,
    *,
    turn: int | None = None,
) -> State:
    """Hand the turn to ``player``, turning the pile into a new stock first if the rules say."""
    cfg = s.config
    turn = s.turn + 1 if turn is None else turn
    stock = s.stock
    if turn >= cfg.turn_limit:
        return _end_hand(s, move, hands, pile, table, went_out=None, stock_ran_out=True)
    if not stock and cfg.empty_stock is not EmptyStock.TAKE_OR_END:
        if cfg.empty_stock is EmptyStock.END_AT_ONCE or not pile:
            return _end_hand(s, move, hands, pile, table, went_out=None, stock_ran_out=True)
        stock, pile = reshuffled_pile(pile, s.seed, s.hand_number, turn), ()
    nxt = _step(s, move, Phase.DRAW, player, hands, stock, pile, table, None, turn=turn)
    if not stock and len(nxt.legal_moves()) == 1:
        # The stock is empty and the player has no legal take: the hand ends, nobody out.
        return _end_hand(s, move, hands, pile, table, went_out=None, stock_ran_out=True)
    return nxt


def _pass(s: State, move: Move) -> State:
    assert s.discarder is not None
    caller = _next_caller(s, s.discarder, s.current)
    if caller is not None:
        return _step(
            s,
            move,
            Phase.CALL,
            caller,
            s.hands,
            s.stock,
            s.pile,
            s.table,
            None,
            discarder=s.discarder,
        )
    nxt = (s.discarder + 1) % len(s.hands)
    return _next_turn(s, move, s.hands, s.pile, s.table, nxt, turn=s.turn)


def _decline(s: State, move: Move) -> State:
    return _end_hand(s, move, s.hands, s.pile, s.table, went_out=None, stock_ran_out=True)


def _end_hand(
    s: State,
    move: Move,
    hands: tuple[tuple[Card, ...], ...],
    pile: tuple[Card, ...],
    table: tuple[TableMeld, ...],
    *,
    went_out: int | None,
    stock_ran_out: bool = False,
) -> State:
    """Score the hand that just ended and see whether the game is over (won or drawn)."""
    cfg = s.config
    n = len(hands)
    scores = hand_scores(cfg, hands, table, went_out=went_out, stock_ran_out=stock_ran_out)
    totals = tuple(t + d for t, d in zip(s.totals, scores, strict=True))
    over, won = game_result(
        cfg,
        totals,
        hands_played=s.hand_number + 1,
        went_out_side=None if went_out is None else cfg.side_of(went_out, n),
    )
    return State(
        cfg,
        s.seed,
        s.hand_number,
        s.dealer,
        Phase.GAME_OVER if over else Phase.HAND_OVER,
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
        s.turn + 1,
        None,
        USE_ANY,
        None,
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
        0,
        None,
        USE_ANY,
        None,
        s,
        move,
    )


_APPLY: dict[type[Move], Callable[[State, Move], State]] = {
    Draw: _draw,
    Take: _take,
    Call: _take,
    Meld: _put_down,
    Layoff: _put_down,
    Discard: _discard,
    Decline: _decline,
    Pass: _pass,
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
    if phase == Phase.CALL:
        reason = _explain_call(state, move)
    elif phase == Phase.DRAW:
        reason = _explain_draw(state, move)
    else:
        reason = _explain_play(state, move)
    return f"'{move}' is illegal: {reason}"


def _explain_call(state: State, move: Move) -> str:
    if not isinstance(move, Call):
        return (
            f"player {state.current} may call rummy on player {state.discarder}'s discard or "
            "pass; nothing else can happen before the next player draws"
        )
    if state.config.calling is CallRule.LAYOFF_ONLY:
        return "only the card just discarded may be called, and only if it can be laid off"
    return (
        "a call takes a card that could go straight onto a meld on the table (the card just "
        "discarded) or the deepest of pile cards that make a meld by themselves, with every "
        "card above it, deepest first"
    )


def _explain_draw(state: State, move: Move) -> str:
    if isinstance(move, Draw):
        return "the stock is empty: take from the discard pile, or decline to end the hand"
    if isinstance(move, Decline):
        return "you may decline to draw only when the stock is empty"
    if isinstance(move, Call | Pass):
        return "rummy can be called only straight after a discard, before the next draw"
    if isinstance(move, Take):
        k = len(move.taken)
        top = state.pile[len(state.pile) - k :] if k <= len(state.pile) else None
        if k == 0 or top != move.taken:
            return (
                "a take names the deepest card wanted and every card above it, up to the top "
                f"of the pile, deepest first; the pile is: {format_cards(state.pile) or 'empty'}"
            )
        cfg = state.config
        use = "go into a new meld" if take_use(cfg) == USE_MELD else "be melded or laid off"
        keep = " while keeping a card to discard" if must_keep(cfg) else ""
        return (
            f"the deepest card taken, {move.deepest}, must {use} this turn{keep}, and it "
            "cannot be with your cards and the cards above it"
        )
    return "a turn starts with a draw from the stock or a take from the discard pile"


def _explain_play(state: State, move: Move) -> str:
    if isinstance(move, Draw | Take | Decline | Call | Pass):
        return "you have already drawn this turn"
    cfg = state.config
    hand = state.hands[state.current]
    physical = [JOKER if c > JOKER else c for c in move.cards]
    missing = Counter(physical) - Counter(hand)
    if missing:
        return f"you do not hold {format_cards(sorted(missing.elements()))}"
    owed = state.owed
    if isinstance(move, Discard):
        if owed is not None:
            use = {USE_MELD: "go into a new meld", USE_LAYOFF: "be laid off"}.get(
                state.owed_use, "be melded or laid off"
            )
            return (
                f"{owed}, the deepest card you took from the discard pile, must {use} before "
                "you discard"
            )
        if move.card == state.kept:
            return f"{move.card} was taken from the top of the pile and kept: discard another"
    elif isinstance(move, Meld):
        problem = meld_error(move.melded, cfg)
        if problem is not None:
            return problem
    elif isinstance(move, Layoff):
        if move.meld >= len(state.table):
            return f"there is no table meld {move.meld} (the table holds {len(state.table)})"
        problem = layoff_error(state.table[move.meld], move.laid, cfg, high=move.high)
        if problem is not None:
            return problem
    if len(hand) - len(move.cards) < must_keep(cfg):
        return "your last card must be a discard: you cannot meld or lay off every card"
    if owed is not None:
        if owed in physical:
            if state.owed_use == USE_MELD:
                return f"{owed}, the deepest card you took, must go into a new meld"
            if state.owed_use == USE_LAYOFF:
                return f"{owed}, the card you called, must be laid off"
        return (
            f"afterwards {owed}, the deepest card you took from the discard pile, could no "
            "longer be used this turn, and it must be"
        )
    if state.kept is not None:
        return f"afterwards you would hold only {state.kept}, which you kept and cannot discard"
    return "it is not one of the legal moves here"


def parse_move(state: State, text: str) -> Move:
    """Read a move's text in the context of ``state``.

    Besides :meth:`Move.from_text`, this accepts ``take CARD`` (and ``call CARD``) for the
    top-most copy of that card in the pile with everything above it.
    """
    move = Move.from_text(text)
    if isinstance(move, PileMove) and len(move.taken) == 1:
        card = move.taken[0]
        pile = state.pile
        for i in range(len(pile) - 1, -1, -1):
            if pile[i] == card:
                return type(move)(pile[i:])
    return move
