"""Each kind of move has one legality authority, and everything that decides legality asks it.

The predicate for a kind of move (``draw_problem``, ``take_problem``, ...) is replaced on
purpose with one that refuses every move of that kind, or one particular move, and the move
generator, ``is_legal`` (on a state whose moves were never listed, and on one whose moves were
listed under the replaced predicate), ``explain_illegal`` and ``apply`` must all change with it.
The listings that predicates ask (``usable_takes`` for takes, ``callable_takes`` for calls,
``discardable`` for discards, the one authority on them) are replaced the same way.
"""

from __future__ import annotations

import copy
import random
import sys
from collections.abc import Callable
from typing import Any

import pytest

import rummy500
from rummy500 import (
    Call,
    Calling,
    Deal,
    Decline,
    Discard,
    Draw,
    EmptyStock,
    IllegalMoveError,
    Layoff,
    Meld,
    Move,
    Pass,
    RuleConfig,
    State,
    Take,
    new_game,
)
from rummy500.play import legality
from rummy500.play.moves import COLUMNS

patching = pytest.mark.skipif(
    rummy500.COMPILED,
    reason="compiled modules call one another directly: replacing a predicate in a module's "
    "namespace does not reach the compiled generator and engine",
)

#: The predicate that is the authority for each kind of move (discards: see ``LISTINGS``).
AUTHORITY: dict[type[Move], str] = {
    Draw: "draw_problem",
    Take: "take_problem",
    Call: "call_problem",
    Meld: "meld_problem",
    Layoff: "layoff_problem",
    Decline: "decline_problem",
    Pass: "pass_problem",
    Deal: "deal_problem",
}

#: Rules under which every kind of move comes up: calls are played, and an empty stock leaves
#: the player to draw the choice to take or decline.
CONFIG = RuleConfig(calling=Calling.ANY_PILE_CARD, empty_stock=EmptyStock.TAKE_OR_END)

REASON = "refused on purpose"

TAKE_REFUSED = (
    "'take 3♠ K♥' is illegal: the deepest card taken, 3♠, must be melded or laid off this "
    "turn, and your cards and the cards above it cannot do that"
)
CALL_REFUSED = (
    "'call A♠' is illegal: a call takes any pile card, if it could go straight onto a meld on "
    "the table, or the deepest of pile cards that make a meld by themselves, with every card "
    "above it, deepest first"
)


def _positions() -> dict[type[Move], State]:
    """For each kind of move, the first position of seeded random play where one is legal."""
    found: dict[type[Move], State] = {}
    wanted = [*AUTHORITY, Discard]
    for seed in range(40):
        rng = random.Random(seed)
        state = new_game(CONFIG, players=3, seed=seed)
        while not state.is_terminal() and len(found) < len(wanted):
            moves = state.legal_moves()
            for move in moves:
                found.setdefault(type(move), state)
            keen = [m for m in moves if isinstance(m, Take | Meld | Layoff | Call)]
            state = state.apply(rng.choice(keen if keen and rng.random() < 0.7 else moves))
        if len(found) == len(wanted):
            return found
    raise AssertionError(f"no position found for {set(wanted) - set(found)}")


POSITIONS = _positions()


def _replace(monkeypatch: pytest.MonkeyPatch, name: str, replacement: Callable[..., Any]) -> None:
    """Replace the function ``legality.<name>`` in every module of the package that holds it,
    and in every column of the registry of kinds of move that holds it."""
    original = getattr(legality, name)
    for module_name, module in list(sys.modules.items()):
        if module_name.startswith("rummy500") and getattr(module, name, None) is original:
            monkeypatch.setattr(module, name, replacement)
    for column in COLUMNS.values():
        for kind, entry in list(column.items()):
            if entry is original:
                monkeypatch.setitem(column, kind, replacement)


def _copies(state: State) -> tuple[State, State]:
    """Two copies of ``state`` that have listed no moves; the second then lists them."""
    fresh, listed = state.detached(), state.detached()
    listed.legal_moves()
    return fresh, listed


def _check_refused(fresh: State, listed: State, move: Move, reason: str) -> None:
    """``move`` is refused for ``reason`` by every path, on both copies."""
    expected = f"'{move}' is illegal: {reason}"
    assert move not in listed.legal_moves()
    for state in (fresh, listed):
        assert not state.is_legal(move)
        assert state.explain_illegal(move) == expected
        with pytest.raises(IllegalMoveError) as info:
            state.apply(move)
        assert str(info.value) == expected


@patching
@pytest.mark.parametrize("kind", list(AUTHORITY), ids=lambda k: k.__name__)
def test_refusing_every_move_of_a_kind(monkeypatch: pytest.MonkeyPatch, kind: type[Move]) -> None:
    state = POSITIONS[kind]
    legal = state.legal_moves()
    mine = [m for m in legal if type(m) is kind]
    assert mine
    _replace(monkeypatch, AUTHORITY[kind], lambda s, move, *rest: REASON)
    fresh, listed = _copies(state)
    # The moves of every other kind stay, in order, and those of this kind are gone.
    assert listed.legal_moves() == tuple(m for m in legal if type(m) is not kind)
    for move in mine:
        _check_refused(fresh, listed, move, REASON)
    for move in listed.legal_moves():
        assert fresh.is_legal(move)
        assert fresh.explain_illegal(move) is None


@patching
@pytest.mark.parametrize("kind", list(AUTHORITY), ids=lambda k: k.__name__)
def test_refusing_one_move(monkeypatch: pytest.MonkeyPatch, kind: type[Move]) -> None:
    state = POSITIONS[kind]
    legal = state.legal_moves()
    target = [m for m in legal if type(m) is kind][-1]
    original = getattr(legality, AUTHORITY[kind])

    def refuse_one(s: Any, move: Any, *rest: Any) -> str | None:
        return REASON if move == target else original(s, move, *rest)

    _replace(monkeypatch, AUTHORITY[kind], refuse_one)
    fresh, listed = _copies(state)
    assert listed.legal_moves() == tuple(m for m in legal if m != target)
    _check_refused(fresh, listed, target, REASON)
    for move in listed.legal_moves():
        assert fresh.is_legal(move)
        assert listed.is_legal(move)


#: The listings that are the rule for a kind of move (its predicate asks them), with the
#: reason the predicate then gives for a move of that kind which is not listed (of the
#: position found for that kind).
LISTINGS: dict[str, type[Move]] = {
    "usable_takes": Take,
    "callable_takes": Call,
    "discardable": Discard,
}


def _unlisted_reason(move: Move) -> str:
    if isinstance(move, Discard):
        return f"'{move}' is illegal: {move.card} may not be discarded now"
    return {Take: TAKE_REFUSED, Call: CALL_REFUSED}[type(move)]


@patching
@pytest.mark.parametrize("listing", list(LISTINGS))
def test_an_empty_listing_refuses_every_move_of_its_kind(
    monkeypatch: pytest.MonkeyPatch, listing: str
) -> None:
    kind = LISTINGS[listing]
    state = POSITIONS[kind]
    legal = state.legal_moves()
    first = next(m for m in legal if type(m) is kind)
    _replace(monkeypatch, listing, lambda *args: [])
    fresh, listed = _copies(state)
    assert listed.legal_moves() == tuple(m for m in legal if type(m) is not kind)
    for move in legal:
        if type(move) is kind:
            expected = fresh.explain_illegal(move)
            assert expected is not None
            assert expected.startswith(f"'{move}' is illegal: ")
            _check_refused(fresh, listed, move, expected.removeprefix(f"'{move}' is illegal: "))
    assert fresh.explain_illegal(first) == _unlisted_reason(first)


@patching
def test_a_listing_that_leaves_out_one_discard(monkeypatch: pytest.MonkeyPatch) -> None:
    state = POSITIONS[Discard]
    legal = state.legal_moves()
    target = [m for m in legal if isinstance(m, Discard)][-1]
    assert isinstance(target, Discard)
    original = legality.discardable

    def all_but_one(s: Any) -> list[Any]:
        return [c for c in original(s) if c != target.card]

    _replace(monkeypatch, "discardable", all_but_one)
    fresh, listed = _copies(state)
    assert listed.legal_moves() == tuple(m for m in legal if m != target)
    _check_refused(fresh, listed, target, f"{target.card} may not be discarded now")
    for move in listed.legal_moves():
        assert fresh.is_legal(move)
        assert listed.is_legal(move)


@patching
def test_the_take_and_call_reasons_when_nothing_is_listed(monkeypatch: pytest.MonkeyPatch) -> None:
    take = next(m for m in POSITIONS[Take].legal_moves() if isinstance(m, Take))
    call = next(m for m in POSITIONS[Call].legal_moves() if isinstance(m, Call))
    _replace(monkeypatch, "usable_takes", lambda *args: [])
    _replace(monkeypatch, "callable_takes", lambda *args: [])
    assert POSITIONS[Take].detached().explain_illegal(take) == TAKE_REFUSED
    assert POSITIONS[Call].detached().explain_illegal(call) == CALL_REFUSED


@pytest.mark.parametrize("kind", [*AUTHORITY, Discard], ids=lambda k: k.__name__)
def test_the_cache_never_changes_the_answer(kind: type[Move]) -> None:
    # Runs on compiled builds too: a state that listed its moves answers as one that did not,
    # for the listed moves, for equal moves that are not the objects listed, and for moves of
    # this kind listed in the other positions.
    fresh, listed = _copies(POSITIONS[kind])
    asked = [*listed.legal_moves(), *(m for s in POSITIONS.values() for m in s.legal_moves())]
    for move in asked:
        for m in (move, copy.copy(move)):
            assert listed.is_legal(m) == fresh.is_legal(m) == (m in listed.legal_moves())
            assert listed.explain_illegal(m) == fresh.explain_illegal(m)
