"""Moves: values, their text forms both ways, and errors for text that is not a move."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers_positions import cards, position
from rummy500 import (
    Card,
    CardError,
    ConfigError,
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
    Rummy500Error,
    StateError,
    Take,
    new_game,
    parse_cards,
    presets,
)
from rummy500.game.state import parse_move

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
        ("layoff", "table meld id"),
        ("layoff x 9S", "table meld id"),
        ("layoff -1 9S", "table meld id"),
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


# -- text and values that are not moves ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("layoff ² 9S", "'layoff' needs a table meld id, then cards: 'layoff 2 9S'"),
        ("layoff ٣ 9S", "'layoff' needs a table meld id, then cards: 'layoff 2 9S'"),
        ("layoff +1 9S", "'layoff' needs a table meld id, then cards: 'layoff 2 9S'"),
        (
            "meld " + "QH " * 20000,
            "a move's text is at most 1000 characters, not 60005: "
            "'meld QH QH QH QH QH QH QH QH QH QH QH QH'…",
        ),
        (
            "x" * 50,
            "unknown move 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'…: a move starts with one "
            "of draw, take, meld, layoff, discard, decline, call, pass, deal",
        ),
        (
            "draw " + "y" * 50,
            "'draw' takes nothing after it, got 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy'…",
        ),
        (
            "meld 8S 8H " + "JK=" * 10 + "8D",
            "'meld 8S 8H JK=JK=JK=JK=JK=JK=JK=JK=JK=JK'…: a card's text is at most 20 "
            "characters, not 32: 'JK=JK=JK=JK=JK=JK=JK=JK=JK=JK=8D'",
        ),
    ],
)
def test_bad_move_text_gets_a_short_full_message(text: str, message: str) -> None:
    with pytest.raises(MoveParseError) as info:
        Move.from_text(text)
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("build", "error", "message"),
    [
        (lambda: Move.from_text(None), MoveParseError, "a move's text is a str, not None"),
        (lambda: Move.from_text(b"draw"), MoveParseError, "a move's text is a str, not a bytes"),
        (lambda: Layoff(1.5, "9S"), MoveParseError, "a table meld id is an int, not 1.5"),
        (lambda: Layoff(None, "9S"), MoveParseError, "a table meld id is an int, not None"),
        (lambda: Layoff(True, "9S"), MoveParseError, "a table meld id is an int, not True"),
        (lambda: Layoff(-1, "9S"), MoveParseError, "a table meld id is 0 or more, not -1"),
        (lambda: Layoff(0, "9S", "yes"), MoveParseError, "'high' is True or False, not 'yes'"),
        (
            lambda: Discard(None),
            CardError,
            "a move's card is a Card, a text such as '5S' or a card id, not None",
        ),
        (
            lambda: Take(5),
            CardError,
            "a move's cards are a tuple or list of cards, or a text such as '8S 8H 8D', not 5",
        ),
        (
            lambda: Meld([None]),
            CardError,
            "a card is a text such as 'QH' or a card id (an int from 0 to 104), not None",
        ),
    ],
)
def test_a_move_built_from_wrong_types_raises_the_packages_error(
    build: Callable[[], object], error: type[Rummy500Error], message: str
) -> None:
    with pytest.raises(error) as info:
        build()
    assert str(info.value) == message


def test_parse_move_refuses_what_is_not_a_state_or_a_text() -> None:
    state = new_game(RuleConfig(), players=2, seed=1)
    with pytest.raises(MoveParseError) as info:
        state.parse_move(None)  # type: ignore[arg-type]
    assert str(info.value) == "a move's text is a str, not None"
    with pytest.raises(MoveParseError) as info:
        parse_move(state, None)  # type: ignore[arg-type]
    assert str(info.value) == "a move's text is a str, not None"
    with pytest.raises(StateError) as state_info:
        parse_move(None, "draw")  # type: ignore[arg-type]
    assert str(state_info.value) == "parse_move reads a move in a State, not None"


def test_presets_refuse_a_name_that_is_not_a_str() -> None:
    with pytest.raises(ConfigError) as info:
        presets.get(None)  # type: ignore[arg-type]
    assert str(info.value) == "a preset name is a str, not None"
    with pytest.raises(ConfigError) as info:
        presets.preset(3)  # type: ignore[arg-type]
    assert str(info.value) == "a preset name is a str, not 3"


def test_an_unknown_preset_is_quoted_short() -> None:
    with pytest.raises(ConfigError) as info:
        presets.get("z" * 5000)
    assert str(info.value).startswith(
        "no preset called 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz'…; the presets are: "
    )
    assert len(str(info.value)) < 1000


@pytest.mark.parametrize("size", [8000, 20000])
def test_canonical_order_of_a_long_meld_is_fast(size: int) -> None:
    # CPU time, not wall time: a loaded machine slows the clock on the wall, not the work.
    start = time.process_time()
    meld = Meld([50] * size)
    assert time.process_time() - start < 1.0
    assert meld.melded == (Card("QS"),) * size


def test_a_run_given_in_any_order_is_turned_to_run_on() -> None:
    assert Meld(cards("AS KS QS")).melded == cards("QS KS AS")
    assert Meld(cards("2S AS KS")).melded == cards("KS AS 2S")
    assert Meld(cards("3S 2S 4S")).melded == cards("2S 3S 4S")
    assert Meld(cards("2S 4S 6S")).melded == cards("2S 4S 6S")
    assert Meld(cards("AS 2S QS KS 5S")).melded == cards("AS 2S 5S QS KS")


_TEXTS = st.one_of(
    st.text(max_size=60),
    st.text(alphabet="0123456789²³٣۳०੩ \t", max_size=30).map(lambda t: "layoff " + t + " 9S"),
    st.integers(0, 3000).map(lambda n: "JK=" * n + "6S"),
    st.integers(0, 3000).map(lambda n: "meld 8S " + "JK=" * n + "8D"),
    st.integers(0, 30000).map(lambda n: "meld " + "QH " * n),
    st.integers(0, 400).map(lambda n: "take " + "10♠ " * n),
    st.text(min_size=900, max_size=1200),
)


@settings(deadline=None, max_examples=300)
@given(_TEXTS)
def test_the_parsers_are_total_and_fast_on_any_text(text: str) -> None:
    state = new_game(RuleConfig(), players=2, seed=1)
    # Each parser within 200 ms of CPU time (a deadline on the wall clock fails on a loaded
    # machine): a parse that grew worse than linear in its text would take seconds here.
    for parse in (Move.from_text, Card, parse_cards, state.parse_move):
        start = time.process_time()
        with contextlib.suppress(Rummy500Error):
            parse(text)
        assert time.process_time() - start < 0.2, parse
