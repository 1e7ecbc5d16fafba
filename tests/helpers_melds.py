"""Building positions under any rule config, jokers included, from card text.

:func:`build` places every card a test does not mention, so each position holds exactly the
cards of the game's decks (jokers too) and passes :meth:`State.from_position`'s checks. A
joker on the table is written as the card it stands for (``JK=6S``); in a hand, the stock or
the pile it is the plain ``JK``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from rummy500 import (
    Card,
    IllegalMoveError,
    Move,
    Phase,
    RuleConfig,
    State,
    make_deck,
    parse_cards,
)

__all__ = ["Spec", "build", "cards", "refused", "texts"]

#: A table meld: its cards as text and one owner for all of them, or an owner per card.
Spec = tuple[str, int | Sequence[int]]


def cards(text: str) -> tuple[Card, ...]:
    """The cards written in ``text`` (ASCII or Unicode, separated by spaces)."""
    return parse_cards(text)


def _take(pool: Counter[Card], wanted: Sequence[Card], where: str) -> None:
    for card in wanted:
        physical = card.physical
        if pool[physical] == 0:
            raise ValueError(f"{card} in {where} is used more often than the decks hold")
        pool[physical] -= 1


def build(
    config: RuleConfig,
    hands: Sequence[str | None],
    *,
    table: Sequence[Spec] = (),
    pile: str = "",
    stock_top: str = "",
    current: int = 0,
    phase: Phase = Phase.PLAY,
    owed: str | None = None,
    totals: Sequence[int] | None = None,
    history: Sequence[Sequence[int]] = (),
    hand_number: int | None = None,
    leftover: str = "stock",
) -> State:
    """A consistent position under ``config`` with player ``current`` to move.

    ``hands`` gives each player's cards as text, or ``None`` for a hand of the deal size made
    of cards nobody else holds (lowest ids first, jokers last). Every card not placed goes to
    the bottom of the stock, under ``stock_top`` (the very top last), or with
    ``leftover="pile"`` to the bottom of the discard pile, leaving the stock empty. In the
    ``PLAY`` phase with an empty table, the mover's hand must hold one card more than the deal.
    """
    players = len(hands)
    pool: Counter[Card] = Counter(make_deck(config.decks[players], config.jokers_per_deck))
    given = [None if h is None else cards(h) for h in hands]
    melds: list[tuple[tuple[Card, ...], list[int]]] = []
    for text, owner in table:
        meld = cards(text)
        melds.append((meld, [owner] * len(meld) if isinstance(owner, int) else list(owner)))
    for p, hand in enumerate(given):
        if hand is not None:
            _take(pool, hand, f"hand {p}")
    for i, (meld, _) in enumerate(melds):
        _take(pool, meld, f"table meld {i}")
    pile_cards = cards(pile)
    top = cards(stock_top)
    _take(pool, pile_cards, "the pile")
    _take(pool, top, "the stock")
    rest = sorted(pool.elements())
    size = config.deal_size[players]
    filled: list[tuple[Card, ...]] = []
    for hand in given:
        if hand is None:
            hand, rest = tuple(rest[:size]), rest[size:]
        filled.append(hand)
    stock: tuple[Card, ...] = (*rest, *top)
    if leftover == "pile":
        stock, pile_cards = top, (*rest, *pile_cards)
    return State.from_position(
        config,
        hands=filled,
        stock=stock,
        pile=pile_cards,
        table=melds,
        current=current,
        phase=phase,
        owed=None if owed is None else Card(owed),
        totals=totals,
        history=history,
        hand_number=hand_number,
    )


def refused(state: State, text: str, reason: str) -> None:
    """Check that the move ``text`` is not legal in ``state`` and that applying it raises
    :class:`IllegalMoveError` whose message matches ``reason`` (a regular expression)."""
    move = state.parse_move(text)
    assert not state.is_legal(move), f"{move} should be illegal"
    with pytest.raises(IllegalMoveError, match=reason):
        state.apply(move)


def texts(state: State, kind: type[Move] = Move) -> list[str]:
    """The legal moves of ``state`` of one kind, as ASCII text."""
    return [m.text(ascii=True) for m in state.legal_moves() if isinstance(m, kind)]
