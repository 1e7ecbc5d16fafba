"""Shuffling and dealing, driven only by the game's seed.

Every shuffle comes from a :class:`random.Random` seeded with the game seed and the hand
number, so the same seed gives the same game on every machine, and replaying a game needs only
its seed and moves. Nothing here touches the global random state.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from rummy500.core.cards import CARDS, Card
from rummy500.core.errors import ConfigError, StateError, describe_value
from rummy500.rules.choices import FirstDealer
from rummy500.rules.config import RuleConfig

__all__ = [
    "DrawRound",
    "choose_first_dealer",
    "deal_hand",
    "dealer_draw_rounds",
    "drawn_dealer",
    "reshuffled_pile",
    "rest_of_deck",
    "shuffled_deck",
]


def shuffled_deck(
    config: RuleConfig, players: int, seed: int, hand_number: int, *, jokers: bool = True
) -> list[Card]:
    """The deck for hand ``hand_number`` of the game with ``seed``, shuffled; top card last."""
    deck = list(config.deck(players, jokers=jokers))
    random.Random(f"rummy500/{seed}/{hand_number}").shuffle(deck)
    return deck


def reshuffled_pile(
    pile: tuple[Card, ...], seed: int, hand_number: int, turn: int
) -> tuple[Card, ...]:
    """The discard pile shuffled face down as a new stock (top card last)."""
    cards = sorted(pile)
    random.Random(f"rummy500/{seed}/{hand_number}/reuse/{turn}").shuffle(cards)
    return tuple(cards)


def rest_of_deck(
    config: RuleConfig, players: int, seed: int, hand_number: int, placed: Iterable[int]
) -> tuple[Card, ...]:
    """Every card of the game's decks that is not among ``placed``, shuffled (top card last).

    The decks are the ones the rules use for ``players`` players: ``config.decks[players]``
    standard decks with ``config.jokers_per_deck`` jokers each. A joker standing for a card
    (``JK=6S``) is placed as a joker. The same cards, ``seed`` and ``hand_number`` always give
    the same order. Cards placed more often than the decks hold them are not an error here:
    the checks of a position name them.
    """
    left = Counter(config.deck(players))
    left.subtract(CARDS[c].physical for c in placed)
    rest = sorted(left.elements())
    random.Random(f"rummy500/{seed}/{hand_number}/rest").shuffle(rest)
    return tuple(rest)


#: One round of the draw for the first deal: each player who drew, with the card they drew.
DrawRound = tuple[tuple[int, Card], ...]


def choose_first_dealer(
    config: RuleConfig, players: int, seed: int
) -> tuple[int, tuple[Card, ...]]:
    """Every player draws a card; the lowest deals (ace low), or the highest (ace high).

    Players who tie draw again. Jokers are left out of the deck for this draw.

    Returns the dealer and the cards drawn, in the order they were drawn (the first round goes
    round the table from player 0; a tie-break round only among the tied players).
    :func:`dealer_draw_rounds` splits those cards into their rounds.
    """
    deck: list[Card] = []
    reshuffles = 0

    def next_card() -> Card:
        nonlocal deck, reshuffles
        if not deck:  # ties so long that the deck ran out: shuffle a fresh one
            reshuffles += 1
            deck = shuffled_deck(config, players, seed, -reshuffles, jokers=False)
        return deck.pop()

    dealer, rounds = _draw_for_the_deal(config, players, next_card)
    return dealer, tuple(card for drawn in rounds for _, card in drawn)


def dealer_draw_rounds(
    config: RuleConfig, players: int, drawn: Sequence[Card]
) -> tuple[DrawRound, ...]:
    """The rounds of a draw for the first deal: ``drawn`` (the cards in the order they were
    drawn, as :func:`choose_first_dealer` returns them and ``State.dealer_draw`` holds them)
    split into rounds, each a tuple of ``(player, card)`` pairs.

    The first round holds every player, from player 0; each later round only the players who
    tied for the lowest card (the highest, with ``FirstDealer.HIGHEST``) in the round before.
    The last round has one player alone at the top: the dealer. No cards (a game whose dealer
    was given rather than drawn) give no rounds.

    Raises :class:`~rummy500.StateError` when ``drawn`` is not a whole draw: it stops in
    the middle of one, or goes on once the dealer is known (or is not a sequence of cards:
    :class:`~rummy500.CardError` names an item that is no card);
    :class:`~rummy500.ConfigError` when ``config`` is not a rule configuration or
    ``players`` a count of players it allows.
    """
    if not isinstance(config, RuleConfig):
        raise ConfigError(
            f"dealer_draw_rounds' config must be a RuleConfig, not {describe_value(config)}"
        )
    config.check_players(players)
    if isinstance(drawn, str | bytes) or not isinstance(drawn, Sequence):
        raise StateError(
            "dealer_draw_rounds' drawn must be a sequence of the cards drawn, not "
            f"{describe_value(drawn)}"
        )
    if not drawn:
        return ()
    return _replayed_draw(config, players, drawn)[1]


def drawn_dealer(config: RuleConfig, players: int, drawn: Sequence[Card]) -> int:
    """The player who won the draw for the first deal that drew ``drawn`` (a whole draw, as
    :func:`dealer_draw_rounds` accepts; the caller has checked the arguments' types)."""
    return _replayed_draw(config, players, drawn)[0]


def _replayed_draw(
    config: RuleConfig, players: int, drawn: Sequence[Card]
) -> tuple[int, tuple[DrawRound, ...]]:
    """The draw for the first deal played again from the cards ``drawn``: the dealer and the
    rounds, refusing cards that stop before the dealer is known or go on after."""
    # Card() refuses an item that is no card, naming it.
    cards = iter([card if type(card) is Card else Card(card) for card in drawn])

    def next_card() -> Card:
        card = next(cards, None)
        if card is None:
            raise StateError(
                f"the {len(drawn)} cards drawn for the first deal stop before the dealer is known"
            )
        return card

    dealer, rounds = _draw_for_the_deal(config, players, next_card)
    used = sum(len(r) for r in rounds)
    if used != len(drawn):
        raise StateError(
            f"the dealer is known after {used} of the {len(drawn)} cards drawn for the first deal"
        )
    return dealer, rounds


def _draw_for_the_deal(
    config: RuleConfig, players: int, next_card: Callable[[], Card]
) -> tuple[int, tuple[DrawRound, ...]]:
    """The draw for the first deal, each card from ``next_card``: the dealer and the rounds."""
    highest = config.first_dealer is FirstDealer.HIGHEST

    def rank(card: Card) -> int:
        return 14 if highest and card.rank == 1 else card.rank

    rounds: list[DrawRound] = []
    contenders = list(range(players))
    while True:
        this_round = tuple((p, next_card()) for p in contenders)
        rounds.append(this_round)
        ranks = [rank(card) for _, card in this_round]
        best = max(ranks) if highest else min(ranks)
        contenders = [p for (p, _), r in zip(this_round, ranks, strict=True) if r == best]
        if len(contenders) == 1:
            return contenders[0], tuple(rounds)


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
