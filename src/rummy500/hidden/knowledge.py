"""What a hand's log tells about the cards a player cannot see, and dealing those cards so that
the deal agrees with it.

This module works on plain data (events, counts, cards): :class:`LogReader` (of
:mod:`rummy500.hidden.logreader`) follows a hand's log as one player saw it, and
:class:`HiddenReading` splits the cards hidden from that player into the groups the log allows,
each with how many of its cards each player holds.
:meth:`PlayerView.validate <rummy500.PlayerView.validate>` deals a witness world with it,
and :func:`rummy500.toolkit.sample_world` random ones.

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
ambiguous. A *reading* of the log says, for each copy an opponent played that they were not
known to hold, which stock it came from; :mod:`rummy500.hidden.attribution` finds one, without
listing them (their number grows exponentially with the log). Where the log leaves a choice,
the stock is drawn with chance in proportion to how many copies of the card the player can be
expected to hold from it: the stock's hidden copies of the card, times the share of its hidden
cards that the player drew and still holds. With one copy of each card the log leaves no
choice, and the worlds are uniform over the deals that agree with it.

**Cost.** Reading a log costs time and memory in proportion to its length (and the number of
copies of a card), with no recursion; what the search for a reading may spend is bounded (see
:mod:`rummy500.hidden.attribution`), and a log that exhausts it is refused, saying so.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections import Counter
from collections.abc import Sequence
from itertools import accumulate
from typing import Final

from rummy500.core.cards import Card
from rummy500.core.errors import SearchLimitError, StateError
from rummy500.hidden.attribution import Attribution, Play, find_reading, sample_reading
from rummy500.hidden.logreader import LogReader, _Stock

#: How many readings of the log are drawn for each sampled deal, one kept by its weight among
#: the histories: more bring the deals nearer uniform over the histories (see
#: ``benchmarks/worlds_distance.py``), and cost a pass over the plays each when the log leaves
#: a choice.
READINGS_DRAWN: Final = 8

__all__ = [
    "READINGS_DRAWN",
    "Group",
    "HiddenReading",
    "LogReader",
    "deal_groups",
    "hidden_cards",
]


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

    Raises :class:`~rummy500.StateError` when the log's takes put in a hand a card that
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


class HiddenReading:
    """The hidden cards of a view, read against its log: checked once, dealt in groups that
    agree with the log by :meth:`split`.

    ``reader`` has read ``me``'s log; ``hidden`` are the cards of ``deck`` not in ``me``'s hand,
    the table or the pile, nor known to be in a hand; ``slots`` gives how many cards each player
    holds that are not known (0 for ``me``) and ``stock_size`` the stock's size, which hold the
    ``hidden`` cards between them. Without a pile turned over, every hidden card may be
    anywhere: one group. After one, the hidden cards are split by the stock they came from (see
    the module's description). Raises :class:`~rummy500.StateError` saying what in the
    log contradicts those numbers, when no reading of the log agrees with them.
    """

    __slots__ = (
        "_caps",
        "_cards",
        "_draws",
        "_groups",
        "_hidden",
        "_holders",
        "_me",
        "_pools",
        "_relaxed",
        "_reveals",
        "_slots",
        "_stock_size",
        "_witness",
    )

    def __init__(
        self,
        reader: LogReader,
        me: int,
        deck: Counter[Card],
        hidden: Counter[Card],
        slots: Sequence[int],
        stock_size: int,
    ) -> None:
        self._me = me
        self._hidden = hidden
        # The hidden cards one by one, listed once: a search splits them for every world.
        self._cards = list(hidden.elements())
        self._slots = list(slots)
        self._stock_size = stock_size
        self._witness: list[int] | None = None
        self._relaxed = False
        stocks = reader._stocks
        self._groups = len(stocks) >= 2
        self._reveals: list[Play] = []
        self._pools: list[Counter[Card]] = []
        self._draws: list[list[int]] = []
        self._caps: list[list[int]] = []
        #: Which stocks hid each card, oldest first.
        self._holders: dict[Card, list[int]] = {}
        if self._groups:
            self._read(reader, deck)

    def _read(self, reader: LogReader, deck: Counter[Card]) -> None:
        """Check what does not depend on the reading, and set up the search for one."""
        me = self._me
        stocks = reader._stocks
        players = reader.players
        last = len(stocks) - 1
        reveals = self._reveals = [r for r in reader._reveals if r.player != me]
        # How many copies of each card each stock hid from the player.
        pools: list[Counter[Card]] = [Counter()]
        for k in range(1, len(stocks)):
            cards = stocks[k].cards
            assert cards is not None
            left = cards.copy()
            seen = stocks[k].seen
            if seen is not None:
                left.subtract(seen)
                for card, n in left.items():
                    if n < 0:
                        raise StateError(
                            f"the log has player {me} draw {card} in sight from the pile turned "
                            f"over at log[{stocks[k].at}] more often than that pile held it"
                        )
            pools.append(+left)
        first = pools[0]
        first.update(self._hidden)
        first.update(r.card for r in reveals)
        for left in pools[1:]:
            first.subtract(left)
        bad = sorted(c for c, n in first.items() if n < 0)
        if bad:
            raise StateError(
                f"the view shows {' '.join(map(str, bad))} more often than the log leaves: "
                "every copy was played or turned over since the deal"
            )
        pools[0] = +first
        self._pools = pools
        draws = [[0 if p == me else stock.draws[p] for p in range(players)] for stock in stocks]
        self._draws = draws
        # What each player can have drawn from each stock and played: what they drew, and for
        # the deal's no more than leaves them their unknown cards of the deal.
        caps = [row[:] for row in draws]
        played = [0] * players
        for r in reveals:
            played[r.player] += 1
        slots = self._slots
        for p in range(players):
            if p == me:
                continue
            # At least the draws from the piles turned over less every play are still held.
            turned = sum(draws[k][p] for k in range(1, len(stocks))) - played[p]
            if turned > slots[p]:
                raise StateError(
                    f"player {p} holds {slots[p]} cards not known to be in their hand, fewer than "
                    f"the {turned} the log has them draw unseen from the piles turned over and "
                    "keep"
                )
            caps[0][p] = min(draws[0][p], slots[p] - turned)
        self._caps = caps
        self._check_plays(stocks, deck)
        dealt = pools[0]
        dealt_seen = stocks[0].seen or Counter()
        bad = sorted(c for c, n in dealt.items() if n > deck[c] - dealt_seen[c])
        if bad:
            card = bad[0]
            raise StateError(
                f"the log needs {dealt[card]} of the {deck[card]} copies of {card} hidden since "
                f"the deal when the pile was first turned over, but {dealt_seen[card]} were seen "
                "before"
            )
        for k in range(last, 0, -1):
            held = sum(draws[k])
            total = pools[k].total()
            extra = self._stock_size if k == last else 0
            if total != held + extra:
                where = f", and the stock holds {self._stock_size}" if k == last else ""
                raise StateError(
                    f"the pile turned over at log[{stocks[k].at}] hid {total} cards from player "
                    f"{me}, but the log has the other players draw {held} of them unseen{where}"
                )

    def _check_plays(self, stocks: list[_Stock], deck: Counter[Card]) -> None:
        """Refuse a play that no reading can explain, whatever the others' readings: the
        player drew no stock hiding a copy of the card, or had played every card they drew
        unseen, or every hidden copy was played before (or more are hidden than the decks
        hold)."""
        pools = self._pools
        caps = self._caps
        holders = self._holders
        for k, pool in enumerate(pools):
            for card in pool:
                holders.setdefault(card, []).append(k)
        # How many cards each player can have drawn unseen from the stocks before each (running
        # totals: a log may turn the pile over many times).
        before = [list(accumulate(row, initial=0)) for row in zip(*caps, strict=True)]
        played_of: Counter[Card] = Counter()
        played_by = [0] * len(caps[0])
        hidden_of: Counter[Card] = Counter(pools[0])
        opened = 0
        for r in self._reveals:
            at, p, card, era, drawn = r
            while opened < era:
                opened += 1
                hidden_of.update(pools[opened])
            left = hidden_of[card] - played_of[card]
            if left > deck[card]:
                raise StateError(
                    f"the log has {left} copies of {card} hidden at log[{at}], more than the "
                    f"decks hold ({deck[card]})"
                )
            hid = holders.get(card, [])
            # The newest stocks first: the copy played is most often the last one hidden.
            if not any(
                (drawn if hid[j] == era else caps[hid[j]][p]) > 0
                for j in range(bisect_right(hid, era) - 1, -1, -1)
            ):
                raise StateError(
                    f"the log has player {p} play {card} at log[{at}], which they cannot hold: "
                    "no stock they drew from unseen before then hid a copy of it"
                )
            played_by[p] += 1
            drew = drawn + before[p][era]
            if played_by[p] > drew:
                raise StateError(
                    f"the log has player {p} play {card} at log[{at}], which they cannot hold: "
                    f"by then they had played all {drew} cards they held unseen from the stocks"
                )
            if left < 1:
                raise StateError(
                    f"the log has player {p} play {card} at log[{at}], which they cannot hold: "
                    "every copy of it hidden by then was played before"
                )
            played_of[card] += 1

    def split(self, rng: random.Random | None) -> list[Group]:
        """The hidden cards in groups that a reading of the log allows (see :data:`Group`),
        the reading drawn by ``rng`` (the same every time when ``rng`` is ``None``: a deal
        that does not depend on chance). Draws nothing from ``rng`` when the log leaves no
        choice. One group, as if no pile had been turned over, when the search for a reading
        reaches its ceiling (see :attr:`relaxed`)."""
        if not self._groups or self.relaxed:
            return [(self._cards[:], self._slots[:])]
        chosen = None
        if rng is not None:
            chosen = sample_reading(self._attribution(), rng, self._placements, READINGS_DRAWN)
        if chosen is None:
            # A log so entangled that no pass reads it gives the search's reading (its
            # groups dealt at random all the same).
            assert self._witness is not None
            chosen = self._witness
        return self._deal_reading(chosen)

    @property
    def relaxed(self) -> bool:
        """Whether the search for a reading reached its ceiling
        (:class:`~rummy500.SearchLimitError`) in :meth:`split`, which then deals every
        hidden card as if it could be anywhere: the log is neither read nor shown to be
        impossible. The first call searches (once; the reading is kept for :meth:`split`)."""
        if self._groups and self._witness is None and not self._relaxed:
            # The search's own reading comes first, whatever ``rng`` a split is given:
            # whether the log is read at all is then a property of the view, not of the
            # order in which worlds are dealt.
            try:
                self._witness = find_reading(self._attribution(), None)
            except SearchLimitError:
                self._relaxed = True
        return self._relaxed

    def _attribution(self) -> Attribution:
        """What the search for a reading starts from."""
        return Attribution(self._reveals, self._pools, self._caps, self._holders)

    def _placements(self, chosen: list[int]) -> float:
        """The log of how many placements of the hidden cards the reading ``chosen`` leaves
        (copies as different cards; each hand as a set): its weight among the histories."""
        total = 0.0
        for cards, counts in self._deal_reading(chosen):
            total += math.lgamma(len(cards) + 1) - sum(math.lgamma(n + 1) for n in counts)
        return total

    def _deal_reading(self, chosen: list[int]) -> list[Group]:
        """The groups the reading ``chosen`` leaves: each stock's copies not played, and how
        many each player holds (their draws from it less their plays from it)."""
        pools = self._pools
        draws = self._draws
        players = len(draws[0])
        left = [pool.copy() for pool in pools]
        rooms = [row[:] for row in draws]
        for r, k in zip(self._reveals, chosen, strict=True):
            left[k][r.card] -= 1
            rooms[k][r.player] -= 1
        slots = self._slots
        rooms[0] = [
            0 if p == self._me else slots[p] - sum(rooms[k][p] for k in range(1, len(pools)))
            for p in range(players)
        ]
        last = len(pools) - 1
        return [
            (list(left[k].elements()), rooms[k])
            for k in range(last, -1, -1)
            if k == last or left[k].total() or any(rooms[k])
        ]


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
