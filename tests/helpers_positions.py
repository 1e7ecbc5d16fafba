"""Building game positions for rule tests from card text.

A position must hold exactly the cards of the game's decks, so :func:`position` places every
card a test does not mention: hands left as ``None`` are filled to the deal size, and the
remaining cards go under the named top of the stock (or to the bottom of the discard pile, or
into one player's hand).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from rummy500 import (
    Card,
    Layoff,
    Meld,
    Move,
    Phase,
    RuleConfig,
    State,
    Take,
    make_deck,
    new_game,
    parse_cards,
)

__all__ = ["TableSpec", "cards", "play", "position", "random_line"]

#: A table meld: its cards as text and one owner for all of them, or an owner per card.
TableSpec = tuple[str, int | Sequence[int]]


def cards(text: str) -> tuple[Card, ...]:
    """The cards written in ``text`` (ASCII or Unicode, separated by spaces)."""
    return parse_cards(text)


def _take_out(pool: Counter[Card], wanted: Sequence[Card]) -> None:
    for card in wanted:
        if pool[card] == 0:
            raise ValueError(f"{card} is used more often than the decks hold")
        pool[card] -= 1


def position(
    hands: Sequence[str | None],
    *,
    pile: str = "",
    table: Sequence[TableSpec] = (),
    stock_top: str = "",
    leftover: str | int = "stock",
    current: int = 0,
    dealer: int | None = None,
    phase: Phase = Phase.DRAW,
    owed: str | None = None,
    owed_use: int = 0,
    kept: str | None = None,
    discarder: int | None = None,
    turn: int = 0,
    totals: Sequence[int] | None = None,
    history: Sequence[Sequence[int]] = (),
    config: RuleConfig | None = None,
) -> State:
    """A consistent position built with :meth:`State.from_position`.

    ``hands`` gives each player's cards as text, or ``None`` for a hand of the deal size made of
    cards nobody else holds. ``stock_top`` lists the top cards of the stock, the very top last.
    ``leftover`` says where every card not placed goes: ``"stock"`` (under ``stock_top``),
    ``"pile"`` (under ``pile``) or a player number (into that hand). Unplaced cards are used
    lowest id first, so the same call always builds the same position. The decks include the
    jokers the rules add; a joker on the table is written as the card it stands for
    (``JK=6S``). ``owed_use``, ``kept``, ``discarder`` and ``turn`` go to
    :meth:`State.from_position` as they are.
    """
    cfg = RuleConfig() if config is None else config
    players = len(hands)
    pool: Counter[Card] = Counter(make_deck(cfg.decks[players], cfg.jokers_per_deck))
    given = [None if h is None else cards(h) for h in hands]
    melds = [
        (cards(text), [owner] * len(cards(text)) if isinstance(owner, int) else list(owner))
        for text, owner in table
    ]
    pile_cards = cards(pile)
    top = cards(stock_top)
    for hand in given:
        if hand is not None:
            _take_out(pool, hand)
    for meld_cards, _ in melds:
        # A joker on the table stands for a card, but it comes out of the deck as a joker.
        _take_out(pool, [c.physical for c in meld_cards])
    _take_out(pool, pile_cards)
    _take_out(pool, top)
    rest = sorted(pool.elements())
    size = cfg.deal_size[players]
    filled: list[tuple[Card, ...]] = []
    for hand in given:
        if hand is None:
            hand, rest = tuple(rest[:size]), rest[size:]
        filled.append(hand)
    stock: tuple[Card, ...] = top
    if leftover == "stock":
        stock = (*rest, *top)
    elif leftover == "pile":
        pile_cards = (*rest, *pile_cards)
    else:
        player = int(leftover)
        filled[player] = (*filled[player], *rest)
    return State.from_position(
        cfg,
        hands=filled,
        stock=stock,
        pile=pile_cards,
        table=melds,
        current=current,
        dealer=dealer,
        phase=phase,
        owed=None if owed is None else Card(owed),
        owed_use=owed_use,
        kept=None if kept is None else Card(kept),
        discarder=discarder,
        turn=turn,
        totals=totals,
        history=history,
    )


def play(state: State, *moves: str | Move) -> State:
    """The state after applying ``moves`` (text or :class:`Move`) one after another."""
    for move in moves:
        state = state.push(move)
    return state


def random_line(seed: int, steps: int) -> list[State]:
    """The states along a seeded random line of play, with 2 to 5 players.

    Takes, melds and lay-offs are chosen more often than draws and discards, so the line
    reaches positions with cards owed, full tables and empty stocks.
    """
    rng = random.Random(seed)
    state = new_game(players=2 + seed % 4, seed=seed)
    seen = [state]
    for _ in range(steps):
        moves = state.legal_moves()
        if not moves:
            break
        keen: list[Move] = [m for m in moves if isinstance(m, Take | Meld | Layoff)]
        state = state.apply(rng.choice(keen) if keen and rng.random() < 0.8 else rng.choice(moves))
        seen.append(state)
    return seen
