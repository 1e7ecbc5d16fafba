"""The form of a rule set on the "Try a variant" page, read from the code of the rules.

- :func:`describe`: every field of :class:`~rummy500.RuleConfig` (from ``attrs.fields``) with
  how the form shows it (one of :data:`KINDS`), its standard value, the values it may take and
  its documentation comment. A field of a type the form cannot show raises
  :class:`~rummy500.ConfigError`, so a field added to the rules is never left out unseen.
- :func:`bounds`: the range of every number that RuleConfig accepts, found by asking it.
- :func:`rule_set`: the RuleConfig of the form's values; a combination the rules refuse
  raises rummy500's own :class:`~rummy500.ConfigError`, whose sentence the page shows.

Only the public API of rummy500 is used (``variants.py`` runs this in the browser too).
"""

from __future__ import annotations

import ast
import functools
import inspect
import re
import types
import typing
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any, Final

import attrs

import rummy500
from rummy500 import CardValues, ConfigError, PlayerTable, RuleConfig

__all__ = ["COUNTS", "KINDS", "RANKS", "bounds", "describe", "field_kind", "rule_set"]

#: How the form shows each type of field: a checkbox, a list of values, a whole number (or
#: none, for an optional one), a number for each player count, and the value of each card.
KINDS: Final = ("flag", "choice", "whole", "per_count", "card_values")
#: The ranks as the form labels ``CardValues.by_rank`` (index 0 is unused, and stays 0).
RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
#: The player counts a per-count field holds a number for (its index 0 and 1 are unused).
COUNTS: Final = tuple(range(2, len(PlayerTable.of(0).values)))
#: How far a range is looked for: a bound further away than this is no bound.
_FAR: Final = 2**31
_GROUP: Final = re.compile(r"#\s*--\s*(?P<title>.+?)\s*-*")
_DOUBLE_BACKQUOTES: Final = re.compile(r"``(.+?)``")


def _saved(cls: type[attrs.AttrsInstance]) -> list[attrs.Attribute[Any]]:
    """The fields ``cls`` is built from (a field derived when it is built is not one)."""
    return [field for field in attrs.fields(cls) if field.init]


def field_kind(cls: type, name: str) -> tuple[str, bool]:
    """How the form shows field ``name`` of the attrs class ``cls`` (one of :data:`KINDS`),
    and whether it may be None. Raises :class:`~rummy500.ConfigError` for a field of a type
    the form cannot show."""
    hint = typing.get_type_hints(cls)[name]
    arguments = typing.get_args(hint)
    optional = typing.get_origin(hint) in (types.UnionType, typing.Union) and (
        type(None) in arguments
    )
    if optional:
        hint = next(argument for argument in arguments if argument is not type(None))
    kinds = {bool: "flag", int: "whole", PlayerTable: "per_count", CardValues: "card_values"}
    kind = kinds.get(hint)
    if kind is None and isinstance(hint, type) and issubclass(hint, Enum):
        kind = "choice"
    if kind is None or (optional and kind != "whole"):
        raise ConfigError(
            f"the form cannot show {cls.__name__}.{name}, of type {hint}"
            f"{' or None' if optional else ''}: it shows {', '.join(KINDS)}"
        )
    return kind, optional


def _documentation(cls: type) -> tuple[dict[str, str], dict[str, str]]:
    """Each field's documentation comment (the ``#:`` lines above it, as the API reference
    shows them; a field on the line after another shares its comment, as ``min_players`` and
    ``max_players`` do) and the title of its group (the ``# -- title ---`` line above the
    group), read from the source of ``cls``; empty if the source cannot be read."""
    try:
        source = inspect.getsource(cls)
    except (OSError, TypeError):
        return {}, {}
    lines = source.splitlines()
    body = ast.parse(source).body[0]
    if not isinstance(body, ast.ClassDef):
        return {}, {}
    docs: dict[str, str] = {}
    groups: dict[str, str] = {}
    title = text = ""
    above = body.lineno
    for statement in body.body:
        comments = [line.strip() for line in lines[above : statement.lineno - 1]]
        above = statement.end_lineno or statement.lineno
        for comment in comments:
            heading = _GROUP.fullmatch(comment)
            title = heading["title"] if heading else title
        if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            if comments or not text:
                own = " ".join(c.removeprefix("#:").strip() for c in comments if c[:2] == "#:")
                text = _DOUBLE_BACKQUOTES.sub(r"`\1`", own)
            docs[statement.target.id] = text
            groups[statement.target.id] = title
        else:
            text = ""
    return docs, groups


def describe() -> list[dict[str, Any]]:
    """Every field of RuleConfig as the form shows it, in order: its ``name``, ``kind`` (one
    of :data:`KINDS`), whether it is ``optional`` (may be None), its ``group``, its ``doc``,
    its ``default`` (the standard value, as :func:`rummy500.to_data` writes it) and the values
    it may take: the ``choices`` of a flag or an enum, the player ``counts`` of a per-count
    field, the ``parts`` of the card values."""
    docs, groups = _documentation(RuleConfig)
    standard = rummy500.to_data(RuleConfig())
    hints = typing.get_type_hints(RuleConfig)
    out = []
    for field in _saved(RuleConfig):
        kind, optional = field_kind(RuleConfig, field.name)
        item: dict[str, Any] = {
            "name": field.name,
            "kind": kind,
            "optional": optional,
            "group": groups.get(field.name, ""),
            "doc": docs.get(field.name, ""),
            "default": standard[field.name],
        }
        if kind == "flag":
            item["choices"] = [False, True]
        elif kind == "choice":
            item["choices"] = [member.value for member in hints[field.name]]
        elif kind == "per_count":
            item["counts"] = list(COUNTS)
        elif kind == "card_values":
            item["parts"] = [_part(part.name) for part in _saved(CardValues)]
        out.append(item)
    return out


def _part(name: str) -> dict[str, Any]:
    """A part of :class:`~rummy500.CardValues` as the form shows it: the value of each rank
    (``by_rank``), or one whole number."""
    if typing.get_type_hints(CardValues)[name] == tuple[int, ...]:
        return {"name": name, "kind": "ranks", "labels": list(RANKS)}
    kind, _ = field_kind(CardValues, name)
    return {"name": name, "kind": kind}


# -- the ranges ----------------------------------------------------------------------------


def _accepts(make: Callable[[int], object]) -> Callable[[int], bool]:
    """Whether ``make(value)`` builds without a :class:`~rummy500.ConfigError`."""

    def accepts(value: int) -> bool:
        try:
            make(value)
        except ConfigError:
            return False
        return True

    return accepts


def _edge(accepts: Callable[[int], bool], start: int, direction: int) -> int | None:
    """The last value from ``start`` (accepted) towards ``direction`` that ``accepts``, or
    None if there is no such bound within :data:`_FAR`. The values accepted are one run."""
    if accepts(start + direction * _FAR):
        return None
    good, step = start, 1
    while step < _FAR and accepts(start + direction * step):
        good, step = start + direction * step, step * 2
    bad = start + direction * step
    while abs(bad - good) > 1:
        middle = (good + bad) // 2
        good, bad = (middle, bad) if accepts(middle) else (good, middle)
    return good


def _range(make: Callable[[int], object], current: object) -> list[int | None]:
    """``[lowest, highest]`` that ``make`` accepts (None where there is no bound), looked for
    around the ``current`` value (or around 1 or 0, when it is None)."""
    accepts = _accepts(make)
    starts = [current] if isinstance(current, int) and not isinstance(current, bool) else []
    for start in [*starts, 1, 0]:
        if accepts(start):
            return [_edge(accepts, start, -1), _edge(accepts, start, 1)]
    return [None, None]


def _with_field(config: RuleConfig, name: str, value: int) -> RuleConfig:
    changes: dict[str, Any] = {name: value}
    return attrs.evolve(config, **changes)


def _with_count(config: RuleConfig, name: str, players: int, value: int) -> RuleConfig:
    values = list(getattr(config, name).values)
    values[players] = value
    changes: dict[str, Any] = {name: PlayerTable(values)}
    return attrs.evolve(config, **changes)


def _with_part(config: RuleConfig, name: str, value: int) -> RuleConfig:
    changes: dict[str, Any] = {name: value}
    return attrs.evolve(config, card_values=attrs.evolve(config.card_values, **changes))


def _with_rank(config: RuleConfig, name: str, rank: int, value: int) -> RuleConfig:
    values = list(getattr(config.card_values, name))
    values[rank] = value
    changes: dict[str, Any] = {name: values}
    return attrs.evolve(config, card_values=attrs.evolve(config.card_values, **changes))


def bounds(config: RuleConfig) -> dict[str, Any]:
    """The range of every number of the form that RuleConfig accepts, each with every other
    field as in ``config``: ``[lowest, highest]`` (None where there is no bound) for a whole
    number, a list of them for a per-count field (by player count, from 2) and for the value
    of each rank, and a dict of them for the card values."""
    out: dict[str, Any] = {}
    for field in _saved(RuleConfig):
        name, kind = field.name, field_kind(RuleConfig, field.name)[0]
        value = getattr(config, name)
        if kind == "whole":
            out[name] = _range(functools.partial(_with_field, config, name), value)
        elif kind == "per_count":
            out[name] = [
                _range(functools.partial(_with_count, config, name, n), value[n]) for n in COUNTS
            ]
        elif kind == "card_values":
            out[name] = {part.name: _part_bounds(config, part.name) for part in _saved(CardValues)}
    return out


def _part_bounds(config: RuleConfig, name: str) -> Any:
    current = getattr(config.card_values, name)
    if _part(name)["kind"] != "ranks":
        return _range(functools.partial(_with_part, config, name), current)
    return [
        _range(functools.partial(_with_rank, config, name, rank), current[rank])
        for rank in range(1, len(RANKS) + 1)
    ]


# -- the rule set --------------------------------------------------------------------------


def rule_set(values: Mapping[str, Any]) -> RuleConfig:
    """The RuleConfig of the form's ``values`` (as :func:`rummy500.to_data` writes a config;
    a field left out keeps its standard value). Raises :class:`~rummy500.ConfigError` with
    rummy500's own sentence when they do not make a rule set."""
    if not isinstance(values, Mapping):
        raise ConfigError(f"a rule set is a dict of RuleConfig's fields, not {values!r}")
    kinds = {field.name: field_kind(RuleConfig, field.name)[0] for field in _saved(RuleConfig)}
    unknown = [name for name in values if name not in kinds]
    if unknown:
        raise ConfigError(f"RuleConfig has no field {unknown[0]!r}")
    fields: dict[str, Any] = {}
    for name, value in values.items():
        if kinds[name] == "per_count" and isinstance(value, list):
            value = PlayerTable(value)
        elif kinds[name] == "card_values" and isinstance(value, Mapping):
            parts = {part.name for part in _saved(CardValues)}
            extra = [part for part in value if part not in parts]
            if extra:
                raise ConfigError(f"CardValues has no field {extra[0]!r}")
            value = CardValues(**value)
        fields[name] = value
    return RuleConfig(**fields)
