"""Moves: values, their text forms both ways, and errors for text that is not a move."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from helpers_positions import cards, position
from rummy500 import (
    Card,
    Deal,
    Decline,
    Discard,
    Draw,
    Layoff,
    Meld,
    Move,
    MoveParseError,
    Phase,
    RuleConfig,
    Take,
)

SAMPLE_MOVES: list[Move] = [
    Draw(),
    Decline(),
    Deal(),
    Take(cards("JC 4H KD 2S")),
    Take(cards("10S")),
    Meld(cards("8S 8H 8D")),
    Meld(cards("AC 2C 3C")),
    Meld(cards("QH KH AH")),
    Layoff(2, cards("9S")),
    Layoff(0, cards("AS"), True),
    Layoff(1, cards("4H 8H")),
    Discard(Card("5S")),
    Discard(Card("10D")),
]


@pytest.mark.parametrize("move", SAMPLE_MOVES, ids=str)
def test_move_text_round_trip(move: Move) -> None:
    assert Move.from_text(str(move)) == move
    assert Move.from_text(move.text(ascii=True)) == move


@pytest.mark.parametrize(
    ("move", "unicode", "ascii_text"),
    [
        (Draw(), "draw", "draw"),
        (Decline(), "decline", "decline"),
        (Deal(), "deal", "deal"),
        (Take(cards("JC 4H KD 2S")), "take J♣ 4♥ K♦ 2♠", "take JC 4H KD 2S"),
        (Meld(cards("8S 8H 8D")), "meld 8♦ 8♥ 8♠", "meld 8D 8H 8S"),
        (Layoff(2, cards("9S")), "layoff 2 9♠", "layoff 2 9S"),
        (Layoff(0, cards("AS"), True), "layoff 0 A♠ high", "layoff 0 AS high"),
        (Discard(Card("10D")), "discard 10♦", "discard 10D"),
    ],
)
def test_move_text_forms(move: Move, unicode: str, ascii_text: str) -> None:
    assert str(move) == unicode
    assert move.text() == unicode
    assert move.text(ascii=True) == ascii_text


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("DRAW", Draw()),
        ("  draw  ", Draw()),
        ("take jc 4h kd 2s", Take(cards("JC 4H KD 2S"))),
        ("take J♣ 4♥ K♦ 2♠", Take(cards("JC 4H KD 2S"))),
        ("meld 8d 8s 8h", Meld(cards("8S 8H 8D"))),
        ("meld TH JH QH", Meld(cards("10H JH QH"))),
        ("layoff 2 9s", Layoff(2, cards("9S"))),
        ("Layoff 0 A♠ HIGH", Layoff(0, cards("AS"), True)),
        ("discard t♦", Discard(Card("10D"))),
    ],
)
def test_move_text_reads_any_card_notation(text: str, move: Move) -> None:
    assert Move.from_text(text) == move


def test_layoff_high_ace_text_differs_from_low() -> None:
    high = Layoff(0, cards("AS"), True)
    low = Layoff(0, cards("AS"))
    assert high != low
    assert str(high).endswith(" high")
    assert not str(low).endswith("high")
    assert Move.from_text("layoff 0 AS") == low


def test_layoff_cards_are_sorted_by_card_id() -> None:
    assert Layoff(1, cards("8H 4H")) == Layoff(1, cards("4H 8H"))
    assert str(Layoff(1, cards("8H 4H"))) == "layoff 1 4♥ 8♥"
    # The order is by card id whatever the end the cards go to: ``high`` only picks the end.
    assert Layoff(0, cards("KS AS"), True) == Layoff(0, cards("AS KS"), True)
    assert str(Layoff(0, cards("KS AS"), True)) == "layoff 0 A♠ K♠ high"


def test_take_keeps_the_deepest_card_first() -> None:
    take = Take(cards("JC 4H KD 2S"))
    assert take.deepest == Card("JC")
    assert take.taken == cards("JC 4H KD 2S")


@pytest.mark.parametrize(
    ("move", "named"),
    [
        (Draw(), ""),
        (Take(cards("JC 4H")), "JC 4H"),
        (Meld(cards("8S 8H 8D")), "8D 8H 8S"),
        (Layoff(0, cards("9S")), "9S"),
        (Discard(Card("5S")), "5S"),
    ],
)
def test_move_cards_lists_the_cards_named(move: Move, named: str) -> None:
    assert move.cards == cards(named)


def test_moves_are_hashable_values() -> None:
    copies = [Move.from_text(str(m)) for m in SAMPLE_MOVES]
    assert set(copies) == set(SAMPLE_MOVES)
    assert len(set(SAMPLE_MOVES)) == len(SAMPLE_MOVES)
    assert Discard(Card("5S")) != Discard(Card("5H"))
    assert Layoff(1, cards("9S")) != Layoff(2, cards("9S"))


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("jump", "unknown move 'jump'"),
        ("draw 5S", "takes nothing"),
        ("decline now", "takes nothing"),
        ("deal 1", "takes nothing"),
        ("take", "at least one card"),
        ("meld", "at least one card"),
        ("layoff", "table meld number"),
        ("layoff x 9S", "table meld number"),
        ("layoff -1 9S", "table meld number"),
        ("layoff 2", "at least one card"),
        ("layoff 0 high", "at least one card"),
        ("discard", "exactly one card"),
        ("discard 5S 6S", "exactly one card"),
        ("discard 5X", "'5X'"),
        ("meld 8S 8Q 8D", "'8Q'"),
    ],
)
def test_bad_move_text_raises_move_parse_error(text: str, fragment: str) -> None:
    with pytest.raises(MoveParseError) as info:
        Move.from_text(text)
    assert fragment in str(info.value)


@pytest.mark.parametrize(
    "build",
    [lambda: Take(()), lambda: Meld(()), lambda: Layoff(0, ())],
    ids=["take", "meld", "layoff"],
)
def test_move_naming_no_card_cannot_be_built(build: Callable[[], Move]) -> None:
    with pytest.raises(MoveParseError, match="at least one"):
        build()


def test_move_parse_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="unknown move"):
        Move.from_text("jump")


# -- reading moves in a position -------------------------------------------------------------


def test_state_parse_move_reads_take_card_as_that_card_and_all_above() -> None:
    state = position(["JS JH 5S 3C 7D 8C QS", None, None], pile="6S 9D JC 4H KD 2S")
    assert state.parse_move("take JC") == Take(cards("JC 4H KD 2S"))
    assert state.parse_move("take 2S") == Take(cards("2S"))


def test_state_parse_move_takes_the_top_most_copy_with_two_decks() -> None:
    hands: list[str | None] = ["3H 3C 9S 10S JD QD KC", None, None, None, None]
    state = position(hands, pile="3D 5H 3D 7C", config=RuleConfig())
    assert state.parse_move("take 3D") == Take(cards("3D 7C"))


def test_state_parse_move_reads_an_ace_on_a_queen_king_run_without_high() -> None:
    state = position(
        ["AS 4C", None],
        table=[("JS QS KS", 1)],
        leftover=1,
        phase=Phase.PLAY,
    )
    move = state.parse_move("layoff 0 AS")
    assert move == Layoff(0, cards("AS"))
    assert state.is_legal(move)
    assert state.apply(move).table[0].high == 14
    # 'high' is only for an ace that could go at either end, so here it is not legal.
    assert not state.is_legal(state.parse_move("layoff 0 AS high"))


def test_state_parse_move_keeps_high_for_an_ace_on_a_two_to_king_run() -> None:
    state = position(
        ["AS 4C", None],
        table=[("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", 1)],
        leftover=1,
        phase=Phase.PLAY,
    )
    high = state.parse_move("layoff 0 AS high")
    assert high == Layoff(0, cards("AS"), True)
    assert state.is_legal(high)
    assert state.is_legal(state.parse_move("layoff 0 AS"))


def test_state_parse_move_leaves_a_low_ace_low() -> None:
    state = position(["AS 4C", None], table=[("2S 3S 4S", 1)], leftover=1, phase=Phase.PLAY)
    assert state.parse_move("layoff 0 AS") == Layoff(0, cards("AS"))
    assert state.is_legal(Layoff(0, cards("AS")))
