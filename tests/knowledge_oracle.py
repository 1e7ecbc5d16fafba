"""The exact reading of hidden cards by enumeration: every history of the copies played
from the stocks, each split of the hidden cards weighted by the histories and placements that
lead to it. Exponential in the log, so a test oracle on small cases only: the library reads
logs with :mod:`rummy500.hidden.attribution` instead."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any, NamedTuple

from rummy500 import EmptyStock, PlayerTable, RuleConfig
from rummy500.core.cards import Card
from rummy500.core.errors import StateError
from rummy500.hidden.knowledge import Group, LogReader

#: Two decks (with a joker each, and twenty cards dealt to each of three players so that the
#: pile is turned over within a hand), and one deck with four jokers: copies of a card the
#: log cannot tell apart, turned over with the pile.
COPIES = [
    RuleConfig(
        empty_stock=EmptyStock.REUSE_PILE,
        decks=PlayerTable.of(2),
        jokers_per_deck=1,
        deal_size=PlayerTable.of(10, {3: 20}),
    ),
    RuleConfig(empty_stock=EmptyStock.REUSE_PILE, jokers_per_deck=4),
]


#: How many histories are followed at most before giving up.
MAX_HISTORIES = 100_000


class HiddenDeals(NamedTuple):
    """The ways the hidden cards can be split, by the log: each a list of groups (see
    :data:`Group`) and how many histories lead to it (its weight in a uniform draw)."""

    splits: list[list[Group]]
    weights: list[int]


def hidden_deals(
    reader: LogReader,
    me: int,
    hidden: Counter[Card],
    slots: Sequence[int],
    stock_size: int,
) -> HiddenDeals:
    """The groups in which the ``hidden`` cards are dealt (every card not in ``me``'s hand, the
    table or the pile, nor known to be in a hand), when the log read by ``reader`` is ``me``'s
    log; ``slots`` gives how many cards each player holds that are not known (0 for ``me``) and
    ``stock_size`` the stock's size, which hold the ``hidden`` cards between them.

    Without a pile turned over, every hidden card may be anywhere: one group. After one, the
    hidden cards are split by the stock they came from (see the module's description), once for
    each way the log allows. Raises :class:`~rummy500.core.errors.StateError` saying what in the log
    contradicts those numbers when no way is left.
    """
    stocks = reader._stocks
    if len(stocks) < 2:
        return HiddenDeals([[(list(hidden.elements()), list(slots))]], [1])
    players = reader.players
    last = len(stocks) - 1
    reveals = [
        (
            r.at,
            r.player,
            r.card,
            (*(stocks[k].draws[r.player] for k in range(r.era)), r.drawn),
        )
        for r in reader._reveals
        if r.player != me
    ]
    # How many copies of each card each stock can have given to the plays read from it.
    avail: list[Counter[Card]] = [Counter()]
    for k in range(1, len(stocks)):
        cards = stocks[k].cards
        assert cards is not None
        left = cards.copy()
        left.subtract(stocks[k].seen or Counter())
        for card, n in left.items():
            if n < 0:
                raise StateError(
                    f"the log has player {me} draw {card} in sight from the pile turned over at "
                    f"log[{stocks[k].at}] more often than that pile held it"
                )
        avail.append(left)
    first = avail[0]
    first.update(hidden)
    first.update(r[2] for r in reveals)
    for left in avail[1:]:
        first.subtract(left)
    finals = [[0 if p == me else stock.draws[p] for p in range(players)] for stock in stocks]
    found: dict[tuple[object, ...], tuple[list[Group], int]] = {}
    problems: list[str] = []
    deepest = [-1]
    used = [Counter[Card]() for _ in stocks]
    taken = [[0] * len(stocks) for _ in range(players)]

    def leaf() -> None:
        left = [a.copy() for a in avail]
        for k, counts in enumerate(used):
            left[k].subtract(counts)
        rooms = [[finals[k][p] - taken[p][k] for p in range(players)] for k in range(len(stocks))]
        rooms[0] = [
            0 if p == me else slots[p] - sum(rooms[k][p] for k in range(1, len(stocks)))
            for p in range(players)
        ]
        problem = _split_problem(left, rooms, stocks, slots, stock_size)
        if problem is not None:
            problems.append(problem)
            return
        key = (
            tuple(tuple(sorted((c, n) for c, n in counter.items() if n)) for counter in left),
            str(rooms),
        )
        if key in found:
            groups, n = found[key]
            found[key] = (groups, n + 1)
            return
        groups = [(list(left[k].elements()), rooms[k]) for k in range(last, -1, -1)]
        found[key] = (groups, 1)

    histories = [0]

    def follow(i: int) -> None:
        deepest[0] = max(deepest[0], i)
        if i == len(reveals):
            histories[0] += 1
            if histories[0] > MAX_HISTORIES:
                raise StateError(
                    f"the log allows more than {MAX_HISTORIES} histories of the copies played "
                    "from the stocks: too many to follow"
                )
            leaf()
            return
        _, p, card, drawn = reveals[i]
        for k in range(len(drawn) - 1, -1, -1):
            if drawn[k] > taken[p][k] and avail[k][card] > used[k][card]:
                taken[p][k] += 1
                used[k][card] += 1
                follow(i + 1)
                taken[p][k] -= 1
                used[k][card] -= 1

    follow(0)
    if not found:
        if deepest[0] < len(reveals):
            at, p, card, _ = reveals[deepest[0]]
            raise StateError(
                f"the log has player {p} play {card} at log[{at}], which they cannot hold: "
                "no stock they drew from unseen before then hid a copy of it"
            )
        raise StateError(problems[0])
    return HiddenDeals([g for g, _ in found.values()], [_weight(g, n) for g, n in found.values()])


def _split_problem(
    left: list[Counter[Card]],
    rooms: list[list[int]],
    stocks: list[Any],
    slots: Sequence[int],
    stock_size: int,
) -> str | None:
    """Why the hidden cards cannot be split so, or ``None``: each stock's hidden cards must be
    those its players hold (and, for the last, those of the stock)."""
    last = len(stocks) - 1
    for p, n in enumerate(rooms[0]):
        if n < 0:
            return (
                f"player {p} holds {slots[p]} cards not known to be in their hand, fewer than the "
                f"{slots[p] - n} the log has them draw unseen from the piles turned over and keep"
            )
    for k in range(len(stocks) - 1, -1, -1):
        bad = sorted(c for c, n in left[k].items() if n < 0)
        if bad and k == 0:
            return (
                f"the view shows {' '.join(map(str, bad))} more often than the log leaves: "
                "every copy was played or turned over since the deal"
            )
        if bad:
            return (
                f"the log has {' '.join(map(str, bad))} played from the pile turned over at "
                f"log[{stocks[k].at}] more often than that pile held it"
            )
        if k == 0:
            continue
        held = sum(rooms[k])
        total = left[k].total()
        extra = stock_size if k == last else 0
        if total != held + extra:
            where = f", and the stock holds {stock_size}" if k == last else ""
            return (
                f"the pile turned over at log[{stocks[k].at}] leaves {total} cards hidden, but "
                f"the other players hold {held} of them by the log{where}"
            )
    return None


def _weight(groups: list[Group], ways: int) -> int:
    """How many histories give ``groups``: ``ways`` attributions, times the placements of each
    group's cards (copies as different cards; the stock in order, each hand as a set)."""
    weight = ways
    for cards, counts in groups:
        weight *= math.factorial(len(cards))
        for n in counts:
            weight //= math.factorial(n)
    return weight
