"""The registry of kinds of move: every kind has an entry in every column, and every table of
the package that does something for each kind of move is one of those columns.

A kind of move added to ``KINDS`` without an entry in some column stops the package from
importing (``kind_column`` refuses the column); a column added without being registered, or a
table that lists kinds on its own, fails here.
"""

from __future__ import annotations

import random

import pytest

import rummy500
from rummy500 import (
    Calling,
    Card,
    Deal,
    EmptyStock,
    Layoff,
    Meld,
    Move,
    RuleConfig,
    Take,
    new_game,
    render,
)
from rummy500.events import Called, LaidOff, Melded, Took
from rummy500.game import actioncoding, valuecodecs
from rummy500.play import engine, events, legality, log, moves
from rummy500.play.moves import COLUMNS, KINDS, kind_column, kind_entry
from rummy500.toolkit import ActionSpace

#: Each column of the registry and the table of the package that is it.
TABLES = {
    "problem": legality.PROBLEM,
    "candidates": legality.CANDIDATES,
    "transition": engine._APPLY,
    "event": moves.MOVE_EVENTS,
    "log": log._LOGGED,
    "action": actioncoding.CODING,
    "saved": valuecodecs._READ_MOVE,
}

#: The start of kind_column's refusal of a column (its name in the braces).
REFUSED = (
    "the column '{}' of the registry of kinds of move must have one entry for each of "
    "Draw, Take, Meld, Layoff, Discard, Decline, Call, Pass, Deal and be registered once: "
)

#: Rules under which every kind of move comes up.
CONFIG = RuleConfig(calling=Calling.ANY_PILE_CARD, empty_stock=EmptyStock.TAKE_OR_END)


def test_the_registry_lists_each_playable_kind_once_in_order() -> None:
    assert (
        rummy500.Draw,
        rummy500.Take,
        rummy500.Meld,
        rummy500.Layoff,
        rummy500.Discard,
        rummy500.Decline,
        rummy500.Call,
        rummy500.Pass,
        rummy500.Deal,
    ) == KINDS
    assert frozenset(KINDS) == legality.PLAYABLE
    assert {kind.kind: kind for kind in KINDS} == moves._BY_KIND


def test_every_column_is_registered_and_is_the_table_the_package_reads() -> None:
    assert set(COLUMNS) == set(TABLES)
    for name, table in TABLES.items():
        assert COLUMNS[name] is table, name
        assert list(table) == list(KINDS), name


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
def test_every_kind_has_every_column_filled(kind: type[Move]) -> None:
    entry = kind_entry(kind)
    assert set(entry) == set(TABLES)
    assert all(value is not None for value in entry.values())
    # The text output reads the public API only: its column is checked here.
    assert kind in render._WORDS


def test_the_render_column_names_exactly_the_kinds() -> None:
    assert list(render._WORDS) == list(KINDS)


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
def test_each_kind_logs_the_event_of_the_same_kind(kind: type[Move]) -> None:
    assert moves.MOVE_EVENTS[kind].kind == kind.kind


def test_each_kind_has_one_action_range_named_by_its_kind() -> None:
    space = ActionSpace.of(CONFIG, 3)
    assert [r.name for r in space.ranges] == [k.kind for k in space._kinds]
    assert set(space._kinds) == set(KINDS)
    assert [r.name for r in space.ranges] == [
        "draw",
        "decline",
        "deal",
        "pass",
        "take",
        "call",
        "discard",
        "meld",
        "layoff",
    ]


def test_play_logs_each_move_as_its_kinds_event_and_round_trips_its_id() -> None:
    seen: set[type[Move]] = set()
    for seed in range(40):
        rng = random.Random(seed)
        state = new_game(CONFIG, players=3, seed=seed)
        space = ActionSpace.for_state(state)
        while not state.is_terminal() and len(seen) < len(KINDS):
            legal = state.legal_moves()
            keen = [m for m in legal if isinstance(m, Take | Meld | Layoff | rummy500.Call)]
            move = rng.choice(keen if keen and rng.random() < 0.7 else legal)
            action = space.encode(move, state)
            assert space.decode(action, state) == move
            after = state.apply(move)
            logged = log._step_events(state, move, after)
            assert type(logged[0]) is moves.MOVE_EVENTS[type(move)]
            seen.add(type(move))
            state = after
        if len(seen) == len(KINDS):
            return
    raise AssertionError(f"no play found with {set(KINDS) - seen}")


def test_a_column_missing_a_kind_is_refused_by_name() -> None:
    before = dict(COLUMNS)
    table: dict[type[Move], int] = {kind: 0 for kind in KINDS if kind is not Deal}
    with pytest.raises(TypeError) as info:
        kind_column("words", table)
    assert str(info.value) == REFUSED.format("words") + "it misses Deal and has extra none"
    assert before == COLUMNS


def test_a_column_naming_another_class_or_registered_twice_is_refused() -> None:
    before = dict(COLUMNS)
    table: dict[type[Move], int] = dict.fromkeys(KINDS, 0)
    with pytest.raises(TypeError) as info:
        kind_column("words", {**table, Move: 0})
    assert str(info.value) == REFUSED.format("words") + "it misses none and has extra Move"
    with pytest.raises(TypeError) as info:
        kind_column("problem", table)
    assert str(info.value) == REFUSED.format("problem") + "it misses none and has extra none"
    assert before == COLUMNS


def test_a_subclass_of_a_kind_is_worded_as_that_kind() -> None:
    class MyTake(Take):
        pass

    move = MyTake((Card("7H"),))
    assert render.move_words(move) == "takes 7♥ from the top of the discard pile"


def test_the_trusted_builders_build_the_values_the_classes_build() -> None:
    cards = (Card("5S"), Card("6S"), Card("7S"))
    assert moves.trusted_take(cards) == Take(cards)
    assert moves.trusted_call(cards) == rummy500.Call(cards)
    assert moves.trusted_meld(cards) == Meld(cards)
    assert moves.trusted_layoff(2, cards, True) == Layoff(2, cards, True)
    assert events.trusted_took(1, cards) == Took(1, cards)
    assert events.trusted_called(1, cards) == Called(1, cards)
    assert events.trusted_melded(0, cards, 3, None) == Melded(0, cards, 3, None)
    assert events.trusted_laid_off(2, 1, cards, False) == LaidOff(2, 1, cards, False)
    assert type(moves.trusted_call(cards)) is rummy500.Call
