"""Calling rummy: taking a card another player missed, before the next player draws.

Each test is named after the rule sentence it checks (the rule book's "Calling rummy" variant
and rule question, Pagat's procedure, PlayingCards.io's wider and Wikipedia's narrower forms)
and plays real moves on hand-built positions: the discard, the call window, the call, the
caller's play and the turn after it.
"""

from __future__ import annotations

import attrs
import pytest

from helpers_positions import cards, play, position
from rummy500 import (
    Call,
    Calling,
    Card,
    Discard,
    Draw,
    IllegalMoveError,
    Layoff,
    Meld,
    Pass,
    Phase,
    RuleConfig,
    State,
    StateError,
    Take,
)

NO_CALLS = RuleConfig()
CALLING = RuleConfig(calling=Calling.DISCARD_OR_PILE_MELD)
ANY_CARD = RuleConfig(calling=Calling.ANY_PILE_CARD)
LAYOFF_ONLY = RuleConfig(calling=Calling.LAYOFF_ONLY)

# Player 2 owns 5♥ 6♥ 7♥; player 0 has drawn and is about to discard.
TABLE = [("5H 6H 7H", 2)]
P0 = "2C 4D 8H QD 9S"
P1 = "3C 5D JC KS 2D"
P2 = "3D 10H 9C JD 4C"


def discarding(
    config: RuleConfig, card: str, *, p0: str = P0, p1: str = P1, pile: str = "KD"
) -> State:
    """Player 0 holding ``p0`` throws ``card`` onto ``pile``."""
    state = position([p0, p1, P2], config=config, pile=pile, table=TABLE, phase=Phase.PLAY)
    return state.apply(Discard(Card(card)))


# -- when a call is possible -------------------------------------------------------------------


def test_after_a_discard_that_could_go_straight_onto_a_meld_any_other_player_may_call() -> None:
    state = discarding(CALLING, "8H")
    assert state.phase is Phase.CALL
    assert state.discarder == 0
    assert state.current_player == 1
    assert state.legal_moves() == (Call(cards("8H")), Pass())
    # Without calling, the next player simply draws.
    plain = discarding(NO_CALLS, "8H")
    assert (plain.phase, plain.current_player) == (Phase.DRAW, 1)


def test_when_the_pile_holds_cards_that_make_a_meld_by_themselves_a_player_may_call() -> None:
    # 4♠ 5♠ and the 6♠ thrown onto them make a run; there is no spade meld on the table.
    state = discarding(CALLING, "6S", p0="2C 4D 6S QD 9S", pile="KD 4S 5S")
    assert state.phase is Phase.CALL
    assert Call(cards("4S 5S 6S")) in state.legal_moves()
    called = play(state, "call 4S 5S 6S", "meld 4S 5S 6S", "discard 3C")
    assert called.table[1].cards == cards("4S 5S 6S")
    assert called.table[1].owners == (1, 1, 1)


def test_the_caller_takes_that_card_and_every_card_above_it() -> None:
    # Q♣ Q♥ Q♠ make a set in the pile, under the 3♥ and the 2♣ just thrown.
    state = discarding(CALLING, "2C", pile="KD QC QH QS 3H")
    call = Call(cards("QC QH QS 3H 2C"))
    assert state.legal_moves() == (call, Pass())
    called = state.apply(call)
    assert called.pile == cards("KD")
    assert called.owed == Card("QC")
    for card in cards("QC QH QS 3H 2C"):
        assert card in called.hands[1]
    # Only the whole stretch from the deepest card up may be called.
    with pytest.raises(
        IllegalMoveError, match="a call takes the card just discarded, if it could go straight"
    ):
        state.apply(Call(cards("QH QS 3H 2C")))


def test_the_caller_uses_it_at_once_then_discards_and_play_goes_on_from_the_callers_left() -> None:
    state = play(discarding(CALLING, "8H"), "pass")
    # Player 1 passed; player 2 calls, and must use the 8♥ before discarding.
    assert (state.phase, state.current_player) == (Phase.CALL, 2)
    called = state.apply(Call(cards("8H")))
    assert (called.phase, called.current_player, called.owed) == (Phase.PLAY, 2, Card("8H"))
    with pytest.raises(IllegalMoveError, match="8♥, the deepest card you took"):
        called.apply(Discard(Card("4C")))
    laid = called.apply(Layoff(0, cards("8H")))
    assert laid.table[0].owners == (2, 2, 2, 2)
    done = laid.apply(Discard(Card("4C")))
    # Player 1, whose turn it would have been, is skipped.
    assert (done.phase, done.current_player) == (Phase.DRAW, 0)
    assert done.pile == cards("KD 4C")


def test_a_called_card_is_used_at_once_even_where_a_lone_top_card_may_be_kept() -> None:
    config = attrs.evolve(CALLING, keep_top_discard=True)
    called = discarding(config, "8H").apply(Call(cards("8H")))
    assert called.owed == Card("8H")
    assert called.kept is None
    assert not any(isinstance(m, Discard) for m in called.legal_moves())


def test_any_player_may_call_before_the_next_player_draws_and_nothing_else() -> None:
    state = discarding(CALLING, "8H")
    with pytest.raises(IllegalMoveError, match="may call rummy on player 0's discard or pass"):
        state.apply(Draw())
    with pytest.raises(IllegalMoveError, match="may call rummy on player 0's discard or pass"):
        state.apply(Take(cards("8H")))
    # Once the window has closed the call is gone: the next player may take the card instead.
    drawing = play(state, "pass", "pass")
    assert (drawing.phase, drawing.current_player) == (Phase.DRAW, 1)
    with pytest.raises(IllegalMoveError, match="rummy can be called only straight after a discard"):
        drawing.apply(Call(cards("8H")))
    with pytest.raises(IllegalMoveError, match="rummy can be called only straight after a discard"):
        drawing.apply(Pass())


# -- who calls ---------------------------------------------------------------------------------

FOUR = ["3C 5D JC", "2C 4D 8H QD 9S", "3D 10H 9C", "JD 4C KS"]


def four_players(config: RuleConfig = CALLING) -> State:
    """Player 1 of four throws the 8♥."""
    state = position(
        FOUR, config=config, pile="KD", table=TABLE, current_player=1, phase=Phase.PLAY
    )
    return state.apply(Discard(Card("8H")))


def test_when_several_players_want_to_call_seat_order_from_the_discarders_left_decides() -> None:
    state = four_players()
    asked = []
    while state.phase is Phase.CALL:
        assert state.discarder == 1
        assert Call(cards("8H")) in state.legal_moves()
        asked.append(state.current_player)
        state = state.apply(Pass())
    assert asked == [2, 3, 0]
    # Nobody called: the player on the discarder's left draws as usual.
    assert (state.phase, state.current_player) == (Phase.DRAW, 2)
    # Player 3 calls after player 2 passes, so play goes on from player 0.
    called = play(four_players(), "pass", "call 8H", "layoff 0 8H", "discard JD")
    assert (called.phase, called.current_player) == (Phase.DRAW, 0)
    assert called.table[0].owners[-1] == 3


def test_the_discarder_never_gets_a_call() -> None:
    two = position(
        ["2C 4D 8H", "3C 5D JC"],
        config=CALLING,
        pile="KD",
        table=[("5H 6H 7H", 1)],
        phase=Phase.PLAY,
    )
    state = two.apply(Discard(Card("8H")))
    assert (state.phase, state.current_player) == (Phase.CALL, 1)
    after = state.apply(Pass())
    assert (after.phase, after.current_player) == (Phase.DRAW, 1)
    with pytest.raises(StateError, match="cannot call rummy on their own discard"):
        position(
            [P0, P1, P2], config=CALLING, pile="KD", table=TABLE, phase=Phase.CALL, discarder=0
        )


def test_there_is_no_call_window_when_nobody_can_call() -> None:
    state = discarding(CALLING, "QD")
    assert (state.phase, state.current_player) == (Phase.DRAW, 1)
    assert state.discarder is None
    # 9♥ fits 5♥ 6♥ 7♥ only with the 8♥: it cannot go straight onto the meld.
    gap = discarding(CALLING, "9H", p0="2C 4D 9H QD 9S")
    assert (gap.phase, gap.current_player) == (Phase.DRAW, 1)


def test_after_all_pass_the_next_player_draws_normally() -> None:
    state = play(discarding(CALLING, "8H"), "pass", "pass")
    assert (state.phase, state.current_player) == (Phase.DRAW, 1)
    assert state.discarder is None
    assert state.pile == cards("KD 8H")
    assert state.legal_moves() == (Draw(), Take(cards("8H")))
    assert state.turn == 1


def test_no_call_follows_a_discard_that_goes_out() -> None:
    state = position(["8H", P1, P2], config=CALLING, pile="KD", table=TABLE, phase=Phase.PLAY)
    out = state.apply(Discard(Card("8H")))
    assert out.phase is Phase.HAND_OVER
    assert out.went_out == 0


# -- what may be called ------------------------------------------------------------------------


def test_a_call_that_does_not_meet_the_condition_is_an_illegal_move() -> None:
    state = discarding(CALLING, "8H", pile="9D KD")
    # K♦ goes onto no meld and makes none in the pile, so it cannot be called with the 8♥.
    with pytest.raises(
        IllegalMoveError, match="a call takes the card just discarded, if it could go straight"
    ):
        state.apply(Call(cards("KD 8H")))
    narrow = discarding(LAYOFF_ONLY, "8H", pile="9D KD")
    with pytest.raises(IllegalMoveError, match="only the card just discarded may be called"):
        narrow.apply(Call(cards("KD 8H")))


def test_wide_form_a_deeper_card_that_could_be_added_to_a_meld_may_be_called() -> None:
    # The 8♥ lies under K♣ and the Q♦ just thrown.
    p0 = "2C 4D 10S QD 9S"
    narrow = discarding(CALLING, "QD", p0=p0, pile="4S 8H KC")
    assert (narrow.phase, narrow.current_player) == (Phase.DRAW, 1)
    wide = discarding(ANY_CARD, "QD", p0=p0, pile="4S 8H KC")
    assert wide.phase is Phase.CALL
    assert wide.legal_moves() == (Call(cards("8H KC QD")), Pass())
    done = play(wide, "call 8H KC QD", "layoff 0 8H", "discard KC")
    assert done.pile == cards("4S KC")
    assert (done.phase, done.current_player) == (Phase.DRAW, 2)


def test_narrow_form_the_caller_may_take_only_the_discarded_card_and_must_lay_it_off() -> None:
    p1 = "3C 8S 8D JC KS"
    state = discarding(LAYOFF_ONLY, "8H", p1=p1)
    assert state.legal_moves() == (Call(cards("8H")), Pass())
    called = state.apply(Call(cards("8H")))
    meld = Meld(cards("8D 8H 8S"))
    assert meld not in called.legal_moves()
    with pytest.raises(IllegalMoveError, match="8♥, the card you called, must be laid off"):
        called.apply(meld)
    assert called.apply(Layoff(0, cards("8H"))).owed is None
    # The wider form lets the caller meld it instead.
    wide = discarding(CALLING, "8H", p1=p1).apply(Call(cards("8H")))
    assert wide.apply(meld).owed is None


def test_narrow_form_no_call_on_cards_that_make_a_meld_in_the_pile() -> None:
    p0 = "2C 4D 6S QD 9S"
    wide = discarding(CALLING, "6S", p0=p0, pile="KD 4S 5S")
    assert wide.phase is Phase.CALL
    narrow = discarding(LAYOFF_ONLY, "6S", p0=p0, pile="KD 4S 5S")
    assert (narrow.phase, narrow.current_player) == (Phase.DRAW, 1)
