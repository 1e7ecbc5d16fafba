"""The standard rules for ending a hand: going out, and the stock running out."""

from __future__ import annotations

import pytest

from helpers_positions import cards, play, position
from rummy500 import (
    CHANCE,
    Card,
    Deal,
    Decline,
    Draw,
    IllegalMoveError,
    Phase,
    State,
    StateError,
    Take,
)

# Player 1's run is on the table, so hands need not be of the deal size.
RUN = ("5H 6H 7H", 1)


def value(card: Card) -> int:
    """A card's worth in hand: ace 15, 2-9 their number, 10 and faces 10."""
    return 15 if card.rank == 1 else min(card.rank, 10)


def in_hand(state: State, player: int) -> int:
    return sum(value(c) for c in state.hands[player])


# -- going out -------------------------------------------------------------------------------


def assert_went_out(state: State, player: int) -> None:
    assert state.phase is Phase.HAND_OVER
    assert state.went_out == player
    assert state.hands[player] == ()
    assert state.current_player == CHANCE
    # The others get no more turns: the only move is the next deal.
    assert state.legal_moves() == (Deal(),)
    assert len(state.history) == 1


def test_going_out_by_discarding_the_last_card() -> None:
    state = position(["9C", "2D 3D", "4C 4D"], table=[RUN], current_player=0, phase=Phase.PLAY)
    after = state.apply_text("discard 9C")
    assert_went_out(after, 0)
    assert after.pile[-1] == Card("9C")


def test_going_out_by_melding_the_last_cards_needs_no_discard() -> None:
    state = position(
        ["KC KD KS", "2D 3D", "4C 4D"], table=[RUN], current_player=0, phase=Phase.PLAY
    )
    after = play(state, "meld KC KD KS")
    assert_went_out(after, 0)
    assert after.table[-1].cards == cards("KC KD KS")


def test_going_out_by_laying_off_the_last_card_needs_no_discard() -> None:
    state = position(["8H", "2D 3D", "4C 4D"], table=[RUN], current_player=0, phase=Phase.PLAY)
    pile_before = state.pile
    after = state.apply_text("layoff 0 8H")
    assert_went_out(after, 0)
    assert after.pile == pile_before


def test_going_out_after_a_full_turn_of_draw_meld_discard() -> None:
    state = position(["KC KD 9S", "2D 3D", "4C 4D"], table=[RUN], current_player=0, stock_top="KS")
    after = play(state, "draw", "meld KC KD KS")
    assert after.phase is Phase.PLAY
    over = after.apply_text("discard 9S")
    assert_went_out(over, 0)


def test_going_out_earns_no_bonus() -> None:
    state = position(["8H", "2D 3D", "4C 4D"], table=[RUN], current_player=0, phase=Phase.PLAY)
    after = state.apply_text("layoff 0 8H")
    # 8 points laid off, nothing in hand, and nothing more for going out.
    assert after.history[-1][0] == 8
    assert after.totals[0] == 8
    assert after.history[-1][1] == 18 - 5
    assert after.history[-1][2] == 0 - in_hand(after, 2)


def test_going_out_with_a_taken_card_ends_the_hand_once_it_is_used() -> None:
    # Taking the 8♥ and laying it off with the last card empties the hand at once.
    state = position(["9H", "2D 3D", "4C 4D"], table=[RUN], current_player=0, pile="8H")
    after = play(state, "take 8H", "layoff 0 8H 9H")
    assert_went_out(after, 0)
    assert after.history[-1][0] == 17


# -- the stock runs out ----------------------------------------------------------------------


def empty_stock(pile: str = "KS 8H") -> State:
    """Player 0 to draw with an empty stock; every card not shown is in player 2's hand."""
    return position(["2C 9D", "3D 4D", "10C"], table=[RUN], pile=pile, leftover=2)


def test_with_the_stock_empty_the_player_may_still_take_from_the_pile() -> None:
    state = empty_stock()
    assert state.stock == ()
    assert state.legal_moves() == (Take(cards("8H")), Decline())
    # Player 1 holds two 2s: the 2♣ player 0 throws makes a set with them.
    state = position(["2C 9D", "2D 2S", "10C"], table=[RUN], pile="KS 8H", leftover=2)
    after = play(state, "take 8H", "layoff 0 8H", "discard 2C")
    assert after.phase is Phase.DRAW
    assert after.current_player == 1
    # The pile is not turned over: the stock stays empty and the next player cannot draw.
    assert after.stock == ()
    assert Draw() not in after.legal_moves()
    assert Decline() in after.legal_moves()
    assert Take(cards("2C")) in after.legal_moves()


def test_with_the_stock_empty_the_hand_ends_when_the_next_player_has_no_take() -> None:
    after = play(empty_stock(), "take 8H", "layoff 0 8H", "discard 9D")
    # Player 1 (3♦ 4♦) can use neither 9♦ nor K♠: they cannot take, so the hand is over.
    assert after.phase is Phase.HAND_OVER
    assert after.went_out is None
    assert after.stock == ()
    assert after.pile == cards("KS 9D")


def test_cannot_draw_from_an_empty_stock() -> None:
    with pytest.raises(IllegalMoveError, match="the stock is empty"):
        empty_stock().apply(Draw())


def test_cannot_decline_while_the_stock_has_cards() -> None:
    state = position(["2C 9D", "3D 4D", "10C"], table=[RUN], pile="KS 8H")
    assert Decline() not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="only when the stock is empty"):
        state.apply(Decline())


def test_declining_with_the_stock_empty_ends_the_hand_with_nobody_out() -> None:
    state = empty_stock()
    after = state.apply(Decline())
    assert after.phase is Phase.HAND_OVER
    assert after.went_out is None
    assert after.legal_moves() == (Deal(),)
    # The pile is not turned over to make a new stock.
    assert after.pile == state.pile
    assert after.stock == ()


def test_hand_ended_by_an_empty_stock_is_scored_as_usual() -> None:
    state = empty_stock()
    after = state.apply(Decline())
    expected = (-(2 + 9), 18 - (3 + 4), -in_hand(state, 2))
    assert after.history == (expected,)
    assert after.totals == expected


def test_no_position_leaves_only_decline_when_the_stock_and_every_take_are_out() -> None:
    # The hand ends at once then: a built position may not leave the player there either.
    with pytest.raises(StateError) as info:
        empty_stock(pile="KS QC")
    assert str(info.value) == (
        "player 0 is to draw from an empty stock with no legal take from the discard pile: "
        "the hand ends at once then, so play never reaches this position"
    )


def test_last_card_of_the_stock_can_be_drawn_then_the_next_player_cannot_draw() -> None:
    # Player 1 holds J♦ J♠: the J♣ player 0 draws and throws makes a set with them.
    state = position(["2C 9D", "JD JS", "10C"], table=[RUN], pile="KS", stock_top="JC", leftover=2)
    assert state.stock == cards("JC")
    after = play(state, "draw", "discard JC")
    assert after.stock == ()
    assert after.current_player == 1
    assert Draw() not in after.legal_moves()
    over = after.apply(Decline())
    assert over.phase is Phase.HAND_OVER
    assert over.went_out is None
