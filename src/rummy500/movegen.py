"""The legal-move generator: every legal move in a position, and no other.

Order is fixed, so a seeded bot replays exactly: ``draw`` first, then takes from the top of
the pile downwards, then ``decline``; in play, new melds (sets, then runs), lay-offs (by table
meld), then discards (by card).

The generator never leads into a position without a legal move. A take is offered only when
its deepest card can be used this turn, and while that card is owed, a meld or lay-off that
does not use it is offered only if the card can still be used afterwards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rummy500.cards import Card
from rummy500.melds import (
    HIGH_ACE,
    TableMeld,
    can_use,
    new_melds,
    run_layoffs,
    set_layoffs,
    suit_masks,
)
from rummy500.moves import DEAL, DECLINE, DISCARDS, DRAW, Layoff, Meld, Move, Take
from rummy500.state import Phase

if TYPE_CHECKING:
    from rummy500.state import State

__all__ = ["generate", "placed", "remove_cards"]


def generate(state: State) -> tuple[Move, ...]:
    """Every legal move in ``state``, in the library's fixed order."""
    phase = state.phase
    if phase == Phase.PLAY:
        return _play_moves(state)
    if phase == Phase.DRAW:
        return _draw_moves(state)
    if phase == Phase.HAND_OVER:
        return (DEAL,)
    return ()


def _draw_moves(state: State) -> tuple[Move, ...]:
    moves: list[Move] = [DRAW] if state.stock else []
    pile = state.pile
    table = state.table
    masks = suit_masks(state.hands[state.current])
    # Walk down from the top: each card joins the cards that a take from there brings along.
    for i in range(len(pile) - 1, -1, -1):
        c = pile[i]
        s, r = divmod(c, 13)
        masks[s] |= (1 << (r + 1)) | ((1 << HIGH_ACE) if r == 0 else 0)
        if can_use(c, masks, table):
            moves.append(Take(pile[i:]))
    if not state.stock:
        moves.append(DECLINE)
    return tuple(moves)


def _play_moves(state: State) -> tuple[Move, ...]:
    hand = state.hands[state.current]
    table = state.table
    masks = suit_masks(hand)
    moves: list[Move] = [Meld(cards) for cards in new_melds(masks)]
    for i, meld in enumerate(table):
        if meld.is_run:
            moves.extend(Layoff(i, cards, high) for cards, high in run_layoffs(meld, masks))
        else:
            moves.extend(Layoff(i, (c,)) for c in set_layoffs(meld, masks))
    owed = state.owed
    if owed is None:
        moves.extend(DISCARDS[c] for c in dict.fromkeys(hand))
        return tuple(moves)
    # The owed card must reach the table this turn: no discard yet, and no play that would
    # leave it with nowhere to go.
    player = state.current
    return tuple(
        m
        for m in moves
        if owed in m.cards or can_use(owed, *_masks_and_table(hand, table, m, player))
    )


def _masks_and_table(
    hand: tuple[Card, ...], table: tuple[TableMeld, ...], move: Move, player: int
) -> tuple[list[int], tuple[TableMeld, ...]]:
    new_hand, new_table = placed(hand, table, move, player)
    return suit_masks(new_hand), new_table


def remove_cards(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """``hand`` without one copy of each of ``cards`` (all of which it must hold)."""
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return tuple(rest)


def placed(
    hand: tuple[Card, ...], table: tuple[TableMeld, ...], move: Move, player: int
) -> tuple[tuple[Card, ...], tuple[TableMeld, ...]]:
    """The hand and table after ``player`` plays the legal meld or lay-off ``move``."""
    if isinstance(move, Meld):
        return remove_cards(hand, move.melded), (*table, TableMeld.new(move.melded, player))
    assert isinstance(move, Layoff)
    grown = table[move.meld].extended(move.laid, player, high_ace=move.high_ace)
    return remove_cards(hand, move.laid), (
        *table[: move.meld],
        grown,
        *table[move.meld + 1 :],
    )
