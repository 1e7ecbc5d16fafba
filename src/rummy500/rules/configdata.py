"""A rule configuration as JSON-ready data: the saved form of a :class:`RuleConfig`.

This is the one way a config is written. :mod:`rummy500.game.serialize` registers these functions
with its converter, so ``to_data(config)`` and every saved state and game record use them; a
simulation's output file writes its header with them directly, without loading saving (and
cattrs under it), which costs more than a short run.

The form: an object with a key for each field the config is built from, in the order of the
fields; an enum as its value (``"low_or_high"``), a :class:`PlayerTable` as its list of values,
:class:`CardValues` as an object of its own fields (not the values it derives, ``by_card``), a
tuple as a list, and numbers, booleans and ``None`` as they are.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Final

import attrs

from rummy500.rules.choices import CardValues, PlayerTable
from rummy500.rules.config import RuleConfig

__all__ = ["card_values_data", "config_data", "player_table_data"]


def _saved_fields(cls: type[attrs.AttrsInstance]) -> tuple[str, ...]:
    # A field derived when the value is built (init=False) is not saved: loading derives it.
    return tuple(field.name for field in attrs.fields(cls) if field.init)


_CONFIG_FIELDS: Final = _saved_fields(RuleConfig)
_CARD_VALUES_FIELDS: Final = _saved_fields(CardValues)


def player_table_data(table: PlayerTable) -> list[int]:
    """A :class:`PlayerTable` as data: its values, indexed by player count."""
    return list(table.values)


def card_values_data(values: CardValues) -> dict[str, Any]:
    """:class:`CardValues` as data: ``{"by_rank": [...], "low_ace": ..., "high_ace": ...,
    "joker": ...}``."""
    return {name: _data(getattr(values, name)) for name in _CARD_VALUES_FIELDS}


def config_data(config: RuleConfig) -> dict[str, Any]:
    """``config`` as JSON-ready data: dicts, lists, strings, ints, booleans and ``None``."""
    return {name: _data(getattr(config, name)) for name in _CONFIG_FIELDS}


def _data(value: object) -> Any:
    # Dispatched on the value: a config checks the type of every field when it is built, so a
    # value is of its field's type.
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, PlayerTable):
        return player_table_data(value)
    if isinstance(value, CardValues):
        return card_values_data(value)
    if isinstance(value, tuple):
        return list(value)
    return value
