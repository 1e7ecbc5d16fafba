"""Runs under the variant rules: wrap-around runs, aces high only, several cards laid off
at once, and joining a new run to one already on the table, played in real positions.
"""

from __future__ import annotations

import attrs
import pytest

from helpers_positions import build, cards, refused, texts
from rummy500 import Aces, Card, CardValues, Layoff, Meld, Phase, RuleConfig
from rummy500.melds.check import meld_cards_problem

STANDARD = RuleConfig()
#: The online game's house rule: "runs allowed past the king ... jack-queen-king-ace-two".
WRAP = RuleConfig(wrap_around=True)
#: Persian Rummy's aces: only above the king.
HIGH_ONLY = RuleConfig(aces=Aces.HIGH_ONLY)
#: The online game: "Lay down a meld that continues one already on the table ... joined".
JOIN = RuleConfig(join_melds=True)
JOIN_WRAP = RuleConfig(join_melds=True, wrap_around=True)


# -- "runs may pass through the ace (J-Q-K-A-2), each rank at most once" -----------------------


@pytest.mark.parametrize(
    ("meld", "low", "high"),
    [
        ("KS AS 2S", 13, 15),
        ("JS QS KS AS 2S", 11, 15),
        ("QS KS AS 2S 3S", 12, 16),
        ("AS 2S 3S", 1, 3),
        ("QS KS AS", 12, 14),
    ],
)
def test_runs_may_pass_through_the_ace_with_wrap_around(meld: str, low: int, high: int) -> None:
    hand = "JS QS KS AS 2S 3S 9C 9D"
    move = Meld(cards(meld))
    wrapping = build(WRAP, [hand, None, None])
    assert move in wrapping.legal_moves()
    laid = wrapping.apply(move).table[0]
    assert (laid.low, laid.high) == (low, high)
    assert laid.cards == move.melded
    standard = build(STANDARD, [hand, None, None])
    if high <= 14:  # no wrapping needed
        assert move in standard.legal_moves()
    else:
        refused(standard, f"meld {meld}", "round the corner")


def test_a_wrapping_run_holds_each_rank_at_most_once() -> None:
    spades = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    state = build(WRAP, [f"{spades} 4C", None])
    thirteen = [m for m in state.legal_moves() if isinstance(m, Meld) and len(m.cards) == 13]
    # One 13-card run for each of the 13 ranks it can start from, none longer.
    assert len(thirteen) == 13
    assert {m.melded[0] for m in thirteen} == set(cards(spades))
    assert max(len(m.cards) for m in state.legal_moves()) == 13
    after = state.apply_text("meld 5S 6S 7S 8S 9S 10S JS QS KS AS 2S 3S 4S")
    assert (after.table[0].low, after.table[0].high) == (5, 17)
    # With two decks there is a second 7S, but a full run has no place for it.
    two_decks = build(WRAP, ["7S 9C 9D", None, None, None, None], table=[(spades, 1)])
    assert texts(two_decks, Layoff) == []
    refused(two_decks, "layoff 0 7S", "extend the run")
    assert meld_cards_problem(cards("QS KS AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS"), WRAP) is not None


def test_a_run_may_be_laid_off_across_the_ace() -> None:
    above = build(WRAP, ["AS 2S 9C 9D", None, None], table=[("JS QS KS", 1)])
    assert sorted(texts(above, Layoff)) == ["layoff 0 AS", "layoff 0 AS 2S"]
    grown = above.apply_text("layoff 0 AS").apply_text("layoff 0 2S").table[0]
    assert grown.cards == cards("JS QS KS AS 2S")
    assert (grown.low, grown.high) == (11, 15)
    assert grown.owners == (1, 1, 1, 0, 0)
    below = build(WRAP, ["AS KS 9C 9D", None, None], table=[("2S 3S 4S", 1)])
    low_ace = below.apply_text("layoff 0 AS").table[0]
    assert (low_ace.low, low_ace.high) == (1, 4)
    grown = below.apply_text("layoff 0 AS").apply_text("layoff 0 KS").table[0]
    assert grown.cards == cards("KS AS 2S 3S 4S")
    assert (grown.low, grown.high) == (13, 17)
    standard = build(STANDARD, ["AS KS 9C 9D", None, None], table=[("2S 3S 4S", 1)])
    refused(standard.apply_text("layoff 0 AS"), "layoff 0 KS", "extend the run")


@pytest.mark.parametrize(
    ("run", "card", "low_end", "high_end"),
    [
        ("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "AS", (1, 13), (2, 14)),
        ("5S 6S 7S 8S 9S 10S JS QS KS AS 2S 3S", "4S", (4, 16), (5, 17)),
    ],
)
def test_a_card_that_fits_either_end_of_a_12_card_wrapping_run_says_high_for_the_top(
    run: str, card: str, low_end: tuple[int, int], high_end: tuple[int, int]
) -> None:
    state = build(WRAP, [f"{card} 9C 9D", None, None], table=[(run, 1)])
    assert texts(state, Layoff) == [f"layoff 0 {card}", f"layoff 0 {card} high"]
    low = state.apply_text(f"layoff 0 {card}").table[0]
    high = state.apply_text(f"layoff 0 {card} high").table[0]
    assert ((low.low, low.high), low.cards[0]) == (low_end, Card(card))
    assert ((high.low, high.high), high.cards[-1]) == (high_end, Card(card))


def test_high_is_refused_for_a_card_that_fits_only_one_end() -> None:
    state = build(WRAP, ["AS 9C 9D", None, None], table=[("JS QS KS", 1)])
    assert texts(state, Layoff) == ["layoff 0 AS"]
    refused(state, "layoff 0 AS high", "either end")


@pytest.mark.parametrize(
    ("values", "scores"),
    [
        # K-A-2: the ace in the middle at its plain value; Q-K-A high; A-2-3 low.
        (CardValues.traditional(), (10 + 15 + 2, 10 + 10 + 15 - 4, 1 + 2 + 3 - 5)),
        (CardValues.ace_to_nine_five(), (10 + 5 + 5, 10 + 10 + 15 - 5, 5 + 5 + 5 - 5)),
        (CardValues.flat(5, None), (10 + 5 + 2, 10 + 10 + 5 - 4, 5 + 2 + 3 - 5)),
    ],
    ids=["traditional", "ace-to-nine-five", "flat-5"],
)
def test_an_ace_in_the_middle_of_a_run_counts_its_plain_value(
    values: CardValues, scores: tuple[int, int, int]
) -> None:
    config = attrs.evolve(WRAP, card_values=values)
    state = build(
        config,
        ["KS AS 2S 9C", "4C", "5C"],
        table=[("QH KH AH", 1), ("AD 2D 3D", 2)],
    )
    over = state.apply_text("meld KS AS 2S").apply_text("discard 9C")
    assert over.phase is Phase.HAND_OVER
    assert over.table[2].cards == cards("KS AS 2S")
    assert over.history[-1] == scores


def test_without_wrap_around_a_run_cannot_go_round_the_corner() -> None:
    state = build(STANDARD, ["KS AS 2S 3S 2H 9C 9D", None, None], table=[("QH KH AH", 1)])
    refused(state, "meld KS AS 2S", "round the corner")
    refused(state, "layoff 0 2H", "extend the run")
    assert texts(state, Layoff) == []


# -- Aces.HIGH_ONLY ------------------------------------------------------------------------


def test_an_ace_only_high_allows_q_k_a_and_refuses_a_2_3() -> None:
    state = build(HIGH_ONLY, ["AS 2S 3S QS KS AC AD 9D", None, None])
    refused(state, "meld AS 2S 3S", "only high")
    assert texts(state, Meld) == ["meld AC AD AS", "meld QS KS AS"]
    laid = state.apply_text("meld QS KS AS").table[0]
    assert (laid.low, laid.high) == (12, 14)
    table = build(HIGH_ONLY, ["AS 9C 9D", None, None], table=[("2S 3S 4S", 1), ("JS QS KS", 2)])
    refused(table, "layoff 0 AS", "extend the run")
    assert texts(table, Layoff) == ["layoff 1 AS"]
    # On a run of 2 to K the ace has only one place, so no 'high' is needed or offered.
    full = build(
        HIGH_ONLY, ["AS 9C 9D", None, None], table=[("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", 1)]
    )
    assert texts(full, Layoff) == ["layoff 0 AS"]
    assert full.apply_text("layoff 0 AS").table[0].high == 14
    standard = build(STANDARD, ["AS 9C 9D", None, None], table=[("2S 3S 4S", 1)])
    assert texts(standard, Layoff) == ["layoff 0 AS"]


# -- "Several cards can be laid off at once, as long as they and the meld together make one meld"


def test_several_cards_laid_off_at_once_must_form_one_meld_with_it() -> None:
    state = build(
        STANDARD, ["4S 8S 9S 10S 2H 2C", None, None], table=[("5S 6S 7S", 1), ("9C 9D 9H", 2)]
    )
    offered = set(texts(state, Layoff))
    assert {
        "layoff 0 4S 8S",
        "layoff 0 8S 9S",
        "layoff 0 8S 9S 10S",
        "layoff 0 4S 8S 9S",
    } <= offered
    refused(state, "layoff 0 8S 10S", "extend the run")
    refused(state, "layoff 0 9S", "extend the run")
    refused(state, "layoff 0 4S 2H", "run's suit")
    after = state.apply_text("layoff 0 4S 8S 9S")
    assert after.table[0].cards == cards("4S 5S 6S 7S 8S 9S")
    assert after.table[0].owners == (0, 1, 1, 1, 0, 0)
    across = build(WRAP, ["AS 2S 9C 9D", None, None], table=[("JS QS KS", 1)])
    assert across.apply_text("layoff 0 AS 2S").table[0].cards == cards("JS QS KS AS 2S")
    refused(
        build(STANDARD, ["AS 2S 9C 9D", None, None], table=[("JS QS KS", 1)]),
        "layoff 0 AS 2S",
        "extend the run",
    )


# -- join_melds: "a new meld that continues one already on the table may be joined into it" -----


def test_a_new_run_that_continues_a_table_run_is_joined_into_it() -> None:
    state = build(JOIN, ["8S 9S 10S 2S 3S 4S 9C 9D", None, None], table=[("5S 6S 7S", 1)])
    above = state.apply_text("meld 8S 9S 10S")
    assert len(above.table) == 1
    assert above.table[0].cards == cards("5S 6S 7S 8S 9S 10S")
    assert above.table[0].owners == (1, 1, 1, 0, 0, 0)
    both = above.apply_text("meld 2S 3S 4S")
    assert len(both.table) == 1
    assert both.table[0].cards == cards("2S 3S 4S 5S 6S 7S 8S 9S 10S")
    assert both.table[0].owners == (0, 0, 0, 1, 1, 1, 0, 0, 0)
    assert (both.table[0].low, both.table[0].high) == (2, 10)
    # Without join_melds the new run stays a meld of its own.
    apart = build(STANDARD, ["8S 9S 10S 2S 3S 4S 9C 9D", None, None], table=[("5S 6S 7S", 1)])
    after = apart.apply_text("meld 8S 9S 10S")
    assert [m.cards for m in after.table] == [cards("5S 6S 7S"), cards("8S 9S 10S")]


@pytest.mark.parametrize("join", [False, True])
def test_each_joined_card_still_scores_for_whoever_put_it_there(join: bool) -> None:
    config = attrs.evolve(STANDARD, join_melds=join)
    state = build(config, ["8S 9S 10S 9C", "2D", "3D"], table=[("5S 6S 7S", 1)])
    over = state.apply_text("meld 8S 9S 10S").apply_text("discard 9C")
    assert len(over.table) == (1 if join else 2)
    assert over.history[-1] == (8 + 9 + 10, 5 + 6 + 7 - 2, -3)


def test_a_joined_run_is_extended_by_later_lay_offs_as_one_meld() -> None:
    state = build(JOIN, ["8S 9S 10S JS 9C 9D", None, None], table=[("5S 6S 7S", 1)])
    after = state.apply_text("meld 8S 9S 10S")
    assert texts(after, Layoff) == ["layoff 0 JS"]
    grown = after.apply_text("layoff 0 JS").table[0]
    assert grown.cards == cards("5S 6S 7S 8S 9S 10S JS")
    assert grown.owners == (1, 1, 1, 0, 0, 0, 0)


def test_a_new_run_joins_across_the_ace_with_wrap_around() -> None:
    state = build(JOIN_WRAP, ["AS 2S 3S 9C", None, None], table=[("JS QS KS", 1)])
    joined = state.apply_text("meld AS 2S 3S").table
    assert len(joined) == 1
    assert joined[0].cards == cards("JS QS KS AS 2S 3S")
    assert (joined[0].low, joined[0].high) == (11, 16)
    below = build(JOIN_WRAP, ["JS QS KS 9C", None, None], table=[("AS 2S 3S", 1)])
    joined = below.apply_text("meld JS QS KS").table
    assert joined[0].cards == cards("JS QS KS AS 2S 3S")
    assert joined[0].owners == (0, 0, 0, 1, 1, 1)
    # Without wrap-around, J-Q-K and A-2-3 do not continue each other.
    apart = build(JOIN, ["AS 2S 3S 9C", None, None], table=[("JS QS KS", 1)])
    assert len(apart.apply_text("meld AS 2S 3S").table) == 2


def test_a_run_is_not_joined_when_the_joined_run_would_not_be_a_run() -> None:
    # Two decks: A-7 and 8-A are both runs, but A to A is 14 cards, with or without wrapping.
    hand = "8S 9S 10S JS QS KS AS 9C"
    for config in (JOIN, JOIN_WRAP):
        state = build(config, [hand, None, None, None, None], table=[("AS 2S 3S 4S 5S 6S 7S", 1)])
        after = state.apply_text("meld 8S 9S 10S JS QS KS AS")
        assert len(after.table) == 2
    # One card fewer, and the 13-card run is joined.
    state = build(JOIN_WRAP, [hand, None, None, None, None], table=[("AS 2S 3S 4S 5S 6S 7S", 1)])
    after = state.apply_text("meld 8S 9S 10S JS QS KS")
    assert len(after.table) == 1
    assert len(after.table[0].cards) == 13


def test_a_run_is_not_joined_when_the_joker_limit_would_be_broken() -> None:
    one = RuleConfig(join_melds=True, jokers_per_deck=2)
    state = build(one, ["8S JK 10S 9C", None, None], table=[("5S JK=6S 7S", 1)])
    apart = state.apply_text("meld 8S JK=9S 10S").table
    assert [m.cards for m in apart] == [cards("5S JK=6S 7S"), cards("8S JK=9S 10S")]
    two = attrs.evolve(one, max_jokers_per_meld=2)
    state = build(two, ["8S JK 10S 9C", None, None], table=[("5S JK=6S 7S", 1)])
    joined = state.apply_text("meld 8S JK=9S 10S").table
    assert [m.cards for m in joined] == [cards("5S JK=6S 7S 8S JK=9S 10S")]
    assert joined[0].jokers == 2


def test_a_run_filling_the_gap_between_two_runs_joins_both_into_one() -> None:
    state = build(JOIN, ["5S 6S 7S 9C", None, None], table=[("2S 3S 4S", 1), ("8S 9S 10S", 2)])
    after = state.apply_text("meld 5S 6S 7S").table
    assert [m.cards for m in after] == [cards("2S 3S 4S 5S 6S 7S 8S 9S 10S")]
    assert after[0].owners == (1, 1, 1, 0, 0, 0, 2, 2, 2)
    swapped = build(JOIN, ["5S 6S 7S 9C", None, None], table=[("8S 9S 10S", 2), ("2S 3S 4S", 1)])
    after = swapped.apply_text("meld 5S 6S 7S").table
    assert [m.cards for m in after] == [cards("2S 3S 4S 5S 6S 7S 8S 9S 10S")]
    assert after[0].owners == (1, 1, 1, 0, 0, 0, 2, 2, 2)


def test_a_joined_run_takes_the_place_of_the_first_run_it_continues() -> None:
    table = [("KH KD KC", 1), ("8S 9S 10S", 2), ("QD QC QH", 1), ("2S 3S 4S", 1)]
    state = build(JOIN, ["5S 6S 7S 9C", None, None], table=table)
    after = state.apply_text("meld 5S 6S 7S").table
    assert [m.cards for m in after] == [
        cards("KC KD KH"),
        cards("2S 3S 4S 5S 6S 7S 8S 9S 10S"),
        cards("QC QD QH"),
    ]


def test_a_lay_off_extends_only_the_meld_it_names_and_sets_never_join() -> None:
    state = build(JOIN, ["8S 9C 9D", None, None], table=[("5S 6S 7S", 1), ("9S 10S JS", 2)])
    after = state.apply_text("layoff 0 8S").table
    assert [m.cards for m in after] == [cards("5S 6S 7S 8S"), cards("9S 10S JS")]
    sets = build(JOIN, ["8S 8C 8D 9C", None, None, None, None], table=[("8C 8D 8H", 1)])
    after = sets.apply_text("meld 8C 8D 8S").table
    assert [m.cards for m in after] == [cards("8C 8D 8H"), cards("8C 8D 8S")]


@pytest.mark.parametrize(("config", "count"), [(STANDARD, 2), (WRAP, 13)])
def test_thirteen_cards_of_a_suit_make_13_card_runs_but_never_14(
    config: RuleConfig, count: int
) -> None:
    spades = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    state = build(config, [f"{spades} 4C", None])
    longest = [m for m in state.legal_moves() if isinstance(m, Meld) and len(m.cards) == 13]
    # Without wrapping: A-K and 2-A; the ace is never at both ends.
    assert len(longest) == count
    assert max(len(m.cards) for m in state.legal_moves()) == 13


@pytest.mark.parametrize("config", [STANDARD, WRAP])
def test_two_aces_cannot_both_go_on_a_run_of_2_to_k(config: RuleConfig) -> None:
    run = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    state = build(config, ["AS AS 9C", None, None, None, None], table=[(run, 1)])
    assert texts(state, Layoff) == ["layoff 0 AS", "layoff 0 AS high"]
    refused(state, "layoff 0 AS AS", "extend the run")
    # A second ace of spades on the pile cannot be laid off on 2-A either.
    full = build(
        config,
        ["9C 9D 4H 10H JC 3D KH", None, None, None, None],
        table=[(f"{run} AS", 1)],
        pile="AS",
        phase=Phase.DRAW,
    )
    assert [m.text(ascii=True) for m in full.legal_moves()] == ["draw"]
