"""What each player sees of a game that ended early, and the checks that hold it: the views say
how it ended and hide nothing new, the checks of a state and of a view refuse what does not fit
the ending, and the information state, the text output, the pictures and the information-state
rows say who ended the game."""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest

from helpers_early_end import hand_over, in_hand, played_out
from rummy500 import (
    TERMINAL,
    Ending,
    Phase,
    PlayerView,
    RuleConfig,
    StateError,
    dumps,
    loads,
)
from rummy500.events import Abandoned
from rummy500.pictures import scene_of, svg
from rummy500.render import game_result_line, hand_result_lines

NAMES = ["P0", "P1", "P2"]


def titles(picture: str) -> list[str]:
    """The titles of an SVG picture, the whole picture's first."""
    return re.findall(r"<title[^>]*>(.*?)</title>", picture)


# -- what each player sees -------------------------------------------------------------------------


def test_the_views_say_how_the_game_ended_and_hide_nothing_new() -> None:
    before = in_hand()
    ended = before.abandon(1)
    for player in range(3):
        view = ended.view(player)
        was = before.view(player)
        assert view.ending == ended.ending
        # Only what the end changes: the phase, who moves, the moves, the card owed, the log.
        assert view == attrs.evolve(
            was,
            phase=Phase.GAME_OVER,
            current_player=TERMINAL,
            legal_moves=(),
            log=(*was.log, Abandoned(1, (0, 0, 0))),
            ending=ended.ending,
        )
        assert attrs.evolve(view) == view  # checked through the constructor
        assert loads(dumps(view), PlayerView) == view
        assert view.history_start == 0
    # Another player's cards and the stock order are still hidden: changing them changes no view.
    hands = [list(h) for h in ended.hands]
    stock = list(ended.stock)
    hands[2][0], stock[0] = stock[0], hands[2][0]
    other = ended._replace(hands=tuple(tuple(sorted(h)) for h in hands), stock=tuple(stock))
    other.validate()
    assert other.view(0) == ended.view(0)
    assert other.view(1) == ended.view(1)
    assert other.view(2) != ended.view(2)


def test_a_view_between_hands_keeps_the_scored_hand() -> None:
    ended = hand_over().cancel()
    view = ended.view(1)
    assert (view.history, view.history_start, view.ending) == (
        ((6, 37, 3),),
        0,
        Ending("cancelled", None, False),
    )
    assert attrs.evolve(view) == view


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"winner": 0},
            "winner is 0, but the game was abandoned by P1 during a hand, which is not scored: "
            "a game that ends early has no winner",
        ),
        (
            {"ending": None},
            "the log event log[6] ('P1 left: game abandoned; totals 0 0 0') ends the game early, "
            "but the view's game did not end early",
        ),
        (
            {"ending": Ending("cancelled", None, True)},
            "the log event log[6] ('P1 left: game abandoned; totals 0 0 0') gives the end as "
            "abandoned, but the view as cancelled",
        ),
        (
            {"ending": Ending("abandoned", 2, True)},
            "the log event log[6] ('P1 left: game abandoned; totals 0 0 0') gives the player "
            "who left as 1, but the view as 2",
        ),
        (
            # A row for the hand cut short, which was never scored.
            {"history": ((1, -1, 0),), "player_history": ((1, -1, 0),), "log": ()},
            "the history holds 1 hand, but hand_number 0 (counting from 0) in phase game_over "
            "means 0 finished hands: the history records finished hands only",
        ),
    ],
)
def test_views_that_disagree_with_the_ending_are_refused(
    change: dict[str, Any], message: str
) -> None:
    view = in_hand().abandon(1).view(0)
    with pytest.raises(StateError) as refused:
        attrs.evolve(view, **change)
    assert str(refused.value) == message


def test_a_view_whose_log_does_not_end_with_the_ending_is_refused() -> None:
    view = in_hand().abandon(1).view(0)
    with pytest.raises(StateError) as refused:
        attrs.evolve(view, log=view.log[:-1])
    assert str(refused.value) == (
        "the game was abandoned by P1 during a hand, which is not scored, but the last event of "
        "the log, log[5] ('P0 layoff 0 5S'), is not its end"
    )


@pytest.mark.parametrize(
    ("state", "change", "message"),
    [
        (
            in_hand,
            {"ending": Ending("abandoned", 3, True)},
            "the game was abandoned by player 3, but the players are 0 to 2",
        ),
        (
            in_hand,
            {"phase": Phase.PLAY},
            "the game was abandoned by P1 during a hand, which is not scored, yet the phase is "
            "play rather than game_over: an early end is the end of the game",
        ),
        (
            in_hand,
            {"ending": Ending("abandoned", 1, False)},
            "the history holds 0 hands, but hand_number 0 (counting from 0) in phase game_over, "
            "abandoned by P1 between hands means 1 finished hand: a history, when given, records "
            "every hand of the game",
        ),
        (
            hand_over,
            {"winner": 1},
            "winner is 1, but the game was abandoned by P1 between hands: a game that ends "
            "early has no winner",
        ),
        (
            hand_over,
            {"went_out": 0},
            "went_out is 0, but player 0 still holds cards: the player who goes out has none left",
        ),
        (
            hand_over,
            {"ending": Ending("abandoned", 1, True), "went_out": 0},
            "went_out is 0, but the game was abandoned by P1 during a hand, which is not scored: "
            "nobody went out of a hand cut short",
        ),
    ],
)
def test_states_that_disagree_with_the_ending_are_refused(
    state: object, change: dict[str, object], message: str
) -> None:
    ended = state().abandon(1)  # type: ignore[operator]
    with pytest.raises(StateError) as refused:
        ended._replace(**change).validate()
    assert str(refused.value) == message


def test_a_game_over_by_its_totals_cannot_have_ended_between_hands() -> None:
    over = played_out()
    built = over._replace(winner=None, ending=Ending("cancelled", None, False))
    with pytest.raises(StateError) as refused:
        built.validate()
    assert str(refused.value) == (
        "the game was cancelled by the host between hands, but with totals [192, 154] after 1 "
        "of at most 100 hands it was over already"
    )


def test_the_information_state_says_how_the_game_ended() -> None:
    before = in_hand()
    ended = before.abandon(1)
    text = ended.information_state_string(0).splitlines()
    assert text[5] == "ended early: abandoned by P1 during a hand, which is not scored"
    assert text[-1] == "  P1 left: game abandoned; totals 0 0 0"
    assert "ended early" not in before.information_state_string(0)
    assert ended.information_state_key(0) != before.cancel().information_state_key(0)


# -- the text output and the pictures -------------------------------------------------------------


def test_the_text_output_says_who_ended_the_game_and_when() -> None:
    assert game_result_line(in_hand().abandon(1), ["P0", "You", "P2"], you=[1]) == (
        "The game is over: You left during hand 1, which is not scored, so nobody wins "
        "(totals: P0 0, You 0, P2 0)."
    )
    assert game_result_line(hand_over().cancel(), NAMES) == (
        "The game is over: the host cancelled the game after hand 1, so nobody wins "
        "(totals: P0 6, P1 37, P2 3)."
    )
    assert hand_result_lines(in_hand().cancel(), NAMES) == [
        "Hand 1 is not scored: the host cancelled the game during it."
    ]
    # Between hands, the hand just over was scored as usual.
    assert hand_result_lines(hand_over().abandon(2), NAMES) == hand_result_lines(hand_over(), NAMES)


def test_the_pictures_say_who_ended_the_game() -> None:
    scene = scene_of(in_hand().abandon(1))
    assert (scene.phase, scene.ending, scene.hand_scores, scene.mover) == (
        Phase.GAME_OVER,
        Ending("abandoned", 1, True),
        None,
        None,
    )
    assert titles(svg(in_hand().abandon(1)))[0] == (
        "Rummy 500, hand 1: Game over: P1 left, nobody wins (seen from above)"
    )
    cancelled = hand_over().cancel()
    assert scene_of(cancelled).hand_scores == (6, 37, 3)
    assert titles(svg(cancelled, seat=2, names=["Ann", "Bob", "Cy"]))[0] == (
        "Rummy 500, hand 1: Game over: cancelled by the host, nobody wins (seen by Cy)"
    )
    # The picture of a game played out says who won, as before.
    assert titles(svg(played_out()))[0] == "Rummy 500, hand 1: Game over: P0 wins (seen from above)"


def test_the_information_state_rows_name_the_player_who_left() -> None:
    pytest.importorskip("numpy")
    from rummy500.infostate import EVENT_KINDS, InformationStateSpace

    space = InformationStateSpace.of(RuleConfig(), 3)
    part = space.part("event_0")
    kinds = len(EVENT_KINDS)
    assert EVENT_KINDS[-2:] == ("abandon", "cancel")
    for ended, seats, kind in (
        (in_hand().abandon(1), [0.0, 1.0, 0.0], "abandon"),  # seat 1 counted from player 0
        (in_hand().cancel(), [0.0, 0.0, 0.0], "cancel"),
    ):
        row = [float(x) for x in space.information_state_for(ended, 0)[part.start : part.stop]]
        assert row[:3] == seats
        assert row[3 : 3 + kinds] == [1.0 if k == kind else 0.0 for k in EVENT_KINDS]
        assert row[3 + kinds :] == [0.0] * 53
        assert list(space.information_state(ended.view(0))) == list(
            space.information_state_for(ended, 0)
        )
