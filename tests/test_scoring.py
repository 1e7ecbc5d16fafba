"""Scoring: table minus hand for every player, the worked examples of the rules, running totals
and the end of the game.
"""

from __future__ import annotations

import copy

import attrs
import pytest

from helpers_positions import TableSpec, cards, play, position
from rummy500 import TERMINAL, Deal, IllegalMoveError, Phase, PlayerTable, RuleConfig, State
from rummy500.melds.table import TableMeld
from rummy500.play.scoring import (
    GameResult,
    game_result,
    hand_points,
    hand_scores,
    player_scores,
    table_points,
    winner,
)
from rummy500.toolkit import PlayerScore, score_breakdown

CONFIG = RuleConfig()
VALUES = CONFIG.card_values

# -- the worked example: Ana goes out, Ben and Cal still hold cards ---------------------------

ANA, BEN, CAL = 0, 1, 2
BEN_HAND = "AS QD 9S 2D"  # 15 + 10 + 9 + 2 = 36
CAL_HAND = "4D 4S 6S 3H"  # 4 + 4 + 6 + 3 = 17
ANA_RUN: TableSpec = ("AC 2C 3C", ANA)  # 1 + 2 + 3: the ace is low
ANA_KINGS: TableSpec = ("KC KD KS", ANA)  # 30
BEN_RUN_WITH_ANAS_EIGHT: TableSpec = ("5H 6H 7H 8H", [BEN, BEN, BEN, ANA])  # 18 for Ben, 8 Ana
BEN_RUN: TableSpec = ("5H 6H 7H", BEN)
CAL_RUN: TableSpec = ("QH KH AH", CAL)  # 10 + 10 + 15: the ace is high
WORKED_SCORES = (44, -18, 18)


def worked_example_end() -> State:
    """The position when Ana has gone out, as the rules show it."""
    return position(
        ["", BEN_HAND, CAL_HAND],
        table=[ANA_RUN, ANA_KINGS, BEN_RUN_WITH_ANAS_EIGHT, CAL_RUN],
        phase=Phase.HAND_OVER,
    )


def test_worked_example_table_and_hand_points() -> None:
    state = worked_example_end()
    assert table_points(VALUES, state.table, 3) == [6 + 30 + 8, 18, 35]
    assert hand_points(VALUES, state.hands[BEN]) == 36
    assert hand_points(VALUES, state.hands[CAL]) == 17
    assert hand_points(VALUES, state.hands[ANA]) == 0


def test_worked_example_meld_by_meld() -> None:
    state = worked_example_end()
    points = [table_points(VALUES, [meld], 3) for meld in state.table]
    assert points == [[6, 0, 0], [30, 0, 0], [8, 18, 0], [0, 0, 35]]


def test_worked_example_hand_scores() -> None:
    state = worked_example_end()
    assert hand_scores(CONFIG, state.hands, state.table) == WORKED_SCORES


def test_worked_example_score_breakdown() -> None:
    state = worked_example_end()
    parts = score_breakdown(CONFIG, state.hands, state.table, went_out=ANA)
    assert parts == (
        PlayerScore(table=44, hand=0, bonus=0, subtracted=True),
        PlayerScore(table=18, hand=36, bonus=0, subtracted=True),
        PlayerScore(table=35, hand=17, bonus=0, subtracted=True),
    )
    assert tuple(part.score for part in parts) == WORKED_SCORES


def test_score_breakdown_shows_the_bonus_and_a_hand_not_subtracted() -> None:
    state = worked_example_end()
    rules = RuleConfig(going_out_bonus=25, no_minus_at_stock_end=True)
    went_out = score_breakdown(rules, state.hands, state.table, went_out=ANA)
    assert went_out == (
        PlayerScore(table=44, hand=0, bonus=25, subtracted=True),
        PlayerScore(table=18, hand=36, bonus=0, subtracted=True),
        PlayerScore(table=35, hand=17, bonus=0, subtracted=True),
    )
    assert [part.score for part in went_out] == [69, -18, 18]
    # The same cards when the stock ran out: nobody went out and no hand counts against.
    stock_out = score_breakdown(rules, state.hands, state.table, stock_ran_out=True)
    assert stock_out == (
        PlayerScore(table=44, hand=0, bonus=0, subtracted=False),
        PlayerScore(table=18, hand=36, bonus=0, subtracted=False),
        PlayerScore(table=35, hand=17, bonus=0, subtracted=False),
    )
    assert [part.score for part in stock_out] == [44, 18, 35]
    assert tuple(part.score for part in stock_out) == player_scores(
        rules, state.hands, state.table, stock_ran_out=True
    )


def test_worked_example_ana_goes_out_laying_off_her_last_card() -> None:
    state = position(
        ["8H", BEN_HAND, CAL_HAND],
        table=[ANA_RUN, ANA_KINGS, BEN_RUN, CAL_RUN],
        current_player=ANA,
        phase=Phase.PLAY,
    )
    over = state.apply_text("layoff 2 8H")
    assert over.phase is Phase.HAND_OVER
    assert over.went_out == ANA
    assert over.history == (WORKED_SCORES,)
    assert over.totals == WORKED_SCORES


def test_worked_example_ana_goes_out_with_a_whole_turn() -> None:
    # Ana draws the 9♣, lays off the 8♥ on Ben's run and goes out discarding the 9♣.
    state = position(
        ["8H", BEN_HAND, CAL_HAND],
        table=[ANA_RUN, ANA_KINGS, BEN_RUN, CAL_RUN],
        current_player=ANA,
        stock_top="9C",
    )
    over = play(state, "draw", "layoff 2 8H", "discard 9C")
    assert over.went_out == ANA
    assert over.pile[-1] == cards("9C")[0]
    assert over.history == (WORKED_SCORES,)


def test_worked_example_ana_goes_out_melding_her_kings() -> None:
    state = position(
        ["KC KD KS", BEN_HAND, CAL_HAND],
        table=[ANA_RUN, BEN_RUN_WITH_ANAS_EIGHT, CAL_RUN],
        current_player=ANA,
        phase=Phase.PLAY,
    )
    over = state.apply_text("meld KC KD KS")
    assert over.history == (WORKED_SCORES,)


def test_worked_example_adds_to_running_totals() -> None:
    state = position(
        ["8H", BEN_HAND, CAL_HAND],
        table=[ANA_RUN, ANA_KINGS, BEN_RUN, CAL_RUN],
        current_player=ANA,
        phase=Phase.PLAY,
        totals=[100, 10, -40],
        history=[[100, 10, -40]],
    )
    over = state.apply_text("layoff 2 8H")
    assert over.totals == (144, -8, -22)
    assert over.history == ((100, 10, -40), WORKED_SCORES)
    assert over.phase is Phase.HAND_OVER


# -- minus 15: 40 on the table and 55 in hand -------------------------------------------------


def test_minus_15_example() -> None:
    # Player 0: four 10s on the table (40); A♣ A♦ K♣ Q♦ 5♠ in hand (15 + 15 + 10 + 10 + 5).
    state = position(
        ["AC AD KC QD 5S", "9C"],
        table=[("10C 10D 10H 10S", 0)],
        current_player=1,
        phase=Phase.PLAY,
        totals=[5, 0],
        history=[[5, 0]],
    )
    over = state.apply_text("discard 9C")
    assert over.history[-1][0] == -15
    # A running total can drop below zero too.
    assert over.totals[0] == -10


# -- what each card is worth -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("meld", "points"),
    [
        ("AC 2C 3C", 6),
        ("AC 2C 3C 4C", 10),
        ("QH KH AH", 35),
        ("AC AD AH", 45),
        ("10S JS QS KS", 40),
        ("2D 2H 2S", 6),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", 1 + 44 + 40),
        ("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", 44 + 40 + 15),
    ],
)
def test_meld_points_low_ace_1_high_ace_15(meld: str, points: int) -> None:
    state = position(["", "9C"], table=[(meld, 0)], phase=Phase.HAND_OVER, leftover=1)
    assert table_points(VALUES, state.table, 2)[0] == points


def test_ace_in_hand_counts_15_against() -> None:
    assert hand_points(VALUES, cards("AS")) == 15
    assert hand_points(VALUES, cards("AC 2C 3C")) == 15 + 2 + 3


def test_meld_never_laid_down_counts_in_full_against() -> None:
    state = position(["", "KC KD KH 2S"], table=[("5H 6H 7H", 0)], phase=Phase.HAND_OVER)
    assert hand_scores(CONFIG, state.hands, state.table)[1] == -(30 + 2)


def test_low_ace_laid_off_on_two_three_four_scores_1_for_the_layer() -> None:
    state = position(
        ["AS", "9C", "4D 5D"], table=[("2S 3S 4S", 1)], current_player=0, phase=Phase.PLAY
    )
    over = state.apply_text("layoff 0 AS")
    assert over.history[-1][0] == 1
    assert over.history[-1][1] == 9 - 9


def test_high_ace_laid_off_on_queen_king_scores_15_for_the_layer() -> None:
    state = position(
        ["AS", "9C", "4D 5D"], table=[("JS QS KS", 1)], current_player=0, phase=Phase.PLAY
    )
    over = state.apply_text("layoff 0 AS")
    assert over.history[-1][0] == 15
    assert over.history[-1][1] == 30 - 9


def test_lay_off_on_another_players_meld_scores_for_the_layer_not_the_owner() -> None:
    state = position(
        ["8C", "9C", "4D 5D"], table=[("8S 8H 8D", 1)], current_player=0, phase=Phase.PLAY
    )
    over = state.apply_text("layoff 0 8C")
    assert over.history[-1] == (8, 24 - 9, -9)


def test_every_player_scores_every_hand() -> None:
    state = worked_example_end()
    scores = hand_scores(CONFIG, state.hands, state.table)
    assert all(score != 0 for score in scores)
    assert len(scores) == state.players


# -- the end of the game ---------------------------------------------------------------------


def ending(totals: list[int], table: list[TableSpec], hands: tuple[str, str]) -> State:
    """Player 0 goes out discarding the 9♣; players 1 and 2 hold ``hands``."""
    state = position(
        ["9C", *hands],
        table=table,
        current_player=0,
        phase=Phase.PLAY,
        totals=totals,
        history=[totals],
    )
    return state.apply_text("discard 9C")


def test_game_ends_when_a_total_reaches_500() -> None:
    over = ending([470, 0, 0], [("10C 10D 10H", 0)], ("2D", "3D"))
    assert over.totals == (500, -2, -3)
    assert over.phase is Phase.GAME_OVER
    assert over.winner == 0
    assert over.is_terminal()
    assert over.current_player == TERMINAL
    assert over.legal_moves() == ()


def test_game_goes_on_below_500() -> None:
    over = ending([469, 0, 0], [("10C 10D 10H", 0)], ("2D", "3D"))
    assert over.totals[0] == 499
    assert over.phase is Phase.HAND_OVER
    assert over.winner is None
    assert over.legal_moves() == (Deal(),)


def test_several_pass_500_the_highest_total_wins() -> None:
    # Player 0 goes out and passes 500, but player 1 ends higher.
    over = ending([480, 490, 0], [("10C 10D 10H", 0), ("KC KD KH", 1)], ("2D", "3D"))
    assert over.totals == (510, 518, -3)
    assert over.phase is Phase.GAME_OVER
    assert over.winner == 1


def test_tie_at_the_top_plays_more_hands() -> None:
    over = ending([480, 490, 0], [("10C 10D 10H", 0), ("KC KD KH", 1)], ("10S", "3D"))
    assert over.totals == (510, 510, -3)
    assert over.phase is Phase.HAND_OVER
    assert over.winner is None
    assert not over.is_terminal()
    assert over.legal_moves() == (Deal(),)
    nxt = over.apply(Deal())
    assert nxt.phase is Phase.DRAW
    assert nxt.totals == (510, 510, -3)


def test_tie_below_the_top_does_not_stop_the_winner() -> None:
    assert winner(CONFIG, [510, 510, 530]) == 2
    assert winner(CONFIG, [530, 510, 510]) == 0


@pytest.mark.parametrize(
    ("totals", "expected"),
    [
        ([499, 0], None),
        ([500, 0], 0),
        ([0, 500], 1),
        ([-20, 650], 1),
        ([520, 501, 499], 0),
        ([505, 505], None),
        ([505, 505, 200], None),
        ([-600, -10], None),
    ],
)
def test_winner_is_the_highest_total_of_500_or_more(
    totals: list[int], expected: int | None
) -> None:
    assert winner(CONFIG, totals) == expected


def test_no_move_after_the_game_is_over() -> None:
    over = ending([470, 0, 0], [("10C 10D 10H", 0)], ("2D", "3D"))
    before = copy.deepcopy(over)
    for move in ("deal", "draw", "discard 2D"):
        with pytest.raises(IllegalMoveError, match="the game is over"):
            over.apply_text(move)
    assert over == before


# -- game_result: whether the game is over, and who won --------------------------------------

LIMIT_3 = RuleConfig(hand_limit=3)


@pytest.mark.parametrize(
    ("config", "totals", "hands_played", "went_out_side", "expected"),
    [
        # The target decides, whatever the hand number short of the limit.
        (CONFIG, [499, 0], 1, None, GameResult(over=False, winner=None)),
        (CONFIG, [500, 0], 1, None, GameResult(over=True, winner=0)),
        (CONFIG, [505, 505], 1, None, GameResult(over=False, winner=None)),
        (CONFIG, [505, 505], 99, 0, GameResult(over=False, winner=None)),
        # At the limit (100 hands by default): the highest total, or a draw.
        (CONFIG, [505, 505], 100, 0, GameResult(over=True, winner=None)),
        (CONFIG, [-600, -10], 100, None, GameResult(over=True, winner=1)),
        (CONFIG, [-10, -10, -600], 100, None, GameResult(over=True, winner=None)),
        (CONFIG, [-600, -10, -10], 100, None, GameResult(over=True, winner=None)),
        (CONFIG, [7, 7, 9], 100, None, GameResult(over=True, winner=2)),
        (LIMIT_3, [7, 7, 9], 2, None, GameResult(over=False, winner=None)),
        (LIMIT_3, [7, 7, 9], 3, None, GameResult(over=True, winner=2)),
        (LIMIT_3, [9, 9, 7], 3, 2, GameResult(over=True, winner=None)),
        # Past the limit (a position built by hand) is the same as at it.
        (LIMIT_3, [9, 9, 7], 4, None, GameResult(over=True, winner=None)),
        # The rules' own winner on the last hand stands.
        (
            attrs.evolve(LIMIT_3, going_out_decides=True),
            [520, 520, 96],
            3,
            1,
            GameResult(over=True, winner=1),
        ),
        (
            attrs.evolve(LIMIT_3, must_go_out_to_win=True),
            [505, 520, 96],
            3,
            0,
            GameResult(over=True, winner=0),
        ),
        (
            attrs.evolve(LIMIT_3, must_go_out_to_win=True),
            [418, 520, 96],
            2,
            0,
            GameResult(over=False, winner=None),
        ),
        (
            attrs.evolve(LIMIT_3, must_go_out_to_win=True),
            [418, 520, 96],
            3,
            0,
            GameResult(over=True, winner=1),
        ),
        # A fixed number of hands: a tie plays on until the limit.
        (
            RuleConfig(target=None, hands_per_game=2, hand_limit=3),
            [5, 5],
            2,
            None,
            GameResult(over=False, winner=None),
        ),
        (
            RuleConfig(target=None, hands_per_game=2, hand_limit=3),
            [5, 5],
            3,
            None,
            GameResult(over=True, winner=None),
        ),
        (
            RuleConfig(target=None, hands_per_game=2, hand_limit=3),
            [5, 6],
            2,
            None,
            GameResult(over=True, winner=1),
        ),
    ],
)
def test_game_result_is_the_rules_winner_then_the_hand_limit(
    config: RuleConfig,
    totals: list[int],
    hands_played: int,
    went_out_side: int | None,
    expected: GameResult,
) -> None:
    result = game_result(config, totals, hands_played=hands_played, went_out_side=went_out_side)
    assert result == expected
    over, won = result
    assert (over, won) == (expected.over, expected.winner)
    # winner() is the same result's winner: None both while play goes on and for a draw.
    assert winner(config, totals, hands_played=hands_played, went_out_side=went_out_side) == won


# -- table points of melds with several owners ------------------------------------------------


def test_table_points_aces_laid_off_at_both_ends_score_for_who_laid_them() -> None:
    # Ana laid the low ace off below Ben's 2C 3C, and Cal the high ace above Ben's QH KH.
    low = TableMeld.of(cards("AC 2C 3C"), [ANA, BEN, BEN])
    high = TableMeld.of(cards("QH KH AH"), [BEN, BEN, CAL])
    assert table_points(VALUES, [low], 3) == [1, 5, 0]  # a low ace is 1
    assert table_points(VALUES, [high], 3) == [0, 20, 15]  # a high ace is 15
    assert table_points(VALUES, [low, high], 3) == [1, 25, 15]


def test_table_points_ace_inside_a_wrap_around_run_is_a_plain_ace() -> None:
    config = RuleConfig(wrap_around=True)
    run = TableMeld.of(cards("QH KH AH 2H"), [BEN, BEN, CAL, ANA])
    values = config.card_values
    assert table_points(values, [run], 3) == [2, 20, values.by_rank[1]]


def test_table_points_of_a_doubled_set_count_lay_offs_twice_for_their_owner() -> None:
    config = RuleConfig(decks=PlayerTable.of(2), four_of_a_kind_double=True)
    sevens = TableMeld.of(cards("7C 7D 7H 7S 7S"), [ANA, ANA, ANA, ANA, BEN], doubled=True)
    assert table_points(config.card_values, [sevens], 3) == [56, 14, 0]
    points = zip(sevens.card_points(config.card_values), sevens.owners, strict=True)
    by_owner = [0, 0, 0]
    for card_points, owner in points:
        by_owner[owner] += card_points
    assert table_points(config.card_values, [sevens], 3) == by_owner
