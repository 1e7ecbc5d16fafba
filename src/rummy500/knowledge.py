"""What a hand's log tells about the cards a player cannot see, and dealing those cards so that
the deal agrees with it.

This module works on plain data (events, counts, cards): :class:`LogReader` follows a hand's log
as one player saw it, and :func:`hidden_deals` splits the cards hidden from that player into the
groups the log allows, each with how many of its cards each player holds.
:meth:`PlayerView.validate <rummy500.state.PlayerView.validate>` deals a witness world with it,
and :func:`rummy500.worlds.sample_world` random ones.

**What the log says.** An opponent holds every card the log shows them taking from the pile and
not playing since (a card they play is the taken copy when they hold one: any history where it
was another copy leads to worlds this reading allows too). A card they play that they were not
known to hold came from one of the hand's *stocks*: the deal's (their dealt hand included) or a
pile turned over as a new stock (``empty_stock`` reuse_pile), one they drew from unseen before
playing it and of which a copy was still hidden. After the pile is turned over, each hidden card
lies where it is since it was last seen, in one of those stocks: an opponent holds exactly as
many hidden cards of each stock as they drew from it unseen less those they were seen playing
from it, the stock holds the rest of the last pile turned over, and the deal's stock holds the
rest of the hidden cards.

**Copies of a card** (several decks, jokers): which stock a played copy came from may be
ambiguous. Every attribution the log allows (each played copy from a stock the player had drawn
from unseen before the play and that still hid a copy of it) is followed; an attribution and a
placement of each stock's hidden copies (copies counted as different cards) is one history the
log allows, and the deals are drawn uniformly over those histories.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple

from rummy500.cards import Card
from rummy500.errors import StateError, describe_value
from rummy500.events import (
    Called,
    Dealt,
    Discarded,
    Drew,
    Event,
    LaidOff,
    Melded,
    Reshuffled,
    Took,
    event_problem,
)
from rummy500.rules import MAX_PLAYERS

__all__ = [
    "Group",
    "HiddenDeals",
    "LogReader",
    "choose_split",
    "deal_groups",
    "hidden_cards",
    "hidden_deals",
]

#: How many attributions of played copies to stocks are followed at most: far more than a
#: hand's log allows in practice (each needs a copy of a card played from a stock that still
#: hid another copy of it).
MAX_HISTORIES: Final = 100_000


class _Stock:
    """One stock of the hand: the deal's (``cards`` is ``None``: its cards are not listed) or a
    pile turned over (``cards`` is that pile)."""

    __slots__ = ("at", "cards", "draws", "seen")

    def __init__(self, cards: Counter[Card] | None, draws: list[int], at: int) -> None:
        self.cards = cards
        #: How many cards each player drew from it unseen (the dealt hands included), less,
        #: for the deal's, the cards they played from it before the pile was turned over.
        self.draws = draws
        #: The cards drawn from it in sight (followed for the piles turned over only).
        self.seen: Counter[Card] = Counter()
        #: The index in the log of the event that made it.
        self.at = at


class _Reveal(NamedTuple):
    """A card played by a player who was not known to hold it."""

    at: int
    player: int
    card: Card
    #: How many cards the player had drawn unseen from each stock before the play.
    drawn: tuple[int, ...]


class LogReader:
    """What a hand's log, as one player saw it, tells about the cards nobody sees: read one
    event at a time, for a log that grows.

    Give :meth:`read` the events, oldest first, all at once or as they come. :meth:`held` gives
    the cards each player is known to hold, and :func:`hidden_deals` the groups the hidden cards
    are dealt in.
    """

    __slots__ = ("_known", "_pile", "_players", "_reveals", "_stocks", "events")

    def __init__(self, players: int) -> None:
        if (
            isinstance(players, bool)
            or not isinstance(players, int)
            or not 1 <= players <= MAX_PLAYERS
        ):
            raise StateError(
                f"players must be a number of players from 1 to {MAX_PLAYERS}, not "
                f"{describe_value(players)}"
            )
        self._players = players
        #: How many events it has read.
        self.events = 0
        #: Cards each player holds for sure, by the log alone (no card counted zero times).
        self._known: list[Counter[Card]] = [Counter() for _ in range(players)]
        #: The pile, followed from the deal so that a reshuffle says which cards became the
        #: stock; ``None`` for a log that does not start with the deal, which cannot say that.
        self._pile: list[Card] | None = None
        #: The hand's stocks, oldest first (none when the pile is not followed).
        self._stocks: list[_Stock] = []
        #: The cards played since the pile was first turned over that their player was not
        #: known to hold, oldest first (before, each is a card of the deal).
        self._reveals: list[_Reveal] = []

    @property
    def players(self) -> int:
        """The number of players of the game whose log this reads."""
        return self._players

    def read(self, events: Iterable[Event]) -> None:
        """Read ``events``, the next events of the log (the first, for a new reader).

        Raises :class:`~rummy500.errors.StateError`, having read none of them, when one is not
        an event of a game of the reader's number of players.
        """
        players = self._players
        events = tuple(events)
        for i, event in enumerate(events):
            problem = event_problem(event, players)
            if problem is not None:
                raise StateError(f"events[{i}] {problem}")
        known = self._known
        pile = self._pile
        stocks = self._stocks
        at = self.events
        for event in events:
            kind = type(event)
            if kind is Dealt:
                assert isinstance(event, Dealt)
                known = self._known = [Counter() for _ in range(players)]
                pile = self._pile = list(event.pile)
                stocks = self._stocks = [_Stock(None, list(event.hand_sizes), at)]
                self._reveals = []
            elif kind is Took or kind is Called:
                assert isinstance(event, Took)
                known[event.player].update(event.taken)
                if pile is not None:
                    del pile[len(pile) - len(event.taken) :]
            elif kind is Melded or kind is LaidOff or kind is Discarded:
                assert isinstance(event, Melded | LaidOff | Discarded)
                held = known[event.player]
                for card in event.cards:
                    physical = card.physical
                    count = held.get(physical, 0)
                    if count > 1:
                        held[physical] = count - 1
                    elif count:
                        del held[physical]
                    elif len(stocks) > 1:
                        p = event.player
                        drawn = tuple(stock.draws[p] for stock in stocks)
                        self._reveals.append(_Reveal(at, p, physical, drawn))
                    elif stocks:
                        # Before the pile is first turned over the card is one of the deal's:
                        # the player has one card of it fewer to play later.
                        stocks[0].draws[event.player] -= 1
                if kind is Discarded and pile is not None:
                    assert isinstance(event, Discarded)
                    pile.append(event.card)
            elif kind is Drew and stocks:
                assert isinstance(event, Drew)
                if event.card is None:
                    stocks[-1].draws[event.player] += 1
                elif len(stocks) > 1:
                    stocks[-1].seen[event.card] += 1
            elif kind is Reshuffled and pile is not None:
                stocks.append(_Stock(Counter(pile), [0] * players, at))
                pile = self._pile = []
            at += 1
        self.events = at

    def held(
        self, playing: bool, mover: int, owed: Card | None, kept: Card | None
    ) -> list[Counter[Card]]:
        """The cards each player is known to hold, as counters (the reader's own where nothing
        is added: read them, do not change them). ``playing`` says the hand is in play, with
        ``mover`` to move and ``owed`` and ``kept`` the cards owed and kept this turn (taken
        from the pile in plain sight)."""
        out = list(self._known)
        if playing:
            for taken in (owed, kept):
                if taken is not None and taken not in out[mover]:
                    if out[mover] is self._known[mover]:
                        out[mover] = out[mover].copy()
                    out[mover][taken] = 1
        return out


def hidden_cards(
    deck: Counter[Card],
    seen: Counter[Card],
    known: Sequence[Counter[Card]],
    sizes: Sequence[int],
    me: int,
) -> tuple[Counter[Card], list[int]]:
    """The cards of ``deck`` neither ``seen`` (the viewer's hand, the table, the pile) nor
    ``known`` to be in a hand (one counter per player, the viewer's empty), and how many cards
    each player holds beyond those known (of the hand ``sizes``, the viewer's 0).

    Raises :class:`~rummy500.errors.StateError` when the log's takes put in a hand a card that
    the view shows elsewhere as often as the decks hold it, or more cards than the hand holds.
    """
    hidden = deck.copy()
    hidden.subtract(seen)
    for held in known:
        hidden.subtract(held)
    extra = sorted(c for c, n in hidden.items() if n < 0)
    if extra:
        card = extra[0]
        holders = " and ".join(f"player {p}" for p, held in enumerate(known) if held[card])
        raise StateError(
            f"the log has {holders} take {card} from the pile and not play it since, but the "
            f"view shows it elsewhere as often as the decks hold it ({deck[card]})"
        )
    slots = [
        0 if p == me else size - held.total()
        for p, (size, held) in enumerate(zip(sizes, known, strict=True))
    ]
    for p, n in enumerate(slots):
        if n < 0:
            raise StateError(
                f"the log has player {p} take {known[p].total()} cards from the pile and keep "
                f"them, but they hold {sizes[p]} cards"
            )
    return hidden, slots


#: Hidden cards that lie in the same kind of place, and how many of them each player holds; the
#: stock holds the rest of the first group.
Group = tuple[list[Card], list[int]]


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
    each way the log allows. Raises :class:`~rummy500.errors.StateError` saying what in the log
    contradicts those numbers when no way is left.
    """
    stocks = reader._stocks
    if len(stocks) < 2:
        return HiddenDeals([[(list(hidden.elements()), list(slots))]], [1])
    players = reader.players
    last = len(stocks) - 1
    reveals = [r for r in reader._reveals if r.player != me]
    # How many copies of each card each stock can have given to the plays read from it.
    avail: list[Counter[Card]] = [Counter()]
    for k in range(1, len(stocks)):
        cards = stocks[k].cards
        assert cards is not None
        left = cards.copy()
        left.subtract(stocks[k].seen)
        for card, n in left.items():
            if n < 0:
                raise StateError(
                    f"the log has player {me} draw {card} in sight from the pile turned over at "
                    f"log[{stocks[k].at}] more often than that pile held it"
                )
        avail.append(left)
    first = avail[0]
    first.update(hidden)
    first.update(r.card for r in reveals)
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
    stocks: list[_Stock],
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


def deal_groups(
    groups: list[Group], stock_size: int, rng: random.Random | None
) -> tuple[tuple[Card, ...], list[list[Card]]]:
    """The stock and each player's unknown cards, each group dealt at random by ``rng`` (in the
    groups' order when ``rng`` is ``None``: a deal that does not depend on chance)."""
    dealt: list[list[Card]] = [[] for _ in groups[0][1]]
    stock: tuple[Card, ...] = ()
    for g, (group, counts) in enumerate(groups):
        cards = group[:]
        if rng is not None:
            rng.shuffle(cards)
        start = 0
        if g == 0:
            stock = tuple(cards[:stock_size])
            start = stock_size
        for p, n in enumerate(counts):
            dealt[p] += cards[start : start + n]
            start += n
    return stock, dealt


def choose_split(deals: HiddenDeals, rng: random.Random | None) -> list[Group]:
    """One of the splits, drawn by ``rng`` with the weights (the first when ``rng`` is ``None``
    or there is only one, drawing nothing)."""
    if rng is None or len(deals.splits) == 1:
        return deals.splits[0]
    pick = rng.randrange(sum(deals.weights))
    for split, weight in zip(deals.splits, deals.weights, strict=True):
        if pick < weight:
            return split
        pick -= weight
    raise AssertionError("unreachable")
