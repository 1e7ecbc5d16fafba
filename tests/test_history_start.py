"""A game recorded from the middle: a position built with totals or a hand number but no
history starts the record of the game there (history_start, start_totals), and every state
that play reaches from it validates, saves and loads exactly, and undoes."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy500 import (
    Phase,
    RuleConfig,
    SerializationError,
    State,
    StateError,
    dumps,
    from_data,
    loads,
    new_game,
    presets,
    to_data,
)
from rummy500.render import hand_result_lines, score_sheet

PAGAT = presets.get("pagat")
#: The position of docs/build-positions.md: the third hand (hand 2) of a game under way.
DOCS_POSITION: dict[str, Any] = {
    "hands": ["4H 9S", "2C 2D", "KC QD 3D"],
    "pile": "10D",
    "table": [("5H 6H JK=7H 8H", 0), ("QH JK=QS QC", 1), (["2S", "3S", "4S"], [2, 2, 0])],
    "hand_number": 2,
    "totals": [85, 120, 40],
    "seed": 3,
}


def check_step(state: State) -> None:
    """What every state reached by play must do: validate, and save and load exactly."""
    state.validate()
    text = dumps(state)
    back = loads(text, State)
    assert back == state
    assert dumps(back) == text
    assert (back.history_start, back.start_totals) == (state.history_start, state.start_totals)


def play_on(state: State, rng: random.Random, *, until_hand_over: bool = False) -> State:
    """Play random moves from ``state``, checking every state and every undo, to the end of
    the hand (or of the game)."""
    check_step(state)
    while not state.is_terminal() and not (until_hand_over and state.is_chance_node()):
        move = rng.choice(state.legal_moves())
        after = state.apply(move)
        assert after.undo() is state
        assert (after.history_start, after.start_totals) == (
            state.history_start,
            state.start_totals,
        )
        state = after
        check_step(state)
    return state


def test_the_docs_position_starts_its_record_at_its_hand() -> None:
    state = State.from_position(PAGAT, **DOCS_POSITION)
    assert (state.history_start, state.start_totals, state.history) == (2, (85, 120, 40), ())
    check_step(state)


def test_the_docs_position_played_to_the_end_of_its_hand_and_of_the_game() -> None:
    short = attrs.evolve(PAGAT, target=300)
    start = State.from_position(short, **DOCS_POSITION)
    rng = random.Random(5)
    over = play_on(start, rng, until_hand_over=True)
    assert (over.phase, over.hand_number, over.went_out) == (Phase.HAND_OVER, 2, 0)
    assert (over.history, over.totals) == (((49, 45, -13),), (134, 165, 27))
    assert over.move_stack[-1].text(ascii=True) == "discard 7C"
    assert hand_result_lines(over, ["Ann", "Bob", "Cy"])[0] == "Hand 3 is over: Ann went out."
    final = play_on(over, rng)
    assert (final.phase, final.hand_number, final.winner) == (Phase.GAME_OVER, 4, 1)
    assert final.history == ((49, 45, -13), (86, 87, 173), (18, 183, 97))
    assert final.totals == (238, 435, 297)
    assert (final.history_start, final.start_totals) == (2, (85, 120, 40))
    assert score_sheet(final, ["Ann", "Bob", "Cy"])[4:] == [
        "   3 |   49   134 |   45   165 |  -13    27",
        "   4 |   86   220 |   87   252 |  173   200",
        "   5 |   18   238 |  183   435 |   97   297",
    ]
    # Every position of the line undoes back to the position built.
    node = final
    while node.parent is not None:
        node = node.undo()
    assert node is start


def test_a_partnership_game_recorded_from_the_middle() -> None:
    short = attrs.evolve(presets.get("partnership"), target=400)
    opening = new_game(short, 4, 11)
    start = State.from_position(
        short,
        hands=opening.hands,
        stock=opening.stock,
        pile=opening.pile,
        current_player=opening.current_player,
        dealer=opening.dealer,
        hand_number=4,
        totals=[250, 310],
        seed=11,
    )
    final = play_on(start, random.Random(2))
    assert (final.history_start, final.start_totals) == (4, (250, 310))
    assert len(final.history) == len(final.player_history) == final.hand_number - 3
    assert final.totals == tuple(
        t + sum(row[s] for row in final.history) for s, t in enumerate((250, 310))
    )
    sheet = score_sheet(final, ["Ann", "Bob", "Cy", "Di"])
    assert sheet[4].startswith("   5 |")


def test_a_view_reads_where_the_record_starts() -> None:
    start = State.from_position(PAGAT, **DOCS_POSITION)
    over = play_on(start, random.Random(5), until_hand_over=True)
    for state in (start, over, over.apply_text("deal")):
        for player in range(3):
            view = state.view(player)
            assert (view.history_start, view.start_totals) == (2, (85, 120, 40))
    assert "history_start" not in to_data(start.view(0))


@settings(max_examples=6)
@given(
    name=st.sampled_from(["standard", "pagat", "partnership"]),
    seed=st.integers(0, 2**16),
    hand_number=st.integers(0, 8),
    data=st.data(),
)
def test_every_state_reached_from_a_mid_game_start_validates_and_round_trips(
    name: str, seed: int, hand_number: int, data: st.DataObject
) -> None:
    # A low target and hand limit, so that random play ends the game within two hands.
    config = attrs.evolve(presets.get(name), target=300, hand_limit=hand_number + 2)
    players = data.draw(st.sampled_from(config.player_counts), label="players")
    sides = config.sides(players)
    totals = data.draw(st.lists(st.integers(-150, 299), min_size=sides, max_size=sides))
    opening = new_game(config, players, seed)
    start = State.from_position(
        config,
        hands=opening.hands,
        stock=opening.stock,
        pile=opening.pile,
        current_player=opening.current_player,
        dealer=opening.dealer,
        hand_number=hand_number,
        totals=totals,
        seed=seed,
    )
    final = play_on(start, random.Random(seed))
    assert final.is_terminal()
    assert (final.history_start, final.start_totals) == (hand_number, tuple(totals))
    finished = final.hand_number + 1
    assert len(final.history) == finished - hand_number


# -- what validate refuses -----------------------------------------------------------------------


def test_a_history_out_of_step_with_where_the_record_starts() -> None:
    start = State.from_position(PAGAT, **DOCS_POSITION)
    with pytest.raises(StateError) as info:
        start._replace(history=((10, 0, 0),), totals=(95, 120, 40)).validate()
    assert str(info.value) == (
        "the history holds 1 hand, but hand_number 2 (counting from 0) in phase draw means 0 "
        "finished hands since hand 2, where the record of the game starts (history_start): "
        "the history records every hand from there"
    )


def test_totals_that_are_not_the_start_totals_plus_the_history() -> None:
    over = play_on(
        State.from_position(PAGAT, **DOCS_POSITION), random.Random(5), until_hand_over=True
    )
    with pytest.raises(StateError) as info:
        over._replace(totals=(121, 114, 20)).validate()
    assert str(info.value) == (
        "totals [121, 114, 20] are not the start_totals [85, 120, 40] plus the sums "
        "[49, 45, -13] of the history: the history records every hand since hand 2, where the "
        "record of the game starts with start_totals"
    )


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"history_start": 3},
            "history_start 3 is not from 0 to 2: hand_number 2 (counting from 0) in phase draw "
            "means 2 finished hands, and the record of the game starts at one of them or with "
            "the hand in play",
        ),
        (
            {"history_start": -1},
            "history_start -1 is not from 0 to 2: hand_number 2 (counting from 0) in phase draw "
            "means 2 finished hands, and the record of the game starts at one of them or with "
            "the hand in play",
        ),
        (
            {"start_totals": (85, 120)},
            "start_totals [85, 120] needs one score for each of the 3 sides",
        ),
    ],
)
def test_where_the_record_starts_must_make_sense(changes: dict[str, Any], message: str) -> None:
    start = State.from_position(PAGAT, **DOCS_POSITION)
    with pytest.raises(StateError) as info:
        start._replace(**changes).validate()
    assert str(info.value) == message
    data = to_data(start)
    data.update({k: list(v) if isinstance(v, tuple) else v for k, v in changes.items()})
    with pytest.raises(SerializationError) as loaded:
        from_data(data, State)
    assert str(loaded.value) == f"cannot load State at $: inconsistent state: {message}"


# -- older documents -----------------------------------------------------------------------------


def format_3(state: State) -> dict[str, Any]:
    """``state`` saved as format 3 wrote it: no history_start or start_totals."""
    data = json.loads(dumps(state))
    data["format"] = 3
    del data["history_start"], data["start_totals"]
    return data


def test_a_format_3_state_without_a_history_starts_its_record_at_the_position() -> None:
    start = State.from_position(PAGAT, **DOCS_POSITION)
    assert from_data(format_3(start), State) == start
    # A finished hand that format 3 saved with no history: the record starts after it.
    old = State.from_position(
        RuleConfig(),
        hands=["", "2H 3H", "KD"],
        pile="8C",
        table=[("9C 10C JC", 0), ("QS KS AS", 0)],
        went_out=0,
        totals=[100, 50, 20],
    )
    data = format_3(old)
    data["history"] = data["player_history"] = []
    loaded = from_data(data, State)
    assert (loaded.history, loaded.history_start, loaded.start_totals) == (
        (),
        1,
        (164, 45, 10),
    )
    assert loaded.apply_text("deal").history_start == 1


def test_a_format_3_state_with_a_history_is_the_whole_record() -> None:
    final = new_game(attrs.evolve(RuleConfig(), target=200), 3, 4)
    rng = random.Random(1)
    while not final.is_terminal():
        final = final.apply(rng.choice(final.legal_moves()))
    assert len(final.history) > 1
    assert from_data(format_3(final), State) == final


def test_a_format_3_state_with_where_its_record_starts_is_refused() -> None:
    data = to_data(State.from_position(PAGAT, **DOCS_POSITION))
    data["format"] = 3
    with pytest.raises(SerializationError) as info:
        from_data(data, State)
    assert str(info.value) == (
        "cannot load State at $: a format 3 state has no history_start or start_totals field: "
        "where the record of the game starts came with format 4"
    )


def test_a_saved_state_writes_where_its_record_starts() -> None:
    data = to_data(State.from_position(PAGAT, **DOCS_POSITION))
    assert (data["format"], data["history_start"], data["start_totals"]) == (5, 2, [85, 120, 40])
    data["start_totals"] = None
    with pytest.raises(SerializationError) as info:
        from_data(data, State)
    assert str(info.value) == ("cannot load State at $.start_totals: expected a list, got None")


def test_a_hand_built_as_over_by_its_phase_starts_the_record_after_it() -> None:
    # Not scored on construction (no went_out): the totals given are those after the hand.
    over = State.from_position(
        RuleConfig(),
        hands=["", "2H 3H", "KD"],
        pile="8C",
        table=[("9C 10C JC", 0), ("QS KS AS", 0)],
        phase=Phase.HAND_OVER,
        hand_number=1,
        totals=[100, 50, 20],
    )
    assert (over.history, over.history_start, over.start_totals) == ((), 2, (100, 50, 20))
    check_step(over)
    dealt = over.apply_text("deal")
    assert (dealt.hand_number, dealt.history_start) == (2, 2)
    after = play_on(dealt, random.Random(3), until_hand_over=True)
    assert len(after.history) == 1
