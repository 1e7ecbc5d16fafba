"""What a card needs to go down: the fewest cards that put one card onto the table.

On the availability lists of :mod:`rummy500.melds.search`, each question is a handful of integer
operations: whether a new meld passes through a card (:func:`meld_through`,
:func:`meld_through_at`, with :func:`wild_jokers` the jokers it may hold), the fewest cards a
card goes down with (:func:`use_cost`, :func:`near_layoff_cost`), which ranks are near enough
to a table meld to be laid off with fewer than three cards (:func:`near_table`), whether a card
alone fits a table meld (:func:`fits_straight`), and, for the legality of takes, which takes
from the discard pile bring a deepest card that can go down this turn (:func:`usable_depths`,
the walk down the pile). How far a card is from a run's end is read from
:attr:`RunShape.reach <rummy500.melds.shape.RunShape.reach>`; how many jokers a meld may hold
from :class:`rummy500.melds.shape.MeldLimits`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rummy500.core.phases import USE_ANY as _USE_ANY
from rummy500.core.phases import USE_LAYOFF as _USE_LAYOFF
from rummy500.core.phases import USE_MELD as _USE_MELD
from rummy500.core.phases import OwedUse
from rummy500.melds.search import _BITS, _popcount, add_card, availability
from rummy500.melds.shape import MELD_MIN, meld_limits, run_shape
from rummy500.melds.table import TableMeld
from rummy500.rules.config import RuleConfig

__all__ = [
    "fits_straight",
    "meld_through",
    "meld_through_at",
    "near_layoff_cost",
    "near_table",
    "usable_depths",
    "use_cost",
    "wild_jokers",
]

#: The plain joker's card id (:data:`~rummy500.core.cards.JOKER`) as a constant the compiled
#: build inlines.
_JOKER: Final = 52


def use_cost(
    card: int,
    avail: Sequence[int],
    table: Sequence[TableMeld],
    config: RuleConfig,
    how: OwedUse = _USE_ANY,
) -> int | None:
    """The fewest cards (``card`` included) that put ``card`` onto the table, or ``None``.

    ``avail`` must include ``card`` and every card that could go down with it. ``how`` limits
    the uses: ``OwedUse.MELD`` a new meld only, ``OwedUse.LAYOFF`` a lay-off only.
    """
    if card >= _JOKER:
        return _joker_cost(avail, table, config, how)
    s = card // 13
    rank = card - s * 13 + 1
    m = avail[s]
    jokers = avail[4]
    best: int | None = None
    if how != _USE_LAYOFF and meld_through(card, avail, config):
        if how == _USE_MELD:
            return MELD_MIN
        # A lay-off may still take fewer cards, which matters when a card must be kept.
        best = MELD_MIN
    if how == _USE_MELD:
        return None
    # Unless the card must be laid off, a lay-off of three cards or more is never cheaper than
    # a new meld, and it is possible only when one is (the card and the cards that fill the gap
    # are a run on their own): only the melds the card is near can matter.
    cost = _table_cost(card, s, rank, m, jokers, table, config, 0 if how is _USE_LAYOFF else 1)
    if cost is not None and (best is None or cost < best):
        return cost
    return best


def near_layoff_cost(
    card: int, avail: Sequence[int], table: Sequence[TableMeld], config: RuleConfig
) -> int | None:
    """The fewest cards (``card`` included, not a joker) that lay ``card`` off onto a meld of
    ``table`` it is near (see :func:`near_table`), or ``None``.

    A lay-off onto any other meld takes three cards or more, and is possible only when a new
    meld through ``card`` is: :func:`use_cost` is the smaller of this and a new meld's 3.
    """
    s = card // 13
    rank = card - s * 13 + 1
    return _table_cost(card, s, rank, avail[s], avail[4], table, config, 1)


def _table_cost(
    card: int,
    s: int,
    rank: int,
    m: int,
    jokers: int,
    table: Sequence[TableMeld],
    config: RuleConfig,
    near_only: int,
) -> int | None:
    """The fewest cards that lay ``card`` (suit ``s``, ``rank``) off onto a meld of ``table``
    (only the melds it is near when ``near_only`` is 1), or ``None``; ``m`` is its suit's
    availability mask and ``jokers`` the available jokers."""
    best: int | None = None
    near = near_only << rank
    for meld in table:
        # Cheap rejections first: most melds are of another suit (runs) or rank (sets).
        if (meld.suit != s) if meld.is_run else (meld.low != rank):
            continue
        if near and not meld.near & near:
            continue
        cost = _layoff_cost(card, s, rank, m, jokers, meld, config)
        if cost is not None and (best is None or cost < best):
            best = cost
            if cost == 1:
                break
    return best


def meld_through(card: int, avail: Sequence[int], config: RuleConfig) -> bool:
    """Whether the available cards (``card`` among them, not a joker) make a new meld with
    ``card``: a set of its rank or a run through it, wild jokers filling in."""
    s = card // 13
    return meld_through_at(
        s, card - s * 13 + 1, avail, wild_jokers(avail[4], config), run_shape(config).starts
    )


def wild_jokers(jokers: int, config: RuleConfig) -> int:
    """How many of ``jokers`` available jokers one new meld can hold as wild cards."""
    return meld_limits(config).joker_room(jokers) if jokers else 0


def meld_through_at(
    s: int, rank: int, avail: Sequence[int], wild: int, starts: Sequence[int]
) -> bool:
    """:func:`meld_through` for the card of suit ``s`` and ``rank``, with the rules read
    beforehand: ``wild`` is :func:`wild_jokers` of the available jokers and ``starts`` the
    :attr:`RunShape.starts <rummy500.melds.shape.RunShape.starts>` of the rules (a caller that asks
    about card after card reads them once)."""
    bit = 1 << rank
    # Each term is 0 or ``bit``, so the shifted sum is the number of suits holding the rank.
    suits = ((avail[0] & bit) + (avail[1] & bit) + (avail[2] & bit) + (avail[3] & bit)) >> rank
    if suits + wild >= MELD_MIN:
        return True
    m = avail[s]
    # Bit ``p`` of ``whole`` is set when positions p, p+1 and p+2 are all available; with one
    # wild joker two of the three will do, and with two or more any run through the card
    # (which is available) will.
    if not wild:
        whole = m & (m >> 1) & (m >> 2)
    elif wild == 1:
        whole = (m & (m >> 1)) | (m & (m >> 2)) | ((m >> 1) & (m >> 2))
    else:
        whole = -1
    return bool(whole & starts[rank])


def near_table(table: Sequence[TableMeld], config: RuleConfig) -> tuple[int, ...]:
    """For each suit, a mask of the ranks (bit ``rank``) of the cards that could go onto a meld
    of ``table`` with fewer than three cards: the rank of a set, and the ranks one or two
    places beyond either end of a run.

    A card of any other rank goes onto the table only together with two or more cards that
    make a run with it on their own, so :func:`meld_through` decides its fate.
    """
    near = [0, 0, 0, 0]
    sets = 0
    for meld in table:
        if meld.is_run:
            near[meld.suit] |= meld.near
        else:
            sets |= meld.near
    return (near[0] | sets, near[1] | sets, near[2] | sets, near[3] | sets)


def fits_straight(card: int, table: Sequence[TableMeld], config: RuleConfig) -> bool:
    """Whether ``card`` alone could be laid off on a meld on the table (no other card needed)."""
    if card >= _JOKER:
        return _joker_cost((0, 0, 0, 0, 1), table, config, _USE_LAYOFF) == 1
    s, r0 = divmod(card, 13)
    rank = r0 + 1
    m = _BITS[config.wrap_around][card]
    for meld in table:
        if (meld.suit != s) if meld.is_run else (meld.low != rank):
            continue
        if _layoff_cost(card, s, rank, m, 0, meld, config) == 1:
            return True
    return False


def _layoff_cost(
    card: int, s: int, rank: int, m: int, jokers: int, meld: TableMeld, config: RuleConfig
) -> int | None:
    # Runs first: they are most of the table, and a set of jokers is never one.
    if not meld.is_run:
        if meld.is_joker_set:
            return None
        if (
            meld.low == rank
            and not meld.suits & (1 << s)
            and len(meld.cards) < meld_limits(config).set_most
        ):
            return 1
        return None
    if meld.suit != s:
        return None
    budget = meld_limits(config).joker_room(jokers, meld.jokers) if jokers else 0
    best: int | None = None
    shape = run_shape(config)
    m = shape.lifted(m, 0, 0)[0]  # reach's gaps are in lifted positions
    # Each way the card reaches an end: it takes the cards of the gap, jokers filling in.
    for dist, gap in shape.reach[meld.low][meld.high][rank]:
        if dist - 1 - (m & gap).bit_count() <= budget and (best is None or dist < best):
            best = dist
    return best


def _joker_cost(
    avail: Sequence[int], table: Sequence[TableMeld], config: RuleConfig, how: OwedUse
) -> int | None:
    """The fewest cards that put a joker (one of ``avail``'s) onto the table."""
    jokers = avail[4]
    limits = meld_limits(config)
    smallest = limits.smallest
    if not limits.wild:
        if how != _USE_LAYOFF and jokers >= smallest:
            return smallest
        if how != _USE_MELD and any(
            t.is_joker_set and limits.set_room(len(t.cards)) for t in table
        ):
            return 1
        return None
    if how != _USE_MELD:
        for meld in table:
            if meld.is_joker_set or not limits.joker_room(1, meld.jokers):
                continue
            if meld.is_run:
                room = _joker_fits_run_end(meld, config)
            else:
                room = limits.set_room(len(meld.cards)) > 0
            if room:
                return 1
    if how == _USE_LAYOFF:
        return None
    wild = limits.joker_room(jokers)
    if limits.jokers_alone and wild >= smallest:
        return smallest
    need = smallest - wild  # naturals needed alongside the jokers in a smallest meld
    if need < 1:
        need = 1
    for rank in range(1, 14):
        bit = 1 << rank
        if sum(1 for s in range(4) if avail[s] & bit) >= need:
            return smallest
    for s in range(4):
        for lo, hi, mask in run_shape(config).intervals:
            if hi - lo == smallest - 1 and _popcount(avail[s] & mask) >= need:
                return smallest
    return None


def _joker_fits_run_end(meld: TableMeld, config: RuleConfig) -> bool:
    shape = run_shape(config)
    return shape.ok(meld.low - 1, meld.high) or shape.ok(meld.low, meld.high + 1)


#: :func:`near_table`'s answer for a table no card is near: where a taken card must go into
#: a new meld.
_NOWHERE: Final = (0, 0, 0, 0)
#: Each standard card id's suit and rank, read in one step where the pile is walked.
_SUIT_RANK: Final = tuple((c // 13, c % 13 + 1) for c in range(_JOKER))


def usable_depths(
    hand: Sequence[int],
    pile: Sequence[int],
    table: Sequence[TableMeld],
    config: RuleConfig,
    how: OwedUse,
    room: int,
    keep_top: bool,
    deepest: int,
) -> list[int]:
    """How many cards each take from the top of ``pile`` takes whose deepest card can go down
    this turn (a new meld or, as ``how`` allows, a lay-off), from the top down to ``deepest``
    cards, for a player holding ``hand``.

    ``room`` is how many hand cards may help the deepest card down besides the cards taken
    (the legality of takes works it out); ``keep_top`` lists the lone top card first, as a
    card that may be taken and kept.
    """
    avail = availability(hand, config)
    # Most pile cards are far from every table meld: for those only a new meld counts.
    near = near_table(table, config) if how is _USE_ANY else _NOWHERE
    shape = run_shape(config)
    bits, starts = shape.bits, shape.starts
    wild = wild_jokers(avail[4], config)
    out: list[int] = []
    n = len(pile)
    below = n - deepest  # the pile cards below the deepest take asked about
    if keep_top and deepest:
        add_card(avail, pile[-1], config)
        wild = wild_jokers(avail[4], config)
        out.append(1)
        n -= 1
    # Walk down from the top: each card joins the cards that a take from there brings along.
    # This runs at every draw, over the whole pile: the loop adds each card to the
    # availability list itself (as :func:`add_card` does) and, when no joker is wild, asks
    # :func:`meld_through_at`'s question itself, for less than the call. A card's cost
    # (:func:`use_cost`) is the smaller of a new meld's and its cheapest lay-off's, which only
    # a meld it is near can make smaller: the meld is asked about first. ``k`` cards from the
    # top, the deepest is ``pile[top - k]``; ``short`` is the fewest that leave the cards for
    # the smallest new meld.
    top = len(pile)
    short = MELD_MIN - room
    for k in range(top - n + 1, top - below + 1):
        # A plain int: compiled, its arithmetic is native (a Card is an int subclass).
        card: int = pile[top - k]
        if card >= _JOKER:
            avail[4] += 1
            wild = wild_jokers(avail[4], config)
            cost = use_cost(card, avail, table, config, how)
            if cost is not None and cost <= room + k:
                out.append(k)
            continue
        suit, rank = _SUIT_RANK[card]
        m = avail[suit] | bits[card]
        avail[suit] = m
        if k >= short:
            if wild:
                if meld_through_at(suit, rank, avail, wild, starts):
                    out.append(k)
                    continue
            elif m & m >> 1 & m >> 2 & starts[rank]:
                out.append(k)
                continue
            else:
                bit = 1 << rank
                if (avail[0] & bit) + (avail[1] & bit) + (avail[2] & bit) + (
                    avail[3] & bit
                ) >= MELD_MIN << rank:
                    out.append(k)
                    continue
        if near[suit] >> rank & 1:
            cost = near_layoff_cost(card, avail, table, config)
            if cost is not None and cost <= room + k:
                out.append(k)
    return out
