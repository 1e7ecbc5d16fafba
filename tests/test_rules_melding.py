"""The standard rules for laying down melds and laying off cards, played in real positions."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from helpers_positions import TableSpec, cards, play, position
from rummy500 import (
    Card,
    Discard,
    IllegalMoveError,
    Layoff,
    Meld,
    Phase,
    State,
    TableMeld,
)


def playing(hand: str, table: Sequence[TableSpec] = ()) -> State:
    """Player 0 of 3, holding ``hand`` after the draw, with ``table`` on the table.

    With nothing melded yet, ``hand`` must be the 7 cards dealt plus the one drawn.
    """
    return position([hand, None, None], table=table, phase=Phase.PLAY)


def meld_legal(state: State, text: str) -> bool:
    return state.is_legal(Meld(cards(text)))


# -- "What counts as a meld", played ---------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "meld", "players", "problem"),
    [
        ("8S 8H 8D 2C 9D 4C 10C JD", "8S 8H 8D", 3, None),
        ("AC 2C 3C 5D 9D 4H 10H JD", "AC 2C 3C", 3, None),
        ("QH KH AH 5D 9D 4C 10C JD", "QH KH AH", 3, None),
        ("KS AS 2S 5D 9D 4C 10C JD", "KS AS 2S", 3, "round the corner"),
        ("4D 5D 6C 2C 9D 4H 10H JS", "4D 5D 6C", 3, "one suit"),
        ("6S 6S 6H 2C 9D 4H 10H JD", "6S 6S 6H", 5, "different suits"),
    ],
    ids=["set", "low-ace-run", "high-ace-run", "round-the-corner", "mixed-suits", "two-decks"],
)
def test_what_counts_as_a_meld_in_play(
    hand: str, meld: str, players: int, problem: str | None
) -> None:
    state = position([hand, *[None] * (players - 1)], phase=Phase.PLAY)
    move = Meld(cards(meld))
    if problem is None:
        after = state.apply(move)
        assert after.table[0].cards == move.melded
        assert after.table[0].owners == (0, 0, 0)
        for card in move.melded:
            assert card not in after.hands[0]
    else:
        assert not state.is_legal(move)
        with pytest.raises(IllegalMoveError, match=problem):
            state.apply(move)


def test_set_of_four_can_be_laid_down() -> None:
    state = playing("8S 8H 8D 8C 2C 9D 4H 10H")
    assert meld_legal(state, "8C 8D 8H 8S")
    assert meld_legal(state, "8C 8D 8H")


def test_set_needs_different_suits_with_two_decks() -> None:
    state = position(["6S 6S 6H 6D 2C 9D 4H 10H", None, None, None, None], phase=Phase.PLAY)
    assert meld_legal(state, "6S 6H 6D")
    assert not meld_legal(state, "6S 6S 6H")
    assert not meld_legal(state, "6S 6S 6H 6D")


def test_meld_needs_three_cards() -> None:
    state = playing("8S 8H 5D 6D 2C 9D 4H 10H")
    with pytest.raises(IllegalMoveError, match="at least 3 cards"):
        state.apply_text("meld 8S 8H")


def test_run_must_be_consecutive() -> None:
    state = playing("5D 6D 8D 2C 9C 4H 10H JS")
    with pytest.raises(IllegalMoveError, match="consecutive"):
        state.apply_text("meld 5D 6D 8D")


def test_ace_is_low_or_high_but_not_both() -> None:
    state = playing("AS 2S 3S QS KS 9D 4H 10H")
    assert meld_legal(state, "AS 2S 3S")
    assert meld_legal(state, "QS KS AS")
    with pytest.raises(IllegalMoveError, match="round the corner"):
        state.apply_text("meld QS KS AS 2S 3S")


def test_cannot_meld_cards_not_held() -> None:
    state = playing("8S 8H 5D 6D 2C 9D 4H 10H")
    with pytest.raises(IllegalMoveError, match="do not hold 8♦"):
        state.apply_text("meld 8S 8H 8D")


def test_several_melds_in_one_turn() -> None:
    state = playing("8S 8H 8D 4C 5C 6C 9D 10H")
    after = play(state, "meld 8S 8H 8D", "meld 4C 5C 6C")
    assert len(after.table) == 2
    assert after.phase is Phase.PLAY
    assert after.hands[0] == cards("9D 10H")
    done = after.apply_text("discard 9D")
    assert done.current_player == 1
    assert len(done.table) == 2


# -- laying off ------------------------------------------------------------------------------


def test_lay_off_on_another_players_meld_keeps_the_card_for_the_layer() -> None:
    state = playing("9H 2C 9D", table=[("5H 6H 7H 8H", 1)])
    after = state.apply_text("layoff 0 9H")
    assert after.table[0].cards == cards("5H 6H 7H 8H 9H")
    assert after.table[0].owners == (1, 1, 1, 1, 0)


def test_no_meld_of_your_own_is_needed_to_lay_off() -> None:
    state = playing("8H 2C 9D", table=[("5H 6H 7H", 1), ("KC KD KS", 2)])
    assert all(0 not in meld.owners for meld in state.table)
    assert state.is_legal(Layoff(0, cards("8H")))


def test_lay_off_on_your_own_meld() -> None:
    state = playing("9H 2C 9D", table=[("6H 7H 8H", 0)])
    after = state.apply_text("layoff 0 9H")
    assert after.table[0].owners == (0, 0, 0, 0)


def test_set_can_take_its_fourth_card() -> None:
    state = playing("8C 2C 9D", table=[("8S 8H 8D", 1)])
    after = state.apply_text("layoff 0 8C")
    assert after.table[0].cards == cards("8C 8D 8H 8S")
    assert after.table[0].owners == (0, 1, 1, 1)


def test_set_of_four_takes_no_more_cards_with_two_decks() -> None:
    state = position(
        ["8S 2C 9D", None, None, None, None], table=[("8C 8D 8H 8S", 1)], phase=Phase.PLAY
    )
    assert not any(isinstance(m, Layoff) for m in state.legal_moves())
    with pytest.raises(IllegalMoveError, match="at most 4 cards"):
        state.apply_text("layoff 0 8S")


def test_set_takes_no_second_card_of_a_suit_with_two_decks() -> None:
    state = position(
        ["8S 2C 9D", None, None, None, None], table=[("8S 8H 8D", 1)], phase=Phase.PLAY
    )
    with pytest.raises(IllegalMoveError, match="same suit"):
        state.apply_text("layoff 0 8S")


@pytest.mark.parametrize(
    ("laid", "run"),
    [("4H", "4H 5H 6H 7H"), ("8H", "5H 6H 7H 8H"), ("4H 8H", "4H 5H 6H 7H 8H")],
)
def test_run_grows_at_either_end(laid: str, run: str) -> None:
    state = playing("4H 8H 2C 9D", table=[("5H 6H 7H", 1)])
    move = Layoff(0, cards(laid))
    assert move in state.legal_moves()
    assert state.apply(move).table[0].cards == cards(run)


def test_run_takes_several_cards_at_one_end() -> None:
    state = playing("8H 9H 10H 2C", table=[("5H 6H 7H", 1)])
    after = state.apply_text("layoff 0 8H 9H 10H")
    assert after.table[0].cards == cards("5H 6H 7H 8H 9H 10H")
    assert (after.table[0].low, after.table[0].high) == (5, 10)


def test_lay_off_with_a_gap_is_illegal() -> None:
    state = playing("9H 2C 9D", table=[("5H 6H 7H", 1)])
    with pytest.raises(IllegalMoveError, match="extend the run at its ends, with no gap"):
        state.apply_text("layoff 0 9H")


def test_lay_off_on_a_meld_that_is_not_there_is_illegal() -> None:
    state = playing("8H 2C 9D", table=[("5H 6H 7H", 1)])
    with pytest.raises(IllegalMoveError, match="no table meld 3"):
        state.apply_text("layoff 3 8H")


def test_low_ace_laid_off_on_two_three_four() -> None:
    state = playing("AS 2C 9D", table=[("2S 3S 4S", 1)])
    move = Layoff(0, cards("AS"))
    assert move in state.legal_moves()
    assert Layoff(0, cards("AS"), True) not in state.legal_moves()
    meld = state.apply(move).table[0]
    assert meld.cards == cards("AS 2S 3S 4S")
    assert meld.low == 1


def test_high_ace_laid_off_on_queen_king() -> None:
    state = playing("AS 2C 9D", table=[("JS QS KS", 1)])
    # The ace can only go above the king, so the lay-off is plain: no 'high'.
    move = Layoff(0, cards("AS"))
    assert state.legal_moves()[0] == move
    assert Layoff(0, cards("AS"), True) not in state.legal_moves()
    meld = state.apply(move).table[0]
    assert meld.cards == cards("JS QS KS AS")
    assert meld.high == 14


def test_high_is_refused_for_an_ace_that_fits_only_the_top_of_a_run() -> None:
    state = playing("AS 2C 9D", table=[("JS QS KS", 1)])
    with pytest.raises(IllegalMoveError) as info:
        state.apply_text("layoff 0 AS high")
    message = str(info.value)
    assert message.startswith("'layoff 0 A♠ high' is illegal")
    assert "'high' is only for cards that could go at either end of the run" in message


def test_ace_fitting_both_ends_of_a_run_goes_where_the_player_says() -> None:
    state = playing("AS 2C 9D", table=[("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", 1)])
    # Both ends are offered: 'high' is what tells them apart.
    assert Layoff(0, cards("AS")) in state.legal_moves()
    assert Layoff(0, cards("AS"), True) in state.legal_moves()
    assert str(state.parse_move("layoff 0 AS high")) == "layoff 0 A♠ high"
    low = state.apply(Layoff(0, cards("AS")))
    high = state.apply(Layoff(0, cards("AS"), True))
    assert (low.table[0].low, low.table[0].cards[0]) == (1, Card("AS"))
    assert (high.table[0].high, high.table[0].cards[-1]) == (14, Card("AS"))


def test_card_that_fits_two_melds_goes_where_the_player_says() -> None:
    state = playing("8H 2C 9D", table=[("5H 6H 7H", 1), ("8C 8D 8S", 2)])
    on_run = Layoff(0, cards("8H"))
    on_set = Layoff(1, cards("8H"))
    assert on_run in state.legal_moves()
    assert on_set in state.legal_moves()
    after_run = state.apply(on_run)
    after_set = state.apply(on_set)
    assert Card("8H") in after_run.table[0].cards
    assert Card("8H") not in after_run.table[1].cards
    assert Card("8H") in after_set.table[1].cards
    assert Card("8H") not in after_set.table[0].cards
    # Once placed, no move takes it back off the table.
    assert not any(Card("8H") in m.cards for m in after_run.legal_moves())


def test_meld_and_lay_off_in_the_same_turn_then_discard() -> None:
    state = playing("KC KD KH 8H 2C 9D", table=[("5H 6H 7H", 1)])
    after = play(state, "meld KC KD KH", "layoff 0 8H", "discard 2C")
    assert after.current_player == 1
    assert [m.owners for m in after.table] == [(1, 1, 1, 0), (0, 0, 0)]


def test_table_meld_from_position_keeps_owners_per_card() -> None:
    state = playing("2C 9D 4S", table=[("8H 5H 7H 6H", [0, 1, 1, 1])])
    meld: TableMeld = state.table[0]
    assert meld.cards == cards("5H 6H 7H 8H")
    assert meld.owners == (1, 1, 1, 0)


def test_discard_any_card_after_drawing() -> None:
    state = playing("8S 8H 5D 6D 2C 9D 4H 10H")
    assert {m for m in state.legal_moves() if isinstance(m, Discard)} == {
        Discard(c) for c in state.hands[0]
    }
