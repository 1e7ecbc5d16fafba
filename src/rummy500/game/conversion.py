"""The :class:`cattrs.Converter` that saving and loading share, and the strict reading of JSON's
values that every saved type relies on: whole numbers, booleans and strings only of their own
JSON type, a list (not any iterable) for a tuple, an enum by its value, and an object's fields
checked by name (:func:`read_fields`).

The hooks of each saved type are registered on :data:`converter` by
:mod:`rummy500.game.valuecodecs` (configs, cards, moves, events, table melds) and
:mod:`rummy500.game.documents` (states, views, game records).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any, Final, get_args, get_origin

import cattrs
from cattrs.cols import list_structure_factory

from rummy500.core.errors import SerializationError, is_whole, quote_value

__all__ = ["converter", "read_fields", "structure_enum"]

#: The :class:`cattrs.Converter` behind :func:`~rummy500.game.serialize.to_data` and
#: :func:`~rummy500.game.serialize.from_data`.
converter: Final = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)


def _strict_int(value: Any, _: type) -> int:
    # cattrs would call int() on anything: "7", 7.9 and True must not pass as numbers.
    if is_whole(value):
        return int(value)
    raise SerializationError(f"expected a whole number, got {quote_value(value)}")


def _strict_bool(value: Any, _: type) -> bool:
    if isinstance(value, bool):
        return value
    raise SerializationError(f"expected true or false, got {quote_value(value)}")


def _strict_str(value: Any, _: type) -> str:
    if isinstance(value, str):
        return value
    raise SerializationError(f"expected a string, got {quote_value(value)}")


converter.register_structure_hook(int, _strict_int)
converter.register_structure_hook(bool, _strict_bool)
converter.register_structure_hook(str, _strict_str)


def _is_homogeneous_tuple(tp: Any) -> bool:
    args = get_args(tp)
    return get_origin(tp) is tuple and len(args) == 2 and args[1] is Ellipsis


def _homogeneous_tuple_hook(tp: Any, conv: cattrs.Converter) -> Any:
    # cattrs accepts any iterable, so "QH KH" would be read letter by letter: insist on a list.
    as_list = list_structure_factory(tp, conv)

    def structure(value: Any, cls: Any) -> tuple[Any, ...]:
        if not isinstance(value, list | tuple):
            raise SerializationError(f"expected a list, got {quote_value(value)}")
        return tuple(as_list(value, cls))

    return structure


converter.register_structure_hook_factory(_is_homogeneous_tuple, _homogeneous_tuple_hook)


def structure_enum(value: Any, cls: type[Enum]) -> Enum:
    """The member of the enum ``cls`` whose value is ``value`` (of the same type)."""
    for member in cls:
        if member.value == value and type(member.value) is type(value):
            return member
    choices = ", ".join(repr(m.value) for m in cls)
    raise SerializationError(
        f"unknown {cls.__name__} {quote_value(value)}: expected one of {choices}"
    )


converter.register_unstructure_hook_func(
    lambda tp: isinstance(tp, type) and issubclass(tp, Enum), lambda e: e.value
)
converter.register_structure_hook_func(
    lambda tp: isinstance(tp, type) and issubclass(tp, Enum), structure_enum
)


def read_fields(
    value: Any, names: tuple[str, ...], what: str, optional: tuple[str, ...] = ()
) -> Mapping[str, Any]:
    """``value`` as a mapping with the keys ``names`` (and maybe ``optional``)."""
    if not isinstance(value, Mapping):
        raise SerializationError(
            f"{what} is an object with {', '.join(names)}, not {quote_value(value)}"
        )
    extra = sorted(set(value) - set(names) - set(optional))
    if extra:
        raise SerializationError(f"unknown fields in {what}: {', '.join(map(str, extra))}")
    missing = [n for n in names if n not in value]
    if missing:
        raise SerializationError(f"missing fields in {what}: {', '.join(missing)}")
    return value
