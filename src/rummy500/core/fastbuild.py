"""Building frozen objects fast: the package's two low-level tricks, kept in one place.

Moves, events, positions and views are frozen, slotted objects built very often (a bot sees a
view at every step; the generator lists dozens of moves a step). attrs' frozen ``__init__``
sets every field through ``object.__setattr__`` and runs the converters, which costs more than
the rest of building a value the package already knows to be well-formed. So such values are
built by a function written out for the class, from its list of fields, as attrs writes its own
``__init__``:

- :func:`slot_builder` sets each slot through its descriptor on a bare instance;
- :func:`draft_builder` stores each field on a *draft*, an unfrozen twin of the class with the
  same bases and the same slots in the same order, and then turns the draft into the class by
  assigning ``__class__`` (allowed because the two lay out their slots alike), which is quicker
  than the descriptor calls when there are many fields.

Both are generated with ``exec`` from the class's fields, so a new field needs no change here.
Only values already checked may be built this way: nothing is checked or converted.

A third trick puts off working out a field that is costly and seldom read: :func:`lazy_slot`
lets a slot hold a :class:`Later`, a call that gives the value, which the first read of the
field makes and keeps in its place. Every read goes through the class's descriptor (equality,
hashing, ``repr``, pickling and :func:`attrs.evolve` read the fields by name), so no reader
can tell.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar, cast

import attrs

__all__ = ["Later", "draft_builder", "lazy_slot", "slot_builder"]

V = TypeVar("V")


def _fields(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in attrs.fields(cast("type[attrs.AttrsInstance]", cls)))


def _compiled(source: str) -> Any:
    """The function ``make`` that ``source`` defines."""
    scope: dict[str, Any] = {}
    exec(source, scope)
    return scope["make"]


def slot_builder(cls: type[V]) -> Callable[..., V]:
    """A function that builds a ``cls`` (a frozen, slotted attrs class) from its fields' values,
    in field order, setting the slots straight through their descriptors."""
    # A field's slot belongs to the class that declared it (a base, for Take's ``taken``).
    setters = tuple(
        next(c.__dict__[name] for c in cls.__mro__ if name in c.__dict__).__set__
        for name in _fields(cls)
    )
    # A loop over the setters costs twice the straight calls: write the function out, reading
    # the setters from its closure (the fastest reads).
    names = [f"s{i}" for i in range(len(setters))]
    args = ", ".join(f"v{i}" for i in range(len(setters)))
    sets = "".join(f"        {put}(made, v{i})\n" for i, put in enumerate(names))
    source = (
        f"def make(new, cls, {', '.join(names)}):\n"
        f"    def build({args}):\n        made = new(cls)\n{sets}        return made\n"
        "    return build\n"
    )
    build: Callable[..., V] = _compiled(source)(object.__new__, cls, *setters)
    build.__qualname__ = build.__name__ = f"build_{cls.__name__}"
    return build


def draft_builder(cls: type[V]) -> Callable[..., V]:
    """A function that builds a ``cls`` (a frozen attrs class with slots and no weak-reference
    slot) from its fields' values, in field order (by position or by name), through a draft."""
    names = _fields(cls)
    # The draft has the class's bases too: ``__class__`` can only be assigned between classes
    # whose bases lay out alike (those bases add no slots: every field is the class's own).
    draft = type(f"_{cls.__name__}Draft", cls.__bases__, {"__slots__": names})
    stores = "".join(f"        made.{name} = {name}\n" for name in names)
    source = (
        "def make(new, draft, cls):\n"
        f"    def build({', '.join(names)}):\n"
        f"        made = new(draft)\n{stores}        made.__class__ = cls\n        return made\n"
        "    return build\n"
    )
    build: Callable[..., V] = _compiled(source)(object.__new__, draft, cls)
    build.__qualname__ = build.__name__ = f"build_{cls.__name__}"
    return build


class Later(functools.partial[Any]):
    """A value not worked out yet: the call that gives it (a :func:`functools.partial`, which
    costs less to make than an object of a class written in Python)."""

    __slots__ = ()


class _LazySlot:
    """A slot's descriptor in front of the slot: a :class:`Later` read from it is called, and
    its value kept in the slot in its place (a frozen class's own ``__setattr__`` still refuses
    every assignment by the class's users)."""

    __slots__ = ("slot",)

    def __init__(self, slot: Any) -> None:
        self.slot = slot

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        if instance is None:
            return self
        value = self.slot.__get__(instance, owner)
        if type(value) is Later:
            value = value()
            self.slot.__set__(instance, value)
        return value

    def __set__(self, instance: object, value: object) -> None:
        self.slot.__set__(instance, value)

    def __delete__(self, instance: object) -> None:
        self.slot.__delete__(instance)


def lazy_slot(cls: type, name: str) -> None:
    """Let the slot ``name`` of ``cls`` hold a :class:`Later`: its first read by name gives the
    value, and keeps it."""
    setattr(cls, name, _LazySlot(cls.__dict__[name]))
