"""Positions: sealed values, one successor builder, detached copies, and views derived from them."""

from __future__ import annotations

import copy
import pickle
import random

import attrs
import pytest
from attrs.exceptions import FrozenInstanceError

from rummy500 import IllegalMoveError, PlayerView, State, StateError, new_game, presets
from rummy500.play.position import FIELDS


def played(moves: int, seed: int = 3) -> State:
    """A 3-player standard game after ``moves`` seeded random moves."""
    state = new_game(players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def test_a_position_cannot_be_changed() -> None:
    state = played(5)
    with pytest.raises(FrozenInstanceError):
        state.turn = 9  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del state.hands
    assert state.turn == played(5).turn


def test_fields_are_the_saved_fields_in_order() -> None:
    state = played(12)
    assert tuple(state._fields()) == FIELDS
    assert State._of(**state._fields()) == state


def test_replace_changes_only_the_fields_named() -> None:
    state = played(12)
    changed = state._replace(turn=state.turn + 1)
    assert changed.turn == state.turn + 1
    assert {k: v for k, v in changed._fields().items() if k != "turn"} == {
        k: v for k, v in state._fields().items() if k != "turn"
    }
    assert changed.parent is None


def test_replace_refuses_an_unknown_field() -> None:
    with pytest.raises(StateError) as info:
        played(1)._replace(turns=3)
    assert str(info.value) == (
        "a position has no field 'turns'; its fields are " + ", ".join(FIELDS)
    )


def test_detached_is_the_same_position_without_history() -> None:
    state = played(30)
    alone = state.detached()
    assert alone == state
    assert alone is not state
    assert alone.parent is None
    assert alone.last_move is None
    assert alone.legal_moves() == state.legal_moves()
    with pytest.raises(IllegalMoveError) as info:
        alone.undo()
    assert str(info.value) == "there is no move to undo: this state was built directly"


def test_play_goes_on_from_a_detached_state_as_from_the_original() -> None:
    state = played(30)
    move = state.legal_moves()[-1]
    assert state.detached().apply(move) == state.apply(move)


def test_applying_a_move_releases_the_parents_cached_moves() -> None:
    # A long line of play keeps positions, not the lists of moves that were legal in them.
    state = played(20)
    moves = state.legal_moves()
    assert state._legal is moves
    child = state.apply(moves[0])
    assert state._legal is None
    assert child.undo() is state
    assert state.legal_moves() == moves


def test_copies_keep_the_undo_chain() -> None:
    state = played(10)
    assert copy.copy(state) is state
    assert copy.deepcopy(state) is state
    assert copy.deepcopy([state])[0].undo() is state.undo()


def test_pickle_keeps_the_position_and_drops_the_history() -> None:
    state = played(25)
    back = pickle.loads(pickle.dumps(state))
    assert back == state
    assert back.parent is None
    assert back.legal_moves() == state.legal_moves()


def test_equal_positions_hash_alike() -> None:
    a, b = played(40), played(40)
    assert a is not b
    assert a == b
    assert hash(a) == hash(b)
    assert a != played(41)


#: What a view leaves out of a state's fields, and why.
HIDDEN = {
    "hands": "only the player's own hand, and every hand's size",
    "stock": "only its size: the order is secret",
    "seed": "the seed would tell the stock order",
    "current": "shown as current_player, which also marks chance and terminal states",
}


#: What a view reads off its other fields rather than keeps (each is a property of the view).
READ_OFF = {
    "history_start": "the hands finished less the rows of the history",
    "start_totals": "the totals less the column sums of the history",
}


def test_a_view_has_every_public_field_of_a_state_but_the_hidden_ones() -> None:
    view_fields = {f.name for f in attrs.fields(PlayerView)}
    for name in READ_OFF:
        assert isinstance(getattr(PlayerView, name), property), name
    for name in FIELDS:
        assert (name in view_fields) != (name in HIDDEN or name in READ_OFF), name
    state = played(33)
    view = state.view(state.current_player)
    for name in FIELDS:
        if name not in HIDDEN:
            assert getattr(view, name) == getattr(state, name), name
    assert view.hand == state.hands[state.current_player]
    assert view.hand_sizes == tuple(len(h) for h in state.hands)
    assert view.stock_size == len(state.stock)
    assert view.legal_moves == state.legal_moves()


def test_every_field_of_a_view_holds_what_its_name_says() -> None:
    # State.view gives the fields by position: each must land under its own name.
    rng = random.Random(8)
    state = new_game(presets.get("partnership"), 4, seed=8)
    for _ in range(90):  # into the second hand
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
    # The whole numbers differ, so that none can stand in for another unnoticed.
    numbers = (state.hand_number, state.dealer, state.turn, state.current_player)
    assert len({*numbers, state.stock_size}) == 5
    assert state.history
    for player in range(4):
        view = state.view(player)
        expected = {
            "player": player,
            "side": player % 2,
            "hand": state.hands[player],
            "hand_sizes": tuple(len(h) for h in state.hands),
            "stock_size": state.stock_size,
            "current_player": state.current_player,
            "legal_moves": state.legal_moves() if player == state.current_player else (),
            "log": state.seen_log(player),
        }
        for field in attrs.fields(PlayerView):
            want = expected[field.name] if field.name in expected else getattr(state, field.name)
            assert getattr(view, field.name) == want, field.name
        assert view.log
