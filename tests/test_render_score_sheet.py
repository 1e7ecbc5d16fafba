"""The score sheet: a column per side, and in partnership games each player's score too."""

from __future__ import annotations

from typing import Any

from helpers_positions import build
from rummy500 import RuleConfig, State, presets
from rummy500.render import hand_result_lines, score_sheet

PARTNERS = presets.get("partnership")


def _player_0_goes_out(config: RuleConfig, **options: Any) -> State:
    """Four players; player 0 goes out. The players score 24, 28, -10 and 15 for the hand."""
    state = build(
        config,
        ["8C 8D 8H 9C", "2D", "QS", "3D"],
        table=[("KC KD KH", 1), ("5H 6H 7H", 3)],
        **options,
    )
    return state.apply_text("meld 8C 8D 8H").apply_text("discard 9C")


def test_a_sheet_without_partnerships_has_a_column_per_player() -> None:
    over = _player_0_goes_out(RuleConfig(), totals=(-5, 60, 0, 0), history=[(-5, 60, 0, 0)])
    assert score_sheet(over, ["P0", "P1", "P2", "P3"]) == [
        "Score sheet",
        "Hand |     P0     |     P1     |     P2     |     P3",
        "     | hand total | hand total | hand total | hand total",
        "-----+------------+------------+------------+------------",
        "   1 |   -5    -5 |   60    60 |    0     0 |    0     0",
        "   2 |   24    19 |   28    88 |  -10   -10 |   15    15",
    ]


def test_a_partnership_sheet_shows_each_players_score_and_the_teams() -> None:
    over = _player_0_goes_out(
        PARTNERS, totals=(0, 40), history=[(0, 40)], player_history=[(10, 30, -10, 10)]
    )
    assert score_sheet(over, ["P0", "P1", "P2", "P3"]) == [
        "Score sheet",
        "Hand |          P0+P2          |          P1+P3",
        "     |    P0    P2  team total |    P1    P3  team total",
        "-----+-------------------------+-------------------------",
        "   1 |    10   -10     0     0 |    30    10    40    40",
        "   2 |    24   -10    14    14 |    28    15    43    83",
    ]


def test_long_names_widen_every_cell() -> None:
    over = _player_0_goes_out(PARTNERS, totals=(0, 0))
    assert score_sheet(over, ["Alice", "Bob", "Charlotte", "Dee"]) == [
        "Score sheet",
        "Hand |             Alice+Charlotte             |                 Bob+Dee",
        "     |     Alice Charlotte      team     total |       Bob       Dee      team     total",
        "-----+-----------------------------------------+-----------------------------------------",
        "   1 |        24       -10        14        14 |        28        15        43        43",
    ]


def test_hands_whose_players_scores_are_unknown_show_the_team_only() -> None:
    # Built with the team scores of the first hand only, as a format 1 save loads.
    over = _player_0_goes_out(PARTNERS, totals=(60, 40), history=[(60, 40)])
    assert over.player_history == ((24, 28, -10, 15),)
    assert score_sheet(over, ["P0", "P1", "P2", "P3"]) == [
        "Score sheet",
        "Hand |          P0+P2          |          P1+P3",
        "     |    P0    P2  team total |    P1    P3  team total",
        "-----+-------------------------+-------------------------",
        "   1 |                60    60 |                40    40",
        "   2 |    24   -10    14    74 |    28    15    43    83",
    ]


def test_a_game_recorded_from_the_middle_numbers_its_hands_from_there() -> None:
    # Built at hand 2 (the third hand) without the record of the hands before it.
    over = _player_0_goes_out(RuleConfig(), totals=(-5, 60, 0, 0), hand_number=2)
    assert (over.history_start, over.start_totals) == (2, (-5, 60, 0, 0))
    assert score_sheet(over, ["P0", "P1", "P2", "P3"]) == [
        "Score sheet",
        "Hand |     P0     |     P1     |     P2     |     P3",
        "     | hand total | hand total | hand total | hand total",
        "-----+------------+------------+------------+------------",
        "   3 |   24    19 |   28    88 |  -10   -10 |   15    15",
    ]
    assert hand_result_lines(over, ["P0", "P1", "P2", "P3"])[0] == ("Hand 3 is over: P0 went out.")


def test_a_partnership_game_recorded_from_the_middle_numbers_its_hands_from_there() -> None:
    over = _player_0_goes_out(PARTNERS, totals=(60, 40), hand_number=3)
    assert score_sheet(over, ["P0", "P1", "P2", "P3"]) == [
        "Score sheet",
        "Hand |          P0+P2          |          P1+P3",
        "     |    P0    P2  team total |    P1    P3  team total",
        "-----+-------------------------+-------------------------",
        "   4 |    24   -10    14    74 |    28    15    43    83",
    ]
