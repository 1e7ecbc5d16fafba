"""Putting cards down: the hand and the table a meld or a lay-off leaves, the ids of table
melds, and :func:`put_down`, the public face of a play for bots and front ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from rummy500.core.cards import JOKER, Card, face_of, format_cards
from rummy500.core.errors import (
    CardError,
    ConfigError,
    IllegalMoveError,
    StateError,
    describe_value,
    is_whole,
)
from rummy500.melds.check import layoff_cards_problem, meld_cards_problem
from rummy500.melds.shape import _JOKER, canonical_meld
from rummy500.melds.table import (
    TableMeld,
    _extended,
    _join,
    _new_meld,
    join_run,
    joined,
    placements,
)
from rummy500.rules.config import RuleConfig

__all__ = [
    "is_run_cards",
    "meld_index",
    "missing_meld",
    "new_table_meld",
    "next_meld_id",
    "physical",
    "placed_layoff",
    "placed_meld",
    "put_down",
    "put_down_unchecked",
    "remove_cards",
]


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
        problem = meld_cards_problem(cards, config)
    else:
        if not is_whole(onto):
            raise StateError(f"put_down's onto must be a table meld id, not {describe_value(onto)}")
        meld_id = onto
        index = meld_index(on_table, meld_id)
        if index < 0:
            raise IllegalMoveError(missing_meld(on_table, meld_id))
        if not isinstance(high, bool):
            raise StateError(f"put_down's high must be True or False, not {describe_value(high)}")
        problem = layoff_cards_problem(on_table[index], cards, config, high=high)
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
