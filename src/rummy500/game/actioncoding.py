"""How each kind of move's range of action ids is read both ways: the registry's column
``"action"``.

:data:`CODING` gives, for each kind of move, the place of a legal move in its range of an
:class:`~rummy500.game.actionlayout.ActionLayout`, and the move (legal or not) that a place names
in a state, or ``None`` and why none. A place may depend on what everybody can see (how many
cards a take picks up, which table meld a lay-off goes on), never on a hidden card. The
arithmetic of the two large ranges is here: a new meld's cards and their place
(:func:`meld_offset`, :func:`meld_cards`), a lay-off and its shape on its table meld
(:func:`layoff_offset`, :func:`layoff_move`).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from typing import Any, Final

import attrs

from rummy500.core.cards import CARDS, JOKER, JOKER_AS, Card, face_of, format_cards
from rummy500.core.errors import ActionError
from rummy500.game.actionlayout import JOKER_ID, ActionLayout, ActionRange, joker_masks
from rummy500.game.state import State
from rummy500.melds.putdown import meld_index, missing_meld
from rummy500.melds.shape import RunShape, run_shape
from rummy500.melds.table import placements
from rummy500.play.moves import (
    DEAL,
    DECLINE,
    DISCARDS,
    DRAW,
    KINDS,
    PASS,
    Call,
    Deal,
    Decline,
    Discard,
    Draw,
    Layoff,
    Meld,
    Move,
    Pass,
    Take,
    kind_column,
    trusted_call,
    trusted_layoff,
    trusted_meld,
    trusted_take,
)
from rummy500.rules.choices import Calling

__all__ = [
    "CODING",
    "ID_ORDER",
    "Coding",
    "lay_out",
    "layoff_move",
    "layoff_offset",
    "meld_cards",
    "meld_offset",
]


def meld_offset(layout: ActionLayout, move: Meld, s: State) -> int:
    """The place of the new meld ``move`` in the meld range."""
    cards = move.melded
    c0 = cards[0]
    if c0 == JOKER_ID:
        return len(cards) - 3
    f0 = c0 if c0 < JOKER_ID else c0 - JOKER_ID - 1
    c1 = cards[1]
    f1 = c1 if c1 < JOKER_ID else c1 - JOKER_ID - 1
    if (f1 - f0) % 13 == 0:
        return layout.set_ids[cards]
    length = len(cards)
    mask = 0
    for i, c in enumerate(cards):
        if c > JOKER_ID:
            mask |= 1 << i
    suit, low = divmod(f0, 13)
    base = layout.run_base[(suit * 14 + low + 1) * 14 + length]
    return base + layout.run_rank[length][mask]


def meld_cards(layout: ActionLayout, index: int) -> tuple[Card, ...]:
    """The cards of the new meld at place ``index`` of the meld range."""
    if index < layout.joker_sets:
        return (JOKER,) * (index + 3)
    if index < layout.run_start:
        return layout.sets[index - layout.joker_sets]
    at = bisect_right(layout.run_bases, index) - 1
    suit, low, length = layout.run_spans[at]
    mask = joker_masks(length, layout.wild, layout.run_full)[1][index - layout.run_bases[at]]
    card_at = RunShape.card_at
    return tuple(
        JOKER_AS[card_at(suit, low + i)] if mask >> i & 1 else card_at(suit, low + i)
        for i in range(length)
    )


def layoff_offset(layout: ActionLayout, move: Layoff, s: State) -> int:
    """The place of the lay-off ``move`` in the lay-off range: its meld id's block, then its
    shape there."""
    table = s.table
    meld = table[meld_index(table, move.meld_id)]
    if meld.id >= layout.slots:
        raise ActionError(
            f"table meld {meld.id} has an id beyond the {layout.slots} meld ids of this action "
            "space: a hand gives its melds ids 0, 1, 2... as they are laid down, and lays "
            "down fewer melds than that"
        )
    start = meld.id * layout.slot_size
    laid = move.laid
    if not meld.is_run:
        if meld.cards[0] == JOKER_ID:
            return start
        c = laid[0]
        suit = face_of(c) // 13
        return start + (suit * 2 + (c > JOKER_ID) if layout.wild else suit)
    low, high = meld.low, meld.high
    ranks = 0
    jokers = False
    for c in laid:
        if c > JOKER_ID:
            jokers = True
            ranks |= 1 << (c - JOKER_ID - 1) % 13
        else:
            ranks |= 1 << c % 13
    # Where cards go on a run depends only on its ends and their ranks: work it out once.
    key = (low, high, ranks, move.high)
    splits = layout.splits
    above = splits.get(key)
    if above is None:
        ups = [o[1] for o in placements(meld, laid, layout.config)]
        above = max(ups) if move.high else min(ups)
        splits[key] = above
    count = len(laid)
    below = count - above
    mask = 0
    if jokers:
        # The places the cards fill, lowest first: their ranks tell each card's place.
        rank_at = RunShape.rank_at
        place = {}
        for i, p in enumerate([*range(low - below, low), *range(high + 1, high + above + 1)]):
            place[rank_at(p)] = i
        for c in laid:
            if c > JOKER_ID:
                mask |= 1 << place[(c - JOKER_ID - 1) % 13 + 1]
    return start + layout.pair_base[below, above] + layout.lay_rank[count][mask]


def layoff_move(layout: ActionLayout, offset: int, s: State) -> tuple[Move | None, str]:
    """The lay-off at place ``offset`` of the lay-off range in ``s`` (legal or not), or
    ``None`` and why there is none."""
    slot, shape = divmod(offset, layout.slot_size)
    table = s.table
    index = meld_index(table, slot)
    if index < 0:
        return None, missing_meld(table, slot)
    meld = table[index]
    if meld.cards[0] == JOKER_ID:
        if shape:
            return None, f"a set of jokers takes only a joker, shape 0, not shape {shape}"
        return trusted_layoff(meld.id, (JOKER,), False), ""
    if not meld.is_run:
        if shape >= layout.set_shapes:
            return None, (
                f"a set takes one card, shapes 0 to {layout.set_shapes - 1}, not shape {shape}"
            )
        suit, joker = divmod(shape, 2) if layout.wild else (shape, 0)
        card = CARDS[suit * 13 + meld.low - 1]
        return trusted_layoff(meld.id, (JOKER_AS[card] if joker else card,), False), ""
    if shape >= layout.run_shapes:
        return None, f"a run takes shapes 0 to {layout.run_shapes - 1}, not shape {shape}"
    at = bisect_right(layout.pair_bases, shape) - 1
    below, above = layout.pairs[at]
    count = below + above
    mask = joker_masks(count, layout.wild, True)[1][shape - layout.pair_bases[at]]
    low, high = meld.low, meld.high
    if not run_shape(layout.config).fits(low - below, high + above):
        return None, (
            f"the run {format_cards(meld.cards)} cannot take {below} card"
            f"{'s' if below != 1 else ''} below it and {above} above it"
        )
    places = [*range(low - below, low), *range(high + 1, high + above + 1)]
    card_at = RunShape.card_at
    laid = tuple(
        sorted(
            JOKER_AS[card_at(meld.suit, p)] if mask >> i & 1 else card_at(meld.suit, p)
            for i, p in enumerate(places)
        )
    )
    options = placements(meld, laid, layout.config)
    ups = [o[1] for o in options]
    if above == min(ups):
        return trusted_layoff(meld.id, laid, False), ""
    if above == max(ups):
        return trusted_layoff(meld.id, laid, True), ""
    return None, (
        f"a lay-off of {format_cards(laid)} puts them at the bottom of the run, or at the top "
        "with 'high', never split"
    )


@attrs.frozen
class Coding:
    """One kind of move's range of action ids: ``size`` gives how many ids it has under a
    layout (0: the rules leave the kind out), ``meaning`` says in words which move each id
    names, ``offset`` gives a legal move's place in the range, and ``decode`` the move (legal
    or not) at a place, or ``None`` and why none."""

    offset: Callable[[ActionLayout, Any, State], int]
    decode: Callable[[ActionLayout, int, State], tuple[Move | None, str]]
    size: Callable[[ActionLayout], int]
    meaning: Callable[[ActionLayout], str]


def _single(words: str) -> tuple[Callable[[ActionLayout], int], Callable[[ActionLayout], str]]:
    """The size and meaning of a range of one id, which means ``words``."""
    return (lambda layout: 1), (lambda layout: words)


def _calling(layout: ActionLayout) -> bool:
    return layout.config.calling is not Calling.NONE


def _first(layout: ActionLayout, move: Move, s: State) -> int:
    return 0


def _one(move: Move) -> Callable[[ActionLayout, int, State], tuple[Move | None, str]]:
    """The decoder of a range of one id: ``move``."""
    return lambda layout, offset, s: (move, "")


def _depth(layout: ActionLayout, move: Take | Call, s: State) -> int:
    return len(move.taken) - 1


def _pile_top(
    build: Callable[[tuple[Card, ...]], Move],
) -> Callable[[ActionLayout, int, State], tuple[Move | None, str]]:
    """The decoder of the takes (or calls) of the top 1, 2, ... cards of the pile."""

    def decode(layout: ActionLayout, offset: int, s: State) -> tuple[Move | None, str]:
        k = offset + 1
        pile = s.pile
        if k > len(pile):
            if not pile:
                return None, "the discard pile is empty"
            return None, f"the discard pile holds {len(pile)} card{'s' if len(pile) > 1 else ''}"
        return build(pile[len(pile) - k :]), ""

    return decode


#: The registry's column ``"action"``: each kind of move's range of ids, and how it is read.
CODING: Final = kind_column(
    "action",
    {
        Draw: Coding(_first, _one(DRAW), *_single("draw from the stock")),
        Take: Coding(
            _depth,
            _pile_top(trusted_take),
            lambda layout: layout.max_pile,
            lambda layout: "take the top k cards of the discard pile, k = 1, 2, ...",
        ),
        Meld: Coding(
            meld_offset,
            lambda layout, offset, s: (trusted_meld(meld_cards(layout, offset)), ""),
            lambda layout: layout.meld_count,
            lambda layout: (
                "lay down a new meld: sets of jokers, sets by rank, runs by suit, span and "
                "the places its jokers stand in"
            ),
        ),
        Layoff: Coding(
            layoff_offset,
            layoff_move,
            lambda layout: layout.slots * layout.slot_size,
            lambda layout: (
                f"lay off on the table meld with id i (0 to {layout.slots - 1}): "
                f"{layout.slot_size} shapes for each meld id"
            ),
        ),
        Discard: Coding(
            lambda layout, move, s: move.card,
            lambda layout, i, s: (DISCARDS[i], ""),
            lambda layout: layout.discards,
            lambda layout: "discard the card with that card id (52 a joker)",
        ),
        Decline: Coding(_first, _one(DECLINE), *_single("decline to draw (the stock is empty)")),
        Call: Coding(
            _depth,
            _pile_top(trusted_call),
            lambda layout: layout.max_pile if _calling(layout) else 0,
            lambda layout: "call rummy, taking the top k cards of the discard pile, k = 1, 2, ...",
        ),
        Pass: Coding(
            _first,
            _one(PASS),
            lambda layout: 1 if _calling(layout) else 0,
            lambda layout: "do not call rummy",
        ),
        Deal: Coding(_first, _one(DEAL), *_single("deal the next hand")),
    },
)

#: The order of the ranges of the package's own kinds of move: the ids are fixed (saved
#: files, trained agents and docs/actions.md rely on them), so a range added later goes after
#: these.
_FIXED_ORDER: Final = (Draw, Decline, Deal, Pass, Take, Call, Discard, Meld, Layoff)

#: The order of the ranges of ids: the fixed ones, then every other kind of move of the
#: registry, in its order.
ID_ORDER: Final[tuple[type[Move], ...]] = (
    *_FIXED_ORDER,
    *(kind for kind in KINDS if kind not in _FIXED_ORDER),
)


def lay_out(
    layout: ActionLayout,
) -> tuple[tuple[ActionRange, ...], dict[type[Move], int], tuple[type[Move], ...]]:
    """The ranges of the ids under ``layout``, in :data:`ID_ORDER` (empty ranges left out);
    where each kind's range starts (-1 for a kind the rules leave out); the kind of each range.
    """
    ranges: list[ActionRange] = []
    starts: dict[type[Move], int] = {}
    kinds: list[type[Move]] = []
    for kind in ID_ORDER:
        coding = CODING[kind]
        count = coding.size(layout)
        start = ranges[-1].stop if ranges else 0
        starts[kind] = start if count > 0 else -1
        if count > 0:
            ranges.append(ActionRange(kind.kind, start, start + count, coding.meaning(layout)))
            kinds.append(kind)
    return tuple(ranges), starts, tuple(kinds)
