"""The tools that keep old names working for a while, each warning when used."""

from __future__ import annotations

from types import ModuleType

import pytest

import rummy500
from helpers_positions import cards
from rummy500 import (
    Call,
    Card,
    Deal,
    Decline,
    Discard,
    Draw,
    Layoff,
    Meld,
    Move,
    Pass,
    Take,
    events,
    rules,
)
from rummy500.deprecation import REMOVED_IN, module_aliases, renamed_attribute


class _Thing:
    kind = "draw"
    verb = renamed_attribute("kind")


def test_module_alias_warns_and_gives_the_new_value() -> None:
    getattr_ = module_aliases("pkg", {"Old": (lambda: 42, "pkg.New")})
    with pytest.warns(DeprecationWarning, match="is deprecated") as record:
        value = getattr_("Old")
    assert value == 42
    assert [str(w.message) for w in record] == [
        f"pkg.Old is deprecated and will be removed in rummy500 {REMOVED_IN}; use pkg.New"
    ]


def test_module_alias_refuses_other_names_as_a_module_does() -> None:
    getattr_ = module_aliases("pkg", {})
    with pytest.raises(AttributeError) as info:
        getattr_("missing")
    assert str(info.value) == "module 'pkg' has no attribute 'missing'"


def test_renamed_attribute_reads_the_new_name_from_class_and_instance() -> None:
    message = (
        f"_Thing.verb is deprecated and will be removed in rummy500 {REMOVED_IN}; use _Thing.kind"
    )
    with pytest.warns(DeprecationWarning, match="is deprecated") as record:
        from_class = _Thing.verb
    with pytest.warns(DeprecationWarning, match="is deprecated") as record_too:
        from_instance = _Thing().verb
    assert (from_class, from_instance) == ("draw", "draw")
    assert [str(w.message) for w in [*record, *record_too]] == [message, message]


def test_renamed_attribute_cannot_be_set() -> None:
    thing = _Thing()
    with pytest.raises(AttributeError) as info:
        thing.verb = "take"  # type: ignore[misc]
    assert str(info.value) == "_Thing.verb is deprecated and read-only; set kind"


@pytest.mark.parametrize(
    ("module", "old", "new"),
    [
        (rummy500, "AceRule", rummy500.Aces),
        (rummy500, "CallRule", rummy500.Calling),
        (rules, "AceRule", rules.Aces),
        (rules, "CallRule", rules.Calling),
    ],
)
def test_old_names_of_the_rules_enums(module: ModuleType, old: str, new: type) -> None:
    with pytest.warns(DeprecationWarning, match="is deprecated") as record:
        value = getattr(module, old)
    assert value is new
    assert [str(w.message) for w in record] == [
        f"{module.__name__}.{old} is deprecated and will be removed in rummy500 {REMOVED_IN}; "
        f"use rummy500.{new.__name__}"
    ]


def _message(old: str, instead: str) -> str:
    return f"{old} is deprecated and will be removed in rummy500 {REMOVED_IN}; use {instead}"


#: One move of each kind, to read the old name ``verb`` from, with its kind.
_MOVES = [
    (Draw(), "draw"),
    (Take(cards("JC 4H")), "take"),
    (Meld(cards("8S 8H 8D")), "meld"),
    (Layoff(2, cards("9S")), "layoff"),
    (Discard(Card("5S")), "discard"),
    (Decline(), "decline"),
    (Call(cards("7H 2C")), "call"),
    (Pass(), "pass"),
    (Deal(), "deal"),
]
_MOVE_IDS = [type(move).__name__ for move, _ in _MOVES]


@pytest.mark.parametrize(("move", "kind"), _MOVES, ids=_MOVE_IDS)
def test_old_name_of_the_kind_of_move_read_from_a_move_class(move: Move, kind: str) -> None:
    with pytest.warns(DeprecationWarning, match="is deprecated") as record:
        value = type(move).verb
    assert value == type(move).kind == kind
    assert [str(w.message) for w in record] == [_message("Move.verb", "Move.kind")]


def test_old_name_of_the_kind_of_move_read_from_the_base_class() -> None:
    # Move itself is no kind of move: the old name warns, then fails as the new one does.
    with (
        pytest.warns(DeprecationWarning, match="is deprecated") as record,
        pytest.raises(AttributeError) as info,
    ):
        Move.verb  # noqa: B018
    assert str(info.value) == "type object 'Move' has no attribute 'kind'"
    assert [str(w.message) for w in record] == [_message("Move.verb", "Move.kind")]


@pytest.mark.parametrize(("move", "kind"), _MOVES, ids=_MOVE_IDS)
def test_old_name_of_the_kind_of_move_read_from_a_move(move: Move, kind: str) -> None:
    with pytest.warns(DeprecationWarning, match="is deprecated") as record:
        value = move.verb
    assert value == move.kind == kind
    assert [str(w.message) for w in record] == [_message("Move.verb", "Move.kind")]


@pytest.mark.parametrize(
    ("value", "old", "new"),
    [
        (Layoff(2, cards("9S")), "Layoff.meld", "Layoff.meld_id"),
        (events.LaidOff(1, 2, cards("9S")), "LaidOff.meld", "LaidOff.meld_id"),
        (events.Melded(1, cards("8S 8H 8D"), 2), "Melded.meld", "Melded.meld_id"),
    ],
    ids=["Layoff", "LaidOff", "Melded"],
)
def test_old_name_of_a_table_meld_id(
    value: Layoff | events.LaidOff | events.Melded, old: str, new: str
) -> None:
    with pytest.warns(DeprecationWarning, match="is deprecated") as record:
        meld_id = value.meld
    assert meld_id == 2 == value.meld_id
    assert [str(w.message) for w in record] == [_message(old, new)]
