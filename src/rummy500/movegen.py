"""The legal-move generator: every legal move in a position, and no other.

Order is fixed, so a seeded bot replays exactly: ``draw`` first, then takes from the top of
the pile downwards, then ``decline``; in play, new melds (sets, then runs), lay-offs (by table
meld), then discards (by card); when rummy may be called, the calls (from the top of the pile
down), then ``pass``.

The generator lists candidates with the fast search of :mod:`rummy500.meldsearch` and keeps
those that the predicates of :mod:`rummy500.legality` accept, so it never leads into a
position without a legal move.
"""

from __future__ import annotations

from rummy500.legality import (
    call_options,
    callable_from,
    discardable,
    must_keep,
    play_problem,
    usable_takes,
)
from rummy500.meldsearch import availability, layoffs, new_melds
from rummy500.moves import (
    DEAL,
    DECLINE,
    DISCARDS,
    DRAW,
    PASS,
    Layoff,
    Meld,
    Move,
    trusted_call,
    trusted_layoff,
    trusted_meld,
    trusted_take,
)
from rummy500.phases import Phase
from rummy500.position import Position

__all__ = ["generate"]


def generate(s: Position) -> tuple[Move, ...]:
    """Every legal move in ``s``, in the library's fixed order."""
    phase = s.phase
    if phase == Phase.PLAY:
        return _play_moves(s)
    if phase == Phase.DRAW:
        return _draw_moves(s)
    if phase == Phase.CALL:
        return (*_calls(s), PASS)
    if phase == Phase.HAND_OVER:
        return (DEAL,)
    return ()


def _draw_moves(s: Position) -> tuple[Move, ...]:
    pile = s.pile
    moves: list[Move] = [DRAW] if s.stock_size else []
    moves.extend(trusted_take(pile[len(pile) - k :]) for k in usable_takes(s))
    if not s.stock_size:
        moves.append(DECLINE)
    return tuple(moves)


def _calls(s: Position) -> list[Move]:
    cfg = s.config
    pile = s.pile
    options = call_options(cfg, pile, s.table)
    ks = callable_from(options, len(s.hands[s.current]), cfg)
    return [trusted_call(pile[len(pile) - k :]) for k in ks]


def _play_moves(s: Position) -> tuple[Move, ...]:
    cfg = s.config
    hand = s.hands[s.current]
    avail = availability(hand, cfg)
    moves: list[Meld | Layoff] = [trusted_meld(cards) for cards in new_melds(avail, cfg)]
    if avail[4]:
        # A joker can go onto almost any meld: look at them all.
        near = -1
    else:
        near = 0
        for c in hand:
            near |= 1 << c
    for meld in s.table:
        # A lay-off starts with a card just beyond the meld: most melds have none in hand.
        if meld.attach & near:
            ident = meld.id
            moves.extend(
                trusted_layoff(ident, cards, high) for cards, high in layoffs(meld, avail, cfg)
            )
    if s._extra is not None or must_keep(cfg):  # a card owed or kept, or one to keep
        moves = [m for m in moves if play_problem(s, m) is None]
    return (*moves, *[DISCARDS[c] for c in discardable(s)])
