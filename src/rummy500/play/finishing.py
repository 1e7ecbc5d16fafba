"""Whether a meld or lay-off leaves the turn possible to finish, and which cards may be
discarded: the parts of the rules for melds, lay-offs and discards that look past the move
(:func:`play_problem`, :func:`discardable`).

While a card taken from the pile is owed, a meld or lay-off that does not use it is legal only
when the card can still be used afterwards; the last card must be a discard where the rules say
so; a card taken and kept cannot be the only card left, nor be discarded this turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rummy500.core.cards import JOKER, Card
from rummy500.core.phases import USE_LAYOFF as _USE_LAYOFF
from rummy500.core.phases import USE_MELD as _USE_MELD
from rummy500.melds.costs import meld_through, use_cost
from rummy500.melds.putdown import physical, placed_meld, put_down_unchecked, remove_cards
from rummy500.melds.search import availability, new_melds
from rummy500.melds.table import TableMeld
from rummy500.play.moves import Layoff, Meld
from rummy500.play.pile import must_keep
from rummy500.play.position import Position

#: The plain joker's card id (:data:`~rummy500.core.cards.JOKER`) as a constant the compiled build
#: inlines.
_JOKER: Final = 52

__all__ = ["discardable", "play_problem"]


def _after(s: Position, move: Meld | Layoff) -> tuple[tuple[Card, ...], tuple[TableMeld, ...]]:
    """The mover's hand and the table after a well-formed meld or lay-off."""
    hand = s.hands[s._current]
    if isinstance(move, Meld):
        return put_down_unchecked(hand, s.table, move.melded, s._current, s.config)
    return put_down_unchecked(
        hand, s.table, move.laid, s._current, s.config, onto=move.meld_id, high=move.high
    )


def play_problem(s: Position, move: Meld | Layoff) -> str | None:
    """Why a well-formed meld or lay-off would leave the turn impossible to finish, or ``None``.

    The last card must be discarded where the rules say so; the owed card must still be
    usable (in the way it is owed) afterwards; a kept card cannot be the only card left.
    """
    left = len(s.hands[s._current]) - len(move.cards)
    owing = s._owing
    # Most candidates leave a card in hand (at most one must be kept) in a position that owes
    # and keeps no card: nothing more to ask.
    if owing is None and left > 0:
        return None
    cfg = s.config
    keep = must_keep(cfg)
    if left < keep:
        return "your last card must be a discard: you cannot meld or lay off every card"
    if owing is None:
        return None
    owed, use, kept = owing.owed, owing.owed_use, owing.kept
    cards = move.cards
    if owed is not None:
        # Only a joker is held as another card than it is put down as: any other owed card is
        # put down as itself.
        if owed in cards if owed < _JOKER else owed in physical(cards):
            if use is _USE_MELD and isinstance(move, Layoff):
                return f"{owed}, the deepest card you took, must go into a new meld"
            if use is _USE_LAYOFF and isinstance(move, Meld):
                return f"{owed}, the card you called, must be laid off"
        elif not _touches(owed, cards) and _owed_cost_now(s) <= left - keep:
            # Cards of another rank and suit (and no joker) change nothing the owed card could
            # use: its cheapest use stays as it is.
            pass
        elif not _meld_left(s, owed, cards, left - keep):
            new_hand, new_table = _after(s, move)
            cost = use_cost(owed, availability(new_hand, cfg), new_table, cfg, use)
            if (cost is None or cost > left - keep) and not _layoff_after_meld(
                s, new_hand, new_table, left - keep
            ):
                return (
                    f"afterwards {owed}, the deepest card you took from the discard pile, "
                    f"could no longer {use.words} this turn, as it must"
                )
    if kept is not None and left == 1 and kept not in physical(cards):
        new_hand, new_table = _after(s, move)
        # The kept card cannot be discarded: it must be able to go down on its own.
        if new_hand == (kept,) and (
            keep or use_cost(kept, availability(new_hand, cfg), new_table, cfg) != 1
        ):
            return f"afterwards you would hold only {kept}, which you kept and cannot discard"
    return None


def _meld_left(s: Position, owed: Card, cards: Sequence[Card], room: int) -> bool:
    """Whether the owed card, which ``cards`` leave in hand, can still go into a new meld of
    three cards afterwards (and may: it is not owed as a lay-off), with ``room`` cards to use.

    A new meld needs nothing on the table, so this is answered from the hand alone, without
    building the table the move leaves (the costly part of asking the full question).
    """
    if room < 3 or owed >= JOKER or s.owed_use is _USE_LAYOFF:
        return False
    cfg = s.config
    return meld_through(owed, availability(remove_cards(s.hands[s._current], cards), cfg), cfg)


def _touches(owed: Card, cards: Sequence[Card]) -> bool:
    """Whether putting ``cards`` down could change how ``owed`` can be used: they share its
    rank or suit, or hold a joker (or ``owed`` is one)."""
    if owed >= JOKER:
        return True
    suit, rank = owed // 13, owed % 13
    # A loop rather than any() over a generator (slower, pure or compiled): this runs for
    # candidate after candidate.
    for c in cards:  # noqa: SIM110
        if c >= JOKER or c // 13 == suit or c % 13 == rank:
            return True
    return False


def _owed_cost_now(s: Position) -> int:
    """The fewest cards that put the owed card down from the mover's hand as it is (a large
    number when it cannot go down)."""
    owed = s.owed
    assert owed is not None
    cfg = s.config
    cost = use_cost(owed, availability(s.hands[s._current], cfg), s.table, cfg, s.owed_use)
    return 99 if cost is None else cost


def _layoff_after_meld(
    s: Position, hand: tuple[Card, ...], table: tuple[TableMeld, ...], room: int
) -> bool:
    """Whether a called card that must be laid off can go onto a meld made first this turn.

    Only for a card owed as a lay-off: any other use needs one meld or lay-off at most.
    """
    owed = s.owed
    cfg = s.config
    if owed is None or s.owed_use is not _USE_LAYOFF:
        return False
    for cards in new_melds(availability(hand, cfg), cfg):
        if owed in physical(cards) or len(cards) >= room:
            continue
        after = remove_cards(hand, cards)
        grown = placed_meld(table, cards, s._current, cfg)
        cost = use_cost(owed, availability(after, cfg), grown, cfg, _USE_LAYOFF)
        if cost is not None and cost <= room - len(cards):
            return True
    return False


def discardable(s: Position) -> list[Card]:
    """The distinct cards the mover may discard now (in the play phase), in hand order.

    This is the rule for discards: :func:`discard_problem` accepts a discard exactly when its
    card is listed here. No card may be discarded while one is owed, and a card taken from the
    top of the pile and kept may not be (unless another copy is held).
    """
    hand = s.hands[s._current]
    if s._owing is not None:  # a card owed or kept (most positions have neither)
        if s.owed is not None:
            return []
        kept = s.kept
        if kept is not None and hand.count(kept) == 1:
            return [c for c in dict.fromkeys(hand) if c != kept]
    # Most hands hold no card twice (one deck, one joker at most): then the hand is the list.
    if len(set(hand)) == len(hand):
        return list(hand)
    return list(dict.fromkeys(hand))
