"""Card values as data, four of a kind scoring double, and the going-out bonus.

Each test plays a hand to its end with real moves and checks the scores written for it.
"""

from __future__ import annotations

import attrs
import pytest

from helpers_positions import build
from rummy500 import Card, CardValues, Phase, RuleConfig, State
from rummy500.play.scoring import hand_points
from rummy500.toolkit import JOKER

# -- one hand scored under each set of card values ---------------------------------------------


def _ana_goes_out(values: CardValues) -> State:
    """Player 0 melds A-2-3 of clubs (next to her Q-K-A of diamonds) and goes out.

    Player 1 has 5-6-7 of hearts down and holds A♠ 9♠ 2♦ Q♠; player 2 has three kings down
    and holds 4♦ 4♥ 6♠ 3♥.
    """
    state = build(
        RuleConfig(card_values=values),
        ["AC 2C 3C 4S", "AS 9S 2D QS", "4D 4H 6S 3H"],
        table=[("QD KD AD", 0), ("5H 6H 7H", 1), ("KC KS KH", 2)],
    )
    over = state.apply_text("meld AC 2C 3C").apply_text("discard 4S")
    assert over.phase is Phase.HAND_OVER
    assert over.went_out == 0
    return over


@pytest.mark.parametrize(
    ("values", "scores"),
    [
        # Ace 15, 1 at the low end of A-2-3; 2-9 their number; 10-K 10.
        (
            CardValues.traditional(),
            ((1 + 2 + 3) + (10 + 10 + 15), (5 + 6 + 7) - (15 + 9 + 2 + 10), 30 - (4 + 4 + 6 + 3)),
        ),
        # "The 2 through 9 count 5 points each ... An ace counts 15, or 5 at the low end."
        (
            CardValues.five_point(),
            ((5 + 5 + 5) + (10 + 10 + 15), (5 + 5 + 5) - (15 + 5 + 5 + 10), 30 - 4 * 5),
        ),
        # Wikipedia: "the ace through 9 as 5, and an ace used high as 15".
        (
            CardValues.ace_to_nine_five(),
            ((5 + 5 + 5) + (10 + 10 + 15), (5 + 5 + 5) - (5 + 5 + 5 + 10), 30 - 4 * 5),
        ),
        # The online game's house rules: "aces fifteen, twos to nines five each".
        (
            CardValues.flat(15, 5),
            ((15 + 5 + 5) + (10 + 10 + 15), (5 + 5 + 5) - (15 + 5 + 5 + 10), 30 - 4 * 5),
        ),
        # Classic: "aces five, twos to nines five".
        (
            CardValues.flat(5, 5),
            ((5 + 5 + 5) + (10 + 10 + 5), (5 + 5 + 5) - (5 + 5 + 5 + 10), 30 - 4 * 5),
        ),
        # Competitive: "aces five, the rest face value".
        (
            CardValues.flat(5, None),
            ((5 + 2 + 3) + (10 + 10 + 5), (5 + 6 + 7) - (5 + 9 + 2 + 10), 30 - (4 + 4 + 6 + 3)),
        ),
    ],
    ids=["traditional", "five-point", "ace-to-nine-five", "flat-15-5", "flat-5-5", "flat-5-face"],
)
def test_hand_scores_follow_the_card_values(
    values: CardValues, scores: tuple[int, int, int]
) -> None:
    over = _ana_goes_out(values)
    assert over.history == (scores,)
    assert over.totals == scores


def test_the_traditional_values_give_the_rule_book_example() -> None:
    # "Ana 44, Ben -18, Cal 18" with the cards of the rule book's worked example.
    state = build(
        RuleConfig(),
        ["KC KD KS 8H 5C", "AS QD 9S 2D", "4D 4S 6S 3H"],
        table=[("AC 2C 3C", 0), ("5H 6H 7H", 1), ("QH KH AH", 2)],
    )
    over = state.apply_text("meld KC KD KS").apply_text("layoff 1 8H").apply_text("discard 5C")
    assert over.history[-1] == (44, -18, 18)


@pytest.mark.parametrize(
    ("values", "in_hand", "low_end", "high_end", "two", "nine", "ten"),
    [
        (CardValues.traditional(), 15, 1, 15, 2, 9, 10),
        (CardValues.five_point(), 15, 5, 15, 5, 5, 10),
        (CardValues.ace_to_nine_five(), 5, 5, 15, 5, 5, 10),
        (CardValues.flat(15, 5), 15, 15, 15, 5, 5, 10),
        (CardValues.flat(5, 5), 5, 5, 5, 5, 5, 10),
        (CardValues.flat(5, None), 5, 5, 5, 2, 9, 10),
    ],
    ids=["traditional", "five-point", "ace-to-nine-five", "flat-15-5", "flat-5-5", "flat-5-face"],
)
def test_card_values_are_data(
    values: CardValues, in_hand: int, low_end: int, high_end: int, two: int, nine: int, ten: int
) -> None:
    ace = Card("AS")
    assert values.ace == in_hand
    assert values.points(ace) == in_hand
    assert values.points(ace, end=-1) == low_end
    assert values.points(ace, end=1) == high_end
    assert values.points(Card("2D")) == two
    assert values.points(Card("9H")) == nine
    assert [values.points(Card(c)) for c in ("10C", "JC", "QC", "KC")] == [ten] * 4
    assert values.points(JOKER) == 15
    # Only an ace changes with its place in a run.
    assert values.points(Card("2D"), end=-1) == values.points(Card("2D"), end=1) == two
    assert hand_points(values, (ace, Card("2D"), Card("KC"))) == in_hand + two + ten


# -- four_of_a_kind_double ----------------------------------------------------------------------

DOUBLE = RuleConfig(four_of_a_kind_double=True)


@pytest.mark.parametrize("double", [False, True])
def test_a_set_of_four_melded_in_one_move_scores_double(double: bool) -> None:
    state = build(
        attrs.evolve(DOUBLE, four_of_a_kind_double=double),
        ["8C 8D 8H 8S 9C", "2D", "3D"],
        table=[("KC KD KH", 1)],
    )
    over = state.apply_text("meld 8C 8D 8H 8S").apply_text("discard 9C")
    assert over.table[1].doubled is double
    assert over.history[-1] == ((2 if double else 1) * 4 * 8, 30 - 2, -3)


def test_a_set_of_three_completed_by_a_lay_off_does_not_score_double() -> None:
    state = build(DOUBLE, ["8C 8D 8H 8S 9C", "2D", "3D"], table=[("KC KD KH", 1)])
    over = state.apply_text("meld 8C 8D 8H").apply_text("layoff 1 8S").apply_text("discard 9C")
    assert over.table[1].cards == tuple(Card(c) for c in ("8C", "8D", "8H", "8S"))
    assert not over.table[1].doubled
    assert over.history[-1] == (4 * 8, 30 - 2, -3)
    # Nor does a fourth card laid off by another player double the three already down.
    other = build(DOUBLE, ["8S 9C 2C", "2D", "3D"], table=[("8C 8D 8H", 1)])
    over = other.apply_text("layoff 0 8S").apply_text("discard 9C").apply_text("draw")
    assert not over.table[0].doubled


def test_a_run_of_four_does_not_score_double() -> None:
    state = build(DOUBLE, ["5H 6H 7H 8H 9C", "2D", "3D"], table=[("KC KD KH", 1)])
    over = state.apply_text("meld 5H 6H 7H 8H").apply_text("discard 9C")
    assert not over.table[1].doubled
    assert over.history[-1] == (5 + 6 + 7 + 8, 30 - 2, -3)


def test_a_set_of_four_with_a_joker_standing_in_scores_double() -> None:
    config = RuleConfig(four_of_a_kind_double=True, jokers_per_deck=2)
    state = build(config, ["8C 8D 8H JK 9C", "2D", "3D"], table=[("KC KD KH", 1)])
    over = state.apply_text("meld 8C 8D 8H JK=8S").apply_text("discard 9C")
    assert over.table[1].doubled
    assert over.history[-1] == (2 * (8 + 8 + 8 + 15), 30 - 2, -3)


def test_four_jokers_that_are_not_wild_melded_together_score_double() -> None:
    config = RuleConfig(
        four_of_a_kind_double=True,
        jokers_per_deck=4,
        jokers_wild=False,
        card_values=CardValues(joker=20),
    )
    state = build(config, ["JK JK JK JK 9C", "2D", "3D"], table=[("KC KD KH", 1)])
    over = state.apply_text("meld JK JK JK JK").apply_text("discard 9C")
    assert over.history[-1] == (2 * 4 * 20, 30 - 2, -3)
    three = build(config, ["JK JK JK JK 9C", "2D", "3D"], table=[("KC KD KH", 1)])
    over = three.apply_text("meld JK JK JK").apply_text("layoff 1 JK").apply_text("discard 9C")
    assert over.history[-1] == (4 * 20, 30 - 2, -3)


# -- going_out_bonus ----------------------------------------------------------------------------


@pytest.mark.parametrize("bonus", [0, 25])
def test_the_going_out_bonus_goes_to_the_player_who_goes_out(bonus: int) -> None:
    state = build(
        RuleConfig(going_out_bonus=bonus),
        ["8C 8D 8H 9C", "2D", "3D"],
        table=[("KC KD KH", 1)],
    )
    over = state.apply_text("meld 8C 8D 8H").apply_text("discard 9C")
    assert over.history[-1] == (24 + bonus, 30 - 2, -3)


def test_nobody_gets_the_going_out_bonus_when_nobody_goes_out() -> None:
    state = build(
        RuleConfig(going_out_bonus=25),
        ["2C 3C", "4D", "5D"],
        table=[("KC KD KH", 0)],
        phase=Phase.DRAW,
        leftover="pile",
    )
    assert not state.stock
    over = state.apply_text("decline")
    assert over.phase is Phase.HAND_OVER
    assert over.went_out is None
    assert over.history[-1] == (30 - 5, -4, -5)
