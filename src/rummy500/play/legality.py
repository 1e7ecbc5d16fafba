"""One predicate per kind of move: whether a move is legal in a position, and if not, why.

Each kind of move has one authority, ``<kind>_problem(s, move)``, which returns ``None`` exactly
when the move is legal and otherwise a sentence that names the rule it breaks:
:func:`draw_problem`, :func:`take_problem`, :func:`decline_problem`, :func:`call_problem`,
:func:`pass_problem`, :func:`meld_problem`, :func:`layoff_problem`, :func:`discard_problem` and
:func:`deal_problem`; :func:`problem` sends any object to the one for its kind. The move
generator (:mod:`rummy500.play.movegen`) keeps exactly the candidates these predicates accept,
:func:`~rummy500.play.engine.is_legal` asks them about any move the generator did not list, and
:func:`~rummy500.play.engine.apply` refuses with their sentence, so the three are one code path.

Where only a listing is fast enough, the predicate asks the listing: a take is legal when
:func:`usable_takes` lists its depth, a call when :func:`callable_takes` does (the generator
hands the list it already made to the predicate instead of having it made again), and a discard
when :func:`discardable` lists its card (the generator lists those discards: a call per card
held would cost the generator a few per cent). Where the
generator's candidates already satisfy part of a rule (melds and lay-offs found by the search
are held and well-formed), the predicate is told so and skips that part; the rest of the rule
is still the predicate's.

Legality here includes the rule that play never reaches a position without a legal move: a
take is legal only when its deepest card can still be used this turn, and while that card is
owed, a meld or lay-off that does not use it is legal only when the card can be used
afterwards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Final

from rummy500.core.cards import Card, format_cards
from rummy500.core.errors import describe_value
from rummy500.core.phases import CALL_PHASE as _CALL
from rummy500.core.phases import DRAW_PHASE as _DRAW
from rummy500.core.phases import GAME_OVER_PHASE as _GAME_OVER
from rummy500.core.phases import HAND_OVER_PHASE as _HAND_OVER
from rummy500.core.phases import PLAY_PHASE as _PLAY
from rummy500.melds.check import layoff_cards_problem, meld_cards_problem
from rummy500.melds.putdown import (
    meld_index,
    missing_meld,
    physical,
)
from rummy500.melds.search import availability, card_mask, layoffs, new_melds
from rummy500.play.finishing import discardable, play_problem
from rummy500.play.moves import (
    DEAL,
    DECLINE,
    DISCARDS,
    DRAW,
    KINDS,
    PASS,
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
    trusted_call,
    trusted_layoff,
    trusted_meld,
    trusted_take,
)
from rummy500.play.pile import callable_takes, must_keep, take_use, usable_takes
from rummy500.play.position import Position
from rummy500.rules.choices import CALLING_ANY_PILE_CARD as _CALLING_ANY_PILE_CARD
from rummy500.rules.choices import CALLING_LAYOFF_ONLY as _CALLING_LAYOFF_ONLY
from rummy500.rules.choices import CALLING_NONE as _CALLING_NONE

#: The plain joker's card id (:data:`~rummy500.core.cards.JOKER`) as a constant the compiled build
#: inlines.
_JOKER: Final = 52

__all__ = [
    "CANDIDATES",
    "PLAYABLE",
    "call_problem",
    "deal_problem",
    "decline_problem",
    "discard_problem",
    "draw_problem",
    "layoff_problem",
    "meld_problem",
    "pass_problem",
    "problem",
    "take_problem",
]


#: The kinds of move that can be played (``Move`` and ``PileMove`` are only their bases): the
#: registry's.
PLAYABLE: Final = frozenset(KINDS)


# -- the draw --------------------------------------------------------------------------------


def _not_pile_top(pile: tuple[Card, ...], verb: str) -> str:
    """Why a take or call (``verb``) that is not the top of ``pile`` is illegal."""
    shown = f"is: {format_cards(pile)}" if pile else "is empty"
    return (
        f"a {verb} names the deepest card wanted and every card above it, up to the top "
        f"of the pile, deepest first; the pile {shown}"
    )


def draw_problem(s: Position, move: Draw) -> str | None:
    """Why drawing from the stock is illegal, or ``None``."""
    if s.phase != _DRAW:
        return _phase_problem(s, move)
    if s.stock_size:
        return None
    return "the stock is empty: take from the discard pile, or decline to end the hand"


def decline_problem(s: Position, move: Decline) -> str | None:
    """Why declining to draw (and so ending the hand) is illegal, or ``None``."""
    if s.phase != _DRAW:
        return _phase_problem(s, move)
    if not s.stock_size:
        return None
    return "you may decline to draw only when the stock is empty"


def take_problem(s: Position, move: Take, usable: Sequence[int] | None = None) -> str | None:
    """Why taking ``move.taken`` (deepest first) from the pile is illegal, or ``None``.

    A well-formed take is legal exactly when :func:`usable_takes` lists its depth. ``usable``
    is that list when the caller has already made it for ``s`` (the move generator has).
    """
    if s.phase != _DRAW:
        return _phase_problem(s, move)
    taken = move.taken
    k = len(taken)
    pile = s.pile
    if not k or k > len(pile) or pile[len(pile) - k :] != taken:
        return _not_pile_top(pile, "take")
    if usable is None:
        usable = usable_takes(s, k)
    if k in usable:
        return None
    cfg = s.config
    keep = " while keeping a card to discard" if must_keep(cfg) else ""
    # A lone top card has no cards above it to help.
    which, helpers = (
        ("card", "cards") if k == 1 else ("deepest card", "cards and the cards above it")
    )
    return (
        f"the {which} taken, {taken[0]}, must {take_use(cfg).words} this turn{keep}, and your "
        f"{helpers} cannot do that"
    )


# -- calling rummy ---------------------------------------------------------------------------


def call_problem(s: Position, move: Call, allowed: Sequence[int] | None = None) -> str | None:
    """Why calling rummy on ``move.taken`` (deepest first) is illegal, or ``None``.

    ``allowed`` is :func:`callable_takes` of ``s`` when the caller has already made it.
    """
    if s.phase != _CALL:
        return _phase_problem(s, move)
    taken = move.taken
    k = len(taken)
    pile = s.pile
    if not k or k > len(pile) or pile[len(pile) - k :] != taken:
        return _not_pile_top(pile, "call")
    if allowed is None:
        allowed = callable_takes(s)
    if k in allowed:
        return None
    mode = s.config.calling
    if mode is _CALLING_LAYOFF_ONLY:
        return "only the card just discarded may be called, and only if it can be laid off"
    if mode is _CALLING_NONE:
        return "calling rummy is not played under these rules"
    straight = "any pile card" if mode is _CALLING_ANY_PILE_CARD else "the card just discarded"
    return (
        f"a call takes {straight}, if it could go straight onto a meld on the table, or the "
        "deepest of pile cards that make a meld by themselves, with every card above it, "
        "deepest first"
    )


def pass_problem(s: Position, move: Pass) -> str | None:
    """Why passing on a call is illegal (anywhere but where rummy may be called), or ``None``."""
    if s.phase != _CALL:
        return _phase_problem(s, move)
    return None


# -- melds, lay-offs and discards --------------------------------------------------------------


def _holds_problem(hand: Sequence[Card], cards: Sequence[int]) -> str | None:
    missing = Counter(physical(cards)) - Counter(hand)
    if missing:
        return f"you do not hold {format_cards(sorted(missing.elements()))}"
    return None


def meld_problem(s: Position, move: Meld, searched: bool = False) -> str | None:
    """Why melding ``move.melded`` is illegal, or ``None``.

    ``searched`` says the meld was found by the meld search in the mover's hand, so the cards
    are held and make a meld: only the rest of the rule is checked.
    """
    if s.phase != _PLAY:
        return _phase_problem(s, move)
    if not searched:
        reason = _holds_problem(s.hands[s._current], move.melded) or meld_cards_problem(
            move.melded, s.config
        )
        if reason is not None:
            return reason
    return play_problem(s, move)


def layoff_problem(s: Position, move: Layoff, searched: bool = False) -> str | None:
    """Why the lay-off ``move`` is illegal, or ``None``.

    ``searched`` says the lay-off was found by the search in the mover's hand onto a meld of
    the table, so the cards are held and fit the meld: only the rest of the rule is checked.
    """
    if s.phase != _PLAY:
        return _phase_problem(s, move)
    if not searched:
        reason = _holds_problem(s.hands[s._current], move.laid)
        if reason is not None:
            return reason
        table = s.table
        index = meld_index(table, move.meld_id)
        if index < 0:
            return missing_meld(table, move.meld_id)
        reason = layoff_cards_problem(table[index], move.laid, s.config, high=move.high)
        if reason is not None:
            return reason
    return play_problem(s, move)


def discard_problem(s: Position, move: Discard) -> str | None:
    """Why discarding ``move.card`` is illegal, or ``None``: legal exactly when
    :func:`discardable` lists the card."""
    if s.phase != _PLAY:
        return _phase_problem(s, move)
    card = move.card
    if card in discardable(s):
        return None
    if card not in s.hands[s._current]:
        return f"you do not hold {card}"
    if s.owed is not None:
        return (
            f"{s.owed}, the deepest card you took from the discard pile, must "
            f"{s.owed_use.words} before you discard"
        )
    if card == s.kept:
        return f"{card} was taken from the top of the pile and kept: discard another card"
    return f"{card} may not be discarded now"


def deal_problem(s: Position, move: Deal) -> str | None:
    """Why dealing the next hand is illegal (anywhere but after a hand is over), or ``None``."""
    if s.phase != _HAND_OVER:
        return _phase_problem(s, move)
    return None


# -- any move --------------------------------------------------------------------------------


def problem(s: Position, move: object) -> str | None:
    """Why ``move`` is illegal in ``s``, in words, or ``None`` when it is legal: the answer of
    the predicate for the move's kind."""
    if not isinstance(move, Move):
        return f"{describe_value(move)} is not a move"
    predicate = PROBLEM.get(type(move))
    if predicate is None:
        return f"a {type(move).__name__} is not a move that can be played: the moves are {_KINDS}"
    return predicate(s, move)


#: The registry's column ``"problem"``: the predicate that is the authority on each kind of
#: move (see the module's docstring).
PROBLEM: Final[dict[type[Move], Callable[[Position, Any], str | None]]] = kind_column(
    "problem",
    {
        Draw: draw_problem,
        Take: take_problem,
        Meld: meld_problem,
        Layoff: layoff_problem,
        Discard: discard_problem,
        Decline: decline_problem,
        Call: call_problem,
        Pass: pass_problem,
        Deal: deal_problem,
    },
)


# -- the generator's candidates ------------------------------------------------------------------
#
# For each kind of move, the moves of that kind that may be legal in a position of its phase,
# each added to ``out`` only where the kind's predicate accepts it (handed the listing or the
# search's guarantee it already has): the move generator (:mod:`rummy500.play.movegen`) calls
# each phase's listings in the order of :data:`~rummy500.play.moves.KINDS`. The kinds of one
# phase that read the same things share one listing (the draw's the pile, play's the hand's
# availability list), which lists them in that order.


def _draw_moves(s: Position, out: list[Move]) -> None:
    """Draw, Take and Decline."""
    if draw_problem(s, DRAW) is None:
        out.append(DRAW)
    pile = s.pile
    usable = usable_takes(s)
    n = len(pile)
    for k in usable:
        take = trusted_take(pile[n - k :])
        if take_problem(s, take, usable) is None:
            out.append(take)
    if decline_problem(s, DECLINE) is None:
        out.append(DECLINE)


def _play_moves(s: Position, out: list[Move]) -> None:
    """Meld, Layoff and Discard."""
    cfg = s.config
    hand = s.hands[s._current]
    avail = availability(hand, cfg)
    for cards in new_melds(avail, cfg):
        meld = trusted_meld(cards)
        if meld_problem(s, meld, True) is None:
            out.append(meld)
    table = s.table
    # A joker can go onto almost any meld: with one, look at them all.
    near = -1 if avail[4] else card_mask(hand) if table else 0
    for onto in table:
        # A lay-off starts with a card just beyond the meld: most melds have none in hand.
        if onto.attach & near:
            ident = onto.id
            for cards, high in layoffs(onto, avail, cfg):
                layoff = trusted_layoff(ident, cards, high)
                if layoff_problem(s, layoff, True) is None:
                    out.append(layoff)
    out.extend(map(DISCARDS.__getitem__, discardable(s)))


def _call_moves(s: Position, out: list[Move]) -> None:
    """Call and Pass."""
    pile = s.pile
    allowed = callable_takes(s)
    for k in allowed:
        call = trusted_call(pile[len(pile) - k :])
        if call_problem(s, call, allowed) is None:
            out.append(call)
    if pass_problem(s, PASS) is None:
        out.append(PASS)


def _deal_moves(s: Position, out: list[Move]) -> None:
    """Deal."""
    if deal_problem(s, DEAL) is None:
        out.append(DEAL)


#: The registry's column ``"candidates"``: the generator's listing of each kind of move, which
#: adds the moves of that kind its predicate accepts to the list it is given (a listing shared by
#: the kinds of one phase lists each of them, in the registry's order).
CANDIDATES: Final[dict[type[Move], Callable[[Position, list[Move]], None]]] = kind_column(
    "candidates",
    {
        Draw: _draw_moves,
        Take: _draw_moves,
        Meld: _play_moves,
        Layoff: _play_moves,
        Discard: _play_moves,
        Decline: _draw_moves,
        Call: _call_moves,
        Pass: _call_moves,
        Deal: _deal_moves,
    },
)

_KINDS: Final = f"{', '.join(k.__name__ for k in KINDS[:-1])} and {KINDS[-1].__name__}"


def _phase_problem(s: Position, move: Move) -> str:
    """Why a move of this kind cannot be played in the phase ``s`` is in (each predicate
    calls this when its kind of move is not played in that phase)."""
    phase = s.phase
    if phase == _GAME_OVER:
        return "the game is over: there are no more moves"
    if phase == _HAND_OVER:
        return "the hand is over and scored: the next move is 'deal'"
    played_in = move.phase
    if played_in == _HAND_OVER:
        return f"'{move.kind}' comes only after a hand is over"
    if phase == _CALL:
        return (
            f"player {s._current} may call rummy on player {s.discarder}'s discard or pass; "
            "nothing else can happen before the next player draws"
        )
    if phase == _DRAW:
        if played_in == _CALL:
            if s.config.calling is _CALLING_NONE:
                return (
                    "calling rummy is not played under these rules: a turn starts with a draw "
                    "from the stock or a take from the discard pile"
                )
            return "rummy can be called only straight after a discard, before the next draw"
        return "a turn starts with a draw from the stock or a take from the discard pile"
    return "you have already drawn this turn: meld, lay off or discard"
