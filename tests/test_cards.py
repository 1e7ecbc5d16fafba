"""Cards: notation both ways, ids, decks, and what each card is worth."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given

from rummy500 import Card, CardError, CardValues, Suit, format_cards, parse_cards
from rummy500.toolkit import CARDS, JOKER, make_deck
from strategies import card_values


@pytest.mark.parametrize("text", ["QH", "qh", "Qh", "Q♥", "q♥", "12H", "12♥", " QH ", "Q♡"])
def test_queen_of_hearts_reads_in_every_notation(text: str) -> None:
    card = Card(text)
    assert card.rank == 12
    assert card.suit is Suit.HEARTS
    assert card == Card("QH")


@pytest.mark.parametrize("text", ["10S", "10s", "TS", "ts", "T♠", "10♠", "10♤"])
def test_ten_reads_as_10_or_t(text: str) -> None:
    assert Card(text).rank == 10
    assert Card(text).suit is Suit.SPADES


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("AC", 1, Suit.CLUBS),
        ("1C", 1, Suit.CLUBS),
        ("2D", 2, Suit.DIAMONDS),
        ("9♦", 9, Suit.DIAMONDS),
        ("JH", 11, Suit.HEARTS),
        ("11♥", 11, Suit.HEARTS),
        ("KS", 13, Suit.SPADES),
        ("13♠", 13, Suit.SPADES),
        ("K♧", 13, Suit.CLUBS),
        ("5♢", 5, Suit.DIAMONDS),
    ],
)
def test_rank_and_suit_are_read(text: str, rank: int, suit: Suit) -> None:
    card = Card(text)
    assert (card.rank, card.suit) == (rank, suit)


@pytest.mark.parametrize(
    ("text", "unicode", "ascii_text"),
    [("QH", "Q♥", "QH"), ("ts", "10♠", "10S"), ("a♣", "A♣", "AC"), ("7d", "7♦", "7D")],
)
def test_card_writes_unicode_and_ascii(text: str, unicode: str, ascii_text: str) -> None:
    card = Card(text)
    assert str(card) == unicode
    assert card.ascii == ascii_text
    assert repr(card) == f"Card({ascii_text!r})"


def test_every_card_text_reads_back_to_the_same_card() -> None:
    for card in CARDS[:52]:
        assert Card(str(card)) is card
        assert Card(card.ascii) is card
        assert Card(card.ascii.lower()) is card


def test_card_id_runs_suit_by_suit_with_ace_as_rank_one() -> None:
    for suit in Suit:
        for rank in range(1, 14):
            card = CARDS[suit * 13 + rank - 1]
            assert (card.rank, card.suit) == (rank, suit)
    assert Card("AC") == 0
    assert Card("KC") == 12
    assert Card("AD") == 13
    assert Card("QS") == 50
    assert Card(50) is Card("QS")


def test_cards_are_prebuilt_instances() -> None:
    assert Card("QH") is Card("q♥") is CARDS[Card("QH")]


def test_joker_notation() -> None:
    for text in ("JK", "joker", "🃏"):
        assert Card(text) is JOKER
    assert JOKER.is_joker
    assert JOKER.rank == 0
    assert JOKER.suit is None
    assert str(JOKER) == "🃏"
    assert JOKER.ascii == "JK"


@pytest.mark.parametrize("text", ["", "Q", "H", "QX", "1H0", "0H", "14H", "ZZ", "10", "QHH", "♥Q"])
def test_bad_card_text_raises_card_error_with_the_notation(text: str) -> None:
    with pytest.raises(CardError) as info:
        Card(text)
    message = str(info.value)
    assert repr(text) in message
    # The message teaches the notation.
    assert "rank" in message
    assert "suit" in message


@pytest.mark.parametrize("value", [-1, 105, 200, True, 2.0])
def test_bad_card_id_raises_card_error(value: object) -> None:
    with pytest.raises(CardError, match="card id"):
        Card(value)  # type: ignore[arg-type]


def test_card_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="cannot read"):
        Card("XX")


def test_parse_and_format_cards_round_trip() -> None:
    parsed = parse_cards("8S 8H, 8D")
    assert parsed == (Card("8S"), Card("8H"), Card("8D"))
    assert parse_cards(["8♠", "8♥", "8♦"]) == parsed
    assert format_cards(parsed) == "8♠ 8♥ 8♦"
    assert format_cards(parsed, ascii=True) == "8S 8H 8D"
    assert parse_cards(format_cards(parsed)) == parsed


def test_parse_cards_reports_the_bad_card() -> None:
    with pytest.raises(CardError, match="'8X'"):
        parse_cards("8S 8X 8D")


def test_card_pickles_to_the_same_instance() -> None:
    assert pickle.loads(pickle.dumps(Card("QH"))) is Card("QH")


def test_one_deck_is_the_52_standard_cards_without_jokers() -> None:
    deck = make_deck(1)
    assert len(deck) == 52
    assert set(deck) == set(CARDS[:52])
    assert JOKER not in deck
    assert sum(1 for c in deck if c.rank == 1) == 4
    assert sum(1 for c in deck if 2 <= c.rank <= 9) == 32
    assert sum(1 for c in deck if c.rank >= 10) == 16


def test_two_decks_hold_two_of_every_card_104_in_all() -> None:
    deck = make_deck(2)
    assert len(deck) == 104
    assert all(deck.count(c) == 2 for c in CARDS[:52])


def test_make_deck_rejects_no_deck() -> None:
    with pytest.raises(CardError):
        make_deck(0)


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("AS", 15),
        ("2C", 2),
        ("5D", 5),
        ("9H", 9),
        ("10S", 10),
        ("JC", 10),
        ("QD", 10),
        ("KH", 10),
    ],
)
def test_card_points_traditional(text: str, points: int) -> None:
    assert CardValues.traditional().points(Card(text)) == points


def test_ace_counts_1_only_when_marked_low() -> None:
    values = CardValues()
    assert values.points(Card("AC"), end=-1) == 1
    assert values.points(Card("AC")) == 15
    assert values.points(Card("AC"), end=1) == 15
    # The low-end mark changes nothing for other cards.
    assert values.points(Card("2C"), end=-1) == 2


@given(card_values())
def test_the_value_of_each_card_id_is_its_points(values: CardValues) -> None:
    assert values.by_card == tuple(values.points(card) for card in range(len(CARDS)))


def test_one_deck_is_worth_396_points_counting_every_ace_high() -> None:
    # 4 aces x 15 + 4 x (2 + ... + 9) + 16 x 10, as the card table of the rules says.
    values = CardValues()
    assert sum(values.points(c) for c in make_deck(1)) == 4 * 15 + 4 * 44 + 16 * 10


# -- text and values that are not cards ------------------------------------------------------


CARD_HELP = (
    "write a rank (A, 2-10 or T, J, Q, K) then a suit (C, D, H, S or ♣, ♦, ♥, ♠), as in 'QH', "
    "'10h' or 'Q♥'; 'JK' for a joker, 'JK=6S' for a joker standing for the 6♠"
)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (None, "a card is a text such as 'QH' or a card id (an int from 0 to 104), not None"),
        (1.5, "a card is a text such as 'QH' or a card id (an int from 0 to 104), not 1.5"),
        (b"QH", "a card is a text such as 'QH' or a card id (an int from 0 to 104), not a bytes"),
        (-1, "a card id is an int from 0 to 104, not -1"),
        (200, "a card id is an int from 0 to 104, not 200"),
        pytest.param(
            10**5000, "a card id is an int from 0 to 104, not an int of 16610 bits", id="huge"
        ),
        ("²H", f"cannot read '²H' as a card: {CARD_HELP}"),
        ("JK=JK", f"cannot read 'JK=JK' as a card: {CARD_HELP}"),
        ("JK=JK=6S", f"cannot read 'JK=JK=6S' as a card: {CARD_HELP}"),
        (
            "JK=" * 1000 + "6S",
            "a card's text is at most 20 characters, not 3002: "
            "'JK=JK=JK=JK=JK=JK=JK=JK=JK=JK=JK=JK=JK=J'…",
        ),
    ],
)
def test_a_value_that_is_no_card_raises_card_error_saying_what_a_card_is(
    value: object, message: str
) -> None:
    with pytest.raises(CardError) as info:
        Card(value)  # type: ignore[arg-type]
    assert str(info.value) == message


def test_a_joker_standing_for_a_card_reads_with_spaces_around_the_card() -> None:
    assert Card(" JOKER= 10s ") == Card("🃏=10♠") == Card("*=TS")


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (5, "parse_cards reads a text such as '8S 8H 8D' or an iterable of card texts, not 5"),
        (
            None,
            "parse_cards reads a text such as '8S 8H 8D' or an iterable of card texts, not None",
        ),
        (
            b"QH",
            "parse_cards reads a text such as '8S 8H 8D' or an iterable of card texts, not a bytes",
        ),
        (
            "QH " * 400,
            "a text of cards is at most 1000 characters, not 1200: "
            "'QH QH QH QH QH QH QH QH QH QH QH QH QH Q'…",
        ),
    ],
)
def test_parse_cards_refuses_what_is_not_a_text_of_cards(value: object, message: str) -> None:
    with pytest.raises(CardError) as info:
        parse_cards(value)  # type: ignore[arg-type]
    assert str(info.value) == message
