"""The shape of a meld: where each rank stands in a run, the spans a run may cover and what
lies just beyond its ends (:class:`RunShape`, the one statement of run limits), and how many
cards a set and how many jokers a meld may hold (:class:`MeldLimits`, the one statement of
those). The search for melds and the checks of a meld both read them from here.

A card's place in a run is its *position*: 1 for a low ace, 2-13 for the ranks 2 to king, 14
for a high ace. With wrap-around runs, positions go on past 14 (15 is a 2 after the ace, and so
on), and a run starts at a position from 1 to 13. A run covers ``low`` to ``high``. By default
the ace is low (A-2-3) or high (Q-K-A), never both in one run, and a run never goes round the
corner (K-A-2); the rule config may make aces high only, or let runs wrap round (J-Q-K-A-2,
each rank at most once).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from rummy500.core.cards import ACE, CARDS, JOKER_AS, Card, face_of
from rummy500.rules.choices import ACES_HIGH_ONLY as _HIGH_ONLY
from rummy500.rules.config import RuleConfig

__all__ = [
    "HIGH_ACE",
    "MELD_MIN",
    "SET_MAX",
    "MeldLimits",
    "RunShape",
    "canonical_meld",
    "card_bits",
    "meld_limits",
    "run_shape",
    "span",
]


#: The position of an ace at the high end of a run (Q-K-A).
HIGH_ACE: Final = 14
#: The fewest cards of a meld, set or run.
MELD_MIN: Final = 3
#: The most cards of a set: one of each suit (even with two decks).
SET_MAX: Final = 4
_JOKER: Final = 52
#: The positions :class:`RunShape`'s card tables cover: 0 to 40, every position a run, a card
#: beyond its ends or a lay-off reaches, one lap up included (see :meth:`RunShape.lifted`).
_POSITIONS: Final = 41
#: The positions :attr:`RunShape.ranks` covers: 0 to 26, every span a run may cover.
_SPANS: Final = 27


def span(low: int, high: int) -> int:
    """A mask with positions ``low`` to ``high`` set."""
    return ((1 << (high - low + 1)) - 1) << low


def _settled(low: int, high: int) -> tuple[int, int]:
    """:meth:`RunShape.settled`, as a plain function (the compiled build calls it directly)."""
    if low < 1:
        return low + 13, high + 13
    return low, high


def _rank_at(position: int) -> int:
    """:meth:`RunShape.rank_at`, as a plain function (the compiled build calls it directly)."""
    return (position - 1) % 13 + 1


@attrs.frozen
class RunShape:
    """The geometry of runs under a config's ace and wrap-around rules: where each rank stands
    in a run, which spans of positions a run may cover, and how far it may grow.

    This is the one place that works out run positions: every check, search, table change
    and player asks it (its methods, or the tables it builds once for each kind of rule).

    ``first`` and ``last`` are the lowest and highest positions a run may start at, ``top``
    the highest it may end at. Without wrap-around a run stays within 1-14 and never holds an
    ace at both ends; with it, a run starts at 1-13 and holds each rank at most once.
    """

    wrap: bool
    first: int
    last: int
    top: int
    #: Every span a run may cover, as (low, high, mask), by low then high.
    intervals: tuple[tuple[int, int, int], ...] = attrs.field(init=False, eq=False, repr=False)
    #: For each rank, a mask of the start positions of the shortest runs (:data:`MELD_MIN`
    #: cards) through a card of it.
    starts: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    #: The most cards a run may hold.
    longest: int = attrs.field(init=False, eq=False, repr=False)
    #: How far :meth:`lifted` moves a run up: one lap (13) with wrap-around, else 0.
    lift: int = attrs.field(init=False, eq=False, repr=False)
    #: For each card id 0-51, its bits in an availability mask: bit ``rank`` (what sets look
    #: at, an ace's bit 1 included where aces are high only) and the bit of each position it
    #: may take in a run.
    bits: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    #: ``cards[suit][position]``: the card of ``suit`` at a run position from 0 to 40.
    cards: tuple[tuple[Card, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    #: ``jokers[suit][position]``: a wild joker standing for ``cards[suit][position]``.
    jokers: tuple[tuple[Card, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    #: ``ranks[low][high]``: a mask of the ranks (bit ``rank``) at positions ``low`` to
    #: ``high``, from 0 to 26 (0 for an empty span).
    ranks: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    #: ``apart[a][b]``: how many positions apart the nearest places in a run of a card of rank
    #: ``a`` and one of rank ``b`` are (0 for the same rank).
    apart: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    #: ``ends[low][high]``: the availability bits of the cards just below and just above a
    #: run on ``low``-``high`` (a span of ``intervals``; the king below a wrap-around run's
    #: position 1), whether or not the run may grow there.
    ends: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    #: ``reach[low][high][rank]``, for a run on ``low``-``high`` (a span of ``intervals``):
    #: each way a card of ``rank`` goes onto an end of it within its limits, as (cards, gap):
    #: how many cards the lay-off takes (the card and the gap between it and the run) and a
    #: mask of the gap's positions, in :meth:`lifted` positions. None for other spans.
    reach: tuple[tuple[tuple[tuple[tuple[int, int], ...], ...], ...], ...] = attrs.field(
        init=False, eq=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        put = object.__setattr__
        intervals = tuple(
            (lo, hi, span(lo, hi))
            for lo in range(self.first, self.last + 1)
            for hi in range(lo + MELD_MIN - 1, self.top + 1)
            if self.ok(lo, hi)
        )
        starts = [0] * 14
        for rank in range(1, 14):
            for lo, hi, _ in intervals:
                if hi - lo == MELD_MIN - 1 and any(lo <= p <= hi for p in self.positions(rank)):
                    starts[rank] |= 1 << lo
        put(self, "intervals", intervals)
        put(self, "starts", tuple(starts))
        put(self, "longest", max(hi - lo + 1 for lo, hi, _ in intervals))
        put(self, "lift", 13 if self.wrap else 0)
        put(self, "bits", card_bits(self.wrap))
        cards = tuple(tuple(self.card_at(suit, p) for p in range(_POSITIONS)) for suit in range(4))
        put(self, "cards", cards)
        put(self, "jokers", tuple(tuple(JOKER_AS[c] for c in row) for row in cards))
        put(self, "ranks", _RANKS)
        put(
            self,
            "apart",
            tuple(
                tuple(
                    min(abs(p - q) for p in self.positions(a) for q in self.positions(b))
                    if a and b
                    else 0
                    for b in range(14)
                )
                for a in range(14)
            ),
        )
        ends = [[0] * (self.top + 1) for _ in range(self.top + 1)]
        for lo, hi, _ in intervals:
            # A wrap-around run's start is 1-13 and its end at most 25: a card's own bit
            # (rank, or rank + 13) is there for both neighbours.
            ends[lo][hi] = 1 << (lo - 1 if lo > 1 else lo - 1 + self.lift) | 1 << (hi + 1)
        put(self, "ends", tuple(tuple(row) for row in ends))
        nowhere: tuple[tuple[tuple[int, int], ...], ...] = ((),) * 14
        reach = [[nowhere] * (self.top + 1) for _ in range(self.top + 1)]
        for lo, hi, _ in intervals:
            reach[lo][hi] = tuple(self._reaches(lo, hi, rank) for rank in range(14))
        put(self, "reach", tuple(tuple(row) for row in reach))

    def _reaches(self, low: int, high: int, rank: int) -> tuple[tuple[int, int], ...]:
        """The entry of :attr:`reach` for a card of ``rank`` and the run on ``low``-``high``."""
        if not rank:
            return ()
        low += self.lift
        high += self.lift
        # In lifted positions a rank stands at rank, one lap up and two laps up with
        # wrap-around; beyond the lap the run's limits refuse it.
        places = (rank, rank + 13, rank + 26) if self.wrap else self.positions(rank)
        out = []
        for p in places:
            if p < low and self.fits(p, high):
                out.append((low - p, span(p + 1, low - 1) if low - p > 1 else 0))
            elif p > high and self.fits(low, p):
                out.append((p - high, span(high + 1, p - 1) if p - high > 1 else 0))
        return tuple(out)

    @staticmethod
    def rank_at(position: int) -> int:
        """The rank (1-13) of the card at a run position (any position, wrap-around included:
        positions go round every 13)."""
        return _rank_at(position)

    @staticmethod
    def card_at(suit: int, position: int) -> Card:
        """The card of ``suit`` at a run position (any position, as :meth:`rank_at`)."""
        return CARDS[suit * 13 + (position - 1) % 13]

    @staticmethod
    def steps_up(lower: int, upper: int) -> bool:
        """Whether the card with face ``upper`` is the next rank up from ``lower`` (of the same
        suit) round the ranks: a 2 after an ace, and an ace after a king."""
        return (upper - lower) % 13 == 1

    @staticmethod
    def in_sequence(faces: Sequence[int]) -> bool:
        """Whether same-suit faces, in this order, each follow the one before (K then A
        allowed): the order of a run, whatever its limits."""
        return all(RunShape.steps_up(faces[i - 1], faces[i]) for i in range(1, len(faces)))

    @staticmethod
    def settled(low: int, high: int) -> tuple[int, int]:
        """The span ``low``-``high`` moved one lap up when it starts below position 1: where a
        wrap-around run that grew past its low end stands (it keeps its start from 1 to 13).

        Under other rules no run may start below 1, and :meth:`ok` refuses the span either way.
        """
        return _settled(low, high)

    def ok(self, low: int, high: int) -> bool:
        """Whether a run may cover positions ``low`` to ``high`` (3 cards or more)."""
        if high - low < 2 or low < self.first or low > self.last:
            return False
        if self.wrap:
            return high - low <= 12
        return high <= self.top and not (low == 1 and high == HIGH_ACE)

    def fits(self, low: int, high: int) -> bool:
        """Whether ``low`` to ``high`` lies within a run's limits (any length: a part of a run).

        With wrap-around only the length counts, so lifted positions (see :meth:`lifted`) fit
        as well as the run's own."""
        if self.wrap:
            return high - low <= 12
        return low >= self.first and high <= self.top and not (low == 1 and high == HIGH_ACE)

    def room(self, low: int, high: int) -> tuple[int, int]:
        """How many positions a run on ``low``-``high`` could still grow down and up: every
        growth within that fits (see :meth:`fits`) but one that puts an ace at both ends."""
        if self.wrap:
            free = 12 - (high - low)
            return free, free
        return low - self.first, self.top - high

    def follows(self, high: int, low: int) -> bool:
        """Whether a run starting at ``low`` goes on directly from one ending at ``high``
        (a lap later or earlier too, with wrap-around)."""
        gap = low - high - 1
        return gap == 0 or (self.wrap and gap % 13 == 0)

    def lifted(self, mask: int, low: int, high: int) -> tuple[int, int, int]:
        """A run on ``low``-``high`` (starting at 1-13) and an availability mask of its suit,
        moved :attr:`lift` positions up, with the mask holding each card a lap up too: with
        wrap-around, so that every position below the run is above 0; otherwise unchanged."""
        if self.wrap:
            return mask | mask << 13, low + 13, high + 13
        return mask, low, high

    def positions(self, rank: int) -> tuple[int, ...]:
        """The positions a card of ``rank`` may take in a run (the ace two, unless high only).

        With wrap-around, ``rank`` and ``rank + 13``: the same card one lap higher.
        """
        return _positions(self.wrap, self.first > 1, rank)


def _positions(wrap: bool, high_only: bool, rank: int) -> tuple[int, ...]:
    """:meth:`RunShape.positions` of the shapes with wrap-around (``wrap``) or without, aces
    high only (``high_only``) or not: known without building a shape."""
    if wrap:
        return (rank, rank + 13)
    if rank == ACE:
        return (HIGH_ACE,) if high_only else (1, HIGH_ACE)
    return (rank,)


def _rank_table() -> tuple[tuple[int, ...], ...]:
    """:attr:`RunShape.ranks`, the same for every shape: ``[low][high]``, a mask of the ranks
    (bit ``rank``) at run positions ``low`` to ``high`` (none if empty)."""
    rows = []
    for low in range(_SPANS):
        row = [0] * _SPANS
        bits = 0
        for high in range(low, _SPANS):
            bits |= 1 << RunShape.rank_at(high)
            row[high] = bits
        rows.append(tuple(row))
    return tuple(rows)


def card_bits(wrap: bool) -> tuple[int, ...]:
    """:attr:`RunShape.bits` of the shapes with wrap-around (``wrap``) or without, known
    without building a shape: for each card id 0-51, bit ``rank`` and the bit of each position
    it may take in a run (:meth:`RunShape.positions`). The ace rule makes no difference: where
    aces are high only, an ace's bit 1 is its rank's bit."""
    bits = []
    for card in range(52):
        rank = card % 13 + 1
        mask = 1 << rank
        for p in _positions(wrap, False, rank):
            mask |= 1 << p
        bits.append(mask)
    return tuple(bits)


#: :attr:`RunShape.ranks`, built once for every shape.
_RANKS: Final = _rank_table()
#: The run limits by wrap-around, then by aces high only (wrap-around ignores the aces), each
#: built by :func:`run_shape` when first asked for: a game uses one, and building the others
#: would cost a fair share of the import of the package.
_SHAPES: Final[list[list[RunShape | None]]] = [[None, None], [None, None]]


def run_shape(config: RuleConfig) -> RunShape:
    """The run limits of ``config`` (one shared object per kind of rule)."""
    shape = _SHAPES[config.wrap_around][config.aces is _HIGH_ONLY]
    if shape is None:
        shape = _new_shape(config.wrap_around, config.aces is _HIGH_ONLY)
    return shape


def _new_shape(wrap: bool, high_only: bool) -> RunShape:
    """Build the run limits of a kind of rule, and keep them for :func:`run_shape`."""
    if wrap:
        shape = RunShape(True, 1, 13, 25)
        _SHAPES[1][:] = [shape, shape]
    else:
        shape = RunShape(False, 2 if high_only else 1, 12, HIGH_ACE)
        _SHAPES[0][high_only] = shape
    return shape


def canonical_meld(cards: Sequence[int]) -> tuple[Card, ...]:
    """Put a meld's cards in their canonical order: a set by suit, a run by position.

    A run keeps an order the caller gave if it is already a run order (so ``2..K, A`` stays
    an ace-high run); otherwise the cards are sorted by rank and turned round so that they run
    on (Q-K-A, or K-A-2 where runs may wrap). Cards that form no meld are only sorted.
    Jokers count as the card they stand for.
    """
    cs = tuple(CARDS[c] for c in cards)
    if _JOKER in cs or len(cs) < 2:
        return tuple(sorted(cs))
    faces = [face_of(c) for c in cs]
    suit = faces[0] // 13
    if any(f // 13 != suit for f in faces):
        return tuple(sorted(cs, key=lambda c: (face_of(c), c)))
    if RunShape.in_sequence(faces):
        return cs
    ordered = sorted(cs, key=lambda c: (face_of(c), c))
    # Sorted, the cards run on once turned round at most one place: where a step is not +1.
    # Turning there must then also join the last card to the first (K then A, say).
    steps_up = RunShape.steps_up
    breaks = [
        i
        for i in range(1, len(ordered))
        if not steps_up(face_of(ordered[i - 1]), face_of(ordered[i]))
    ]
    if not breaks:
        return tuple(ordered)
    cut = breaks[0]
    if len(breaks) == 1 and steps_up(face_of(ordered[-1]), face_of(ordered[0])):
        return tuple(ordered[cut:] + ordered[:cut])
    return tuple(ordered)


@attrs.frozen
class MeldLimits:
    """How many cards a set and how many jokers a meld may hold under one kind of rule: the one
    statement of these limits (:func:`meld_limits` gives the object of a config).

    The meld search (:mod:`rummy500.melds.search`) builds only melds and lay-offs within them,
    and the checks (:mod:`rummy500.melds.check`) refuse the others naming the limit broken.
    """

    #: The fewest cards of a new meld (:data:`MELD_MIN`).
    smallest: int
    #: The most cards of a set (:data:`SET_MAX`).
    set_most: int
    #: Jokers stand for cards (``jokers_wild``); otherwise they make sets of jokers only.
    wild: bool
    #: The most wild jokers one meld may hold (``max_jokers_per_meld``).
    jokers_most: int
    #: A new meld may be made of wild jokers only (``joker_only_melds``).
    jokers_alone: bool

    def joker_room(self, jokers: int, already: int = 0) -> int:
        """How many of ``jokers`` available jokers can go as wild cards into one meld that
        holds ``already`` jokers (0 when jokers are not wild)."""
        if not jokers or not self.wild:
            return 0
        room = self.jokers_most - already
        return jokers if jokers < room else max(room, 0)

    def set_room(self, size: int) -> int:
        """How many more cards a set of ``size`` cards can take."""
        return max(self.set_most - size, 0)


#: :func:`meld_limits` by (jokers wild, most jokers per meld, melds of jokers alone).
_LIMITS: Final[dict[tuple[bool, int, bool], MeldLimits]] = {}
#: The config :func:`meld_limits` was last asked about, with its answer, as one pair (replaced
#: whole, so that threads never read one config's limits for another): a game asks about one
#: config many times a move, and an identity check is the cheapest lookup.
_LAST: Final[list[tuple[RuleConfig | None, MeldLimits | None]]] = [(None, None)]


def meld_limits(config: RuleConfig) -> MeldLimits:
    """The meld limits of ``config`` (one shared object per kind of rule)."""
    last, answer = _LAST[0]
    if last is config and answer is not None:
        return answer
    key = (config.jokers_wild, config.max_jokers_per_meld, config.joker_only_melds)
    limits = _LIMITS.get(key)
    if limits is None:
        limits = MeldLimits(MELD_MIN, SET_MAX, *key)
        _LIMITS[key] = limits
    _LAST[0] = (config, limits)
    return limits
