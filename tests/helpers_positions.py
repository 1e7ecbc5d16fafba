"""Building game positions for rule tests from card text.

A position must hold exactly the cards of the game's decks (jokers included), so
:func:`position` places every card a test does not mention: hands left as ``None`` are filled
to the deal size, and the remaining cards go under the named top of the stock (or to the bottom
of the discard pile, or into one player's hand). A joker on the table is written as the card it
stands for (``JK=6S``); in a hand, the stock or the pile it is the plain ``JK``.
:func:`build` is the same builder with the rules first and the mover in the play phase.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from rummy500 import (
    Card,
    IllegalMoveError,
    Layoff,
    Meld,
    Move,
    OwedUse,
    Phase,
    RuleConfig,
    State,
    Take,
    new_game,
    parse_cards,
)
from rummy500.toolkit import make_deck

__all__ = ["TableSpec", "build", "cards", "play", "position", "random_line", "refused", "texts"]

#: A table meld: its cards as text and one owner for all of them, or an owner per card.
TableSpec = tuple[str, int | Sequence[int]]


def cards(text: str) -> tuple[Card, ...]:
    """The cards written in ``text`` (ASCII or Unicode, separated by spaces)."""
    return parse_cards(text)


def _take(pool: Counter[Card], wanted: Sequence[Card], where: str) -> None:
    for card in wanted:
        # A joker standing for a card still comes out of the deck as a joker.
        physical = card.physical
        if pool[physical] == 0:
            raise ValueError(f"{card} in {where} is used more often than the decks hold")
        pool[physical] -= 1


def position(
    hands: Sequence[str | None],
    *,
    config: RuleConfig | None = None,
    pile: str = "",
    table: Sequence[TableSpec] = (),
    stock_top: str = "",
    leftover: str | int = "stock",
    current_player: int = 0,
    dealer: int | None = None,
    phase: Phase = Phase.DRAW,
    owed: str | None = None,
    owed_use: OwedUse = OwedUse.ANY,
    kept: str | None = None,
    discarder: int | None = None,
    turn: int = 0,
    totals: Sequence[int] | None = None,
    history: Sequence[Sequence[int]] = (),
    player_history: Sequence[Sequence[int]] | None = None,
    hand_number: int | None = None,
    seed: int = 0,
) -> State:
    """A consistent position built with :meth:`State.from_position` (standard rules by default).

    ``hands`` gives each player's cards as text, or ``None`` for a hand of the deal size made of
    cards nobody else holds. ``table`` gives each meld as text with its owners. ``stock_top``
    lists the top cards of the stock, the very top last. ``leftover`` says where every card not
    placed goes: ``"stock"`` (under ``stock_top``), ``"pile"`` (under ``pile``) or a player
    number (into that hand). Unplaced cards are used lowest id first (jokers last), so the same
    call always builds the same position. The other arguments go to
    :meth:`State.from_position` as they are, cards parsed from text.
    """
    cfg = RuleConfig() if config is None else config
    players = len(hands)
    pool: Counter[Card] = Counter(make_deck(cfg.decks[players], cfg.jokers_per_deck))
    given = [None if h is None else cards(h) for h in hands]
    melds: list[tuple[tuple[Card, ...], list[int]]] = []
    for text, owner in table:
        meld = cards(text)
        melds.append((meld, [owner] * len(meld) if isinstance(owner, int) else list(owner)))
    pile_cards = cards(pile)
    top = cards(stock_top)
    for p, hand in enumerate(given):
        if hand is not None:
            _take(pool, hand, f"hand {p}")
    for i, (meld, _) in enumerate(melds):
        _take(pool, meld, f"table meld {i}")
    _take(pool, pile_cards, "the pile")
    _take(pool, top, "the stock")
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
        current_player=current_player,
        dealer=dealer,
        phase=phase,
        owed=None if owed is None else Card(owed),
        owed_use=owed_use,
        kept=None if kept is None else Card(kept),
        discarder=discarder,
        turn=turn,
        totals=totals,
        history=history,
        player_history=player_history,
        hand_number=hand_number,
        seed=seed,
    )


def build(
    config: RuleConfig,
    hands: Sequence[str | None],
    *,
    phase: Phase = Phase.PLAY,
    **options: Any,
) -> State:
    """:func:`position` under ``config`` with the mover in ``phase`` (by default, to play).

    In the play phase with an empty table, the mover's hand must hold one card more than the
    deal. ``options`` are the other keyword arguments of :func:`position`.
    """
    return position(hands, config=config, phase=phase, **options)


def play(state: State, *moves: str | Move) -> State:
    """The state after applying ``moves`` (text or :class:`Move`) one after another."""
    for move in moves:
        state = state.apply_text(move) if isinstance(move, str) else state.apply(move)
    return state


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
