"""What makes a meld, how a meld on the table grows, and fast meld search.

Sets and runs
    A *set* is 3 or 4 cards of one rank, all of different suits (also with two decks). A *run*
    is 3 or more cards of one suit in sequence. The ace is low (A-2-3) or high (Q-K-A), never
    both in one run, and a run never goes round the corner (K-A-2).

Positions
    A card's place in a run is its *position*: 1 for a low ace, 2-13 for the ranks 2 to king,
    14 for a high ace. A run covers the positions ``low`` to ``high``.

Masks
    The search works on per-suit bit masks of positions (bit ``p`` set when a card of that suit
    at position ``p`` is available; an ace sets bits 1 and 14), which makes "is there a meld
    through this card?" a handful of integer operations. The same predicates serve the
    legal-move generator and the move checker, so the two cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Final

import attrs

from rummy500.cards import ACE, CARDS, Card
from rummy500.rules import CardValues

__all__ = [
    "HIGH_ACE",
    "TableMeld",
    "can_use",
    "canonical_meld",
    "layoff_error",
    "meld_error",
    "new_melds",
    "run_layoffs",
    "set_layoffs",
    "suit_masks",
]

#: The position of an ace at the high end of a run (Q-K-A).
HIGH_ACE: Final = 14


def _position_card(suit: int, position: int) -> Card:
    return CARDS[suit * 13 + (0 if position == HIGH_ACE else position - 1)]


def suit_masks(cards: Iterable[int]) -> list[int]:
    """Per-suit masks of the positions the cards cover (an ace sets bits 1 and 14)."""
    masks = [0, 0, 0, 0]
    for c in cards:
        s, r = divmod(c, 13)
        masks[s] |= (1 << (r + 1)) | (1 << HIGH_ACE if r == 0 else 0)
    return masks


def _ones_below(mask: int, position: int) -> int:
    """How many consecutive positions directly below ``position`` are set in ``mask``."""
    zeros = ~mask & ((1 << position) - 1)  # bit 0 is never set, so zeros is never 0
    return position - zeros.bit_length()


def _ones_above(mask: int, position: int) -> int:
    """How many consecutive positions directly above ``position`` are set in ``mask``."""
    x = mask >> (position + 1)
    return (x ^ (x + 1)).bit_length() - 1


def _bits(low: int, high: int) -> int:
    """A mask with positions ``low`` to ``high`` set."""
    return ((1 << (high - low + 1)) - 1) << low


@attrs.frozen
class TableMeld:
    """A meld on the table: its cards in order and the player who put each card there.

    Cards of a run are in position order (low to high); cards of a set are in suit order.
    ``low`` and ``high`` are the run's end positions (for a set, both are its rank), and
    ``suits`` is a bit mask of the suits a set holds. Cards laid off on a meld score for the
    player who laid them, so each card keeps its owner.
    """

    cards: tuple[Card, ...]
    owners: tuple[int, ...]
    is_run: bool
    low: int
    high: int

    @property
    def suit(self) -> int:
        """The suit of a run (meaningless for a set)."""
        return self.cards[0] // 13

    @property
    def rank(self) -> int:
        """The rank of a set (meaningless for a run)."""
        return self.cards[0] % 13 + 1

    @property
    def suits(self) -> int:
        """A bit mask of the suits in the meld."""
        m = 0
        for c in self.cards:
            m |= 1 << (c // 13)
        return m

    def card_points(self, values: CardValues) -> tuple[int, ...]:
        """The points each card scores, in order (a low ace at the start of a run is low)."""
        pts = []
        for i, c in enumerate(self.cards):
            low = self.is_run and i == 0 and self.low == 1
            pts.append(values.points(c, low_ace=low))
        return tuple(pts)

    def points_by_owner(self, values: CardValues, players: int) -> list[int]:
        """The points this meld scores for each player."""
        totals = [0] * players
        for owner, pts in zip(self.owners, self.card_points(values), strict=True):
            totals[owner] += pts
        return totals

    @classmethod
    def new(cls, cards: Sequence[int], owner: int) -> TableMeld:
        """The table meld made by laying down ``cards`` (a valid meld in canonical order)."""
        cs = tuple(CARDS[c] for c in cards)
        owners = (owner,) * len(cs)
        if cs[0] % 13 == cs[1] % 13:
            r = cs[0] % 13 + 1
            return cls(cs, owners, False, r, r)
        low = _card_position(cs[0], first=True)
        return cls(cs, owners, True, low, low + len(cs) - 1)

    def extended(self, cards: Sequence[int], owner: int, *, high_ace: bool) -> TableMeld:
        """This meld with ``cards`` laid off on it by ``owner`` (already checked to fit)."""
        if not self.is_run:
            merged = sorted(
                [*zip(self.cards, self.owners, strict=True), *((CARDS[c], owner) for c in cards)]
            )
            return TableMeld(
                tuple(c for c, _ in merged),
                tuple(o for _, o in merged),
                False,
                self.low,
                self.high,
            )
        below: list[Card] = []
        above: list[Card] = []
        for c in cards:
            p = _layoff_position(c, high_ace=high_ace)
            (below if p < self.low else above).append(CARDS[c])
        below.sort(key=lambda c: _layoff_position(c, high_ace=high_ace))
        above.sort(key=lambda c: _layoff_position(c, high_ace=high_ace))
        return TableMeld(
            (*below, *self.cards, *above),
            (owner,) * len(below) + self.owners + (owner,) * len(above),
            True,
            self.low - len(below),
            self.high + len(above),
        )


def _card_position(card: int, *, first: bool) -> int:
    """The position of a run's first (or last) card: an ace is 1 first and 14 last."""
    r = card % 13 + 1
    if r == ACE:
        return 1 if first else HIGH_ACE
    return r


def _layoff_position(card: int, *, high_ace: bool) -> int:
    r = card % 13 + 1
    if r == ACE:
        return HIGH_ACE if high_ace else 1
    return r


def canonical_meld(cards: Sequence[int]) -> tuple[Card, ...]:
    """Put a meld's cards in their canonical order: a set by suit, a run by position.

    A run keeps an order the caller gave if it is already a valid run order (so
    ``2..K, A`` stays an ace-high run); otherwise the cards are sorted by rank, with an ace
    moved to the top when that makes a run (Q-K-A). Cards that form no meld are only sorted.
    """
    cs = tuple(CARDS[c] for c in cards)
    if len(cs) >= 2 and all(c // 13 == cs[0] // 13 for c in cs):
        if _run_order_ok(cs):
            return cs
        ordered = tuple(sorted(cs))
        if ordered[0] % 13 == 0 and not _run_order_ok(ordered):
            rotated = (*ordered[1:], ordered[0])
            if _run_order_ok(rotated):
                return rotated
        return ordered
    return tuple(sorted(cs))


def _run_order_ok(cs: Sequence[int]) -> bool:
    """Whether same-suit cards, in this order, are consecutive positions of a run."""
    n = len(cs)
    first = _card_position(cs[0], first=True)
    for i in range(1, n):
        want = first + i
        if want > HIGH_ACE:
            return False
        r = cs[i] % 13 + 1
        pos = HIGH_ACE if (r == ACE and i == n - 1 and n > 1) else r
        if pos != want:
            return False
    return not (first == 1 and first + n - 1 == HIGH_ACE)


def meld_error(cards: Sequence[int]) -> str | None:
    """Why ``cards`` (in canonical order) are not a valid new meld, or ``None`` if they are."""
    n = len(cards)
    if n < 3:
        return f"a meld needs at least 3 cards, not {n}"
    if any(CARDS[c].is_joker for c in cards):
        return "jokers are not played under these rules"
    ranks = {c % 13 for c in cards}
    suits = [c // 13 for c in cards]
    if len(ranks) == 1:
        if n > 4:
            return f"a set holds at most 4 cards, not {n}"
        if len(set(suits)) != n:
            return "the cards of a set must all be of different suits (even with two decks)"
        return None
    if len(set(suits)) != 1:
        return "a run must be all one suit, and a set all one rank"
    if len(ranks) != n:
        return "a run cannot hold the same card twice"
    if not _run_order_ok(cards):
        rs = sorted(c % 13 + 1 for c in cards)
        if rs[0] == ACE and rs[-1] == 13 and n < 13:
            return "a run cannot go round the corner (K-A-2): the ace is low or high, not both"
        return "the cards of a run must be consecutive"
    return None


def layoff_error(meld: TableMeld, cards: Sequence[int], *, high_ace: bool) -> str | None:
    """Why ``cards`` cannot be laid off on ``meld`` together, or ``None`` if they can."""
    if not cards:
        return "a lay-off needs at least one card"
    if any(CARDS[c].is_joker for c in cards):
        return "jokers are not played under these rules"
    if high_ace and not any(c % 13 == 0 for c in cards):
        return "'high' places an ace at the top of a run, but no ace is laid off"
    if not meld.is_run:
        if any(c % 13 + 1 != meld.rank for c in cards):
            return f"every card laid off on a set of {CARDS[meld.cards[0]].rank}s must match it"
        suits = meld.suits
        for c in cards:
            bit = 1 << (c // 13)
            if suits & bit:
                return "a set cannot hold two cards of the same suit"
            suits |= bit
        if high_ace:
            return "'high' applies only to an ace laid off on a run"
        return None
    if any(c // 13 != meld.suit for c in cards):
        return "every card laid off on a run must be of the run's suit"
    positions = sorted(_layoff_position(c, high_ace=high_ace) for c in cards)
    if len(set(positions)) != len(positions):
        return "the same card cannot be laid off twice on one run"
    low, high = meld.low, meld.high
    below = [p for p in positions if p < low]
    above = [p for p in positions if p > high]
    if len(below) + len(above) != len(positions):
        return "that place in the run is already taken"
    if below != list(range(low - len(below), low)) or above != list(
        range(high + 1, high + 1 + len(above))
    ):
        if not high_ace and any(c % 13 == 0 for c in cards) and high == 13:
            return "an ace laid off at the top of a run (Q-K-A) is written with 'high'"
        return "the cards must join the end of the run with no gap"
    if low - len(below) == 1 and high + len(above) == HIGH_ACE:
        return "a run cannot hold an ace at both ends"
    return None


def can_use(card: int, masks: Sequence[int], table: Sequence[TableMeld]) -> bool:
    """Whether ``card`` can go onto the table this turn, given the available ``masks``.

    ``masks`` (from :func:`suit_masks`) must include ``card`` and every card that could be
    put down with it: the card can join a new set or run, or be laid off on a table meld
    (with other available cards of its suit bridging any gap to a run's end).
    """
    s, r0 = divmod(card, 13)
    rank = r0 + 1
    m = masks[s]
    # A set: three or more different suits hold this rank.
    bit = 1 << rank
    if (masks[0] & bit) + (masks[1] & bit) + (masks[2] & bit) + (masks[3] & bit) >= 3 * bit:
        return True
    # A run through this card, with the ace tried low and high.
    for p in (1, HIGH_ACE) if rank == ACE else (rank,):
        if 1 + _ones_below(m, p) + _ones_above(m, p) >= 3:
            return True
    for meld in table:
        if not meld.is_run:
            if meld.low == rank and len(meld.cards) < 4 and not meld.suits & (1 << s):
                return True
            continue
        if meld.suit != s:
            continue
        for p in (1, HIGH_ACE) if rank == ACE else (rank,):
            if p < meld.low:
                if _ones_below(m, meld.low) >= meld.low - p and not (
                    p == 1 and meld.high == HIGH_ACE
                ):
                    return True
            elif (
                p > meld.high
                and _ones_above(m, meld.high) >= p - meld.high
                and not (p == HIGH_ACE and meld.low == 1)
            ):
                return True
    return False


def new_melds(masks: Sequence[int]) -> list[tuple[Card, ...]]:
    """Every distinct new meld that the cards behind ``masks`` can make, in canonical order.

    Sets come first (by rank, then suits), then runs (by suit, then low end, then length).
    """
    out: list[tuple[Card, ...]] = []
    for rank in range(1, 14):
        bit = 1 << rank
        suits = [s for s in range(4) if masks[s] & bit]
        if len(suits) >= 3:
            base = rank - 1
            out.extend(
                tuple(CARDS[s * 13 + base] for s in combo)
                for size in (3, 4)
                for combo in combinations(suits, size)
            )
    for s in range(4):
        m = masks[s]
        if not m & (m >> 1) & (m >> 2):
            continue
        p = 1
        while p <= HIGH_ACE:
            if not m >> p & 1:
                p += 1
                continue
            end = p + _ones_above(m, p)
            for lo in range(p, end - 1):
                for hi in range(lo + 2, end + 1):
                    if lo == 1 and hi == HIGH_ACE:
                        continue
                    out.append(tuple(_position_card(s, q) for q in range(lo, hi + 1)))
            p = end + 1
    return out


def set_layoffs(meld: TableMeld, masks: Sequence[int]) -> list[Card]:
    """The cards behind ``masks`` that can each complete the set ``meld`` (4 cards at most)."""
    if len(meld.cards) >= 4:
        return []
    bit = 1 << meld.low
    taken = meld.suits
    return [
        CARDS[s * 13 + meld.low - 1] for s in range(4) if masks[s] & bit and not taken & (1 << s)
    ]


def run_layoffs(meld: TableMeld, masks: Sequence[int]) -> list[tuple[tuple[Card, ...], bool]]:
    """Every group of cards behind ``masks`` that can be laid off on the run ``meld`` at once.

    Each entry is ``(cards, high_ace)``; cards are in position order. A group extends the run
    downwards by ``a`` cards and upwards by ``b`` cards, for every possible ``a`` and ``b``.
    """
    s = meld.suit
    m = masks[s]
    down = _ones_below(m, meld.low)
    up = _ones_above(m, meld.high)
    out: list[tuple[tuple[Card, ...], bool]] = []
    for a in range(down + 1):
        for b in range(up + 1):
            if a == 0 and b == 0:
                continue
            lo, hi = meld.low - a, meld.high + b
            if lo == 1 and hi == HIGH_ACE:
                continue
            cards = tuple(_position_card(s, q) for q in range(lo, meld.low)) + tuple(
                _position_card(s, q) for q in range(meld.high + 1, hi + 1)
            )
            out.append((cards, hi == HIGH_ACE and b > 0))
    return out
