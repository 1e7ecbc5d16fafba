"""The legal-move generator: every legal move in a position, and no other.

Order is fixed, so a seeded bot replays exactly: ``draw`` first, then takes from the top of
the pile downwards, then ``decline``; in play, new melds (sets, then runs), lay-offs (by table
meld), then discards (by card); when rummy may be called, the calls (from the top of the pile
down), then ``pass``.

Each phase has its candidates, a superset of the legal moves of that phase: ``draw``, every
take whose depth :func:`~rummy500.play.legality.usable_takes` lists and ``decline``; every call
whose depth :func:`~rummy500.play.legality.callable_takes` lists and ``pass``; the melds and
lay-offs the fast search of :mod:`rummy500.melds.search` finds in the hand; ``deal``. The
generator keeps exactly the candidates that the predicate for their kind in
:mod:`rummy500.play.legality` accepts (handing it the listing or the search's guarantee it already
has). Discards are the cards :func:`~rummy500.play.legality.discardable` lists, the listing
:func:`~rummy500.play.legality.discard_problem` asks. So what the generator lists is what
:func:`~rummy500.play.engine.is_legal` accepts, and it never leads into a position without a legal
move.
"""

from __future__ import annotations

from rummy500.core.phases import CALL_PHASE as _CALL
from rummy500.core.phases import DRAW_PHASE as _DRAW
from rummy500.core.phases import HAND_OVER_PHASE as _HAND_OVER
from rummy500.core.phases import PLAY_PHASE as _PLAY
from rummy500.melds.search import availability, card_mask, layoffs, new_melds
from rummy500.play.legality import (
    call_problem,
    callable_takes,
    deal_problem,
    decline_problem,
    discardable,
    draw_problem,
    layoff_problem,
    meld_problem,
    pass_problem,
    take_problem,
    usable_takes,
)
from rummy500.play.moves import (
    DEAL,
    DECLINE,
    DISCARDS,
    DRAW,
    PASS,
    Move,
    trusted_call,
    trusted_layoff,
    trusted_meld,
    trusted_take,
)
from rummy500.play.position import Position

__all__ = ["generate"]


def generate(s: Position) -> tuple[Move, ...]:
    """Every legal move in ``s``, in the library's fixed order."""
    phase = s.phase
    if phase == _PLAY:
        return _play_moves(s)
    if phase == _DRAW:
        return _draw_moves(s)
    if phase == _CALL:
        return _call_moves(s)
    if phase == _HAND_OVER and deal_problem(s, DEAL) is None:
        return (DEAL,)
    return ()


def _draw_moves(s: Position) -> tuple[Move, ...]:
    pile = s.pile
    moves: list[Move] = [DRAW] if draw_problem(s, DRAW) is None else []
    usable = usable_takes(s)
    n = len(pile)
    for k in usable:
        take = trusted_take(pile[n - k :])
        if take_problem(s, take, usable) is None:
            moves.append(take)
    if decline_problem(s, DECLINE) is None:
        moves.append(DECLINE)
    return tuple(moves)


def _call_moves(s: Position) -> tuple[Move, ...]:
    pile = s.pile
    moves: list[Move] = []
    allowed = callable_takes(s)
    for k in allowed:
        call = trusted_call(pile[len(pile) - k :])
        if call_problem(s, call, allowed) is None:
            moves.append(call)
    if pass_problem(s, PASS) is None:
        moves.append(PASS)
    return tuple(moves)


def _play_moves(s: Position) -> tuple[Move, ...]:
    cfg = s.config
    hand = s.hands[s._current]
    avail = availability(hand, cfg)
    moves: list[Move] = []
    for cards in new_melds(avail, cfg):
        meld = trusted_meld(cards)
        if meld_problem(s, meld, True) is None:
            moves.append(meld)
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
                    moves.append(layoff)
    moves.extend(map(DISCARDS.__getitem__, discardable(s)))
    return tuple(moves)
