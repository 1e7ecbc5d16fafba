"""Going-out variants: the last card must be a discard, and floating.

Each test is named after the rule sentence it checks ("Discard to go out" and "Floating" in the
rule book's house rules) and plays real moves on hand-built positions, against the standard
rules where the variant changes the outcome.
"""

from __future__ import annotations

import attrs
import pytest

from helpers_positions import cards, play, position
from rummy500 import (
    Calling,
    Card,
    Discard,
    Draw,
    IllegalMoveError,
    Layoff,
    Meld,
    Phase,
    RuleConfig,
    State,
    Take,
)

STANDARD = RuleConfig()
DISCARD_OUT = RuleConfig(discard_to_go_out=True)
FLOAT = RuleConfig(discard_to_go_out=True, floating=True)

# Hands of the players who are not being tested: nothing in them melds or lays off here.
P1 = "3C 5D 9H JC KS 2D 4S"
P2 = "3D 10H 9C JD 4C 2C AC"


def playing(
    config: RuleConfig,
    p0: str,
    *,
    table: str = "10S JS QS",
    pile: str = "KD",
    stock_top: str = "",
) -> State:
    """Player 0 has drawn and holds ``p0``; player 1 owns the one meld on the table."""
    return position(
        [p0, P1, P2],
        config=config,
        pile=pile,
        table=[(table, 1)],
        stock_top=stock_top,
        phase=Phase.PLAY,
    )


# -- discard to go out -------------------------------------------------------------------------


def test_the_last_card_must_be_a_discard_melding_every_card_is_illegal() -> None:
    meld = Meld(cards("5C 6C 7C"))
    out = playing(STANDARD, "5C 6C 7C").apply(meld)
    assert out.phase is Phase.HAND_OVER
    assert out.went_out == 0

    state = playing(DISCARD_OUT, "5C 6C 7C")
    assert meld not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="your last card must be a discard"):
        state.apply(meld)
    assert set(state.legal_moves()) == {Discard(c) for c in cards("5C 6C 7C")}


def test_laying_off_every_card_is_illegal() -> None:
    lay_off = Layoff(0, cards("8H"))
    out = playing(STANDARD, "8H", table="5H 6H 7H").apply(lay_off)
    assert out.went_out == 0

    state = playing(DISCARD_OUT, "8H", table="5H 6H 7H")
    with pytest.raises(IllegalMoveError, match="your last card must be a discard"):
        state.apply(lay_off)
    # Throwing the 8♥ instead goes out.
    done = state.apply(Discard(Card("8H")))
    assert done.phase is Phase.HAND_OVER
    assert done.went_out == 0
    assert done.pile[-1] == Card("8H")


def test_keep_one_card_back_to_throw_away() -> None:
    done = play(playing(DISCARD_OUT, "5C 6C 7C 9D"), "meld 5C 6C 7C", "discard 9D")
    assert done.phase is Phase.HAND_OVER
    assert done.went_out == 0
    assert done.history[-1][0] == 5 + 6 + 7


def test_a_take_whose_deepest_card_could_only_be_used_by_emptying_the_hand_is_not_offered() -> None:
    def drawing(config: RuleConfig, pile: str) -> State:
        return position(["5C 6C", P1, P2], config=config, pile=pile, table=[("10S JS QS", 1)])

    take = Take(cards("7C"))
    assert take in drawing(STANDARD, "KD 7C").legal_moves()
    state = drawing(DISCARD_OUT, "KD 7C")
    assert take not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="while keeping a card to discard"):
        state.apply(take)
    # With a card taken above the 7♣ there is one to throw away after the meld.
    done = play(drawing(DISCARD_OUT, "7C KD"), "take 7C KD", "meld 5C 6C 7C", "discard KD")
    assert done.went_out == 0


# -- floating ------------------------------------------------------------------------------------


def test_a_player_who_melds_every_card_floats_with_no_cards_and_the_hand_goes_on() -> None:
    state = playing(FLOAT, "5C 6C 7C", pile="2H KD")
    floating = state.apply(Meld(cards("5C 6C 7C")))
    assert floating.hands[0] == ()
    assert floating.went_out is None
    assert floating.history == ()
    # The turn passes on without a discard.
    assert floating.phase is Phase.DRAW
    assert floating.current_player == 1
    assert floating.pile == cards("2H KD")
    assert floating.turn == state.turn + 1


def test_with_floating_a_take_used_by_melding_every_card_is_offered() -> None:
    state = position(["5C 6C", P1, P2], config=FLOAT, pile="KD 7C", table=[("10S JS QS", 1)])
    assert Take(cards("7C")) in state.legal_moves()
    floating = play(state, "take 7C", "meld 5C 6C 7C")
    assert floating.hands[0] == ()
    assert floating.went_out is None
    assert (floating.phase, floating.current_player) == (Phase.DRAW, 1)


def test_a_floating_player_has_no_discard_so_no_rummy_can_be_called_on_it() -> None:
    config = attrs.evolve(FLOAT, calling=Calling.ANY_PILE_CARD)
    # The 9♠ in the pile could go straight onto 10♠ J♠ Q♠: after a discard, rummy may be called.
    thrown = play(playing(config, "5C 6C 7C 4H 2H", pile="KD 9S"), "meld 5C 6C 7C", "discard 4H")
    assert thrown.phase is Phase.CALL
    # A player who floats discards nothing, so the next player simply draws.
    floating = playing(config, "5C 6C 7C", pile="KD 9S").apply(Meld(cards("5C 6C 7C")))
    assert floating.hands[0] == ()
    assert floating.phase is Phase.DRAW
    assert floating.current_player == 1


def floated() -> State:
    """Player 0 melds 5♣ 6♣ 7♣, their every card, and floats; players 1 and 2 draw 4♥ and 8♠."""
    state = playing(FLOAT, "5C 6C 7C", table="6D 7D 8D", pile="QH 2H", stock_top="9D 8S 4H")
    return state.apply(Meld(cards("5C 6C 7C")))


def test_on_their_next_turn_if_nobody_has_gone_out_the_floating_player_draws() -> None:
    turn = play(floated(), "draw", "discard 4H", "draw", "discard 8S")
    assert turn.current_player == 0
    assert turn.phase is Phase.DRAW
    assert turn.hands[0] == ()
    assert Draw() in turn.legal_moves()
    drawn = turn.apply(Draw())
    assert drawn.hands[0] == cards("9D")
    assert drawn.phase is Phase.PLAY


def test_the_floating_player_can_then_go_out_with_a_discard() -> None:
    drawn = play(floated(), "draw", "discard 4H", "draw", "discard 8S", "draw")
    out = drawn.apply(Discard(Card("9D")))
    assert out.phase is Phase.HAND_OVER
    assert out.went_out == 0
    # Nothing is left in hand: player 0 scores the cards they put down.
    assert out.history[-1][0] == 5 + 6 + 7


def test_the_floating_player_can_meld_everything_and_float_again() -> None:
    drawn = play(floated(), "draw", "discard 4H", "draw", "discard 8S", "draw")
    again = drawn.apply(Layoff(0, cards("9D")))
    assert again.hands[0] == ()
    assert again.went_out is None
    assert again.phase is Phase.DRAW
    assert again.current_player == 1


def at_sea(config: RuleConfig = FLOAT, pile: str = "QH 9D 2S 4H") -> State:
    """Player 0 floats with 5♣ 6♣ 7♣ down and is to draw; 6♦ 7♦ 8♦ is player 1's."""
    return position(
        ["", P1, P2],
        config=config,
        pile=pile,
        table=[("6D 7D 8D", 1), ("5C 6C 7C", 0)],
    )


def test_the_floating_player_can_keep_a_card_and_return_to_normal_play() -> None:
    state = at_sea()
    # Taking cards also works: the deepest must be used, the rest may be kept.
    assert Take(cards("2S 4H")) not in state.legal_moves()
    back = play(state, "take 9D 2S 4H", "layoff 0 9D", "discard 4H")
    assert back.hands[0] == cards("2S")
    assert back.went_out is None
    assert back.phase is Phase.DRAW
    assert back.current_player == 1


def test_a_floating_player_must_use_even_a_lone_top_card_taken() -> None:
    config = attrs.evolve(FLOAT, keep_top_discard=True)
    # A player with cards may keep the lone K♥; a floating player may not.
    holding = position(["AH AS", P1, P2], config=config, pile="9D KH", table=[("6D 7D 8D", 1)])
    assert Take(cards("KH")) in holding.legal_moves()
    state = at_sea(config, "9D KH")
    assert Take(cards("KH")) not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="K♥, must be melded or laid off"):
        state.apply(Take(cards("KH")))
    taken = at_sea(config, "KH 9D").apply(Take(cards("9D")))
    assert taken.owed == Card("9D")
    assert taken.kept is None


def test_a_hand_that_ends_while_a_player_floats_scores_their_table_cards() -> None:
    # Player 1 lays off the 8♣ on player 0's run and goes out with a discard.
    state = position(
        ["", "8C", "3D 5H 9C JD 4C 6D 2S"],
        config=FLOAT,
        pile="QH",
        table=[("10S JS QS", 1), ("5C 6C 7C", 0)],
        stock_top="KD",
        current_player=1,
    )
    out = play(state, "draw", "layoff 1 8C", "discard KD")
    assert out.went_out == 1
    assert out.phase is Phase.HAND_OVER
    assert out.history[-1] == (5 + 6 + 7, 30 + 8, -(3 + 5 + 9 + 10 + 4 + 6 + 2))
