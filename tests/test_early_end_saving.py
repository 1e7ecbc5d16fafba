"""Saving a game that ended early: a state, its views and its game record keep the ending (in
documents of format 5, written only for such a game), documents of earlier formats have none,
and an ending is read strictly."""

from __future__ import annotations

import json
import pickle

import attrs
import pytest

from helpers_early_end import hand_over, in_hand, played_out
from rummy500 import (
    Ending,
    GameRecord,
    IllegalMoveError,
    RuleConfig,
    SerializationError,
    State,
    StateError,
    dumps,
    from_data,
    loads,
    to_data,
)
from rummy500.play.position import FIELDS

# -- saving ---------------------------------------------------------------------------------------


def test_a_saved_state_keeps_its_ending() -> None:
    ended = in_hand().abandon(1)
    data = to_data(ended)
    assert data["format"] == 5
    assert data["ending"] == {"how": "abandoned", "player": 1, "during_hand": True}
    assert data["log"][-1] == {"event": "abandon", "player": 1, "totals": [0, 0, 0]}
    assert list(data) == ["format", *FIELDS, "log"]
    assert json.loads(dumps(ended))["ending"] == data["ending"]
    back = loads(dumps(ended), State)
    assert back == ended
    assert (back.ending, back.log) == (ended.ending, ended.log)
    cancelled = to_data(hand_over().cancel())
    assert cancelled["ending"] == {"how": "cancelled", "player": None, "during_hand": False}
    assert cancelled["log"][-1] == {"event": "cancel", "totals": [6, 37, 3]}
    # A game that did not end early has none, and neither has a view of it.
    assert "ending" not in to_data(in_hand())
    assert "ending" not in to_data(in_hand().view(0))
    view = to_data(ended.view(2))
    assert (list(view)[-2:], view["ending"]) == (["log", "ending"], data["ending"])


def test_a_game_record_keeps_its_ending() -> None:
    ended = in_hand().abandon(1)
    record = GameRecord.from_state(ended)
    assert record == GameRecord(
        RuleConfig(), 3, 1, None, ended.move_stack, ending=Ending("abandoned", 1, True)
    )
    assert to_data(record) == {
        "format": 5,
        "config": to_data(RuleConfig()),
        "players": 3,
        "seed": 1,
        "dealer": None,
        "moves": ["draw", "discard 3C", "draw", "meld 2S 3S 4S", "layoff 0 5S"],
        "ending": {"how": "abandoned", "player": 1, "during_hand": True},
    }
    back = loads(dumps(record), GameRecord)
    assert back == record
    replayed = back.replay()
    assert replayed == ended
    assert replayed.undo() == ended.undo()
    assert replayed.log == ended.log
    assert back.replay(undo=False) == ended
    # A record of a game that did not end early has no ending, as in format 4.
    assert "ending" not in to_data(GameRecord.from_state(in_hand()))


def test_older_formats_have_no_ending() -> None:
    ended = in_hand().abandon(1)
    state = {**to_data(ended), "format": 4}
    with pytest.raises(SerializationError) as refused:
        from_data(state, State)
    assert str(refused.value) == (
        "cannot load State at $: a format 4 state has no ending field: how a game ended early "
        "came with format 5"
    )
    record = {**to_data(GameRecord.from_state(ended)), "format": 3}
    with pytest.raises(SerializationError) as refused:
        from_data(record, GameRecord)
    assert str(refused.value) == (
        "cannot load GameRecord at $: a format 3 game record has no ending field: how a game "
        "ended early came with format 5"
    )
    # Without it, a document of format 4 loads as it always did.
    plain = in_hand()
    assert from_data({**to_data(plain), "format": 4}, State) == plain
    del record["ending"]
    assert from_data(record, GameRecord).replay() == ended.undo()


@pytest.mark.parametrize(
    ("ending", "message"),
    [
        (
            "x",
            "cannot load GameRecord at $.ending: an ending is an object with how, player, "
            "during_hand, not 'x'",
        ),
        (
            {"how": "quit", "player": 1, "during_hand": True},
            "cannot load GameRecord at $.ending: an ending is 'abandoned' or 'cancelled', not "
            "'quit'",
        ),
        (
            {"how": "abandoned", "player": "1", "during_hand": True},
            "cannot load GameRecord at $.ending: expected a whole number, got '1'",
        ),
        (
            {"how": "abandoned", "player": 1},
            "cannot load GameRecord at $.ending: missing fields in an ending: during_hand",
        ),
        (
            {"how": "cancelled", "player": None, "during_hand": False, "by": "host"},
            "cannot load GameRecord at $.ending: unknown fields in an ending: by",
        ),
        (
            {"how": "abandoned", "player": 3, "during_hand": True},
            "cannot load GameRecord at $: the game record's ending names player 3, but the "
            "players are 0 to 2",
        ),
    ],
)
def test_a_saved_ending_is_read_strictly(ending: object, message: str) -> None:
    record = {**to_data(GameRecord.from_state(in_hand().abandon(1))), "ending": ending}
    with pytest.raises(SerializationError) as refused:
        from_data(record, GameRecord)
    assert str(refused.value) == message


def test_a_record_whose_ending_cannot_follow_its_moves_is_refused() -> None:
    over = played_out()
    record = attrs.evolve(GameRecord.from_state(over), ending=Ending("cancelled", None, False))
    with pytest.raises(IllegalMoveError) as refused:
        record.replay()
    assert str(refused.value) == (
        "the record's ending, 'cancelled by the host between hands', cannot follow its moves: "
        "the game is already over (won by side 0): there is no game left to cancel"
    )
    # The moves end in a hand in play, where the record says between hands.
    record = attrs.evolve(
        GameRecord.from_state(in_hand().abandon(1)), ending=Ending("abandoned", 1, False)
    )
    with pytest.raises(IllegalMoveError) as refused:
        record.replay()
    assert str(refused.value) == (
        "the record's ending, 'abandoned by P1 between hands', does not fit where its moves "
        "end: the game is abandoned by P1 during a hand, which is not scored there"
    )


def test_a_game_record_checks_its_ending() -> None:
    with pytest.raises(StateError) as refused:
        GameRecord(RuleConfig(), 3, 1, ending="abandoned")  # type: ignore[arg-type]
    assert str(refused.value) == "a game record's ending is an Ending or None, not 'abandoned'"
    with pytest.raises(StateError) as refused:
        GameRecord(RuleConfig(), 2, 1, ending=Ending("abandoned", 2, True))
    assert str(refused.value) == (
        "the game record's ending names player 2, but the players are 0 to 1"
    )


def test_pickling_detaching_and_a_new_seed_keep_the_ending() -> None:
    ended = hand_over().abandon(0)
    for copy in (pickle.loads(pickle.dumps(ended)), ended.detached(), ended.with_seed(9)):
        assert copy.ending == ended.ending
        assert copy.log == ended.log
        copy.validate()
    assert pickle.loads(pickle.dumps(ended)) == ended == ended.detached()
