"""The line that ends a game: the winner with their points, or a draw at the hand limit."""

from __future__ import annotations

import attrs
import pytest

from helpers_positions import build, position
from rummy500 import Phase, RuleConfig, State, presets
from rummy500.render import game_result_line

NAMES = ["P0", "P1", "P2"]


def going_out(config: RuleConfig, totals: tuple[int, int, int]) -> State:
    """Player 0 goes out; the hand scores 18, 25 and -4 (see test_variant_winning)."""
    state = position(
        ["9D", "5D", "4S"],
        config=config,
        table=[("5C 6C 7C", 0), ("10H JH QH", 1)],
        pile="KD",
        phase=Phase.PLAY,
        totals=totals,
    )
    return state.apply_text("discard 9D")


def test_a_game_won_on_the_target() -> None:
    end = going_out(RuleConfig(), (487, 495, 100))
    assert (end.phase, end.winner) == (Phase.GAME_OVER, 1)
    assert game_result_line(end, NAMES) == "P1 wins with 520 points."
    assert game_result_line(end, ["Ann", "You", "Cy"], you=[1]) == "You win with 520 points."


def test_a_game_won_at_the_hand_limit() -> None:
    end = going_out(RuleConfig(hand_limit=1), (0, 0, 0))
    assert (end.phase, end.winner) == (Phase.GAME_OVER, 1)
    assert game_result_line(end, NAMES) == (
        "P1 wins with 25 points after 1 hand, the most a game may last."
    )


def test_a_game_drawn_at_the_hand_limit_names_the_sides_tied_at_the_top() -> None:
    two = going_out(RuleConfig(hand_limit=1), (7, 0, 0))
    assert (two.winner, two.totals) == (None, (25, 25, -4))
    assert game_result_line(two, NAMES) == (
        "The game is drawn: P0 and P1 are tied at the top with 25 points after 1 hand, the most "
        "a game may last."
    )
    three = going_out(RuleConfig(hand_limit=1), (7, 0, 29))
    assert (three.winner, three.totals) == (None, (25, 25, 25))
    assert game_result_line(three, ["You", "P1", "P2"], you=[0]) == (
        "The game is drawn: You, P1 and P2 are tied at the top with 25 points after 1 hand, the "
        "most a game may last."
    )


def test_the_hand_count_is_the_hand_limit() -> None:
    base = going_out(RuleConfig(hand_limit=1), (7, 0, 0))
    config = RuleConfig(hand_limit=100)
    later = base._replace(config=config, hand_number=99)
    assert game_result_line(later, NAMES) == (
        "The game is drawn: P0 and P1 are tied at the top with 25 points after 100 hands, the "
        "most a game may last."
    )


def test_teams_win_or_draw_as_teams() -> None:
    one_hand = attrs.evolve(presets.get("partnership"), hand_limit=1)
    names = ["P0", "P1", "P2", "P3"]

    def player_0_goes_out(totals: tuple[int, int]) -> State:
        # Team 0 (players 0 and 2) scores 14 for the hand, team 1 (players 1 and 3) 43.
        state = build(
            one_hand,
            ["8C 8D 8H 9C", "2D", "QS", "3D"],
            table=[("KC KD KH", 1), ("5H 6H 7H", 3)],
            totals=totals,
        )
        return state.apply_text("meld 8C 8D 8H").apply_text("discard 9C")

    won = player_0_goes_out((0, 0))
    assert game_result_line(won, names) == (
        "P1+P3 win with 43 points after 1 hand, the most a game may last."
    )
    drawn = player_0_goes_out((29, 0))
    assert game_result_line(drawn, names) == (
        "The game is drawn: P0+P2 and P1+P3 are tied at the top with 43 points after 1 hand, the "
        "most a game may last."
    )


def test_a_game_still_going_on_has_no_result_line() -> None:
    going_on = going_out(RuleConfig(), (0, 0, 0))
    assert going_on.phase is Phase.HAND_OVER
    with pytest.raises(ValueError, match="the game is not over") as caught:
        game_result_line(going_on, NAMES)
    assert str(caught.value) == f"the game is not over: {going_on!r}"
