"""Shuffling and dealing, driven only by the game's seed.

Every shuffle comes from a :class:`random.Random` seeded with the game seed and the hand
number, so the same seed gives the same game on every machine, and replaying a game needs only
its seed and moves. Nothing here touches the global random state.
"""

from __future__ import annotations

import random

from rummy500.cards import Card, make_deck
from rummy500.rules import FirstDealer, RuleConfig

__all__ = ["choose_first_dealer", "deal_hand", "reshuffled_pile", "shuffled_deck"]


def shuffled_deck(
    config: RuleConfig, players: int, seed: int, hand_number: int, *, jokers: bool = True
) -> list[Card]:
    """The deck for hand ``hand_number`` of the game with ``seed``, shuffled; top card last."""
    deck = list(make_deck(config.decks[players], config.jokers_per_deck if jokers else 0))
    random.Random(f"rummy500/{seed}/{hand_number}").shuffle(deck)
    return deck


def reshuffled_pile(
    pile: tuple[Card, ...], seed: int, hand_number: int, turn: int
) -> tuple[Card, ...]:
    """The discard pile shuffled face down as a new stock (top card last)."""
    cards = sorted(pile)
    random.Random(f"rummy500/{seed}/{hand_number}/reuse/{turn}").shuffle(cards)
    return tuple(cards)


def choose_first_dealer(
    config: RuleConfig, players: int, seed: int
) -> tuple[int, tuple[Card, ...]]:
    """Every player draws a card; the lowest deals (ace low), or the highest (ace high).

    Players who tie draw again. Jokers are left out of the deck for this draw.

    Returns the dealer and the cards drawn, in the order they were drawn (the first round goes
    round the table from player 0; a tie-break round only among the tied players).
    """
    deck: list[Card] = []
    highest = config.first_dealer is FirstDealer.HIGHEST
    drawn: list[Card] = []
    contenders = list(range(players))
    rounds = 0
    while True:
        ranks = {}
        for p in contenders:
            if not deck:  # ties so long that the deck ran out: shuffle a fresh one
                rounds += 1
                deck = shuffled_deck(config, players, seed, -rounds, jokers=False)
            card = deck.pop()
            drawn.append(card)
            ranks[p] = 14 if highest and card.rank == 1 else card.rank
        best = max(ranks.values()) if highest else min(ranks.values())
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
