"""The checks of a table meld built by hand: the arguments of :class:`~rummy500.TableMeld`'s
builders (``of``, ``new``, ``extended``), the fields given to its constructor and the card values
its methods read. A wrong one is refused with a :class:`~rummy500.StateError` (a
:class:`~rummy500.ConfigError` for the card values) that says what is wrong.

The engine builds its melds unchecked (see :mod:`rummy500.melds.table`): only a meld built from
outside the engine comes here. Fields are read as plain objects: compiled with mypyc, reading
one as its declared type would refuse a wrong value with a bare TypeError before it is checked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummy500.core.cards import CARDS
from rummy500.core.errors import ConfigError, StateError, describe_value, is_count, is_whole
from rummy500.melds.shape import _POSITIONS
from rummy500.rules.choices import CardValues

__all__ = []


def _check_cards_and_owners(cards: object, owners: object) -> tuple[list[int], list[int]]:
    """``cards`` and ``owners`` as lists of ints: refuse what
    :meth:`TableMeld.of <rummy500.TableMeld.of>` cannot rebuild a meld from."""
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


def _plain(meld: object, *names: str) -> list[Any]:
    """The fields ``names`` of a table meld being built, as plain objects: compiled, reading a
    field as its type would refuse a wrong one with a bare TypeError before it is checked."""
    return [getattr(meld, name) for name in names]


def _check_fields(meld: object) -> None:
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
