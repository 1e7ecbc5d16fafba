"""Melds on the table (:class:`TableMeld`) and how they grow: where cards laid off go on a run,
and how two runs that meet are joined.

A *set* is 3 or 4 cards of one rank, all of different suits (also with two decks). A *run* is 3
or more cards of one suit in sequence (see :mod:`rummy500.melds.shape`). Wild jokers stand for
a named card; jokers that are not wild make sets of jokers only. A meld built by hand is checked
by :mod:`rummy500.melds.tablechecks`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, cast

import attrs

from rummy500.core.cards import CARDS, Card, face_of, format_cards
from rummy500.core.errors import StateError, is_count, quote_value
from rummy500.core.fastbuild import draft_builder
from rummy500.melds.builders import TableMeldBuilders
from rummy500.melds.shape import (
    _JOKER,
    _rank_at,
    _settled,
    canonical_meld,
    meld_limits,
    run_shape,
)
from rummy500.melds.tablechecks import (
    _card_ids,
    _check_cards_and_owners,
    _check_fields,
    _check_meld_numbers,
    _check_values,
    _plain,
)
from rummy500.rules.choices import CardValues
from rummy500.rules.config import RuleConfig

__all__ = [
    "TableMeld",
    "end_aces",
    "join_run",
    "joined",
    "placements",
]


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


def _first_owner(meld: TableMeld) -> Any:
    """The owner of a table meld's first card: its ``owner`` unless given (an owners field
    that is wrong is refused after, by :func:`_check_fields`). Typed ``Any``, as the factories
    of the class's fields are: compiled, a factory typed ``int`` makes the class body read its
    field as an int, which it is not."""
    (owners,) = _plain(meld, "owners")
    return owners[0] if isinstance(owners, tuple) and owners else -1


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
        if meld_limits(config).joker_room(new.jokers, meld.jokers) < new.jokers:
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
