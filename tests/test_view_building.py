"""Views and logs as play builds them, step by step, against the same values built plainly.

``State.view`` builds its view without attrs' ``__init__`` and reads the log one step on from
the last log read: here every view is checked against the view the public constructor builds
from the same fields and from the state's public fields, and every log read in play against
the log read from scratch on a detached copy of the game replayed.
"""

from __future__ import annotations

import enum
import pickle
import random

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from rummy500 import PlayerView, State, new_game, presets
from rummy500.core.errors import ConfigError, StateError
from rummy500.events import Event
from strategies import scaled, seeds

#: The view's fields read from the state under the same name.
SHARED = [
    f.name
    for f in attrs.fields(PlayerView)
    if f.name
    not in {"player", "side", "hand", "hand_sizes", "legal_moves", "log", "current_player"}
]


def plain_view(state: State, player: int) -> PlayerView:
    """``player``'s view built through the public constructor from the state's public fields."""
    mover = state.current_player
    return PlayerView(
        player=player,
        side=state.config.side_of(player, state.players),
        hand=state.hands[player],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        current_player=mover,
        legal_moves=state.legal_moves() if mover == player else (),
        log=tuple(e.seen_by(player) for e in state.log),
        **{name: getattr(state, name) for name in SHARED},
    )


def check_view(state: State, player: int) -> PlayerView:
    view = state.view(player)
    assert type(view) is PlayerView
    fields = {f.name: getattr(view, f.name) for f in attrs.fields(PlayerView)}
    assert attrs.asdict(view, recurse=False) == fields
    public = PlayerView(**fields)
    assert public == view
    assert view == public
    assert hash(public) == hash(view)
    assert repr(public) == repr(view)
    assert attrs.evolve(view) == view
    plain = plain_view(state, player)
    for name, value in fields.items():
        expected = getattr(plain, name)
        assert value == expected, name
        assert type(value) is type(expected), name
    assert view == plain
    return view


@scaled(0.5)
@given(name=st.sampled_from(presets.names()), seed=seeds, data=st.data())
def test_views_and_logs_read_in_play_match_those_built_plainly_and_from_scratch(
    name: str, seed: int, data: st.DataObject
) -> None:
    config = presets.get(name)
    players = data.draw(st.sampled_from(config.player_counts), label="players")
    try:
        state = new_game(config, players, seed)
    except ConfigError:
        assume(False)
    rng = random.Random(seed)
    start = state.detached()
    line = [state]
    logs: list[tuple[Event, ...]] = []
    seen: list[dict[int, tuple[Event, ...]]] = []
    for _ in range(300):
        # Views are asked for as bots and front ends ask: the player to move at most steps,
        # other players now and then, in any order, and some steps not at all.
        asked: dict[int, tuple[Event, ...]] = {}
        if rng.random() < 0.9:
            mover = state.current_player
            order = [mover] if 0 <= mover < players else []
            order += rng.sample(range(players), rng.randrange(players + 1))
            for player in order:
                asked[player] = check_view(state, player).log
        if rng.random() < 0.2 and not state.is_chance_node() and not state.is_terminal():
            # A move tried and dropped, as a search does: the line goes on from ``state``.
            tried = state.apply(rng.choice(state.legal_moves()))
            check_view(tried, rng.randrange(players))
        logs.append(state.log)
        seen.append(asked)
        if state.is_terminal():
            break
        state = state.apply(rng.choice(state.legal_moves()))
        line.append(state)
    logs.append(state.log)
    seen.append({})
    # The same game on a copy with no history, its logs read last position first: each read
    # walks back to the deal of the hand, as no log of an earlier position is known.
    fresh = [start]
    for later in line[1:]:
        move = later.last_move
        assert move is not None
        fresh.append(fresh[-1].apply(move))
    assert fresh[-1] == line[-1]
    for k in reversed(range(len(line))):
        log = fresh[k].log
        assert logs[k] == log
        for player, read in seen[k].items():
            assert read == tuple(e.seen_by(player) for e in log)


class Seat(enum.IntEnum):
    SECOND = 1


def test_a_view_is_for_a_player_of_the_game() -> None:
    state = new_game(presets.get("standard"), 3, 5)
    assert state.view(Seat.SECOND) == state.view(1)
    for player in (True, 3, -1, 1.0, "1"):
        with pytest.raises(StateError, match="there is no player"):
            state.view(player)  # type: ignore[arg-type]


def test_a_view_whose_log_was_never_read_reads_as_one_built_plainly_after_play_went_on() -> None:
    # State.view leaves the log to its first read: views read only after many more moves (and
    # after memory has dropped the fields of the positions behind) give the log of their own
    # position, through every way of reading a view.
    state = new_game(players=3, seed=5)
    rng = random.Random(5)
    kept: list[tuple[State, list[PlayerView]]] = []
    while state.hand_number == 0:
        kept.append((state, [state.view(p) for p in range(3)]))
        state = state.apply(rng.choice(state.legal_moves()))
    assert len(kept) > 40
    for i, (position, views) in enumerate(kept):
        for player, view in enumerate(views):
            plain = plain_view(position, player)
            way = (i + player) % 4
            if way == 0:
                assert view == plain
            elif way == 1:
                assert hash(view) == hash(plain)
            elif way == 2:
                assert repr(view) == repr(plain)
            else:
                assert pickle.loads(pickle.dumps(view)) == plain
            assert view.log == plain.log
