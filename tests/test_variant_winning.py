"""Winning variants: the target, a fixed number of hands, must go out to win, going out
deciding the game, and the hand limit that ends every game (won, or drawn on a tie).

Each test is named after the rule sentence it checks and ends a hand with real moves on a
hand-built position, so the totals, the phase and the winner come from the engine itself.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from helpers_positions import position
from rummy500 import (
    TERMINAL,
    ConfigError,
    Deal,
    Decline,
    Discard,
    IllegalMoveError,
    Phase,
    RuleConfig,
    State,
    StateError,
    new_game,
    presets,
)

STANDARD = RuleConfig()
MUST_GO_OUT = RuleConfig(must_go_out_to_win=True)
GOING_OUT_DECIDES = RuleConfig(going_out_decides=True)

# Player 0 has 5♣ 6♣ 7♣ down (18) and goes out by throwing the 9♦; player 1 has 10♥ J♥ Q♥ down
# (30) and holds the 5♦ (-5); player 2 holds the 4♠ (-4). The hand scores 18, 25 and -4.
HAND_SCORES = (18, 25, -4)


def going_out(config: RuleConfig, totals: tuple[int, int, int], hand_number: int = 0) -> State:
    """Hand ``hand_number`` (from 0) ended by player 0 going out, starting from ``totals``."""
    # The earlier hands' scores add up to the totals.
    history = [totals, *[(0, 0, 0)] * (hand_number - 1)] if hand_number else []
    state = position(
        ["9D", "5D", "4S"],
        config=config,
        table=[("5C 6C 7C", 0), ("10H JH QH", 1)],
        pile="KD",
        phase=Phase.PLAY,
        totals=totals,
        history=history,
    )
    return state.apply(Discard(state.hands[0][0]))


def stock_out(config: RuleConfig, totals: tuple[int, int, int]) -> State:
    """The same hand ended with nobody out: player 0 declines to draw from the empty stock."""
    state = position(
        ["9D", "5D", "4S"],
        config=config,
        table=[("5C 6C 7C", 0), ("10H JH QH", 1)],
        leftover="pile",
        totals=totals,
    )
    return state.apply(Decline())


def after(totals: tuple[int, int, int], scores: tuple[int, ...] = HAND_SCORES) -> tuple[int, ...]:
    """``totals`` with a hand's ``scores`` added."""
    return tuple(t + s for t, s in zip(totals, scores, strict=True))


def test_the_positions_score_the_usual_way_table_minus_hand() -> None:
    end = going_out(STANDARD, (0, 0, 0))
    assert end.went_out == 0
    assert end.history[-1] == HAND_SCORES
    nobody = stock_out(STANDARD, (0, 0, 0))
    assert nobody.went_out is None
    assert nobody.history[-1] == (18 - 9, 25, -4)


# -- must go out to win ------------------------------------------------------------------------


def test_must_go_out_to_win_505_going_out_beats_520_sitting() -> None:
    before = (487, 495, 100)
    assert after(before)[:2] == (505, 520)
    standard = going_out(STANDARD, before)
    assert (standard.phase, standard.winner) == (Phase.GAME_OVER, 1)
    end = going_out(MUST_GO_OUT, before)
    assert end.totals == (505, 520, 96)
    assert (end.phase, end.winner) == (Phase.GAME_OVER, 0)


def test_must_go_out_to_win_another_player_passing_the_target_does_not_end_the_game() -> None:
    before = (400, 495, 100)
    standard = going_out(STANDARD, before)
    assert (standard.phase, standard.winner) == (Phase.GAME_OVER, 1)
    end = going_out(MUST_GO_OUT, before)
    assert end.totals == (418, 520, 96)
    assert (end.phase, end.winner) == (Phase.HAND_OVER, None)
    # The game goes on with the next deal.
    nxt = end.apply(Deal())
    assert nxt.hand_number == 1
    assert nxt.phase is Phase.DRAW
    assert nxt.totals == end.totals


def test_must_go_out_to_win_no_one_wins_on_a_hand_nobody_went_out_on() -> None:
    before = (400, 495, 100)
    standard = stock_out(STANDARD, before)
    assert (standard.phase, standard.winner) == (Phase.GAME_OVER, 1)
    end = stock_out(MUST_GO_OUT, before)
    assert end.went_out is None
    assert end.totals[1] == 520
    assert (end.phase, end.winner) == (Phase.HAND_OVER, None)


def test_must_go_out_to_win_needs_a_total_at_or_past_the_target() -> None:
    # Going out on 499 does not win, even with nobody else near the target.
    short = going_out(MUST_GO_OUT, (481, 0, 0))
    assert short.totals[0] == 499
    assert (short.phase, short.winner) == (Phase.HAND_OVER, None)
    exact = going_out(MUST_GO_OUT, (482, 0, 0))
    assert exact.totals[0] == 500
    assert (exact.phase, exact.winner) == (Phase.GAME_OVER, 0)


# -- going out decides it --------------------------------------------------------------------


def test_going_out_decides_when_several_reach_the_target_on_the_same_hand() -> None:
    before = (487, 495, 100)
    end = going_out(GOING_OUT_DECIDES, before)
    assert end.totals == (505, 520, 96)
    assert (end.phase, end.winner) == (Phase.GAME_OVER, 0)


def test_going_out_decides_whatever_the_totals_even_a_tie_at_the_top() -> None:
    before = (502, 495, 100)
    standard = going_out(STANDARD, before)
    assert standard.totals[:2] == (520, 520)
    assert (standard.phase, standard.winner) == (Phase.HAND_OVER, None)
    end = going_out(GOING_OUT_DECIDES, before)
    assert (end.phase, end.winner) == (Phase.GAME_OVER, 0)


def test_going_out_decides_only_among_those_who_reach_the_target() -> None:
    # Player 0 goes out short of 500: player 1, the only one past it, wins as usual.
    end = going_out(GOING_OUT_DECIDES, (400, 495, 100))
    assert (end.phase, end.winner) == (Phase.GAME_OVER, 1)
    # With nobody out, the highest total wins.
    nobody = stock_out(GOING_OUT_DECIDES, (500, 480, 100))
    assert nobody.totals[:2] == (509, 505)
    assert (nobody.phase, nobody.winner) == (Phase.GAME_OVER, 0)


def test_must_go_out_to_win_and_going_out_decides_are_exclusive() -> None:
    with pytest.raises(ConfigError, match="must_go_out_to_win and going_out_decides"):
        RuleConfig(must_go_out_to_win=True, going_out_decides=True)
    with pytest.raises(ConfigError, match="must_go_out_to_win needs a target"):
        RuleConfig(must_go_out_to_win=True, target=None, hands_per_game=2)


# -- the target --------------------------------------------------------------------------------


@pytest.mark.parametrize("target", [50, 500, 1000, 2345])
def test_the_game_ends_after_a_hand_in_which_a_total_reaches_the_target(target: int) -> None:
    config = RuleConfig(target=target)
    short = going_out(config, (target - 19, 0, 0))
    assert short.totals[0] == target - 1
    assert (short.phase, short.winner) == (Phase.HAND_OVER, None)
    reached = going_out(config, (target - 18, 0, 0))
    assert reached.totals[0] == target
    assert (reached.phase, reached.winner) == (Phase.GAME_OVER, 0)


def test_play_to_1000_goes_on_past_500() -> None:
    for config in (RuleConfig(target=1000), presets.get("1000")):
        end = going_out(config, (487, 495, 100))
        assert (end.phase, end.winner) == (Phase.HAND_OVER, None)
        won = going_out(config, (987, 995, 100))
        assert (won.phase, won.winner) == (Phase.GAME_OVER, 1)


@pytest.mark.parametrize("target", [0, -1, -500])
def test_the_target_is_a_positive_number(target: int) -> None:
    with pytest.raises(ConfigError, match="target must be a positive number"):
        RuleConfig(target=target)


def test_a_game_needs_a_target_or_a_number_of_hands() -> None:
    with pytest.raises(ConfigError, match="a game needs a target or a number of hands"):
        RuleConfig(target=None)
    with pytest.raises(ConfigError, match="hands_per_game must be positive"):
        RuleConfig(target=None, hands_per_game=0)


def test_ties_at_the_top_play_more_hands() -> None:
    end = going_out(STANDARD, (502, 495, 100))
    assert end.totals == (520, 520, 96)
    assert (end.phase, end.winner) == (Phase.HAND_OVER, None)
    nxt = end.apply(Deal())
    assert nxt.phase is Phase.DRAW
    assert nxt.hand_number == end.hand_number + 1
    assert nxt.dealer == (end.dealer + 1) % 3
    assert nxt.totals == end.totals
    # A tie below the leader is no tie at the top.
    below = going_out(STANDARD, (520, 96, 125))
    assert below.totals == (538, 121, 121)
    assert (below.phase, below.winner) == (Phase.GAME_OVER, 0)


# -- a fixed number of hands -------------------------------------------------------------------

TWO_HANDS = RuleConfig(target=None, hands_per_game=2)


def test_a_game_of_n_hands_ends_after_n_hands_with_the_highest_total_winning() -> None:
    first = going_out(TWO_HANDS, (0, 0, 0))
    assert (first.phase, first.winner) == (Phase.HAND_OVER, None)
    # The second hand ends the game, far below any target: the highest total wins.
    last = going_out(TWO_HANDS, (10, -20, 0), hand_number=1)
    assert last.totals == (28, 5, -4)
    assert (last.phase, last.winner) == (Phase.GAME_OVER, 0)
    assert len(last.history) == 2


def test_a_game_of_n_hands_tied_at_the_top_plays_more_hands() -> None:
    tied = going_out(TWO_HANDS, (7, 0, 0), hand_number=1)
    assert tied.totals[:2] == (25, 25)
    assert (tied.phase, tied.winner) == (Phase.HAND_OVER, None)
    # The third hand, one past the number, ends the game as soon as one side is ahead.
    third = going_out(TWO_HANDS, (7, 0, 0), hand_number=2)
    assert third.totals[:2] == (25, 25)
    assert third.phase is Phase.HAND_OVER
    broken = going_out(TWO_HANDS, (8, 0, 0), hand_number=2)
    assert (broken.phase, broken.winner) == (Phase.GAME_OVER, 0)


def test_with_a_target_as_well_reaching_it_first_ends_the_game() -> None:
    config = RuleConfig(target=500, hands_per_game=3)
    end = going_out(config, (487, 0, 0))
    assert end.hand_number == 0
    assert (end.phase, end.winner) == (Phase.GAME_OVER, 0)


def test_a_game_of_n_hands_played_out_lasts_n_hands() -> None:
    # A short cap on turns keeps random play quick; each hand still ends by the rules.
    config = RuleConfig(target=None, hands_per_game=2, turn_limit=30)
    rng = random.Random(5)
    state = new_game(config, players=3, seed=5)
    while not state.is_terminal():
        state = state.apply(rng.choice(state.legal_moves()))
    assert state.phase is Phase.GAME_OVER
    assert len(state.history) >= 2
    # Every hand short of the last ended level at the top, or before the number was reached.
    for done in range(2, len(state.history)):
        running = [sum(h[p] for h in state.history[:done]) for p in range(3)]
        assert running.count(max(running)) > 1
    assert state.totals == tuple(sum(h[p] for h in state.history) for p in range(3))
    assert state.winner == state.totals.index(max(state.totals))
    assert list(state.totals).count(max(state.totals)) == 1


# -- the hand limit ----------------------------------------------------------------------------

#: Games of at most three hands, otherwise the standard rules.
THREE_HANDS_AT_MOST = RuleConfig(hand_limit=3)


def test_the_hand_limit_is_100_hands_beside_a_turn_limit_of_1000() -> None:
    assert (STANDARD.hand_limit, STANDARD.turn_limit) == (100, 1000)
    assert {presets.get(name).hand_limit for name in presets.names()} == {100}


def test_short_of_the_hand_limit_play_goes_on() -> None:
    end = going_out(THREE_HANDS_AT_MOST, (0, 0, 0), hand_number=1)
    assert end == going_out(STANDARD, (0, 0, 0), hand_number=1)._replace(config=end.config)
    assert (end.hand_number, end.totals, end.phase, end.winner) == (
        1,
        HAND_SCORES,
        Phase.HAND_OVER,
        None,
    )
    assert end.legal_moves() == (Deal(),)


def test_at_the_hand_limit_the_game_ends_and_the_highest_total_wins() -> None:
    end = going_out(THREE_HANDS_AT_MOST, (0, 0, 0), hand_number=2)
    # Everything is as without the limit except that the game is over, won by player 1 with 25
    # points, far short of the target.
    unlimited = going_out(STANDARD, (0, 0, 0), hand_number=2)
    assert (unlimited.phase, unlimited.winner) == (Phase.HAND_OVER, None)
    assert end == unlimited._replace(config=THREE_HANDS_AT_MOST, phase=Phase.GAME_OVER, winner=1)
    assert end.history == ((0, 0, 0), (0, 0, 0), HAND_SCORES)
    assert (end.hand_number, end.totals, end.went_out) == (2, HAND_SCORES, 0)
    assert end.is_terminal()
    assert end.current_player == TERMINAL
    assert end.legal_moves() == ()
    with pytest.raises(IllegalMoveError) as caught:
        end.apply(Deal())
    assert str(caught.value) == "'deal' is illegal: the game is over: there are no more moves"


def test_at_the_hand_limit_a_tie_at_the_top_is_a_draw() -> None:
    before = (7, 0, 0)
    assert after(before) == (25, 25, -4)
    # Short of the limit, the tie plays on; at the limit the game ends with no winner.
    assert going_out(THREE_HANDS_AT_MOST, before, hand_number=1).phase is Phase.HAND_OVER
    drawn = going_out(THREE_HANDS_AT_MOST, before, hand_number=2)
    unlimited = going_out(STANDARD, before, hand_number=2)
    assert drawn == unlimited._replace(
        config=THREE_HANDS_AT_MOST, phase=Phase.GAME_OVER, winner=None
    )
    assert (drawn.phase, drawn.winner, drawn.totals) == (Phase.GAME_OVER, None, (25, 25, -4))
    assert drawn.is_terminal()
    assert drawn.legal_moves() == ()


def test_at_the_hand_limit_a_tie_below_the_top_is_no_draw() -> None:
    end = going_out(THREE_HANDS_AT_MOST, (-18, -25, 29), hand_number=2)
    assert end.totals == (0, 0, 25)
    assert (end.phase, end.winner) == (Phase.GAME_OVER, 2)


def test_a_tie_at_the_top_past_the_target_plays_on_until_the_hand_limit() -> None:
    before = (502, 495, 100)
    short = going_out(THREE_HANDS_AT_MOST, before, hand_number=1)
    assert short.totals == (520, 520, 96)
    assert (short.phase, short.winner) == (Phase.HAND_OVER, None)
    drawn = going_out(THREE_HANDS_AT_MOST, before, hand_number=2)
    assert (drawn.phase, drawn.winner, drawn.totals) == (Phase.GAME_OVER, None, (520, 520, 96))


def test_a_hand_limit_of_one_plays_one_hand_even_when_nobody_goes_out() -> None:
    end = stock_out(RuleConfig(hand_limit=1), (0, 0, 0))
    assert end.went_out is None
    assert (end.hand_number, end.totals) == (0, (9, 25, -4))
    assert (end.phase, end.winner) == (Phase.GAME_OVER, 1)
    drawn = stock_out(RuleConfig(hand_limit=1), (16, 0, 0))
    assert (drawn.phase, drawn.winner, drawn.totals) == (Phase.GAME_OVER, None, (25, 25, -4))


def test_a_game_of_n_hands_tied_at_the_top_plays_on_until_the_hand_limit() -> None:
    config = RuleConfig(target=None, hands_per_game=2, hand_limit=4)
    # After the second hand, the third and the fourth the top totals are 25 and 25: play goes
    # on after the second and the third, and the fourth (the limit) ends the game drawn.
    for hand_number, phase in [(1, Phase.HAND_OVER), (2, Phase.HAND_OVER), (3, Phase.GAME_OVER)]:
        end = going_out(config, (7, 0, 0), hand_number=hand_number)
        assert (end.hand_number, end.totals) == (hand_number, (25, 25, -4))
        assert (end.phase, end.winner) == (phase, None)
    # A lead on the fourth hand wins as usual.
    broken = going_out(config, (8, 0, 0), hand_number=3)
    assert (broken.phase, broken.winner, broken.totals) == (Phase.GAME_OVER, 0, (26, 25, -4))


def test_a_game_of_n_hands_with_a_hand_limit_of_n_ends_drawn_on_a_tie() -> None:
    config = RuleConfig(target=None, hands_per_game=2, hand_limit=2)
    drawn = going_out(config, (7, 0, 0), hand_number=1)
    assert (drawn.phase, drawn.winner, drawn.totals) == (Phase.GAME_OVER, None, (25, 25, -4))
    won = going_out(config, (10, -20, 0), hand_number=1)
    assert (won.phase, won.winner, won.totals) == (Phase.GAME_OVER, 0, (28, 5, -4))


def test_at_the_hand_limit_must_go_out_to_win_still_names_the_player_who_went_out() -> None:
    config = attrs.evolve(MUST_GO_OUT, hand_limit=3)
    # Player 0 goes out past the target: they win, though player 1 has more.
    won = going_out(config, (487, 495, 100), hand_number=2)
    assert won.totals == (505, 520, 96)
    assert (won.phase, won.winner) == (Phase.GAME_OVER, 0)


def test_at_the_hand_limit_without_a_player_going_out_to_win_the_highest_total_wins() -> None:
    config = attrs.evolve(MUST_GO_OUT, hand_limit=3)
    # Player 0 goes out short of the target, player 1 is past it: short of the limit play
    # goes on; at the limit the highest total wins, though player 1 did not go out.
    before = (400, 495, 100)
    assert going_out(config, before, hand_number=1).phase is Phase.HAND_OVER
    end = going_out(config, before, hand_number=2)
    assert end.totals == (418, 520, 96)
    assert (end.phase, end.winner) == (Phase.GAME_OVER, 1)
    nobody = stock_out(attrs.evolve(MUST_GO_OUT, hand_limit=1), before)
    assert nobody.totals == (409, 520, 96)
    assert (nobody.phase, nobody.winner) == (Phase.GAME_OVER, 1)


def test_at_the_hand_limit_going_out_decides_a_tie_at_the_top() -> None:
    config = attrs.evolve(GOING_OUT_DECIDES, hand_limit=3)
    won = going_out(config, (502, 495, 100), hand_number=2)
    assert won.totals == (520, 520, 96)
    assert (won.phase, won.winner) == (Phase.GAME_OVER, 0)
    # Nobody at the target: going out decides nothing, and a tie at the top is a draw.
    drawn = going_out(config, (7, 0, 0), hand_number=2)
    assert (drawn.phase, drawn.winner, drawn.totals) == (Phase.GAME_OVER, None, (25, 25, -4))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"hand_limit": 0}, "hand_limit must be positive, not 0"),
        ({"hand_limit": -100}, "hand_limit must be positive, not -100"),
        ({"hand_limit": True}, "hand_limit must be a whole number of hands, not True"),
        ({"hand_limit": 2.5}, "hand_limit must be a whole number of hands, not 2.5"),
        ({"hand_limit": "100"}, "hand_limit must be a whole number of hands, not '100'"),
        (
            {"target": None, "hands_per_game": 3, "hand_limit": 2},
            "hand_limit and hands_per_game: hand_limit must be at least hands_per_game (3), not 2",
        ),
        (
            {"hands_per_game": 5, "hand_limit": 1},
            "hand_limit and hands_per_game: hand_limit must be at least hands_per_game (5), not 1",
        ),
        (
            {"turn_limit": 0, "hand_limit": 0},
            "turn_limit must be positive, not 0; hand_limit must be positive, not 0",
        ),
        (
            {"hands_per_game": 0, "hand_limit": 0},
            "hands_per_game must be positive, not 0; hand_limit must be positive, not 0",
        ),
    ],
)
def test_the_hand_limit_is_a_positive_whole_number_not_below_hands_per_game(
    changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(ConfigError) as caught:
        RuleConfig(**changes)
    assert str(caught.value) == message


def test_a_hand_limit_equal_to_hands_per_game_or_of_one_hand_is_fine() -> None:
    assert RuleConfig(target=None, hands_per_game=2, hand_limit=2).hand_limit == 2
    assert RuleConfig(hand_limit=1).hand_limit == 1
    assert attrs.evolve(presets.get("persian"), hand_limit=2).hands_per_game == 2
    with pytest.raises(ConfigError) as caught:
        attrs.evolve(presets.get("persian"), hand_limit=1)
    assert str(caught.value) == (
        "hand_limit and hands_per_game: hand_limit must be at least hands_per_game (2), not 1"
    )


def test_a_position_past_the_hand_limit_is_refused() -> None:
    drawn = going_out(THREE_HANDS_AT_MOST, (7, 0, 0), hand_number=2)
    drawn.validate()
    # The last hand the limit allows cannot be over with the game going on.
    with pytest.raises(StateError) as caught:
        drawn._replace(phase=Phase.HAND_OVER).validate()
    assert str(caught.value) == (
        "hand_number 2 (counting from 0) in phase hand_over: with hand_limit 3, the game ends "
        "when hand_number 2 is over"
    )
    # Short of it, it can.
    going_out(THREE_HANDS_AT_MOST, (7, 0, 0), hand_number=1).validate()
    # No hand is played past the limit.
    with pytest.raises(StateError) as caught:
        position([None, None, None], config=THREE_HANDS_AT_MOST, hand_number=3)
    assert str(caught.value) == (
        "hand_number 3 (counting from 0) in phase draw: with hand_limit 3, the game ends when "
        "hand_number 2 is over"
    )
    assert position([None, None, None], config=THREE_HANDS_AT_MOST, hand_number=2).hand_number == 2
