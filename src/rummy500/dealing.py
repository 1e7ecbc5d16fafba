"""Shuffling and dealing, driven only by the game's seed.

Every shuffle comes from a :class:`random.Random` seeded with the game seed and the hand
number, so the same seed gives the same game on every machine, and replaying a game needs only
its seed and moves. Nothing here touches the global random state.
"""

from __future__ import annotations

import random

from rummy500.cards import Card, make_deck
from rummy500.rules import RuleConfig

__all__ = ["choose_first_dealer", "deal_hand", "shuffled_deck"]


def shuffled_deck(config: RuleConfig, players: int, seed: int, hand_number: int) -> list[Card]:
    """The deck for hand ``hand_number`` of the game with ``seed``, shuffled; top card last."""
    deck = list(make_deck(config.decks[players]))
    random.Random(f"rummy500/{seed}/{hand_number}").shuffle(deck)
    return deck


def choose_first_dealer(
    config: RuleConfig, players: int, seed: int
) -> tuple[int, tuple[Card, ...]]:
    """Every player draws a card; the lowest deals (ace low). Ties draw again.

    Returns the dealer and the cards drawn, in the order they were drawn (the first round goes
    round the table from player 0; a tie-break round only among the tied players).
    """
    deck: list[Card] = []
    drawn: list[Card] = []
    contenders = list(range(players))
    rounds = 0
    while True:
        ranks = {}
        for p in contenders:
            if not deck:  # ties so long that the deck ran out: shuffle a fresh one
                rounds += 1
                deck = shuffled_deck(config, players, seed, -rounds)
            card = deck.pop()
            drawn.append(card)
            ranks[p] = card.rank
        best = min(ranks.values())
        contenders = [p for p in contenders if ranks[p] == best]
        if len(contenders) == 1:
            return contenders[0], tuple(drawn)


def deal_hand(
    config: RuleConfig, players: int, seed: int, hand_number: int, dealer: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...]]:
    """Deal one hand: returns the hands, the stock (top card last) and the discard pile.

    Cards are dealt one at a time from the top of the deck, clockwise from the dealer's left;
    the next card is turned up to start the discard pile and the rest form the stock.
    """
    deck = shuffled_deck(config, players, seed, hand_number)
    size = config.deal_size[players]
    dealt: list[list[Card]] = [[] for _ in range(players)]
    for i in range(size * players):
        dealt[(dealer + 1 + i) % players].append(deck.pop())
    upcard = deck.pop()
    hands = tuple(tuple(sorted(h)) for h in dealt)
    return hands, tuple(deck), (upcard,)
