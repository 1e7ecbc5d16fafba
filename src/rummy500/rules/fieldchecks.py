"""The type checks of the rule fields: each check kept in its field's metadata, the converters
that read a value in before it, and the report of every field whose value has the wrong type.

A field of :class:`~rummy500.RuleConfig` or of one of its value classes declares what it holds
with ``metadata=whole("points")``, ``flag()``, ``one_of(Enum)`` or ``instance(cls)``;
:func:`field_problems` then names each field whose value is not of that kind, in words that
follow the field's name (``"target must be a whole number of points or None, not 'x'"``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum
from typing import Final, TypeVar, cast

import attrs

from rummy500.core.errors import is_whole, quote_value

__all__ = [
    "CHECK",
    "field_problems",
    "flag",
    "instance",
    "int_tuple",
    "int_tuple_problem",
    "member",
    "one_of",
    "whole",
]

#: The metadata key of a field's type check: a function of the value that returns what is wrong
#: with it (the words after "<field> must"), or ``None`` when the value has the right type.
CHECK: Final = "rummy500_check"

_E = TypeVar("_E", bound=Enum)


def _a(name: str) -> str:
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


def whole(unit: str, *, optional: bool = False) -> dict[str, Callable[[object], str | None]]:
    """The metadata of an int field: a whole number of ``unit`` (or ``None`` if ``optional``)."""
    expected = f"a whole number of {unit}{' or None' if optional else ''}"

    def check(value: object) -> str | None:
        if is_whole(value) or (optional and value is None):
            return None
        return f"must be {expected}, not {quote_value(value)}"

    return {CHECK: check}


def flag() -> dict[str, Callable[[object], str | None]]:
    """The metadata of a bool field: ``True`` or ``False`` only (not 0, 1 or ``"yes"``)."""

    def check(value: object) -> str | None:
        return (
            None if isinstance(value, bool) else f"must be True or False, not {quote_value(value)}"
        )

    return {CHECK: check}


def one_of(cls: type[Enum]) -> dict[str, Callable[[object], str | None]]:
    """The metadata of an enum field: a member of ``cls`` (values are converted before)."""
    # The values only (the members are the enum's): a message may list several fields.
    values = ", ".join(repr(m.value) for m in cls)

    def check(value: object) -> str | None:
        if isinstance(value, cls):
            return None
        return (
            f"must be {_a(cls.__name__)} or the value of one ({values}), not {quote_value(value)}"
        )

    return {CHECK: check}


def instance(cls: type) -> dict[str, Callable[[object], str | None]]:
    """The metadata of a field holding an instance of ``cls``."""

    def check(value: object) -> str | None:
        return (
            None
            if isinstance(value, cls)
            else f"must be {_a(cls.__name__)}, not {quote_value(value)}"
        )

    return {CHECK: check}


def member(cls: type[_E], value: object) -> object:
    """The member of ``cls`` whose value is the string ``value``; anything else as it is."""
    # Anything else is left for the check, which names what is wrong with it.
    if type(value) is str:
        for m in cls:
            if m.value == value:
                return m
    return value


def int_tuple(value: Sequence[int]) -> tuple[int, ...]:
    """A list as the tuple it lists; anything else as it is."""
    # Anything else is left for the check, which names what is wrong with it.
    return tuple(value) if isinstance(value, list) else cast(tuple[int, ...], value)


def int_tuple_problem(what: str, value: object) -> str | None:
    """What is wrong with ``value`` as a tuple of whole numbers (named ``what``), or ``None``."""
    if isinstance(value, tuple) and all(is_whole(v) for v in value):
        return None
    return f"{what} must be a tuple (or list) of whole numbers, not {quote_value(value)}"


def field_problems(obj: attrs.AttrsInstance, prefix: str = "") -> list[str]:
    """What is wrong with the types of ``obj``'s fields, one message per field."""
    problems = []
    for field in attrs.fields(type(obj)):
        check = field.metadata.get(CHECK)
        problem = check(getattr(obj, field.name)) if check else None
        if problem:
            problems.append(f"{prefix}{field.name} {problem}")
    return problems
