"""The fast meld search: the availability list of a hand, and every meld and lay-off it allows.

The search works on an *availability* list: four per-suit bit masks of run positions (bit
``p`` set when a card of that suit at position ``p`` is available, and bit ``rank`` for sets:
a card's bits are :attr:`rummy500.melds.shape.RunShape.bits`), then the number of jokers. Here
are the list (:func:`availability`, :func:`add_card`, :func:`card_mask`), the listings of new
melds and lay-offs the engine reads (:func:`new_melds`, :func:`layoffs`) and their public,
checked forms (:func:`possible_melds`, :func:`possible_layoffs`); what a single card needs to
go down is asked of the same list in :mod:`rummy500.melds.costs`. Every question about run
positions (which spans a run may cover, the card at a position, how far a run may grow) is put
to :class:`rummy500.melds.shape.RunShape`; what a single meld or lay-off must satisfy is checked
in :mod:`rummy500.melds.check`; how many cards a set and how many jokers a meld may hold are
read, as there, from :class:`rummy500.melds.shape.MeldLimits`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Final

from rummy500.core.cards import CARDS, JOKER, JOKER_AS, Card, face_of
from rummy500.core.errors import CardError, ConfigError, StateError, describe_value
from rummy500.melds.shape import (
    MeldLimits,
    RunShape,
    card_bits,
    meld_limits,
    run_shape,
    span,
)
from rummy500.melds.table import TableMeld
from rummy500.rules.config import RuleConfig

__all__ = [
    "add_card",
    "availability",
    "card_mask",
    "layoffs",
    "new_melds",
    "possible_layoffs",
    "possible_melds",
]

_JOKER: Final = 52


#: :attr:`RunShape.bits` by wrap-around, the one rule a card's bits depend on (an ace keeps
#: bit 1 for sets where aces are high only): the per-card calls below and in
#: :mod:`rummy500.melds.costs` read it straight, as looking the shape up would cost more than
#: the lookup itself.
_BITS: Final = (card_bits(False), card_bits(True))


#: By wrap-around, each card id's place in an availability list and its bits there: (suit,
#: bits as in ``_BITS``) for a standard card, and (4, 1) for every joker id, plain or standing
#: for a card (:func:`availability` then counts the jokers).
_PLACES: Final = tuple(
    tuple((c // 13, bits[c]) for c in range(_JOKER)) + ((4, 1),) * (len(CARDS) - _JOKER)
    for bits in _BITS
)


def availability(cards: Sequence[int], config: RuleConfig) -> list[int]:
    """The availability list of ``cards`` (hand cards: a joker is the plain joker)."""
    places = _PLACES[config.wrap_around]
    avail = [0, 0, 0, 0, 0]
    # One table read per card (no arithmetic on it): this runs at every listing of a hand.
    for c in cards:
        suit, bits = places[c]
        avail[suit] = avail[suit] | bits  # compiled, "|=" on an item is not native
    if avail[4]:
        # Jokers are rare: count them only when there is one.
        avail[4] = sum(1 for c in cards if c >= _JOKER)
    return avail


#: ``1 << id`` for every card id (jokers standing for cards included).
_ID_BITS: Final = tuple(1 << c for c in range(len(CARDS)))


def card_mask(cards: Sequence[int]) -> int:
    """A mask with bit ``id`` set for each card of ``cards`` (as :attr:`TableMeld.attach
    <rummy500.TableMeld.attach>` names the cards that could start a lay-off)."""
    mask = 0
    for c in cards:
        mask |= _ID_BITS[c]
    return mask


def add_card(avail: list[int], card: int, config: RuleConfig) -> None:
    """Add one (hand) card to an availability list in place."""
    if card >= _JOKER:
        avail[4] += 1
    else:
        avail[card // 13] |= _BITS[config.wrap_around][card]


_RANK_BITS: Final = span(1, 13)


def _ranks_with(avail: Sequence[int], need: int) -> int:
    """A mask of the ranks (bits 1-13) that at least ``need`` suits hold."""
    a = avail[0] & _RANK_BITS
    b = avail[1] & _RANK_BITS
    c = avail[2] & _RANK_BITS
    d = avail[3] & _RANK_BITS
    if need <= 1:
        return a | b | c | d
    if need == 2:
        return (a & (b | c | d)) | (b & (c | d)) | (c & d)
    if need == 3:
        return (a & b & (c | d)) | (c & d & (a | b))
    return a & b & c & d


# -- table melds ---------------------------------------------------------------------------


def _popcount(x: int) -> int:
    return x.bit_count()


def new_melds(avail: Sequence[int], config: RuleConfig) -> list[tuple[Card, ...]]:
    """Every distinct new meld the available cards can make, in canonical order.

    Sets of jokers come first, then sets (by rank), then runs (by suit, low end, length).
    """
    out: list[tuple[Card, ...]] = []
    jokers = avail[4]
    if not jokers:
        # The usual hand: one look at the four suits together rules out most searches (a set
        # needs a rank held in three suits, a run three positions in a row of one suit).
        a, b, c, d = avail[0], avail[1], avail[2], avail[3]
        if ((a & b & (c | d)) | (c & d & (a | b))) & _RANK_BITS:
            _sets(avail, 0, meld_limits(config), out)
        if (
            (a & a >> 1 & a >> 2)
            | (b & b >> 1 & b >> 2)
            | (c & c >> 1 & c >> 2)
            | (d & d >> 1 & d >> 2)
        ):
            _runs(avail, config, out)
        return out
    limits = meld_limits(config)
    wild = limits.joker_room(jokers)
    if not limits.wild:
        # Jokers that are not wild make sets of jokers only.
        most = min(jokers, limits.set_most)
        out.extend((JOKER,) * size for size in range(limits.smallest, most + 1))
    _sets(avail, wild, limits, out)
    if wild:
        _wild_runs(avail, wild, config, out)
    else:
        _runs(avail, config, out)
    return out


def _sets(avail: Sequence[int], wild: int, limits: MeldLimits, out: list[tuple[Card, ...]]) -> None:
    need = limits.smallest - wild
    joker_only = limits.jokers_alone
    sizes = range(limits.smallest, limits.set_most + 1)
    ranks = _RANK_BITS if need <= 0 and joker_only else _ranks_with(avail, max(need, 1))
    while ranks:
        low_bit = ranks & -ranks
        ranks ^= low_bit
        rank = low_bit.bit_length() - 1
        bit = low_bit
        naturals = [s for s in range(4) if avail[s] & bit]
        base = rank - 1
        if not wild:
            out.extend(
                tuple(CARDS[s * 13 + base] for s in combo)
                for size in sizes
                for combo in combinations(naturals, size)
            )
            continue
        for size in sizes:
            for t in range(min(wild, size) + 1):
                for nat in combinations(naturals, size - t):
                    if not nat and not joker_only:
                        continue
                    free = [s for s in range(4) if s not in nat]
                    for faces in combinations(free, t):
                        cards = [CARDS[s * 13 + base] for s in nat]
                        cards += [JOKER_AS[s * 13 + base] for s in faces]
                        out.append(tuple(sorted(cards, key=face_of)))


def _runs(avail: Sequence[int], config: RuleConfig, out: list[tuple[Card, ...]]) -> None:
    shape = run_shape(config)
    first, last, top = shape.first, shape.last, shape.top
    for s in range(4):
        at = shape.cards[s]
        m = avail[s]
        if not m & (m >> 1) & (m >> 2):
            continue
        p = first
        while True:
            # On to the next available position: the lowest set bit from ``p`` up.
            x = m >> p
            if not x:
                break
            p += (x & -x).bit_length() - 1
            if p > top:
                break
            x = m >> p
            end = p + (x ^ (x + 1)).bit_length() - 2
            end = min(end, top)
            out.extend(
                at[lo : hi + 1]
                for lo in range(p, min(end - 1, last + 1))
                for hi in range(lo + 2, end + 1)
                if shape.ok(lo, hi)
            )
            p = end + 1


def _wild_runs(
    avail: Sequence[int], wild: int, config: RuleConfig, out: list[tuple[Card, ...]]
) -> None:
    joker_only = meld_limits(config).jokers_alone
    shape = run_shape(config)
    intervals = shape.intervals
    for s in range(4):
        at, jokers_at = shape.cards[s], shape.jokers[s]
        m = avail[s]
        if not m and not joker_only:
            continue
        for lo, hi, mask in intervals:
            present = m & mask
            length = hi - lo + 1
            count = _popcount(present)
            missing = length - count
            if missing > wild or (not count and not joker_only):
                continue
            positions = [p for p in range(lo, hi + 1) if present >> p & 1]
            for extra in range(min(wild - missing, count) + 1):
                for as_joker in combinations(positions, extra):
                    if extra == count and not joker_only:
                        continue
                    out.append(
                        tuple(
                            at[q] if present >> q & 1 and q not in as_joker else jokers_at[q]
                            for q in range(lo, hi + 1)
                        )
                    )


def layoffs(
    meld: TableMeld, avail: Sequence[int], config: RuleConfig
) -> list[tuple[tuple[Card, ...], bool]]:
    """Every group of available cards that can be laid off on ``meld`` at once.

    Each entry is ``(cards, high)``: ``high`` is set on the top-end placement of cards that
    could go at either end of a run.
    """
    jokers = avail[4]
    if meld.is_run:
        # The usual meld onto which cards go (a run is never a set of jokers): asked first.
        if jokers:
            budget = meld_limits(config).joker_room(jokers, meld.jokers)
            if budget:
                return _run_layoffs(meld, avail[meld.suit], budget, config)
        m = avail[meld.suit]
        shape = run_shape(config)
        # Without jokers a lay-off starts with a card just below or just above the run.
        if not m & shape.ends[meld.low][meld.high]:
            return []
        return _plain_run_layoffs(meld.suit, meld.low, meld.high, m, shape)
    limits = meld_limits(config)
    if meld.is_joker_set:
        return [((JOKER,), False)] if jokers and len(meld.cards) < limits.set_most else []
    if len(meld.cards) >= limits.set_most:
        return []
    budget = limits.joker_room(jokers, meld.jokers) if jokers else 0
    base = meld.low - 1
    bit = 1 << meld.low
    out: list[tuple[tuple[Card, ...], bool]] = []
    for s in range(4):
        if meld.suits & (1 << s):
            continue
        if avail[s] & bit:
            out.append(((CARDS[s * 13 + base],), False))
        if budget > 0:
            out.append(((JOKER_AS[s * 13 + base],), False))
    return out


def _extensions(
    m: int,
    at: tuple[Card, ...],
    jokers_at: tuple[Card, ...],
    start: int,
    step: int,
    room: int,
    budget: int,
) -> list[tuple[tuple[Card, ...], int]]:
    """Ways to extend a run from ``start`` in direction ``step``: (cards, jokers used).

    ``at`` and ``jokers_at`` are the run's suit's rows of :attr:`RunShape.cards` and
    :attr:`RunShape.jokers`."""
    out: list[tuple[tuple[Card, ...], int]] = [((), 0)]
    frontier: list[tuple[tuple[Card, ...], int]] = [((), 0)]
    for depth in range(room):
        p = start + step * depth
        nxt: list[tuple[tuple[Card, ...], int]] = []
        for cards, used in frontier:
            if m >> p & 1:
                nxt.append(((*cards, at[p]), used))
            if used < budget:
                nxt.append(((*cards, jokers_at[p]), used + 1))
        if not nxt:
            break
        out.extend(nxt)
        frontier = nxt
    return out


def _ones_below(mask: int, position: int) -> int:
    """How many consecutive positions directly below ``position`` are set in ``mask``."""
    zeros = ~mask & ((1 << position) - 1)  # bit 0 is never set, so zeros is never 0
    return position - zeros.bit_length()


def _ones_above(mask: int, position: int) -> int:
    """How many consecutive positions directly above ``position`` are set in ``mask``."""
    x = mask >> (position + 1)
    return (x ^ (x + 1)).bit_length() - 1


def _plain_run_layoffs(
    suit: int, low: int, high: int, m: int, shape: RunShape
) -> list[tuple[tuple[Card, ...], bool]]:
    """Lay-offs on a run without jokers (the rules' run limits are ``shape``): unbroken chains
    of cards below and above it."""
    m, low, high = shape.lifted(m, low, high)
    down_room, up_room = shape.room(low, high)
    down = min(_ones_below(m, low), down_room)
    up = min(_ones_above(m, high), up_room)
    at = shape.cards[suit]
    if not up:
        # Cards at one end only (the usual case): each group is of another length, so each
        # is found once, and none is ever placed high.
        return [
            (tuple(sorted(at[low - a : low])), False)
            for a in range(1, down + 1)
            if shape.fits(low - a, high)
        ]
    if not down:
        return [
            (tuple(sorted(at[high + 1 : high + b + 1])), False)
            for b in range(1, up + 1)
            if shape.fits(low, high + b)
        ]
    below = [at[low - k] for k in range(1, down + 1)]
    above = [at[high + k] for k in range(1, up + 1)]
    found: dict[tuple[Card, ...], int] = {}
    for a in range(down + 1):
        for b in range(up + 1):
            if (a or b) and shape.fits(low - a, high + b):
                key = tuple(sorted(below[:a] + above[:b]))
                found[key] = found.get(key, 0) + 1
    return _with_high(found)


def _with_high(found: dict[tuple[Card, ...], int]) -> list[tuple[tuple[Card, ...], bool]]:
    """Each group of cards once, and again with ``high`` where it fits at either end."""
    out: list[tuple[tuple[Card, ...], bool]] = []
    for cards, ways in found.items():
        out.append((cards, False))
        if ways > 1:
            out.append((cards, True))
    return out


def _run_layoffs(
    meld: TableMeld, m: int, budget: int, config: RuleConfig
) -> list[tuple[tuple[Card, ...], bool]]:
    """Lay-offs on a run with up to ``budget`` (at least one) wild jokers filling in."""
    low, high = meld.low, meld.high
    suit = meld.suit
    shape = run_shape(config)
    m, low, high = shape.lifted(m, low, high)
    down, ups = shape.room(low, high)
    at, jokers_at = shape.cards[suit], shape.jokers[suit]
    below = _extensions(m, at, jokers_at, low - 1, -1, down, budget)
    above = _extensions(m, at, jokers_at, high + 1, 1, ups, budget)
    found: dict[tuple[Card, ...], int] = {}
    for bcards, bused in below:
        for acards, aused in above:
            if (not bcards and not acards) or bused + aused > budget:
                continue
            if not shape.fits(low - len(bcards), high + len(acards)):
                continue
            key = tuple(sorted((*bcards, *acards)))
            found[key] = found.get(key, 0) + 1
    return _with_high(found)


def _checked_hand(hand: object, config: object, caller: str) -> tuple[Card, ...]:
    """``hand`` as a tuple of cards, after checking it and ``config`` for ``caller``, a public
    search (the engine's own calls skip this: it holds cards it built)."""
    if not isinstance(config, RuleConfig):
        raise ConfigError(f"{caller} needs a RuleConfig, not {describe_value(config)}")
    # A tuple, the usual argument, skips the costly check against the Iterable ABC.
    if type(hand) is not tuple and (isinstance(hand, str) or not isinstance(hand, Iterable)):
        raise CardError(
            f"{caller}' hand is an iterable of Card values (see parse_cards), not "
            f"{describe_value(hand)}"
        )
    held = tuple(hand)
    card_class = Card  # read once: compiled, a global is looked up at every read
    for card in held:
        if not isinstance(card, card_class):
            raise CardError(f"{caller}' hand holds Card values, not {describe_value(card)}")
    return held


def possible_melds(hand: Iterable[Card], config: RuleConfig) -> list[tuple[Card, ...]]:
    """Every distinct new meld that cards of ``hand`` can make under ``config``.

    Each meld is its cards in canonical order (as :class:`~rummy500.Meld` holds them),
    a wild joker written as the card it stands for: sets of jokers first, then sets (by rank),
    then runs (by suit, low end, length). Whose turn it is and what the rules of the turn allow
    (an owed card, going out with a discard) are not considered: ``State.legal_moves`` does that.
    """
    held = _checked_hand(hand, config, "possible_melds")
    return new_melds(availability(held, config), config)


def possible_layoffs(
    hand: Iterable[Card], table: Sequence[TableMeld], config: RuleConfig
) -> list[tuple[int, tuple[Card, ...], bool]]:
    """Every group of cards of ``hand`` that can be laid off at once on a meld of ``table``.

    Each entry is ``(meld, cards, high)`` as in :class:`~rummy500.Layoff`: the id of the
    table meld, the cards, and whether they go at the top end of a run where they could go at
    either end. Entries come by table meld, in table order. As with :func:`possible_melds`,
    the rules of the turn are not considered.
    """
    avail = availability(_checked_hand(hand, config, "possible_layoffs"), config)
    if type(table) is not tuple and (isinstance(table, str) or not isinstance(table, Sequence)):
        raise StateError(
            f"possible_layoffs' table is a sequence of TableMeld, not {describe_value(table)}"
        )
    # Read as plain objects: compiled code would refuse a wrong item with a bare TypeError.
    melds: Sequence[object] = table
    for i, meld in enumerate(melds):
        if not isinstance(meld, TableMeld):
            raise StateError(
                f"possible_layoffs' table[{i}] is a TableMeld, not {describe_value(meld)}"
            )
    return [
        (meld.id, cards, high) for meld in table for cards, high in layoffs(meld, avail, config)
    ]
