"""The standard rules for the discard pile: taking a card with every card above it, using the
deepest card taken that same turn, and what the move generator offers around it.
"""

from __future__ import annotations

import pytest

from helpers_positions import cards, play, position, random_line
from rummy500 import (
    Card,
    Decline,
    Discard,
    Draw,
    IllegalMoveError,
    Layoff,
    Meld,
    MoveParseError,
    Phase,
    State,
    Take,
    new_game,
)

# -- the rules' example: digging into the discard pile ----------------------------------------

DIG_PILE = "6S 9D JC 4H KD 2S"
DIG_HAND = "JS JH 5S 3C 7D 8C QS"


def digging() -> State:
    """The example position: pile 6♠ 9♦ J♣ 4♥ K♦ 2♠ (oldest first), holding J♠ J♥ and 5♠."""
    return position([DIG_HAND, None, None], pile=DIG_PILE)


def test_digging_example_take_from_the_jack_to_the_end_meld_and_discard() -> None:
    state = digging()
    taken = state.apply(Take(cards("JC 4H KD 2S")))
    assert taken.pile == cards("6S 9D")
    assert taken.owed == Card("JC")
    assert sorted(taken.hands[0]) == sorted(cards(DIG_HAND + " JC 4H KD 2S"))

    melded = taken.apply(Meld(cards("JS JH JC")))
    assert melded.owed is None
    assert melded.table[0].cards == cards("JC JH JS")
    assert melded.table[0].owners == (0, 0, 0)
    # The other three cards taken stay in the hand for a later turn.
    for card in cards("4H KD 2S"):
        assert card in melded.hands[0]

    done = melded.apply(Discard(Card("5S")))
    assert done.pile == cards("6S 9D 5S")
    assert sorted(done.hands[0]) == sorted(cards("3C 7D 8C QS 4H KD 2S"))
    assert done.current_player == 1
    assert done.phase is Phase.DRAW


def test_digging_example_offers_only_draw_and_the_take_from_the_jack() -> None:
    assert digging().legal_moves() == (Draw(), Take(cards("JC 4H KD 2S")))


def test_take_of_no_card_is_illegal() -> None:
    # A take of nothing is not even a move: it is refused when it is made, or read.
    with pytest.raises(MoveParseError, match="at least one"):
        Take(())
    with pytest.raises(MoveParseError, match="at least one card"):
        digging().apply_text("take")


def test_cannot_take_the_four_of_hearts_when_it_cannot_be_used() -> None:
    with pytest.raises(IllegalMoveError, match="4♥, must be melded or laid off this turn"):
        digging().apply(Take(cards("4H KD 2S")))


def test_can_take_the_four_of_hearts_when_it_can_be_used() -> None:
    state = position(["4C 4D 5S 3C 7D 8C QS", None, None], pile=DIG_PILE)
    assert Take(cards("4H KD 2S")) in state.legal_moves()
    after = play(state, "take 4H KD 2S", "meld 4C 4D 4H")
    assert after.owed is None


def test_take_means_the_card_and_every_card_above_it() -> None:
    state = digging()
    with pytest.raises(IllegalMoveError, match="every card above it"):
        state.apply(Take(cards("JC")))
    with pytest.raises(IllegalMoveError, match="every card above it"):
        state.apply(Take(cards("JC 4H KD")))
    with pytest.raises(IllegalMoveError, match="every card above it"):
        state.apply(Take(cards("JC KD 2S")))


def test_every_take_offered_is_a_card_with_all_cards_above_it() -> None:
    state = position(
        ["8S 8H 8D 2C", None],
        table=[("9H 10H JH", 1)],
        pile="2D 7H JD 8C",
        leftover="pile",
    )
    takes = [m for m in state.legal_moves() if isinstance(m, Take)]
    assert len(takes) > 2
    for take in takes:
        assert state.pile[-len(take.taken) :] == take.taken


# -- the deepest card taken must be used that turn --------------------------------------------


def test_deepest_card_taken_must_be_used_before_discarding() -> None:
    state = digging().apply_text("take JC")
    assert not any(isinstance(m, Discard) for m in state.legal_moves())
    with pytest.raises(IllegalMoveError, match="J♣, the deepest card you took"):
        state.apply_text("discard 3C")


def test_deepest_card_taken_cannot_be_discarded() -> None:
    state = digging().apply_text("take JC")
    with pytest.raises(IllegalMoveError, match="must be melded or laid off before you discard"):
        state.apply_text("discard JC")


def test_top_card_taken_alone_must_be_used_too() -> None:
    state = position(["2C 2D 5S 3C 7D 8C QS", None, None], pile=DIG_PILE)
    taken = state.apply_text("take 2S")
    assert taken.owed == Card("2S")
    with pytest.raises(IllegalMoveError, match="2♠, the deepest card you took"):
        taken.apply_text("discard 5S")
    assert taken.legal_moves() == (Meld(cards("2C 2D 2S")),)


def test_unusable_top_card_cannot_be_taken_to_keep() -> None:
    state = digging()
    assert Take(cards("2S")) not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="2♠, must be melded or laid off this turn"):
        state.apply_text("take 2S")


def test_deepest_card_can_be_laid_off_on_a_meld_already_down() -> None:
    state = position(
        ["2C 9D", "4H 5S", "3C 3D"],
        table=[("9H 10H JH", 1)],
        pile="5C QH",
    )
    assert state.legal_moves() == (Draw(), Take(cards("QH")))
    after = play(state, "take QH", "layoff 0 QH")
    assert after.owed is None
    assert after.table[0].owners == (1, 1, 1, 0)
    assert Discard(Card("9D")) in after.legal_moves()


def test_deepest_card_laid_off_with_a_card_taken_above_it() -> None:
    # The 8♥ bridges the gap between the 9♥ taken and the 5♥-7♥ run.
    state = position(["2C 9D", "4H 5S", "3C 3D"], table=[("5H 6H 7H", 1)], pile="9H 8H")
    assert Take(cards("9H 8H")) in state.legal_moves()
    after = play(state, "take 9H 8H", "layoff 0 8H 9H")
    assert after.owed is None
    assert after.table[0].cards == cards("5H 6H 7H 8H 9H")


def test_deepest_card_used_in_a_meld_with_other_cards_taken() -> None:
    state = position(["JS QS 5S 3C 7D 8C 2H", None, None], pile="4D 9S 10S 6C")
    assert Take(cards("9S 10S 6C")) in state.legal_moves()
    after = play(state, "take 9S 10S 6C", "meld 9S 10S JS QS")
    assert after.owed is None


def test_other_cards_taken_can_be_melded_at_once() -> None:
    state = position(["4C 4H 5S 3C 7D 8C 2H", None, None], pile="4D 9S 10S JS")
    after = play(state, "take 4D 9S 10S JS", "meld 4C 4D 4H", "meld 9S 10S JS")
    assert after.owed is None
    assert len(after.table) == 2


def test_may_discard_a_card_just_picked_up_once_the_deepest_is_used() -> None:
    state = play(digging(), "take JC", "meld JC JS JH")
    for card in cards("4H KD 2S"):
        assert Discard(card) in state.legal_moves()
    after = state.apply_text("discard 4H")
    assert after.pile[-1] == Card("4H")


def test_cannot_discard_a_card_just_picked_up_before_using_the_deepest() -> None:
    state = digging().apply_text("take JC")
    with pytest.raises(IllegalMoveError, match="J♣, the deepest card you took"):
        state.apply_text("discard 2S")


def test_drawing_from_the_stock_owes_nothing() -> None:
    state = digging().apply(Draw())
    assert state.owed is None
    assert any(isinstance(m, Discard) for m in state.legal_moves())


# -- what the move generator offers while a card is owed --------------------------------------


def owed_five_of_spades(extra: str) -> State:
    """Player 0 has taken the 5♠ and holds 6♠ 7♠ 7♥ 7♦ plus ``extra``."""
    state = position([f"6S 7S 7H 7D {extra}", None, None], pile="KH 5S")
    return state.apply_text("take 5S")


def test_meld_that_leaves_the_owed_card_unusable_is_illegal() -> None:
    state = owed_five_of_spades("2C 9D JC")
    sevens = Meld(cards("7S 7H 7D"))
    assert sevens not in state.legal_moves()
    with pytest.raises(IllegalMoveError) as info:
        state.apply(sevens)
    assert str(info.value) == (
        "'meld 7♦ 7♥ 7♠' is illegal: afterwards 5♠, the deepest card you took from the discard "
        "pile, could no longer be melded or laid off this turn, as it must"
    )
    assert state.legal_moves() == (Meld(cards("5S 6S 7S")),)


def test_meld_that_keeps_the_owed_card_usable_is_legal() -> None:
    state = owed_five_of_spades("7C 9D JC")
    assert Meld(cards("7C 7H 7D")) in state.legal_moves()
    assert Meld(cards("7S 7H 7D")) not in state.legal_moves()
    assert Meld(cards("7C 7D 7H 7S")) not in state.legal_moves()
    after = state.apply_text("meld 7C 7H 7D")
    assert after.owed == Card("5S")
    assert after.legal_moves() == (Meld(cards("5S 6S 7S")),)


def test_lay_off_that_leaves_the_owed_card_unusable_is_illegal() -> None:
    state = position(
        ["6S 7S 2C 9D", "4H 5D", "3C 3D"],
        table=[("7C 7D 7H", 1)],
        pile="KH 5S",
    ).apply_text("take 5S")
    assert Layoff(0, cards("7S")) not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="5♠, the deepest card you took"):
        state.apply(Layoff(0, cards("7S")))


def test_no_discard_is_offered_while_a_card_is_owed() -> None:
    state = owed_five_of_spades("7C 9D JC")
    assert state.owed is not None
    assert not any(isinstance(m, Discard) for m in state.legal_moves())


def test_legal_move_order_in_the_draw_phase() -> None:
    # Draw first, then takes from the top of the pile downwards.
    state = position(
        ["8S 8H 8D 2C", None], table=[("9H 10H JH", 1)], pile="2D 7H JD 8C", leftover=1
    )
    assert state.legal_moves() == (
        Take(cards("8C")),
        Take(cards("7H JD 8C")),
        Decline(),
    )
    with_stock = position(["8S 8H 8D 2C 3C 4C 9S", None, None], pile="2D 7H JD 8C")
    assert with_stock.legal_moves() == (Draw(), Take(cards("8C")))


def test_legal_move_order_in_the_play_phase() -> None:
    state = position(
        ["5S 6S 7S 8S 8H 8D 2C QH", None],
        table=[("9H 10H JH", 1), ("KC KD KS", 1)],
        leftover=1,
        phase=Phase.PLAY,
    )
    expected = [
        "meld 8♦ 8♥ 8♠",
        "meld 5♠ 6♠ 7♠",
        "meld 5♠ 6♠ 7♠ 8♠",
        "meld 6♠ 7♠ 8♠",
        "layoff 0 Q♥",
        "layoff 0 8♥",
        "layoff 0 8♥ Q♥",
        *(f"discard {c}" for c in cards("2C 8D 8H QH 5S 6S 7S 8S")),
    ]
    assert [str(m) for m in state.legal_moves()] == expected


def test_legal_moves_are_the_same_for_equal_positions() -> None:
    a = owed_five_of_spades("7C 9D JC")
    b = owed_five_of_spades("7C 9D JC")
    assert a == b
    assert a.legal_moves() == b.legal_moves()
    assert new_game(players=4, seed=8).legal_moves() == new_game(players=4, seed=8).legal_moves()


# -- the same guarantees over many positions reached in play ----------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_owed_card_always_has_a_legal_use_and_blocks_discards(seed: int) -> None:
    for state in random_line(seed, 400):
        moves = state.legal_moves()
        for take in (m for m in moves if isinstance(m, Take)):
            assert state.pile[-len(take.taken) :] == take.taken
        if state.owed is None:
            continue
        assert state.phase is Phase.PLAY
        assert not any(isinstance(m, Discard) for m in moves)
        assert any(state.owed in m.cards for m in moves)
        for move in moves:
            after = state.apply(move)
            if after.phase is Phase.PLAY and after.owed is not None:
                assert any(after.owed in m.cards for m in after.legal_moves())
