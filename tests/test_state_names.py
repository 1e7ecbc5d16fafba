"""The 1.0 names of a state: moves applied from their text, the move stack, and reseeding."""

from __future__ import annotations

import pytest

from rummy500 import Deal, MoveParseError, RuleConfig, State, StateError, new_game


def test_apply_text_applies_the_move_a_text_writes() -> None:
    state = new_game(players=3, seed=4)
    assert state.apply_text("draw") == state.apply(state.parse_move("draw"))
    with pytest.raises(MoveParseError) as info:
        state.apply_text("fly away")
    assert str(info.value) == (
        "unknown move 'fly': a move starts with one of draw, take, meld, layoff, discard, "
        "decline, call, pass, deal"
    )


def test_the_move_stack_is_the_line_of_play_oldest_first() -> None:
    state = new_game(players=3, seed=4)
    line = [state]
    for _ in range(6):
        line.append(line[-1].apply(line[-1].legal_moves()[0]))
    assert line[-1].move_stack == tuple(s.last_move for s in line[1:])
    assert state.move_stack == ()


def test_with_seed_changes_the_shuffles_from_here_on_and_nothing_else() -> None:
    over = State.from_position(
        RuleConfig(),
        hands=["", "2H 3H", "KD"],
        pile="8C",
        table=[("9C 10C JC", 0), ("QS KS AS", 0)],
        went_out=0,
    )
    reseeded = over.with_seed(99)
    assert reseeded.seed == 99
    assert reseeded._replace(seed=over.seed) == over
    assert reseeded.parent is None
    dealt, redealt = over.apply(Deal()), reseeded.apply(Deal())
    assert dealt.hands != redealt.hands
    assert (dealt.dealer, dealt.totals) == (redealt.dealer, redealt.totals)


def test_with_seed_refuses_what_is_not_a_whole_number() -> None:
    state = new_game(players=3, seed=4)
    with pytest.raises(StateError) as info:
        state.with_seed(True)
    assert str(info.value) == "seed must be a whole number, not True"
