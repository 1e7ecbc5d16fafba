"""What makes a meld, how a meld on the table grows, and fast meld search.

Sets and runs
    A *set* is 3 or 4 cards of one rank, all of different suits (also with two decks). A *run*
    is 3 or more cards of one suit in sequence. By default the ace is low (A-2-3) or high
    (Q-K-A), never both in one run, and a run never goes round the corner (K-A-2); the rule
    config may make aces high only, or let runs wrap round (J-Q-K-A-2, each rank at most once).
    Wild jokers stand for a named card; jokers that are not wild make sets of jokers only.

Positions
    A card's place in a run is its *position*: 1 for a low ace, 2-13 for the ranks 2 to king,
    14 for a high ace. With wrap-around runs, positions go on past 14 (15 is a 2 after the ace,
    and so on), and a run starts at a position from 1 to 13. A run covers ``low`` to ``high``.

Availability
    The search works on an *availability* list: four per-suit bit masks of positions (bit ``p``
    set when a card of that suit at position ``p`` is available; an ace sets bits 1 and 14, and
    with wrap-around every card also sets ``rank + 13``), then the number of jokers. "Is there a
    meld through this card?" is then a handful of integer operations. The same predicates serve
    the legal-move generator and the move checker, so the two cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations
from typing import Final

import attrs

from rummy500.cards import ACE, CARDS, JOKER, JOKER_AS, Card, face_of
from rummy500.rules import AceRule, CardValues, RuleConfig

__all__ = [
    "HIGH_ACE",
    "USE_ANY",
    "USE_LAYOFF",
    "USE_MELD",
    "TableMeld",
    "availability",
    "canonical_meld",
    "fits_straight",
    "join_run",
    "layoff_error",
    "layoffs",
    "meld_error",
    "new_melds",
    "use_cost",
]

#: The position of an ace at the high end of a run (Q-K-A).
HIGH_ACE: Final = 14
_JOKER: Final = 52

#: How the card owed this turn must be used: in a meld or a lay-off, a new meld, a lay-off.
USE_ANY: Final = 0
USE_MELD: Final = 1
USE_LAYOFF: Final = 2


def _rank_at(position: int) -> int:
    return (position - 1) % 13 + 1


def _card_at(suit: int, position: int) -> Card:
    return CARDS[suit * 13 + (position - 1) % 13]


def _card_bits(card: int, wrap: bool) -> int:
    rank = card % 13 + 1
    bits = 1 << rank
    if rank == ACE:
        bits |= 1 << HIGH_ACE
    if wrap:
        bits |= 1 << (rank + 13)
    return bits


_BITS: Final = (
    tuple(_card_bits(c, False) for c in range(52)),
    tuple(_card_bits(c, True) for c in range(52)),
)


def availability(cards: Iterable[int], config: RuleConfig) -> list[int]:
    """The availability list of ``cards`` (hand cards: a joker is the plain joker)."""
    bits = _BITS[config.wrap_around]
    avail = [0, 0, 0, 0, 0]
    for c in cards:
        if c >= _JOKER:
            avail[4] += 1
        else:
            avail[c // 13] |= bits[c]
    return avail


def add_card(avail: list[int], card: int, config: RuleConfig) -> None:
    """Add one (hand) card to an availability list in place."""
    if card >= _JOKER:
        avail[4] += 1
    else:
        avail[card // 13] |= _BITS[config.wrap_around][card]


def _span(low: int, high: int) -> int:
    """A mask with positions ``low`` to ``high`` set."""
    return ((1 << (high - low + 1)) - 1) << low


@cache
def _run_shapes(wrap: bool, high_only: bool) -> tuple[int, int, int]:
    """(lowest start, highest start, highest end) of a run under these rules."""
    if wrap:
        return 1, 13, 25
    return (2 if high_only else 1), 12, HIGH_ACE


def run_ok(low: int, high: int, config: RuleConfig) -> bool:
    """Whether a run may cover positions ``low`` to ``high`` (3 cards or more)."""
    if high - low < 2:
        return False
    if config.wrap_around:
        return 1 <= low <= 13 and high - low <= 12
    if low < (2 if config.aces is AceRule.HIGH_ONLY else 1) or high > HIGH_ACE:
        return False
    return not (low == 1 and high == HIGH_ACE)


@cache
def _intervals(wrap: bool, high_only: bool) -> tuple[tuple[int, int, int], ...]:
    """Every run interval the rules allow, as (low, high, mask), by low then high."""
    first, last, top = _run_shapes(wrap, high_only)
    out = []
    for lo in range(first, last + 1):
        for hi in range(lo + 2, top + 1):
            if wrap and hi - lo > 12:
                break
            if not wrap and lo == 1 and hi == HIGH_ACE:
                continue
            out.append((lo, hi, _span(lo, hi)))
    return tuple(out)


@cache
def _windows(wrap: bool, high_only: bool) -> tuple[tuple[int, ...], ...]:
    """For each position, the masks of the 3-card runs through it that the rules allow."""
    out: list[list[int]] = [[] for _ in range(28)]
    for lo, hi, span in _intervals(wrap, high_only):
        if hi - lo == 2:
            for p in range(lo, hi + 1):
                out[p].append(span)
    return tuple(tuple(w) for w in out)


_RANK_BITS: Final = _span(1, 13)


def _ranks_with(avail: Sequence[int], need: int) -> int:
    """A mask of the ranks (bits 1-13) that at least ``need`` suits hold."""
    a, b, c, d = (m & _RANK_BITS for m in avail[:4])
    if need <= 1:
        return a | b | c | d
    if need == 2:
        return (a & (b | c | d)) | (b & (c | d)) | (c & d)
    if need == 3:
        return (a & b & (c | d)) | (c & d & (a | b))
    return a & b & c & d


# -- table melds ---------------------------------------------------------------------------


@attrs.frozen
class TableMeld:
    """A meld on the table: its cards in order and the player who put each card there.

    Cards of a run are in position order (low to high); cards of a set are in suit order. A
    joker on the table is the card it stands for (``JK=6S``); a set of jokers that are not wild
    holds plain jokers. ``low`` and ``high`` are the run's end positions (for a set, both are
    its rank, 0 for a set of jokers). ``doubled`` marks a set of four melded at once where that
    scores double. Cards laid off on a meld score for the player who laid them, so each card
    keeps its owner.
    """

    cards: tuple[Card, ...]
    owners: tuple[int, ...]
    is_run: bool
    low: int
    high: int
    doubled: bool = False
    #: Derived once, for speed: the suits the meld holds (a mask), the suit of its first card
    #: (a run's suit) and the jokers it holds.
    suits: int = attrs.field(init=False, eq=False, repr=False)
    suit: int = attrs.field(init=False, eq=False, repr=False)
    jokers: int = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        suits = 0
        jokers = 0
        for c in self.cards:
            if c >= _JOKER:
                jokers += 1
            if c != _JOKER:
                suits |= 1 << (face_of(c) // 13)
        object.__setattr__(self, "suits", suits)
        object.__setattr__(self, "suit", max(face_of(self.cards[0]), 0) // 13)
        object.__setattr__(self, "jokers", jokers)

    @property
    def rank(self) -> int:
        """The rank of a set (0 for a set of jokers; meaningless for a run)."""
        return self.low if not self.is_run else 0

    @property
    def is_joker_set(self) -> bool:
        """Whether this is a set of jokers that are not wild."""
        return self.cards[0] == _JOKER

    def card_points(self, values: CardValues) -> tuple[int, ...]:
        """The points each card scores, in order (an ace at an end of a run scores as such)."""
        n = len(self.cards)
        factor = 2 if self.doubled else 1
        pts = []
        for i, c in enumerate(self.cards):
            end = 0
            if self.is_run and c < _JOKER and c % 13 == 0:
                end = -1 if i == 0 else 1 if i == n - 1 else 0
            pts.append(values.points(c, end=end) * factor)
        return tuple(pts)

    @classmethod
    def new(cls, cards: Sequence[int], owner: int, *, doubled: bool = False) -> TableMeld:
        """The table meld made by laying down ``cards`` (a valid meld in canonical order)."""
        cs = tuple(CARDS[c] for c in cards)
        owners = (owner,) * len(cs)
        if cs[0] == _JOKER:
            return cls(cs, owners, False, 0, 0, doubled)
        f0, f1 = face_of(cs[0]), face_of(cs[1])
        if f0 % 13 == f1 % 13:
            r = f0 % 13 + 1
            return cls(cs, owners, False, r, r, doubled)
        low = f0 % 13 + 1
        return cls(cs, owners, True, low, low + len(cs) - 1)

    def extended(self, placement: tuple[int, int], cards: Sequence[int], owner: int) -> TableMeld:
        """This meld with ``cards`` laid off by ``owner``: ``placement`` is (below, above)."""
        if not self.is_run:
            merged = sorted(
                [*zip(self.cards, self.owners, strict=True), *((CARDS[c], owner) for c in cards)],
                key=lambda co: (face_of(co[0]), co[0], co[1]),
            )
            return TableMeld(
                tuple(c for c, _ in merged),
                tuple(o for _, o in merged),
                False,
                self.low,
                self.high,
                self.doubled,
            )
        below, above = placement
        low, high = self.low - below, self.high + above
        if low < 1:  # a wrap-around run keeps its start from 1 to 13
            low, high = low + 13, high + 13
        by_rank = {face_of(c) % 13: CARDS[c] for c in cards}
        new_below = tuple(by_rank[(p - 1) % 13] for p in range(low, low + below))
        new_above = tuple(by_rank[(p - 1) % 13] for p in range(high - above + 1, high + 1))
        return TableMeld(
            (*new_below, *self.cards, *new_above),
            (owner,) * below + self.owners + (owner,) * above,
            True,
            low,
            high,
        )


def _ranks_of(low: int, high: int) -> list[int]:
    return sorted(_rank_at(p) for p in range(low, high + 1))


def placements(meld: TableMeld, cards: Sequence[int], config: RuleConfig) -> list[tuple[int, int]]:
    """Every way (below, above) the run ``meld`` can take all of ``cards`` at its two ends."""
    n = len(cards)
    ranks = sorted(face_of(c) % 13 + 1 for c in cards)
    out = []
    for below in range(n + 1):
        above = n - below
        lo, hi = meld.low - below, meld.high + above
        if config.wrap_around and lo < 1:
            lo, hi = lo + 13, hi + 13
        if not run_ok(lo, hi, config):
            continue
        want = _ranks_of(lo, lo + below - 1) + _ranks_of(hi - above + 1, hi)
        if sorted(want) == ranks:
            out.append((below, above))
    return out


def join_run(table: Sequence[TableMeld], new: TableMeld, config: RuleConfig) -> int | None:
    """The index of a table run that ``new`` continues (and may be joined to), or ``None``.

    A new run joins a run of its suit that ends just below it or starts just above it, when
    the two together still make a valid run (within the joker limit).
    """
    if not new.is_run:
        return None
    for i, meld in enumerate(table):
        if not meld.is_run or meld.suit != new.suit:
            continue
        if meld.jokers + new.jokers > config.max_jokers_per_meld:
            continue
        if _joined_span(meld, new, config) is not None:
            return i
    return None


def _joined_span(a: TableMeld, b: TableMeld, config: RuleConfig) -> tuple[int, int] | None:
    """The positions of ``a`` and ``b`` run together, ``b`` just after or before ``a``."""
    n = (a.high - a.low + 1) + (b.high - b.low + 1)
    wrap = config.wrap_around
    for first, second in ((a, b), (b, a)):
        # second must start just above first ends (mod 13 with wrap-around).
        gap = second.low - first.high - 1
        if gap == 0 or (wrap and gap % 13 == 0):
            lo = first.low
            if run_ok(lo, lo + n - 1, config):
                return lo, lo + n - 1
    return None


def joined(a: TableMeld, b: TableMeld, config: RuleConfig) -> TableMeld:
    """The run made by joining run ``b`` to the run ``a`` it continues."""
    span = _joined_span(a, b, config)
    assert span is not None
    first, second = (a, b) if span[0] == a.low else (b, a)
    return TableMeld(
        first.cards + second.cards, first.owners + second.owners, True, span[0], span[1]
    )


# -- checking a meld or a lay-off ---------------------------------------------------------


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
    if _runs_on(faces):
        return cs
    ordered = sorted(cs, key=lambda c: (face_of(c), c))
    for i in range(len(ordered)):
        turned = ordered[i:] + ordered[:i]
        if _runs_on([face_of(c) for c in turned]):
            return tuple(turned)
    return tuple(ordered)


def _runs_on(faces: Sequence[int]) -> bool:
    """Whether same-suit faces, in this order, each follow the one before (K then A allowed)."""
    return all((faces[i] - faces[i - 1]) % 13 == 1 for i in range(1, len(faces)))


def meld_error(cards: Sequence[int], config: RuleConfig) -> str | None:
    """Why ``cards`` (in canonical order) are not a valid new meld, or ``None`` if they are."""
    n = len(cards)
    if n < 3:
        return f"a meld needs at least 3 cards, not {n}"
    problem = _joker_problem(cards, config, 0, new_meld=True)
    if problem is not None:
        return problem
    if cards[0] == _JOKER:
        return None if n <= 4 else f"a set holds at most 4 cards, not {n}"
    faces = [face_of(c) for c in cards]
    if len({f % 13 for f in faces}) == 1:
        if n > 4:
            return f"a set holds at most 4 cards, not {n}"
        if len({f // 13 for f in faces}) != n:
            return "the cards of a set must all be of different suits (even with two decks)"
        return None
    if len({f // 13 for f in faces}) != 1:
        return "a run must be all one suit, and a set all one rank"
    if len({f % 13 for f in faces}) != n:
        return "a run cannot hold the same rank twice"
    if not _runs_on(faces):
        return "the cards of a run must be consecutive"
    low = faces[0] % 13 + 1
    if run_ok(low, low + n - 1, config):
        return None
    if config.aces is AceRule.HIGH_ONLY and low == 1:
        return "an ace is only high in a run under these rules (Q-K-A, not A-2-3)"
    return "a run cannot go round the corner (K-A-2): the ace is low or high, not both"


def _joker_problem(
    cards: Sequence[int], config: RuleConfig, already: int, *, new_meld: bool
) -> str | None:
    plain = sum(1 for c in cards if c == _JOKER)
    wild = sum(1 for c in cards if c > _JOKER)
    if not plain and not wild:
        return None
    if not config.jokers_per_deck:
        return "this game is played without jokers"
    if plain:
        if config.jokers_wild:
            return "a wild joker must say which card it stands for, as in JK=6S"
        # A lay-off reaches here only for a meld that is not a set of jokers.
        if plain != len(cards) or not new_meld:
            return "jokers that are not wild make sets of jokers only"
        return None
    if not config.jokers_wild:
        return "jokers are not wild under these rules: they make sets of jokers only"
    if wild + already > config.max_jokers_per_meld:
        limit = config.max_jokers_per_meld
        return f"a meld may hold at most {limit} joker{'s' if limit > 1 else ''}"
    # Only a new meld can be all jokers: a lay-off joins cards already on the table.
    if new_meld and wild == len(cards) and not config.joker_only_melds:
        return "a meld cannot be made of jokers only"
    return None


def layoff_error(
    meld: TableMeld, cards: Sequence[int], config: RuleConfig, *, high: bool
) -> str | None:
    """Why ``cards`` cannot be laid off on ``meld`` together, or ``None`` if they can.

    ``high`` asks for the top end of a run when the cards could go at either end.
    """
    if not cards:
        return "a lay-off needs at least one card"
    if meld.is_joker_set:
        if any(c != _JOKER for c in cards):
            return "only jokers can be laid off on a set of jokers"
        if len(meld.cards) + len(cards) > 4:
            return "a set holds at most 4 cards"
        return "'high' applies only to a run" if high else None
    problem = _joker_problem(cards, config, meld.jokers, new_meld=False)
    if problem is not None:
        return problem
    faces = [face_of(c) for c in cards]
    if not meld.is_run:
        if high:
            return "'high' applies only to a run"
        if any(f % 13 + 1 != meld.low for f in faces):
            return "every card laid off on a set must be of the set's rank"
        if len(meld.cards) + len(cards) > 4:
            return "a set holds at most 4 cards"
        suits = meld.suits
        for f in faces:
            bit = 1 << (f // 13)
            if suits & bit:
                return "a set cannot hold two cards of the same suit"
            suits |= bit
        return None
    if any(f // 13 != meld.suit for f in faces):
        return "every card laid off on a run must be of the run's suit"
    options = placements(meld, cards, config)
    if not options:
        return "the cards must extend the run at its ends, with no gap and within its limits"
    if high and len(options) == 1:
        return "'high' is only for cards that could go at either end of the run"
    return None


# -- searching -----------------------------------------------------------------------------


def _popcount(x: int) -> int:
    return x.bit_count()


def new_melds(avail: Sequence[int], config: RuleConfig) -> list[tuple[Card, ...]]:
    """Every distinct new meld the available cards can make, in canonical order.

    Sets of jokers come first, then sets (by rank), then runs (by suit, low end, length).
    """
    out: list[tuple[Card, ...]] = []
    jokers = avail[4]
    wild = 0
    if jokers:
        if config.jokers_wild:
            wild = min(jokers, config.max_jokers_per_meld)
        elif jokers >= 3:
            out.extend((JOKER,) * size for size in range(3, min(jokers, 4) + 1))
    _sets(avail, wild, config.joker_only_melds, out)
    if wild:
        _wild_runs(avail, wild, config, out)
    else:
        _runs(avail, config, out)
    return out


def _sets(avail: Sequence[int], wild: int, joker_only: bool, out: list[tuple[Card, ...]]) -> None:
    need = 3 - wild
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
                for size in (3, 4)
                for combo in combinations(naturals, size)
            )
            continue
        for size in (3, 4):
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
    first, last, top = _run_shapes(config.wrap_around, config.aces is AceRule.HIGH_ONLY)
    wrap = config.wrap_around
    for s in range(4):
        m = avail[s]
        if not m & (m >> 1) & (m >> 2):
            continue
        p = first
        while p <= top:
            if not m >> p & 1:
                p += 1
                continue
            x = m >> p
            end = p + (x ^ (x + 1)).bit_length() - 2
            end = min(end, top)
            for lo in range(p, min(end - 1, last + 1)):
                for hi in range(lo + 2, end + 1):
                    if wrap:
                        if hi - lo > 12:
                            break
                    elif lo == 1 and hi == HIGH_ACE:
                        continue
                    out.append(tuple(_card_at(s, q) for q in range(lo, hi + 1)))
            p = end + 1


def _wild_runs(
    avail: Sequence[int], wild: int, config: RuleConfig, out: list[tuple[Card, ...]]
) -> None:
    joker_only = config.joker_only_melds
    intervals = _intervals(config.wrap_around, config.aces is AceRule.HIGH_ONLY)
    for s in range(4):
        m = avail[s]
        if not m and not joker_only:
            continue
        for lo, hi, span in intervals:
            present = m & span
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
                            _card_at(s, q)
                            if present >> q & 1 and q not in as_joker
                            else JOKER_AS[s * 13 + (q - 1) % 13]
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
    if meld.is_joker_set:
        return [((JOKER,), False)] if jokers and len(meld.cards) < 4 else []
    budget = 0
    if jokers and config.jokers_wild:
        budget = min(jokers, config.max_jokers_per_meld - meld.jokers)
    if not meld.is_run:
        if len(meld.cards) >= 4:
            return []
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
    return _run_layoffs(meld, avail[meld.suit], budget, config)


def _extensions(
    m: int, suit: int, start: int, step: int, room: int, budget: int
) -> list[tuple[tuple[Card, ...], int]]:
    """Ways to extend a run from ``start`` in direction ``step``: (cards, jokers used)."""
    out: list[tuple[tuple[Card, ...], int]] = [((), 0)]
    frontier: list[tuple[tuple[Card, ...], int]] = [((), 0)]
    for depth in range(room):
        p = start + step * depth
        nxt: list[tuple[tuple[Card, ...], int]] = []
        for cards, used in frontier:
            if m >> p & 1:
                nxt.append(((*cards, _card_at(suit, p)), used))
            if used < budget:
                nxt.append(((*cards, JOKER_AS[suit * 13 + (p - 1) % 13]), used + 1))
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
    suit: int, low: int, high: int, m: int, config: RuleConfig
) -> list[tuple[tuple[Card, ...], bool]]:
    """Lay-offs on a run without jokers: unbroken chains of cards below and above it."""
    if config.wrap_around:
        room = 13 - (high - low + 1)
        if low <= 13:  # positions below 1 are the same cards 13 higher
            m |= m << 13
            low, high = low + 13, high + 13
        down = min(_ones_below(m, low), room)
        up = min(_ones_above(m, high), room)
    else:
        room = 13
        down = min(
            _ones_below(m, low), low - _run_shapes(False, config.aces is AceRule.HIGH_ONLY)[0]
        )
        up = min(_ones_above(m, high), HIGH_ACE - high)
    if not down and not up:
        return []
    below = [_card_at(suit, low - k) for k in range(1, down + 1)]
    above = [_card_at(suit, high + k) for k in range(1, up + 1)]
    found: dict[tuple[Card, ...], int] = {}
    for a in range(down + 1):
        for b in range(min(up, room - a) + 1):
            if (a or b) and not (low - a == 1 and high + b == HIGH_ACE):
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
    first, _last, top = _run_shapes(config.wrap_around, config.aces is AceRule.HIGH_ONLY)
    low, high = meld.low, meld.high
    suit = meld.suit
    if not budget:
        return _plain_run_layoffs(suit, low, high, m, config)
    if config.wrap_around:
        room = 13 - (high - low + 1)
        if low <= 13:  # positions below 1 are the same cards 13 higher
            m |= m << 13
            low, high = low + 13, high + 13
        down = ups = room
    else:
        down, ups = low - first, top - high
    below = _extensions(m, suit, low - 1, -1, down, budget)
    above = _extensions(m, suit, high + 1, 1, ups, budget)
    found: dict[tuple[Card, ...], int] = {}
    for bcards, bused in below:
        for acards, aused in above:
            if (not bcards and not acards) or bused + aused > budget:
                continue
            lo, hi = low - len(bcards), high + len(acards)
            if config.wrap_around:
                if hi - lo > 12:
                    continue
            elif lo == 1 and hi == HIGH_ACE:
                continue
            key = tuple(sorted((*bcards, *acards)))
            found[key] = found.get(key, 0) + 1
    return _with_high(found)


def use_cost(
    card: int,
    avail: Sequence[int],
    table: Sequence[TableMeld],
    config: RuleConfig,
    how: int = USE_ANY,
) -> int | None:
    """The fewest cards (``card`` included) that put ``card`` onto the table, or ``None``.

    ``avail`` must include ``card`` and every card that could go down with it. ``how`` limits
    the uses: :data:`USE_MELD` a new meld only, :data:`USE_LAYOFF` a lay-off only.
    """
    if card >= _JOKER:
        return _joker_cost(avail, table, config, how)
    s, r0 = divmod(card, 13)
    rank = r0 + 1
    m = avail[s]
    jokers = avail[4]
    wild = min(jokers, config.max_jokers_per_meld) if config.jokers_wild else 0
    best: int | None = None
    if how != USE_LAYOFF:
        bit = 1 << rank
        # Each term is 0 or ``bit``, so the shifted sum is the number of suits holding the rank.
        suits = ((avail[0] & bit) + (avail[1] & bit) + (avail[2] & bit) + (avail[3] & bit)) >> rank
        windows = _windows(config.wrap_around, config.aces is AceRule.HIGH_ONLY)
        if suits + wild >= 3 or any(
            (m & w) == w or (wild and 3 - _popcount(m & w) <= wild)
            for p in _positions(rank, config)
            for w in windows[p]
        ):
            if how == USE_MELD:
                return 3
            # A lay-off may still take fewer cards, which matters when a card must be kept.
            best = 3
    if how == USE_MELD:
        return None
    for meld in table:
        # Cheap rejections first: most melds are of another suit (runs) or rank (sets).
        if (meld.suit != s) if meld.is_run else (meld.low != rank):
            continue
        cost = _layoff_cost(card, s, rank, m, jokers, meld, config)
        if cost is not None and (best is None or cost < best):
            best = cost
            if cost == 1:
                break
    return best


def fits_straight(card: int, table: Sequence[TableMeld], config: RuleConfig) -> bool:
    """Whether ``card`` alone could be laid off on a meld on the table (no other card needed)."""
    if card >= _JOKER:
        return _joker_cost((0, 0, 0, 0, 1), table, config, USE_LAYOFF) == 1
    s, r0 = divmod(card, 13)
    rank = r0 + 1
    m = _BITS[config.wrap_around][card]
    for meld in table:
        if (meld.suit != s) if meld.is_run else (meld.low != rank):
            continue
        if _layoff_cost(card, s, rank, m, 0, meld, config) == 1:
            return True
    return False


def _positions(rank: int, config: RuleConfig) -> tuple[int, ...]:
    if config.wrap_around:
        return (rank, rank + 13)
    if rank == ACE:
        return (HIGH_ACE,) if config.aces is AceRule.HIGH_ONLY else (1, HIGH_ACE)
    return (rank,)


def _layoff_cost(
    card: int, s: int, rank: int, m: int, jokers: int, meld: TableMeld, config: RuleConfig
) -> int | None:
    if meld.is_joker_set:
        return None
    if not meld.is_run:
        if meld.low == rank and len(meld.cards) < 4 and not meld.suits & (1 << s):
            return 1
        return None
    if meld.suit != s:
        return None
    budget = 0
    if config.jokers_wild:
        budget = max(0, min(jokers, config.max_jokers_per_meld - meld.jokers))
    low, high = meld.low, meld.high
    best: int | None = None
    if config.wrap_around:
        m |= m << 13
        room = 13 - (high - low + 1)
        # The nearest place for this rank below the run, and above it (mod 13).
        below = (low - rank) % 13 or 13
        above = (rank - high) % 13 or 13
        for dist, gap_lo in ((below, low - below + 1), (above, high + 1)):
            if dist > room:
                continue
            gap = dist - 1
            gap_mask = _span(gap_lo + 13, gap_lo + 13 + gap - 1) if gap else 0
            if gap - _popcount(m & gap_mask) <= budget and (best is None or dist < best):
                best = dist
        return best
    for p in _positions(rank, config):
        # Positions 1-14 only, and never an ace at both ends (_positions knows high-only aces).
        if p < low:
            if p == 1 and high == HIGH_ACE:
                continue
            gap_lo, gap_hi = p + 1, low - 1
        elif p > high:
            if p == HIGH_ACE and low == 1:
                continue
            gap_lo, gap_hi = high + 1, p - 1
        else:
            continue
        gap = gap_hi - gap_lo + 1
        missing = gap - _popcount(m & _span(gap_lo, gap_hi)) if gap > 0 else 0
        if missing <= budget and (best is None or gap + 1 < best):
            best = gap + 1
    return best


def _joker_cost(
    avail: Sequence[int], table: Sequence[TableMeld], config: RuleConfig, how: int
) -> int | None:
    """The fewest cards that put a joker (one of ``avail``'s) onto the table."""
    jokers = avail[4]
    if not config.jokers_wild:
        if how != USE_LAYOFF and jokers >= 3:
            return 3
        if how != USE_MELD and any(t.is_joker_set and len(t.cards) < 4 for t in table):
            return 1
        return None
    limit = config.max_jokers_per_meld
    if how != USE_MELD:
        for meld in table:
            if meld.is_joker_set or meld.jokers >= limit:
                continue
            room = _joker_fits_run_end(meld, config) if meld.is_run else len(meld.cards) < 4
            if room:
                return 1
    if how == USE_LAYOFF:
        return None
    wild = min(jokers, limit)
    if config.joker_only_melds and wild >= 3:
        return 3
    need = 3 - wild  # naturals needed alongside the jokers in a 3-card meld
    if need < 1:
        need = 1
    for rank in range(1, 14):
        bit = 1 << rank
        if sum(1 for s in range(4) if avail[s] & bit) >= need:
            return 3
    for s in range(4):
        for lo, _hi, span in _intervals(config.wrap_around, config.aces is AceRule.HIGH_ONLY):
            if _hi - lo == 2 and _popcount(avail[s] & span) >= need:
                return 3
    return None


def _joker_fits_run_end(meld: TableMeld, config: RuleConfig) -> bool:
    if config.wrap_around:
        return meld.high - meld.low < 12
    return run_ok(meld.low - 1, meld.high, config) or run_ok(meld.low, meld.high + 1, config)
