"""What makes a meld, the canonical order of a meld's cards, and how a meld grows by lay-offs."""

from __future__ import annotations

import random
from itertools import combinations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers_positions import cards, position
from rummy500 import (
    Aces,
    Card,
    CardValues,
    Layoff,
    Meld,
    Phase,
    RuleConfig,
    TableMeld,
    format_cards,
    new_game,
    parse_cards,
    presets,
)
from rummy500.melds.check import layoff_cards_problem, meld_cards_problem
from rummy500.melds.putdown import put_down
from rummy500.melds.search import availability, layoffs, new_melds
from rummy500.melds.shape import RunShape, canonical_meld, run_shape
from rummy500.play.scoring import table_points
from rummy500.toolkit import CARDS, explain_meld, make_deck, possible_layoffs, possible_melds
from strategies import scaled, seeds

VALUES = CardValues()
#: The standard rules.
STANDARD = RuleConfig()


def check(text: str) -> str | None:
    """Why the cards are not a meld (``None`` when they are), in any order given."""
    return meld_cards_problem(canonical_meld(cards(text)), STANDARD)


def table_meld(text: str, owner: int = 0) -> TableMeld:
    """A meld on the table made of ``text``, all put down by ``owner``."""
    ordered = canonical_meld(cards(text))
    assert meld_cards_problem(ordered, STANDARD) is None
    return TableMeld.new(ordered, owner)


def lay_off(meld: TableMeld, text: str, owner: int, *, high: bool = False) -> TableMeld:
    """``meld`` after ``owner`` lays off ``text`` on it (at the top end of a run if ``high``)."""
    laid = cards(text)
    assert layoff_cards_problem(meld, laid, STANDARD, high=high) is None
    hand, table = put_down(laid, (meld,), laid, owner, STANDARD, onto=0, high=high)
    assert hand == ()
    return table[0]


def points_by_owner(meld: TableMeld, players: int) -> list[int]:
    """The points ``meld`` scores for each player."""
    return table_points(VALUES, [meld], players)


# -- the rules' table "What counts as a meld" --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("8♠ 8♥ 8♦", None),
        ("A♣ 2♣ 3♣", None),
        ("Q♥ K♥ A♥", None),
        ("K♠ A♠ 2♠", "round the corner"),
        ("4♦ 5♦ 6♣", "one suit"),
        ("6♠ 6♠ 6♥", "different suits"),
    ],
    ids=["set", "low-ace-run", "high-ace-run", "round-the-corner", "mixed-suits", "same-suit-set"],
)
def test_what_counts_as_a_meld_table(text: str, problem: str | None) -> None:
    error = check(text)
    if problem is None:
        assert error is None
    else:
        assert error is not None
        assert problem in error


# -- sets ------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["KC KD KH", "KC KD KS", "AC AD AH AS", "2C 2D 2H 2S"])
def test_set_is_three_or_four_of_a_rank(text: str) -> None:
    assert check(text) is None


def test_set_needs_at_least_three_cards() -> None:
    assert check("8S 8H") == "a meld needs at least 3 cards, not 2"


def test_set_holds_at_most_four_cards_with_two_decks() -> None:
    error = check("8C 8D 8H 8S 8S")
    assert error is not None
    assert "at most 4" in error


def test_set_needs_different_suits_with_two_decks() -> None:
    error = check("6S 6S 6H")
    assert error is not None
    assert "different suits" in error
    assert check("6S 6S 6H 6D") is not None


def test_set_must_be_one_rank() -> None:
    assert check("8S 8H 9D") is not None


# -- runs ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["4D 5D 6D", "9C 10C JC QC", "AS 2S 3S 4S", "JH QH KH AH", "10H JH QH KH AH"]
)
def test_run_is_three_or_more_in_order_in_one_suit(text: str) -> None:
    assert check(text) is None


def test_run_needs_at_least_three_cards() -> None:
    assert check("4D 5D") is not None


def test_run_must_be_one_suit() -> None:
    error = check("4D 5D 6C")
    assert error is not None
    assert "one suit" in error


def test_run_must_be_consecutive() -> None:
    assert check("2H 4H 5H") == "the cards of a run must be consecutive"


@pytest.mark.parametrize("text", ["KS AS 2S", "QS KS AS 2S", "KD AD 2D 3D", "JD QD KD AD 2D"])
def test_run_cannot_go_round_the_corner(text: str) -> None:
    error = check(text)
    assert error is not None
    assert "round the corner" in error


def test_run_cannot_hold_the_same_card_twice_with_two_decks() -> None:
    assert check("5H 5H 6H 7H") is not None


def test_full_suit_is_a_run_with_the_ace_at_one_end() -> None:
    assert check("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS") is None
    low = canonical_meld(cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"))
    high = canonical_meld(cards("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"))
    assert TableMeld.new(low, 0).low == 1
    assert TableMeld.new(high, 0).high == 14


def test_jokers_are_not_played_under_the_standard_rules() -> None:
    error = check("8S 8H JK")
    assert error is not None
    assert "joker" in error


# -- canonical order -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "canonical"),
    [
        ("8S 8H 8D", "8♦ 8♥ 8♠"),
        ("8H 8S 8C 8D", "8♣ 8♦ 8♥ 8♠"),
        ("3C AC 2C", "A♣ 2♣ 3♣"),
        ("AH KH QH", "Q♥ K♥ A♥"),
        ("KH AH QH", "Q♥ K♥ A♥"),
        ("7D 5D 6D 4D", "4♦ 5♦ 6♦ 7♦"),
    ],
)
def test_canonical_meld_order(given: str, canonical: str) -> None:
    assert " ".join(map(str, canonical_meld(cards(given)))) == canonical
    assert str(Meld(cards(given))) == f"meld {canonical}"


def test_meld_moves_in_any_card_order_are_equal() -> None:
    assert Meld(cards("8S 8H 8D")) == Meld(cards("8D 8S 8H"))
    assert Meld(cards("AH KH QH")) == Meld(cards("QH KH AH"))
    assert hash(Meld(cards("3C AC 2C"))) == hash(Meld(cards("AC 2C 3C")))


# -- table melds and their points ------------------------------------------------------------


def test_table_meld_positions_low_and_high_ace() -> None:
    low = table_meld("AC 2C 3C")
    high = table_meld("QH KH AH")
    kings = table_meld("KC KD KS")
    assert (low.is_run, low.low, low.high) == (True, 1, 3)
    assert (high.is_run, high.low, high.high) == (True, 12, 14)
    assert (kings.is_run, kings.low, kings.high) == (False, 13, 13)


def test_low_ace_counts_1_only_at_the_low_end_of_a_run() -> None:
    assert table_meld("AC 2C 3C").card_points(VALUES) == (1, 2, 3)


@pytest.mark.parametrize(
    ("text", "points"),
    [("QH KH AH", (10, 10, 15)), ("AC AD AS", (15, 15, 15)), ("JD QD KD AD", (10, 10, 10, 15))],
)
def test_ace_counts_15_high_in_a_run_and_in_a_set(text: str, points: tuple[int, ...]) -> None:
    assert table_meld(text).card_points(VALUES) == points


@pytest.mark.parametrize(
    ("text", "ends"),
    [
        ("AC 2C 3C", (1 - 15, 0)),  # a low ace scores 1 where a plain ace scores 15
        ("QH KH AH", (0, 0)),  # a high ace scores 15, as a plain ace does
        ("2C 3C 4C", (0, 0)),
        ("AC AD AS", (0, 0)),  # the aces of a set are plain aces
    ],
)
def test_end_aces_are_what_the_end_cards_of_a_run_score_beyond_their_plain_value(
    text: str, ends: tuple[int, int]
) -> None:
    assert table_meld(text).end_aces(VALUES) == ends


def test_end_aces_leave_an_ace_inside_a_wrap_around_run_at_its_plain_value() -> None:
    run = TableMeld.of(cards("KH AH 2H"), [0, 0, 0])
    assert run.end_aces(RuleConfig(wrap_around=True).card_values) == (0, 0)


# -- lay-offs --------------------------------------------------------------------------------


def test_set_can_take_its_fourth_card() -> None:
    assert layoff_cards_problem(table_meld("8S 8H 8D"), cards("8C"), STANDARD, high=False) is None


def test_set_cannot_take_a_fifth_card_with_two_decks() -> None:
    error = layoff_cards_problem(table_meld("8C 8S 8H 8D"), cards("8S"), STANDARD, high=False)
    assert error is not None


def test_set_lay_off_must_match_rank_and_be_a_new_suit() -> None:
    assert (
        layoff_cards_problem(table_meld("8S 8H 8D"), cards("9C"), STANDARD, high=False) is not None
    )
    error = layoff_cards_problem(table_meld("8S 8H 8D"), cards("8S"), STANDARD, high=False)
    assert error == "a set cannot hold two cards of the same suit"


@pytest.mark.parametrize("text", ["4H", "8H", "3H 4H", "8H 9H", "4H 8H", "2H 3H 4H 8H 9H"])
def test_run_grows_at_either_end(text: str) -> None:
    assert layoff_cards_problem(table_meld("5H 6H 7H"), cards(text), STANDARD, high=False) is None


def test_run_lay_off_must_join_an_end_without_a_gap() -> None:
    run = table_meld("5H 6H 7H")
    assert layoff_cards_problem(run, cards("9H"), STANDARD, high=False) is not None
    assert layoff_cards_problem(run, cards("3H"), STANDARD, high=False) is not None
    assert layoff_cards_problem(run, cards("6H"), STANDARD, high=False) is not None


def test_run_lay_off_must_be_of_the_runs_suit() -> None:
    error = layoff_cards_problem(table_meld("5H 6H 7H"), cards("8S"), STANDARD, high=False)
    assert error == "every card laid off on a run must be of the run's suit"


def test_low_ace_laid_off_on_two_three_four_counts_1() -> None:
    run = table_meld("2S 3S 4S")
    grown = lay_off(run, "AS", 1)
    assert (grown.low, grown.high) == (1, 4)
    assert grown.cards == cards("AS 2S 3S 4S")
    assert grown.owners == (1, 0, 0, 0)
    assert grown.card_points(VALUES) == (1, 2, 3, 4)
    assert points_by_owner(grown, 2) == [9, 1]


def test_high_ace_laid_off_on_queen_king_counts_15() -> None:
    run = table_meld("JS QS KS")
    # The ace can only go above the king, so it needs no 'high'.
    grown = lay_off(run, "AS", 2)
    assert (grown.low, grown.high) == (11, 14)
    assert grown.card_points(VALUES) == (10, 10, 10, 15)
    assert points_by_owner(grown, 3) == [30, 0, 15]


def test_ace_on_queen_king_is_not_said_high() -> None:
    error = layoff_cards_problem(table_meld("JS QS KS"), cards("AS"), STANDARD, high=True)
    assert error is not None
    assert "either end" in error


def test_ace_on_two_to_king_goes_low_or_high_as_said() -> None:
    run = table_meld("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    assert layoff_cards_problem(run, cards("AS"), STANDARD, high=False) is None
    assert layoff_cards_problem(run, cards("AS"), STANDARD, high=True) is None
    low = lay_off(run, "AS", 1)
    high = lay_off(run, "AS", 1, high=True)
    assert (low.low, low.high, low.cards[0]) == (1, 13, Card("AS"))
    assert (high.low, high.high, high.cards[-1]) == (2, 14, Card("AS"))
    assert points_by_owner(low, 2)[1] == 1
    assert points_by_owner(high, 2)[1] == 15
    offered = layoffs(run, availability(cards("AS"), STANDARD), STANDARD)
    assert sorted(offered) == [(cards("AS"), False), (cards("AS"), True)]


def test_ace_with_cards_up_to_the_king_goes_low_or_high_as_said() -> None:
    run = table_meld("2H 3H 4H 5H 6H 7H 8H 9H 10H JH")
    offered = layoffs(run, availability(cards("AH QH KH"), STANDARD), STANDARD)
    assert len(set(offered)) == len(offered)
    laid = tuple(sorted(cards("AH QH KH")))
    assert (laid, False) in offered
    assert (laid, True) in offered
    low = lay_off(run, "AH QH KH", 1)
    high = lay_off(run, "AH QH KH", 1, high=True)
    assert low.cards == cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    assert high.cards == cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")
    assert points_by_owner(low, 2)[1] == 1 + 20
    assert points_by_owner(high, 2)[1] == 15 + 20


def test_run_cannot_hold_an_ace_at_both_ends() -> None:
    low_run = table_meld("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS")
    full = lay_off(low_run, "KS", 0)
    assert layoff_cards_problem(full, cards("AS"), STANDARD, high=True) is not None
    assert layoff_cards_problem(full, cards("AS"), STANDARD, high=False) is not None


def test_high_is_only_for_cards_that_could_go_at_either_end_of_a_run() -> None:
    assert (
        layoff_cards_problem(table_meld("5H 6H 7H"), cards("8H"), STANDARD, high=True) is not None
    )
    assert (
        layoff_cards_problem(table_meld("AC AD AH"), cards("AS"), STANDARD, high=True) is not None
    )


def test_lay_off_keeps_each_cards_owner_in_run_order() -> None:
    run = table_meld("5H 6H 7H", owner=1)
    grown = lay_off(run, "8H 4H", 2)
    assert grown.cards == cards("4H 5H 6H 7H 8H")
    assert grown.owners == (2, 1, 1, 1, 2)
    assert (grown.low, grown.high) == (4, 8)


def test_lay_off_on_a_set_keeps_suit_order_and_owners() -> None:
    kings = table_meld("KC KD KS", owner=0)
    grown = lay_off(kings, "KH", 1)
    assert grown.cards == cards("KC KD KH KS")
    assert grown.owners == (0, 0, 1, 0)


# -- the move generator offers exactly the melds and lay-offs these rules allow ---------------


@st.composite
def hands(draw: st.DrawFn) -> list[Card]:
    """3 to 8 cards from one or two decks, often from few suits so that runs occur."""
    decks = draw(st.sampled_from([1, 2]))
    suits = draw(st.sets(st.sampled_from(range(4)), min_size=1, max_size=4))
    pool = [c for c in make_deck(decks) if c // 13 in suits]
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=3, max_size=8, unique=True))
    return [pool[i] for i in picks]


@st.composite
def table_melds(draw: st.DrawFn) -> TableMeld:
    """A set of three or a run of any length (a low-ace run, a high-ace run or in between)."""
    if draw(st.booleans()):
        rank = draw(st.integers(1, 13))
        suits = draw(st.lists(st.integers(0, 3), min_size=3, max_size=3, unique=True))
        return table_meld(" ".join(CARDS[s * 13 + rank - 1].ascii for s in suits))
    suit = draw(st.integers(0, 3))
    low = draw(st.integers(1, 12))
    high = draw(st.integers(low + 2, 14 if low > 1 else 13))
    ranks = [1 if p == 14 else p for p in range(low, high + 1)]
    return TableMeld.new(canonical_meld([CARDS[suit * 13 + r - 1] for r in ranks]), 0)


@given(hands())
def test_every_meld_the_rules_allow_is_generated(hand: list[Card]) -> None:
    generated = set(new_melds(availability(hand, STANDARD), STANDARD))
    allowed = {
        canonical_meld(combo)
        for size in range(3, 6)
        for combo in combinations(hand, size)
        if meld_cards_problem(canonical_meld(combo), STANDARD) is None
    }
    assert {m for m in generated if len(m) < 6} == allowed
    assert all(meld_cards_problem(m, STANDARD) is None for m in generated)


@given(table_melds(), hands())
def test_every_lay_off_the_rules_allow_is_generated(meld: TableMeld, hand: list[Card]) -> None:
    listed = layoffs(meld, availability(hand, STANDARD), STANDARD)
    assert len(set(listed)) == len(listed), "a lay-off is listed twice"
    generated = {(tuple(sorted(cs)), high) for cs, high in listed}
    allowed = {
        (tuple(sorted(combo)), high)
        for size in range(1, 4)
        for combo in set(combinations(sorted(hand), size))
        for high in (False, True)
        if layoff_cards_problem(meld, combo, STANDARD, high=high) is None
    }
    assert {g for g in generated if len(g[0]) < 4} == allowed


# -- the public search: the melds and lay-offs a hand allows ----------------------------------

SEARCH_HAND = "5H 6H 7H 8H 7C 7S QH KS"
#: A hearts run, a set of queens and a low spade run, all put down by the other players.
SEARCH_TABLE = (
    TableMeld.new(cards("9H 10H JH"), 1, id=0),
    TableMeld.new(cards("QC QD QS"), 2, id=1),
    TableMeld.new(cards("AS 2S 3S"), 1, id=2),
)
HEARTS_LAYOFFS = [
    (0, "QH", False),
    (0, "8H", False),
    (0, "8H QH", False),
    (0, "7H 8H", False),
    (0, "7H 8H QH", False),
    (0, "6H 7H 8H", False),
    (0, "6H 7H 8H QH", False),
    (0, "5H 6H 7H 8H", False),
    (0, "5H 6H 7H 8H QH", False),
    (1, "QH", False),
]


def _ascii_layoffs(hand: str, config: RuleConfig) -> list[tuple[int, str, bool]]:
    return [
        (index, format_cards(laid, ascii=True), high)
        for index, laid, high in possible_layoffs(cards(hand), SEARCH_TABLE, config)
    ]


@pytest.mark.parametrize("config", [STANDARD, RuleConfig(wrap_around=True)], ids=["std", "wrap"])
def test_possible_melds_are_every_new_meld_sets_first(config: RuleConfig) -> None:
    melds = possible_melds(cards(SEARCH_HAND), config)
    assert [format_cards(m, ascii=True) for m in melds] == [
        "7C 7H 7S",
        "5H 6H 7H",
        "5H 6H 7H 8H",
        "6H 7H 8H",
    ]


def test_possible_layoffs_are_every_lay_off_meld_by_meld() -> None:
    # K♠ does not go on A-2-3♠: the ace would be low and high at once.
    assert _ascii_layoffs(SEARCH_HAND, STANDARD) == HEARTS_LAYOFFS


def test_possible_layoffs_follow_wrap_around() -> None:
    # Where runs wrap round, K♠ goes below A-2-3♠.
    wrap = RuleConfig(wrap_around=True)
    assert _ascii_layoffs(SEARCH_HAND, wrap) == [*HEARTS_LAYOFFS, (2, "KS", False)]


def test_possible_layoffs_say_high_for_either_end() -> None:
    # A♣ on 2-K♣ could go at either end: listed once low and once high.
    run = (TableMeld.new(cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"), 1),)
    laid = possible_layoffs(cards("AC 5D"), run, STANDARD)
    assert laid == [(0, (Card("AC"),), False), (0, (Card("AC"),), True)]


def test_possible_melds_and_layoffs_are_the_moves_the_state_offers() -> None:
    state = position(
        [SEARCH_HAND, None, None],
        table=[("9H 10H JH", 1), ("QC QD QS", 2), ("AS 2S 3S", 1)],
        phase=Phase.PLAY,
    )
    assert state.table == SEARCH_TABLE
    offered = {m for m in state.legal_moves() if isinstance(m, Meld | Layoff)}
    hand = state.hands[0]
    assert offered == {Meld(m) for m in possible_melds(hand, STANDARD)} | {
        Layoff(index, laid, high)
        for index, laid, high in possible_layoffs(hand, state.table, STANDARD)
    }


def test_put_down_gives_the_hand_and_table_after_a_lay_off() -> None:
    wrap = RuleConfig(wrap_around=True)
    hand, table = put_down(cards(SEARCH_HAND), SEARCH_TABLE, cards("KS"), 0, wrap, onto=2)
    assert format_cards(hand, ascii=True) == "5H 6H 7H 8H 7C 7S QH"
    assert table[:2] == SEARCH_TABLE[:2]
    assert table[2] == TableMeld(cards("KS AS 2S 3S"), (0, 1, 1, 1), True, 13, 16, id=2, owner=1)
    # K♠ scores 10 for player 0; the ace in the middle of K-A-2-3 scores 15.
    assert table_points(VALUES, table, 3) == [10, 9 + 10 + 10 + 15 + 2 + 3, 30]


@pytest.mark.parametrize(
    ("config", "shape", "ace", "king"),
    [
        (STANDARD, RunShape(False, 1, 12, 14), (1, 14), (13,)),
        (RuleConfig(aces=Aces.HIGH_ONLY), RunShape(False, 2, 12, 14), (14,), (13,)),
        (RuleConfig(wrap_around=True), RunShape(True, 1, 13, 25), (1, 14), (13, 26)),
    ],
    ids=["std", "high-only", "wrap"],
)
def test_run_shape_gives_the_positions_a_card_may_take(
    config: RuleConfig, shape: RunShape, ace: tuple[int, ...], king: tuple[int, ...]
) -> None:
    assert run_shape(config) == shape
    assert (shape.positions(1), shape.positions(13), shape.positions(7)) == (
        ace,
        king,
        (7, 20) if shape.wrap else (7,),
    )


@scaled(0.2)
@given(name=st.sampled_from(sorted(presets.PRESETS)), seed=seeds)
def test_melds_built_in_play_are_exactly_the_melds_their_fields_make(name: str, seed: int) -> None:
    # The engine builds table melds without attrs' constructor: every slot, the derived ones
    # (which equality does not compare) included, must be what the constructor gives.
    config = presets.get(name)
    players = config.player_counts[0]
    state = new_game(config, players, seed)
    rng = random.Random(seed)
    seen = 0
    while not state.is_terminal() and seen < 60:
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
        for meld in state.table:
            fields = [getattr(meld, a.name) for a in attrs.fields(TableMeld) if a.init]
            again = TableMeld(*fields)
            assert [getattr(meld, a.name) for a in attrs.fields(TableMeld)] == [
                getattr(again, a.name) for a in attrs.fields(TableMeld)
            ]
            seen += 1
    assert seen or state.is_terminal()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7H 5H 6H", None),
        ("8S 8H 8D 8C", None),
        ("AH KH QH", None),
        (
            "QH KH AH 2H",
            "a run cannot go round the corner (K-A-2): the ace is low or high, not both",
        ),
        ("5H 6H 8H", "the cards of a run must be consecutive"),
        ("8S 8H", "a meld needs at least 3 cards, not 2"),
        ("8S 8H 9D", "a run must be all one suit, and a set all one rank"),
    ],
)
def test_explain_meld_says_why_cards_in_any_order_are_no_meld(
    text: str, expected: str | None
) -> None:
    cards = parse_cards(text)
    assert explain_meld(cards, RuleConfig()) == expected
    # The same answer in reverse order, and from card ids.
    assert explain_meld(cards[::-1], RuleConfig()) == expected
    assert explain_meld([int(c) for c in cards], RuleConfig()) == expected
