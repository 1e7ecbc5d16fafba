"""When the stock runs out: take or end, end at once, reuse the pile; no minus at the end of
the stock; and the cap on the turns in a hand.

Each test is named after the rule sentence it checks and plays real moves on hand-built
positions, against the standard rules where the variant changes the outcome.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

from helpers_positions import cards, play, position
from rummy500 import (
    Calling,
    Card,
    ConfigError,
    Decline,
    Discard,
    Draw,
    EmptyStock,
    IllegalMoveError,
    Phase,
    RuleConfig,
    State,
    StateError,
    Take,
    new_game,
)

TAKE_OR_END = RuleConfig()
END_AT_ONCE = RuleConfig(empty_stock=EmptyStock.END_AT_ONCE)
REUSE_PILE = RuleConfig(empty_stock=EmptyStock.REUSE_PILE)
NO_MINUS = RuleConfig(no_minus_at_stock_end=True)

# Player 1 owns 5♥ 6♥ 7♥ (18 points). Every card not named goes to player 2, so the stock
# holds only the cards a test puts there.
P0 = "2C 4D 9S QD"
P1 = "3C 5D JC"
TABLE = [("5H 6H 7H", 1)]
P0_HAND = 2 + 4 + 9 + 10
P1_SCORE = 18 - (3 + 5 + 10)


def to_draw(config: RuleConfig, *, pile: str = "KD 2S", stock: str = "", seed: int = 0) -> State:
    """Player 0 to draw, with ``stock`` as the whole stock (the top card last)."""
    return position(
        [P0, P1, ""], config=config, pile=pile, table=TABLE, stock_top=stock, leftover=2, seed=seed
    )


def player_2_hand(state: State) -> int:
    """What player 2's hand (every card nobody else holds) counts against them."""
    return sum(state.config.card_values.points(c) for c in state.hands[2])


# -- take or end (the standard rule) -----------------------------------------------------------


def test_take_or_end_the_player_may_still_take_from_the_pile_or_decline() -> None:
    state = to_draw(TAKE_OR_END, pile="KD 8H")
    assert state.legal_moves() == (Take(cards("8H")), Decline())
    took = state.apply(Take(cards("8H")))
    assert took.phase is Phase.PLAY
    end = state.apply(Decline())
    assert end.phase is Phase.HAND_OVER
    assert end.went_out is None
    # Scored the usual way: cards on the table minus cards in hand.
    assert end.history[-1] == (-P0_HAND, P1_SCORE, -player_2_hand(state))


def test_take_or_end_a_built_position_with_no_legal_take_is_refused() -> None:
    # "The hand ends the moment a player ... has no legal take": play never leaves a player to
    # draw from an empty stock with no take (the hand has ended), nor may a built position.
    with pytest.raises(StateError) as info:
        to_draw(TAKE_OR_END, pile="KD 2S")
    assert str(info.value) == (
        "player 0 is to draw from an empty stock with no legal take from the discard pile: "
        "the hand ends at once then, so play never reaches this position"
    )
    # With a take, they may not draw all the same.
    with pytest.raises(IllegalMoveError, match="the stock is empty"):
        to_draw(TAKE_OR_END, pile="KD 8H").apply(Draw())


def test_take_or_end_the_turn_after_the_last_stock_card_starts_when_a_take_is_legal() -> None:
    # Player 1 holds J♣: with the J♦ J♠ in the pile it makes a set, so they may take.
    state = play(to_draw(TAKE_OR_END, pile="JD JS", stock="KS"), "draw", "discard KS")
    assert state.phase is Phase.DRAW
    assert state.current_player == 1
    assert state.stock == ()
    assert Draw() not in state.legal_moves()
    assert Decline() in state.legal_moves()
    assert Take(cards("JD JS KS")) in state.legal_moves()


def test_take_or_end_the_hand_ends_when_the_next_player_has_no_legal_take() -> None:
    # "The hand ends the moment a player declines to draw or has no legal take."
    state = play(to_draw(TAKE_OR_END, stock="KS"), "draw", "discard KS")
    assert state.phase is Phase.HAND_OVER
    assert state.went_out is None
    assert state.stock == ()
    assert state.pile[-1] == Card("KS")
    assert len(state.history) == 1


# -- end at once -------------------------------------------------------------------------------


def test_end_at_once_the_hand_ends_when_the_turn_that_drew_the_last_stock_card_ends() -> None:
    drawn = to_draw(END_AT_ONCE, stock="KS").apply(Draw())
    # The turn itself goes on as usual...
    assert drawn.phase is Phase.PLAY
    assert drawn.stock == ()
    # ...and ends the hand, with nobody out, when it is over.
    end = drawn.apply(Discard(Card("KS")))
    assert end.phase is Phase.HAND_OVER
    assert end.went_out is None
    assert end.pile[-1] == Card("KS")
    assert end.history[-1] == (-P0_HAND, P1_SCORE, -player_2_hand(drawn))


def test_end_at_once_the_player_who_drew_the_last_card_may_still_go_out() -> None:
    state = position(
        ["5C 6C", P1, ""], config=END_AT_ONCE, pile="KD", table=TABLE, stock_top="7C", leftover=2
    )
    out = play(state, "draw", "meld 5C 6C 7C")
    assert out.phase is Phase.HAND_OVER
    assert out.went_out == 0


def test_end_at_once_no_call_of_rummy_follows_the_last_turn() -> None:
    # 8♥ thrown could go straight onto 5♥ 6♥ 7♥: with stock left, rummy may be called on it.
    config = attrs.evolve(END_AT_ONCE, calling=Calling.DISCARD_OR_PILE_MELD)
    p0 = "2C 4D 8H QD"
    called = position(
        [p0, P1, ""], config=config, pile="KD", table=TABLE, stock_top="AS KS", leftover=2
    )
    assert play(called, "draw", "discard 8H").phase is Phase.CALL
    last = position([p0, P1, ""], config=config, pile="KD", table=TABLE, stock_top="KS", leftover=2)
    end = play(last, "draw", "discard 8H")
    assert end.phase is Phase.HAND_OVER
    assert end.went_out is None


# -- reuse the discard pile --------------------------------------------------------------------

BIG_PILE = "KD 2S 9D 10D JD 3S 4S 8C"


def reshuffled(seed: int) -> State:
    """Player 0 draws the last stock card and throws it; player 1 is next to draw."""
    return play(to_draw(REUSE_PILE, pile=BIG_PILE, stock="KS", seed=seed), "draw", "discard KS")


def test_reuse_pile_the_pile_is_shuffled_face_down_as_a_new_stock() -> None:
    state = reshuffled(0)
    assert state.phase is Phase.DRAW
    assert state.current_player == 1
    assert state.pile == ()
    assert Counter(state.stock) == Counter(cards(BIG_PILE + " KS"))
    # Play then goes on as before: the next player draws the new stock's top card.
    assert state.legal_moves() == (Draw(),)
    drawn = state.apply(Draw())
    assert state.stock[-1] in drawn.hands[1]
    assert drawn.stock == state.stock[:-1]


def test_reuse_pile_the_new_stock_is_the_same_for_the_same_seed() -> None:
    assert reshuffled(3).stock == reshuffled(3).stock
    orders = {reshuffled(seed).stock for seed in range(8)}
    assert len(orders) > 1
    # Shuffled, not simply turned over.
    assert any(order != cards(BIG_PILE + " KS")[::-1] for order in orders)


def test_reuse_pile_with_the_stock_and_the_pile_both_empty_the_hand_ends() -> None:
    # A player who floats discards nothing; if the pile was just made the stock, nothing is left.
    config = attrs.evolve(REUSE_PILE, discard_to_go_out=True, floating=True)
    state = position(
        ["5C 6C", P1, ""], config=config, pile="", table=TABLE, stock_top="7C", leftover=2
    )
    end = play(state, "draw", "meld 5C 6C 7C")
    assert end.phase is Phase.HAND_OVER
    assert end.went_out is None


def test_reuse_pile_a_random_game_is_the_same_for_the_same_seed_and_ends() -> None:
    config = RuleConfig(
        empty_stock=EmptyStock.REUSE_PILE, turn_limit=60, target=None, hands_per_game=1
    )

    def play(seed: int) -> list[State]:
        rng = random.Random(seed)
        line = [new_game(config, players=4, seed=seed)]
        while not line[-1].is_terminal():
            line.append(line[-1].apply(rng.choice(line[-1].legal_moves())))
        return line

    line = play(11)
    # The pile became the stock several times (a player to draw facing an empty pile), and
    # the cap on turns ended the hand.
    assert sum(1 for s in line if s.phase is Phase.DRAW and not s.pile) > 1
    assert line[-1].went_out is None
    assert line[-1].turn == 60
    again = play(11)
    assert again[-1] == line[-1]
    assert again[-1].move_stack == line[-1].move_stack


# -- no minus at the end of the stock ----------------------------------------------------------


def ended_by_the_stock(config: RuleConfig, how: str) -> State:
    """A hand ended with nobody out: by a decline, end at once, or the cap on turns."""
    if how == "decline":
        return to_draw(config, pile="KD 8H").apply(Decline())
    if how == "end_at_once":
        config = attrs.evolve(config, empty_stock=EmptyStock.END_AT_ONCE)
        return play(to_draw(config, stock="KS"), "draw", "discard KS")
    config = attrs.evolve(config, turn_limit=1)
    return play(to_draw(config, stock="AS KS"), "draw", "discard KS")


@pytest.mark.parametrize("how", ["decline", "end_at_once", "turn_limit"])
def test_no_minus_at_the_end_of_the_stock_nobody_subtracts_their_hand(how: str) -> None:
    standard = ended_by_the_stock(TAKE_OR_END, how)
    assert standard.went_out is None
    assert standard.history[-1][:2] == (-P0_HAND, P1_SCORE)
    assert standard.history[-1][2] < 0
    # Cards on the table still count.
    end = ended_by_the_stock(NO_MINUS, how)
    assert end.phase is Phase.HAND_OVER
    assert end.history[-1] == (0, 18, 0)


def test_no_minus_a_hand_ended_by_going_out_still_subtracts() -> None:
    for config in (TAKE_OR_END, NO_MINUS):
        state = position(
            ["5C 6C 7C", P1, ""], config=config, pile="KD", table=TABLE, stock_top="AS", leftover=2
        )
        out = play(state, "draw", "meld 5C 6C 7C", "discard AS")
        assert out.went_out == 0
        assert out.history[-1] == (18, P1_SCORE, -player_2_hand(state))


def test_no_minus_applies_when_the_reused_pile_runs_out_too() -> None:
    config = attrs.evolve(
        NO_MINUS, empty_stock=EmptyStock.REUSE_PILE, discard_to_go_out=True, floating=True
    )
    state = position(
        ["5C 6C", P1, ""], config=config, pile="", table=TABLE, stock_top="7C", leftover=2
    )
    end = play(state, "draw", "meld 5C 6C 7C")
    assert end.history[-1] == (18, 18, 0)


# -- a cap on the turns in a hand --------------------------------------------------------------


def capped(limit: int, turn: int) -> State:
    """Player 0 has drawn, with ``turn`` turns already played this hand."""
    config = RuleConfig(turn_limit=limit)
    return position(
        [P0 + " KS", P1, ""],
        config=config,
        pile="KD",
        table=TABLE,
        stock_top="AS",
        leftover=2,
        phase=Phase.PLAY,
        turn=turn,
    )


def test_turn_limit_when_reached_the_hand_ends_as_if_the_stock_had_run_out() -> None:
    going_on = capped(5, 3).apply(Discard(Card("KS")))
    assert going_on.phase is Phase.DRAW
    assert going_on.turn == 4
    end = capped(5, 4).apply(Discard(Card("KS")))
    assert end.phase is Phase.HAND_OVER
    assert end.went_out is None
    assert end.stock  # the stock did not run out: the cap ended the hand
    assert end.history[-1][:2] == (-P0_HAND, P1_SCORE)


def test_turn_limit_counts_every_turn_of_a_hand() -> None:
    state = new_game(RuleConfig(turn_limit=4), players=3, seed=1)
    turns = 0
    while state.phase is not Phase.HAND_OVER:
        state = state.apply(Draw())
        state = state.apply(Discard(state.hands[state.current_player][0]))
        turns += 1
    assert turns == 4


def test_turn_limit_a_call_of_rummy_is_a_turn() -> None:
    config = RuleConfig(calling=Calling.DISCARD_OR_PILE_MELD, turn_limit=2)
    state = position(
        ["2C 4D 8H QD", P1, ""],
        config=config,
        pile="KD",
        table=TABLE,
        stock_top="AS KS",
        leftover=2,
    )
    called = play(state, "draw", "discard 8H", "call 8H", "layoff 0 8H")
    assert called.turn == 1
    end = called.apply(Discard(called.hands[1][0]))
    assert end.phase is Phase.HAND_OVER


def test_turn_limit_is_at_least_one() -> None:
    with pytest.raises(ConfigError, match="turn_limit must be positive"):
        RuleConfig(turn_limit=0)
