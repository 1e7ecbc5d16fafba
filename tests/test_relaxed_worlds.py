"""A view of a real hand whose log the search for a reading cannot settle within its work
ceiling: eight players, two decks, the pile turned over again and again, at turn 1,000 (the
rules' default turn limit). The log is neither read nor shown to be impossible, so the view is
accepted, loads, and deals worlds without a reading, each with a warning; a search bot plays it.
"""

from __future__ import annotations

import random
import warnings

import pytest

import rummy500
from helpers_long_hands import long_hand
from rummy500 import PlayerView, RelaxedWorldWarning, SearchLimitError, StateError
from rummy500.bots import ISMCTSBot
from rummy500.game.worlds import WorldSampler, sample_world
from rummy500.hidden.attribution import SEARCH_WORK_CEILING, find_reading

#: The hand, and the one player of its eight whose view the search cannot read (the other
#: seven views are read in well under a second).
STATE = long_hand(8, 1, 1000)
VIEWER = 6

WARNING = (
    "player 6's view: the search for which stock each hidden card played came from reached "
    "its ceiling (10000000 units of work), so the world deals every hidden card as if it "
    "could be anywhere"
)


@pytest.fixture(scope="module")
def view() -> PlayerView:
    return STATE.view(VIEWER)


def test_the_search_reaches_its_ceiling_on_the_view(view: PlayerView) -> None:
    att = WorldSampler(view)._reading._attribution()
    assert len(att.plays) > 500
    with pytest.raises(SearchLimitError) as info:
        find_reading(att, None)
    assert isinstance(info.value, StateError)
    assert str(info.value) == (
        "the log's plays since the pile was turned over are too entangled to read: no reading "
        f"of which stock each copy came from was found in {SEARCH_WORK_CEILING} units of work"
    )


def test_the_view_is_accepted_and_loads(view: PlayerView) -> None:
    view.validate()
    assert rummy500.loads(rummy500.dumps(view), PlayerView) == view


def test_a_world_of_the_view_is_dealt_without_a_reading_and_says_so(view: PlayerView) -> None:
    with pytest.warns(RelaxedWorldWarning) as record:
        world = sample_world(view, random.Random(3))
    assert [str(w.message) for w in record] == [WARNING]
    # The warning points at the call, not into the library.
    assert record[0].filename == __file__
    world.validate()
    assert world.view(VIEWER) == view
    with pytest.warns(RelaxedWorldWarning) as again:
        sampled = WorldSampler(view).sample(random.Random(3))
    assert sampled == world
    assert [(str(w.message), w.filename) for w in again] == [(WARNING, __file__)]


def test_a_search_bot_plays_the_view_to_move() -> None:
    # Four turns earlier the same player is to move, with a view the search cannot read
    # either.
    state = long_hand(8, 1, 996)
    assert state.current_player == VIEWER
    mover_view = state.view(VIEWER)
    with pytest.warns(RelaxedWorldWarning) as record:
        move = ISMCTSBot(0, iterations=4).choose(mover_view)
    assert move in mover_view.legal_moves
    assert state.is_legal(move)
    assert {str(w.message) for w in record} == {WARNING}


def test_the_readable_views_of_the_hand_deal_without_a_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", RelaxedWorldWarning)
        for player in (0, 5, 7):
            view = STATE.view(player)
            world = sample_world(view, random.Random(player))
            assert world.view(player) == view
            assert not WorldSampler(view)._reading.relaxed
