"""A long line of play: states far behind the newest keep their place, their value and their
log, while their largest fields are dropped and read back by replaying moves."""

from __future__ import annotations

import copy
import gc
import pickle
import random
import tracemalloc

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy500 import Deal, RuleConfig, State, new_game, presets
from rummy500.play import memory
from rummy500.play.position import FIELDS
from strategies import scaled, seeds


def line(config: RuleConfig, players: int, seed: int, limit: int = 2500) -> list[State]:
    """Every state of a seeded random game (at most ``limit`` moves), oldest first."""
    state = new_game(config, players, seed)
    rng = random.Random(seed)
    states = [state]
    while not state.is_terminal() and len(states) <= limit:
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
        states.append(state)
    return states


def whole(state: State) -> State:
    """The same position, built from its fields: a state that never dropped anything."""
    return State._of(**state._fields(), log=state.log)


def stand_ins(states: list[State]) -> list[int]:
    """Where the states that dropped fields stand in ``states``."""
    return [i for i, s in enumerate(states) if type(s) is not State]


def test_states_far_behind_drop_their_fields_and_the_newest_keep_them() -> None:
    states = line(RuleConfig(), 3, 0)
    dropped = stand_ins(states)
    assert len(states) == 661
    # Behind the newest 32 states, all but about one in 32 drop their hands, pile and table.
    assert len(dropped) > 0.8 * (len(states) - 32)
    assert max(dropped) < len(states) - 32
    assert all(isinstance(states[i], State) for i in dropped)


@scaled(0.3)
@given(
    name=st.sampled_from(sorted(presets.PRESETS)),
    pick=st.integers(min_value=0, max_value=10),
    seed=seeds,
    order_seed=seeds,
)
def test_every_state_of_a_line_reads_as_it_was_made(
    name: str, pick: int, seed: int, order_seed: int
) -> None:
    config = presets.get(name)
    counts = config.player_counts
    players = counts[pick % len(counts)]
    state = new_game(config, players, seed)
    rng = random.Random(seed)
    states = [state]
    made = [(state._fields(), state.log)]
    while not state.is_terminal() and len(states) <= 600:
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
        states.append(state)
        made.append((state._fields(), state.log))
    order = list(range(len(states)))
    random.Random(order_seed).shuffle(order)
    for i in order:
        assert (states[i]._fields(), states[i].log) == made[i]
    # Read back, every state of the line is a whole state again, undo walks the same objects,
    # and every state's moves are those a state never dropped would list.
    assert stand_ins(states) == []
    for i in range(len(states) - 1, 0, -1):
        assert states[i].undo() is states[i - 1]
    for i in order[:40]:
        assert states[i].legal_moves() == State._of(**made[i][0]).legal_moves()


def test_a_stand_in_compares_hashes_pickles_copies_and_detaches_as_the_state_it_is() -> None:
    states = line(RuleConfig(), 3, 4)
    old = states[40]
    assert type(old) is not State
    again = line(RuleConfig(), 3, 4)[40]  # the same position in another line
    assert type(again) is not State
    assert old == again  # reads the fields back: both are whole states again
    assert type(old) is State
    assert type(again) is State
    assert hash(old) == hash(again)
    fresh = whole(old)
    assert old == fresh
    assert old != states[41]
    other = states[45]
    assert type(other) is not State
    assert hash(other) == hash(whole(other))
    other = states[50]
    assert type(other) is not State
    back = pickle.loads(pickle.dumps(other))
    assert type(back) is State
    assert back == whole(other)
    other = states[55]
    assert copy.copy(other) is other
    assert copy.deepcopy(other) is other
    alone = states[60].detached()
    assert type(alone) is State
    assert alone.parent is None
    assert alone == whole(states[60])
    assert repr(states[70]) == repr(whole(states[70]))


def test_play_branches_from_a_state_far_behind_as_from_a_whole_one() -> None:
    states = line(RuleConfig(), 3, 7)
    old = states[100]
    assert type(old) is not State
    reference = whole(old)
    for move in reference.legal_moves():
        assert old.apply(move) == reference.apply(move)
    # The line it came from is untouched.
    assert states[101].undo() is old
    assert states[-1].undo() is states[-2]


def test_reading_a_state_far_behind_replays_a_bounded_number_of_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    states = line(RuleConfig(), 3, 0)
    replayed: list[object] = []
    real = memory.replay

    def counting(s: State, move: object) -> State:
        replayed.append(move)
        return real(s, move)  # type: ignore[arg-type]

    monkeypatch.setattr(memory, "replay", counting)
    for i in (50, 200, 400, 600):
        replayed.clear()
        assert states[i].hands == states[i].hands
        assert len(replayed) < memory.CHECKPOINT
    replayed.clear()
    for i in range(300, 250, -1):  # undo step by step: about one replay per state
        _ = states[i].pile
    assert len(replayed) < 50 + memory.CHECKPOINT


def test_the_deal_replays_like_any_move() -> None:
    states = line(RuleConfig(), 3, 0)
    deals = [i for i, s in enumerate(states) if isinstance(s.last_move, Deal)]
    assert deals
    for i in deals:
        assert whole(states[i]).hands == states[i].hands
        assert states[i].hands == whole(states[i - 1]).apply(Deal()).hands


def test_a_long_game_keeps_under_300_bytes_a_step() -> None:
    config = RuleConfig()
    line(config, 3, 1)  # fills the engine's small tables for these rules first
    tracemalloc.start()
    try:
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        states = line(config, 3, 0)
        final = states[-1]
        steps = len(states) - 1
        del states
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert final.move_stack[0] == final.move_stack[0]
    assert steps == 660
    assert kept / steps < 300


def test_fields_of_a_stand_in_are_the_fields_of_a_position() -> None:
    states = line(RuleConfig(), 3, 2)
    old = states[30]
    assert type(old) is not State
    assert tuple(old._fields()) == FIELDS
