"""What makes a meld, and how melds on the table grow.

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
    :class:`RunShape` is the one place that works positions out: where each rank stands, which
    spans a run may cover, how far it may grow and what lies just beyond its ends.

The fast search for every meld and lay-off a hand allows is in :mod:`rummy500.melds.search`; the
functions here check one meld or lay-off and build the table that results from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, cast

import attrs

from rummy500.core.cards import ACE, CARDS, JOKER, JOKER_AS, Card, face_of, format_cards
from rummy500.core.errors import (
    CardError,
    ConfigError,
    IllegalMoveError,
    StateError,
    describe_value,
    is_count,
    is_whole,
    quote_value,
)
from rummy500.core.fastbuild import draft_builder
from rummy500.melds.builders import TableMeldBuilders
from rummy500.rules.config import ACES_HIGH_ONLY as _HIGH_ONLY
from rummy500.rules.config import Aces, CardValues, RuleConfig

__all__ = [
    "HIGH_ACE",
    "RunShape",
    "TableMeld",
    "canonical_meld",
    "card_bits",
    "end_aces",
    "is_run_cards",
    "join_run",
    "joined",
    "layoff_error",
    "meld_error",
    "meld_index",
    "missing_meld",
    "new_table_meld",
    "next_meld_id",
    "physical",
    "placed_layoff",
    "placed_meld",
    "placements",
    "put_down",
    "put_down_unchecked",
    "remove_cards",
    "run_shape",
    "span",
]

#: The position of an ace at the high end of a run (Q-K-A).
HIGH_ACE: Final = 14
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
    #: For each rank, a mask of the start positions of the 3-card runs through a card of it.
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
            for hi in range(lo + 2, self.top + 1)
            if self.ok(lo, hi)
        )
        starts = [0] * 14
        for rank in range(1, 14):
            for lo, hi, _ in intervals:
                if hi - lo == 2 and any(lo <= p <= hi for p in self.positions(rank)):
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


# -- table melds ---------------------------------------------------------------------------


@attrs.frozen(weakref_slot=False)
class TableMeld(TableMeldBuilders["TableMeld"]):
    """A meld on the table: its cards in order, who put each card there, who laid it down and
    the id that names it.

    Cards of a run are in position order (low to high); cards of a set are in suit order. A
    joker on the table is the card it stands for (``JK=6S``); a set of jokers that are not wild
    holds plain jokers. ``low`` and ``high`` are the run's end positions (for a set, both are
    its rank, 0 for a set of jokers). ``doubled`` marks a set of four melded at once where that
    scores double. Cards laid off on a meld score for the player who laid them, so each card
    keeps its owner in ``owners``.

    ``id`` names the meld for :class:`~rummy500.Layoff` and stays the same for the rest
    of the hand. Melds get ids 0, 1, 2... in the order they are laid down in a hand, and an id
    is never given twice in a hand, even once its meld has been joined into another.
    ``owner`` is the player who laid the meld down. A run joined into a run already on the
    table (under ``join_melds``) becomes part of that run, which keeps its id and owner;
    ``top_id`` is the highest id among this meld and the melds joined into it, so the next
    meld's id is one more than the highest ``top_id`` on the table. ``owner`` defaults to the
    owner of the first card and ``top_id`` to ``id``.
    """

    cards: tuple[Card, ...]
    owners: tuple[int, ...]
    is_run: bool
    low: int
    high: int
    doubled: bool = False
    id: int = 0
    owner: int = attrs.field(default=attrs.Factory(lambda m: _first_owner(m), takes_self=True))
    top_id: int = attrs.field(default=attrs.Factory(lambda m: _plain(m, "id")[0], takes_self=True))
    #: Derived once, for speed: the suits the meld holds (a mask), the suit of its first card
    #: (a run's suit) and the jokers it holds.
    suits: int = attrs.field(init=False, eq=False, repr=False)
    suit: int = attrs.field(init=False, eq=False, repr=False)
    jokers: int = attrs.field(init=False, eq=False, repr=False)
    #: The ranks (bit ``rank``) of the cards that could go onto this meld with fewer than
    #: three cards: a set's rank; one or two places beyond either end of a run (a lap away
    #: too, which is more than a run without wrap-around allows: a superset is all it needs).
    near: int = attrs.field(init=False, eq=False, repr=False)
    #: The cards (bit ``id``, the joker at bit 52) that could go onto this meld as the first
    #: card of a lay-off: a set's missing suits of its rank, the cards just beyond a run's
    #: ends (a lap away too: again a superset), a joker onto a set of jokers.
    attach: int = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        # Only a meld built by hand comes here: the engine's are built by _made, unchecked.
        _check_fields(self)
        put = object.__setattr__
        traits = _traits(self.cards, self.is_run, self.low, self.high)
        for name, value in zip(_TRAITS, traits, strict=True):
            put(self, name, value)

    @property
    def rank(self) -> int:
        """The rank of a set (0 for a set of jokers; meaningless for a run)."""
        return self.low if not self.is_run else 0

    @property
    def is_joker_set(self) -> bool:
        """Whether this is a set of jokers that are not wild."""
        return self.cards[0] == _JOKER

    def card_points(self, values: CardValues) -> tuple[int, ...]:
        """The points each card scores, in order (an ace at an end of a run scores as such).

        ``values`` are the card values of the rules (``config.card_values``); anything else
        raises :class:`~rummy500.ConfigError`.
        """
        _check_values("card_points", values)
        by_card = values.by_card
        pts = [by_card[c] for c in self.cards]
        first, last = self.end_aces(values)
        pts[0] += first
        pts[-1] += last
        if self.doubled:
            return tuple(2 * p for p in pts)
        return tuple(pts)

    def end_aces(self, values: CardValues) -> tuple[int, int]:
        """What the first and the last card of this run score beyond their plain value (the
        value of the card in a hand): an ace, never a joker standing for one, is low at the
        start of a run and high at its end; in the middle of a wrap-around run it is a plain
        ace. ``(0, 0)`` when neither end is an ace (and for a set)."""
        _check_values("end_aces", values)
        return end_aces(self, values)

    # The public builders (of, new, extended) are TableMeldBuilders', uncompiled, with their
    # real types: they hand every argument to these, which read them as plain objects, so that
    # compiled code refuses a wrong one with the check that names it, not a bare TypeError.

    @classmethod
    def _checked_of(
        cls,
        cards: object,
        owners: object,
        doubled: object,
        id: object,
        owner: object,
        top_id: object,
    ) -> TableMeld:
        meld_cards, meld_owners = _check_cards_and_owners(cards, owners)
        if len(meld_cards) < 3:
            raise StateError(f"a table meld holds 3 or more cards, not {len(meld_cards)}")
        _check_meld_numbers(("owner", "top_id"), doubled=doubled, id=id, owner=owner, top_id=top_id)
        owner_of: dict[int, list[int]] = {}
        for c, o in zip(meld_cards, meld_owners, strict=True):
            owner_of.setdefault(c, []).append(o)
        meld = _new_meld(cls, canonical_meld(meld_cards), 0, bool(doubled), 0)
        # Checked above: each is the type the casts name.
        meld_id = cast(int, id)
        return attrs.evolve(
            meld,
            owners=tuple(owner_of[c].pop(0) for c in meld.cards),
            id=meld_id,
            owner=meld_owners[0] if owner is None else cast(int, owner),
            top_id=meld_id if top_id is None else cast(int, top_id),
        )

    @classmethod
    def _checked_new(cls, cards: object, owner: object, doubled: object, id: object) -> TableMeld:
        meld_cards = _card_ids("cards", cards, least=3)
        _check_meld_numbers(cards_owner=True, doubled=doubled, id=id, owner=owner)
        # The checks have made each of these the type the compiled builder reads.
        return _new_meld(cls, meld_cards, cast(int, owner), bool(doubled), cast(int, id))

    def _checked_extended(self, placement: object, cards: object, owner: object) -> TableMeld:
        laid = _card_ids("cards", cards, least=1)
        _check_meld_numbers(cards_owner=True, owner=owner)
        if (
            not isinstance(placement, tuple | list)
            or len(placement) != 2
            or not all(is_count(n) for n in placement)
            or sum(placement) != (len(laid) if self.is_run else 0)
        ):
            raise StateError(
                "a lay-off's placement is (below, above), how many of its cards go at each end "
                f"of the run, or (0, 0) on a set, not {quote_value(placement)}"
            )
        below, above = placement
        if self.is_run and any(_FACES[c] // 13 != self.suit for c in laid):
            raise StateError(
                f"{format_cards(laid)} do not go on {format_cards(self.cards)}: a run is all "
                "one suit"
            )
        try:
            return _extended(self, (below, above), laid, cast(int, owner))
        except KeyError:
            raise StateError(
                f"{format_cards(laid)} do not go at the ends of {format_cards(self.cards)} "
                f"as placed: {below} below, {above} above"
            ) from None


def _check_cards_and_owners(cards: object, owners: object) -> tuple[list[int], list[int]]:
    """``cards`` and ``owners`` as lists of ints: refuse what :meth:`TableMeld.of` cannot
    rebuild a meld from."""
    checked: list[list[int]] = []
    for name, values, what, bound in (
        ("cards", cards, "card ids", len(CARDS)),
        ("owners", owners, "player numbers", None),
    ):
        if isinstance(values, str | bytes) or not isinstance(values, Sequence):
            raise StateError(f"a table meld's {name} is a list, not {describe_value(values)}")
        items: list[int] = []
        for value in values:
            if not is_count(value, bound):
                raise StateError(f"a table meld's {name} are {what}, not {describe_value(value)}")
            items.append(value)
        checked.append(items)
    if len(checked[0]) != len(checked[1]):
        raise StateError(
            f"a table meld needs one owner for each card: {len(checked[0])} cards, "
            f"{len(checked[1])} owners"
        )
    return checked[0], checked[1]


def _card_ids(name: str, cards: object, *, least: int) -> tuple[int, ...]:
    """``cards``, an argument of a table meld's builders, as a tuple of card ids."""
    if (
        isinstance(cards, str | bytes)
        or not isinstance(cards, Sequence)
        or len(cards) < least
        or not all(is_count(c, len(CARDS)) for c in cards)
    ):
        raise StateError(
            f"a table meld's {name} must be {least} or more card ids (ints from 0 to "
            f"{len(CARDS) - 1}), not {describe_value(cards)}"
        )
    return tuple(cards)


def _check_meld_numbers(
    optional: tuple[str, ...] = (), cards_owner: bool = False, **numbers: object
) -> None:
    """Refuse a table meld's ``doubled`` that is not a bool, and an ``id``, ``owner`` or
    ``top_id`` that is not a whole number (or ``None``, for those ``optional`` names a default
    for). With ``cards_owner``, the ``owner`` puts the cards down, so it is 0 or more; the other
    numbers' ranges are a position's to check, which names the meld's place."""
    for name, value in numbers.items():
        if name == "doubled":
            if not isinstance(value, bool):
                raise StateError(
                    f"a table meld's doubled is True or False, not {describe_value(value)}"
                )
        elif not (value is None and name in optional) and not (
            is_count(value) if cards_owner and name == "owner" else is_whole(value)
        ):
            what = "a player number" if name == "owner" else "a whole number"
            raise StateError(f"a table meld's {name} is {what}, not {describe_value(value)}")


def _plain(meld: TableMeld, *names: str) -> list[Any]:
    """The fields ``names`` of a table meld being built, as plain objects: compiled, reading a
    field as its type would refuse a wrong one with a bare TypeError before it is checked."""
    return [getattr(meld, name) for name in names]


def _first_owner(meld: TableMeld) -> Any:
    """The owner of a table meld's first card: its ``owner`` unless given (an owners field
    that is wrong is refused after, by :func:`_check_fields`). Typed ``Any``, as the factories
    of the class's fields are: compiled, a factory typed ``int`` makes the class body read its
    field as an int, which it is not."""
    (owners,) = _plain(meld, "owners")
    return owners[0] if isinstance(owners, tuple) and owners else -1


def _check_fields(meld: TableMeld) -> None:
    """Refuse a table meld built from fields of the wrong type, or out of range."""
    cards, owners, is_run, low, high, doubled, id, owner, top_id = _plain(
        meld, "cards", "owners", "is_run", "low", "high", "doubled", "id", "owner", "top_id"
    )
    if type(cards) is not tuple or not cards or not all(is_count(c, len(CARDS)) for c in cards):
        raise StateError(
            f"a table meld's cards are a tuple of card ids (ints from 0 to {len(CARDS) - 1}), "
            f"not {describe_value(cards)}"
        )
    if type(owners) is not tuple or not all(is_count(o) for o in owners):
        raise StateError(
            f"a table meld's owners are a tuple of player numbers, not {describe_value(owners)}"
        )
    if len(owners) != len(cards):
        raise StateError(
            f"a table meld needs one owner for each card: {len(cards)} cards, {len(owners)} owners"
        )
    if not isinstance(is_run, bool):
        raise StateError(f"a table meld's is_run is True or False, not {describe_value(is_run)}")
    if not (is_count(low, _POSITIONS) and is_count(high, _POSITIONS) and low <= high):
        raise StateError(
            f"a table meld's low and high are positions from 0 to {_POSITIONS - 1}, the low "
            f"first, not {describe_value(low)} and {describe_value(high)}"
        )
    _check_meld_numbers(doubled=doubled, id=id, owner=owner, top_id=top_id)


def _check_values(method: str, values: object) -> None:
    if not isinstance(values, CardValues):
        raise ConfigError(
            f"TableMeld.{method} reads the CardValues of the rules (config.card_values), not "
            f"{describe_value(values)}"
        )


#: :func:`~rummy500.core.cards.face_of` of every card id, read by :func:`_traits` without a call.
_FACES: Final[tuple[int, ...]] = tuple(face_of(c) for c in range(len(CARDS)))

#: The fields of a table meld that :func:`_traits` works out from the others.
_TRAITS: Final = ("suits", "suit", "jokers", "near", "attach")


def _traits(
    cards: tuple[Card, ...], is_run: bool, low: int, high: int
) -> tuple[int, int, int, int, int]:
    """The fields of :data:`_TRAITS` of a table meld of ``cards`` (see :class:`TableMeld`)."""
    suits = jokers = 0
    for card in cards:
        c: int = card  # a plain int: compiled, the arithmetic below is native
        if c >= _JOKER:
            jokers += 1
        if c != _JOKER:
            suits |= 1 << (_FACES[c] // 13)
    suit = max(_FACES[cards[0]], 0) // 13
    near = attach = 0
    if is_run:
        base = suit * 13 - 1
        near = (
            1 << _rank_at(low - 2)
            | 1 << _rank_at(low - 1)
            | 1 << _rank_at(high + 1)
            | 1 << _rank_at(high + 2)
        )
        attach = 1 << (base + _rank_at(low - 1)) | 1 << (base + _rank_at(high + 1))
    elif cards[0] != _JOKER:
        near = 1 << low
        if len(cards) < 4:
            for s in range(4):
                if not suits >> s & 1:
                    attach |= 1 << (s * 13 + low - 1)
    elif len(cards) < 4:
        attach = 1 << _JOKER
    return suits, suit, jokers, near, attach


#: Every field of a table meld, in order.
_FIELDS: Final = tuple(f.name for f in attrs.fields(TableMeld))


#: Builds a :class:`TableMeld` from all its fields, derived ones included, in field order
#: (see :func:`~rummy500.core.fastbuild.draft_builder`: table melds are built at every meld and
#: lay-off, and by the greedy bot as it weighs its plays).
_BUILD_MELD: Final = draft_builder(TableMeld)


def _made(
    cls: type[TableMeld],
    cards: tuple[Card, ...],
    owners: tuple[int, ...],
    is_run: bool,
    low: int,
    high: int,
    doubled: bool,
    id: int,
    owner: int,
    top_id: int,
) -> TableMeld:
    """The table meld of these fields, as ``cls(...)`` makes it, for the engine's melds and
    lay-offs: every field is given, so attrs' handling of defaults and its frozen
    ``__setattr__`` are skipped (they cost several times the rest of building a meld)."""
    suits, suit, jokers, near, attach = _traits(cards, is_run, low, high)
    if cls is TableMeld:
        return _BUILD_MELD(
            cards,
            owners,
            is_run,
            low,
            high,
            doubled,
            id,
            owner,
            top_id,
            suits,
            suit,
            jokers,
            near,
            attach,
        )
    meld = object.__new__(cls)
    put = object.__setattr__
    fields = (cards, owners, is_run, low, high, doubled, id, owner, top_id)
    for name, value in zip(_FIELDS, (*fields, suits, suit, jokers, near, attach), strict=True):
        put(meld, name, value)
    return meld


def end_aces(meld: TableMeld, values: CardValues) -> tuple[int, int]:
    """:meth:`TableMeld.end_aces` (a module function: compiled, it is called directly)."""
    if not meld.is_run:
        return 0, 0
    cards = meld.cards
    first: int = cards[0]
    last: int = cards[-1]
    by_card = values.by_card
    return (
        values.low_ace - by_card[first] if first < _JOKER and first % 13 == 0 else 0,
        values.high_ace - by_card[last] if last < _JOKER and last % 13 == 0 else 0,
    )


def _new_meld(
    cls: type[TableMeld], cards: Sequence[int], owner: int, doubled: bool, id: int
) -> TableMeld:
    """:meth:`TableMeld.new` (a module function: compiled, it is called directly)."""
    cs = tuple([CARDS[c] for c in cards])
    owners = (owner,) * len(cs)
    first: int = cs[0]
    if first == _JOKER:
        return _made(cls, cs, owners, False, 0, 0, doubled, id, owner, id)
    f0 = _FACES[first]
    second: int = cs[1]
    if f0 % 13 == _FACES[second] % 13:
        r = f0 % 13 + 1
        return _made(cls, cs, owners, False, r, r, doubled, id, owner, id)
    low = f0 % 13 + 1
    return _made(cls, cs, owners, True, low, low + len(cs) - 1, False, id, owner, id)


def _extended(
    meld: TableMeld, placement: tuple[int, int], cards: Sequence[int], owner: int
) -> TableMeld:
    """:meth:`TableMeld.extended` (a module function: compiled, it is called directly)."""
    if not meld.is_run:
        merged = sorted(
            [*zip(meld.cards, meld.owners, strict=True), *((CARDS[c], owner) for c in cards)],
            key=lambda co: (_FACES[co[0]], co[0], co[1]),
        )
        return _made(
            TableMeld,
            tuple(c for c, _ in merged),
            tuple(o for _, o in merged),
            False,
            meld.low,
            meld.high,
            meld.doubled,
            meld.id,
            meld.owner,
            meld.top_id,
        )
    below, above = placement
    low, high = _settled(meld.low - below, meld.high + above)
    by_rank: dict[int, Card] = {}
    for c in cards:
        by_rank[_FACES[c] % 13 + 1] = CARDS[c]
    new_below = tuple([by_rank[_rank_at(p)] for p in range(low, low + below)])
    new_above = tuple([by_rank[_rank_at(p)] for p in range(high - above + 1, high + 1)])
    return _made(
        TableMeld,
        (*new_below, *meld.cards, *new_above),
        (owner,) * below + meld.owners + (owner,) * above,
        True,
        low,
        high,
        False,
        meld.id,
        meld.owner,
        meld.top_id,
    )


def placements(meld: TableMeld, cards: Sequence[int], config: RuleConfig) -> list[tuple[int, int]]:
    """Every way (below, above) the run ``meld`` can take all of ``cards`` at its two ends."""
    n = len(cards)
    # The positions a lay-off fills hold n different ranks, so the cards fit exactly when
    # their ranks are those (a repeated rank makes fewer bits, and never fits).
    ranks = 0
    for c in cards:
        ranks |= 1 << (_FACES[c] % 13 + 1)
    shape = run_shape(config)
    span_ranks = shape.ranks
    out = []
    for below in range(n + 1):
        above = n - below
        lo, hi = _settled(meld.low - below, meld.high + above)
        if not shape.ok(lo, hi):
            continue
        if span_ranks[lo][lo + below - 1] | span_ranks[hi - above + 1][hi] == ranks:
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
    shape = run_shape(config)
    for first, second in ((a, b), (b, a)):
        if shape.follows(first.high, second.low):
            lo = first.low
            if shape.ok(lo, lo + n - 1):
                return lo, lo + n - 1
    return None


def joined(a: TableMeld, b: TableMeld, config: RuleConfig) -> TableMeld:
    """The run made by joining run ``b`` to the run ``a`` it continues (below or above it).

    The joined run keeps the id and owner of ``a``, and the higher ``top_id`` of the two.
    """
    return _join(a, b, config, a)


def _join(a: TableMeld, b: TableMeld, config: RuleConfig, name: TableMeld) -> TableMeld:
    """The run made by joining run ``b`` to run ``a``, with the id and owner of ``name``."""
    joint = _joined_span(a, b, config)
    assert joint is not None
    first, second = (a, b) if joint[0] == a.low else (b, a)
    return _made(
        TableMeld,
        first.cards + second.cards,
        first.owners + second.owners,
        True,
        joint[0],
        joint[1],
        False,
        name.id,
        name.owner,
        max(a.top_id, b.top_id),
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
    if not RunShape.in_sequence(faces):
        return "the cards of a run must be consecutive"
    low = faces[0] % 13 + 1
    if run_shape(config).ok(low, low + n - 1):
        return None
    if config.aces is Aces.HIGH_ONLY:
        if low == 1:
            return "an ace is only high in a run under these rules (Q-K-A, not A-2-3)"
        return "a run cannot go round the corner (K-A-2): an ace is only high under these rules"
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


# -- putting cards down ----------------------------------------------------------------------


def physical(cards: Sequence[int]) -> list[int]:
    """The cards as they are held in hand: a joker standing for a card is the plain joker."""
    return [_JOKER if c > _JOKER else c for c in cards]


def remove_cards(hand: tuple[Card, ...], cards: Sequence[int]) -> tuple[Card, ...]:
    """``hand`` without one copy of each of ``cards`` (jokers standing for cards included)."""
    rest = list(hand)
    for c in cards:
        # Removing compares by value: any card equal to ``c`` (or the joker) goes.
        rest.remove(JOKER if c > _JOKER else c)  # type: ignore[arg-type]
    return tuple(rest)


def is_run_cards(cards: Sequence[int]) -> bool:
    """Whether a valid meld's cards (canonical order) form a run rather than a set."""
    faces = [face_of(c) for c in cards if c != _JOKER]
    return len(faces) == len(cards) and len({f % 13 for f in faces}) > 1


def new_table_meld(
    cards: Sequence[int], player: int, config: RuleConfig, *, id: int = 0
) -> TableMeld:
    """The table meld ``player`` makes by melding ``cards`` (valid, in canonical order), named
    ``id``."""
    doubled = config.four_of_a_kind_double and len(cards) == 4 and not is_run_cards(cards)
    return _new_meld(TableMeld, cards, player, doubled, id)


def next_meld_id(table: Sequence[TableMeld]) -> int:
    """The id the next meld laid down on ``table`` gets: one more than any id given so far in
    the hand, joined melds' included (0 on an empty table)."""
    top = -1
    for meld in table:
        if meld.top_id > top:
            top = meld.top_id
    return top + 1


def meld_index(table: Sequence[TableMeld], meld_id: int) -> int:
    """The place on ``table`` of the meld with id ``meld_id``, or -1 if there is none."""
    # Until a run is joined into another, each meld's id is its place: look there first.
    if 0 <= meld_id < len(table) and table[meld_id].id == meld_id:
        return meld_id
    for i, meld in enumerate(table):
        if meld.id == meld_id:
            return i
    return -1


def missing_meld(table: Sequence[TableMeld], meld_id: object) -> str:
    """Why there is no table meld ``meld_id``: the refusal, naming the ids on the table."""
    ids = [str(m.id) for m in table]
    if not ids:
        held = "the table holds no melds"
    elif len(ids) == 1:
        held = f"the only table meld is meld {ids[0]}"
    else:
        held = f"the table melds are {', '.join(ids[:-1])} and {ids[-1]}"
    return f"there is no table meld {meld_id}: {held}"


def put_down(
    hand: Sequence[Card],
    table: Sequence[TableMeld],
    cards: Sequence[int],
    player: object,
    config: RuleConfig,
    *,
    onto: object = None,
    high: object = False,
) -> tuple[tuple[Card, ...], tuple[TableMeld, ...]]:
    """The checks and the play of :func:`rummy500.toolkit.put_down`, which documents them and
    hands its arguments on here.

    ``player`` (a player number), ``onto`` (a table meld id or ``None``) and ``high``
    (``True`` or ``False``) are read as plain objects: compiled, an ``int`` or ``bool``
    parameter would refuse a wrongly typed argument with a bare TypeError before the checks
    that name it.
    """
    if not isinstance(config, RuleConfig):
        raise ConfigError(f"put_down's config must be a RuleConfig, not {describe_value(config)}")
    if not is_whole(player) or player < 0:
        raise StateError(f"put_down's player must be a player number, not {describe_value(player)}")
    # The arguments are read as plain objects until checked: compiled code would otherwise
    # refuse a wrongly typed one with a bare TypeError before these checks could run.
    held_cards = _cards_of("hand", hand)
    cards = _cards_of("cards", cards)
    melds: Sequence[object] = table
    if not isinstance(melds, (tuple, list)) or not all(isinstance(m, TableMeld) for m in melds):
        raise StateError(
            f"put_down's table must be a tuple of TableMelds, not {describe_value(melds)}"
        )
    on_table = tuple(table)
    held: list[int] = list(held_cards)
    for c in physical(cards):
        if c not in held:
            raise IllegalMoveError(f"the hand does not hold {format_cards(cards)}")
        held.remove(c)
    meld_id: int | None = None
    if onto is None:
        if high is not False:
            raise IllegalMoveError("'high' applies only to a lay-off")
        cards = canonical_meld(cards)
        problem = meld_error(cards, config)
    else:
        if not is_whole(onto):
            raise StateError(f"put_down's onto must be a table meld id, not {describe_value(onto)}")
        meld_id = onto
        index = meld_index(on_table, meld_id)
        if index < 0:
            raise IllegalMoveError(missing_meld(on_table, meld_id))
        if not isinstance(high, bool):
            raise StateError(f"put_down's high must be True or False, not {describe_value(high)}")
        problem = layoff_error(on_table[index], cards, config, high=high)
    if problem is not None:
        raise IllegalMoveError(problem)
    return put_down_unchecked(
        held_cards, on_table, cards, player, config, onto=meld_id, high=high is True
    )


def _cards_of(name: str, cards: object) -> tuple[Card, ...]:
    """``cards`` (put_down's argument ``name``) as a tuple of cards."""
    # A tuple, the usual argument, skips the costly check against the Sequence ABC.
    if type(cards) is not tuple and (
        isinstance(cards, str | bytes) or not isinstance(cards, Sequence)
    ):
        raise CardError(f"put_down's {name} must be a tuple of cards, not {describe_value(cards)}")
    # Cards are the pre-built instances (see Card): one already a Card is kept as it is.
    # Read as Any: compiled, a cast to the card types would refuse an item with a bare
    # TypeError before Card() could name it.
    return tuple(c if type(c) is Card else Card(cast(Any, c)) for c in cards)


def put_down_unchecked(
    hand: tuple[Card, ...],
    table: tuple[TableMeld, ...],
    cards: Sequence[int],
    player: int,
    config: RuleConfig,
    *,
    onto: int | None = None,
    high: bool = False,
) -> tuple[tuple[Card, ...], tuple[TableMeld, ...]]:
    """:func:`put_down` for a play already known to be legal (the engine's, once it has checked
    the move): nothing is checked but that the meld ``onto`` is on the table."""
    if onto is None:
        return remove_cards(hand, cards), placed_meld(table, cards, player, config)
    index = meld_index(table, onto)
    if index < 0:
        raise IllegalMoveError(missing_meld(table, onto))
    return remove_cards(hand, cards), placed_layoff(table, index, cards, high, player, config)


def placed_meld(
    table: tuple[TableMeld, ...], cards: Sequence[int], player: int, config: RuleConfig
) -> tuple[TableMeld, ...]:
    """The table after ``player`` melds ``cards`` (joining runs where the rules say so)."""
    new = new_table_meld(cards, player, config, id=next_meld_id(table))
    if config.join_melds:
        return _joined_table(table, new, config)
    return (*table, new)


def placed_layoff(
    table: tuple[TableMeld, ...],
    index: int,
    cards: Sequence[int],
    high: bool,
    player: int,
    config: RuleConfig,
) -> tuple[TableMeld, ...]:
    """The table after ``player`` lays ``cards`` off on the table meld at place ``index``.

    On a run, ``high`` puts cards that could go at either end at the top end.
    """
    meld = table[index]
    options = placements(meld, cards, config) if meld.is_run else [(0, 0)]
    where = max(options, key=lambda o: o[1]) if high else min(options, key=lambda o: o[1])
    grown = _extended(meld, where, cards, player)
    return (*table[:index], grown, *table[index + 1 :])


def _joined_table(
    table: tuple[TableMeld, ...], new: TableMeld, config: RuleConfig
) -> tuple[TableMeld, ...]:
    """The table after a new run joins every run it continues (a run filling the gap between
    two runs joins both); the joined run takes the place, the id and the owner of the first
    of them on the table."""
    melds = list(table)
    at = join_run(melds, new, config)
    if at is None:
        return (*table, new)
    grown = joined(melds[at], new, config)
    melds[at] = grown
    while True:
        rest = [m for i, m in enumerate(melds) if i != at]
        other = join_run(rest, grown, config)
        if other is None:
            return tuple(melds)
        other += other >= at  # back to an index of melds
        first, second = sorted((at, other))
        grown = _join(melds[other], grown, config, melds[first])
        melds[first] = grown
        del melds[second]
        at = first
